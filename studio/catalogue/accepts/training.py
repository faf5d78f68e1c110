"""What the Pre-LN worked example and the small training entries accept (studio.catalogue.params).

prenorm_block   the tokens X (2–4 rows of 4 numbers, the lesson weights' width), their positions, P on
                or off in the step-by-step pass, and LayerNorm's eps; the weights stay the lesson's (docs/design.md §3).
backprop_small  the 2-3-1 tanh net's input, weights, biases, target and learning rate.
loss_curves     the real training run: steps, depth, the two gains s and the seed.
shortcut_gradients  the depth and width of the book's net (input [1, …, −1] across the width).
"""
from __future__ import annotations

import numpy as np

from studio.catalogue.params import Accepts, Param, show


def _entries_within(values: dict, names, bound: float) -> str:
    """The first parameter with a number outside [−bound, bound], as one line, or ''."""
    for name in names:
        flat = np.ravel(np.asarray(values.get(name), dtype=float))
        out = flat[np.abs(flat) > bound]
        if out.size:
            return f"{name}: {show(float(out[0]))} is outside −{show(bound)} … {show(bound)} (every number of {name})"
    return ""


# -- prenorm_block ---------------------------------------------------------------------------------
X_BOUND = 10.0
POSITION_MAX = 9999


PRENORM_DEFAULTS = {"X": ((1.0, 0.0, 0.0, 1.0), (0.0, 1.0, 1.0, 0.0)), "positions": (0.0, 1.0), "eps": 0.0,
                    "P": True}


def _prenorm_positions(values: dict) -> tuple:
    """The positions as the engine gets them: the given ones, or 0 … T−1 when left at the default."""
    T = len(values["X"])
    positions = tuple(values["positions"])
    return tuple(range(T)) if positions == (0.0, 1.0) and T != 2 else positions


def _prenorm_check(values: dict) -> str:
    from engine.block import prenorm_lesson

    values = {**PRENORM_DEFAULTS, **values}  # the layout gate's grid checks partial sets
    X = np.asarray(values["X"], dtype=float)  # (T, 4)
    T = X.shape[0]
    problem = _entries_within(values, ("X",), X_BOUND)
    if problem:
        return problem
    positions = _prenorm_positions(values)
    if len(positions) != T:
        return f"positions={show(positions)} gives {len(positions)} positions for {T} tokens (one per row of X)"
    if any(not float(p).is_integer() or not 0 <= p <= POSITION_MAX for p in positions):
        return f"positions={show(positions)}: each position is a whole number from 0 to {POSITION_MAX}"
    if len(set(positions)) != T:
        return f"positions={show(positions)}: two tokens cannot sit in the same position"
    if len({tuple(r) for r in X.tolist()}) != T:
        return "X has two equal rows: the swap test needs different tokens"
    eps = float(values["eps"])
    if eps == 0 and np.any(np.ptp(X, axis=1) == 0):
        r = int(np.flatnonzero(np.ptp(X, axis=1) == 0)[0])
        return (f"row {r} of X has four equal numbers: with P = 0 LayerNorm would divide by a standard "
                "deviation of 0 (give eps > 0 or another row)")
    with np.errstate(all="ignore"):
        rec = prenorm_lesson(X, positions, eps=eps)
    if not all(np.all(np.isfinite(a)) for a in (rec.Y, rec.zero_Y, rec.Y_swapped, rec.zero_Y_swapped)):
        return "these numbers make LayerNorm divide by 0 (give eps > 0)"
    return ""


def _prenorm_engine(given: dict) -> dict:
    out = {}
    if "X" in given:
        out["X"] = tuple(tuple(float(v) for v in r) for r in given["X"])
    if "positions" in given:
        out["positions"] = tuple(int(p) for p in given["positions"])
    elif "X" in given and len(given["X"]) != 2:
        out["positions"] = tuple(range(len(given["X"])))
    if "eps" in given:
        out["eps"] = float(given["eps"])
    if "P" in given:
        out["with_p"] = bool(given["P"])
    return out


