"""What the toy entries accept (seeds 001, 002, 003): your own words and 2-D embeddings for the toy
attention simulator, your own W and x for the output scores, your own two reorderings for the
permutation lesson (studio.catalogue.params)."""
from __future__ import annotations

import numpy as np

from engine.toy import CANDIDATES, EMBEDDINGS, LECTURE_PREFIX, LECTURE_W, LECTURE_X, default_cell
from studio.catalogue.params import Accepts, Param, show

EMB_LIMIT = 5.0  # |coordinate| of an embedding, of x and of a row of W: the plots and tables stay readable
A_LIMIT = 3.0  # |entry| of A_Q, A_K, A_V
SCORE_LIMIT = 100.0  # |z_ij|: the table's cells hold at most two digits before the point

KNOWN = ", ".join(EMBEDDINGS)


# -- the toy attention simulator: attention_heatmap, attention_heatmap_fig ----------------------------
TOKENS = Param(
    "tokens", "words", lo=2, hi=8,
    examples=(("the", "cat"), ("the", "cat", "sat", "on", "the", "cat", "sat", "on")),
    help={"en": f"the prefix, 2 to 8 words (any words, Chinese too; lowercased as the toy's tokenizer does). "
                f"The toy knows {KNOWN}; other words need embeddings",
          "zh-Hant": f"前綴，2 到 8 個詞（任何詞都可以，中文也行；英文會像玩具斷詞一樣轉成小寫）。"
                     f"玩具認得 {KNOWN}，其他詞要用 embeddings 給向量",
          "zh-Hans": f"前缀，2 到 8 个词（任何词都可以，中文也行；英文会像玩具分词一样转成小写）。"
                     f"玩具认得 {KNOWN}，其他词要用 embeddings 给向量"},
)
EMBEDDINGS_P = Param(
    "embeddings", "table", lo=1, hi=8, width=2, default={k: list(v) for k, v in EMBEDDINGS.items()},
    examples=({"the": [-1.5, 2.0], "dog": [-2.0, -1.0]},),
    help={"en": f"a 2-D vector for each word, e.g. {{\"我\" = [1, 0], \"愛\" = [0.5, 1]}}; added to the "
                f"toy's own ({KNOWN}), whose vectors you may also replace. Coordinates from −5 to 5",
          "zh-Hant": "每個詞的二維向量，例如 {\"我\" = [1, 0], \"愛\" = [0.5, 1]}；加在玩具原有的詞"
                     f"（{KNOWN}）之上，也可以改掉它們的向量。座標介於 −5 到 5",
          "zh-Hans": "每个词的二维向量，例如 {\"我\" = [1, 0], \"爱\" = [0.5, 1]}；加在玩具原有的词"
                     f"（{KNOWN}）之上，也可以改掉它们的向量。坐标介于 −5 到 5"},
)
VECTORS = Param(
    "vectors", "matrix", lo=2, hi=8, width=2,
    examples=(((0, 1), (2, 1), (1, 0.4), (0, 0.2), (0, 1)),),
    help={"en": "the embeddings as a matrix instead: one row [x, y] per token, in the order of tokens "
                "(a word that repeats needs the same row each time)",
          "zh-Hant": "改用矩陣給嵌入向量：每個詞元一列 [x, y]，順序與 tokens 相同（重複出現的詞每次都要同一列）",
          "zh-Hans": "改用矩阵给嵌入向量：每个词元一行 [x, y]，顺序与 tokens 相同（重复出现的词每次都要同一行）"},
)


