"""The one catalogue: every scene (MP4) and figure (SVG) the project renders.

Module paths are strings so that listing the catalogue imports neither manim, matplotlib nor torch.
Each entry names the engine function that computes its record; the scene or figure draws that
record and the same record is exported as NAME.numbers.json (docs/design.md §2).
"""
from __future__ import annotations

import difflib

from studio.errors import UserError, clip
from studio.catalogue.entry import KINDS, Accepts, Entry, Param, _e  # noqa: F401 (what catalogue users import)
from studio.catalogue.params import ParamError  # noqa: F401

ENTRIES: tuple[Entry, ...] = (
    # --- positional encoding (seeds 001, 002) ---
    _e(
        "pe_clock", "scene", "scenes.pe_clock", "engine.positional:fingerprint",
        "Eight clock hands give every seat a fingerprint: the [32, 16] sinusoidal table, animated.",
        "八根快慢不同的指針替每個座位發一張指紋：[32, 16] 正餘弦位置編碼表，動畫呈現。",
        "八根快慢不同的指针给每个座位发一张指纹：[32, 16] 正余弦位置编码表，动画呈现。",
        "positional",
    ),
    _e(
        "pe_table", "figure", "figures.pe_table", "engine.positional:fingerprint",
        "The [32, 16] fingerprint table as a heatmap, colour scale fixed at ±1.",
        "[32, 16] 指紋表熱圖，色階固定在 ±1。",
        "[32, 16] 指纹表热图，色阶固定在 ±1。",
        "positional",
    ),
    # --- more positional entries ---
    _e(
        "pe_distance", "figure", "figures.pe_distance", "engine.pe_geometry:distance_profile",
        "Distances between the 32 fingerprints as a 32 × 32 matrix: 1.0147 for all adjacent pairs, "
        "3.5091 at gap 28 (four pairs tie).",
        "32 張指紋兩兩之間的距離，32 × 32 矩陣：相鄰座位全是 1.0147，相隔 28 時最大 3.5091（四對並列）。",
        "32 张指纹两两之间的距离，32 × 32 矩阵：相邻座位全是 1.0147，相隔 28 时最大 3.5091（四对并列）。",
        "positional",
    ),
    _e(
        "pe_angles", "figure", "figures.pe_angles", "engine.pe_geometry:angle_table",
        "The hand-angle table: starts 2→5, 11→14, 28→31 give identical rows; one seat turns the fastest "
        "hand 1 rad = 57.2958°.",
        "指針夾角表：起點 2→5、11→14、28→31 每一列完全相同；最快的指針每個座位轉 1 弧度 = 57.2958°。",
        "指针夹角表：起点 2→5、11→14、28→31 每一行完全相同；最快的指针每个座位转 1 弧度 = 57.2958°。",
        "positional",
    ),
    _e(
        "pe_waves", "figure", "figures.pe_waves", "engine.pe_waves:wave_samples",
        "d_model = 8: the four frequency pairs (denominators 1, 10, 100, 1000) as waves over position, "
        "each read at position 3.",
        "d_model = 8：四組頻率（分母 1、10、100、1000）沿位置畫成的波，各在位置 3 讀值。",
        "d_model = 8：四组频率（分母 1、10、100、1000）沿位置画成的波，各在位置 3 读值。",
        "positional",
    ),
    _e(
        "pe_dot_distance", "figure", "figures.pe_dot_distance", "engine.pe_waves:dot_distance",
        "PE(p)·PE(p+k) = Σ cos(k/Dᵢ): the four-step derivation and the same curve for every start p.",
        "PE(p)·PE(p+k) = Σ cos(k/Dᵢ)：四步推導，以及每個起點 p 都落在同一條曲線上。",
        "PE(p)·PE(p+k) = Σ cos(k/Dᵢ)：四步推导，以及每个起点 p 都落在同一条曲线上。",
        "positional",
    ),
    _e(
        "pe_combine", "figure", "figures.pe_combine", "engine.costs:combine_costs",
        "Add vs concatenate: widths 512 → 1,024 and 3,584 → 7,168, and the weights of the projection "
        "that reads the input.",
        "相加還是拼接：寬度 512 → 1,024、3,584 → 7,168，以及讀取輸入的投影矩陣的權重數。",
        "相加还是拼接：宽度 512 → 1,024、3,584 → 7,168，以及读取输入的投影矩阵的权重数。",
        "positional",
    ),
    _e(
        "seq_number_problems", "figure", "figures.seq_number_problems", "engine.pe_waves:seq_number_problems",
        "Why P_i = [i, …, i] fails, problem 1: its values grow without bound, sin/cos stay within ±1.",
        "為什麼 P_i = [i, …, i] 不行之一：數值沒有上限，正餘弦編碼不超過 ±1。",
        "为什么 P_i = [i, …, i] 不行之一：数值没有上限，正余弦编码不超过 ±1。",
        "positional",
    ),
    _e(
        "rnn_vs_attention", "figure", "figures.rnn_vs_attention", "engine.costs:rnn_vs_attention",
        "An RNN's serial chain (N steps) vs self-attention's all-pairs matrix (N² pairs, one parallel step).",
        "RNN 的串行鏈（N 步）對照自注意力的全配對矩陣（N² 個配對，一個並行步驟）。",
        "RNN 的串行链（N 步）对照自注意力的全配对矩阵（N² 个配对，一个并行步骤）。",
        "positional",
    ),
    _e(
        "attention_cost", "figure", "figures.attention_cost", "engine.costs:attention_cost",
        "The T² score table vs the linear position table: from 1,024 to 32,768 tokens the scores grow "
        "1,024×, the positions 32×.",
        "T² 的分數表對照線性成長的位置表：從 1,024 到 32,768 個 token，分數表漲 1,024 倍，位置表漲 32 倍。",
        "T² 的分数表对照线性增长的位置表：从 1,024 到 32,768 个 token，分数表涨 1,024 倍，位置表涨 32 倍。",
        "positional",
    ),
    _e(
        "permutation", "scene", "scenes.permutation", "engine.attention:permutation_demo",
        "十五 vs 五十, dog bites man vs man bites dog: the same bag of vectors, the score table only permuted.",
        "「十五」和「五十」、dog bites man 和 man bites dog：同一袋向量，分數表只是換了列與行，數值一個不變。",
        "「十五」和「五十」、dog bites man 和 man bites dog：同一袋向量，分数表只是换了行与列，数值一个不变。",
        "positional",
    ),
    _e(
        "permutation_fig", "figure", "figures.permutation_fig", "engine.attention:permutation_demo",
        "Both orders' score tables side by side: the same numbers, rows and columns swapped (S_b = P S_a Pᵀ).",
        "兩種語序的分數表並排：數值相同，只是列與行對調（S_b = P S_a Pᵀ）。",
        "两种语序的分数表并排：数值相同，只是行与列对调（S_b = P S_a Pᵀ）。",
        "positional",
    ),
    _e(
        "naive_position", "scene", "scenes.naive_position", "engine.naive:naive_position",
        "Adding the seat number: (E+p)·(E′+q) as four bars on one scale; the p·q·d term swamps the words.",
        "直接加上座位號：(E+p)·(E′+q) 拆成四根同一刻度的長條，p·q·d 一項淹沒了字的內容。",
        "直接加上座位号：(E+p)·(E′+q) 拆成四根同一刻度的长条，p·q·d 一项淹没了字的内容。",
        "positional",
    ),
    _e(
        "naive_position_fig", "figure", "figures.naive_position_fig", "engine.naive:naive_position",
        "The four terms of (E+p)·(E′+q) for chosen seats, and how p·q·d outgrows the content term.",
        "(E+p)·(E′+q) 的四項在幾組座位上的大小，以及 p·q·d 如何遠遠超過內容項。",
        "(E+p)·(E′+q) 的四项在几组座位上的大小，以及 p·q·d 如何远远超过内容项。",
        "positional",
    ),
    _e(
        "rope_rotation", "scene", "scenes.rope_rotation", "engine.rope:rope_lesson",
        "RoPE: q and k cut into 2-D planes and rotated by their positions; the score depends only on m − n.",
        "RoPE：把 q、k 切成二維平面，按位置旋轉；分數只取決於 m − n。",
        "RoPE：把 q、k 切成二维平面，按位置旋转；分数只取决于 m − n。",
        "positional",
    ),
    # --- worked examples (seeds 000, 003) ---
    _e(
        "attention_heatmap", "scene", "scenes.attention_heatmap", "engine.toy:attention_lesson",
        "Causal attention on 'The cat sat on the', animated: scores, × on the future, row softmax, x as a weighted sum.",
        "「The cat sat on the」的因果注意力動畫：分數、未來位置標 ×、逐列 softmax、x 是加權和。",
        "「The cat sat on the」的因果注意力动画：分数、未来位置标 ×、逐行 softmax、x 是加权和。",
        "worked",
    ),
    _e(
        "prenorm_block", "scene", "scenes.prenorm_block", "engine.block:prenorm_lesson",
        "The Pre-LN block with positional encoding as a data path, step by step; swapping the two tokens "
        "only swaps the outputs when P = 0.",
        "加入位置編碼的 Pre-LN 區塊沿著資料路徑逐步計算；P = 0 時交換兩個詞元只會交換輸出。",
        "加入位置编码的 Pre-LN 区块沿着数据路径逐步计算；P = 0 时交换两个词元只会交换输出。",
        "worked",
    ),
    _e(
        "attention_heatmap_fig", "figure", "figures.attention_heatmap_fig", "engine.toy:attention_lesson",
        "Causal attention on 'The cat sat on the': weights with × on future cells, one of them computed step by step.",
        "「The cat sat on the」的因果注意力：權重表（未來位置標 ×），其中一格逐步算出。",
        "「The cat sat on the」的因果注意力：权重表（未来位置标 ×），其中一格逐步算出。",
        "worked",
    ),
    _e(
        "scores_wx", "figure", "figures.scores_wx", "engine.toy:output_scores",
        "W x = [4, 1, −1]: row-by-column dot products, and the rows of W as arrows with x.",
        "W x = [4, 1, −1]：列乘行的內積，以及把 W 的各列畫成箭頭與 x 比較角度。",
        "W x = [4, 1, −1]：行乘列的内积，以及把 W 的各行画成箭头与 x 比较角度。",
        "worked",
    ),
    _e(
        "toy_permutation", "figure", "figures.toy_permutation", "engine.toy:toy_permutation",
        "'The cat sat on the' and 'on sat cat the the' give the same context vector x, and why.",
        "「The cat sat on the」與「on sat cat the the」得到相同的上下文向量 x，以及原因。",
        "「The cat sat on the」与「on sat cat the the」得到相同的上下文向量 x，以及原因。",
        "worked",
    ),
    # --- depth and training (seed 004) ---
    _e(
        "signal_decay", "scene", "scenes.signal_decay", "engine.signal:signal_decay",
        "A 24-dim signal through 30 layers y = (s·W)·x as s sweeps 0.5 → 2.0: without LayerNorm it vanishes "
        "or explodes, with LayerNorm it stays level.",
        "24 維訊號穿過 30 層 y = (s·W)·x，s 從 0.5 掃到 2.0：沒有 LayerNorm 就消失或爆掉，加上 LayerNorm 維持水平。",
        "24 维信号穿过 30 层 y = (s·W)·x，s 从 0.5 扫到 2.0：没有 LayerNorm 就消失或爆掉，加上 LayerNorm 保持水平。",
        "depth",
    ),
    _e(
        "layernorm_steps", "scene", "scenes.layernorm_steps", "engine.norms:layernorm_example",
        "LayerNorm on a 2×6 layer output, step by step: mean and variance → centre → scale → check; "
        "the biased and the unbiased variance side by side.",
        "2×6 層輸出的 LayerNorm 逐步計算：平均與變異數 → 置中 → 縮放 → 驗收；有偏與不偏變異數並列。",
        "2×6 层输出的 LayerNorm 逐步计算：均值与方差 → 居中 → 缩放 → 验收；有偏与无偏方差并列。",
        "depth",
    ),
    _e(
        "backprop_small", "scene", "scenes.backprop_small", "engine.smallnet:small_net_step",
        "The 2-3-1 tanh net: forward, gradients flowing back, one update with lr 0.1; loss 0.603 → 0.278.",
        "2-3-1 的 tanh 小網路：前向、梯度往回流、以 lr 0.1 更新一次；loss 0.603 → 0.278。",
        "2-3-1 的 tanh 小网络：前向、梯度往回流、以 lr 0.1 更新一次；loss 0.603 → 0.278。",
        "depth",
    ),
    _e(
        "signal_decay_fig", "figure", "figures.signal_decay_fig", "engine.signal:signal_decay",
        "RMS of a 24-dim signal after each of 30 layers y = (s·W)·x, several s, log scale: without and with LayerNorm.",
        "24 維訊號穿過 30 層 y = (s·W)·x 後每層的 RMS（對數刻度，多個 s）：沒有與加上 LayerNorm 對照。",
        "24 维信号穿过 30 层 y = (s·W)·x 后每层的 RMS（对数刻度，多个 s）：没有与加上 LayerNorm 对照。",
        "depth",
    ),
    _e(
        "gelu_relu", "figure", "figures.gelu_relu", "engine.norms:gelu_relu",
        "GELU (tanh approximation and exact) vs ReLU, and how many of 24 drifting neurons ReLU kills.",
        "GELU（tanh 近似與精確式）對照 ReLU，以及 24 個漂移的神經元裡 ReLU 讓幾個死掉。",
        "GELU（tanh 近似与精确式）对照 ReLU，以及 24 个漂移的神经元里 ReLU 让几个死掉。",
        "depth",
    ),
    _e(
        "loss_curves", "figure", "figures.loss_curves", "engine.training:loss_curves",
        "300 real training steps of one 6-layer net from s = 0.3, s = 3.0 and s = 3.0 + LayerNorm: stuck, NaN, learns.",
        "同一個 6 層網路從 s = 0.3、s = 3.0、s = 3.0 + LayerNorm 出發，真實訓練 300 步：卡住、NaN、順利下降。",
        "同一个 6 层网络从 s = 0.3、s = 3.0、s = 3.0 + LayerNorm 出发，真实训练 300 步：卡住、NaN、顺利下降。",
        "depth",
    ),
    _e(
        "shortcut_gradients", "figure", "figures.shortcut_gradients", "engine.training:shortcut_gradients",
        "A 5-layer net: mean |gradient| of each layer's weight without and with shortcut connections.",
        "一個 5 層網路：有無捷徑連接時，各層權重的平均 |梯度|。",
        "一个 5 层网络：有无捷径连接时，各层权重的平均 |梯度|。",
        "depth",
    ),
    _e(
        "param_count", "figure", "figures.param_count", "engine.gpt2:gpt2_sizes",
        "GPT-2 parameters part by part, 163M untied vs 124M tied, float32 size in MiB and MB.",
        "GPT-2 參數逐項拆解：不綁 163M 與綁定 124M、float32 大小（MiB 與 MB）。",
        "GPT-2 参数逐项拆解：不绑 163M 与绑定 124M、float32 大小（MiB 与 MB）。",
        "depth",
    ),
    _e(
        "ffn_shapes", "figure", "figures.ffn_shapes", "engine.ffn:ffn_shapes",
        "The FeedForward's shape flow 768 → 3072 → 768 with the parameters of each Linear.",
        "FeedForward 的形狀變化 768 → 3072 → 768，以及每個 Linear 的參數量。",
        "FeedForward 的形状变化 768 → 3072 → 768，以及每个 Linear 的参数量。",
        "depth",
    ),
    _e(
        "causal_mask", "figure", "figures.causal_mask", "engine.causal:causal_mask_table",
        "The 4-token causal mask: what each position may see, and the next token it is trained to predict.",
        "4 個 token 的 causal mask：每個位置看得到什麼，以及它被訓練去預測的下一個字。",
        "4 个 token 的 causal mask：每个位置看得到什么，以及它被训练去预测的下一个词。",
        "depth",
    ),
)

