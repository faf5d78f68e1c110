"""The layout gate for figures: what a reader of the printed figure would trip over.

Measured with matplotlib's own text layout after the figure is laid out as it is saved (nothing is
rasterised or written). Rules, each a studio.gates.findings.Finding:

- "outside": a text's extent leaves the figure (0.5 pt tolerance); every extent is the union of the
  text's extents measured at the figure's dpi and at MEASURE_DPIS (the saved SVG and PNG);
- "overlap": two texts cover each other by more than 1 pt in both directions, unless both are labels
  declared on the same mark (figures.common.on_mark);
- "small": a text smaller than MIN_PT points at the figure's print size; a figure printed at one of
  WIDTHS_IN is printed at 100 %, a wider one is scaled down to the two-column width; sub- and
  superscripts of inline math count at matplotlib's 0.7 of the text's size (0.49 for a script inside
  a script) and must reach MIN_SCRIPT_PT (7 pt: a label with a script is set at 10 pt);
- "width": the figure's width is not one of WIDTHS_IN;
- "crossed": a plotted line (an axes' lines: curves, reference lines) runs through a text, more than
  1 pt inside its extent;
- "number": a numeric token of a visible text (tick labels excepted: they are scale, not data) is not
  in the figure's numbers.json (studio.build.numbers.record_fields with the module's DECIMALS, and the
  engine parameters) at its displayed rounding;
- "colour" and "tall" (studio.gates.figure_colours): marks told apart by colour alone closer than
  20 (normal) / 12 (deuteranopia, protanopia) in CIEDE2000; a figure taller than 9 in;
- "integer": an integer drawn with decimals ("1152.000"): a value of the record that is a whole
  number is drawn as one;
- "glyph": a character of a drawn text (outside inline maths, which is set in the body face too) that
  the look's body face lacks: matplotlib would take it from another font at its own size and weight
  (the CJK faces lack most super- and subscripts: a 10⁻¹⁰ that reads "10⁻¹o").
"""
from __future__ import annotations

import contextlib
import functools
import re
import unicodedata

from figures.common import segment_enters
from look.formats import SUPERSCRIPT
from studio.gates.figure_colours import colour_findings, height_findings
from studio.gates.findings import Finding
from studio.gates.text_extents import MEASURE_DPIS, widest_at_saved_dpis  # noqa: F401

MIN_PT = 6.5
MIN_SCRIPT_PT = 7.0
WIDTHS_IN = {"one column": 3.5, "two columns": 7.2}
TOLERANCE_PT = 0.5
OVERLAP_PT = 1.0
SCRIPT_SCALE = 0.7  # matplotlib mathtext's shrink factor for one level of sub/superscript
NESTED_SCRIPT = re.compile(r"[_^]\{[^}$]*[_^]")  # e^{z_{3,2}}: a script inside a script


@contextlib.contextmanager
def _drawn_texts():
    """Record every Text that draws itself (visible, non-empty, inside its clip) during a draw."""
    from matplotlib.text import Text

    drawn = []
    original = Text.draw

    def draw(self, renderer):  # an Annotation outside its axes never gets here
        if self.get_visible() and self.get_text().strip():
            drawn.append(self)
        return original(self, renderer)

    Text.draw = draw
    try:
        yield drawn
    finally:
        Text.draw = original


def laid_out_texts(fig):
    """[(text, bbox in points from the bottom left, is_tick_label)] for the texts the figure draws."""
    from matplotlib.text import Text

    with _drawn_texts() as drawn:
        fig.draw_without_rendering()
    ticks = set()
    for ax in [*fig.axes, *(child for a in fig.axes for child in a.child_axes)]:  # insets' ticks are scale too
        for axis in ax._axis_map.values():
            for tick in axis.get_major_ticks() + axis.get_minor_ticks():
                ticks.update((tick.label1, tick.label2))
    renderer = fig.canvas.get_renderer()
    scale = 72 / fig.dpi
    unique = list({id(t): t for t in drawn}.values())
    out = []
    for t in unique:
        b = Text.get_window_extent(t, renderer)  # the text alone: an Annotation's arrow is not text
        box = (b.x0 * scale, b.y0 * scale, b.x1 * scale, b.y1 * scale)
        out.append((t, box, t in ticks))
    return widest_at_saved_dpis(fig, out)


def _name(t) -> str:
    s = " ".join(t.get_text().split())
    return repr(s if len(s) <= 48 else s[:45] + "…")


