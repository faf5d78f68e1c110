"""The gallery's markup: templates from gallery_assets/templates/, labels from gallery_assets/ui.json.

`fill("entry.article", name=..., ...)` fills the fragment `article` of templates/entry.html (see
templates/README.md for the format); values are escaped here, never in the templates. `tr(key)`
writes one UI label in every language (CSS shows the chosen one).
"""
from __future__ import annotations

import html
import json
import re
from functools import lru_cache
from pathlib import Path
from string import Template
from urllib.parse import quote

from look import LANGS

ASSETS = Path(__file__).with_name("gallery_assets")
TEMPLATES = ASSETS / "templates"

_TEXTS = json.loads((ASSETS / "ui.json").read_text(encoding="utf-8"))
UI: dict = _TEXTS["labels"]  # lang -> key -> label (the same keys in each language)
LANG_NAMES: dict = _TEXTS["lang_names"]
LANG_SHORT: dict = _TEXTS["lang_short"]
OTHER_TOPIC: dict = _TEXTS["other_topic"]

_MARK = re.compile(r"<!-- ([a-z_]+) -->")


@lru_cache(maxsize=None)
def _fragments(file: str) -> dict[str, Template]:
    """The named fragments of templates/FILE.html, each line stripped of its indentation and joined."""
    blocks: dict[str, list[str]] = {}
    current = None
    for line in (TEMPLATES / f"{file}.html").read_text(encoding="utf-8").splitlines():
        mark = _MARK.fullmatch(line.strip())
        if mark:
            current = blocks.setdefault(mark.group(1), [])
        elif current is not None:
            current.append(line.strip())
    return {name: Template("".join(lines)) for name, lines in blocks.items()}


def fill(where: str, /, **values) -> str:
    """Fragment "file.fragment" with its $fields filled (every field must be given)."""
    file, fragment = where.split(".")
    return _fragments(file)[fragment].substitute(values)


def page(**values) -> str:
    """templates/page.html, the whole document, filled as it stands."""
    return Template((TEMPLATES / "page.html").read_text(encoding="utf-8")).substitute(values)


def esc(s) -> str:
    return html.escape(str(s), quote=True)


def tr(key: str, tag: str = "span", **fmt) -> str:
    """One UI label in every language; CSS shows the one for the chosen language."""
    parts = []
    for lang in LANGS:
        text = UI[lang][key]
        text = text.format(**{k: v.get(lang, "") if isinstance(v, dict) else v for k, v in fmt.items()})
        parts.append(fill("header.tr", tag=tag, lang=lang, text=esc(text)))
    return "".join(parts)


def tr_text(texts: dict, tag: str = "span") -> str:
    return "".join(fill("header.tr", tag=tag, lang=lang, text=esc(texts.get(lang, ""))) for lang in LANGS)


def json_for_script(value) -> str:
    """JSON safe inside <script type="application/json"> (no '</script>', no '<!--')."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def url(*parts: str) -> str:
    return "/".join(quote(p) for p in parts)


def size_text(n: int) -> str:
    if n >= 1e6:
        return f"{n / 1e6:.1f} MB"
    return f"{n / 1e3:.0f} kB" if n >= 1e3 else f"{n} B"
