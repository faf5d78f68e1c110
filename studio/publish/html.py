"""The one HTML template stack of the gallery, the lesson pages and the lecture deck: Jinja2 with
autoescape on.

`environment()` finds the templates as package data: `gallery/NAME` is
studio/publish/gallery_assets/templates/NAME, `pages/NAME` is studio/publish/pages/templates/NAME,
`deck/NAME` is studio/publish/deck/templates/NAME. Every value a template writes is escaped unless it
is Markup (another template's output, or the palette CSS built here from look.PALETTES); JSON inside
<script> goes through Jinja's `tojson` filter, which escapes <, >, & and ' so no string in it can end
the script.

A page.html (or deck.html) is the whole document, rendered as it stands. Every other template holds
macros, and in those files each line is joined to the next without its indentation and without the line break, so
markup can be indented freely: write a space inside a line where the page needs one.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from jinja2 import Environment, PackageLoader, PrefixLoader, StrictUndefined
from jinja2.ext import Extension
from markupsafe import Markup

__all__ = ["Markup", "environment", "macro", "palette_css", "render"]

PALETTE_PROPS = ("bg", "ink", "muted", "panel", "accent", "cool", "ok", "bad", "negative", "positive", "surface")


def palette_css(palettes=None, color_scheme: bool = True) -> Markup:
    """CSS custom properties for each theme, straight from look.PALETTES (light on :root too).

    The gallery also sets `color-scheme` (native controls follow the theme); the lesson pages do not."""
    if palettes is None:
        from look import PALETTES as palettes
    blocks = []
    for theme, p in palettes.items():
        selector = ':root, :root[data-theme="light"]' if theme == "light" else f':root[data-theme="{theme}"]'
        values = (p.background, p.ink, p.muted, p.panel, p.accent, p.cool, p.ok, p.bad, p.negative, p.positive,
                  p.neutral)
        props = dict(zip(PALETTE_PROPS, values))
        props.update({f"series-{k}": c for k, c in enumerate(p.series)})
        body = "".join(f"--{k}: {v}; " for k, v in props.items())
        scheme = f"color-scheme: {theme}; " if color_scheme else ""
        blocks.append(f"{selector} {{ {body}{scheme}}}")
    return Markup("\n".join(blocks))  # colours from the project's own palettes, never user text


class _JoinLines(Extension):
    """Macro files (every template but a page.html or deck.html): each line stripped of its indentation and joined
    to the next without the line break."""

    def preprocess(self, source, name, filename=None):
        # PrefixLoader hands on the name without its prefix
        if filename and Path(filename).name not in ("page.html", "deck.html"):
            return "".join(line.strip() for line in source.splitlines())
        return source


@lru_cache(maxsize=None)
def environment() -> Environment:
    env = Environment(
        loader=PrefixLoader({
            "gallery": PackageLoader("studio.publish", "gallery_assets/templates"),
            "pages": PackageLoader("studio.publish.pages", "templates"),
            "deck": PackageLoader("studio.publish.deck", "templates"),
        }),
        autoescape=True, undefined=StrictUndefined, keep_trailing_newline=True, extensions=[_JoinLines],
    )
    # tojson: compact, the text as written (escaping <, >, & and ' stays), no NaN
    env.policies["json.dumps_kwargs"] = {"ensure_ascii": False, "separators": (",", ":"), "allow_nan": False}
    env.globals["palette_css"] = palette_css
    return env


def render(name: str, /, **values) -> str:
    """The template `name` ("gallery/page.html", "pages/page.html") filled with `values`."""
    return environment().get_template(name).render(**values)


@lru_cache(maxsize=None)
def _module(name: str):
    return environment().get_template(name).module


def macro(where: str):
    """The macro "file.macro" of a gallery template (gallery/FILE.html); calling it returns Markup."""
    file, name = where.split(".")
    return getattr(_module(f"gallery/{file}.html"), name)
