"""The positional page's widget words (studio.publish.pages.widgets_positional) in three languages.

merge() adds them to text.py's PROSE, UI and PREDICT. Numbers never appear here: the answers'
{fields} come from widgets_positional.positional_predictions, the notes' from the widget records.
"""
from __future__ import annotations

PROSE = {
    "en": {
        "order": "十五 (fifteen) and 五十 (fifty) use the same two characters in two orders. Switch between them "
                 "and watch two things: the bag of vectors the model gets, and the table of pairwise scores.",
        "naive": "The crudest way to add a position: add the seat number to every one of the word's 8 numbers. "
                 "Split the similarity of two placed words into four terms and move the two seats. Both machines "
                 "draw each term's size on the video's log scale (a hollow bar is a negative term), and it opens "
                 "where the video ends: on the word swapped in, at the last seats.",
        "combine": "How do the fingerprint and the word's 8 numbers go together? Three ways side by side: add them "
                   "number by number, append the seat number, append the whole fingerprint. (Here the fingerprint "
                   "has 4 hands, 8 numbers, to sit cell by cell beside an 8-number word vector.)",
        "angles": "Each cell is the angle between a hand's two pointers, read back from the (sin, cos) of two seats "
                  "that are a gap apart. Change the gap: the three cells of a row always agree, because the angle "
                  "depends only on how many seats apart, not on where you start.",
        "cost": "Two bills grow with the sentence: the T × T score table grows as T², the position table (16 "
                "numbers per token) only as T. Move the length.",
    },
    "zh-Hant": {
        "order": "「十五」和「五十」用的是同一批字，只是擺的順序不一樣。來回切換這兩句話，盯住兩個地方："
                 "袋子裡的向量變沒變，兩兩打分的那張表變沒變。",
        "naive": "最笨的塞法：把座位號當成一個數，加到字向量的每一維上。把兩個放好位置的字的相似度拆成四項，"
                 "拖動兩個座位。兩台機器都用影片的對數刻度畫每一項的大小（空心長條是負數），"
                 "並且從影片結束的地方開始：換進來的那個字、最後的兩個座位。",
        "combine": "指紋怎麼和字的 8 個數合起來？三條路並排：逐位相加、拼接座位號、拼接整張指紋。"
                   "（這裡指紋縮到 4 對、8 個數，好跟 8 維的字向量一格對一格。）",
        "angles": "每一格是某根指針在相隔幾個座位的兩個座位之間的夾角，從兩個座位的 (sin, cos) 反推出來。"
                  "改變相隔的座位數：同一列三格永遠一樣，因為角度只跟「隔了幾步」有關，跟從哪裡開始無關。",
        "cost": "兩筆帳跟著句子長度走：T × T 的分數表按 T² 長，位置表（每個 token 16 個數）只按 T 長。拖動長度試試。",
    },
    "zh-Hans": {
        "order": "「十五」和「五十」用的是同一批字，只是摆的顺序不一样。来回切换这两句话，盯住两个地方："
                 "袋子里的向量变没变，两两打分的那张表变没变。",
        "naive": "最笨的塞法：把座位号当成一个数，加到字向量的每一维上。把两个放好位置的字的相似度拆成四项，"
                 "拖动两个座位。两台机器都用视频的对数刻度画每一项的大小（空心长条是负数），"
                 "并且从视频结束的地方开始：换进来的那个字、最后的两个座位。",
        "combine": "指纹怎么和字的 8 个数合起来？三条路并排：逐位相加、拼接座位号、拼接整张指纹。"
                   "（这里指纹缩到 4 对、8 个数，好跟 8 维的字向量一格对一格。）",
        "angles": "每一格是某根指针在相隔几个座位的两个座位之间的夹角，从两个座位的 (sin, cos) 反推出来。"
                  "改变相隔的座位数：同一行三格永远一样，因为角度只跟「隔了几步」有关，跟从哪里开始无关。",
        "cost": "两笔账跟着句子长度走：T × T 的分数表按 T² 长，位置表（每个 token 16 个数）只按 T 长。拖动长度试试。",
    },
}

