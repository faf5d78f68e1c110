"""prenorm_block's words in en, zh-Hant and zh-Hans (the same keys in each language).

Every number in a caption is a {placeholder} filled from the engine record by `caption_args`, and a
caption whose claim depends on the numbers (exactly vs up to rounding, a zero query, ReLU zeros, ε)
comes in variants: `variants` picks the one that holds
(tests/test_prenorm_claims.py checks each claim against the record); in zh-Hant a row is 列 and a
column is 行, in zh-Hans a row is 行 and a column is 列.
"""
import numpy as np

from look import fmt_num
from scenes.prenorm.ending_strings import ENDING_STRINGS
from scenes.prenorm.why_strings import WHY_STRINGS
from scenes.prenorm.depth_strings import DEPTH_STRINGS
from scenes.prenorm.depth_numbers import depth_args, depth_numbers
from scenes.prenorm.curve_numbers import curve_args
from scenes.prenorm.postln_strings import POSTLN_STRINGS, post_rows_normalised, postln_args

STRINGS = {
    "en": {
        "title": "A Pre-LN block, step by step", "title_swap": "Swap two tokens: does their order matter?",
        "node_head": "head {h}",
        "pos": "position {p}",
        "mean": "mean μ", "var": "variance", "mu": "μ", "var_sym": "σ²",
        "std": "std σ", "std_eps": "σ",
        "row": "row {r}",
        "head_tag": "head {h}: dims {a}–{b}", "head_tag_same": "head {h}: the same steps on dims {a}–{b}",
        "head_same": "head {h}: the same steps on dims {a}–{b}",
        "skip": "X + P, unchanged",
        "skip_z": "Z′, unchanged",
        "conclusion": "Only with P does a token's output depend on its position.",
        "relu": "ReLU: {k} of {m} entries < 0 → 0", "pre_relu": "before ReLU",
        "p0": "P = 0 (words only)",
        "withp": "with P", "before_swap": "before the swap", "after_swap": "after the swap",
        "only_swap": "each token keeps its output, largest change {c}",
        "block": "block", "block_p": "block",
        "largest": "token {t}, dim {k}: {a} → {b}, a change of {c}",
        "changed": "the numbers change,\nby up to {c}",
        "cap_input": "{n} tokens, {names}, four numbers each. To each token's row, add the sine/cosine row of that token's position. "
                     "The input X + P is still {r} × {c}.",
        "cap_input_p0": "{n} tokens, {names}, four numbers each. This pass adds no positions (P = 0, words only). "
                        "The input is X itself, {r} × {c}.",
        "cap_ln1": "Pre-LN normalises first, row by row: each row's mean μ and standard deviation σ "
                   "(population variance). Token {t}'s row has σ = {s}, from variance {v} here. "
                   "Subtract the row's mean μ from each entry. Then divide each by σ. "
                   "Scale by γ and shift by β; here γ = 1 and β = 0, so each row stays exactly as normalised.",
        "cap_ln1_eps": "Pre-LN normalises first, row by row: each row's mean μ and σ, the square root of "
                       "variance plus ε, with ε = {e} (population variance). Token {t}'s row has σ = {s}, from variance {v} here. "
                       "Subtract the row's mean μ from each entry. Then divide each by σ. "
                       "Scale by γ and shift by β; here γ = 1 and β = 0, so each row stays exactly as normalised.",
        "cap_ln1_eps_small": "Pre-LN normalises first, row by row: each row's mean μ and σ, the square root of "
                             "variance plus the small ε under the rule (population variance). Token {t}'s row has "
                             "σ = {s}, from variance {v} here. Subtract the row's mean μ from each entry. Then divide each by σ. "
                             "Scale by γ and shift by β; here γ = 1 and β = 0, so each row stays exactly as normalised.",
        "cap_heads": "Each head multiplies all {d} dims of the row by its own {d} × {k} query weights. "
                     "Here those weights are 0s and 1s: head 1 picks dims {a1}–{b1}. Head 2 picks dims {a2}–{b2}. "
                     "So here each head's Q is just those dims of the row; learned weights would mix all {d}. "
                     "Key and value weights equal the query's, so Q = K = V. Real models learn them separately.",
        "cap_attention": "In each head: each query is compared with each key, the score table S; divided by the square root of {dk}, "
                         "it gives the scaled scores E. Softmax turns E's rows into the weights A, and C = A·V mixes the value rows.",
        "cap_concat": "Put the two heads' outputs side by side, one {r} × {c} matrix. Then multiply by the output "
                      "weights, which mix what the two heads found.",
        "cap_head2": "Head {h} runs the same steps on dims {a}–{b}: its own scores E, weights A and output C.",
        "cap_ln2": "LayerNorm once more, before the feed-forward layer: each row of Z′ gets mean 0, variance 1.",
        "cap_ln2_eps": "LayerNorm once more, before the feed-forward layer: each row of Z′ now gets mean 0 and a "
                       "variance just under 1 (ε keeps it from reaching 1).",
        "cap_ffn_up": "Feed-forward: LN(Z′) times the first weight matrix ({d} × {n}), up to {n} columns. ReLU keeps the positive entries and sets the "
                      "{k} negative ones to 0.",
        "cap_ffn_up_none": "Feed-forward: LN(Z′) times the first weight matrix ({d} × {n}), up to {n} columns. ReLU sets negative entries to 0; here "
                           "none is negative, so it changes nothing.",
        "cap_ffn_down": "A ReLU zero adds nothing: a 0 in column j multiplies row j of the next matrix by 0. That second "
                        "weight matrix brings the rest back down to {d} columns: F.",
        "cap_ffn_down_none": "The second weight matrix brings it back down to {d} columns: F.",
        "cap_residual2": "Second residual: Z′ comes down the skip line unchanged and meets F. Their sum Y = Z′ + F "
                         "is {r} × {c}, the shape that came in, so blocks can be stacked.",
        "cap_swap": "A test: swap the two tokens a and b, keep the positions. With P = 0 (words only) the "
                    "outputs only swap places, exactly. "
                    "Without P nothing in the block knows which token came first.",
        "cap_swap_round": "A test: swap the two tokens a and b, keep the positions. With P = 0 (words only) the "
                          "outputs only swap places, up to rounding ({e} at two decimals). "
                          "Without P nothing in the block knows which token came first.",
        "cap_swap_n": "A test: reverse the order of the {n} tokens {names}, keep the positions. With P = 0 "
                      "(words only) the outputs only trade places, exactly. "
                      "Without P nothing in the block knows which token came first.",
        "cap_swap_n_round": "A test: reverse the order of the {n} tokens {names}, keep the positions. With P = 0 "
                            "(words only) the outputs only trade places, up to rounding ({e} at two decimals). "
                            "Without P nothing in the block knows which token came first.",
        "cap_close_walk": "Now with P. Before the swap, its outputs are the Y worked out step by step earlier. "
                          "The words trade places as before, but the outputs are new numbers. "
                          "They differ from the old ones by up to {c} (token {t}, dim {k}). "
                          "That is what P adds: the order of the words now matters.",
        "cue_walk_y": "stepbystepearlier",  # the cue the with-P outputs are pointed at with
        "cap_close": "Now with P. The words trade places as before, but the outputs are new numbers. "
                     "They differ from the old ones by up to {c} (token {t}, dim {k}). "
                     "That is what P adds: the order of the words now matters.",
        "cap_close_tiny": "With P, swapping the tokens changes the outputs too, but here by {c} at most.",
        "cue_subtract": "μfromeach",  # (spaces removed) the cue the x − μ step comes up with
        "cue_divide": "divideeach",
        "cue_pick": "0sand1s", "cue_head2": "Head2picks", "cue_qkv": "soQ=K=V", "cue_wo": "multiplybytheoutput",  # the cues W_Q's 1s, head 2's W_Q, Q = K = V come with
        "cue_split": "eachhead'sQ",  # the cue both heads' Q are pointed at with
        "cue_scaled": "squareroot",  # the cue E comes with
        "cue_softmax": "SoftmaxturnsE's", "cue_mix": "andC=A·V",  # the cues A, then C, come with
        "cue_dead": "column j",  # the cue the struck rows of W₂ are read over
        "cue_adds": "ThatiswhatPadds",  # the closing cue the boxed conclusion comes with
        "cap_block": "The block itself: first x + F(LN(x)), with attention as F. Then x + F(LN(x)) again, with the feed-forward "
                     "layer as F. What comes out has the shape that went in, so it becomes the next block's input.",
        "closing": "Pre-LN block: x + F(LN(x)), twice",
        "cue_block": "Theblockitself", "cue_again": "again,with", "cue_next": "nextblock's",  # the ending's three cues
        "cue_skip_run": "sidebranch",  # the Why Pre-LN cues the picture keeps step with
        "cue_post": "Post-LN",
        "cue_grad": "gradients",
        "count_2": "Two", "count_3": "Three", "count_4": "Four",
        "cap_close_n": "With P, reordering the tokens changes the numbers themselves, by up to {c} (token {t}, "
                       "dim {k}). That is what P adds: the order of the words now matters.",
    },
    "zh-Hant": {
        "title": "Pre-LN 區塊，一步一步算", "title_swap": "交換兩個詞元：詞序有影響嗎？",
        "node_head": "頭 {h}",
        "pos": "位置 {p}",
        "mean": "均值 μ", "var": "變異數", "mu": "μ", "var_sym": "σ²",
        "std": "標準差 σ", "std_eps": "σ",
        "row": "第 {r} 列",
        "head_tag": "頭 {h}：第 {a}–{b} 維", "head_tag_same": "頭 {h}：同樣的步驟，用第 {a}–{b} 維",
        "head_same": "頭 {h}：第 {a}–{b} 維，步驟相同",
        "skip": "X + P，原封不動",
        "skip_z": "Z′，原封不動",
        "conclusion": "只有加上 P，詞元的輸出才會取決於它的位置。",
        "relu": "ReLU：{m} 個中 {k} 個為負 → 0", "pre_relu": "ReLU 之前",
        "p0": "P = 0（只有詞）",
        "withp": "加上 P", "before_swap": "交換前", "after_swap": "交換後",
        "only_swap": "每個詞元的輸出不變，最大變化 {c}",
        "block": "區塊", "block_p": "區塊",
        "largest": "詞元 {t} 的第 {k} 維：{a} → {b}，差了 {c}",
        "changed": "數值改變，\n最多 {c}",
        "cap_input": "{n}個詞元 {names}，各有四個數。每一列加上它位置的正弦／餘弦列。"
                     "輸入 X + P 仍是 {r} × {c}。",
        "cap_input_p0": "{n}個詞元 {names}，各有四個數。這一趟不加位置（P = 0，只有詞）。輸入就是 X 本身，{r} × {c}。",
        "cap_ln1": "Pre-LN 先逐列正規化：先算每列的均值 μ 和標準差 σ（用母體變異數）。"
                   "詞元 {t} 的 σ = {s}，來自變異數 {v}。每個數先減掉均值 μ。再除以 σ。最後乘 γ、加 β。γ = 1、β = 0，所以每列維持正規化後的值。",
        "cap_ln1_eps": "Pre-LN 先逐列正規化：先算每列的均值 μ 和 σ，σ 是變異數加 ε 再開根號，ε = {e}（用母體變異數）。"
                       "詞元 {t} 的 σ = {s}，來自變異數 {v}。每個數先減掉均值 μ。再除以 σ。最後乘 γ、加 β。γ = 1、β = 0，所以每列維持正規化後的值。",
        "cap_ln1_eps_small": "Pre-LN 先逐列正規化：先算每列的均值 μ 和 σ，σ 是變異數加上式子下方那個很小的 ε 再開根號（用母體變異數）。"
                             "詞元 {t} 的 σ = {s}，來自變異數 {v}。每個數先減掉均值 μ。再除以 σ。最後乘 γ、加 β。γ = 1、β = 0，所以每列維持正規化後的值。",
        "cap_heads": "每個頭都把整列（全部 {d} 維）乘上自己的 {d} × {k} 查詢權重。"
                     "這裡的權重只有 0 和 1。頭 1 的權重挑出第 {a1}–{b1} 維，頭 2 的挑出第 {a2}–{b2} 維。"
                     "所以在這裡，每個頭的 Q，就是這一列的那幾維。學到的權重，則會把 {d} 維全部混在一起。鍵和值的權重也和查詢權重一模一樣，所以 Q = K = V。實際的模型會分別學出鍵、值權重。",
        "cap_attention": "每個頭：每個查詢和每個鍵做內積，得到分數表 S。除以 {dk} 的平方根，得到縮放後的分數 E。逐列 softmax 得到權重 A，再用 C = A·V 混合值向量。",
        "cap_concat": "把兩個頭的輸出並排成 {r} × {c}，再乘上輸出投影：它把兩個頭找到的資訊混合在一起。",
        "cap_head2": "頭 {h} 對第 {a}–{b} 維照做一遍：分數 E、權重 A、輸出 C，都是它自己的。",
        "cap_ln2": "進入前饋層之前再做一次 LayerNorm：Z′ 的每一列都變成均值 0，變異數也變成 1。",
        "cap_ln2_eps": "進入前饋層之前再做一次 LayerNorm：Z′ 的每一列都變成均值 0，變異數略小於 1：ε 讓它到不了 1。",
        "cap_ffn_up": "前饋層先把 LN(Z′) 乘上第一個權重矩陣，升到 {n} 維。ReLU 保留正值，並把框起來的 {k} 個負值都設為 0。",
        "cap_ffn_up_none": "前饋層先把 LN(Z′) 乘上第一個權重矩陣，升到 {n} 維。ReLU 會把負值設為 0；這裡沒有負值，所以什麼都沒變。",
        "cap_ffn_down": "ReLU 給的 0 沒有貢獻：第 j 行的 0 會讓下一個矩陣第 j 列乘上 0。這第二個權重矩陣再降回 {d} 維，得到 F。",
        "cap_ffn_down_none": "再用第二個權重矩陣降回 {d} 維，得到 F。",
        "cap_residual2": "第二個殘差：Z′ 沿著跳線原封不動傳下來，和 F 相遇。兩者之和 Y = Z′ + F 是 {r} × {c}，和輸入同形狀，所以區塊可以堆疊。",
        "cap_swap": "做個測試：交換兩個詞元 a 與 b，位置不動。P = 0（只有詞）時，輸出只是互換位置，分毫不差。沒有 P，區塊就不知道哪個詞元在前。",
        "cap_swap_round": "做個測試：交換兩個詞元 a 與 b，位置不動。P = 0（只有詞）時，輸出只是互換位置，"
                          "差異只有捨入誤差（取兩位小數是 {e}）。沒有 P，區塊就不知道哪個詞元在前。",
        "cap_swap_n": "做個測試：把 {n} 個詞元 {names} 的順序倒過來，位置不動。P = 0（只有詞）時，"
                      "輸出只是跟著換位置，分毫不差。沒有 P，區塊就不知道哪個詞元在前。",
        "cap_swap_n_round": "做個測試：把 {n} 個詞元 {names} 的順序倒過來，位置不動。P = 0（只有詞）時，"
                            "輸出只是跟著換位置，差異只有捨入誤差（取兩位小數是 {e}）。沒有 P，區塊就不知道哪個詞元在前。",
        "cap_close_walk": "現在加上 P。交換之前，輸出就是前面一步步算出的 Y。詞照樣互換位置，輸出卻成了新的數值。和原本相比，詞元 {t} 的第 {k} 維差了 {c}。這就是 P 帶來的：詞序有了意義。",
        "cue_walk_y": "一步步算出的Y",
        "cap_close": "現在加上 P。詞照樣互換位置，輸出卻成了新的數值。和原本相比，詞元 {t} 的第 {k} 維差了 {c}。這就是 P 帶來的：詞序有了意義。",
        "cap_close_tiny": "加上 P 之後，交換詞元也會改變輸出，只是這裡最多只變了 {c}。",
        "cue_subtract": "減掉均值μ",
        "cue_divide": "再除以σ",
        "cue_pick": "只有0和1", "cue_head2": "頭2的挑出", "cue_qkv": "所以Q=K=V", "cue_wo": "再乘上輸出投影",
        "cue_split": "每個頭的Q",
        "cue_scaled": "平方根",
        "cue_softmax": "逐列softmax", "cue_mix": "再用C=A·V",
        "cue_dead": "第j行的0",
        "cue_adds": "這就是P帶來的",
        "cap_block": "區塊本身：先是 x + F(LN(x))，F 是注意力。接著再一次 x + F(LN(x))，這次 F 是前饋層。輸出和輸入形狀相同，所以它直接成為下一個區塊的輸入。",
        "closing": "Pre-LN 區塊：兩次 x + F(LN(x))",
        "cue_block": "區塊本身", "cue_again": "接著再一次", "cue_next": "下一個區塊",
        "cue_skip_run": "為什麼用",  # the input runs over the first two cues
        "cue_post": "Post-LN",
        "cue_grad": "梯度",
        "count_2": "兩", "count_3": "三", "count_4": "四",
        "cap_close_n": "加上 P 之後，調換詞元順序連數值都變了，最多 {c}（詞元 {t} 的第 {k} 維）。這就是 P 帶來的：詞序有了意義。",
    },
    "zh-Hans": {
        "title": "Pre-LN 块，一步一步算", "title_swap": "交换两个词元：词序有影响吗？",
        "node_head": "头 {h}",
        "pos": "位置 {p}",
        "mean": "均值 μ", "mu": "μ", "var_sym": "σ²",
        "var": "方差",
        "std": "标准差 σ", "std_eps": "σ",
        "row": "第 {r} 行",
        "head_tag": "头 {h}：第 {a}–{b} 维", "head_tag_same": "头 {h}：同样的步骤，用第 {a}–{b} 维",
        "head_same": "头 {h}：第 {a}–{b} 维，步骤相同",
        "skip": "X + P，原封不动",
        "skip_z": "Z′，原封不动",
        "conclusion": "只有加上 P，词元的输出才会取决于它的位置。",
        "relu": "ReLU：{m} 个中 {k} 个为负 → 0", "pre_relu": "ReLU 之前",
        "p0": "P = 0（只有词）",
        "withp": "加上 P", "before_swap": "交换前", "after_swap": "交换后",
        "only_swap": "每个词元的输出不变，最大变化 {c}",
        "block": "块", "block_p": "块",
        "largest": "词元 {t} 的第 {k} 维：{a} → {b}，差了 {c}",
        "changed": "数值改变，\n最多 {c}",
        "cap_input": "{n}个词元 {names}，各有四个数。每一行加上它位置的正弦／余弦行。"
                     "输入 X + P 仍是 {r} × {c}。",
        "cap_input_p0": "{n}个词元 {names}，各有四个数。这一趟不加位置（P = 0，只有词）。输入就是 X 本身，{r} × {c}。",
        "cap_ln1": "Pre-LN 先逐行归一化：先算每行的均值 μ 和标准差 σ（用总体方差）。"
                   "词元 {t} 的 σ = {s}，来自方差 {v}。每个数先减掉均值 μ。再除以 σ。最后乘 γ、加 β。γ = 1、β = 0，所以每行维持归一化后的值。",
        "cap_ln1_eps": "Pre-LN 先逐行归一化：先算每行的均值 μ 和 σ，σ 是方差加 ε 再开根号，ε = {e}（用总体方差）。"
                       "词元 {t} 的 σ = {s}，来自方差 {v}。每个数先减掉均值 μ。再除以 σ。最后乘 γ、加 β。γ = 1、β = 0，所以每行维持归一化后的值。",
        "cap_ln1_eps_small": "Pre-LN 先逐行归一化：先算每行的均值 μ 和 σ，σ 是方差加上式子下方那个很小的 ε 再开根号（用总体方差）。"
                             "词元 {t} 的 σ = {s}，来自方差 {v}。每个数先减掉均值 μ。再除以 σ。最后乘 γ、加 β。γ = 1、β = 0，所以每行维持归一化后的值。",
        "cap_heads": "每个头都把整行（全部 {d} 维）乘上自己的 {d} × {k} 查询权重。"
                     "这里的权重只有 0 和 1。头 1 的权重挑出第 {a1}–{b1} 维，头 2 的挑出第 {a2}–{b2} 维。"
                     "所以在这里，每个头的 Q，就是这一行的那几维。学到的权重，则会把 {d} 维全部混在一起。键和值的权重也和查询权重一模一样，所以 Q = K = V。实际的模型会分别学出键、值权重。",
        "cap_attention": "每个头：每个查询和每个键做内积，得到分数表 S。除以 {dk} 的平方根，得到缩放后的分数 E。逐行 softmax 得到权重 A，再用 C = A·V 混合值向量。",
        "cap_concat": "把两个头的输出并排成 {r} × {c}，再乘上输出投影：它把两个头找到的信息混合在一起。",
        "cap_head2": "头 {h} 对第 {a}–{b} 维照做一遍：分数 E、权重 A、输出 C，都是它自己的。",
        "cap_ln2": "进入前馈层之前再做一次 LayerNorm：Z′ 的每一行都变成均值 0，方差也变成 1。",
        "cap_ln2_eps": "进入前馈层之前再做一次 LayerNorm：Z′ 的每一行都变成均值 0，方差略小于 1：ε 让它到不了 1。",
        "cap_ffn_up": "前馈层先把 LN(Z′) 乘上 {d} × {n} 的第一个权重矩阵，升到 {n} 维。ReLU 保留正值，并把框起来的 {k} 个负值都设为 0。",
        "cap_ffn_up_none": "前馈层先把 LN(Z′) 乘上 {d} × {n} 的第一个权重矩阵，升到 {n} 维。ReLU 会把负值设为 0；这里没有负值，所以什么都没变。",
        "cap_ffn_down": "ReLU 给的 0 没有贡献：第 j 列的 0 会让下一个矩阵第 j 行乘上 0。这第二个权重矩阵再降回 {d} 维，得到 F。",
        "cap_ffn_down_none": "再用第二个权重矩阵降回 {d} 维，得到 F。",
        "cap_residual2": "第二个残差：Z′ 沿着跳线原封不动传下来，和 F 相遇。两者之和 Y = Z′ + F 是 {r} × {c}，和输入同形状，所以块可以堆叠。",
        "cap_swap": "做个测试：交换两个词元 a 与 b，位置不动。P = 0（只有词）时，输出只是互换位置，分毫不差。没有 P，块就不知道哪个词元在前。",
        "cap_swap_round": "做个测试：交换两个词元 a 与 b，位置不动。P = 0（只有词）时，输出只是互换位置，"
                          "差异只有舍入误差（取两位小数是 {e}）。没有 P，块就不知道哪个词元在前。",
        "cap_swap_n": "做个测试：把 {n} 个词元 {names} 的顺序倒过来，位置不动。P = 0（只有词）时，"
                      "输出只是跟着换位置，分毫不差。没有 P，块就不知道哪个词元在前。",
        "cap_swap_n_round": "做个测试：把 {n} 个词元 {names} 的顺序倒过来，位置不动。P = 0（只有词）时，"
                            "输出只是跟着换位置，差异只有舍入误差（取两位小数是 {e}）。没有 P，块就不知道哪个词元在前。",
        "cap_close_walk": "现在加上 P。交换之前，输出就是前面一步步算出的 Y。词照样互换位置，输出却成了新的数值。和原来相比，词元 {t} 的第 {k} 维差了 {c}。这就是 P 带来的：词序有了意义。",
        "cue_walk_y": "一步步算出的Y",
        "cap_close": "现在加上 P。词照样互换位置，输出却成了新的数值。和原来相比，词元 {t} 的第 {k} 维差了 {c}。这就是 P 带来的：词序有了意义。",
        "cap_close_tiny": "加上 P 之后，交换词元也会改变输出，只是这里最多只变了 {c}。",
        "cue_subtract": "减掉均值μ",
        "cue_divide": "再除以σ",
        "cue_pick": "只有0和1", "cue_head2": "头2的挑出", "cue_qkv": "所以Q=K=V", "cue_wo": "再乘上输出投影",
        "cue_split": "每个头的Q",
        "cue_scaled": "平方根",
        "cue_softmax": "逐行softmax", "cue_mix": "再用C=A·V",
        "cue_dead": "第j列的0",
        "cue_adds": "这就是P带来的",
        "cap_block": "块本身：先是 x + F(LN(x))，F 是注意力。接着再一次 x + F(LN(x))，这次 F 是前馈层。输出和输入形状相同，所以它直接成为下一个块的输入。",
        "closing": "Pre-LN 块：两次 x + F(LN(x))",
        "cue_block": "块本身", "cue_again": "接着再一次", "cue_next": "下一个块",
        "cue_skip_run": "为什么用",
        "cue_post": "Post-LN",
        "cue_grad": "梯度",
        "count_2": "两", "count_3": "三", "count_4": "四",
        "cap_close_n": "加上 P 之后，调换词元顺序连数值都变了，最多 {c}（词元 {t} 的第 {k} 维）。这就是 P 带来的：词序有了意义。",
    },
}