def print_scale(width_in: float) -> float:
    if any(abs(width_in - w) < 1e-6 for w in WIDTHS_IN.values()):
        return 1.0
    return min(1.0, WIDTHS_IN["two columns"] / width_in)


def smallest_size(t) -> tuple[float, float]:
    """(the text's smallest glyph size in points, the minimum it must reach): scripts of inline math
    at SCRIPT_SCALE of the size, a script inside a script (e^{z_{3,2}}) at SCRIPT_SCALE², against
    MIN_SCRIPT_PT."""
    size, maths = t.get_fontsize(), "".join(re.findall(r"\$[^$]*\$", t.get_text()))
    if NESTED_SCRIPT.search(maths):
        return size * SCRIPT_SCALE ** 2, MIN_SCRIPT_PT
    if re.search(r"[_^]", maths):
        return size * SCRIPT_SCALE, MIN_SCRIPT_PT
    return size, MIN_PT


def layout_findings(fig, texts, entry: str, lang: str, theme: str) -> list[Finding]:
    """Rules outside, overlap, small and width over a laid-out figure and its texts (laid_out_texts)."""
    found = []
    add = lambda rule, msg, boxes=(): found.append(Finding(entry, lang, theme, "figure", rule, msg, boxes))
    w_in, h_in = fig.get_size_inches()
    if not any(abs(w_in - w) < 1e-6 for w in WIDTHS_IN.values()):
        allowed = ", ".join(f"{k} {v} in" for k, v in WIDTHS_IN.items())
        add("width", f"figure is {w_in:.2f} in wide; use {allowed}")
    W, H = w_in * 72, h_in * 72
    scale = print_scale(w_in)
    for t, (x0, y0, x1, y1), _ in texts:
        if x0 < -TOLERANCE_PT or y0 < -TOLERANCE_PT or x1 > W + TOLERANCE_PT or y1 > H + TOLERANCE_PT:
            add("outside", f"{_name(t)} leaves the {W:.0f} × {H:.0f} pt figure", ((x0, y0, x1, y1),))
        size, minimum = smallest_size(t)
        if size * scale < minimum - 1e-9:
            add("small", f"{_name(t)} prints at {size * scale:.1f} pt (minimum {minimum} pt)")
    for t, box, line in crossings(fig, texts):
        add("crossed", f"a line ({line}) runs through {_name(t)}", (box,))
    for i, (a, ba, _) in enumerate(texts):
        for b, bb, _ in texts[i + 1:]:
            ox = min(ba[2], bb[2]) - max(ba[0], bb[0])
            oy = min(ba[3], bb[3]) - max(ba[1], bb[1])
            if ox > OVERLAP_PT and oy > OVERLAP_PT:
                ka, kb = getattr(a, "_tf_mark", None), getattr(b, "_tf_mark", None)
                if ka is not None and ka == kb:
                    continue
                add("overlap", f"{_name(a)} and {_name(b)} overlap by {ox:.1f} × {oy:.1f} pt", (ba, bb))
    return found


def crossings(fig, texts):
    """[(text, box, line colour)] for every drawn line of the axes that crosses a text's extent."""
    scale = 72 / fig.dpi
    found = []
    for ax in fig.axes:
        for line in ax.lines:
            if not line.get_visible() or line.get_linestyle() in ("None", "none", " ", ""):
                continue
            pts = line.get_transform().transform_path(line.get_path()).vertices * scale  # [n, 2] points
            for t, (x0, y0, x1, y1), _ in texts:
                inner = (x0 + OVERLAP_PT, y0 + OVERLAP_PT, x1 - OVERLAP_PT, y1 - OVERLAP_PT)
                if inner[0] < inner[2] and inner[1] < inner[3] and any(
                        segment_enters(pts[k], pts[k + 1], inner) for k in range(len(pts) - 1)):
                    found.append((t, (x0, y0, x1, y1), line.get_color()))
    return found


# -- numbers ------------------------------------------------------------------------------------
_NUMBER = re.compile(r"(?<![A-Za-z_\\{^\d.,₀-₉])[-−]?\d+(?:[.,]\d+)*(?:[eE][-+]?\d+)?")


def _norm(s: str) -> str:
    return s.replace("\u2212", "-").replace(",", "").replace("\u2009", "").replace("\u202f", "").strip()


