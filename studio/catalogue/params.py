"""Your own numbers: the parameters an entry accepts and the range each must keep (how a value is
written is studio.catalogue.values).

Each entry declares its parameters (studio.catalogue.accepts) with a range in which its layout works; a value
outside it is bad input (exit 2) with one line naming the parameter, the value and the range. A
rendered entry with parameters that differ from its defaults goes to its own output folder,
``NAME@key=value,...`` (studio.catalogue.Entry.folder), so it never replaces the seeds' own render.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any, Callable

from studio.errors import MAX_NESTING, clip, nesting
from studio.catalogue.usertext import text_problem
from studio.catalogue.values import ParamError, human, show

KINDS = ("int", "float", "bool", "choice", "words", "vector", "matrix", "table")  # what a Param may be


@dataclass(frozen=True)
class Param:
    """One parameter of a catalogue entry.

    name: the name on the command line and in a lesson file; `arg` the engine keyword it sets
    (default: the same). lo/hi bound a number, or the length of a list (words, vector, matrix rows,
    table entries). `multiple_of` for numbers that must be even (d_model). `width` fixes the length
    of every vector of a matrix or table (2 for the toy's 2-D embeddings). `help` says what it
    changes, in every language. `examples` are extra values the layout gates try.
    """

    name: str
    kind: str
    help: dict
    lo: float | None = None
    hi: float | None = None
    multiple_of: int | None = None
    choices: tuple = ()
    width: int | None = None
    arg: str | None = None
    examples: tuple = ()
    strict_lo: bool = False  # lo itself is not allowed (a float that must be > 0)
    default: Any = None  # shown and compared when the engine's own default is not in this form (None: the engine's)

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"Param {self.name}: kind {self.kind!r} is not one of {', '.join(KINDS)}")

    @property
    def keyword(self) -> str:
        return self.arg or self.name

    # -- reading a value ------------------------------------------------------------------------
    def coerce(self, value: Any, entry: str = "") -> Any:
        """The value in the engine's form (int, float, tuple of str, nested tuples), or ParamError."""
        where = f"{entry}: " if entry else ""
        if nesting(value) > MAX_NESTING:
            raise ParamError(f"{where}{self.name}: the value nests lists or tables more than {MAX_NESTING} deep; "
                             f"it should be {self.describe_kind('en')}")
        unsafe = text_problem(value)  # before coercion: stripping must not hide a control character
        if unsafe:
            raise ParamError(f"{where}{self.name}: {unsafe}")
        try:
            out = _COERCE[self.kind](self, value)
        except (TypeError, ValueError) as exc:
            raise ParamError(f"{where}{self.name}={clip(show(value))} is not {self.describe_kind('en')} "
                             f"({clip(exc)})") from None
        problem = self._out_of_range(out)
        if problem:
            raise ParamError(f"{where}{self.name}={clip(show(value))} is out of range: {problem}")
        return out

    def _out_of_range(self, v) -> str:
        if self.kind in ("int", "float"):
            low_bad = v <= self.lo if self.strict_lo else v < self.lo
            if (self.lo is not None and low_bad) or (self.hi is not None and v > self.hi):
                return self.range_text("en")
            if self.multiple_of and v % self.multiple_of:
                return self.range_text("en")
        elif self.kind == "choice":
            if v not in self.choices:
                return self.range_text("en")
        elif self.kind in ("words", "vector", "matrix", "table"):
            n = len(v)
            if (self.lo is not None and n < self.lo) or (self.hi is not None and n > self.hi):
                return self.range_text("en")
        return ""

    # -- describing it --------------------------------------------------------------------------
    def describe_kind(self, lang: str = "en") -> str:
        return _KIND_TEXT[self.kind][_lang(lang)].format(width=self.width or "")

    def range_text(self, lang: str = "en") -> str:
        """The allowed range in words, e.g. 'an even whole number from 2 to 64'."""
        t = _RANGE_TEXT[_lang(lang)]
        if self.kind == "choice":
            return t["choice"].format(choices=", ".join(str(c) for c in self.choices))
        if self.kind == "bool":
            return t["bool"]
        if self.kind in ("int", "float"):
            kind = t["even" if self.multiple_of == 2 else self.kind]
            lo = human(self.lo)
            if self.lo is not None and self.hi is not None:
                key = "open" if self.strict_lo else "between"
                return t[key].format(kind=kind, lo=lo, hi=human(self.hi))
            if self.lo is not None:
                return t["above" if self.strict_lo else "from"].format(kind=kind, lo=lo)
            return kind
        unit = t["unit_" + self.kind]
        if self.lo == self.hi:
            unit = unit[:-1] if self.lo == 1 and _lang(lang) == "en" else unit  # exactly 1 word
            return t["exactly"].format(n=show(self.lo), unit=unit)
        return t["count"].format(lo=show(self.lo), hi=show(self.hi), unit=unit)


def _lang(lang: str) -> str:
    return lang if lang in ("en", "zh-Hant", "zh-Hans") else "en"


_KIND_TEXT = {
    "int": {"en": "a whole number", "zh-Hant": "整數", "zh-Hans": "整数"},
    "float": {"en": "a number", "zh-Hant": "數值", "zh-Hans": "数值"},
    "bool": {"en": "true or false", "zh-Hant": "true 或 false", "zh-Hans": "true 或 false"},
    "choice": {"en": "one of the choices", "zh-Hant": "選項之一", "zh-Hans": "选项之一"},
    "words": {"en": "a list of words", "zh-Hant": "詞的清單", "zh-Hans": "词的列表"},
    "vector": {"en": "a list of numbers", "zh-Hant": "數值清單", "zh-Hans": "数值列表"},
    "matrix": {"en": "a matrix (rows of {width} numbers)", "zh-Hant": "矩陣（每列 {width} 個數）",
               "zh-Hans": "矩阵（每行 {width} 个数）"},
    "table": {"en": "a table word = [{width} numbers]", "zh-Hant": "對照表 詞 = [{width} 個數]",
              "zh-Hans": "对照表 词 = [{width} 个数]"},
}
_RANGE_TEXT = {
    "en": {"int": "a whole number", "float": "a number", "even": "an even whole number",
           "between": "{kind} from {lo} to {hi}", "open": "{kind} above {lo}, at most {hi}",
           "from": "{kind} from {lo}", "above": "{kind} above {lo}",
           "choice": "one of {choices}", "bool": "true or false", "count": "{lo} to {hi} {unit}",
           "exactly": "exactly {n} {unit}",
           "unit_words": "words", "unit_vector": "numbers", "unit_matrix": "rows", "unit_table": "words"},
    "zh-Hant": {"int": "整數", "float": "數值", "even": "偶數",
                "between": "{lo} 到 {hi} 的{kind}", "open": "大於 {lo}、至多 {hi} 的{kind}",
                "from": "至少 {lo} 的{kind}", "above": "大於 {lo} 的{kind}",
                "choice": "{choices} 之一", "bool": "true 或 false", "count": "{lo} 到 {hi} 個{unit}",
                "exactly": "恰好 {n} 個{unit}",
                "unit_words": "詞", "unit_vector": "數", "unit_matrix": "列", "unit_table": "詞"},
    "zh-Hans": {"int": "整数", "float": "数值", "even": "偶数",
                "between": "{lo} 到 {hi} 的{kind}", "open": "大于 {lo}、至多 {hi} 的{kind}",
                "from": "至少 {lo} 的{kind}", "above": "大于 {lo} 的{kind}",
                "choice": "{choices} 之一", "bool": "true 或 false", "count": "{lo} 到 {hi} 个{unit}",
                "exactly": "恰好 {n} 个{unit}",
                "unit_words": "词", "unit_vector": "数", "unit_matrix": "行", "unit_table": "词"},
}


# -- coercion per kind ----------------------------------------------------------------------------
def _number(v) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise TypeError(f"got {type(v).__name__}")
    if not math.isfinite(v):
        raise ValueError("not finite")
    return v


def _int(p: Param, v):
    v = _number(v)
    if isinstance(v, float):
        if not v.is_integer():
            raise ValueError("not whole")
        v = int(v)
    return int(v)


def _float(p: Param, v):
    return float(_number(v))


def _bool(p: Param, v):
    if isinstance(v, bool):
        return v
    if isinstance(v, str) and v.lower() in ("true", "false", "yes", "no"):
        return v.lower() in ("true", "yes")
    raise TypeError(f"got {type(v).__name__}")


def _choice(p: Param, v):
    if isinstance(v, bool) or not isinstance(v, (str, int, float)):
        raise TypeError(f"got {type(v).__name__}")
    return v


def _words(p: Param, v):
    if isinstance(v, str):
        v = v.split()
    if not isinstance(v, (list, tuple)) or not all(isinstance(w, str) and w.strip() for w in v):
        raise TypeError("give words: \"the cat sat\" or [the, cat, sat]")
    words = tuple(w.strip() for w in v)
    if any(len(w) > 12 for w in words):
        raise ValueError("a word is longer than 12 characters")
    return words


def _vector(p: Param, v):
    if not isinstance(v, (list, tuple)):
        raise TypeError(f"got {type(v).__name__}")
    return tuple(float(_number(x)) for x in v)


def _row(p: Param, v):
    row = _vector(p, v)
    if p.width and len(row) != p.width:
        raise ValueError(f"each row needs {p.width} numbers, one has {len(row)}")
    return row


def _matrix(p: Param, v):
    if not isinstance(v, (list, tuple)) or not v:
        raise TypeError("give rows: [[1, 0], [0, 1]]")
    rows = tuple(_row(p, r) for r in v)
    if len({len(r) for r in rows}) != 1:
        raise ValueError("rows of different lengths")
    return rows


def _table(p: Param, v):
    if isinstance(v, (tuple, list)) and v and all(
            isinstance(x, (tuple, list)) and len(x) == 2 and isinstance(x[0], str) for x in v):
        v = {k: list(r) for k, r in v}  # its own coerced form, ((word, (x, y)), ...), given back
    if not isinstance(v, dict) or not v:
        raise TypeError('give word = [x, y] pairs: {"我" = [1, 0]}')
    return tuple((str(k), _row(p, r)) for k, r in v.items())


_COERCE: dict[str, Callable] = {"int": _int, "float": _float, "bool": _bool, "choice": _choice,
                                "words": _words, "vector": _vector, "matrix": _matrix, "table": _table}


# -- naming folders ------------------------------------------------------------------------------
def folder_name(name: str, params: dict) -> str:
    """`NAME@key=value,...` for an entry's non-default parameters, one folder per parameter set
    (studio.catalogue.folder_names: readable where exact, a short hash where not)."""
    from studio.catalogue.folder_names import folder_name as named

    return named(name, params)


def jsonable(value: Any) -> Any:
    """Coerced values (tuples, pairs) as JSON: lists, and tables as objects."""
    if isinstance(value, tuple):
        if value and all(isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], str) for x in value):
            return {k: jsonable(v) for k, v in value}
        return [jsonable(x) for x in value]
    return value