CLOSE_KEYS = ("cap_close", "cap_close_walk", "cap_close_tiny", "cap_close_n")
for _lang, _s in STRINGS.items():  # each closing caption ends on the block itself, in one wording per language
    _s.update(POSTLN_STRINGS[_lang], **ENDING_STRINGS[_lang], **WHY_STRINGS[_lang], **DEPTH_STRINGS[_lang])  # the Post-LN section's and the stack's last LayerNorm's words
    for _k in CLOSE_KEYS:
        _s[_k] += "".join((" " if _lang == "en" else "") + _s[k] for k in ("cap_block", "cap_final_ln"))


TOKEN_NAMES = "abcd"  # the swap test's names for the tokens, in order


def eps_text(eps: float) -> str:
    """ε as a plain decimal the caption font draws ("0.00001"; no superscripts), or "" when that
    would run past 10 characters (the caption then refers to the ε drawn under the rule)."""
    text = np.format_float_positional(float(eps), trim="-")
    return text if len(text) <= 10 else ""


def token_names(d) -> str:
    """The tokens' names in the order given: "a, b, c"."""
    return ", ".join(TOKEN_NAMES[: d.Y.shape[0]])


def ln2_variance_is_one(d) -> bool:
    """Whether every row of LN(Z′) has variance 1 to the 4 decimals a reader would check (eps = 0)."""
    return all(fmt_num(v, 4) == "1.0000" for v in d.Z_tilde.var(axis=1))


