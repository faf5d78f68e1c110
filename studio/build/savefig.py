"""Saving a matplotlib figure so that the same input gives the same bytes.

The render pipeline lays each figure out once and pins its axes (constrained layout's solver can land
a few ulps apart between runs, and the SVG names clip paths by hashing the boxes), then saves it
without dates or versions in its metadata. An SVG is parsed as XML before it is written (check_svg).
"""
from __future__ import annotations

import re

from figures.parts_dots import half_width_dots
from studio.options import SVG_TEXT as SVG_TEXT_MODES  # embed, path, text


def freeze_layout(fig, digits: int = 6):
    """Lay the figure out once, then pin every axes at its position rounded to `digits` decimals.

    Constrained layout's solver can land a few ulps apart from one run to the next; the SVG names
    its clip paths by hashing the exact axes boxes, so unpinned the file would not be byte-identical.
    The renderer calls this for every figure before saving.
    """
    open_cjk_lines(fig)
    half_width_dots(fig)
    scripts_in_body_face(fig)
    chinese_beside_maths(fig)
    fig.get_layout_engine().execute(fig)  # the layout alone: no artist is drawn yet
    renderer = fig.canvas.get_renderer()
    for ax in fig.axes:  # what Axes.draw does first: place colour bars and fixed-aspect axes
        locator = ax.get_axes_locator()
        ax.apply_aspect(locator(ax, renderer) if locator else None)
    for ax in fig.axes:
        ax.set_position([round(float(v), digits) for v in ax.get_position().bounds])
    fig.set_layout_engine(None)  # no engine left: savefig then draws once, not twice
    return fig


CJK_LINESPACING = 1.4  # Chinese lines need more lead than Latin ones (matplotlib's default is 1.2)


def open_cjk_lines(fig) -> None:
    """Every text of several lines with Chinese characters in it gets CJK_LINESPACING at least."""
    import re

    from matplotlib.text import Text

    cjk = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")
    for t in fig.findobj(Text):
        s = t.get_text()
        spacing = t.get_linespacing()
        if "\n" in s and cjk.search(s) and (not isinstance(spacing, (int, float)) or spacing < CJK_LINESPACING):
            t.set_linespacing(CJK_LINESPACING)


CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")
SUBSCRIPTS = dict(zip("₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₒₓₕₖₗₘₙₚₛₜᵢⱼᵣᵤᵥ", "0123456789+−=()aeoxhklmnpstijruv"))
SUPERSCRIPTS = dict(zip("⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱᵀ", "0123456789+−=()niT"))
HATTED = {"ŷ": r"\hat{y}"}


def scripts_as_maths(text: str) -> str:
    """A text's Unicode sub- and superscripts (α₃,₂, 10⁻¹⁰) as mathtext scripts ($_{3,2}$, $^{−10}$): the
    CJK body faces lack most of them, and matplotlib would take each missing glyph from another font at
    its own size and baseline (a 10⁻¹⁰ that reads "10⁻¹o"); mathtext sets them in the body face
    (figures.common sets mathtext to the look's font, Chinese included). Texts with a dollar (maths of
    their own, or a user's word drawn as written) are left alone, and a Chinese text keeps its ŷ (an
    accent mathtext would set outside the CJK face)."""
    if "$" in text:  # maths of its own, or a user's dollar drawn as written
        return text
    chinese = bool(CJK.search(text))  # scripts are set in the CJK face too; an accent (ŷ) is not
    out, run, kind = [], [], None

    def close():
        if run:
            out.append("$" + ("_" if kind == "sub" else "^") + "{" + "".join(run) + "}$")
            run.clear()

    for c in text:
        now = "sub" if c in SUBSCRIPTS else "sup" if c in SUPERSCRIPTS else None
        if now != kind:
            close()
            kind = now
        if now:
            run.append((SUBSCRIPTS if now == "sub" else SUPERSCRIPTS)[c])
        elif c in HATTED and not chinese:
            out.append("$" + HATTED[c] + "$")
        else:
            out.append(c)
    close()
    return "".join(out)


def chinese_beside_maths(fig) -> None:
    """A text that mixes inline maths with Chinese characters, in a figure whose body face is Latin (an
    English figure showing 十五), is set in the font stack's CJK face: matplotlib lays such a text out
    with mathtext, which takes every glyph from the text's first face and falls back to no other, so
    the Latin face would draw the Chinese as empty boxes. Its formulas stay in the body face."""
    import matplotlib
    from matplotlib.text import Text

    families = list(matplotlib.rcParams["font.family"])
    cjk_face = next((f for f in families if "CJK" in f), None)
    if cjk_face is None or "CJK" in families[0]:
        return
    for t in fig.findobj(Text):
        s = t.get_text()
        if CJK.search(s) and len(re.findall(r"(?<!\\)\$", s)) >= 2:
            t.set_fontfamily([cjk_face, *families])


