"""What the depth entries accept (studio.catalogue.params): the signal through many layers (signal_decay, its
figure), LayerNorm step by step (layernorm_steps) and GELU against ReLU (gelu_relu)."""
from __future__ import annotations

import math

from studio.catalogue.params import Accepts, Param, show

# -- the signal through depth (engine.signal.signal_decay) ----------------------------------------
LAYERS = Param(
    "layers", "int", arg="n_layers", lo=1, hi=100, examples=(2, 48),
    help={"en": "how many layers y = (s·W)·x the signal passes (one dot per layer)",
          "zh-Hant": "訊號要穿過幾層 y = (s·W)·x（每層一顆點）",
          "zh-Hans": "信号要穿过几层 y = (s·W)·x（每层一颗点）"},
)
WIDTH = Param(
    "d", "int", lo=2, hi=64,
    help={"en": "the signal's width: how many numbers each layer's output has (W is d × d)",
          "zh-Hant": "訊號的寬度：每層輸出有幾個數字（W 是 d × d）",
          "zh-Hans": "信号的宽度：每层输出有几个数字（W 是 d × d）"},
)
SIGNAL_SEED = Param(
    "seed", "int", lo=0, hi=2**31 - 1,
    help={"en": "the random draw of the input and of every layer's W",
          "zh-Hant": "輸入與每層 W 的隨機抽樣種子值",
          "zh-Hans": "输入与每层 W 的随机抽样种子值"},
)
INIT = Param(
    "init", "choice", choices=("gaussian", "orthogonal"),
    help={"en": "how W is drawn: gaussian N(0, 1/d) keeps the size on average, orthogonal keeps it exactly",
          "zh-Hant": "W 的抽法：gaussian N(0, 1/d) 平均而言保持大小，orthogonal（正交）完全保持大小",
          "zh-Hans": "W 的抽法：gaussian N(0, 1/d) 平均而言保持大小，orthogonal（正交）完全保持大小"},
)
S_MIN = Param(
    "s_min", "float", lo=0.1, hi=0.9,
    help={"en": "where the sweep of the gain s starts (the sweep always passes 0.9, 1.0 and 1.1)",
          "zh-Hant": "倍率 s 掃描的起點（掃描一定經過 0.9、1.0、1.1）",
          "zh-Hans": "倍率 s 扫描的起点（扫描一定经过 0.9、1.0、1.1）"},
)
S_MAX = Param(
    "s_max", "float", lo=1.1, hi=4.0,
    help={"en": "where the sweep of the gain s ends",
          "zh-Hant": "倍率 s 掃描的終點", "zh-Hans": "倍率 s 扫描的终点"},
)
SIGNAL = Accepts(
    (LAYERS, WIDTH, SIGNAL_SEED, INIT, S_MIN, S_MAX),
    notes={"en": "The sweep runs s_min … s_max in steps of 0.05.",
           "zh-Hant": "s 從 s_min 掃到 s_max，每步 0.05。",
           "zh-Hans": "s 从 s_min 扫到 s_max，每步 0.05。"},
    grid_examples=({"layers": 100, "d": 2, "s_min": 0.1, "s_max": 4.0},
                   {"layers": 1, "init": "orthogonal", "s_min": 0.9, "s_max": 1.1},
                   {"layers": 100, "d": 64, "init": "orthogonal"}),
)

# -- LayerNorm step by step (engine.norms.layernorm_example) --------------------------------------
VALUE_LIMIT = 100.0
MIN_SPREAD = 0.001  # a row must not be (nearly) constant: its labels would all read the same
BOOK_ROWS = ((0.2260, 0.3470, 0.0, 0.2216, 0.0, 0.0), (0.2133, 0.2394, 0.0, 0.5198, 0.3297, 0.0))

VALUES = Param(
    "values", "vector", lo=2, hi=8,
    examples=((1.0, 2.0), (0.5, -1.25, 3.0, 0.0, 2.5, -0.75, 1.0, 4.0), (12.0, 40.0, -7.5, 99.0),
              (0.001, 0.004, 0.002)),
    help={"en": "one row of a layer's output to normalise: 2 to 8 numbers, each between −100 and 100, not all equal",
          "zh-Hant": "要正規化的一列層輸出：2 到 8 個數，每個介於 −100 與 100 之間，不能全部相同",
          "zh-Hans": "要归一化的一行层输出：2 到 8 个数，每个介于 −100 与 100 之间，不能全部相同"},
)
ROWS = Param(
    "rows", "matrix", arg="out", lo=1, hi=2, default=BOOK_ROWS,
    examples=(((1.0, 3.0), (-2.0, 0.5)), ((0.3, -0.2, 0.8, 0.1, 0.0, -0.6, 0.4, 0.9),
                                          (5.0, -3.0, 2.0, 8.0, -1.0, 0.0, 4.0, -6.0))),
    help={"en": "one or two rows (samples) of 2 to 8 numbers each, the same count in both",
          "zh-Hant": "一或兩列（樣本），每列 2 到 8 個數，兩列個數相同",
          "zh-Hans": "一或两行（样本），每行 2 到 8 个数，两行个数相同"},
)
EPS = Param(
    "eps", "float", lo=0.0, hi=1.0, examples=(1e-12, 0.01, 0.5),
    help={"en": "ε, added to the variance before the square root (10⁻⁵ in the usual LayerNorm)",
          "zh-Hant": "ε：開根號之前加到變異數上的小數（一般的 LayerNorm 用 10⁻⁵）",
          "zh-Hans": "ε：开根号之前加到方差上的小数（一般的 LayerNorm 用 10⁻⁵）"},
)


