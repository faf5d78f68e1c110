"""Positional encoding: the catalogue rows of topic "positional",
seeds 001 and 002: the sinusoidal table, why attention needs positions, RoPE.

One `_e(...)` per entry (docs/adding-an-entry.md §2), in the order `render.py list` shows them."""
from __future__ import annotations

from studio.catalogue.entry import Accepts, Param, _e  # noqa: F401 (Accepts, Param: for a row's parameters)

ROWS = (
    _e(
        "pe_clock", "scene", "scenes.pe_clock", "engine.positional:fingerprint",
        "Eight clock hands give every seat a fingerprint: the [32, 16] sinusoidal table, animated.",
        "八根快慢不同的指針替每個座位發一張指紋：[32, 16] 正餘弦位置編碼表，動畫呈現。",
        "八根快慢不同的指针给每个座位发一张指纹：[32, 16] 正余弦位置编码表，动画呈现。",
        "positional",
    ),
    _e(
        "pe_table", "figure", "figures.pe_table", "engine.positional:fingerprint",
        "The [32, 16] fingerprint table as a heatmap, colour scale fixed at ±1, negative cells hatched: "
        "the left hands change fast from seat to seat, the right ones slowly.",
        "[32, 16] 指紋表熱圖，色階固定在 ±1，負數格子畫斜線：左邊的指針每過一個座位就變很多，右邊的變得很慢。",
        "[32, 16] 指纹表热图，色阶固定在 ±1，负数格子画斜线：左边的指针每过一个座位就变很多，右边的变得很慢。",
        "positional",
    ),
    _e(
        "pe_distance", "figure", "figures.pe_distance", "engine.pe_geometry:distance_profile",
        "Distances between the 32 fingerprints as a 32 × 32 matrix: 1.0147 for all adjacent pairs, "
        "largest within seats 0–31: 3.5091 at gap 28 (four pairs tie); the same colour along every diagonal.",
        "32 張指紋兩兩之間的距離，32 × 32 矩陣：相鄰座位全是 1.0147，座位 0–31 之內相隔 28 時最大 3.5091（四對並列）；每條對角線上顏色都一樣。",
        "32 张指纹两两之间的距离，32 × 32 矩阵：相邻座位全是 1.0147，座位 0–31 之内相隔 28 时最大 3.5091（四对并列）；每条对角线上颜色都一样。",
        "positional",
    ),
    _e(
        "pe_distance_gap", "figure", "figures.pe_distance_gap", "engine.pe_geometry:distance_profile",
        "The fingerprint distance depends only on the gap: distance vs gap, 1.0147 at gap 1, "
        "largest within seats 0–31: 3.5091 at gap 28.",
        "指紋距離只看相隔幾步：距離對相隔步數的曲線，相隔 1 是 1.0147，座位 0–31 之內相隔 28 最大，3.5091。",
        "指纹距离只看相隔几步：距离随相隔步数的曲线，相隔 1 是 1.0147，座位 0–31 之内相隔 28 最大，3.5091。",
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
        "pe_waves_vector", "figure", "figures.pe_waves_vector", "engine.pe_waves:wave_samples",
        "The 8 values of PE(3) as boxes on the fixed ±1 scale, each from its wave.",
        "PE(3) 的 8 個值畫成方格，色階固定在 ±1，每個值來自它的波。",
        "PE(3) 的 8 个值画成方格，色阶固定在 ±1，每个值来自它的波。",
        "positional",
    ),
    _e(
        "pe_dot_distance", "figure", "figures.pe_dot_distance", "engine.pe_waves:dot_distance",
        "PE(p)·PE(p+k) = Σ cos(k/Dᵢ) depends only on the gap k: the same curve for every starting seat p "
        "(the derivation is in the caption).",
        "PE(p)·PE(p+k) = Σ cos(k/Dᵢ) 只取決於相隔 k：每個起始座位 p 都落在同一條曲線上（推導寫在說明文字裡）。",
        "PE(p)·PE(p+k) = Σ cos(k/Dᵢ) 只取决于相隔 k：每个起始座位 p 都落在同一条曲线上（推导写在说明文字里）。",
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
        "seq_number_dots", "figure", "figures.seq_number_dots", "engine.pe_waves:seq_number_problems",
        "Why P_i = [i, …, i] fails, problem 2: its dot products have no bounded relative "
        "structure; sin/cos give one curve for every start.",
        "為什麼 P_i = [i, …, i] 不行之二：點積沒有有界的相對結構；正餘弦編碼每個起點都是同一條曲線。",
        "为什么 P_i = [i, …, i] 不行之二：点积没有有界的相对结构；正余弦编码每个起点都是同一条曲线。",
        "positional",
    ),
    _e(
        "seq_number_ratio", "figure", "figures.seq_number_ratio", "engine.pe_waves:seq_number_problems",
        "Why P_i = [i, …, i] fails, problem 3: the position drowns the content; sin/cos stay "
        "below it.",
        "為什麼 P_i = [i, …, i] 不行之三：位置蓋過內容；正餘弦編碼比內容小。",
        "为什么 P_i = [i, …, i] 不行之三：位置盖过内容；正余弦编码比内容小。",
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
)
