"""The figures' shared look: matplotlib settings from the look layer, the diverging colour map, a heatmap.

Every figure module provides STRINGS (per language) and make(data, look) -> Figure, drawing with
draw(ax, data, look) where one axes suffices (docs/design.md §1).
"""
from __future__ import annotations

import contextlib

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.colors import LinearSegmentedColormap  # noqa: E402
from matplotlib.font_manager import FontProperties  # noqa: E402
from matplotlib.text import Annotation  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402

from look import Look  # noqa: E402
from figures.placing import (  # noqa: E402,F401  (shared with the figures that import them from here)
    LABEL_OFFSETS, around, crossings, drawn_segments, place_at, place_labels, segment_enters, spread)


def literal_text(record):
    r"""The engine record as the figures draw it: every `$` in its strings written `\$`.

    The record's strings are the user's words (tokens, candidates, table keys; the engine writes no
    `$` of its own), and matplotlib reads text between two `$` as mathtext: a token `$\alpha$` would
    be drawn as α and `$\input{x}$` would fail the render. `\$` is a literal dollar both in plain text
    and between a figure's own formulas, so every word is drawn as written wherever a figure puts
    it. studio.build.render.render_figure hands this copy to make(); the numbers files keep the record
    as computed. Dataclasses, named tuples, tuples, lists and dicts are copied where a string
    changes; anything else (arrays, numbers) is passed through.
    """
    import copy
    import dataclasses

    def plain(v):
        if isinstance(v, str):
            return v.replace("$", r"\$") if "$" in v else v
        if dataclasses.is_dataclass(v) and not isinstance(v, type):
            changed = {f.name: plain(getattr(v, f.name)) for f in dataclasses.fields(v)}
            if all(changed[k] is getattr(v, k) for k in changed):
                return v
            out = copy.copy(v)
            for k, x in changed.items():
                object.__setattr__(out, k, x)  # frozen dataclasses too; no __post_init__ re-run
            return out
        if isinstance(v, (tuple, list)):
            items = [plain(x) for x in v]
            if all(a is b for a, b in zip(items, v)):
                return v
            return type(v)(*items) if hasattr(v, "_fields") else type(v)(items)
        if isinstance(v, dict):
            pairs = [(plain(k), plain(x)) for k, x in v.items()]
            if all(a is k and b is x for (a, b), (k, x) in zip(pairs, v.items())):
                return v
            return type(v)(pairs)
        return v

    return plain(record)


def rc_for(look: Look) -> dict:
    p = look.palette
    return {
        "font.family": list(look.figure_fonts),
        "font.size": 10,
        "axes.titlesize": 12,
        "axes.labelsize": 10,
        "figure.facecolor": p.background,
        "axes.facecolor": p.background,
        "savefig.facecolor": p.background,
        "axes.edgecolor": p.muted,
        "axes.labelcolor": p.ink,
        "text.color": p.ink,
        "xtick.color": p.ink,
        "ytick.color": p.ink,
        "grid.color": p.muted,
        "grid.alpha": 0.3,
        "axes.spines.top": False,
        "axes.spines.right": False,
        "axes.prop_cycle": matplotlib.cycler(color=list(p.series)),
        "axes.unicode_minus": True,
        "svg.fonttype": "none",  # text stays text in the SVG
        "svg.hashsalt": "transformer-frames",  # deterministic ids
        "pdf.fonttype": 42,
        "legend.frameon": False,
        # formulas ($d_{\mathrm{model}}$, 10⁻⁹) in the body face, so they read as the words around them;
        # a symbol the face lacks comes from STIX Sans
        "mathtext.fontset": "custom",
        "mathtext.rm": look.figure_font,
        "mathtext.it": look.figure_font,
        "mathtext.sf": look.figure_font,
        "mathtext.cal": look.figure_font,
        "mathtext.bf": f"{look.figure_font}:bold",
        "mathtext.fallback": "stixsans",
    }


@contextlib.contextmanager
def figure_context(look: Look):
    with matplotlib.rc_context(rc_for(look)):
        yield


def diverging_cmap(look: Look) -> LinearSegmentedColormap:
    """negative → neutral → positive, linear in RGB: the same scale as the scenes' heatmaps."""
    p = look.palette
    return LinearSegmentedColormap.from_list(f"tf-{look.theme}", [p.negative, p.neutral, p.positive])


def sequential_cmap(look: Look) -> LinearSegmentedColormap:
    """0 → vmax for non-negative quantities (weights, distances, counts): the look's sequential scale."""
    return LinearSegmentedColormap.from_list(f"tf-seq-{look.theme}", list(look.palette.sequential))


def new_figure(width_in: float, height_in: float, **kwargs):
    return plt.subplots(figsize=(width_in, height_in), layout="constrained", **kwargs)