def _projection(name: str, sym: str) -> Param:
    return Param(
        name, "matrix", lo=2, hi=2, width=2, default=((1.0, 0.0), (0.0, 1.0)),
        help={"en": f"the 2×2 matrix that makes the {sym}: {sym[0]} = {name} e (default: the identity). "
                    "Entries from −3 to 3",
              "zh-Hant": f"產生{ {'q': '查詢', 'k': '鍵', 'v': '值'}[sym[0]] }向量的 2×2 矩陣："
                         f"{sym[0]} = {name} e（預設為單位矩陣）。元素介於 −3 到 3",
              "zh-Hans": f"产生{ {'q': '查询', 'k': '键', 'v': '值'}[sym[0]] }向量的 2×2 矩阵："
                         f"{sym[0]} = {name} e（默认为单位矩阵）。元素介于 −3 到 3"},
    )


A_Q = _projection("A_Q", "queries")
A_K = _projection("A_K", "keys")
A_V = _projection("A_V", "values")
CELL = Param(
    "cell", "vector", lo=2, hi=2, arg="cell_counted",
    examples=((5, 5),),
    help={"en": "the cell whose dot product and softmax are written out: [row, column], counted from 1, "
                "column ≤ row (a visible cell). Default: row 3, column 2 (row 2, column 1 for two words)",
          "zh-Hant": "要拆開內積與 softmax 的那一格：[列, 行]，從 1 數起，行 ≤ 列（看得到的格子）。"
                     "預設第 3 列第 2 行（只有兩個詞時為第 2 列第 1 行）",
          "zh-Hans": "要拆开内积与 softmax 的那一格：[行, 列]，从 1 数起，列 ≤ 行（看得到的格子）。"
                     "默认第 3 行第 2 列（只有两个词时为第 2 行第 1 列）"},
)


def _lower(tokens) -> tuple:
    return tuple(t.lower() for t in tokens)


def _table(values: dict, tokens) -> tuple[dict, str]:
    """The toy's embeddings with the given ones (and the rows of `vectors`) on top; or a problem."""
    table = {k: tuple(v) for k, v in EMBEDDINGS.items()}
    given = values.get("embeddings") or ()
    table.update({k.lower(): tuple(v) for k, v in (given.items() if isinstance(given, dict) else given)})
    rows = values.get("vectors")
    if rows is not None:
        if len(rows) != len(tokens):
            return table, (f"vectors has {len(rows)} rows for {len(tokens)} tokens: give one [x, y] per token, "
                           "in order")
        by_word: dict = {}
        for k, (tok, row) in enumerate(zip(tokens, rows)):
            if tok in by_word and by_word[tok][1] != tuple(row):
                return table, (f"vectors: rows {by_word[tok][0] + 1} and {k + 1} are both {tok!r} but differ "
                               "(a word has one embedding)")
            by_word.setdefault(tok, (k, tuple(row)))
        table.update({tok: row for tok, (_, row) in by_word.items()})
    return table, ""


def _coords_problem(name: str, rows, limit: float) -> str:
    for row in rows:
        if any(abs(v) > limit for v in row):
            return f"{name}: {show(tuple(row))} has a coordinate outside −{limit:g} to {limit:g}"
    return ""


def _attention_inputs(values: dict) -> tuple[tuple, dict, str]:
    tokens = _lower(values.get("tokens") or LECTURE_PREFIX)
    table, problem = _table(values, tokens)
    if problem:
        return tokens, table, problem
    missing = list(dict.fromkeys(t for t in tokens if t not in table))
    if missing:
        names = ", ".join(repr(t) for t in missing)
        example = ", ".join(f'"{t}" = [x, y]' for t in missing[:2])
        return tokens, table, (f"no embedding for {names}: give embeddings={{{example}}} (the toy knows {KNOWN})")
    problem = _coords_problem("embeddings", [table[t] for t in tokens], EMB_LIMIT)
    return tokens, table, problem


def _matrices(values: dict) -> dict:
    return {k: np.asarray(values.get(k) or np.eye(2), dtype=float) for k in ("A_Q", "A_K", "A_V")}


