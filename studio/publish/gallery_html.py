"""The gallery's markup: Jinja2 macros from gallery_assets/templates/ (studio.publish.html), labels from
gallery_assets/ui.json.

`fill("entry.article", name=..., ...)` calls the macro `article` of templates/entry.html; text is
escaped by the template (autoescape), markup from other macros is kept. `tr(key)` writes one UI
label in every language (CSS shows the chosen one).
"""
from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

from markupsafe import Markup

from look import LANGS
from studio.publish.html import macro, render

ASSETS = Path(__file__).with_name("gallery_assets")
TEMPLATES = ASSETS / "templates"

_TEXTS = json.loads((ASSETS / "ui.json").read_text(encoding="utf-8"))
UI: dict = _TEXTS["labels"]  # lang -> key -> label (the same keys in each language)
LANG_NAMES: dict = _TEXTS["lang_names"]
LANG_SHORT: dict = _TEXTS["lang_short"]
OTHER_TOPIC: dict = _TEXTS["other_topic"]

join = Markup("").join  # pieces of markup (macro outputs), kept as markup


def fill(where: str, /, **values) -> Markup:
    """The macro "file.name" of templates/FILE.html called with `values` (every one must be given)."""
    return macro(where)(**values)


def page(**values) -> str:
    """templates/page.html, the whole document."""
    return render("gallery/page.html", **values)


def tr(key: str, tag: str = "span", **fmt) -> Markup:
    """One UI label in every language; CSS shows the one for the chosen language."""
    parts = []
    for lang in LANGS:
        text = UI[lang][key]
        text = text.format(**{k: v.get(lang, "") if isinstance(v, dict) else v for k, v in fmt.items()})
        parts.append(fill("header.tr", tag=tag, lang=lang, text=text))
    return join(parts)


def tr_text(texts: dict, tag: str = "span") -> Markup:
    return join(fill("header.tr", tag=tag, lang=lang, text=texts.get(lang, "")) for lang in LANGS)


def url(*parts: str) -> str:
    return "/".join(quote(p) for p in parts)


def size_text(n: int) -> str:
    if n >= 1e6:
        return f"{n / 1e6:.1f} MB"
    return f"{n / 1e3:.0f} kB" if n >= 1e3 else f"{n} B"
