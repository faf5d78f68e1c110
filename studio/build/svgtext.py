"""SVG text that reads the same anywhere: math as titled path groups, generic fallbacks, font subsets.

Used by studio.build.savefig.svg_string. Three steps:
- `print_svg` draws the figure with matplotlib's SVG renderer, except that inline math ($…$) becomes one
  path group with its plain reading (h₃, not $h_{3}$: studio.build.plainmath) as <title> and as
  transparent text on the formula's baseline, so a search finds it (matplotlib would write one
  positioned character per glyph, out of reading order);
- `add_generic_families` ends every font-family list with a generic family (sans-serif, or monospace
  for a monospaced stack);
- `embed_fonts` subsets each font the text uses to the characters it draws (fontTools) and embeds it
  as an @font-face WOFF data URI, under the family name the text already names. The subset is
  deterministic: same characters, same bytes.
"""
from __future__ import annotations

import base64
import functools
import html
import io
import re

from matplotlib import font_manager as fm
from matplotlib.backends.backend_mixed import MixedModeRenderer
from matplotlib.backends.backend_svg import RendererSVG

from studio.build.plainmath import plain_reading

GENERIC = ("serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui")


_MATHDEFAULT = re.compile(r"\\mathdefault\{((?:[^{}]|\{[^{}]*\})*)\}")


def plain_math(source: str) -> str:
    r"""A formula's source as a reader searches it: matplotlib's internal `\mathdefault{…}` (log-axis
    ticks such as 10⁹) unwrapped to its content."""
    return _MATHDEFAULT.sub(r"\1", source)


def plain_comments(svg: str) -> str:
    """matplotlib writes each text's source as a comment before it: without `\\mathdefault` too."""
    return re.sub(r"<!-- (.*?) -->", lambda m: "<!-- " + plain_math(m.group(1)) + " -->", svg)


def add_title(svg: str, title: str, desc: str, lang: str = "") -> str:
    """A figure-level <title> and <desc> as the first children of the <svg> root (what a screen reader
    announces and a search engine indexes), with the root marked as one image and, given `lang` (a BCP 47
    tag: en, zh-Hant, zh-Hans), in that language (xml:lang and lang), so a reader picks the voice and
    the glyph forms for the figure's text."""
    head = re.search(r"<svg\b[^>]*>", svg)
    if head is None or not title:
        return svg
    root = head.group(0)
    if "role=" not in root:
        root = root[:-1] + ' role="img">'
    if lang and "lang=" not in root:
        root = root[:-1] + f' xml:lang="{html.escape(lang)}" lang="{html.escape(lang)}">'
    block = f"\n <title>{html.escape(title, quote=False)}</title>\n <desc>{html.escape(desc, quote=False)}</desc>"
    return svg[:head.start()] + root + block + svg[head.end():]


class _Renderer(RendererSVG):
    def draw_text(self, gc, x, y, s, prop, angle, ismath=False, mtext=None):
        """A line of whitespace alone (the empty line a title keeps for its subtitle: figures.common.titled)
        is written as nothing: no empty <text> for a search or a screen reader to meet."""
        if not ismath and not s.strip():
            return
        super().draw_text(gc, x, y, s, prop, angle, ismath, mtext)

    def _draw_text_as_text(self, gc, x, y, s, prop, angle, ismath, mtext=None):
        if not ismath:
            return super()._draw_text_as_text(gc, x, y, s, prop, angle, ismath, mtext)
        self.writer.start("g", attrib={"role": "img"})
        self.writer.element("title", plain_reading(mtext.get_text() if mtext is not None else s))
        self._draw_text_as_path(gc, x, y, s, prop, angle, ismath, mtext)
        self._searchable_layer(gc, x, y, plain_reading(mtext.get_text() if mtext is not None else s), prop, angle)
        self.writer.end("g")

    def _searchable_layer(self, gc, x, y, reading, prop, angle):
        """The plain reading (h₃, 10⁻⁹) as real, transparent text on the drawn formula's baseline, the
        same size: a text search or a selection finds the formula, which still looks as mathtext set it."""
        from matplotlib.backend_bases import GraphicsContextBase

        clear = GraphicsContextBase()
        clear.copy_properties(gc)
        clear.set_alpha(0.0)
        self.writer.start("g", attrib={"aria-hidden": "true"})
        super()._draw_text_as_text(clear, x, y, reading, prop, angle, False, None)
        self.writer.end("g")


def print_svg(fig, fh, metadata=None) -> None:
    """matplotlib's FigureCanvasSVG.print_svg with the renderer above."""
    dpi = fig.dpi
    fig.dpi = 72
    try:
        width, height = fig.get_size_inches()
        renderer = MixedModeRenderer(fig, width, height, dpi,
                                     _Renderer(width * 72, height * 72, fh, image_dpi=dpi, metadata=metadata))
        fig.draw(renderer)
        renderer.finalize()
    finally:
        fig.dpi = dpi


_FAMILY = re.compile(r"font-family: ([^;\"]+)")


def _families(css_list: str) -> list[str]:
    return [f.strip().strip("'\"") for f in css_list.split(",")]


