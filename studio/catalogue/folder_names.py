"""The output folder of a render with your own numbers: `NAME@key=value,...`, one per parameter set.

A value is written readably when the text gives it back exactly (`pe_clock@d_model=64,positions=50`,
`attention_heatmap@tokens=我_愛_貓`, `rope_rotation@q=1_-0.5`). Where the readable text could stand
for another value too (a word holding `_`, a character a path cannot hold, a word that reads as a
number, a one-word list, a matrix or table), the value is written as `HINT+HASH`: a cut, safe hint
and ten hex digits of SHA-256 over the value; `+` never appears in a readable value. So two
different parameter sets never share a folder (tests/test_ownership.py checks it over generated
sets); the full parameters are in the folder's NAME.numbers.json. A name longer than FOLDER_MAX
characters or FOLDER_BYTES bytes becomes `NAME@HASH` of the whole set, and a name that would end in
`.log` (the failed-render log beside a folder, studio.build.request.Request.log) hashes its last value.
"""
from __future__ import annotations

import hashlib
import json
import math
import re
from typing import Any

FOLDER_MAX = 96  # characters
FOLDER_BYTES = 200  # a path component holds 255 bytes; the staging name (studio.build.outdir) adds 18
MARK = "+"  # between a hashed value's hint and its hash
HINT_MAX = 20
_SAFE = re.compile(r"[\w.\-]+")
_UNSAFE = re.compile(r"[^\w.\-]+")
_INT = re.compile(r"-?[0-9]+", re.ASCII)
_NUMBER = re.compile(r"-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:e-?[0-9]+)?", re.ASCII)
_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*", re.ASCII)
_NOTHING = object()  # what a text that reads back as no value gives


def folder_name(name: str, params: dict) -> str:
    """`NAME@key=value,...` for an entry's non-default parameters (module docstring)."""
    if not params:
        return name
    if not all(isinstance(k, str) and _KEY.fullmatch(k) for k in params):
        return f"{name}@{_digest(params)}"
    parts = [[key, value_text(value)] for key, value in params.items()]
    folder = f"{name}@{','.join(f'{k}={t}' for k, t in parts)}"
    if folder.lower().endswith(".log"):  # would read as a failed render's log: hash the last value
        parts[-1][1] = _hashed(params[parts[-1][0]])
        folder = f"{name}@{','.join(f'{k}={t}' for k, t in parts)}"
    if len(folder) > FOLDER_MAX or len(folder.encode("utf-8")) > FOLDER_BYTES:
        folder = f"{name}@{_digest(params)}"
    return folder


def value_text(value: Any) -> str:
    """The value as written in a folder name: readable when it reads back as exactly this value."""
    text = _readable(value)
    if text is not None and _read_back(text) == value:
        return text
    return _hashed(value)


def _hashed(value: Any) -> str:
    hint = _UNSAFE.sub("_", _readable(value) or "")
    hint = re.sub(r"\.{2,}", ".", hint).strip("._")[:HINT_MAX].strip("._")
    return f"{hint}{MARK}{_digest(value)}"


def _number(x: float) -> str | None:
    if isinstance(x, int):
        return str(x)
    if not math.isfinite(x):
        return None
    return str(int(x)) if x.is_integer() and abs(x) < 1e15 else repr(x).replace("e+", "e")


def _readable(value: Any) -> str | None:
    """Text for a plain value (a flag, number, word, list of words or of numbers), else None."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return _number(value)
    if isinstance(value, str):
        return value
    if isinstance(value, tuple) and value:
        if all(isinstance(x, str) for x in value):
            return "_".join(value)
        if all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in value):
            texts = [_number(x) for x in value]
            return None if None in texts else "_".join(texts)
    return None


def _read_back(text: str) -> Any:
    """The one value a readable text stands for: a flag, a whole number, a number, a list of
    numbers or of words (split at `_`), else the word itself."""
    if not _SAFE.fullmatch(text):
        return _NOTHING
    if text in ("true", "false"):
        return text == "true"
    if "_" in text:
        parts = text.split("_")
        if not all(parts):
            return _NOTHING
        if all(_NUMBER.fullmatch(p) for p in parts):
            return tuple(float(p) for p in parts)
        return tuple(parts)
    if _INT.fullmatch(text):
        return int(text)
    if _NUMBER.fullmatch(text):
        return float(text)
    return text


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, ensure_ascii=False, sort_keys=True, default=list)
                          .encode("utf-8")).hexdigest()[:10]
