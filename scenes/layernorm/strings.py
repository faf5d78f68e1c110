"""The words of layernorm_steps and the captions whose claims the record bears out.

`caption_args(record)` picks, for every caption, the wording the numbers support (a row of small
values is "stretched", ε makes the variance "just under 1", the output "is not 0 and 1") and fills
in its numbers from the record (engine.norms.LayerNormSteps); `captions(record, lang)` formats them.
"""
from __future__ import annotations

import numpy as np

from engine.layernorm_extra import residual_growth
from engine.norms import batch_contrast, row_shift
from look import fmt_num
from scenes.layernorm.columns import value_decimals
from scenes.layernorm.strings_hans import HANS

BATCH_FEATURE = 0  # the feature whose column (its bar in every row) the BatchNorm contrast brackets

STRINGS = {
    "en": {
        "title": "LayerNorm, step by step",
        "cap_batch_table": "The inputs as a table, a row per token. LayerNorm normalises along one row, its {n} features.",
        "cap_batch": "BatchNorm uses batch statistics in training mode. It normalises down a column instead.",
        "cap_batch_more": "A batch holds more tokens, from other sequences: here {m} more rows.",
        "cap_batch_col": "Each column gets its own μ and σ; feature {k}'s are μ = {m} and σ = {s}.",
        "cap_batch_out": "Row 0's output, same γ and β. LayerNorm uses its own row; BatchNorm uses the columns.",
        "cap_batch_out_chance": "Row 0's output, same γ and β. LayerNorm uses its own row; BatchNorm uses the columns. In {same} they match only by chance.",
        "cap_batch_move": "Now add {c} to row 1 only. Every column's μ and σ change: feature {k}'s to μ = {m}, σ = {s}.",
        "cap_batch_row0": "In training mode, row 0's BatchNorm output changed with them in {cols}: feature {k} from {a} to {b}. Its LayerNorm output stays the same.",
        "cap_batch_row0_but": "In training mode, row 0's BatchNorm output changed with them in every feature but {same}, whose only non-zero input is row 1's: feature {k} from {a} to {b}. Its LayerNorm output stays the same.",
        "col_mu": "column μ",
        "col_sigma": "column σ",
        "ln_out": "row 0 LayerNorm",
        "bn_out": "row 0 BatchNorm",
        "bn_before": "BatchNorm before",
        "row": "row {r}",
        "row_one": "one token, {n} features",
        "mean": "μ =",
        "variance": "σ² =",
        "var_now": "Var =",
        "feature": "f{k}",
        "aside": "Aside",
        "which_0": "Row 0",
        "which_one": "The row",
        "cap_input": "A layer's output: {r} tokens × {n} features, one row per token. LayerNorm normalises each "
                     "row on its own, over its {n} features. The bars round to {dec} decimals; μ and σ² are worked "
                     "out from the exact values.",
        "cap_residual": "Why normalise: every sublayer adds its output to the token's values. "
                        "Layer by layer they grow: RMS {a} at ℓ = 0, {b} at ℓ = {L}.",
        "cap_residual_flat": "Why normalise: every sublayer adds its output to the token's values, so their scale "
                             "drifts from layer to layer: RMS {a} at ℓ = 0, {b} at ℓ = {L}.",
        "cap_residual_ln": "In a Pre-LN Transformer block (GPT-2 and later), LayerNorm sits at the input of every "
                           "attention and feed-forward sublayer: before γ and β, each copy is at RMS {one}.",
        "cap_residual_ln_eps": "In a Pre-LN Transformer block (GPT-2 and later), LayerNorm sits at the input of every attention and "
                               "feed-forward sublayer: with this large ε its copies reach RMS {lo} to {hi}.",
        "layer": "ℓ = {l}",
        "rms": "RMS {v}",
        "cap_input_one": "One token's output: {n} features, {n} bars. LayerNorm normalises them together.",
        "cap_mean": "Step 1: each row's mean μ (dashed line).",
        "cap_spread": "Its square root is the spread, σ = {s}: the band μ ± σ.",
        "cap_var": "Each distance from μ, squared: one square per bar, enlarged.",
        "cap_aside": "Aside: nn.LayerNorm uses this population variance, ÷ n, with ε.",
        "cap_centre": "Step 2: subtract μ.",
        "cap_drop": "Within a row, every bar drops by that row's μ: the mean becomes 0, the variance does not change.",
        "cap_zoom": "The axis zooms out to make room; the values stay the same.",
        "cap_scale": "Step 3: divide every value in the row by the square root of (σ² + ε).",
        "cap_eps": "ε guards against σ² ≈ 0.",
        "cap_eps_zero": "Here ε = 0: a row with σ² = 0 would be divided by 0.",
        "cap_band": "The band becomes nearly ±1: a row of small values is stretched to unit scale.",
        "cap_band_shrink": "The band becomes nearly ±1: a row of large values is shrunk to unit scale.",
        "cap_band_both": "The band becomes nearly ±1: small rows are stretched, large ones shrunk.",
        "cap_band_eps": "Where ε is not small next to σ², the band stays inside ±1.",
        "cap_past": "The band is μ ± σ, not a limit: single values can pass ±1, like row {r}'s f{k} = {v}.",
        "cap_check": "{which} now: μ = {m}. The variance after dividing: Var = {v}, just under 1 because of ε.",
        "cap_check_exact": "{which} now: μ = {m}. The variance after dividing: Var = {v}, exactly 1, since ε = 0.",
        "cap_check_negligible": "{which} now: μ = {m}. The variance after dividing: Var = {v}; ε is negligible next to σ².",
        "cap_check_large": "{which} now: μ = {m}. The variance after dividing: Var = {v}, well under 1, because ε is large next to σ².",
        "cap_sum": "{which}: the squares add up to {s} = {n}σ².",
        "cap_sum_var": "So σ² = {v}, their mean.",
        "cap_promise": "Before γ and β, every row has mean 0, variance just under 1 if σ² ≫ ε.",
        "cap_promise_exact": "LayerNorm guarantees only this: before γ and β, each row has mean 0, variance 1.",
        "cap_promise_large": "Before γ and β, every row has mean 0; its variance nears 1 only where ε is small next to σ².",
        "cap_gamma": "Step 4: multiply by γ, one per feature.",
        "cap_beta": "Then add β, also one per feature.",
        "cap_learned": "γ, β here are chosen for illustration; training learns them from γ = 1, β = 0.",
        "cap_learned_one": "γ, β here are chosen for illustration; training learns them.",
        "cap_shared": "Every token shares the same γ and β: one pair per feature, for both rows.",
        "cap_shared_one": "Every token shares the same γ and β: one pair per feature.",
        "cap_result": "{which} now: μ = {m}, Var = {v}: not 0 and 1 any more.",
        "cap_result_plain": "{which} now: μ = {m}, Var = {v}.",
        "cap_why": "Each row is normalised with its own numbers only.",
        "cap_shift_in": "First check, shift invariance: row 1's input, plus {c} on every value.",
        "cap_shift_mean": "The line μ rose with the bars, to {m}.",
        "cap_shift_var": "The variance is still {v}, as row 1's was before the +{c}.",
        "before": "before +{c}: {v}",
        "cap_shift_centre": "Step 2 again: subtract μ.",
        "cap_shift_same": "The same centred bars as before: subtracting μ removes the +{c}.",
        "cap_shift_rest": "Then the same division, γ and β.",
        "cap_shift_out": "Row 1 gives the same output as before. LayerNorm discards each row's own offset and scale; γ and β put a learned one back. Second check, independence: row 1 changed, yet row 0 never moved.",
        "cap_conclusion": "So LayerNorm centres and rescales "
                          "each row with its own numbers only, then scales by γ and shifts by β. "
                          "Per token, it never looks at the batch, so it works the same at inference.",
        "shifted": "row 1 + {c}",
        "cap_shift_big": "Scale invariance: row 1 × {k} has σ = {s}. Unnormalised, it would reach the next layer {k} times as large as before. LayerNorm shrinks it back onto the same output: each row's own scale is discarded.",
        "times": "row 1 × {k}: σ = {s}",
        "big_row": "row 1 × {k}",
    },
    "zh-Hant": {
        "title": "LayerNorm，一步一步做",
        "cap_batch_table": "同樣的輸入排成表格，每個詞元一列。LayerNorm 沿著一列，正規化它的 {n} 個特徵。",
        "cap_batch": "BatchNorm 則不同：訓練模式下它用批次統計量。它沿著一行往下，正規化同一個特徵。",
        "cap_batch_more": "一個批次還有其他序列的詞元：這裡多加 {m} 列。",
        "cap_batch_col": "每一行有自己的 μ 和 σ。特徵 {k} 的 μ = {m}，σ = {s}。",
        "cap_batch_out": "第 0 列的兩種輸出，γ、β 相同。LayerNorm 只看這一列，BatchNorm 看每一行。",
        "cap_batch_out_chance": "第 0 列的兩種輸出，γ、β 相同。LayerNorm 只看這一列，BatchNorm 看每一行。{same} 兩者相同只是巧合。",
        "cap_batch_move": "現在只給第 1 列加 {c}。每一行的 μ、σ 都跟著變。特徵 {k} 變成 μ = {m}，σ = {s}。",
        "cap_batch_row0": "BatchNorm（訓練模式）：第 0 列的輸出在 {cols} 跟著變了。特徵 {k}：{a} 變成 {b}。LayerNorm 的輸出不變。",
        "cap_batch_row0_but": "BatchNorm（訓練模式）：第 0 列的輸出除了 {same} 都跟著變了；{same} 只有第 1 列不是 0。特徵 {k}：{a} 變成 {b}。LayerNorm 的輸出不變。",
        "col_mu": "每行的 μ",
        "col_sigma": "每行的 σ",
        "ln_out": "第 0 列 LayerNorm",
        "bn_out": "第 0 列 BatchNorm",
        "bn_before": "先前的 BatchNorm",
        "row": "第 {r} 列",
        "row_one": "一個詞元，{n} 個特徵",
        "mean": "μ =",
        "variance": "σ² =",
        "var_now": "Var =",
        "feature": "f{k}",
        "aside": "題外話",
        "which_0": "第 0 列",
        "which_one": "這一列",
        "cap_input": "這裡是某一層的輸出，共有 {r} 個詞元。每個詞元一列，各有 {n} 個特徵。LayerNorm 逐列正規化：每列只看自己的 {n} 個特徵。長條上的數字取到小數 {dec} 位；μ 和 σ² 用精確值計算。",
        "cap_residual": "為什麼要正規化：Transformer 的每個子層都把輸出加回詞元的數值。一層一層下來，均方根 從 {a} 長到 {b}。",
        "cap_residual_flat": "為什麼要正規化：Transformer 的每個子層都把輸出加回詞元的數值。尺度一層一層跟著飄移：均方根 從 {a} 變成 {b}。",
        "cap_residual_ln": "在 Pre-LN 的 Transformer 區塊裡，LayerNorm 放在每個注意力和前饋子層的輸入端：乘 γ、加 β 之前，子層讀到的副本 均方根 都是 {one}。",
        "cap_residual_ln_eps": "在 Pre-LN 的 Transformer 區塊裡，LayerNorm 放在每個注意力和前饋子層的輸入端：ε 這麼大，副本的 均方根 只在 {lo} 到 {hi} 之間。",
        "layer": "ℓ = {l}",
        "rms": "均方根 {v}",
        "cap_input_one": "一個詞元的輸出：{n} 個特徵。畫成 {n} 根長條。LayerNorm 一併正規化。",
        "cap_mean": "第 1 步：平均值 μ，畫成虛線。",
        "cap_spread": "開平方得到 σ = {s}：μ ± σ 的色帶。",
        "cap_var": "每根長條到 μ 的距離取平方：一根一個正方形，放大來畫。",
        "cap_aside": "題外話：母體變異數除以 n。nn.LayerNorm 這樣算，再加上 ε。",
        "cap_centre": "第 2 步：減去 μ。",
        "cap_drop": "同一列的長條都降低該列的 μ。平均值變成 0，變異數不變。",
        "cap_zoom": "座標軸先拉遠，為第 3 步留出空間；數值不變。",
        "cap_scale": "第 3 步：除以 (σ² + ε) 的平方根。",
        "cap_eps": "ε 防止 σ² ≈ 0 時除以 0。",
        "cap_eps_zero": "這裡的 ε 等於 0。σ² = 0 的列就會除以 0。",
        "cap_band": "色帶變成幾乎 ±1：很小的數值被拉到單位尺度。",
        "cap_band_shrink": "色帶變成幾乎 ±1。很大的數值被壓回單位尺度。",
        "cap_band_both": "色帶變成幾乎 ±1。小的列拉大，大的列壓小。",
        "cap_band_eps": "ε 相對 σ² 不算小。所以色帶停在 ±1 以內。",
        "cap_past": "色帶是 μ ± σ，不是上下限：個別數值可以超過 ±1，例如第 {r} 列的 f{k} = {v}。",
        "cap_check": "{which}現在 μ = {m}。相除後的變異數 Var = {v}，因 ε 而略小於 1。",
        "cap_check_exact": "{which}μ = {m}。相除後的變異數 Var = {v}：剛好是 1。因為這裡 ε = 0。",
        "cap_check_negligible": "{which}μ = {m}。相除後的變異數 Var = {v}。ε 和 σ² 比起來微不足道。",
        "cap_check_large": "{which}μ = {m}。相除後的變異數 Var = {v}：遠小於 1。因為 ε 比 σ² 大得多。",
        "cap_sum": "{which}的正方形加起來是 {s} = {n}σ²。",
        "cap_sum_var": "平均就是 σ² = {v}。",
        "cap_promise": "乘 γ、加 β 之前，每一列平均值都是 0。在 σ² 遠大於 ε 的列，變異數略小於 1。",
        "cap_promise_exact": "LayerNorm 只保證這件事：乘 γ、加 β 之前，每一列平均值 0、變異數 1。",
        "cap_promise_large": "乘 γ、加 β 之前，每一列平均值都是 0。變異數只有在 ε 遠小於 σ² 時才接近 1。",
        "cap_gamma": "第 4 步：乘上 γ，每個特徵各一個值。",
        "cap_beta": "再加上 β，也是每個特徵一個值。",
        "cap_learned": "這裡的 γ、β 是為了說明而選的。訓練會學出它們，起點是 γ = 1 與 β = 0。",
        "cap_learned_one": "這裡的 γ、β 是為了說明而選的。訓練會學出它們。",
        "cap_shared": "每個詞元共用同一組 γ、β。每個特徵一對，兩列完全一樣。",
        "cap_shared_one": "每個詞元共用同一組 γ、β。每個特徵一對。",
        "cap_result": "{which}現在 μ = {m}。Var = {v}，不再是 0 和 1。",
        "cap_result_plain": "{which}最後 μ = {m}，Var = {v}。",
        "cap_why": "每一列只用自己的數字正規化。",
        "cap_shift_in": "第一個驗證，平移不變：取回第 1 列的輸入，每個值都加 {c}。",
        "cap_shift_mean": "虛線 μ 隨長條升高了：μ = {m}。",
        "cap_shift_var": "變異數仍是 {v}，加 {c} 不改變它。",
        "before": "加 {c} 之前：{v}",
        "cap_shift_centre": "再做一次第 2 步：減去 μ。",
        "cap_shift_same": "置中後的長條和先前一樣。減去 μ 時，多加的 {c} 就被減掉了。",
        "cap_shift_rest": "接著同樣相除，再乘 γ、加 β。",
        "cap_shift_out": "第 1 列的輸出和先前一樣。LayerNorm 丟掉每一列自己的偏移和尺度。γ、β 再補上學到的一組。第二個驗證：各列獨立。第 1 列變了，第 0 列卻完全沒動。",
        "shifted": "第 1 列 + {c}",
        "cap_shift_big": "尺度不變：第 1 列 × {k} 時 σ = {s}。不做正規化，它會以 {k} 倍大小進入下一層。LayerNorm 把它縮回來：輸出和先前一樣，每一列自己的尺度被丟掉了。",
        "times": "第 1 列 × {k}：σ = {s}",
        "big_row": "第 1 列 × {k}",
        "cap_conclusion": "所以在 LayerNorm 中，每一列只用自己的數字正規化，再乘上 γ、加上 β。它逐詞元計算，不依賴批次，推論時也完全一樣。",
    },
    "zh-Hans": HANS,
}


