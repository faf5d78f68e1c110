"""What the rotation entries accept (studio.catalogue.params): RoPE (rope_rotation) and the seat-number
machine (naive_position, naive_position_fig)."""
from __future__ import annotations

from studio.catalogue.params import Accepts, Param

# -- rope_rotation --------------------------------------------------------------------------------
VALUE_MAX = 10.0  # each number of q and k: the score panel and the planes' numbers have room for this

BASE = Param(
    "base", "float", lo=2, hi=1e7, examples=(500_000.0,),
    help={"en": "the RoPE base: pair i turns base^(−2i/d) radians per position (10,000 in the "
                "RoPE paper, 500,000 in Llama 3; 100 here so the slow plane visibly turns)",
          "zh-Hant": "RoPE 的底數：第 i 對每個位置轉 base^(−2i/d) 弧度（RoPE 論文用 10,000，"
                     "Llama 3 用 500,000；這裡預設 100，慢的平面才看得出在轉）",
          "zh-Hans": "RoPE 的底数：第 i 对每个位置转 base^(−2i/d) 弧度（RoPE 论文用 10,000，"
                     "Llama 3 用 500,000；这里默认 100，慢的平面才看得出在转）"},
)
Q = Param(
    "q", "vector", lo=2, hi=8, examples=((10.0, -10.0, 0.0, 10.0),),
    help={"en": "the query after the projection, before rotation: an even number (2 to 8) of "
                "numbers from −10 to 10, cut into 2-D planes; same width as k",
          "zh-Hant": "投影之後、旋轉之前的 query：偶數個（2 到 8 個）介於 −10 與 10 的數，"
                     "兩兩一組切成二維平面；寬度要和 k 相同",
          "zh-Hans": "投影之后、旋转之前的 query：偶数个（2 到 8 个）介于 −10 与 10 的数，"
                     "两两一组切成二维平面；宽度要和 k 相同"},
)
K = Param(
    "k", "vector", lo=2, hi=8, examples=((0.5, -1.0, -0.2, 0.4),),
    help={"en": "the key after the projection, before rotation: same width as q, numbers from −10 to 10",
          "zh-Hant": "投影之後、旋轉之前的 key：寬度和 q 相同，每個數介於 −10 與 10",
          "zh-Hans": "投影之后、旋转之前的 key：宽度和 q 相同，每个数介于 −10 与 10"},
)
M = Param(
    "m", "int", lo=0, hi=20, examples=(1,),
    help={"en": "the query's position; the scene then moves both positions by 3 and 5 and changes "
                "the gap (the (m, n) table grows to hold every stop)",
          "zh-Hant": "query 的位置；之後兩個位置一起挪 3 步、5 步，再改變間隔（(m, n) 表會放大到涵蓋每一站）",
          "zh-Hans": "query 的位置；之后两个位置一起挪 3 步、5 步，再改变间隔（(m, n) 表会放大到涵盖每一站）"},
)
N = Param(
    "n", "int", lo=0, hi=20, examples=(12,),
    help={"en": "the key's position (m and n may not both be 0)",
          "zh-Hant": "key 的位置（m 和 n 不能同時是 0）",
          "zh-Hans": "key 的位置（m 和 n 不能同时是 0）"},
)


def _num(x: float) -> str:
    return f"{x:g}"


def _filled(v: dict, accepts_params, engine_func) -> dict:
    """`v` with the engine's defaults for what it lacks (studio.catalogue.params.grid_points passes a point
    without them)."""
    import inspect

    sig = inspect.signature(engine_func).parameters
    out = {p.name: p.coerce(sig[p.keyword].default) for p in accepts_params
           if p.name not in v and sig[p.keyword].default is not None}
    return {**out, **v}


def check_rope(v: dict) -> str:
    from engine.rope import rope_lesson

    v = _filled(v, ROPE.params, rope_lesson)
    q, k = v["q"], v["k"]
    if len(q) % 2:
        return f"q={_vec(q)} has {len(q)} numbers: RoPE needs an even width (pairs of dimensions), 2 to 8"
    if len(k) % 2:
        return f"k={_vec(k)} has {len(k)} numbers: RoPE needs an even width (pairs of dimensions), 2 to 8"
    if len(q) != len(k):
        return f"q has {len(q)} numbers and k has {len(k)}: give them the same width (an even number, 2 to 8)"
    for name, vec in (("q", q), ("k", k)):
        for i, x in enumerate(vec):
            if abs(x) > VALUE_MAX:
                return f"{name}[{i}]={_num(x)} is out of range: each number of q and k from −10 to 10"
    if not any((q[i] or q[i + 1]) and (k[i] or k[i + 1]) for i in range(0, len(q), 2)):
        return "q and k share no plane where both are non-zero: every score would be 0"
    if v["m"] == 0 and v["n"] == 0:
        return "m=0 and n=0: put the query or the key at another position (m, n from 0 to 20)"
    return ""


