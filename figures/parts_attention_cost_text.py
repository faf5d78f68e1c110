"""The words of attention_cost in English, Traditional and Simplified Chinese; figures.attention_cost draws with them."""
from __future__ import annotations

STRINGS = {
    "en": {
        "title": "One layer's score tables grow as T², one stored T × {d} table only as T",
        "length": "sequence length T (tokens, log scale)",
        "entries": "memory if stored (float32, 4 B a value; log scale)",
        "bytes": "\n× {b} B = {size}",
        "sub": "{name}, d_model = {d}, batch {B}, float32",
        "meet": "cross at T = {t}",
        "sub_pass": "; a pass: {k} tables ({L} layers × {H} heads)",
        "cap_why": " They meet at T = d_model / heads = {d} / {H} = {t}: there {H} · T² = T · {d}.",
        "sub_which": "; score tables counted as if stored whole",
        "scores": "{name}'s score tables of one layer: {heads}T × T",
        "positions": r"input activations, T × $d_{{\mathrm{{model}}}}$, {toy}width $d_{{\mathrm{{model}}}}$ = {d}",
        "end_scores": "score tables, {x}T × T\n{r}× from T = {short} to {long}",
        "end_positions": "input activations, T × {d}\n{r}× from T = {short} to {long}",
        "cap_formula": (" Every count and size here is computed from these formulas, not measured: no model was run "
                        "and no memory was read at any length, below {name}'s {rows} positions or past them."),
        "cap": ("Numbers one layer holds for a sequence of T tokens, both axes on log scales. The line with squares "
                "counts the attention score tables of one layer of {name}, one per head: {x}T × T numbers, activations computed anew "
                "for each sequence, not stored weights; a forward pass makes {k} tables ({L} layers × {H} heads). The position "
                "table is stored with the weights, one vector of d_model numbers per position, whatever the length; the line "
                "with hexagons counts one layer's input activations, T × d_model: a vector of d_model numbers per token, "
                "as wide as a row of that table; this example takes d_model = {d}. {growth}: the score tables grow {sr}×, one layer's input activations {pr}×; one score table in float32 "
                "(4 bytes a number) goes from {a} to {b}, the {k} of a forward pass from {pa} to {pb} if all are kept for the "
                "backward pass (no recomputation); fused attention kernels compute them tile by tile, never hold them whole "
                "and recompute them for the backward pass."),
        "cap_toy": " The two lines meet at T = {t}, {e} numbers each. That crossing only compares these two counts: "
                   "T × d_model is one table of activations, not all that a layer keeps for the backward pass "
                   "(its LayerNorm outputs, queries, keys, values and wider MLP activations too), so it is not where "
                   "attention starts to dominate a layer's memory.",
        "cap_points": " At T = {short}: {x}{ss} scores against {sp} activations stored; at T = {long}: {x}{ls} against {lp}.",
        "cap_growth": "From T = {short} to {long} ({lr}× longer)",
        "cap_real_item": "{name} (d_model = {d}) at T = {t}",
        "real": "{name}, T × {w} (thin), to {rows} tokens",
        "positions_own": "one layer's input activations, T × {w}",
        "cap_rows_own": (" {name}'s position table is learned, one row per position, and has {rows} rows: it stores "
                         "all of them, {stored} numbers, whatever T is, and a pass uses all of them only at T = {rows}, "
                         "the longest input it takes; past it both lines "
                         "are dashed: they count what a longer input would need, which this model never takes."),
        "rows_end": "{rows} rows",
        "cap_rows": (" {name}'s position table is learned, one row per position, and has {rows} rows: its thin "
                     "line stops at T = {rows}, the longest input it takes."),
        "toy": "toy ",
        "toy_model": "a toy model",
        "cap_real": " Each real model's activations stored for the tokens and one of its score tables are equal at T = d_model: {list}.",
        "heads": "{H} heads × ",
        "hypothetical": "dashed: past {rows} tokens",
    },
    "zh-Hant": {
        "title": "一層的分數表隨 T² 增長，一張存下的 T × {d} 表只隨 T 增長",
        "length": "序列長度 T（token 數，對數刻度）",
        "entries": "若存下所佔記憶體（float32，每個數 4 B；對數刻度）",
        "bytes": "\n個數值 × {b} B = {size}",
        "sub": "{name}，d_model = {d}；批次 {B}，float32",
        "meet": "T = {t} 時相交",
        "sub_pass": "；一次前向傳遞：{k} 張表（{L} 層 × {H} 個頭）",
        "cap_why": "兩線相交於 T = d_model / 頭數 = {d} / {H} = {t}：在那裡 {H} · T² = T · {d}。",
        "sub_which": "；分數表按整張存下計算",
        "scores": "{name} 一層的分數表：{heads}T × T",
        "positions": r"輸入激活值，T × $d_{{\mathrm{{model}}}}$，{toy}寬度 $d_{{\mathrm{{model}}}}$ = {d}",
        "end_scores": "分數表，{x}T × T\nT 從 {short} 到 {long}，漲 {r} 倍",
        "end_positions": "輸入激活值，T × {d}\nT 從 {short} 到 {long}，漲 {r} 倍",
        "cap_formula": "這裡每個個數和大小都是按公式算出來的，不是實測：不論長度在 {name} 的 {rows} 個位置以內或以外，都沒有實際跑模型、也沒有讀取記憶體用量。",
        "cap": ("一個 T 個 token 的句子，每條線各數一張表，兩軸都是對數刻度。方塊標記的線數的是 {name} 一層的注意力分數表，每個頭一張：{x}T × T 個數；"
                "這是激活值，每個句子重新算一次，不是存下的權重；一次前向傳遞要算 {k} 張（{L} 層 × {H} 個頭）。位置表則和權重一起存著，每個位置一個 d_model 維的向量，不論句子多長都一樣；六角形標記的線數的是一層的輸入激活值，T × d_model：每個 token 一個 d_model 維的向量，和表裡的一列一樣寬；本例取 d_model = {d}。"
                "{growth}：分數表漲 {sr} 倍，一層的輸入激活值漲 {pr} 倍；一張 float32 分數表（每個數 4 位元組）從 {a} 變成 {b}，"
                "一次前向傳遞的 {k} 張若全都留給反向傳遞（不重算），從 {pa} 變成 {pb}；"
                "融合的注意力核心一塊一塊地算，從不把整張表存下，反向傳遞時再重算。"),
        "cap_toy": "兩條線在 T = {t} 相交，各 {e} 個數。這個交點只比較這兩個個數：T × d_model 只是一張激活值表，不是一層為反向傳遞留下的全部（還有 LayerNorm 的輸出、查詢、鍵、值和更寬的 MLP 激活值），所以它不是注意力開始主導一層記憶體的地方。",
        "cap_points": "T = {short} 時：分數 {x}{ss} 個，儲存的激活值 {sp} 個；T = {long} 時：{x}{ls} 對 {lp}。",
        "cap_growth": "從 T = {short} 到 {long}（長了 {lr} 倍）",
        "cap_real_item": "{name}（d_model = {d}）在 T = {t}",
        "real": "{name}，T × {w}（細線），到 {rows} 個 token",
        "positions_own": "一層的輸入激活值，T × {w}",
        "cap_rows_own": ("{name} 的位置表是學出來的，每個位置一列，共 {rows} 列：不論 T 多大，{rows} 列全都存著，共 {stored} 個數；"
                         "只有 T = {rows} 時一次傳遞才讀完所有的列，這也是它能接受的最長輸入，"
                         "再往後兩條線畫成虛線，數的是更長的輸入所需要的量，而這個模型根本不接受這麼長的輸入。"),
        "rows_end": "{rows} 列",
        "cap_rows": "{name} 的位置表是學出來的，每個位置一列，共 {rows} 列：它的細線停在 T = {rows}，也就是它能接受的最長輸入。",
        "toy": "玩具",
        "toy_model": "玩具模型",
        "cap_real": "真實模型為 token 儲存的激活值和它的一張分數表，在 T = d_model 處相等：{list}。",
        "heads": "{H} 個頭 × ",
        "hypothetical": "虛線：超過 {rows} 個 token",
    },
    "zh-Hans": {
        "title": "一层的分数表随 T² 增长，一张存下的 T × {d} 表只随 T 增长",
        "length": "序列长度 T（token 数，对数刻度）",
        "entries": "若存下所占内存（float32，每个数 4 B；对数刻度）",
        "bytes": "\n个数值 × {b} B = {size}",
        "sub": "{name}，d_model = {d}；批大小 {B}，float32",
        "meet": "T = {t} 时相交",
        "sub_pass": "；一次前向传播：{k} 张表（{L} 层 × {H} 个头）",
        "cap_why": "两线相交于 T = d_model / 头数 = {d} / {H} = {t}：在那里 {H} · T² = T · {d}。",
        "sub_which": "；分数表按整张存下计算",
        "scores": "{name} 一层的分数表：{heads}T × T",
        "positions": r"输入激活值，T × $d_{{\mathrm{{model}}}}$，{toy}宽度 $d_{{\mathrm{{model}}}}$ = {d}",
        "end_scores": "分数表，{x}T × T\nT 从 {short} 到 {long}，涨 {r} 倍",
        "end_positions": "输入激活值，T × {d}\nT 从 {short} 到 {long}，涨 {r} 倍",
        "cap_formula": "这里每个个数和大小都是按公式算出来的，不是实测：不论长度在 {name} 的 {rows} 个位置以内或以外，都没有实际运行模型，也没有读取内存用量。",
        "cap": ("一个 T 个 token 的句子，每条线各数一张表，两轴都是对数刻度。方块标记的线数的是 {name} 一层的注意力分数表，每个头一张：{x}T × T 个数；"
                "这是激活值，每个句子重新算一次，不是存下的权重；一次前向传播要算 {k} 张（{L} 层 × {H} 个头）。位置表则和权重一起存着，每个位置一个 d_model 维的向量，不论句子多长都一样；六角形标记的线数的是一层的输入激活值，T × d_model：每个 token 一个 d_model 维的向量，和表里的一行一样宽；本例取 d_model = {d}。"
                "{growth}：分数表涨 {sr} 倍，一层的输入激活值涨 {pr} 倍；一张 float32 分数表（每个数 4 字节）从 {a} 变成 {b}，"
                "一次前向传播的 {k} 张若全都留给反向传播（不重算），从 {pa} 变成 {pb}；"
                "融合的注意力内核一块一块地算，从不把整张表存下，反向传播时再重算。"),
        "cap_toy": "两条线在 T = {t} 相交，各 {e} 个数。这个交点只比较这两个个数：T × d_model 只是一张激活值表，不是一层为反向传播留下的全部（还有 LayerNorm 的输出、查询、键、值和更宽的 MLP 激活值），所以它不是注意力开始主导一层内存的地方。",
        "cap_points": "T = {short} 时：分数 {x}{ss} 个，存储的激活值 {sp} 个；T = {long} 时：{x}{ls} 对 {lp}。",
        "cap_growth": "从 T = {short} 到 {long}（长了 {lr} 倍）",
        "cap_real_item": "{name}（d_model = {d}）在 T = {t}",
        "real": "{name}，T × {w}（细线），到 {rows} 个 token",
        "positions_own": "一层的输入激活值，T × {w}",
        "cap_rows_own": ("{name} 的位置表是学出来的，每个位置一行，共 {rows} 行：不论 T 多大，{rows} 行全都存着，共 {stored} 个数；"
                         "只有 T = {rows} 时一次传播才读完所有的行，这也是它能接受的最长输入，"
                         "再往后两条线画成虚线，数的是更长的输入所需要的量，而这个模型根本不接受这么长的输入。"),
        "rows_end": "{rows} 行",
        "cap_rows": "{name} 的位置表是学出来的，每个位置一行，共 {rows} 行：它的细线停在 T = {rows}，也就是它能接受的最长输入。",
        "toy": "玩具",
        "toy_model": "玩具模型",
        "cap_real": "真实模型为 token 存储的激活值和它的一张分数表，在 T = d_model 处相等：{list}。",
        "heads": "{H} 个头 × ",
        "hypothetical": "虚线：超过 {rows} 个 token",
    },
}