def f4(v) -> str:
    """A mean or variance as the read-outs show it: 4 decimals."""
    return fmt_num(float(v), 4)


def f3(v) -> str:
    """An input value, a column's μ or σ, as step 1's tips and the BatchNorm table show them: 3 decimals."""
    return fmt_num(float(v), 3)


def caption_args(d) -> dict:
    """{moment: (string key, placeholders)}: which wording each caption uses and its numbers, every number
    read from the record (LayerNormSteps). A claim ("just under 1", "stretched", "not 0 and 1") is made
    only where the numbers bear it out; otherwise the caption says what they do show."""
    rows = d.out.shape[0]
    one = "_one" if rows == 1 else ""
    which = "which" + (one or "_0")
    if np.min(d.check_std_class) < 0.95:
        band = "cap_band_eps"  # ε is not small next to σ²: the band stays well inside ±1
    elif np.all(d.std_biased < 1):
        band = "cap_band"
    elif np.all(d.std_biased > 1):
        band = "cap_band_shrink"
    else:
        band = "cap_band_both"
    v0 = f4(d.check_var_class[0])
    if d.eps == 0:
        check = "cap_check_exact"
    elif v0 == f4(1.0):
        check = "cap_check_negligible"
    elif d.check_var_class[0] >= 0.9:
        check = "cap_check"
    else:
        check = "cap_check_large"
    # the guarantee, for every row: variance 1 exactly (ε = 0, or ε lost at 4 decimals), just under, or not near
    lowest = float(np.min(d.check_var_class))
    if d.eps == 0 or all(f4(v) == f4(1.0) for v in d.check_var_class):
        promise = "cap_promise_exact"
    elif lowest >= 0.9 and float(np.min(d.var_biased)) >= 100 * d.eps:  # every row's σ² much larger than ε
        promise = "cap_promise"
    else:
        promise = "cap_promise_large"
    m, v = f4(d.mean_affine[0]), f4(d.var_affine[0])
    moved = m != f4(0.0) and v != f4(1.0)  # "not 0 and 1" only when neither rounds to them
    return {
        "cap_input": ("cap_input" + one, {"r": rows, "n": d.n, "dec": value_decimals(d.out)}),
        **residual_args(d),
        "cap_mean": ("cap_mean", {}),
        "cap_spread": ("cap_spread", {"s": f4(d.std_biased[0])}),
        "cap_var": ("cap_var", {}),
        "cap_sum": ("cap_sum", {"which": which, "s": f4(d.sum_sq_dev[0]), "n": d.n}),
        "cap_sum_var": ("cap_sum_var", {"v": f4(d.var_biased[0])}),
        "cap_aside": ("cap_aside", {}),
        "cap_centre": ("cap_centre", {}),
        "cap_drop": ("cap_drop", {}),
        "cap_zoom": ("cap_zoom", {}),
        "cap_scale": ("cap_scale", {}),
        "cap_eps": ("cap_eps" if d.eps > 0 else "cap_eps_zero", {}),
        "cap_band": (band, {}),
        **past_args(d),
        "cap_check": (check, {"which": which, "m": f4(d.check_mean_class[0]), "v": v0}),
        "cap_promise": (promise, {}),
        "cap_gamma": ("cap_gamma", {}),
        "cap_beta": ("cap_beta", {}),
        "cap_learned": ("cap_learned" + one, {}),
        "cap_shared": ("cap_shared" + one, {}),
        "cap_result": ("cap_result" if moved else "cap_result_plain", {"which": which, "m": m, "v": v}),
        "cap_why": ("cap_why", {}),
        "cap_batch": ("cap_batch", {}),
        **shift_args(d),
        "cap_conclusion": ("cap_conclusion", {}),
    }