def allowed_numbers(doc) -> tuple[set, list]:
    """(normalised tokens, shown strings) a figure may show: every "shown" string, every integer and
    integral value, and every value as stored, anywhere in the numbers document's data and parameters."""
    tokens, shown = set(), []

    def walk(v):
        if isinstance(v, dict):
            if "shown" in v:
                walk_shown(v["shown"])
            for k, x in v.items():
                if k != "shown":
                    walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)
        elif isinstance(v, bool):
            return
        elif isinstance(v, int) or (isinstance(v, float) and v.is_integer()):
            tokens.add(str(int(v)))
        elif isinstance(v, float):
            tokens.add(repr(v))
        elif isinstance(v, str) and re.search(r"\d", v):
            shown.append(v)
            tokens.update(_norm(m) for m in _NUMBER.findall(v))

    def walk_shown(v):
        if isinstance(v, list):
            for x in v:
                walk_shown(x)
        else:
            shown.append(str(v))
            tokens.add(_norm(str(v)))

    walk(doc.get("data", {}))
    walk(doc.get("engine_params", {}))
    return tokens, sorted(set(shown), key=len, reverse=True)


_MATH_POWER = re.compile(r"\$\^\{([-−]?\d+)\}\$")


def unicode_powers(text: str) -> str:
    """A power set in mathtext (10$^{20}$) read as the superscript it shows (10²⁰), so the drawn string
    is compared whole with the numbers file's shown strings, exponent included."""
    return _MATH_POWER.sub(lambda m: m.group(1).replace("−", "-").translate(SUPERSCRIPT), text)


def number_tokens(text: str) -> list[str]:
    """The numbers a reader sees in `text`: not indices (x₁, W_2, h1), superscripts or math commands."""
    text = re.sub(r"\\[A-Za-z]+", " ", text)  # \times, \sqrt, \mathrm
    return [m for m in _NUMBER.findall(text) if any(c.isdigit() for c in m)]


def number_findings(texts, doc, entry: str, lang: str, theme: str) -> list[Finding]:
    tokens, shown = allowed_numbers(doc)
    found = []
    for t, box, is_tick in texts:
        if is_tick:
            continue
        s = unicode_powers(t.get_text())
        for sh in shown:  # a shown string found whole (e.g. "5.6×10⁻¹⁷") counts as one number
            if len(sh) > 1 and sh in s:
                s = re.sub(r"(?<![\d.,])" + re.escape(sh) + r"(?![\d]|[.,]\d)", " ", s)
        for tok in number_tokens(s):
            if _norm(tok) not in tokens and _norm(tok).lstrip("-") not in tokens:
                found.append(Finding(entry, lang, theme, "figure", "number",
                                     f"{tok} in {_name(t)} is not in numbers.json", (box,)))
    return found


_ZERO_DECIMALS = re.compile(r"^[-−]?\d[\d,]+\.0+$")  # 1152.000, 100.00: ten or more, nothing after the point


def integer_findings(texts, entry: str, lang: str, theme: str) -> list[Finding]:
    """Rule "integer": a whole number of at least two digits drawn with zero decimals ("④ 1152.000"),
    tick labels and numbers with a unit or factor after them (163.0M, 12.0×, 12.0 倍, 90.00°: measured and
    rounded, not whole) aside."""
    found = []
    for t, box, is_tick in texts:
        if is_tick:
            continue
        s = re.sub(r"\\[A-Za-z]+", " ", t.get_text())
        for m in _NUMBER.finditer(s):
            tok, after = m.group(0), s[m.end():].lstrip(" \u2009\u202f")[:1]  # a unit: M, ×, %, 倍
            before = s[:m.start()].rstrip(" \u2009\u202f")[-1:]  # a factor: ×17.0
            if _ZERO_DECIMALS.match(tok) and not (after and (after.isalpha() or after in "×%°")) and before != "×":
                found.append(Finding(entry, lang, theme, "figure", "integer",
                                     f"{tok} in {_name(t)} is a whole number: draw it without decimals", (box,)))
    return found


def draw_figure(entry, look):
    """The entry's figure as the renderer saves it (laid out and pinned), and its numbers document."""
    from figures.common import figure_context
    from studio.build.numbers import figure_caption, numbers_document
    from studio.build.savefig import freeze_layout
    from studio.gates.records import record_of

    record = record_of(entry)
    module = entry.load()
    with figure_context(look):
        fig = freeze_layout(module.make(record, look))
    doc = numbers_document(entry, record, look, decimals=getattr(module, "DECIMALS", {}),
                           caption=figure_caption(module, record, look))
    return fig, doc


def figure_findings(entry, look) -> list[Finding]:
    """Every finding of the figure `entry` in `look` (theme and language)."""
    import matplotlib.pyplot as plt

    fig, doc = draw_figure(entry, look)
    try:
        return findings_of(fig, doc, entry.folder, look)
    finally:
        plt.close(fig)