def _vec(x) -> str:
    return "[" + ", ".join(_num(float(a)) for a in x) + "]"


ROPE = Accepts(
    (BASE, Q, K, M, N), check=check_rope,
    notes={"en": "q and k need the same even width (2, 4, 6 or 8); 6 and 8 use a compact row of planes.",
           "zh-Hant": "q 和 k 的寬度要相同，且是偶數（2、4、6 或 8）；6 和 8 會把平面排成較緊湊的一列。",
           "zh-Hans": "q 和 k 的宽度要相同，且是偶数（2、4、6 或 8）；6 和 8 会把平面排成较紧凑的一行。"},
    grid_examples=(
        {"q": [1.0, 0.5], "k": [0.2, 1.0], "m": 5, "n": 5},
        {"q": [0.5, -1.0, 0.8, 0.3, -0.6, 0.9], "k": [1.0, 0.4, -0.2, 0.7, 0.5, 0.5], "base": 10_000.0},
        {"q": [1.0, 0.2, 0.6, 0.8, -0.4, 0.5, 0.3, -0.9], "k": [0.3, 1.0, 0.9, 0.1, 0.7, -0.2, -0.5, 0.6],
         "base": 500_000.0, "m": 20, "n": 3},
        {"q": [-10.0, 10.0, 10.0, -10.0, 10.0, 10.0, -10.0, -10.0],
         "k": [10.0, 10.0, -10.0, 10.0, -10.0, 10.0, 10.0, -10.0], "base": 2.0, "m": 0, "n": 20},
        {"q": [0.125, 0.0, 0.0, 0.5], "k": [0.0, 0.75, 0.25, 0.0], "m": 7, "n": 9},
    ),
)

# -- naive_position, naive_position_fig --------------------------------------------------------------
D_MODEL = Param(
    "d_model", "int", lo=2, hi=1024, examples=(64,),
    help={"en": "width of each word vector; the seat number is added to every one of its d_model numbers",
          "zh-Hant": "每個字向量的寬度；座位號會加到它的 d_model 個數的每一個上",
          "zh-Hans": "每个字向量的宽度；座位号会加到它的 d_model 个数的每一个上"},
)
EMB_SCALE = Param(
    "emb_scale", "float", lo=0.01, hi=5, examples=(0.02,),
    help={"en": "spread of the random word vectors: each number is drawn from N(0, emb_scale²) "
                "(0.02 is GPT-2's initial spread)",
          "zh-Hant": "隨機字向量的大小：每個數取自 N(0, emb_scale²)（GPT-2 初始化用 0.02）",
          "zh-Hans": "随机字向量的大小：每个数取自 N(0, emb_scale²)（GPT-2 初始化用 0.02）"},
)
SEED = Param(
    "seed", "int", lo=0, hi=2**31 - 1,
    help={"en": "random seed of the word vectors (another seed, other words)",
          "zh-Hant": "字向量的亂數種子（換一個種子，就是另一組字）",
          "zh-Hans": "字向量的随机种子（换一个种子，就是另一组字）"},
)
P = Param(
    "p", "int", lo=0, hi=1000, examples=(1,),
    help={"en": "the first word's seat at the last stop (also the seat of the \"E + p\" example)",
          "zh-Hant": "最後一站時第一個字的座位號（也是「E + p」例子用的座位）",
          "zh-Hans": "最后一站时第一个字的座位号（也是“E + p”例子用的座位）"},
)
PQ = Param(
    "q", "int", lo=0, hi=900, examples=(49,),  # at 1000 the figure's seat note crosses the ④ curve
    help={"en": "the second word's seat at the last stop (p and q may not both be 0)",
          "zh-Hant": "最後一站時第二個字的座位號（p 和 q 不能同時是 0）",
          "zh-Hans": "最后一站时第二个字的座位号（p 和 q 不能同时是 0）"},
)


def check_naive(v: dict) -> str:
    from engine.naive import naive_position

    v = _filled(v, NAIVE.params, naive_position)
    if v["p"] == 0 and v["q"] == 0:
        return "p=0 and q=0: put at least one word on a seat above 0 (p, q from 0 to 1000)"
    return ""


NAIVE = Accepts(
    (D_MODEL, EMB_SCALE, SEED, P, PQ), check=check_naive,
    grid_examples=(
        {"d_model": 1024, "emb_scale": 5.0, "p": 1000, "q": 1000},
        {"d_model": 2, "emb_scale": 0.01, "p": 1, "q": 0},
        {"emb_scale": 5.0, "p": 1, "q": 1, "seed": 7},
    ),
)

ACCEPTS: dict = {
    "rope_rotation": ROPE,
    "naive_position": NAIVE,
    "naive_position_fig": NAIVE,
}