def residual_args(d) -> dict:
    """Why normalise (engine.layernorm_extra.residual_growth): the stream's RMS at the first and last layer, and the
    normalised copies' RMS, said once when every copy rounds to the same, else (a large ε) their range."""
    g = residual_growth(d)
    ones = {fmt_num(float(v), 2) for v in g.normed_rms}
    grows = bool(np.all(np.diff(g.rms) > 0))  # "layer by layer they grow" only where every layer is larger
    ends = {"a": fmt_num(float(g.rms[0]), 2), "b": fmt_num(float(g.rms[-1]), 2), "L": g.stream.shape[0] - 1}
    return {"cap_residual": ("cap_residual" if grows else "cap_residual_flat", ends),
            "cap_residual_ln": (("cap_residual_ln", {"one": ones.pop()}) if len(ones) == 1 else
                                ("cap_residual_ln_eps", {"lo": fmt_num(float(g.normed_rms.min()), 2),
                                                         "hi": fmt_num(float(g.normed_rms.max()), 2)}))}


def past_args(d) -> dict:
    """The value furthest from 0 after step 3, when it lies past ±1: its row, feature and tip number."""
    r, k = np.unravel_index(int(np.argmax(np.abs(d.scaled_class))), d.scaled_class.shape)
    v = float(d.scaled_class[r, k])
    if abs(v) <= 1.0:
        return {}
    return {"cap_past": ("cap_past", {"r": int(r), "k": int(k), "v": fmt_num(v, value_decimals(d.scaled_class))})}