TOPICS = {
    "positional": {"en": "Positional encoding", "zh-Hant": "位置編碼", "zh-Hans": "位置编码"},
    "worked": {"en": "Worked examples", "zh-Hant": "計算案例", "zh-Hans": "计算案例"},
    "depth": {"en": "Depth and training", "zh-Hant": "深度與訓練", "zh-Hans": "深度与训练"},
}

def _with_parts(entries) -> tuple:
    """ENTRIES with each split figure (studio.catalogue.split_figures) right after the one it follows."""
    from studio.catalogue.split_figures import PARTS

    out = list(entries)
    for after, row in PARTS:
        out.insert(next(k for k, e in enumerate(out) if e.name == after) + 1, _e(*row))
    return tuple(out)


ENTRIES = _with_parts(ENTRIES)
_BY_NAME = {e.name: e for e in ENTRIES}


def shared_record(entry) -> list[str]:
    """The other figures drawn from the same record as `entry` (engine function and parameters)."""
    return [e.name for e in ENTRIES if e.kind == "figure" == entry.kind and e.name != entry.name
            and e.data == entry.data and e.params == _BY_NAME.get(entry.name, entry).params]


def names() -> list[str]:
    return [e.name for e in ENTRIES]


def get(name: str) -> Entry:
    """The entry called `name`; an unknown name raises UserError naming the nearest ones."""
    try:
        return _BY_NAME[name]
    except KeyError:
        pass
    if name == "all":
        raise UserError("'all' is not one entry: name one here ('render.py list' shows them)")
    near = nearest(name)
    hint = f" Did you mean: {', '.join(near)}?" if near else ""
    raise UserError(f"unknown name {clip(name)!r}.{hint} ('render.py list' shows all)")


def nearest(name: str, n: int = 3) -> list[str]:
    close = difflib.get_close_matches(name, names(), n=n, cutoff=0.5)
    if not close:  # a fragment such as "clock" or "rope"
        close = [x for x in names() if name and name.lower() in x][:n]
    return close


def resolve(requested) -> list[Entry]:
    """Names (or 'all') to entries, in the order given, without repeats."""
    out: list[Entry] = []
    for name in requested:
        for e in ENTRIES if name == "all" else [get(name)]:
            if e not in out:
                out.append(e)
    return out