def _cell(values: dict, n: int):
    cell = values.get("cell")
    if cell is None:
        return default_cell(n), ""
    i, j = cell
    if not (float(i).is_integer() and float(j).is_integer()):
        return None, f"cell={[i, j]}: give whole numbers [row, column]"
    i, j = int(i), int(j)
    if not (1 <= j <= i <= n):
        return None, (f"cell=[{i}, {j}] is not a visible cell of {n} tokens: need 1 ≤ column ≤ row ≤ {n}")
    return (i - 1, j - 1), ""


def check_attention(values: dict) -> str:
    tokens, table, problem = _attention_inputs(values)
    if problem:
        return problem
    mats = _matrices(values)
    for name, m in mats.items():
        if np.abs(m).max() > A_LIMIT:
            return f"{name}={show(tuple(map(tuple, m.tolist())))} is out of range: entries from −{A_LIMIT:g} to {A_LIMIT:g}"
    _, problem = _cell(values, len(tokens))
    if problem:
        return problem
    E = np.array([table[t] for t in tokens], dtype=float).T  # (2, n)
    z = (mats["A_Q"] @ E).T @ (mats["A_K"] @ E) / np.sqrt(2)  # (n, n)
    if np.abs(z).max() >= SCORE_LIMIT:
        return (f"the scores q·k/√2 reach {np.abs(z).max():.1f}; keep them below {SCORE_LIMIT:g} "
                "(shorter embeddings or smaller A_Q, A_K)")
    return ""


def engine_attention(given: dict) -> dict:
    """Parameters as given -> attention_lesson's keywords (words lowercased, the toy's embeddings
    merged with the given ones, the cell counted from 0)."""
    values = dict(given)
    tokens, table, _ = _attention_inputs(values)
    out: dict = {}
    if "tokens" in given:
        out["tokens"] = tokens
    if "embeddings" in given or "vectors" in given:
        out["embeddings"] = {t: table[t] for t in dict.fromkeys(tokens)}
    for k in ("A_Q", "A_K", "A_V"):
        if k in given:
            out[k] = given[k]
    cell, _ = _cell(values, len(tokens))
    if "cell" in given or "tokens" in given:
        out["cell"] = cell
    return out


_ZH_TOKENS = ("我", "愛", "貓", "咪")
_ZH_EMB = {"我": [1, 0], "愛": [0.5, 1], "貓": [2, 1], "咪": [1.5, 0.5]}
_LONG = ("transformers", "attention", "positional", "embeddings", "independent", "probability",
         "mathematical", "tokenization")
_LONG_EMB = {w: [round(float(np.cos(k)) * 1.8, 2), round(float(np.sin(k)) * 1.8, 2)] for k, w in enumerate(_LONG)}
_ZH_LONG = ("自注意力", "位置編碼", "詞向量", "因果遮罩", "加權總和", "上下文", "機率分佈", "最後一個")
_ZH_LONG_EMB = {w: [round(-2 + 0.5 * k, 2), round(1.5 - 0.4 * k, 2)] for k, w in enumerate(_ZH_LONG)}

ATTENTION = Accepts(
    (TOKENS, EMBEDDINGS_P, VECTORS, A_Q, A_K, A_V, CELL),
    check=check_attention, engine=engine_attention,
    grid_examples=(
        {"tokens": _ZH_TOKENS, "embeddings": _ZH_EMB},
        {"tokens": _LONG, "embeddings": _LONG_EMB, "cell": (8, 3)},
        {"tokens": _ZH_LONG, "embeddings": _ZH_LONG_EMB},
        {"tokens": ("我", "愛"), "vectors": ((1, 0), (-2.5, 4)), "A_V": ((-1, 0), (0, 1)), "cell": (1, 1)},
        {"A_Q": ((1, 0), (0, -1)), "A_K": ((0, 1), (1, 0)), "A_V": ((0.5, 0), (0, 2))},
        {"tokens": ("the", "cat", "sat"), "embeddings": {"the": [5, 5], "cat": [-5, 5], "sat": [4.5, -5]},
         "A_Q": ((1, 0), (0, 1)), "A_K": ((0.5, 0), (0, 0.5))},
    ),
    notes={"en": "Example: render.py attention_heatmap --set 'tokens=[我, 愛, 貓, 咪]' "
                 "--set 'embeddings={\"我\" = [1, 0], \"愛\" = [0.5, 1], \"貓\" = [2, 1], \"咪\" = [1.5, 0.5]}'",
           "zh-Hant": "範例：render.py attention_heatmap --set 'tokens=[我, 愛, 貓, 咪]' "
                      "--set 'embeddings={\"我\" = [1, 0], \"愛\" = [0.5, 1], \"貓\" = [2, 1], \"咪\" = [1.5, 0.5]}'",
           "zh-Hans": "示例：render.py attention_heatmap --set 'tokens=[我, 爱, 猫, 咪]' "
                      "--set 'embeddings={\"我\" = [1, 0], \"爱\" = [0.5, 1], \"猫\" = [2, 1], \"咪\" = [1.5, 0.5]}'"},
)