PRENORM = Accepts(
    (
        Param("X", "matrix", lo=2, hi=4, width=4,
              default=PRENORM_DEFAULTS["X"],
              examples=(((0, 1, 0, 1), (1, 0, 1, 0)),
                        ((1, 0, 0, 1), (0, 1, 1, 0), (1, 1, 0, 0)),
                        ((0.5, -1.2, 3, 0), (-2.5, 0.25, 1, 1.5), (10, -10, 0, 2.5), (-0.75, 0, -1, 4))),
              help={"en": "the tokens: 2 to 4 rows of 4 numbers each (the block's weights are 4 wide), "
                          f"each number within ±{show(X_BOUND)}, no two rows equal",
                    "zh-Hant": f"詞元：2 到 4 列，每列 4 個數（區塊的權重寬 4），每個數在 ±{show(X_BOUND)} 之內，"
                               "任兩列不能相同",
                    "zh-Hans": f"词元：2 到 4 行，每行 4 个数（块的权重宽 4），每个数在 ±{show(X_BOUND)} 之内，"
                               "任意两行不能相同"}),
        Param("positions", "vector", lo=2, hi=4, default=PRENORM_DEFAULTS["positions"],
              examples=((1, 0), (0, 5), (7, 3, 100), (0, 1, 2, 3), (9999, 0, 512, 40)),
              help={"en": f"the position of each token (whole numbers 0–{POSITION_MAX}, all different), one per "
                          "row of X; P is the sine/cosine row of each position. Default 0, 1, …",
                    "zh-Hant": f"每個詞元的位置（0–{POSITION_MAX} 的整數，互不相同），X 的每一列一個；"
                               "P 是各位置的正弦／餘弦列。預設 0, 1, …",
                    "zh-Hans": f"每个词元的位置（0–{POSITION_MAX} 的整数，互不相同），X 的每一行一个；"
                               "P 是各位置的正弦／余弦行。默认 0, 1, …"}),
        Param("P", "bool", arg="with_p",
              help={"en": "add the positions' sine/cosine rows P in the step-by-step pass; false: the P = 0 "
                          "pass (words only). The closing swap test compares both either way",
                    "zh-Hant": "逐步計算時是否加上各位置的正弦／餘弦列 P；false 則是 P = 0（只有詞）的版本。"
                               "最後的交換測試兩種都會比較",
                    "zh-Hans": "逐步计算时是否加上各位置的正弦／余弦行 P；false 则是 P = 0（只有词）的版本。"
                               "最后的交换测试两种都会比较"}),
        Param("eps", "float", lo=0.0, hi=1.0, examples=(1e-5, 0.1),
              help={"en": "LayerNorm's ε under the square root: σ = √(variance + ε); 0 in the worked example",
                    "zh-Hant": "LayerNorm 根號裡的 ε：σ = √(變異數 + ε)；範例用 0",
                    "zh-Hans": "LayerNorm 根号里的 ε：σ = √(方差 + ε)；示例用 0"}),
    ),
    check=_prenorm_check,
    engine=_prenorm_engine,
    notes={"en": "The weights are the lesson's (two heads of 2 dims, W_O, W_1, W_2): X must be 4 wide.",
           "zh-Hant": "權重沿用範例的設定（兩個 2 維的頭、W_O、W_1、W_2），所以 X 必須是 4 行寬。",
           "zh-Hans": "权重沿用示例的设定（两个 2 维的头、W_O、W_1、W_2），所以 X 必须是 4 列宽。"},
    grid_examples=({"X": ((1, 0, 0, 1), (0, 1, 1, 0), (1, 1, 0, 0), (0, 0, 1, 1)), "positions": (3, 2, 1, 0),
                    "eps": 1e-5},
                   {"X": ((2, -1, 0, 1), (0, 3, -2, 1)), "positions": (40, 7)},
                   {"X": ((1, 0, 0, 1), (0, 1, 1, 0), (1, 1, 0, 0)), "P": False, "eps": 0.1}),
)


# -- backprop_small --------------------------------------------------------------------------------
NET_BOUND = 3.0
NET_NUMBERS = ("x", "w1", "b1", "w2", "b2", "target")