UI = {
    "en": {
        "order_pos": "Add positions", "pos_show": "Show the answer", "pos_on": "each character carries PE(its seat): x + PE(0), x + PE(1)",
        "pos_off": "words only, no positions",
        "pos_q": "Predict: add the position vectors PE(0) and PE(1), then switch the order. Do the two characters' outputs stay the same?",
        "pos_a": "No: now the seat travels with the vector, so each character's input, scores and output change "
                 "with the order (by up to {pe} in an output). Without positions they are identical.",
        "title_order": "十五 vs 五十: the same bag, the same scores", "order_switch": "Switch the order",
        "sentence": "Sentence", "bag": "The bag: each character's {d} numbers (d = {d})",
        "score_table": "Scores (xW_Q)·(xW_K)/√{d} for every pair, this layer's d = {d} (row: query, column: key)", "outputs": "Attention output per character",
        "order_note": "Without position vectors, the largest difference matched by character: scores {s}, outputs {o}. "
                      "With position vectors added, the outputs differ by up to {pe}.",
        "order_clock": "The clock video below computes the same kind of score in a wider layer (d = {cd}, its own W_Q, "
                       "W_K, √{cd}), so its numbers differ from this table's: there {q} → {k} is {w} with the words only "
                       "in both orders, and with the fingerprints added {pa} in {a} against {pb} in {b}.",
        "fig_names": "In the figure E is the video's E({w0}) and E′ its E({w1}): the same two stand-in word vectors (seed {seed}).", "title_naive": "The seat-number machine: (E + p)·(E′ + q) in four terms", "naive_word": "Word E",
        "p": "Seat p of E", "q": "Seat q of E′", "naive_seats": "Seat numbers added: (E + p·1)·(E′ + q·1)",
        "naive_sincos": "Sin/cos fingerprints added, d = {d}: (E + PE(p))·(E′ + PE(q))", "total": "total", "hollow": "hollow = negative", "size_axis": "|term|, log scale",
        "content_share": "share of ① (the words themselves)",
        "heat_legend": "Colour scale:",
        "heat": "The [32, 16] fingerprint table (rows: seats, columns: the 16 numbers), colours fixed at ±1; "
                "the chosen seat's row is marked",
        "fp_note": "No two rows are alike: neighbouring seats differ by {adjacent} (every pair of neighbours "
                   "alike), the farthest apart (28 seats) by {farthest}. The fastest hand turns {ratio} times as fast as the slowest.",
        "title_combine": "Three ways to combine a word and its seat", "comb_e": "Word E ({word})",
        "comb_pe": "Fingerprint PE(p), d = {d}: {hands} hands",
        "seat_pe": "Seat p's fingerprint PE(p), d = {d}: {hands} hands, {d} numbers", "comb_add": "Add: E + PE",
        "comb_cs": "Append the seat number: [E, p]", "comb_cf": "Append the fingerprint: [E, PE]",
        "width_d": "word width", "width_add": "add", "width_cs": "append seat", "width_cf": "append fingerprint",
        "width_wq": "W_Q weights (add · append seat · append fingerprint)", "widths": "Widths after combining",
        "title_angles": "The hand-angle table: the angle depends only on the gap", "gap_seats": "Gap (seats)",
        "conventions_top": "Conventions on this page: three widths d, each chosen for what its pieces show. The fingerprint of 32 seats (the clock video, the fingerprint table, the distance and hand-angle figures, the seat slider, the angle table, the T² bill) uses d = {fp[d]}, base {fp[base]}: {fp[pairs]} hands, each {fp[slower]} times slower than the last, so the slowest hands are seen to barely move. The 十五 layer, the seat-number machine, the three ways to combine and the waves use d = {layer[d]}, base {layer[base]}: {layer[pairs]} hands, so every number of a vector fits on screen. RoPE uses d = {rope[d]}, base {rope[base]}: two pairs you can watch turn. A number is the same only between pieces with the same d; every video, figure and widget names its d beside it. In every piece hand i is pair i (numbers 2i and 2i + 1), and hand 0 turns 1 rad per seat.",
        "convention_width": "Here d = {d}: the width of every word vector.",
        "terms_key": "The four terms of a score keep one colour each, in the video and in the widget:",
        "convention": "Here d = {d}, base {base}: {pairs} hands, each {slower} times slower than the last.",
        "hand": "hand", "turn": "turn per seat", "predicted": "gap × turn, folded to 0…180°",
        "step_note": "One seat apart, hand 0: seats {a} → {b}: {deg}",
        "title_cost": "The T² bill: score table vs position table", "k": "Tokens T",
        "cost_scores": "Score table T × T (entries)", "cost_positions": "Position table T × 16 (entries)",
        "cost_score_ratio": "Score table, against 1,024 tokens", "cost_position_ratio": "Position table, against 1,024 tokens",
        "cost_bytes": "One score table in float32 (one head, one layer)", "cost_axis": "Entries, log scale 1 … {axis}",
    },
    "zh-Hant": {
        "order_pos": "加上位置", "pos_show": "看答案", "pos_on": "每個字都帶上自己座位的 PE：x + PE(0)、x + PE(1)",
        "pos_off": "只有字，沒有位置",
        "pos_q": "先猜：加上位置向量 PE(0)、PE(1) 之後再切換順序，兩個字的輸出還會一樣嗎？",
        "pos_a": "不一樣了：座位跟著向量走，所以換了順序，每個字的輸入、分數和輸出都跟著變（輸出最多差 {pe}）。"
                 "不加位置時，它們一模一樣。",
        "title_order": "十五 vs 五十：同一袋向量、同一批分數", "order_switch": "切換順序",
        "sentence": "句子", "bag": "袋子：每個字的 {d} 個數（d = {d}）", "score_table": "每一對的分數 (xW_Q)·(xW_K)/√{d}，這一層 d = {d}（列：查詢，欄：鍵）",
        "outputs": "每個字的注意力輸出",
        "order_note": "不加位置向量時，按字對齊後的最大差異：分數 {s}，輸出 {o}。加上位置向量後，輸出最多差 {pe}。",
        "order_clock": "下面的時鐘影片在更寬的一層（d = {cd}，有自己的 W_Q、W_K，除以 √{cd}）算同一種分數，所以數字和這張表不同："
                       "那裡只看字時兩種順序的 {q} → {k} 都是 {w}，加上指紋後「{a}」是 {pa}，「{b}」是 {pb}。",
        "fig_names": "圖裡的 E 就是影片中的 E({w0})，E′ 就是 E({w1})：同一對代用的字向量（種子 {seed}）。", "title_naive": "座位號機器：(E + p)·(E′ + q) 拆成四項", "naive_word": "字 E",
        "p": "E 的座位 p", "q": "E′ 的座位 q", "naive_seats": "加上座位號：(E + p·1)·(E′ + q·1)",
        "naive_sincos": "加上 sin/cos 指紋（d = {d}）：(E + PE(p))·(E′ + PE(q))", "total": "總和", "hollow": "空心 = 負數", "size_axis": "|項|，對數刻度",
        "content_share": "① 所佔比例（字本身）",
        "heat_legend": "顏色刻度：",
        "heat": "[32, 16] 指紋表（列：座位，欄：16 個數），顏色刻度固定在 ±1；選中的座位那一列有標記",
        "fp_note": "沒有兩列一樣：相鄰座位相差 {adjacent}（每一對鄰座都一樣），相距最遠（28 個座位）的相差 {farthest}。最快的指針比最慢的快 {ratio} 倍。",
        "title_combine": "字和座位怎麼合：三條路", "comb_e": "字向量 E（{word}）", "comb_pe": "指紋 PE(p)，d = {d}：{hands} 根指針",
        "seat_pe": "座位 p 的指紋 PE(p)，d = {d}：{hands} 根指針、{d} 個數",
        "comb_add": "逐位相加：E + PE", "comb_cs": "拼接座位號：[E, p]", "comb_cf": "拼接整張指紋：[E, PE]",
        "width_d": "字向量寬度", "width_add": "相加", "width_cs": "拼接座位號", "width_cf": "拼接指紋",
        "width_wq": "W_Q 權重數（相加 · 拼接座位號 · 拼接指紋）", "widths": "合起來之後的寬度",
        "title_angles": "指針夾角表：角度只看相隔幾步", "gap_seats": "相隔（座位數）",
        "conventions_top": "本頁的約定：三種寬度 d，各按它要呈現的東西而選。32 個座位的指紋（時鐘影片、指紋表、距離圖與指針角度圖、座位滑桿、角度表、T² 帳單）用 d = {fp[d]}、底數 {fp[base]}：{fp[pairs]} 根指針，每根比前一根慢 {fp[slower]} 倍，看得出最慢的幾根幾乎不動。十五那一層、座位號機器、三種結合方式和波形圖用 d = {layer[d]}、底數 {layer[base]}：{layer[pairs]} 根指針，向量的每個數都放得進畫面。RoPE 用 d = {rope[d]}、底數 {rope[base]}：看得見兩組在轉。只有 d 相同的部分，數字才會相同；每段影片、每張圖、每個元件旁邊都寫明它的 d。每一處的指針 i 都是第 i 組（第 2i 與 2i + 1 個數），指針 0 每個座位轉 1 弧度。",
        "convention_width": "此處 d = {d}：每個詞向量的寬度。",
        "terms_key": "分數的四項各有固定顏色，影片和元件裡都一樣：",
        "convention": "此處 d = {d}、底數 {base}：{pairs} 根指針，每根比前一根慢 {slower} 倍。",
        "hand": "指針", "turn": "每個座位轉", "predicted": "相隔 × 每步轉角，折到 0…180°",
        "step_note": "相隔一個座位，第 0 根指針：座位 {a} → {b}：{deg}",
        "title_cost": "T² 的帳：分數表對照位置表", "k": "token 數 T",
        "cost_scores": "分數表 T × T（個數）", "cost_positions": "位置表 T × 16（個數）",
        "cost_score_ratio": "分數表，相對於 1,024 個 token", "cost_position_ratio": "位置表，相對於 1,024 個 token",
        "cost_bytes": "一張 float32 分數表（一個頭、一層）", "cost_axis": "個數，對數刻度 1 … {axis}",
    },
    "zh-Hans": {
        "order_pos": "加上位置", "pos_show": "看答案", "pos_on": "每个字都带上自己座位的 PE：x + PE(0)、x + PE(1)",
        "pos_off": "只有字，没有位置",
        "pos_q": "先猜：加上位置向量 PE(0)、PE(1) 之后再切换顺序，两个字的输出还会一样吗？",
        "pos_a": "不一样了：座位跟着向量走，所以换了顺序，每个字的输入、分数和输出都跟着变（输出最多差 {pe}）。"
                 "不加位置时，它们一模一样。",
        "title_order": "十五 vs 五十：同一袋向量、同一批分数", "order_switch": "切换顺序",
        "sentence": "句子", "bag": "袋子：每个字的 {d} 个数（d = {d}）", "score_table": "每一对的分数 (xW_Q)·(xW_K)/√{d}，这一层 d = {d}（行：查询，列：键）",
        "outputs": "每个字的注意力输出",
        "order_note": "不加位置向量时，按字对齐后的最大差异：分数 {s}，输出 {o}。加上位置向量后，输出最多差 {pe}。",
        "order_clock": "下面的时钟视频在更宽的一层（d = {cd}，有自己的 W_Q、W_K，除以 √{cd}）算同一种分数，所以数字和这张表不同："
                       "那里只看字时两种顺序的 {q} → {k} 都是 {w}，加上指纹后“{a}”是 {pa}，“{b}”是 {pb}。",
        "fig_names": "图里的 E 就是视频中的 E({w0})，E′ 就是 E({w1})：同一对代用的字向量（种子 {seed}）。", "title_naive": "座位号机器：(E + p)·(E′ + q) 拆成四项", "naive_word": "字 E",
        "p": "E 的座位 p", "q": "E′ 的座位 q", "naive_seats": "加上座位号：(E + p·1)·(E′ + q·1)",
        "naive_sincos": "加上 sin/cos 指纹（d = {d}）：(E + PE(p))·(E′ + PE(q))", "total": "总和", "hollow": "空心 = 负数", "size_axis": "|项|，对数刻度",
        "content_share": "① 所占比例（字本身）",
        "heat_legend": "颜色刻度：",
        "heat": "[32, 16] 指纹表（行：座位，列：16 个数），颜色刻度固定在 ±1；选中的座位那一行有标记",
        "fp_note": "没有两行一样：相邻座位相差 {adjacent}（每一对邻座都一样），相距最远（28 个座位）的相差 {farthest}。最快的指针比最慢的快 {ratio} 倍。",
        "title_combine": "字和座位怎么合：三条路", "comb_e": "字向量 E（{word}）", "comb_pe": "指纹 PE(p)，d = {d}：{hands} 根指针",
        "seat_pe": "座位 p 的指纹 PE(p)，d = {d}：{hands} 根指针、{d} 个数",
        "comb_add": "逐位相加：E + PE", "comb_cs": "拼接座位号：[E, p]", "comb_cf": "拼接整张指纹：[E, PE]",
        "width_d": "字向量宽度", "width_add": "相加", "width_cs": "拼接座位号", "width_cf": "拼接指纹",
        "width_wq": "W_Q 权重数（相加 · 拼接座位号 · 拼接指纹）", "widths": "合起来之后的宽度",
        "title_angles": "指针夹角表：角度只看相隔几步", "gap_seats": "相隔（座位数）",
        "conventions_top": "本页的约定：三种宽度 d，各按它要呈现的东西而选。32 个座位的指纹（时钟视频、指纹表、距离图与指针角度图、座位滑块、角度表、T² 账单）用 d = {fp[d]}、底数 {fp[base]}：{fp[pairs]} 根指针，每根比前一根慢 {fp[slower]} 倍，看得出最慢的几根几乎不动。十五那一层、座位号机器、三种结合方式和波形图用 d = {layer[d]}、底数 {layer[base]}：{layer[pairs]} 根指针，向量的每个数都放得进画面。RoPE 用 d = {rope[d]}、底数 {rope[base]}：看得见两组在转。只有 d 相同的部分，数字才会相同；每段视频、每张图、每个组件旁边都写明它的 d。每一处的指针 i 都是第 i 组（第 2i 与 2i + 1 个数），指针 0 每个座位转 1 弧度。",
        "convention_width": "此处 d = {d}：每个词向量的宽度。",
        "terms_key": "分数的四项各有固定颜色，视频和组件里都一样：",
        "convention": "此处 d = {d}、底数 {base}：{pairs} 根指针，每根比前一根慢 {slower} 倍。",
        "hand": "指针", "turn": "每个座位转", "predicted": "相隔 × 每步转角，折到 0…180°",
        "step_note": "相隔一个座位，第 0 根指针：座位 {a} → {b}：{deg}",
        "title_cost": "T² 的账：分数表对照位置表", "k": "token 数 T",
        "cost_scores": "分数表 T × T（个数）", "cost_positions": "位置表 T × 16（个数）",
        "cost_score_ratio": "分数表，相对于 1,024 个 token", "cost_position_ratio": "位置表，相对于 1,024 个 token",
        "cost_bytes": "一张 float32 分数表（一个头、一层）", "cost_axis": "个数，对数刻度 1 … {axis}",
    },
}