@dataclass(frozen=True)
class Accepts:
    """What one entry accepts: its parameters, and a check across them (e.g. every token has an
    embedding) that returns a problem in one line or ''."""

    params: tuple = ()
    check: Callable[[dict], str] | None = None
    engine: Callable[[dict], dict] | None = None  # parameters as given -> engine keywords
    notes: dict = field(default_factory=dict)  # per language, shown by 'render.py params'
    grid_examples: tuple = ()  # whole parameter sets (dicts) the layout gates also try

    def get(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)


def grid_points(accepts: Accepts, n_random: int = 2, seed: int = 0, defaults: dict | None = None) -> list[dict]:
    """Parameter sets the layout gates try for one entry: the defaults ({}), each parameter at the
    ends of its range and at its examples (the others at their defaults), the documented example
    sets, then `n_random` random points with every parameter drawn from its range or examples.
    Sets the entry's cross-check refuses (with `defaults`, the entry's default_given(), filled in)
    are left out. Deterministic for a given seed."""
    import random

    rng = random.Random(seed)
    points: list[dict] = [{}]
    for p in accepts.params:
        for value in (*_corners(p), *p.examples):
            points.append({p.name: value})
    points += [dict(example) for example in accepts.grid_examples]
    for _ in range(n_random):
        drawn = {p.name: _random_value(p, rng) for p in accepts.params}
        points.append({k: v for k, v in drawn.items() if v is not None})
    out, seen = [], set()
    for point in points:
        try:
            checked = {k: accepts.get(k).coerce(v) for k, v in point.items()}
        except ParamError:
            continue
        if accepts.check and point and accepts.check({**(defaults or {}), **checked}):
            continue
        key = json.dumps({k: jsonable(v) for k, v in checked.items()}, sort_keys=True, ensure_ascii=False)
        if key not in seen:
            seen.add(key)
            out.append(point)
    return out