def _net_defaults() -> dict:
    """The worked example's numbers in the parameters' own form (the engine keeps them as arrays)."""
    from engine import smallnet

    return {"x": tuple(smallnet.X.tolist()), "w1": tuple(tuple(r) for r in smallnet.W1.tolist()),
            "b1": tuple(smallnet.B1.tolist()), "w2": tuple(smallnet.W2.tolist())}


NET_DEFAULTS = _net_defaults()


def _net_check(values: dict) -> str:
    return _entries_within(values, NET_NUMBERS, NET_BOUND)


def _net(name, kind, help_en, help_hant, help_hans, **kw) -> Param:
    return Param(name, kind, help={"en": help_en, "zh-Hant": help_hant, "zh-Hans": help_hans},
                 default=NET_DEFAULTS.get(name), **kw)


_WITHIN = {"en": f"each within ±{show(NET_BOUND)}", "zh-Hant": f"每個數在 ±{show(NET_BOUND)} 之內",
           "zh-Hans": f"每个数在 ±{show(NET_BOUND)} 之内"}

BACKPROP = Accepts(
    (
        _net("target", "float", "the value the output should reach; loss ½(ŷ − target)²",
             "輸出要逼近的目標值；損失 ½(ŷ − 目標)²", "输出要逼近的目标值；损失 ½(ŷ − 目标)²",
             lo=-NET_BOUND, hi=NET_BOUND),
        _net("lr", "float", "the learning rate of the one update W ← W − lr·∂L/∂W",
             "這一次更新 W ← W − lr·∂L/∂W 的學習率", "这一次更新 W ← W − lr·∂L/∂W 的学习率",
             lo=0.0, hi=1.0, strict_lo=True, examples=(0.05,)),
        _net("x", "vector", f"the input: 2 numbers, {_WITHIN['en']}", f"輸入：2 個數，{_WITHIN['zh-Hant']}",
             f"输入：2 个数，{_WITHIN['zh-Hans']}", lo=2, hi=2, examples=((-3, 3),)),
        _net("w1", "matrix", f"input → hidden weights: 3 rows (hidden nodes) of 2 numbers, {_WITHIN['en']}",
             f"輸入 → 隱藏層的權重：3 列（隱藏節點），每列 2 個數，{_WITHIN['zh-Hant']}",
             f"输入 → 隐藏层的权重：3 行（隐藏节点），每行 2 个数，{_WITHIN['zh-Hans']}",
             lo=3, hi=3, width=2, examples=(((3, -3), (-3, 3), (3, 3)),)),
        _net("b1", "vector", f"the hidden nodes' biases: 3 numbers, {_WITHIN['en']}",
             f"隱藏節點的偏置：3 個數，{_WITHIN['zh-Hant']}", f"隐藏节点的偏置：3 个数，{_WITHIN['zh-Hans']}",
             lo=3, hi=3, examples=((-3, 3, -3),)),
        _net("w2", "vector", f"hidden → output weights: 3 numbers, {_WITHIN['en']}",
             f"隱藏層 → 輸出的權重：3 個數，{_WITHIN['zh-Hant']}", f"隐藏层 → 输出的权重：3 个数，{_WITHIN['zh-Hans']}",
             lo=3, hi=3, examples=((3, 3, 3),)),
        _net("b2", "float", "the output's bias", "輸出的偏置", "输出的偏置", lo=-NET_BOUND, hi=NET_BOUND),
    ),
    check=_net_check,
    grid_examples=(
        # every node at its widest: z₁ = 0 (tanh' = 1), the largest gradients the range allows
        {"x": (3, 3), "w1": ((1, -1), (3, -3), (-3, 3)), "b1": (0, 0, 0), "w2": (-3, -3, -3), "b2": 3.0,
         "target": -3.0, "lr": 1.0},
        # a step too large: the loss goes up
        {"lr": 1.0, "target": 3.0, "w2": (3, -3, 3)},
        # already close to the target
        {"target": -0.1},
    ),
)


# -- loss_curves -----------------------------------------------------------------------------------
def _loss_engine(given: dict) -> dict:
    out = {}
    for key, arg in (("steps", "steps"), ("layers", "n_layers"), ("seed", "seed")):
        if key in given:
            out[arg] = int(given[key])
    if "s_small" in given or "s_large" in given:
        from engine.training import loss_runs

        out["runs"] = loss_runs(given.get("s_small", 0.3), given.get("s_large", 3.0))
    return out