# -- the output scores: scores_wx -------------------------------------------------------------------------
W_P = Param(
    "W", "matrix", lo=2, hi=6, width=2,
    examples=(((1, 2), (1, -1)), ((1, 2), (1, -1), (-1, 1), (0.5, 0.5), (-2, -1), (3, -0.5))),
    help={"en": "the output matrix: one row [a, b] per candidate (2 to 6 rows), entries from −5 to 5",
          "zh-Hant": "輸出矩陣：每個候選詞一列 [a, b]（2 到 6 列），元素介於 −5 到 5",
          "zh-Hans": "输出矩阵：每个候选词一行 [a, b]（2 到 6 行），元素介于 −5 到 5"},
)
X_P = Param(
    "x", "vector", lo=2, hi=2, examples=((-1.5, 0.5),),
    help={"en": "the context vector x = [x1, x2] (not zero), coordinates from −5 to 5",
          "zh-Hant": "上下文向量 x = [x1, x2]（不可為零向量），座標介於 −5 到 5",
          "zh-Hans": "上下文向量 x = [x1, x2]（不能是零向量），坐标介于 −5 到 5"},
)
CANDIDATES_P = Param(
    "candidates", "words", lo=2, hi=6, examples=(("mat", "rug"),),
    help={"en": "the candidates' names, one per row of W (the first ones are used when W has fewer rows)",
          "zh-Hant": "候選詞的名稱，W 的每一列一個（W 的列比較少時只用前面幾個）",
          "zh-Hans": "候选词的名称，W 的每一行一个（W 的行比较少时只用前面几个）"},
)


def check_scores(values: dict) -> str:
    W = values.get("W") or LECTURE_W
    x = values.get("x") or LECTURE_X
    names = tuple(values.get("candidates") or CANDIDATES)
    for name, rows in (("W", W), ("x", [x])):
        problem = _coords_problem(name, rows, EMB_LIMIT)
        if problem:
            return problem
    if not any(x):
        return "x = [0, 0] has no direction: the angles to the rows of W are undefined"
    for k, row in enumerate(W):
        if not any(row):
            return f"W: row {k + 1} is [0, 0], which has no direction (its angle to x is undefined)"
    if len(names) < len(W):
        return (f"W has {len(W)} rows but candidates names {len(names)}: give candidates with {len(W)} names, "
                f"e.g. candidates=[{', '.join(f'c{k + 1}' for k in range(len(W)))}]")
    if names != CANDIDATES and len(names) != len(W):
        return f"candidates names {len(names)} words for the {len(W)} rows of W: give one name per row"
    if len(set(names[: len(W)])) < len(W):
        return "candidates: each candidate needs its own name"
    return ""


SCORES = Accepts((W_P, X_P, CANDIDATES_P), check=check_scores, grid_examples=(
    {"W": ((1, 2), (1, -1), (-1, 1), (0.5, 0.5)), "x": (2, 1), "candidates": ("墊子", "地毯", "月亮", "沙發")},
    {"W": ((5, 5), (-5, 5), (5, -5), (-5, -5), (0.1, 0), (0, -0.1)), "x": (-5, 5),
     "candidates": ("mattress", "rug", "moonlight", "sofa", "chair", "windowsill")},
))

