"""Fitting a constrained-layout figure to what it draws: a panel centred across the page, the empty
bands above and below trimmed, so a figure is as tall as its content needs; a title on two lines when it is
wider than the figure."""
from __future__ import annotations


def centre_box(fig, ax, keep_in: float = 0.12, rounds: int = 4, whole: bool = False) -> None:
    """Narrow a constrained layout's rectangle so that `ax`'s own box (the plotted cells, not its labels)
    sits centred across the figure's width, as far as everything `ax` draws keeps `keep_in` inches from
    both edges; with `whole`, everything `ax` draws (its labels and side texts too) is what is centred, so a
    table with row names on one side and longer notes on the other reads centred as one drawing. For an
    equal-aspect panel whose height sets its size (a table of square cells)."""
    engine = fig.get_layout_engine()
    for _ in range(rounds):
        fig.draw_without_rendering()
        r = fig.canvas.get_renderer()
        box, tight, width, pad = ax.get_window_extent(r), ax.get_tightbbox(r), fig.bbox.width, keep_in * fig.dpi
        shift = width / 2 - ((tight.x0 + tight.x1) if whole else (box.x0 + box.x1)) / 2  # > 0: move right
        shift = min(shift, width - pad - tight.x1) if shift > 0 else max(shift, pad - tight.x0)
        if abs(shift) < 1:
            return
        x, y, w, h = engine.get()["rect"]
        cut = 2 * abs(shift) / width  # the box sits centred in what the rectangle leaves it
        engine.set(rect=(x + cut, y, w - cut, h) if shift > 0 else (x, y, w - cut, h))


def trim_top_band(fig, keep_in: float = 0.1, rounds: int = 4) -> None:
    """Shrink a constrained-layout figure's height by the empty band between its suptitle and the
    highest thing under it (equal-aspect panels, set by the width, leave one), keeping `keep_in` inches;
    a cut that would make the panels narrower is undone."""
    def measure():
        fig.draw_without_rendering()
        r = fig.canvas.get_renderer()
        top = max(ax.get_tightbbox(r).y1 for ax in fig.axes) / fig.dpi
        widths = [ax.get_position().width for ax in fig.axes]
        return fig._suptitle.get_window_extent(r).y0 / fig.dpi - top, widths
    for _ in range(rounds):
        band, widths = measure()
        w, h = fig.get_size_inches()
        if band - keep_in <= 0.02:
            return
        fig.set_size_inches(w, h - (band - keep_in))
        if any(b < a - 1e-3 for a, b in zip(widths, measure()[1])):
            fig.set_size_inches(w, h)
            return


def trim_bands(fig, keep_in: float = 0.08, rounds: int = 4) -> None:
    """Shrink a constrained-layout figure's height by the empty bands above and below everything drawn
    (an equal-aspect panel whose size the width sets leaves them), keeping `keep_in` inches each; a cut
    that would make a panel narrower is undone."""
    def measure():
        fig.draw_without_rendering()
        box = fig.get_tightbbox(fig.canvas.get_renderer())
        return box.y0, fig.get_size_inches()[1] - box.y1, [ax.get_position().width for ax in fig.axes]
    for _ in range(rounds):
        below, above, widths = measure()
        w, h = fig.get_size_inches()
        cut = max(0.0, below - keep_in) + max(0.0, above - keep_in)
        if cut <= 0.02:
            return
        fig.set_size_inches(w, h - cut)
        if any(b < a - 1e-3 for a, b in zip(widths, measure()[2])):
            fig.set_size_inches(w, h)
            return


def fitted_title(fig, title: str, look, width_in: float, size: float = 11) -> str:
    """`title` on one line when it prints within `width_in` inches at `size` points, else on two lines
    of about one length, broken after a space or a Chinese comma (no three-word first line)."""
    from figures.common import text_width_pt

    if text_width_pt(fig, title, size, list(look.figure_fonts)) <= width_in * 72:
        return title
    breaks = [k + 1 for k, c in enumerate(title) if c in " ，、"]
    k = min(breaks, key=lambda b: abs(2 * b - len(title)), default=len(title))  # two lines of about one length
    return title[:k].rstrip() + "\n" + title[k:]