BIG_FACTOR = 10  # row 1 × this: a large row, shrunk by the same steps to the same bars


def big_sigma(d) -> float:
    """σ of row 1 × BIG_FACTOR (biased, as LayerNorm takes it): BIG_FACTOR times row 1's own."""
    return float(np.std(BIG_FACTOR * d.out[1]))


def changed_features(b) -> str:
    """The features whose row-0 BatchNorm output changes at the table's 2 decimals when row 1 is shifted ("f0, f1,
    …"): a column whose only non-zero value is row 1's keeps row 0's output (0 stays −μ/σ = −1/√3 at any shift)."""
    return ", ".join(f"f{j}" for j, (a, z) in enumerate(zip(b.batch_out[0], b.batch_out_after[0]))
                     if fmt_num(float(a), 2) != fmt_num(float(z), 2))


def matching_features(b) -> str:
    """The features where row 0's LayerNorm and BatchNorm outputs agree at the table's 2 decimals ("f5"): a
    coincidence of these numbers, said as one so that it is not read as a rule; "" when none do."""
    return ", ".join(f"f{j}" for j, (a, z) in enumerate(zip(b.layer_out[0], b.batch_out[0]))
                     if fmt_num(float(a), 2) == fmt_num(float(z), 2))


def only_row1_kept(b) -> str:
    """The one feature whose row-0 BatchNorm output stays (at 2 decimals) when row 1 is shifted, when row 1 holds
    its column's only non-zero input (so row 0's value stays −μ/σ = −1/√3 at any shift): "f4"; "" otherwise (then
    the caption lists the changed features)."""
    kept = [j for j, (a, z) in enumerate(zip(b.batch_out[0], b.batch_out_after[0]))
            if fmt_num(float(a), 2) == fmt_num(float(z), 2)]
    if len(kept) != 1:
        return ""
    col = np.asarray(b.rows)[:, kept[0]]
    alone = col[1] != 0 and all(v == 0 for r, v in enumerate(col) if r != 1)
    return f"f{kept[0]}" if alone else ""