def _corners(p: Param) -> tuple:
    if p.kind == "int":
        lo = int(p.lo) + (1 if p.strict_lo else 0)
        if p.multiple_of:
            lo += -lo % p.multiple_of
        hi = int(p.hi) - (int(p.hi) % p.multiple_of if p.multiple_of else 0)
        return (lo, hi)
    if p.kind == "float":
        return ((p.lo * 1.0001 if p.lo else 1e-6) if p.strict_lo else p.lo, p.hi)
    if p.kind == "bool":
        return (True, False)
    if p.kind == "choice":
        return p.choices
    return ()  # words, vectors, matrices, tables: their examples stand for the corners


def _random_value(p: Param, rng) -> Any:
    if p.kind == "int":
        step = p.multiple_of or 1
        lo, hi = _corners(p)
        return lo + step * rng.randrange((hi - lo) // step + 1)
    if p.kind == "float":
        lo, hi = _corners(p)
        if lo > 0 and hi / lo > 100:  # wide ranges (a RoPE base, eps) are drawn on a log scale
            return float(round(math.exp(rng.uniform(math.log(lo), math.log(hi))), 6))
        return float(round(rng.uniform(lo, hi), 4))
    if p.kind in ("bool", "choice"):
        return rng.choice(_corners(p))
    return rng.choice(p.examples) if p.examples else p.default