TITLE_MARGIN_IN = 0.072  # every title's left margin: a suptitle at x = 0.01 of the 7.2 in page width (5.2 pt)


def title_x(fig) -> float:
    """A suptitle's x (figure fraction) that starts it TITLE_MARGIN_IN from the left edge at any width."""
    return TITLE_MARGIN_IN / fig.get_figwidth()


def title_margin(fig) -> None:
    """Inset a constrained layout on the left so a panel title set flush with its axes (loc="left", the
    axes' frame off) starts TITLE_MARGIN_IN from the edge, as the suptitles do, not at the layout's 3 pt pad."""
    engine = fig.get_layout_engine()
    x0 = max(0.0, (TITLE_MARGIN_IN - engine.get()["w_pad"]) / fig.get_figwidth())
    engine.set(rect=(x0, 0, 1 - x0, 1))


def heatmap(ax, values, look: Look, *, vmax: float = 1.0, colorbar_label: str | None = None,
            sequential: bool = False):
    """A heatmap on a fixed scale with a colour bar; returns the image.

    Diverging on [-vmax, +vmax] for signed values, or `sequential` on [0, vmax] for non-negative ones.
    """
    cmap, vmin = (sequential_cmap(look), 0.0) if sequential else (diverging_cmap(look), -vmax)
    im = ax.imshow(values, cmap=cmap, vmin=vmin, vmax=vmax, aspect="auto", interpolation="nearest")
    cb = ax.figure.colorbar(im, ax=ax, fraction=0.05, pad=0.02)
    cb.outline.set_edgecolor(look.palette.muted)
    if colorbar_label:
        cb.set_label(colorbar_label)
    return im


def on_mark(mark_key, *texts):
    """Declare `texts` as labels drawn on one mark (a cell, a bar): the figure gate lets them overlap
    each other, never other texts."""
    for t in texts:
        t._tf_mark = mark_key
    return texts


def titled(target, text: str, look: Look, **kw):
    """The one way a figure sets a title with a subtitle: `text`'s first line is the title (in ink, as
    set_title / suptitle draw it); the rest, if any, is the subtitle, set under it in `muted` and regular
    weight at 1 pt smaller (or at `sub_size` points), so it never reads as a second title. `target` is an Axes (set_title) or a
    Figure (suptitle); `kw` goes to that call. The title keeps an empty line for each of the subtitle's lines, so
    the layout leaves it room; returns the title's Text."""
    (title, _, subtitle), sub_size = text.partition("\n"), kw.pop("sub_size", None)  # sub_size: the subtitle's points
    size = kw.get("fontsize", matplotlib.rcParams["axes.titlesize"] if hasattr(target, "set_title") else 12)
    size = FontProperties(size=size).get_size_in_points()
    kw.setdefault("linespacing", 1.5)
    head = title + "\n\u2002" * (subtitle.count("\n") + 1 if subtitle else 0)  # empty lines hold the subtitle's place
    t = target.set_title(head, **kw) if hasattr(target, "set_title") else target.suptitle(head, **kw)
    if subtitle:
        ha = kw.get("ha", kw.get("horizontalalignment", "left" if kw.get("loc") == "left" else "center"))
        x = {"left": 0.0, "center": 0.5, "right": 1.0}[ha]
        style = {"family": kw["family"]} if "family" in kw else {}
        sub = Annotation(subtitle, (x, 0.0), xycoords=t, ha=ha, va="bottom", fontsize=sub_size or size - 1, fontweight="normal",
                         color=look.palette.muted, linespacing=1.3, annotation_clip=False, **style)
        target.add_artist(sub)
        sub.set_clip_on(False)  # above an Axes, outside its patch
        on_mark(("title", id(t)), t, sub)  # the subtitle sits in the slot the title's empty line keeps
    return t


def footnote(fig, text: str, look: Look) -> None:
    """An assumption or a note on what is drawn, one short muted line under the figure (none when empty)."""
    if text:
        fig.supxlabel(text, x=0.01, ha="left", fontsize=8.5, color=look.palette.muted)


def new_mosaic(width_in: float, height_in: float, mosaic, **kwargs):
    """A constrained-layout figure with named axes (matplotlib's subplot_mosaic): (fig, {name: ax})."""
    return plt.subplot_mosaic(mosaic, figsize=(width_in, height_in), layout="constrained", **kwargs)


def table(ax, rows, col_x, *, top: float, line: float, align=None, transform=None, **text_kw):
    """Draw `rows` (lists of cell strings) as a table laid out by position, one Text per cell.

    Columns sit at `col_x` (axes fraction unless `transform`), rows `line` apart downward from `top`;
    `align` gives each column's "left" / "center" / "right" (default: first left, others right). A
    browser keeps the columns whatever the font, unlike cells padded with spaces. Returns the Texts,
    row by row.
    """
    transform = transform or ax.transAxes
    align = align or ["left"] + ["right"] * (len(col_x) - 1)
    out = []
    for r, row in enumerate(rows):
        out.append([ax.text(x, top - r * line, cell, ha=a, va="top", transform=transform, **text_kw)
                    for x, a, cell in zip(col_x, align, row)])
    return out


