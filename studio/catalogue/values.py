"""How a parameter value is written, on the command line and in a lesson file, and shown back.

A value is written as in TOML, so the command line and a lesson file read the same:

    64   0.5   5e5   500_000   true   "dog bites man"   [1, 2, 3]   [[1, 0], [0, 1]]
    {"我" = [1, 0], "愛" = [0, 1]}

and, for convenience on the command line, a bare word is a string (``--set tokens=我 愛 貓`` is the
same as ``"我 愛 貓"``) and a bracketed list of bare words is a list of strings (``[我, 愛, 貓]``).
A value nested deeper than any parameter needs is refused before it is read.
"""
from __future__ import annotations

import json
import re
import tomllib
from typing import Any

from studio.errors import MAX_NESTING, UserError, clip


class ParamError(UserError):
    """A parameter value that cannot be used: one line, exit 2."""


# -- the value syntax -----------------------------------------------------------------------------
def parse_value(text: str) -> Any:
    """A value as written after `key=` (module docstring): TOML, a bare word, or a list of bare words."""
    text = text.strip()
    if text == "":
        raise ParamError("empty value: write key=value")
    if _bracket_depth(text) > MAX_NESTING:
        raise ParamError(f"cannot read {clip(text)!r}: lists or tables nest more than {MAX_NESTING} deep")
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        pass
    if text.startswith("[") and text.endswith("]"):
        inner = text[1:-1].strip()
        return [parse_value(part) for part in _split_top(inner)] if inner else []
    if text.startswith(("[", "{", '"', "'")):
        raise ParamError(f"cannot read {clip(text)!r}: write it as TOML (see 'render.py params NAME')")
    return text  # a bare word (or words) is a string


def _bracket_depth(text: str) -> int:
    """The deepest nesting of brackets and braces in `text` (quotes not considered: an upper bound)."""
    depth = deepest = 0
    for ch in text:
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _split_top(text: str) -> list[str]:
    """Split at commas that are not inside brackets or quotes."""
    parts, depth, quote, cur = [], 0, "", []
    for ch in text:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append("".join(cur))
            cur = []
            continue
        cur.append(ch)
    parts.append("".join(cur))
    return [p for p in (p.strip() for p in parts) if p]


def parse_assignment(text: str) -> tuple[str, Any]:
    """`key=value` from --set."""
    key, sep, value = text.partition("=")
    key = key.strip()
    if not sep or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key):
        raise ParamError(f"--set {clip(text)!r}: write key=value, e.g. --set d_model=64")
    return key, parse_value(value)


# -- showing values ------------------------------------------------------------------------------
def show(value: Any) -> str:
    """A value written back in the module's syntax (numbers without needless decimals)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], str) for x in value):
            return "{" + ", ".join(f"{json.dumps(k, ensure_ascii=False)} = {show(v)}" for k, v in value) + "}"
        return "[" + ", ".join(show(x) for x in value) + "]"
    if isinstance(value, dict):
        return show(tuple(value.items()))
    if isinstance(value, str):
        return value if re.fullmatch(r"\w+", value) else json.dumps(value, ensure_ascii=False)
    if value is None:
        return "none"
    return str(value)


def human(value) -> str:
    """A bound as people read it: 10,000,000 rather than 10000000.0."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return f"{value:,}" if isinstance(value, int) and abs(value) >= 10_000 else show(value)
