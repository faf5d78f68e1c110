"""Text a user gives (tokens, words, table keys) that a figure or a scene will draw: is it safe to draw?

User words reach matplotlib's SVG writer, Pango (Manim's Text) and the caption files. A control
character (U+0000 to U+001F, U+007F to U+009F) is not allowed in XML at all, so an SVG holding one is
broken for every reader; a lone surrogate (what Python makes of bytes that are not UTF-8 on the
command line) cannot even be written as UTF-8; a noncharacter (U+FFFE, U+FFFF, U+FDD0 to U+FDEF, ...)
is not allowed in XML either; line and paragraph separators break a label into lines; an invisible
format character (a right-to-left override, a zero-width space, a soft hyphen) makes a word look
like another one. All of these are refused as bad input (studio.catalogue.params.Param.coerce), naming the
parameter and the word with the character shown as an escape. Zero-width joiner and non-joiner
(U+200C, U+200D) are allowed: emoji sequences and several scripts need them.
"""
from __future__ import annotations

import unicodedata
from typing import Any

from studio.errors import CLIP

JOINERS = frozenset("\u200c\u200d")


def unsafe_character(text: str) -> str:
    """What makes `text` unsafe to draw, e.g. 'a control character (U+001B)'; '' when nothing does."""
    for ch in text:
        code = ord(ch)
        category = unicodedata.category(ch)
        if category == "Cc":
            return f"a control character (U+{code:04X})"
        if category == "Cs":
            return f"a lone surrogate (U+{code:04X}: bytes that are not UTF-8?)"
        if 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE:
            return f"a noncharacter (U+{code:04X})"
        if category in ("Zl", "Zp"):
            return f"a line or paragraph separator (U+{code:04X})"
        if category == "Cf" and ch not in JOINERS:
            return f"an invisible format character (U+{code:04X} {unicodedata.name(ch, '')})".replace(" )", ")")
    return ""


def escaped(text: str, limit: int = CLIP) -> str:
    """`text` in double quotes with every character that is not plainly visible written as an
    escape (\\x1b, \\u202e), cut to about `limit` characters: safe to print on any terminal."""
    out = []
    for ch in text:
        code = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == " " or (ch.isprintable() and not unsafe_character(ch)):
            out.append(ch)
        else:
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
    body = "".join(out)
    if len(body) > limit:
        body = body[:limit - 1] + "…"
    return f'"{body}"'


def strings_in(value: Any) -> list[str]:
    """Every string in `value`: itself, or the items and table keys of lists, tuples and dicts."""
    found, todo = [], [value]
    while todo:
        v = todo.pop()
        if isinstance(v, str):
            found.append(v)
        elif isinstance(v, dict):
            todo.extend(v.keys())
            todo.extend(v.values())
        elif isinstance(v, (list, tuple)):
            todo.extend(v)
    found.reverse()
    return found


def text_problem(value: Any) -> str:
    """The first string in `value` that is unsafe to draw, as '"word" holds a control character
    (U+001B); use printable text', or ''."""
    for text in strings_in(value):
        what = unsafe_character(text)
        if what:
            return f"{escaped(text)} holds {what}; use printable text"
    return ""