# -- shared by several figures: attention weights, ink on a coloured cell ---------------------------------
def weight_cmap(look: Look) -> LinearSegmentedColormap:
    """Attention weights 0 … 1 on the look's sequential scale; masked cells are the background."""
    return sequential_cmap(look).with_extremes(bad=look.palette.background)


def ink_on(colour, look: Look) -> str:
    """The text colour for a value written on a cell of `colour`: ink wherever it reaches 4.5:1 (WCAG
    contrast, linear-light luminance), else ink or background, whichever has the higher contrast. On the
    light diverging scale's purple (#b070f0) that is ink at 5.4:1, not white at 3.3:1."""
    from matplotlib.colors import to_hex

    from look.colour import contrast

    p = look.palette
    cell = to_hex(colour)
    if contrast(p.ink, cell) >= 4.5:
        return p.ink
    return max((p.ink, p.background), key=lambda c: contrast(c, cell))


def draw_weights(ax, A, mask, tokens, look: Look, *, fontsize=9.0, cbar_label=None, fmt=None,
                 cbar_location="right", shown=None, printed_rows=None, outlines=False):
    """A causal weight table: α on the sequential 0–1 scale, × on masked cells, token labels on both
    axes (keys on top); returns the image. `fmt` writes a weight (default: 4 decimals), `shown[i, j]` in
    place of `A[i, j]` when given (the engine's rounded table, rows adding to 1.00); the colour bar
    (drawn when `cbar_label` is given) sits at `cbar_location` ("right" or "bottom"). `printed_rows`: the rows
    whose weights are written in their cells (default all); the others are shade alone. `outlines`: each weight
    cell edged in `muted`, so a small weight (a shade near the paper's, on dark paper) still reads as a cell."""
    import numpy as np

    from look import fmt_num

    fmt = fmt or (lambda v: fmt_num(v, 4))
    pal = look.palette
    n = A.shape[0]
    cmap = weight_cmap(look)
    im = ax.imshow(np.ma.masked_array(A, mask), cmap=cmap, vmin=0.0, vmax=1.0, aspect="auto",
                   interpolation="nearest")
    for i in range(n):
        for j in range(n):
            if mask[i, j]:
                ax.text(j, i, "×", ha="center", va="center", fontsize=fontsize + 3, color=pal.muted)
                continue
            if outlines:
                ax.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False, edgecolor=pal.muted, linewidth=0.6))
            if printed_rows is None or i in printed_rows:
                ax.text(j, i, fmt(A[i, j] if shown is None else shown[i, j]), ha="center", va="center",
                        fontsize=fontsize, color=ink_on(cmap(A[i, j]), look))
    labels = [f"{k + 1} {t}" for k, t in enumerate(tokens)]
    ax.set_xticks(range(n), labels)
    ax.set_yticks(range(n), labels)
    ax.tick_params(length=0)
    ax.xaxis.tick_top()
    ax.xaxis.set_label_position("top")
    ax.spines[:].set_visible(False)
    if cbar_label:
        cb = ax.figure.colorbar(im, ax=ax, fraction=0.05, pad=0.03, ticks=[0, 0.25, 0.5, 0.75, 1],
                                location=cbar_location)
        cb.outline.set_edgecolor(pal.muted)
        cb.set_label(cbar_label)
    return im


def text_width_pt(fig, text: str, size: float, family, weight="normal") -> float:
    """How wide `text` prints at `size` points in `family` (a name or a list of fallbacks), in points:
    for choosing a layout before drawing (a label inside its bar or beside it, a list or its ends)."""
    prop = FontProperties(family=family, size=size, weight=weight)
    w_px, _, _ = fig.canvas.get_renderer().get_text_width_height_descent(text, prop, ismath=False)
    return w_px * 72 / fig.dpi


def estimated_width_pt(text: str, size: float) -> float:
    """A text's width estimated from its characters, without a renderer: CJK full width, others about
    0.6 em (text_width_pt measures it when a figure exists)."""
    return size * sum(1.0 if ord(c) >= 0x2E80 else 0.6 for c in text)


def cell_fontsize(n: int, width_in: float, fontsize: float, chars: int = 6) -> float:
    """The font size (at most `fontsize`, at least 6.5 pt) at which a number of `chars` characters
    fits a cell of an n-column table about `width_in` inches wide."""
    cell_pt = width_in * 72 / max(n, 1)
    return max(6.5, min(fontsize, 0.85 * cell_pt / (0.6 * chars)))