PREDICT = {
    "en": {
        "order": ("Predict: switch {a} to {b}. Which numbers in the score table change?",
                  "None: the same four numbers trade places (rows and columns swap); matched by character the "
                  "largest difference is {dev}."),
        "naive": ("Predict: both words at seat {p}. What share of (E + p)·(E′ + q) is term ①, the words themselves?",
                  "{share} % with seat numbers (④ alone is {four}, ① only {one}); {sincos} % with sin/cos fingerprints."),
        "combine": ("Predict: a model {d} numbers wide appends the whole fingerprint instead of adding it. How wide is "
                    "its input, and how many weights does W_Q need?",
                    "{concat} numbers, and W_Q grows from {wq_add} to {wq_concat} weights (W_K and W_V alike)."),
        "angles": ("Predict: hand 0 from seat {a} to {b}, and from seat {c} to {d}. Same angle or not?",
                   "The same: {first} and {last}. Both are {gap} seats apart."),
        "cost": ("Predict: the sentence grows from {short} to {long} tokens. How many times larger is the score table?",
                 "{scores} times (the length ratio squared); the position table only {positions} times."),
    },
    "zh-Hant": {
        "order": ("先猜：把「{a}」切成「{b}」，分數表裡哪些數會變？",
                  "一個都不變：同樣四個數只是換了位置（列和欄對調）；按字對齊後最大差異是 {dev}。"),
        "naive": ("先猜：兩個字都坐在座位 {p}，(E + p)·(E′ + q) 裡字本身的 ① 佔多少？",
                  "加座位號時佔 {share} %（④ 一項就是 {four}，① 只有 {one}）；加 sin/cos 指紋時佔 {sincos} %。"),
        "combine": ("先猜：一個 {d} 維的模型不相加、改為拼接整張指紋，輸入變成多寬？W_Q 要多少權重？",
                    "{concat} 維；W_Q 從 {wq_add} 個權重變成 {wq_concat} 個（W_K、W_V 也一樣）。"),
        "angles": ("先猜：第 0 根指針從座位 {a} 到 {b}，和從座位 {c} 到 {d}，夾角一樣嗎？",
                   "一樣：{first} 和 {last}。兩者都隔了 {gap} 個座位。"),
        "cost": ("先猜：句子從 {short} 個 token 長到 {long} 個，分數表變大幾倍？",
                 "{scores} 倍（長度倍數的平方）；位置表只大 {positions} 倍。"),
    },
    "zh-Hans": {
        "order": ("先猜：把「{a}」切成「{b}」，分数表里哪些数会变？",
                  "一个都不变：同样四个数只是换了位置（行和列对调）；按字对齐后最大差异是 {dev}。"),
        "naive": ("先猜：两个字都坐在座位 {p}，(E + p)·(E′ + q) 里字本身的 ① 占多少？",
                  "加座位号时占 {share} %（④ 一项就是 {four}，① 只有 {one}）；加 sin/cos 指纹时占 {sincos} %。"),
        "combine": ("先猜：一个 {d} 维的模型不相加、改为拼接整张指纹，输入变成多宽？W_Q 要多少权重？",
                    "{concat} 维；W_Q 从 {wq_add} 个权重变成 {wq_concat} 个（W_K、W_V 也一样）。"),
        "angles": ("先猜：第 0 根指针从座位 {a} 到 {b}，和从座位 {c} 到 {d}，夹角一样吗？",
                   "一样：{first} 和 {last}。两者都隔了 {gap} 个座位。"),
        "cost": ("先猜：句子从 {short} 个 token 长到 {long} 个，分数表变大几倍？",
                 "{scores} 倍（长度倍数的平方）；位置表只大 {positions} 倍。"),
    },
}


def merge(prose: dict, ui: dict, predict: dict) -> None:
    """Add this page's words to text.py's dictionaries, language by language."""
    for lang in PROSE:
        prose[lang].update(PROSE[lang])
        ui[lang].update(UI[lang])
        predict[lang].update(PREDICT[lang])
