"""The captions of seq_number_problems, seq_number_dots and seq_number_ratio (one record, three
figures): every assumption that sets a number the figures draw, in the look's language."""
from __future__ import annotations

from figures.common import base_text
from look import Look, fmt_num

CAPTIONS = {
    "en": {
        "setup": ("The counting position Pₚ = [p, p, …, p] against the sinusoidal encoding PE of the same width, "
                  "d_model = {d} (base {base}), over positions 0 to {last}. "),
        "problems": ("Problem ① of three: every entry of Pₚ is p, so P{lastsub} holds {last} in every dimension and "
                     "the values grow with the position without bound; the {d} dimensions of PE stay within ±1 "
                     "(largest |PE| over the table: {mx})."),
        "dots": ("Problem ② of three: the dot product of positions p and p + k for k = 0 to {kmax}, starting at "
                 "p = {ps}. For P it is d·p·(p + k): a different line for every start, growing without bound "
                 "(up to {top} here). For PE it is Σᵢ cos(k/Dᵢ), which depends on the gap k only: the "
                 "curves of all starts coincide and never leave ±d/2 = ±{half}."),
        "ratio": ("Problem ③ of three: how large the position is next to the content it is added to, "
                  "‖position‖ / ‖content‖, on log–log axes, where Pₚ is a straight line of slope 1; both lines start at "
                  "position 1, because a log axis has no 0 (and the ratio of Pₚ at position 0 is 0). The content "
                  "vector E has per-dimension RMS {rms} (‖E‖ = {norm}). For Pₚ the ratio is p / RMS: {naive}× at "
                  "position {i}. For PE it is "
                  "1/(√2·RMS) = {sin}× at every position, because ‖PE‖ = √(d/2)."),
    },
    "zh-Hant": {
        "setup": "計數式位置 Pₚ = [p, p, …, p] 對照同樣寬度的正弦位置編碼 PE，d_model = {d}（底數 {base}），位置 0 到 {last}。",
        "problems": ("三個問題之 ①：Pₚ 的每個元素都是 p，所以 P{lastsub} 每一維都是 {last}，數值隨位置無限增大；"
                     "PE 的 {d} 個維度都在 ±1 之內（整張表 |PE| 最大為 {mx}）。"),
        "dots": ("三個問題之 ②：位置 p 與 p + k 的點積，k = 0 到 {kmax}，起點 p = {ps}。P 的點積是 d·p·(p + k)："
                 "每個起點一條不同的直線，而且無限增大（此處最大 {top}）。PE 的點積是 Σᵢ cos(k/Dᵢ)，只跟相隔 k 有關："
                 "每個起點的曲線完全重合，也不超出 ±d/2 = ±{half}。"),
        "ratio": ("三個問題之 ③：位置相對於它所加上的內容有多大，即 ‖位置‖ / ‖內容‖（雙對數刻度，Pₚ 是斜率 1 的直線；兩條線都從位置 1 畫起，"
                  "因為對數軸上沒有 0，而 Pₚ 在位置 0 的比值是 0）。內容向量 E 每一維的"
                  "均方根為 {rms}（‖E‖ = {norm}）。Pₚ 的比值是 p / 均方根，位置 {i} 為 {naive} 倍；PE 的比值在每個位置都是 "
                  "1/(√2·均方根) = {sin} 倍，因為 ‖PE‖ = √(d/2)。"),
    },
    "zh-Hans": {
        "setup": "计数式位置 Pₚ = [p, p, …, p] 对照同样宽度的正弦位置编码 PE，d_model = {d}（底数 {base}），位置 0 到 {last}。",
        "problems": ("三个问题之 ①：Pₚ 的每个元素都是 p，所以 P{lastsub} 每一维都是 {last}，数值随位置无限增大；"
                     "PE 的 {d} 个维度都在 ±1 之内（整张表 |PE| 最大为 {mx}）。"),
        "dots": ("三个问题之 ②：位置 p 与 p + k 的点积，k = 0 到 {kmax}，起点 p = {ps}。P 的点积是 d·p·(p + k)："
                 "每个起点一条不同的直线，而且无限增大（此处最大 {top}）。PE 的点积是 Σᵢ cos(k/Dᵢ)，只跟相隔 k 有关："
                 "每个起点的曲线完全重合，也不超出 ±d/2 = ±{half}。"),
        "ratio": ("三个问题之 ③：位置相对于它所加上的内容有多大，即 ‖位置‖ / ‖内容‖（双对数刻度，Pₚ 是斜率 1 的直线；两条线都从位置 1 画起，"
                  "因为对数轴上没有 0，而 Pₚ 在位置 0 的比值是 0）。内容向量 E 每一维的"
                  "均方根为 {rms}（‖E‖ = {norm}）。Pₚ 的比值是 p / 均方根，位置 {i} 为 {naive} 倍；PE 的比值在每个位置都是 "
                  "1/(√2·均方根) = {sin} 倍，因为 ‖PE‖ = √(d/2)。"),
    },
}


_SUBSCRIPT = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def _fields(data, look: Look, DECIMALS: dict) -> dict:
    """The numbers the captions quote, at the rounding the figures' DECIMALS give them."""
    from look import fmt_int

    sep = ", " if look.lang == "en" else "、"
    last = int(data.positions[-1])
    return dict(d=data.d_model, base=base_text(data.base), last=last, lastsub=str(last).translate(_SUBSCRIPT),
                mx=fmt_num(data.sinusoidal_max_abs, DECIMALS["sinusoidal_max_abs"]),
                kmax=int(data.gaps[-1]), ps=sep.join(str(p) for p in data.dot_starts),
                top=fmt_int(int(round(float(data.counting_dots.max())))), half=data.dot_bound,
                rms=fmt_num(data.content_rms, DECIMALS["content_rms"]),
                norm=fmt_num(data.content_norm, DECIMALS["content_norm"]), i=data.example_position,
                naive=fmt_num(data.example_counting_ratio, DECIMALS["example_counting_ratio"]),
                sin=fmt_num(data.example_sinusoidal_ratio, DECIMALS["example_sinusoidal_ratio"]))


def caption_of(part: str, data, look: Look, decimals: dict) -> str:
    """The caption of one of the three figures ("problems", "dots", "ratio")."""
    f = _fields(data, look, decimals)
    c = CAPTIONS[look.lang]
    return c["setup"].format(**f) + c[part].format(**f)