def _layernorm_check(v: dict) -> str:
    rows = (v["values"],) if v.get("values") is not None else v.get("rows", BOOK_ROWS)
    if v.get("values") is not None and tuple(v.get("rows", BOOK_ROWS)) != BOOK_ROWS:
        return "give values (one row) or rows (one or two), not both"
    name = "values" if v.get("values") is not None else "rows"
    n = len(rows[0])
    if not 2 <= n <= 8:
        return f"rows: each row needs 2 to 8 numbers, got {n}"
    for row in rows:
        bad = next((x for x in row if abs(x) > VALUE_LIMIT), None)
        if bad is not None:
            return f"{name}: {show(bad)} is out of range: every number must be from -100 to 100"
        if max(row) - min(row) < MIN_SPREAD:
            return (f"{name}: {show(list(row))} has no spread for LayerNorm to scale: the largest and smallest "
                    f"number must differ by at least {MIN_SPREAD}")
    return ""


def _layernorm_engine(given: dict) -> dict:
    out = {}
    if "values" in given:
        out["out"] = [list(given["values"])]
    elif "rows" in given:
        out["out"] = [list(r) for r in given["rows"]]
    if "eps" in given:
        out["eps"] = given["eps"]
    return out


LAYERNORM = Accepts(
    (VALUES, EPS, ROWS), check=_layernorm_check, engine=_layernorm_engine,
    notes={"en": "values = [0.5, 2, -1] normalises one row; rows = [[...], [...]] two rows side by side.",
           "zh-Hant": "values = [0.5, 2, -1] 正規化一列；rows = [[...], [...]] 兩列並排。",
           "zh-Hans": "values = [0.5, 2, -1] 归一化一行；rows = [[...], [...]] 两行并排。"},
    grid_examples=({"values": (0.001, 0.004, 0.002), "eps": 0.0}, {"values": (12.0, 40.0, -7.5, 99.0), "eps": 1.0},
                   {"rows": ((100.0, -100.0, 99.5), (-0.25, 0.0, 0.25)), "eps": 0.01}),
)

# -- GELU against ReLU (engine.activations.gelu_relu) -----------------------------------------------------
NEURONS = Param(
    "neurons", "int", arg="n_neurons", lo=2, hi=64, examples=(8,),
    help={"en": "how many neurons drift together (their inputs z are drawn once)",
          "zh-Hant": "一起漂移的神經元個數（它們的輸入 z 只抽一次）",
          "zh-Hans": "一起漂移的神经元个数（它们的输入 z 只抽一次）"},
)
SHIFT = Param(
    "shift", "float", arg="shown_shift", lo=-3.0, hi=3.0, examples=(0.0,),
    help={"en": "the drift added to every z, shown neuron by neuron (−3 … 3, one decimal)",
          "zh-Hant": "加到每個 z 上的漂移量，逐一畫出各神經元（−3 … 3，一位小數）",
          "zh-Hans": "加到每个 z 上的漂移量，逐一画出各神经元（−3 … 3，一位小数）"},
)
GELU_SEED = Param(
    "seed", "int", lo=0, hi=2**31 - 1,
    help={"en": "the random draw of the neurons' starting z",
          "zh-Hant": "神經元起始 z 的隨機抽樣種子值",
          "zh-Hans": "神经元起始 z 的随机抽样种子值"},
)


def _gelu_check(v: dict) -> str:
    shift = v.get("shift", -1.5)
    if not math.isclose(shift * 10, round(shift * 10), abs_tol=1e-9):
        return f"shift={shift} has more than one decimal: the drift moves in steps of 0.1 (e.g. -1.5)"
    return ""


GELU = Accepts((NEURONS, SHIFT, GELU_SEED), check=_gelu_check,
               grid_examples=({"neurons": 64, "shift": 3.0}, {"neurons": 2, "shift": -3.0, "seed": 1}))

ACCEPTS: dict = {
    "signal_decay": SIGNAL,
    "signal_decay_fig": SIGNAL,
    "layernorm_steps": LAYERNORM,
    "gelu_relu": GELU,
}