def upright_keys(ax, n: int, width_in: float) -> None:
    """Turn a token table's column labels (on top) upright when side by side they would touch."""
    cell_pt = width_in * 72 / max(n, 1)
    labels = ax.get_xticklabels()
    if any(estimated_width_pt(t.get_text(), t.get_fontsize()) > 0.92 * cell_pt for t in labels):
        for t in labels:
            t.set_rotation(90)
            t.set_ha("center")
            t.set_va("bottom")


def wrap_tokens(tokens, joiner: str, width_pt: float, size: float) -> str:
    """Tokens joined by `joiner`, broken into lines (between tokens) no wider than `width_pt`."""
    lines, cur = [], ""
    for tok in tokens:
        trial = f"{cur}{joiner}{tok}" if cur else tok
        if cur and estimated_width_pt(trial, size) > width_pt:
            lines.append(cur)
            cur = tok
        else:
            cur = trial
    return "\n".join(lines + [cur])


def nice_step(raw: float) -> int:
    """The smallest of 1, 2, 4, 8, … that is at least `raw`: label every k-th row, column or tick so
    that labels keep their distance whatever the size of a table."""
    step = 1
    while step < raw:
        step *= 2
    return step


def base_text(base: float) -> str:
    """A positional-encoding base as a formula writes it: 10000, 500000; two decimals when it is not
    whole (the figure's DECIMALS then gives "base": 2, so numbers.json shows the same digits)."""
    from look import fmt_num

    return f"{base:.0f}" if float(base).is_integer() else fmt_num(base, 2)


_SUPERSCRIPT_RUN = None


def math_powers(text: str) -> str:
    """Unicode superscripts (fmt_sci's 10⁻⁹, 1.1³⁰) set as mathtext powers (10$^{-9}$) in the body face:
    the CJK body fonts lack most superscript glyphs, which would otherwise come from another font."""
    import re

    from look.formats import FROM_SUPERSCRIPT

    global _SUPERSCRIPT_RUN
    _SUPERSCRIPT_RUN = _SUPERSCRIPT_RUN or re.compile("[⁻⁺⁰¹²³⁴⁵⁶⁷⁸⁹]+")
    return _SUPERSCRIPT_RUN.sub(lambda m: "$^{" + m.group(0).translate(FROM_SUPERSCRIPT) + "}$", text)


def ordered_on_paper(n: int, look: Look, min_contrast=3.0, max_lightness=None, min_lightness=None) -> list[str]:
    """n colours for an ordered quantity (low to high) along the look's sequential scale, from the
    first point of the scale that reaches `min_contrast` against the paper in use (the paper colour,
    white for print, or the dark background) to its end: every line stands out from the paper. With
    `max_lightness` (CIELAB L*, look.palette.grey_ceiling) the first point also lies at or below it, where one does
    (light paper), so every shade stays that far from a colour beside it in greyscale; `min_lightness`: from above."""
    from look import sequential_color
    from look.colour import contrast
    from look.palette import lightness

    pal = look.palette

    def fits(u: int) -> bool:
        c = sequential_color(u / 100, pal)
        return contrast(c, pal.background) >= min_contrast and (max_lightness or 100) >= lightness(c) >= (min_lightness or 0)

    start = next((t / 100 for t in range(101) if all(fits(u) for u in range(t, 101))), None)
    if start is None:  # no point of the scale within the bounds: the contrast alone
        return ordered_on_paper(n, look, min_contrast)
    return [sequential_color(start + (1 - start) * k / max(1, n - 1), pal) for k in range(n)]


def model_width(look: Look | None = None) -> str:
    """d_model as a formula writes it: d with the subscript "model", in the body face."""
    return r"$d_{\mathrm{model}}$"


def half_width_dots(fig, look: Look) -> None:
    """In a Chinese figure, every drawn text of `fig` that holds a middle dot (p·q·d, (s·W)·x) takes the
    Latin face first: the CJK faces draw "·" nearly full width, so a formula would read "p · q · d". Its
    Chinese characters still come from the CJK face, glyph by glyph (as scores_wx does for ‖ and √)."""
    from figures.parts_dots import half_width_dots as every_dot

    if look.lang != "en":  # every figure gets this when its layout is frozen; kept for a figure measured before
        every_dot(fig)


def band_alpha(colour: str, background: str, ratio: float = 3.0) -> float:
    """The least opacity (in steps of 0.02) at which `colour` laid over `background` stands `ratio`:1
    against it, so a pale band still reads as a mark (WCAG 2.1 §1.4.11 asks 3:1 of graphics)."""
    from look.colour import contrast, rgb, to_hex

    for k in range(1, 51):
        a = k / 50
        if contrast(to_hex(a * rgb(colour) + (1 - a) * rgb(background)), background) >= ratio:
            return a
    return 1.0