def add_generic_families(svg: str) -> str:
    """Append a generic family to every font-family list that has none."""
    def fix(m):
        names = _families(m.group(1))
        if any(n in GENERIC for n in names):
            return m.group(0)
        generic = "monospace" if any("Mono" in n for n in names) else "sans-serif"
        return f"font-family: {m.group(1).rstrip()}, {generic}"
    return _FAMILY.sub(fix, svg)


_TEXT = re.compile(r"<text\b([^>]*)>(.*?)</text>", re.S)
_STYLE = re.compile(r'style="([^"]*)"')


@functools.lru_cache(maxsize=None)
def _font_file(family: str, weight: int, italic: bool) -> tuple[str, int] | None:
    """(file, face index) of `family` at `weight`, or None when it is not installed."""
    prop = fm.FontProperties(family=family, weight=weight, style="italic" if italic else "normal")
    try:
        path = fm.findfont(prop, fallback_to_default=False)
    except ValueError:
        return None
    from fontTools.ttLib import TTCollection, TTFont

    if not path.lower().endswith((".ttc", ".otc")):
        return path, 0 if _name(TTFont(path, lazy=True)) == family else None
    for index, font in enumerate(TTCollection(path, lazy=True).fonts):
        if _name(font) == family:
            return path, index
    return None


def _name(font) -> str:
    table = font["name"]
    return str(table.getDebugName(16) or table.getDebugName(1))


@functools.lru_cache(maxsize=None)
def _cmap(path: str, index: int) -> frozenset:
    from fontTools.ttLib import TTFont

    return frozenset(TTFont(path, fontNumber=index, lazy=True).getBestCmap())


@functools.lru_cache(maxsize=64)
def _subset(path: str, index: int, chars: str) -> bytes:
    """The font reduced to `chars`, as WOFF. No layout tables: matplotlib places text without GSUB/GPOS
    (it kerns from the legacy 'kern' table only), so a browser applying them would set it wider or
    narrower than the figure was laid out; leaving them out also halves the time."""
    import logging

    from fontTools import subset
    from fontTools.ttLib import TTFont

    # the subsetter reports each table at INFO; where Manim has set the root logger up (a render of
    # scenes and figures in one process) that would flood the terminal
    logging.getLogger("fontTools").setLevel(logging.WARNING)
    font = TTFont(path, fontNumber=index, recalcTimestamp=False)
    for tag in ("GSUB", "GPOS", "GDEF", "BASE", "JSTF", "FFTM"):
        if tag in font:
            del font[tag]  # before the subsetter reads them
    options = subset.Options()
    options.flavor = "woff"
    options.hinting = False
    options.desubroutinize = True
    options.layout_features = []
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "BASE", "JSTF", "FFTM"]
    options.name_IDs = [1, 2, 16, 17]
    sub = subset.Subsetter(options)
    sub.populate(unicodes=sorted({ord(c) for c in chars}))
    sub.subset(font)
    wanted = {ord(c) for c in chars}  # a glyph kept as another's part (≥ in ≤'s outline) is no character drawn
    for table in font["cmap"].tables:
        table.cmap = {u: g for u, g in table.cmap.items() if u in wanted}
    out = io.BytesIO()
    font.flavor = "woff"
    font.save(out, reorderTables=True)
    return out.getvalue()


def used_characters(svg: str) -> dict:
    """{(family, weight, italic): characters} for every <text>, each character assigned to the first
    family of its list whose installed font has it (as a browser picks)."""
    used: dict = {}
    for attrs, body in _TEXT.findall(svg):
        style = _STYLE.search(attrs)
        css = style.group(1) if style else ""
        fam = _FAMILY.search(css)
        if not fam:
            continue
        weight = int(re.search(r"font-weight: (\d+)", css).group(1)) if "font-weight" in css else 400
        italic = "font-style: italic" in css or "font-style: oblique" in css
        faces = [(n, _font_file(n, weight, italic)) for n in _families(fam.group(1)) if n not in GENERIC]
        faces = [(n, f) for n, f in faces if f]
        for ch in html.unescape(re.sub(r"<[^>]+>", "", body)):
            for name, (path, index) in faces:
                if ord(ch) in _cmap(path, index):
                    used.setdefault((name, weight, italic), set()).add(ch)
                    break
    return used


def embed_fonts(svg: str) -> str:
    """Add an @font-face subset for every font the SVG's text uses (see used_characters)."""
    rules = []
    for (family, weight, italic), chars in sorted(used_characters(svg).items()):
        path, index = _font_file(family, weight, italic)
        data = base64.b64encode(_subset(path, index, "".join(sorted(chars)))).decode("ascii")
        rules.append(f"@font-face {{font-family: '{family}'; font-weight: {weight}; "
                     f"font-style: {'italic' if italic else 'normal'}; "
                     f"src: url(data:font/woff;base64,{data}) format('woff')}}")
    if not rules:
        return svg
    style = '  <style type="text/css">\n' + "\n".join(rules) + "\n  </style>\n"
    head = svg.index("<defs>") + len("<defs>\n")
    return svg[:head] + style + svg[head:]