# -- the toy permutation: toy_permutation ----------------------------------------------------------------
TOKENS_A = Param(
    "tokens_a", "words", lo=3, hi=8, examples=(("cat", "sat", "on"), ("on", "the", "cat", "sat", "on", "the", "sat", "cat")),
    help={"en": "the first order, 3 to 8 words (the toy knows " + KNOWN + "; other words need embeddings)",
          "zh-Hant": "第一種語序，3 到 8 個詞（玩具認得 " + KNOWN + "；其他詞要用 embeddings 給向量）",
          "zh-Hans": "第一种语序，3 到 8 个词（玩具认得 " + KNOWN + "；其他词要用 embeddings 给向量）"},
)
TOKENS_B = Param(
    "tokens_b", "words", lo=3, hi=8, arg="reordered",
    examples=(("sat", "the", "cat", "on", "the"),),
    help={"en": "the second order: the same words, the same last word (default: the earlier words reversed)",
          "zh-Hant": "第二種語序：同樣的詞、同樣的最後一個詞（預設把前面的詞倒過來）",
          "zh-Hans": "第二种语序：同样的词、同样的最后一个词（默认把前面的词倒过来）"},
)
PERM_EMB = Param(
    "embeddings", "table", lo=1, hi=8, width=2, default=EMBEDDINGS_P.default,
    help=EMBEDDINGS_P.help,
)


def _orders(values: dict) -> tuple[tuple, tuple]:
    a = _lower(values.get("tokens_a") or LECTURE_PREFIX)
    b = values.get("tokens_b")
    b = _lower(b) if b else (*a[-2::-1], a[-1])
    return a, b


def check_toy_permutation(values: dict) -> str:
    a, b = _orders(values)
    _, _, problem = _attention_inputs({"tokens": a, "embeddings": values.get("embeddings")})
    if problem:
        return problem
    if sorted(a) != sorted(b):
        return f"tokens_b {list(b)} is not a reordering of tokens_a {list(a)}"
    if a == b:
        return f"tokens_b is the same order as tokens_a {list(a)}: give another order of the earlier words"
    if a[-1] != b[-1]:
        return (f"tokens_b must end with the same word as tokens_a ({a[-1]!r}): the lesson compares the last "
                "position's x")
    return ""


def engine_toy_permutation(given: dict) -> dict:
    a, b = _orders(given)
    _, table, _ = _attention_inputs({"tokens": a, "embeddings": given.get("embeddings")})
    out = {}
    if "tokens_a" in given or "tokens_b" in given:
        out["tokens_a"], out["tokens_b"] = a, b
    if "embeddings" in given:
        out["embeddings"] = {t: table[t] for t in dict.fromkeys(a)}
    return out


TOY_PERMUTATION = Accepts(
    (TOKENS_A, TOKENS_B, PERM_EMB), check=check_toy_permutation, engine=engine_toy_permutation,
    grid_examples=(
        {"tokens_a": _ZH_TOKENS, "embeddings": _ZH_EMB},
        {"tokens_a": _LONG, "embeddings": _LONG_EMB},
        {"tokens_a": _ZH_LONG, "embeddings": _ZH_LONG_EMB,
         "tokens_b": tuple(_ZH_LONG[k] for k in (3, 0, 6, 1, 5, 2, 4, 7))},
    ),
)