LOSS = Accepts(
    (
        Param("steps", "int", lo=50, hi=1000,
              help={"en": "how many real training steps each run takes",
                    "zh-Hant": "每一次訓練實際跑幾步", "zh-Hans": "每一次训练实际跑几步"}),
        Param("layers", "int", arg="n_layers", lo=2, hi=24, examples=(12,),
              help={"en": "the network's depth: hidden layers plus the readout",
                    "zh-Hant": "網路的深度：隱藏層加上輸出層", "zh-Hans": "网络的深度：隐藏层加上输出层"}),
        Param("s_small", "float", lo=0.05, hi=1.0, default=0.3,
              help={"en": "the small gain s of the first run (each layer's weights start as s·W)",
                    "zh-Hant": "第一次訓練的小增益 s（每層權重起始為 s·W）",
                    "zh-Hans": "第一次训练的小增益 s（每层权重起始为 s·W）"}),
        Param("s_large", "float", lo=1.0, hi=5.0, default=3.0,
              help={"en": "the large gain s of the second run, and of the third with LayerNorm",
                    "zh-Hant": "第二次訓練的大增益 s，第三次（加 LayerNorm）也用它",
                    "zh-Hans": "第二次训练的大增益 s，第三次（加 LayerNorm）也用它"}),
        Param("seed", "int", lo=0, hi=9999,
              help={"en": "the random seed of the data and the starting weights",
                    "zh-Hant": "資料與起始權重的亂數種子", "zh-Hans": "数据与起始权重的随机种子"}),
    ),
    check=lambda v: ("s_small must be below s_large (the two runs would be the same)"
                     if float(v.get("s_small", 0.3)) >= float(v.get("s_large", 3.0)) else ""),
    engine=_loss_engine,
    notes={"en": "Every point is a real torch training run: 1000 steps of 24 layers take a few seconds.",
           "zh-Hant": "每個點都是真的用 torch 訓練：24 層跑 1000 步要幾秒鐘。",
           "zh-Hans": "每个点都是真的用 torch 训练：24 层跑 1000 步要几秒钟。"},
    grid_examples=({"layers": 12, "s_small": 0.05, "s_large": 1.5}, {"layers": 24, "s_small": 1.0, "s_large": 5.0},
                   {"layers": 2, "s_small": 0.8, "s_large": 1.2, "steps": 50}),
)


# -- shortcut_gradients ----------------------------------------------------------------------------
def shortcut_input(width: int) -> tuple:
    """The sample input across `width` numbers: 1 … −1 evenly ([1, 0, −1] at the book's width 3)."""
    return (tuple(float(v) for v in np.linspace(1.0, -1.0, width)),)


def _shortcut_engine(given: dict) -> dict:
    if not given:
        return {}
    layers, width = int(given.get("layers", 5)), int(given.get("width", 3))
    return {"layer_sizes": (width,) * layers + (1,), "x": shortcut_input(width)}


SHORTCUT = Accepts(
    (
        Param("layers", "int", lo=2, hi=12, default=5, examples=(3, 8),
              help={"en": "how many layers (Linear + GELU); the last one maps to 1 output",
                    "zh-Hant": "層數（Linear + GELU）；最後一層輸出 1 個數",
                    "zh-Hans": "层数（Linear + GELU）；最后一层输出 1 个数"}),
        Param("width", "int", lo=1, hi=16, default=3, examples=(8,),
              help={"en": "the width of every hidden layer and of the input (evenly spaced from 1 to −1)",
                    "zh-Hant": "每個隱藏層與輸入的寬度（輸入從 1 到 −1 等距取值）",
                    "zh-Hans": "每个隐藏层与输入的宽度（输入从 1 到 −1 等距取值）"}),
    ),
    engine=_shortcut_engine,
)

ACCEPTS: dict = {
    "prenorm_block": PRENORM,
    "backprop_small": BACKPROP,
    "loss_curves": LOSS,
    "shortcut_gradients": SHORTCUT,
}