def scripts_in_body_face(fig) -> None:
    """Every text of the figure with its sub- and superscripts set by mathtext (scripts_as_maths), except
    a text with Chinese set in a Latin face first (an English figure glossing 加 'add'; a Chinese text
    that half_width_dots sets Latin first) whose scripts that face has: mathtext would force the whole text into the CJK face (chinese_beside_maths),
    digits and Latin letters included, while as plain text the Latin face sets it and the CJK face only
    its Chinese characters, as everywhere else in an English figure."""
    import matplotlib
    from matplotlib.text import Text

    body = list(matplotlib.rcParams["font.family"])[0]
    for t in fig.findobj(Text):
        s = t.get_text()
        first = next(iter(t.get_fontfamily()), body)  # a text may set its own face first (half_width_dots)
        face = body if first in ("sans-serif", "serif", "monospace") else first
        if "CJK" not in face and CJK.search(s) and "$" not in s and _face_has(face, _scripts_in(s)):
            continue
        new = scripts_as_maths(s)
        if new != s:
            t.set_text(new)


def _scripts_in(text: str) -> str:
    return "".join(c for c in text if c in SUBSCRIPTS or c in SUPERSCRIPTS)


def _face_has(family: str, chars: str) -> bool:
    """Whether the font matplotlib finds for `family` has a glyph for every one of `chars`."""
    if not chars:
        return True
    from matplotlib.font_manager import FontProperties, findfont, get_font

    font = get_font(findfont(FontProperties(family=family), fallback_to_default=False))
    return all(font.get_char_index(ord(c)) for c in set(chars))


def save_metadata(fmt: str) -> dict:
    """Metadata that keeps the file byte-identical between runs (no dates, no versions)."""
    if fmt == "svg":
        return {"Date": None, "Creator": None}
    if fmt == "pdf":
        return {"CreationDate": None, "ModDate": None, "Creator": None, "Producer": None}
    if fmt == "png":
        return {"Software": None}
    return {}


# -- SVG text ---------------------------------------------------------------------------------------
# How text is written into an SVG:
#   "embed" (default)  text stays text (searchable, selectable); the glyphs it uses are embedded as a
#                      font subset (@font-face, WOFF data URI), so it reads the same on any machine;
#   "path"             every glyph becomes a path: no font needed, text not searchable;
#   "text"             text stays text and names its fonts only (smallest file; needs the fonts).
# Every font-family list ends with a generic family; inline math is one path group whose <title>
# holds its plain reading (h₃, √d), so a search or a screen reader finds it in reading order.
SVG_TEXT = SVG_TEXT_MODES[0]  # the default for save_figure: embed


def save_figure(fig, target, fmt: str, *, svg_text: str | None = None, dpi=None, title: str = "",
                desc: str = "", lang: str = "") -> None:
    """Save `fig` to `target` (a path) in `fmt`, byte-identical for the same figure.

    `svg_text` chooses how SVG text is written (one of SVG_TEXT_MODES; default: the module's SVG_TEXT);
    an SVG gets `title` and `desc` (the entry's description) as its figure-level <title> and <desc>,
    and its root declares `lang` (the figure's language) as xml:lang and lang.
    """
    if fmt != "svg":
        fig.savefig(target, format=fmt, metadata=save_metadata(fmt),
                    dpi=dpi or (200 if fmt == "png" else "figure"))
        return
    from pathlib import Path

    from studio.build.svgtext import add_title

    svg = add_title(svg_string(fig, svg_text or SVG_TEXT), title, desc, lang)
    check_svg(svg)
    Path(target).write_text(svg, encoding="utf-8")


def check_svg(svg: str) -> None:
    """Raise RenderFailed (exit 1) unless `svg` parses as XML with an <svg> root: the last check
    before an SVG is written, so a figure no reader can open is never committed. User words are
    checked when they are given (studio.catalogue.usertext); this catches whatever else would break it."""
    from xml.etree import ElementTree

    from studio.errors import RenderFailed

    try:
        root = ElementTree.fromstring(svg)
    except ElementTree.ParseError as exc:
        raise RenderFailed(f"the SVG drawn is not well-formed XML ({exc}); nothing was written") from None
    if root.tag.rpartition("}")[2] != "svg":
        raise RenderFailed(f"the SVG drawn has <{root.tag}> at its root, not <svg>; nothing was written")


def svg_string(fig, mode: str = "embed") -> str:
    """The figure as SVG text, with its text written as `mode` says (see SVG_TEXT_MODES)."""
    import io

    import matplotlib

    from studio.build import svgtext

    if mode not in SVG_TEXT_MODES:
        raise ValueError(f"unknown SVG text mode {mode!r}; choose from {', '.join(SVG_TEXT_MODES)}")
    buf = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "path" if mode == "path" else "none"}):
        svgtext.print_svg(fig, buf, metadata=save_metadata("svg"))
    svg = svgtext.add_generic_families(svgtext.plain_comments(buf.getvalue()))
    if mode == "embed":
        svg = svgtext.embed_fonts(svg)
    return svg