# -- the permutation lesson: permutation, permutation_fig -----------------------------------------------
_PERM_HELP = {
    "first_a": ("the first example, 2 to 3 tokens (default 十 五: fifteen)", "第一個例子，2 到 3 個詞元（預設 十 五）",
                "第一个例子，2 到 3 个词元（默认 十 五）"),
    "first_b": ("the first example reordered: the same tokens (default: first_a reversed, 五 十)",
                "第一個例子換個順序：同樣的詞元（預設把 first_a 倒過來：五 十）",
                "第一个例子换个顺序：同样的词元（默认把 first_a 倒过来：五 十）"),
    "second_a": ("the second example, 2 to 4 tokens (default dog bites man)",
                 "第二個例子，2 到 4 個詞元（預設 dog bites man）", "第二个例子，2 到 4 个词元（默认 dog bites man）"),
    "second_b": ("the second example reordered: the same tokens (default: second_a reversed, man bites dog)",
                 "第二個例子換個順序：同樣的詞元（預設把 second_a 倒過來：man bites dog）",
                 "第二个例子换个顺序：同样的词元（默认把 second_a 倒过来：man bites dog）"),
}


def _perm_param(name: str, hi: int, examples=()) -> Param:
    en, hant, hans = _PERM_HELP[name]
    return Param(name, "words", lo=2, hi=hi, arg=f"{name}_order", examples=examples,
                 help={"en": en, "zh-Hant": hant, "zh-Hans": hans})


FIRST_A = _perm_param("first_a", 3, (("貓", "咪", "愛"),))
FIRST_B = _perm_param("first_b", 3)
SECOND_A = _perm_param("second_a", 4, (("the", "teacher", "praises", "students"),))
SECOND_B = _perm_param("second_b", 4)
D_MODEL = Param(
    "d_model", "int", lo=2, hi=8,
    help={"en": "the width of each word vector (the scene shows every number of it)",
          "zh-Hant": "每個字向量的寬度（動畫會列出它的每一個數）",
          "zh-Hans": "每个字向量的宽度（动画会列出它的每一个数）"},
)
SEED = Param(
    "seed", "int", lo=0, hi=1_000_000,
    help={"en": "the random seed of the word vectors and W_Q, W_K, W_V (the property holds for any values)",
          "zh-Hant": "字向量與 W_Q、W_K、W_V 的亂數種子（換成任何數值，性質都成立）",
          "zh-Hans": "字向量与 W_Q、W_K、W_V 的随机种子（换成任何数值，性质都成立）"},
)

_DEFAULT_PAIRS = (("十", "五"), ("dog", "bites", "man"))


def _pairs(values: dict) -> tuple:
    out = []
    for k, key in enumerate(("first", "second")):
        a = tuple(values.get(f"{key}_a") or _DEFAULT_PAIRS[k])
        b = tuple(values.get(f"{key}_b") or a[::-1])
        out.append((a, b))
    return tuple(out)


def check_permutation(values: dict) -> str:
    for key, (a, b) in zip(("first", "second"), _pairs(values)):
        if sorted(a) != sorted(b):
            return f"{key}_b {list(b)} is not a reordering of {key}_a {list(a)}"
        if a == b:
            return f"{key}_b is the same order as {key}_a {list(a)}: give {key}_b in another order"
    return ""


def engine_permutation(given: dict) -> dict:
    out = {k: v for k, v in given.items() if k in ("d_model", "seed")}
    if any(k in given for k in ("first_a", "first_b", "second_a", "second_b")):
        out["examples"] = _pairs(given)
    return out


PERMUTATION = Accepts(
    (FIRST_A, FIRST_B, SECOND_A, SECOND_B, D_MODEL, SEED), check=check_permutation, engine=engine_permutation,
    grid_examples=(
        {"first_a": ("注", "意", "力"), "first_b": ("力", "注", "意"),
         "second_a": ("transformers", "understand", "positional", "information"), "d_model": 8},
        {"first_a": ("貓", "咪"), "second_a": ("我", "愛", "貓")},
    ),
)

ACCEPTS: dict = {
    "attention_heatmap": ATTENTION,
    "attention_heatmap_fig": ATTENTION,
    "scores_wx": SCORES,
    "toy_permutation": TOY_PERMUTATION,
    "permutation": PERMUTATION,
    "permutation_fig": PERMUTATION,
}
