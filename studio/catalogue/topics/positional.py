"""Positional encoding: the catalogue rows of topic "positional",
seeds 001 and 002: the sinusoidal table, why attention needs positions, RoPE.

One `_e(...)` per entry (docs/adding-an-entry.md §2), in the order `render.py list` shows them."""
from __future__ import annotations

from studio.catalogue.entry import Accepts, Param, _e  # noqa: F401 (Accepts, Param: for a row's parameters)

ROWS = (
    _e(
        "pe_clock", "scene", "scenes.pe_clock", "engine.word_order:clock_lesson",
        "Eight clock hands give every seat a fingerprint: the [32, 16] sinusoidal table, animated.",
        "八根快慢不同的指針替每個座位發一張指紋：[32, 16] 正餘弦位置編碼表，動畫呈現。",
        "八根快慢不同的指针给每个座位发一张指纹：[32, 16] 正余弦位置编码表，动画呈现。",
        "positional",
    ),
    _e(
        "pe_table", "figure", "figures.pe_table", "engine.positional:fingerprint",
        "The [32, 16] fingerprint table as a heatmap, colour scale fixed at ±1, negative cells marked −: "
        "the left pairs change fast from position to position, the right ones slowly.",
        "[32, 16] 指紋表熱圖，色階固定在 ±1，負數格子標上 −：左邊的幾組每過一個位置就變很多，右邊的變得很慢。",
        "[32, 16] 指纹表热图，色阶固定在 ±1，负数格子标上 −：左边的几组每过一个位置就变很多，右边的变得很慢。",
        "positional",
    ),
    _e(
        "pe_distance", "figure", "figures.pe_distance", "engine.pe_geometry:distance_profile",
        "Distances between the 32 fingerprints (d = 16) as a 32 × 32 matrix: the same colour along every "
        "diagonal, so the distance depends only on the gap; the gap-5 diagonal is outlined, 1.9303 in all 27 cells.",
        "32 張指紋（d = 16）兩兩之間的距離，32 × 32 矩陣：每條對角線上顏色都一樣，所以距離只看相隔；框出相隔 5 的對角線，27 格都是 1.9303。",
        "32 张指纹（d = 16）两两之间的距离，32 × 32 矩阵：每条对角线上颜色都一样，所以距离只看相隔；框出相隔 5 的对角线，27 格都是 1.9303。",
        "positional",
    ),
    _e(
        "pe_distance_gap", "figure", "figures.pe_distance_gap", "engine.pe_geometry:distance_profile",
        "The fingerprint distance depends only on the gap: distance vs gap (d = 16), 1.0147 at gap 1; "
        "row 0 drawn as dots alone at every whole gap, nothing between them; the rows from starts 11 and 21, drawn as rings, coincide with it wherever they reach (gaps 0–20 and 0–10).",
        "指紋距離只看相隔幾步：距離對相隔步數（d = 16），相隔 1 是 1.0147；第 0 列在每個整數相隔畫成圓點，點與點之間不連線；起點 11、21 的列畫成圓圈，在到得了的相隔（0–20、0–10）都和它重合。",
        "指纹距离只看相隔几步：距离随相隔步数（d = 16），相隔 1 是 1.0147；第 0 行在每个整数相隔画成圆点，点与点之间不连线；起点 11、21 的行画成圆圈，在够得着的相隔（0–20、0–10）都和它重合。",
        "positional",
    ),
    _e(
        "pe_angles", "figure", "figures.pe_angles", "engine.pe_geometry:angle_table",
        "Clock dials, one wedge per move: moving 3 positions from 2, 11 or 28 opens the same wedge whatever "
        "the start, each pair its own angle (172° on pair 0, 54° on pair 1, down to 0.054° on pair 7); one position turns the fastest pair 1 rad = 57.30°.",
        "時鐘鐘面，每次挪動畫成一個扇形：從 2、11 或 28 出發挪 3 個位置，不論起點，每組張開的扇形都一樣，各組角度不同"
        "（第 0 組是 172°，第 1 組是 54°，一直到第 7 組的 0.054°）；一個位置讓最快的一組轉 1 弧度 = 57.30°。",
        "时钟钟面，每次挪动画成一个扇形：从 2、11 或 28 出发挪 3 个位置，不论起点，每组张开的扇形都一样，各组角度不同"
        "（第 0 组是 172°，第 1 组是 54°，一直到第 7 组的 0.054°）；一个位置让最快的一组转 1 弧度 = 57.30°。",
        "positional",
    ),
    _e(
        "pe_waves", "figure", "figures.pe_waves", "engine.pe_waves:wave_samples",
        "Sinusoidal positional encoding as waves: with d_model = 8 each position is read from four sin/cos "
        "pairs (denominators 1, 10, 100, 1000); the fast pair tells neighbours apart, the slow one far "
        "positions (the values at position 3 are in pe_waves_vector).",
        "正弦位置編碼畫成波：d_model = 8 時每個位置讀自四組 sin/cos（分母 1、10、100、1000）；快的一組分辨相鄰位置，"
        "慢的一組分辨遠處的位置（位置 3 的值見 pe_waves_vector）。",
        "正弦位置编码画成波：d_model = 8 时每个位置读自四组 sin/cos（分母 1、10、100、1000）；快的一组分辨相邻位置，"
        "慢的一组分辨远处的位置（位置 3 的值见 pe_waves_vector）。",
        "positional",
    ),
    _e(
        "pe_waves_vector", "figure", "figures.pe_waves_vector", "engine.pe_waves:wave_samples",
        "The position vectors PE(3) and PE(4), one row each: 8 values between −1 and +1, sin and cos "
        "alternating; from 3 to 4 the fast pairs change, the slow pairs stay near (0, 1).",
        "位置向量 PE(3) 與 PE(4)，各佔一列：8 個值都在 −1 與 +1 之間，sin 與 cos 交替；從 3 到 4，快的幾組變了，慢的幾組仍接近 (0, 1)。",
        "位置向量 PE(3) 与 PE(4)，各占一行：8 个值都在 −1 与 +1 之间，sin 与 cos 交替；从 3 到 4，快的几组变了，慢的几组仍接近 (0, 1)。",
        "positional",
    ),
    _e(
        "pe_dot_distance", "figure", "figures.pe_dot_distance", "engine.pe_waves:dot_distance",
        "PE(p)·PE(p+k) = Σ cos(k/Dᵢ) depends only on the gap k: the same curve for every starting position p "
        "(ringed where all four starts are drawn).",
        "PE(p)·PE(p+k) = Σ cos(k/Dᵢ) 只取決於相隔 k：每個起始位置 p 都落在同一條曲線上（四個起點都畫出的地方圈起來）。",
        "PE(p)·PE(p+k) = Σ cos(k/Dᵢ) 只取决于相隔 k：每个起始位置 p 都落在同一条曲线上（四个起点都画出的地方圈起来）。",
        "positional",
    ),
    _e(
        "pe_combine", "figure", "figures.pe_combine", "engine.costs:combine_costs",
        "Add vs concatenate: adding the fingerprint keeps a token's 8 numbers, appending the position "
        "number makes 9, appending the fingerprint doubles them to 16.",
        "相加還是拼接位置向量：加上指紋仍是 8 個數，拼接位置編號變成 9 個，拼接整張指紋加倍成 16 個。",
        "相加还是拼接位置向量：加上指纹仍是 8 个数，拼接位置编号变成 9 个，拼接整张指纹加倍成 16 个。",
        "positional",
    ),
    _e(
        "seq_number_problems", "figure", "figures.seq_number_problems", "engine.pe_waves:seq_number_problems",
        "Why Pₚ = [p, …, p] fails, problem 1: its values grow without bound (63 at position 63), while "
        "sin/cos stay within ±1.",
        "為什麼 Pₚ = [p, …, p] 不行之一：數值沒有上限（位置 63 就是 63），正餘弦編碼卻不超過 ±1。",
        "为什么 Pₚ = [p, …, p] 不行之一：数值没有上限（位置 63 就是 63），正余弦编码却不超过 ±1。",
        "positional",
    ),
    _e(
        "seq_number_dots", "figure", "figures.seq_number_dots", "engine.pe_waves:seq_number_problems",
        "Why Pₚ = [p, …, p] fails, problem 2: its dot product depends on the start p and grows without "
        "limit; the sin/cos dot product depends only on the gap k, one curve for every start.",
        "為什麼 Pₚ = [p, …, p] 不行之二：點積看起點 p 在哪裡，而且無限增大；正餘弦編碼的點積只看相隔 k，每個起點都是同一條曲線。",
        "为什么 Pₚ = [p, …, p] 不行之二：点积看起点 p 在哪里，而且无限增大；正余弦编码的点积只看相隔 k，每个起点都是同一条曲线。",
        "positional",
    ),
    _e(
        "seq_number_ratio", "figure", "figures.seq_number_ratio", "engine.pe_waves:seq_number_problems",
        "Why Pₚ = [p, …, p] fails, problem 3: the position drowns the content (12× its size at "
        "position 12), while sin/cos stay below it (0.71× for content of RMS 1, as assumed).",
        "為什麼 Pₚ = [p, …, p] 不行之三：位置蓋過內容（位置 12 是內容的 12 倍），正餘弦編碼卻比內容小（假設內容 RMS 為 1 時是 0.71 倍）。",
        "为什么 Pₚ = [p, …, p] 不行之三：位置盖过内容（位置 12 是内容的 12 倍），正余弦编码却比内容小（假设内容 RMS 为 1 时是 0.71 倍）。",
        "positional",
    ),
    _e(
        "rnn_vs_attention", "figure", "figures.rnn_vs_attention", "engine.costs:rnn_vs_attention",
        "x₁ reaches position 6 in 5 steps in an RNN, in 1 step in self-attention: an RNN's serial chain carries the first token to the last in N − 1 hops, self-attention's all-pairs matrix (N² pairs) in one parallel step; without a position encoding, nothing in those pairs says which token came first.",
        "x₁ 到位置 6，在 RNN 裡要走 5 步，在自注意力裡只要 1 步：RNN 的串行鏈要走 N − 1 步才把第一個詞元帶到最後一個，自注意力的全配對矩陣（N² 個配對）一個並行步驟就到；沒有位置編碼時，這些配對裡沒有東西說明誰先出現。",
        "x₁ 到位置 6，在 RNN 里要走 5 步，在自注意力里只要 1 步：RNN 的串行链要走 N − 1 步才把第一个词元带到最后一个，自注意力的全配对矩阵（N² 个配对）一个并行步骤就到；没有位置编码时，这些配对里没有东西说明谁先出现。",
        "positional",
    ),
    _e(
        "attention_cost", "figure", "figures.attention_cost", "engine.costs:attention_cost",
        "One layer's score tables grow as T², one stored T × 768 table only as T: GPT-2 small's 12 heads × T × T scores of one "
        "layer (a forward pass computes 144 tables, 12 layers × 12 heads) vs one layer's input activations, T × 768 (one of the tables a layer keeps for the backward pass, not all); "
        "from 1,024 to 32,768 tokens the score tables grow 1,024×, the input activations 32×.",
        "一層的分數表隨 T² 增長，一張存下的 T × 768 表只隨 T 增長："
        "GPT-2 small 一層 12 個頭 × T × T 個分數（一次前向傳遞算 144 張表，12 層 × 12 個頭）對照一層的輸入激活值，T × 768（一層為反向傳遞留下的表之一，不是全部）；從 1,024 到 32,768 個 token，分數表漲 1,024 倍，輸入激活值漲 32 倍。",
        "一层的分数表随 T² 增长，一张存下的 T × 768 表只随 T 增长："
        "GPT-2 small 一层 12 个头 × T × T 个分数（一次前向传播算 144 张表，12 层 × 12 个头）对照一层的输入激活值，T × 768（一层为反向传播留下的表之一，不是全部）；从 1,024 到 32,768 个 token，分数表涨 1,024 倍，输入激活值涨 32 倍。",
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
        "Score tables of two word orders, dog bites man and man bites dog: without positions they hold the "
        "same numbers, rows and columns only permuted (S_b = P S_a Pᵀ).",
        "兩種語序的分數表，dog bites man 與 man bites dog：沒有位置資訊時數值相同，"
        "只是列與行換了位置（S_b = P S_a Pᵀ）。",
        "两种语序的分数表，dog bites man 与 man bites dog：没有位置信息时数值相同，"
        "只是行与列换了位置（S_b = P S_a Pᵀ）。",
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
        "Adding the position number to a word vector: of the four terms of (E+p)·(E′+q), p·q·d grows "
        "with the square of the position (1,152 at 12) while the content term stays at 0.795.",
        "把位置編號加到字向量上：(E+p)·(E′+q) 的四項中，p·q·d 隨位置的平方增長（位置 12 時為 1,152），"
        "內容項卻一直是 0.795。",
        "把位置编号加到字向量上：(E+p)·(E′+q) 的四项中，p·q·d 随位置的平方增长（位置 12 时为 1,152），"
        "内容项却一直是 0.795。",
        "positional",
    ),
    _e(
        "rope_rotation", "scene", "scenes.rope_rotation", "engine.rope:rope_lesson",
        "RoPE: q and k cut into 2-D planes and rotated by their positions; the score depends only on m − n.",
        "RoPE：把 q、k 切成二維平面，按位置旋轉；分數只取決於 m − n。",
        "RoPE：把 q、k 切成二维平面，按位置旋转；分数只取决于 m − n。",
        "positional",
    ),
)

# The teaching order, used by the lesson page and the deck (studio.catalogue.order): "scene@section"
# is the scene up to the pause that holds that section, a bare scene name the rest of it; a figure or
# a widget comes right after the scene pause it illustrates.
LESSON = (
    # the RNN figure where the scene first has attention score every pair (its "scores" section):
    # the order an RNN builds into its serial chain is what those all-pairs scores leave out
    "permutation@scores", "rnn_vs_attention",
    "permutation@outputs", "order", "permutation@summary", "permutation_fig", "permutation",
    "naive_position@bars", "naive", "naive_position", "naive_position_fig",
    "seq_number_problems", "seq_number_dots", "seq_number_ratio",
    "pe_clock@hands", "pe_waves", "pe_waves_vector", "pe_clock@compare", "seat", "pe_table",
    "pe_clock@relative", "angles", "pe_angles", "pe_distance", "pe_distance_gap", "pe_dot_distance", "pe_clock",
    "combine", "pe_combine", "attention_cost", "cost",
    "rope_rotation@gap", "rope", "rope_rotation",
)
