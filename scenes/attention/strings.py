"""attention_heatmap's words in en, zh-Hant and zh-Hans (the same keys in each language), and how its
TeX lines write numbers (seed 003, "Tokens → vectors", "Dot products → attention weights", "The last
position supplies our context vector").

`tnum` (fixed decimals) and `short` (as given: 2, 0.5, −1) write numbers for TeX with an ASCII minus;
`pmatrix` a 2×2 projection; `places` the fewest decimals that write every embedding exactly.
"""
import numpy as np

from engine.toy import EMBEDDINGS
from look import fmt_num

STRINGS = {
    "en": {
        "title": "Causal attention on \"{text}\"",
        "title_n": "Causal attention on {n} tokens",
        "title_heads": "A second head: multi-head attention",
        "embeddings": "embeddings as columns",
        "keys": "key j",
        "queries": "query i",
        "scores": "scores z_ij",
        "weights": "weights α_ij",
        "rowsum": "row sum",
        "zero_scores": "scores",
        "zero_weights": "weights",
        "future": "× = future: score −∞,\nweight exactly 0",
        "dim": "dim {k}",
        "dim_named": "dim {k}: {m}",
        "dim_means_1": "content", "dim_means_2": "article or noun",
        "cap_dims": " Dim 1 marks content words: '{c}' {c1}, '{s}' {s1}, '{t}' and '{o}' {z}. "
                    "Dim 2 marks article and noun: '{t}' and '{c}' {t2}, '{s}' {s2}, '{o}' {o2}.",
        "running": "running sum",
        "stalls": "gradient ≈ 0",
        "tokenize": "",
        "cap_tokens": "Each token is a 2-D vector, stored as a column.",
        "shared_2": " Both '{w}' tokens share one vector.",
        "shared_k": " All {k} '{w}' tokens share one vector.",
        "cap_scores": "A score is a query–key dot product over the square root of the width, here d = 2.",
        "proj_mark": "matrices",
        "proj_same": " In a trained model the query, key and value matrices are all learned. Here all three are the identity I. So q, k and v are each token's own vector: a value is the token's embedding itself.",
        "proj_own": " The query, key and value matrices written under E make each token's q, k and v from its vector.",
        "cap_why_sqrt": "At unit variance, random q·k’s spread grows as the square root of d. Divided by it, they are near 1 in size, so softmax stays soft.",
        "sqrt_each": "each dot: one q·k",
        "cap_cell": "Cell ({i}, {j}) worked out: '{qi}' asks and '{kj}' answers.",
        "cap_fill": "Every other cell is the same product for its own query and key.",
        "same_values": "the same value vectors as head 1",
        "head_width": "A real model's H heads have width d/H,\nso stacked they are back to d.\n"
                      "Here each keeps d = {d}: the stack is {w}.",
        "cap_mask": "The model predicts the next token, so no position may look at a later one. "
                    "The causal mask sets those scores to −∞ before softmax, marked ×. "
                    "Softmax takes e to the power −∞, which is 0, so their weight is exactly 0. "
                    "A score of 0 would not do: '{w}' would still get a weight.",
        "cap_softmax": "Softmax along each row, only over the visible cells.",
        "cap_sums": "The visible weights are positive, and every row sums to 1.",
        "cap_self": "Row {r} gives itself {a}. With W = I, scores are dot products of word vectors, and '{w}' is the longest.",
        "cap_alpha": "For cell ({i}, {j}), divide its exponential by the sum of its row's exponentials.",
        "cap_context": "Row {r} gets its context vector; each row does the same.",
        "cap_context_h": "The sum is h1, row {r}'s output in this head.",
        "cap_scale": "Each value vector is scaled by its weight in that row. The pieces are then added head to tail, one at a time.",
        "cap_summary": "Scores → mask → softmax → weighted sum: h1 = ({x1}, {x2}).",
        "cap_sweep": "Rows 1 to {m} do the same, each with its own weights. So every position gets its own output.",
        "asks": "'{qi}' asks, '{kj}' answers",
        "x_was": "head 1, row {r}",
        "x_now": "head 2, row {r}",
        "map_name": "head {k} weights",
        "cap_ask": "A second head, in the same layer, reads the same words. Head 1's output, h1, stays in view. "
                   "A word's query (q) and key (k) now point different ways.",
        "cap_ask_pair": "'{qi}' asks and '{kj}' answers: z = {zij}. Swap the roles and z = {zji}.",
        "cap_ask_table": "Head 1 used I for queries and keys alike, so its table was symmetric. "
                         "Here the product of the query and key matrices is not symmetric. "
                         "Cell ({i}, {j}) = {zij} but ({j}, {i}) = {zji}, so asking differs from answering.",
        "cap_ask_equal": "Here every embedding lies on one line, so even different matrices leave the table "
                         "symmetric.",
        "cap_ask_mask": "The mask hides ({j}, {i}): '{kj}' comes first and may not look ahead.",
        "cap_ask_softmax": "Softmax runs along each row again, and every row sums to 1.",
        "cap_ask_sum": "Both heads share the same value vectors; a real model gives each head its own. "
                       "Scaled by the new weights α′, they add up to h2.",
        "cap_ask_summary": "The second head gives h2 = ({y1}, {y2}).",
        "cap_ask_why": "Row {r}'s scores differ from head to head, so its weights and h2 differ too.",
        "cap_ask_one_way": "Under the mask, only one cell of each pair is used. "
                           "What changes row {r}: how '{w}' ranks the keys.",
        "cap_ask_rank": "In row {r}, '{w}' now ranks '{kw}' ({z2}) above '{ow}' ({zo}). "
                        "The first head gave {z1} to all three: {three}.",
        "cap_ask_row": "That is why '{kw}' gets {a1} in the first head but {a2} in this one. {why}",
        "ask_why_other": "Other query and key matrices, other weights.",
        "ask_why_rule": "For the query '{w}', head 2 ranks words by {rule2}. So '{kw}' comes first and '{lw}' last. Head 1 ranked them by {rule1} alone.",
        "rule_1": "dim 1", "rule_2": "dim 2", "rule_1-2": "dim 1 minus dim 2", "rule_2-1": "dim 2 minus dim 1",
        "rule_1+2": "dim 1 plus dim 2", "sweep_head": "row\noutputs",
        "row_scores": "row {r}: scores z",
        "row_asks": "row {r}: '{w}' asks",
        "head_1": "head 1",
        "head_2": "head 2",
        "gather_title": "row {r}'s weights:", "gather_vs": "vs",
        "legend_q": "query q",
        "legend_k": "key k", "legend_e": "word vector e",
        "plane_words": "the words'\nvectors",
        "cap_mix": "Side by side on this plane: h1 and h2, one from each head.",
        "cap_concat": "Stacked, the two heads' outputs make one vector of width 4: first h1, then h2. "
                      "A real model's H heads are each d/H wide, so the stack is already d wide. "
                      "So that it can be drawn, this toy keeps each head at width {d}.",
        "cap_project": "The output projection maps these 4 numbers to the 2 of the attention output o. A real model learns it in training. This toy's projection averages the heads, "
                       "so o = {how} = ({o1}, {o2}). o's arrow lies halfway between h1 and h2.",
        "cap_ask_table_lead": "The second head's scores fill the table.",
        "cap_order": "Both '{w}' tokens share a key and a value. Unlike real models, this toy adds no positions. "
                     "So when '{w}' asks in row {r}, both get {v}. Row {r}'s weights cannot tell them apart. "
                     "As queries, the two are still told apart by the causal mask. Row {ra} sees {sa}, row {rb} sees {sb}.",
        "sees_self": "only itself",
        "sees_all": "all {k}",
        "sees_first": "the first {k}",
        "tie": "'{kw}' also gets {v}, not by chance: its embedding shares dim {j} = {c} with '{w}'. "
               "Its key is {kt}, the key of '{w}' is {ka}. The query {q} reads only dim {j}, so both score the same.",
        "close": "Token {n}'s new vector from attention",
        "cap_close": "Each head turned the same tokens into its own weighted mix. "
                     "Then o is added back to token {n}'s own vector (the residual). "
                     "Head to tail, they add up to ({r1}, {r2}).",
        "cap_conclude": "With its own weights, each head mixes the values of tokens 1 to {n}. "
                        "So token {n}'s new vector is itself plus o, the heads' mixes combined.",
        "cap_gather": "Head 1 spreads row {r}'s weights. Head 2 leans to '{a}' and '{b}'. {why} "
                      "So after attention, '{w}' also carries information from '{a}' and '{b}'.",
        "verdict": "Token {n}'s new vector\n= itself + o = ({r1}, {r2})",
        "next_in": "{xn} + o (residual)",
        "sum_name": "{xn} + o",
        "o_moved": "o, moved to the tip of {xn}",
        "own_vec": "{xn} = token {n}'s own vector ({a}, {b})",
        "layer_out": "the attention output o",
        "gather_rule": "The weights are not parameters: each input gets its own, computed from WQ and WK. "
                       "WQ and WK are learned in training; here they are set by hand. Head 2's WQ and WK make a '{w}' look for the content words before it.",
        "payoff_name": "token {n} '{w}', dim 1{m}", "payoff_content": " (content)", "payoff_piece": "{s} from '{w}'",
        "cap_payoff": "In dim 1{m}, token {n} starts at {b}. After attention it holds {a}: {pieces}.", "payoff_and": "{a} and {b}", "payoff_sep": ", ",
        "gather_fixed": "The weights are not parameters: each input gets its own, computed from WQ and WK. "
                        "WQ and WK are learned in training; here they are set by hand.",
    },
    "zh-Hant": {
        "title": "「{text}」的因果注意力",
        "title_n": "{n} 個詞元上的因果注意力",
        "title_heads": "第二個頭：多頭注意力",
        "embeddings": "嵌入向量寫成欄向量",
        "keys": "鍵 j",
        "queries": "查詢 i",
        "scores": "分數 z_ij",
        "weights": "權重 α_ij",
        "rowsum": "列總和",
        "zero_scores": "分數",
        "zero_weights": "權重",
        "future": "× = 未來：分數 −∞，\n權重恰為 0",
        "dim": "維度 {k}",
        "dim_named": "維度 {k}：{m}",
        "dim_means_1": "實詞", "dim_means_2": "冠詞或名詞",
        "cap_dims": "維度 1 標出實詞：{c} {c1}、{s} {s1}、{t} 和 {o} {z}。"
                    "維度 2 在冠詞和名詞最大：{t} 和 {c} 都是 {t2}，{s} 是 {s2}，{o} 只有 {o2}。",
        "running": "累加中",
        "stalls": "梯度 ≈ 0",
        "tokenize": "",
        "cap_tokens": "每個詞元是一個二維向量，寫成欄向量。",
        "shared_2": "這兩個 {w} 詞元，共用同一個向量。",
        "shared_k": "{k} 個 {w} 共用同一個向量。",
        "cap_scores": "分數是查詢和鍵的內積，再除以寬度的平方根。在這個例子裡，寬度是 d = 2。",
        "proj_mark": "矩陣",
        "proj_same": "查詢、鍵和值矩陣，在訓練時都是學出來的。這裡三者都是單位矩陣 I。所以每個詞元的 q、k、v，都是它自己的向量：值就是詞元的嵌入本身。",
        "proj_own": "E 下面寫的查詢、鍵、值三個矩陣，把每個詞元的向量變成它的 q、k、v。",
        "cap_why_sqrt": "單位變異數下，隨機 q·k 的標準差約是 d 的平方根。除以它，典型大小都接近 1，softmax 就保持柔和。",
        "sqrt_each": "每個點：一個 q·k",
        "cap_cell": "算出 ({i}, {j}) 格：{qi} 向 {kj} 提問。",
        "cap_fill": "其他格子也這樣算，各用自己的查詢和鍵。",
        "same_values": "值向量和頭 1 相同",
        "head_width": "實際模型的 H 個頭各寬 d/H，\n疊起來剛好回到 d。\n這裡為了作圖，每個頭保留 d = {d}，\n疊起來是 {w}。",
        "cap_mask": "模型要預測下一個詞元，所以每個位置都不能看後面的位置。因果遮罩在 softmax 之前，把這些分數設為 −∞，標成 ×。"
                    "e 的 −∞ 次方是 0，所以它們的權重恰好是 0。把分數設為 0 不行，它仍會分到權重。",
        "cap_softmax": "softmax 沿著每一列做，只算看得到的格子。",
        "cap_sums": "看得到的權重都是正的，每一列加總為 1。",
        "cap_self": "第 {r} 列給自己 {a}。W = I 時分數是詞向量的內積，「{w}」的向量最長。",
        "cap_alpha": "算出 ({i}, {j}) 格：它的指數除以這一列指數的總和。",
        "cap_context": "第 {r} 列得到它的上下文向量；每一列都一樣。",
        "cap_context_h": "加完的和記作 h1，是第 {r} 列在這個頭的輸出。",
        "cap_scale": "每個值向量先乘上這一列的權重，再把這些箭頭逐一首尾相接加起來。",
        "cap_summary": "分數 → 遮罩 → softmax → 加權和：h1 = ({x1}, {x2})。",
        "cap_sweep": "第 1 到 {m} 列也這樣做，各用自己的權重。所以每個位置都得到自己的輸出。",
        "asks": "{qi} 提問，{kj} 回答",
        "x_was": "頭 1，第 {r} 列",
        "x_now": "頭 2，第 {r} 列",
        "map_name": "頭 {k} 權重",
        "cap_ask": "同一層的第二個頭讀同樣的詞。頭 1 的輸出 h1 仍留著。同一個詞的查詢（q）和鍵（k）現在指向不同方向。",
        "cap_ask_pair": "{qi} 向 {kj} 提問，分數是 z = {zij}。角色對調，分數變成 z = {zji}。",
        "cap_ask_table": "頭 1 的查詢和鍵共用矩陣 I，所以表格對稱。這裡查詢矩陣和鍵矩陣的乘積不對稱。這一對格子，({i}, {j}) 格是 {zij}。對調成 ({j}, {i}) 格，卻是 {zji}。同一對詞，誰提問、誰回答，分數就不一樣。",
        "cap_ask_equal": "這裡所有嵌入向量都在同一條直線上，所以即使矩陣不同，分數表仍然對稱。",
        "cap_ask_mask": "遮罩蓋住 ({j}, {i}) 格：{kj} 排在前面，所以不能往後看。",
        "cap_ask_softmax": "每一列再做一次 softmax，加總仍為 1。",
        "cap_ask_sum": "這個玩具讓兩個頭共用一組值向量。真正的模型裡，每個頭都有自己的值矩陣。乘上新的權重 α′ 再加起來，就是 h2。",
        "cap_ask_summary": "第二個頭給出 h2 = ({y1}, {y2})。",
        "cap_ask_why": "第 {r} 列的分數在兩個頭不同。所以這一列的權重和 h2，也都跟著不同。",
        "cap_ask_one_way": "遮罩下，每一對格子只用到一格。改變第 {r} 列的，是 {w} 怎麼替鍵排序。",
        "cap_ask_rank": "第 {r} 列由 {w} 提問。{kw} 得到 {z2}，{ow} 只得到 {zo}。第一個頭給的分數都是 {z1}（{three}）。",
        "cap_ask_row": "第一個頭給 {kw} {a1}，這個頭給 {a2}。{why}",
        "ask_why_other": "查詢與鍵的矩陣不同，權重就不同。",
        "ask_why_rule": "對查詢 {w} 來說，頭 2 用「{rule2}」替詞排序。所以 {kw} 排最前，{lw} 排最後。頭 1 只用「{rule1}」來排序。",
        "rule_1": "維度 1", "rule_2": "維度 2", "rule_1-2": "維度 1 減維度 2", "rule_2-1": "維度 2 減維度 1",
        "rule_1+2": "維度 1 加維度 2", "sweep_head": "各列\n輸出",
        "row_scores": "第 {r} 列：分數 z",
        "row_asks": "第 {r} 列：{w} 提問",
        "head_1": "頭 1",
        "head_2": "頭 2",
        "gather_title": "第 {r} 列的權重：", "gather_vs": "對比",
        "legend_q": "查詢 q",
        "legend_k": "鍵 k", "legend_e": "詞的向量 e",
        "plane_words": "各個詞的向量",
        "cap_mix": "h1 和 h2 並排在這個平面上，各來自一個頭。",
        "cap_concat": "兩個頭的輸出疊成一個向量，共 4 個數。上面兩個數是 h1，下面兩個數是 h2。"
                      "實際模型裡 H 個頭各寬 d/H，串接起來本來就是寬度 d。這個玩具為了畫得出來，讓每個頭都保持寬度 {d}。",
        "cap_project": "輸出投影把這 4 個數變回 2 個，得到注意力輸出 o。實際模型的輸出投影是訓練學出來的。這個玩具的投影把兩個頭平均：o = {how}。o 的座標是 ({o1}, {o2})。o 的箭頭正好落在中點，介於 h1 和 h2 之間。",
        "cap_ask_table_lead": "接著，第二個頭的分數一格格填進表格。",
        "cap_order": "兩個 {w} 的鍵與值都相同。這個小例子不像真實模型，沒有加上位置資訊。所以第 {r} 列給它們的權重相等，各是 {v}。第 {r} 列的權重，"
                     "分不出這兩個 {w}。作為查詢，因果遮罩分得出它們。第 {ra} 列{sa}，第 {rb} 列{sb}。",
        "sees_self": "只看得到自己",
        "sees_all": "看得到全部 {k} 個",
        "sees_first": "看得到前 {k} 個",
        "tie": "{kw} 也得到 {v}，並非巧合。它的嵌入和 {w} 一樣，維度 {j} 是 {c}。它的鍵是 {kt}，{w} 的鍵是 {ka}。查詢 {q} 只讀維度 {j}，所以兩者同分。",
        "close": "注意力給詞元 {n} 的新向量",
        "cap_close": "每個頭把同樣的詞元，變成自己的加權和。"
                     "接著 o 會加回詞元 {n} 的向量，這叫殘差連接。"
                     "兩個箭頭首尾相接，和是 ({r1}, {r2})。",
        "cap_conclude": "每個頭用自己的權重，混合詞元 1 到 {n} 的值向量。所以詞元 {n} 的新向量，是它自己加上兩個頭的混合 o。",
        "cap_gather": "第 {r} 列的權重，頭 1 分得較平均。頭 2 偏向 {a} 和 {b}。{why}所以注意力之後，{w} 也帶著 {a} 和 {b} 的資訊。",
        "verdict": "詞元 {n} 的新向量\n= 它自己 + o = ({r1}, {r2})",
        "next_in": "{xn} + o（殘差）",
        "sum_name": "{xn} + o",
        "o_moved": "o，移到 {xn} 的尖端",
        "own_vec": "{xn} 是詞元 {n} 自己的向量 ({a}, {b})",
        "layer_out": "注意力輸出 o",
        "gather_rule": "權重不是參數：用 WQ 和 WK，每個輸入各自重新算出。WQ 和 WK 在訓練時學出來，這裡是手動設定的。"
                       "頭 2 的 WQ 和 WK，讓 {w} 去找前面的實詞。",
        "payoff_name": "詞元 {n} {w}，維度 1{m}", "payoff_content": "（實詞）", "payoff_piece": "{w} 帶來 {s}", "payoff_sep": "，",
        "cap_payoff": "詞元 {n} {w} 的維度 1{m}原本是 {b}。注意力之後變成 {a}。{pieces}。", "payoff_and": "{a}，{b}",
        "gather_fixed": "權重不是參數：用 WQ 和 WK，每個輸入各自重新算出。WQ 和 WK 在訓練時學出來，這裡是手動設定的。",
    },
    "zh-Hans": {
        "title": "「{text}」的因果注意力",
        "title_n": "{n} 个词元上的因果注意力",
        "title_heads": "第二个头：多头注意力",
        "embeddings": "嵌入向量写成列向量",
        "keys": "键 j",
        "queries": "查询 i",
        "scores": "分数 z_ij",
        "weights": "权重 α_ij",
        "rowsum": "行总和",
        "zero_scores": "分数",
        "zero_weights": "权重",
        "future": "× = 未来：分数 −∞，\n权重恰为 0",
        "dim": "维度 {k}",
        "dim_named": "维度 {k}：{m}",
        "dim_means_1": "实词", "dim_means_2": "冠词或名词",
        "cap_dims": "维度 1 标出实词：{c} {c1}、{s} {s1}、{t} 和 {o} {z}。"
                    "维度 2 在冠词和名词最大：{t} 和 {c} 都是 {t2}，{s} 是 {s2}，{o} 只有 {o2}。",
        "running": "累加中",
        "stalls": "梯度 ≈ 0",
        "tokenize": "",
        "cap_tokens": "每个词元是一个二维向量，写成列向量。",
        "shared_2": "这两个 {w} 词元，共用同一个向量。",
        "shared_k": "{k} 个 {w} 共用同一个向量。",
        "cap_scores": "分数是查询和键的内积，再除以宽度的平方根。在这个例子里，宽度是 d = 2。",
        "proj_mark": "矩阵",
        "proj_same": "查询、键和值矩阵，在训练时都是学出来的。这里三者都是单位矩阵 I。所以每个词元的 q、k、v，都是它自己的向量：值就是词元的嵌入本身。",
        "proj_own": "E 下面写的查询、键、值三个矩阵，把每个词元的向量变成它的 q、k、v。",
        "cap_why_sqrt": "单位方差下，随机 q·k 的标准差约是 d 的平方根。除以它，典型大小都接近 1，softmax 就保持柔和。",
        "sqrt_each": "每个点：一个 q·k",
        "cap_cell": "算出 ({i}, {j}) 格：{qi} 向 {kj} 提问。",
        "cap_fill": "其他格子也这样算，各用自己的查询和键。",
        "same_values": "值向量和头 1 相同",
        "head_width": "实际模型的 H 个头各宽 d/H，\n叠起来刚好回到 d。\n这里为了作图，每个头保留 d = {d}，\n叠起来是 {w}。",
        "cap_mask": "模型要预测下一个词元，所以每个位置都不能看后面的位置。因果掩码在 softmax 之前，把这些分数设为 −∞，标成 ×。"
                    "e 的 −∞ 次方是 0，所以它们的权重恰好是 0。把分数设为 0 不行，它仍会分到权重。",
        "cap_softmax": "softmax 沿着每一行做，只算看得到的格子。",
        "cap_sums": "看得到的权重都是正的，每一行加总为 1。",
        "cap_self": "第 {r} 行给自己 {a}。W = I 时分数是词向量的内积，“{w}”的向量最长。",
        "cap_alpha": "算出 ({i}, {j}) 格：它的指数除以这一行指数的总和。",
        "cap_context": "第 {r} 行得到它的上下文向量；每一行都一样。",
        "cap_context_h": "加完的和记作 h1，是第 {r} 行在这个头的输出。",
        "cap_scale": "每个值向量先乘上这一行的权重，再把这些箭头逐一首尾相接加起来。",
        "cap_summary": "分数 → 掩码 → softmax → 加权和：h1 = ({x1}, {x2})。",
        "cap_sweep": "第 1 到 {m} 行也这样做，各用自己的权重。所以每个位置都得到自己的输出。",
        "asks": "{qi} 提问，{kj} 回答",
        "x_was": "头 1，第 {r} 行",
        "x_now": "头 2，第 {r} 行",
        "map_name": "头 {k} 权重",
        "cap_ask": "同一层的第二个头读同样的词。头 1 的输出 h1 仍留着。同一个词的查询（q）和键（k）现在指向不同方向。",
        "cap_ask_pair": "{qi} 向 {kj} 提问，分数是 z = {zij}。角色对调，分数变成 z = {zji}。",
        "cap_ask_table": "头 1 的查询和键共用矩阵 I，所以表格对称。这里查询矩阵和键矩阵的乘积不对称。这一对格子，({i}, {j}) 格是 {zij}。对调成 ({j}, {i}) 格，却是 {zji}。同一对词，谁提问、谁回答，分数就不一样。",
        "cap_ask_equal": "这里所有嵌入向量都在同一条直线上，所以即使矩阵不同，分数表仍然对称。",
        "cap_ask_mask": "掩码盖住 ({j}, {i}) 格：{kj} 排在前面，所以不能往后看。",
        "cap_ask_softmax": "每一行再做一次 softmax，加总仍为 1。",
        "cap_ask_sum": "这个玩具让两个头共用一组值向量。真正的模型里，每个头都有自己的值矩阵。乘上新的权重 α′ 再加起来，就是 h2。",
        "cap_ask_summary": "第二个头给出 h2 = ({y1}, {y2})。",
        "cap_ask_why": "第 {r} 行的分数在两个头不同。所以这一行的权重和 h2，也都跟着不同。",
        "cap_ask_one_way": "掩码下，每一对格子只用到一格。改变第 {r} 行的，是 {w} 怎么替键排序。",
        "cap_ask_rank": "第 {r} 行由 {w} 提问。{kw} 得到 {z2}，{ow} 只得到 {zo}。第一个头给的分数都是 {z1}（{three}）。",
        "cap_ask_row": "第一个头给 {kw} {a1}，这个头给 {a2}。{why}",
        "ask_why_other": "查询与键的矩阵不同，权重就不同。",
        "ask_why_rule": "对查询 {w} 来说，头 2 用「{rule2}」替词排序。所以 {kw} 排最前，{lw} 排最后。头 1 只用「{rule1}」来排序。",
        "rule_1": "维度 1", "rule_2": "维度 2", "rule_1-2": "维度 1 减维度 2", "rule_2-1": "维度 2 减维度 1",
        "rule_1+2": "维度 1 加维度 2", "sweep_head": "各行\n输出",
        "row_scores": "第 {r} 行：分数 z",
        "row_asks": "第 {r} 行：{w} 提问",
        "head_1": "头 1",
        "head_2": "头 2",
        "gather_title": "第 {r} 行的权重：", "gather_vs": "对比",
        "legend_q": "查询 q",
        "legend_k": "键 k", "legend_e": "词的向量 e",
        "plane_words": "各个词的向量",
        "cap_mix": "h1 和 h2 并排在这个平面上，各来自一个头。",
        "cap_concat": "两个头的输出叠成一个向量，共 4 个数。上面两个数是 h1，下面两个数是 h2。"
                      "实际模型里 H 个头各宽 d/H，串接起来本来就是宽度 d。这个玩具为了画得出来，让每个头都保持宽度 {d}。",
        "cap_project": "输出投影把这 4 个数变回 2 个，得到注意力输出 o。实际模型的输出投影是训练学出来的。这个玩具的投影把两个头平均：o = {how}。o 的坐标是 ({o1}, {o2})。o 的箭头正好落在中点，介于 h1 和 h2 之间。",
        "cap_ask_table_lead": "接着，第二个头的分数一格格填进表格。",
        "cap_order": "两个 {w} 的键与值都相同。这个小例子不像真实模型，没有加上位置信息。所以第 {r} 行给它们的权重相等，各是 {v}。第 {r} 行的权重，"
                     "分不出这两个 {w}。作为查询，因果掩码分得出它们。第 {ra} 行{sa}，第 {rb} 行{sb}。",
        "sees_self": "只看得到自己",
        "sees_all": "看得到全部 {k} 个",
        "sees_first": "看得到前 {k} 个",
        "tie": "{kw} 也得到 {v}，并非巧合。它的嵌入和 {w} 一样，维度 {j} 是 {c}。它的键是 {kt}，{w} 的键是 {ka}。查询 {q} 只读维度 {j}，所以两者同分。",
        "close": "注意力给词元 {n} 的新向量",
        "cap_close": "每个头把同样的词元，变成自己的加权和。"
                     "接着 o 会加回词元 {n} 的向量，这叫残差连接。"
                     "两个箭头首尾相接，和是 ({r1}, {r2})。",
        "cap_conclude": "每个头用自己的权重，混合词元 1 到 {n} 的值向量。所以词元 {n} 的新向量，是它自己加上两个头的混合 o。",
        "cap_gather": "第 {r} 行的权重，头 1 分得较平均。头 2 偏向 {a} 和 {b}。{why}所以注意力之后，{w} 也带着 {a} 和 {b} 的信息。",
        "verdict": "词元 {n} 的新向量\n= 它自己 + o = ({r1}, {r2})",
        "next_in": "{xn} + o（残差）",
        "sum_name": "{xn} + o",
        "o_moved": "o，移到 {xn} 的尖端",
        "own_vec": "{xn} 是词元 {n} 自己的向量 ({a}, {b})",
        "layer_out": "注意力输出 o",
        "gather_rule": "权重不是参数：用 WQ 和 WK，每个输入各自重新算出。WQ 和 WK 在训练时学出来，这里是手动设置的。"
                       "头 2 的 WQ 和 WK，让 {w} 去找前面的实词。",
        "payoff_name": "词元 {n} {w}，维度 1{m}", "payoff_content": "（实词）", "payoff_piece": "{w} 带来 {s}", "payoff_sep": "，",
        "cap_payoff": "词元 {n} {w} 的维度 1{m}原本是 {b}。注意力之后变成 {a}。{pieces}。", "payoff_and": "{a}，{b}",
        "gather_fixed": "权重不是参数：用 WQ 和 WK，每个输入各自重新算出。WQ 和 WK 在训练时学出来，这里是手动设置的。",
    },
}