def names_joined(d, lang: str) -> str:
    """The tokens' names as a caption lists them: "a and b", "a, b and c"; 「a、b」 in Chinese."""
    names = TOKEN_NAMES[: d.Y.shape[0]]
    if lang != "en":
        return "、".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def zero_query_rows(d) -> tuple:
    """(head, token) pairs whose query is zero, so their attention row is uniform (checked, not assumed)."""
    return tuple((h, t) for h, t in d.uniform_rows if np.allclose(d.Q[h, t], 0.0, atol=1e-12, rtol=0))


def variants(d) -> dict:
    """{caption: the string key whose claim holds for the record d} (each claim computed, not assumed)."""
    T = d.Y.shape[0]
    many = T > 2
    exact = d.zero_swap_change_max == 0.0
    swap = ("cap_swap_n" if many else "cap_swap") + ("" if exact else ("_round"))
    close = "cap_close_n" if many else "cap_close"
    if fmt_num(d.swap_change_max, 2) in ("0.00", "−0.00"):
        close = "cap_close_tiny"
    elif close == "cap_close" and d.with_p:  # the with-P outputs are the walkthrough's Y: said, and pointed at
        close = "cap_close_walk"
    out = {
        "cap_input": "cap_input" if d.with_p else "cap_input_p0",
        "cap_ln1": ("cap_ln1_eps" if eps_text(d.eps) else "cap_ln1_eps_small") if d.eps > 0 else "cap_ln1",
        "cap_heads": "cap_heads",
        "cap_attention": "cap_attention",
        "cap_concat": "cap_concat",
        "cap_residual1": "cap_residual1", "cap_why_rows": "cap_why_rows",
        "cap_head2": "cap_head2",
        "cap_ln2": "cap_ln2" if ln2_variance_is_one(d) else "cap_ln2_eps",
        "cap_ffn_up": "cap_ffn_up" if d.relu_zeros else "cap_ffn_up_none",
        "cap_ffn_down": "cap_ffn_down" if d.relu_zeros else "cap_ffn_down_none",
        "cap_residual2": "cap_residual2", "cap_postln": "cap_postln" if post_rows_normalised(d) else "cap_postln_eps",
        "cap_swap": swap,
        "cap_close": close,
    }
    return out