def shift_args(d) -> dict:
    """The per-token check's captions (two or more rows): row 1 shifted by engine.norms.SHIFT_EXAMPLE, its
    mean and (unchanged) variance as the read-out shows them, the variance said as the same as before the shift."""
    if d.out.shape[0] < 2:
        return {}
    r = row_shift(d)
    c = fmt_num(r.shift, 2)
    b = batch_contrast(d)  # the batch of four the table shows (scenes.layernorm.batch)
    k = BATCH_FEATURE
    moved = {"k": k, "a": fmt_num(float(b.batch_out[0][k]), 2), "b": fmt_num(float(b.batch_out_after[0][k]), 2)}
    return {"cap_shift_in": ("cap_shift_in", {"c": c}),
            "cap_shift_mean": ("cap_shift_mean", {"m": f4(r.mean[1])}),
            "cap_shift_var": ("cap_shift_var", {"v": f4(r.var[1]), "c": c}),
            "cap_shift_centre": ("cap_shift_centre", {}),
            "cap_shift_same": ("cap_shift_same", {"c": c}),
            "cap_shift_rest": ("cap_shift_rest", {}),
            "cap_shift_out": ("cap_shift_out", {}),
            "cap_shift_big": ("cap_shift_big", {"k": BIG_FACTOR, "s": f3(big_sigma(d))}),
            "cap_batch_table": ("cap_batch_table", {"n": d.n}),
            "cap_batch_more": ("cap_batch_more", {"m": b.rows.shape[0] - d.out.shape[0]}),
            "cap_batch_col": ("cap_batch_col", {"k": k, "m": f3(b.col_mean[k]), "s": f3(b.col_std[k])}),
            "cap_batch_out": (("cap_batch_out_chance", {"same": chance}) if (chance := matching_features(b))
                              else ("cap_batch_out", {})),
            "cap_batch_move": ("cap_batch_move", {"c": c, "k": k, "m": f3(b.col_mean_after[k]),
                                                  "s": f3(b.col_std_after[k])}),
            "cap_batch_row0": (("cap_batch_row0_but", {"same": same, **moved}) if (same := only_row1_kept(b))
                               else ("cap_batch_row0", {"cols": changed_features(b), **moved}))}


def captions(d, lang: str) -> dict:
    """Every caption of the scene in `lang`, as shown: {moment: text}."""
    table = STRINGS[lang]
    out = {}
    for moment, (key, fmt) in caption_args(d).items():
        fmt = {k: table[v] if k == "which" else v for k, v in fmt.items()}
        out[moment] = table[key].format(**fmt)
    return out