def tnum(v: float, decimals: int = 4) -> str:
    return fmt_num(float(v), decimals).replace("\u2212", "-")


def short(v: float) -> str:
    t = fmt_num(float(v), 4).rstrip("0").rstrip(".").replace("\u2212", "-")
    return t if t not in ("", "-") else "0"


def vec2(u) -> str:
    """A 2-D vector as a caption writes it: (2, 1), (0, −0.5)."""
    return "(" + ", ".join(short(v).replace("-", "\u2212") for v in u[:2]) + ")"


def par(v: float) -> str:
    """`short`, in parentheses when negative (a factor after a dot)."""
    t = short(v)
    return f"({t})" if t.startswith("-") else t


def pmatrix(m) -> str:
    """A 2×2 matrix in TeX, entries as given (2, 0.5, −1)."""
    return (r"\begin{pmatrix}" + r"\\".join("&".join(short(v) for v in row) for row in np.asarray(m))
            + r"\end{pmatrix}")


def places(values) -> int:
    """The fewest decimals (1 to 4) that write every value exactly (up to 4 decimals)."""
    return next((k for k in range(1, 4) if all(abs(round(float(v), k) - float(v)) < 1e-9 for v in values)), 4)


def projections_tex(A_Q, A_K, A_V) -> list:
    """The three projections in TeX, equal ones joined, one part per distinct matrix: ["W_Q = W_K = W_V = I"],
    or ["W_Q = W_K = I", "W_V = (…)"] (I where a matrix is the identity)."""
    out, mats = [], [("Q", np.asarray(A_Q, float)), ("K", np.asarray(A_K, float)), ("V", np.asarray(A_V, float))]
    while mats:
        name, m = mats.pop(0)
        same = [name] + [n for n, o in mats if np.allclose(o, m)]
        mats = [(n, o) for n, o in mats if not np.allclose(o, m)]
        value = "I" if np.allclose(m, np.eye(2)) else pmatrix(m)
        out.append(" = ".join(rf"W_{{\textstyle {n}}}" for n in same) + f" = {value}")
    return out



def dims_named(tokens, E) -> bool:
    """Whether the two dimensions can be named: only for the toy's own embeddings (engine.toy.EMBEDDINGS), where
    dim 1 is what a content word has and a function word lacks ('cat' 2, 'sat' 1, 'the' and 'on' 0) and dim 2 is
    largest for the article and the noun ('the' and 'cat' 1, 'sat' 0.4, 'on' 0.2). Other words or vectors: False."""
    E = np.asarray(E, float)
    own = all(t in EMBEDDINGS and np.allclose(E[:, j], EMBEDDINGS[t]) for j, t in enumerate(tokens))
    return own and {"the", "cat", "sat", "on"} <= set(tokens)


def dims_words() -> dict:
    """The cue naming the dimensions: its words and their coordinates, read from engine.toy.EMBEDDINGS."""
    e = EMBEDDINGS
    return dict(c="cat", s="sat", t="the", o="on", c1=short(e["cat"][0]), s1=short(e["sat"][0]), z=short(e["the"][0]),
                t2=short(e["the"][1]), s2=short(e["sat"][1]), o2=short(e["on"][1]))