def largest_change(d) -> tuple:
    """(row, column) of the swap test's largest change with P, in the reordered pass's rows
    (the token is d.swap_order[row]): the entry the closing cue names and the swap table boxes."""
    r, k = np.unravel_index(np.argmax(np.abs(d.swap_change)), d.swap_change.shape)
    return int(r), int(k)


def caption_args(d, lang: str = "en") -> dict:
    """{caption key: its placeholders}, every value read from the record d (PrenormLesson)."""
    T, width = d.Y.shape
    (a1, *_, b1), (a2, *_, b2) = d.head_dims[:2]
    row = 1  # the row whose statistics the LayerNorm step reads out
    table = STRINGS[lang]
    r_max, k_max = largest_change(d)
    out = {
        "cap_input": {"n": table[f"count_{T}"], "r": d.X_in.shape[0], "c": d.X_in.shape[1],
                      "names": names_joined(d, lang)},
        "cap_ln1": {"row": row, "t": TOKEN_NAMES[row], "v": fmt_num(d.ln1_var[row], 4), "s": fmt_num(d.ln1_std[row], 4),
                    "e": eps_text(d.eps)},
        "cap_heads": {"a1": a1, "b1": b1, "a2": a2, "b2": b2, "d": d.W_Q.shape[1], "k": d.W_Q.shape[2]},
        "cap_attention": {"dk": d.d_k},
        "cap_concat": {"r": d.concat.shape[0], "c": d.concat.shape[1], "d": d.O.shape[1]},
        "cap_residual1": {}, "cap_why_rows": {"m": fmt_num(d.post_sum1_mean[0], 2), "s": fmt_num(d.post_sum1_std[0], 2)},  # Post-LN's first sum: token a's std
        "cap_head2": {"h": 2, "a": a2, "b": b2},
        "cap_ln2": {},
        "cap_ffn_up": {"d": d.W_1.shape[0], "n": d.H.shape[1], "k": d.relu_zeros},
        "cap_ffn_down": {"d": d.F.shape[1]},
        "cap_residual2": {"r": T, "c": width}, "cap_postln": postln_args(d),
        "cap_swap": {"n": T, "names": token_names(d) if lang == "en" else token_names(d).replace(", ", "、"),
                     "e": fmt_num(d.zero_swap_change_max, 2)},  # as the swap panel shows it
        "cap_close": {"c": fmt_num(d.swap_change_max, 2) if fmt_num(d.swap_change_max, 2) != "0.00"
                      else fmt_num(d.swap_change_max, "2s"), "t": TOKEN_NAMES[d.swap_order[r_max]], "k": k_max,
                      "e": fmt_num(d.zero_swap_change_max, 2), "ps": fmt_num(d.Y_std[0], 2),
                      **depth_args(depth_numbers(d)), **curve_args(d)},  # the recap: the gradient over 1 … 24 blocks
    }
    return out


def captions(d, lang: str) -> dict:
    """Every caption of the scene in `lang`, as shown: {key: text}."""
    keys = variants(d)
    return {key: STRINGS[lang][keys[key]].format(**fmt) for key, fmt in caption_args(d, lang).items()}