def findings_of(fig, doc, folder: str, look) -> list[Finding]:
    """Every rule over a laid-out figure and its numbers document."""
    from figures.common import figure_context

    with figure_context(look):
        texts = laid_out_texts(fig)
        found = layout_findings(fig, texts, folder, look.lang, look.theme)
        found += number_findings(texts, doc, folder, look.lang, look.theme)
        found += colour_findings(fig, texts, look.palette, folder, look.lang, look.theme)
        found += height_findings(fig, folder, look.lang, look.theme)
        found += integer_findings(texts, folder, look.lang, look.theme)
        found += glyph_findings(texts, look.figure_fonts, folder, look.lang, look.theme)
    return found


@functools.lru_cache(maxsize=8)
def body_cmap(font: str) -> frozenset:
    """The code points of the body face `font` (a face inside a .ttc collection found by its name)."""
    from fontTools.ttLib import TTCollection, TTFont
    from matplotlib import font_manager as fm

    path = fm.findfont(fm.FontProperties(family=font), fallback_to_default=False)
    faces = TTCollection(path).fonts if path.lower().endswith(".ttc") else [TTFont(path)]
    face = next((f for f in faces if f["name"].getDebugName(1) == font), faces[0])
    return frozenset(face.getBestCmap())


GENERIC_FAMILIES = ("sans-serif", "serif", "monospace", "cursive", "fantasy")


def glyph_findings(texts, fonts, entry: str, lang: str, theme: str) -> list[Finding]:
    """Rule "glyph": characters of drawn texts (inline maths left out) missing from the body face
    `fonts[0]`; a wide (CJK) character may come from a later face of the stack `fonts` (an English
    figure's 十五), as a whole word in another script, never a superscript or a dot inside a number; and the
    dot operator ⋅ a Chinese line writes for its middle dot (figures.parts_dots) from a later face, half width."""
    from figures.parts_dots import DOT_OPERATOR

    fonts = (fonts,) if isinstance(fonts, str) else tuple(fonts)
    found = []
    for t, _box, _tick in texts:
        own = tuple(f for f in t.get_fontfamily() if f not in GENERIC_FAMILIES)
        stack = own or fonts  # a text set in its own family (a Latin-only run) is checked against that family
        font, cmap = stack[0], body_cmap(stack[0])
        wide = frozenset().union(*(body_cmap(f) for f in stack[1:]))
        plain = re.sub(r"(?<!\\)\$[^$]*(?<!\\)\$", "", t.get_text())
        if plain != t.get_text():  # inline maths: mathtext sets the whole text from its first face alone
            wide = frozenset()
        missing = sorted({c for c in plain if c.strip() and ord(c) not in cmap
                          and not (ord(c) in wide and (unicodedata.east_asian_width(c) in "WF" or c == DOT_OPERATOR))})
        if missing:
            found.append(Finding(entry, lang, theme, "figure", "glyph",
                                 f"{t.get_text()!r} has {''.join(missing)}, not in {font}: drawn from another font"))
    return found


class GateFigure:
    """The gate watching a figure's render (studio.build.render.render_entry's `watch`): its rules run
    on the figure the render saved, so one drawing gives the file and its findings."""

    def __init__(self, folder: str, look):
        self.folder, self.look, self.findings = folder, look, None

    def figure(self, fig, doc) -> None:
        self.findings = findings_of(fig, doc, self.folder, self.look)


def render_and_gate_figure(request):
    """Render a figure request with the gate watching: (the Result, the findings; None if the render
    was answered from the cache)."""
    from studio.build.render import render_entry

    gate = GateFigure(request.entry.folder, request.look)
    result = render_entry(request, watch=gate)
    return result, (None if result.cached else gate.findings)


def main(argv=None) -> int:
    """`python -m studio.gates.figures [NAME ...]`: every figure (or the named ones) in every look."""
    import sys

    from look import LANGS, THEMES, Look
    from look.palette import FIGURE_BACKGROUND
    from studio import catalogue
    from studio.gates.findings import format_findings

    names = (argv if argv is not None else sys.argv[1:]) or [e.name for e in catalogue.ENTRIES
                                                             if e.kind == "figure"]
    found, checked = [], 0
    for name in names:
        for lang in LANGS:
            for theme in THEMES:
                found += figure_findings(catalogue.get(name), Look(theme, lang, FIGURE_BACKGROUND))
                checked += 1
    print(format_findings(found, checked))
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
