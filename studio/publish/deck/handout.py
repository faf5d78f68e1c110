"""The deck as a PDF handout (render.py deck ... --export pdf): one A4 landscape page per pause point,
per figure and per widget slide (studio.publish.deck.points), written with matplotlib's PdfPages.

A scene's page: the held still, the section's captions up to that frame under it, and in a column
beside it the numbers on screen at that frame (the frames table's row, as `render.py numbers NAME
--at SECONDS` prints it). A figure's page: the figure and its description. A widget slide's page: its question,
its prose and the slide of the HTML deck where it is live. Text is set in the
figures' faces (figures.common.rc_for: Noto Sans CJK by language), in the light theme's inks on
white paper whatever the deck's theme (the stills keep theirs). The file
carries no date, creator or producer (studio.build.savefig.save_metadata), so the same deck gives the
same bytes; it is written beside its name and renamed (studio.build.atomic).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from look import MONO_FONT, Look
from studio.build.atomic import atomic_path
from studio.publish.deck.points import Point
from studio.publish.pages.text import EXPORT

PAGE = (11.69, 8.27)  # A4 landscape, inches
WRAP = {"en": 88, "zh-Hant": 46, "zh-Hans": 46}  # caption characters a line at CAPTION_PT
CAPTION_PT, NUMBER_PT, MIN_PT = 11.0, 8.5, 6.0
MAX_ROWS = 34  # numbers listed beside the still; the rest are named by their file


def write_handout(points: list[Point], title: str, look: Look, target: Path) -> None:
    """Write `target` (a PDF): one page per point, in order."""
    from matplotlib.backends.backend_pdf import PdfPages

    from figures.common import figure_context
    from studio.build.savefig import save_metadata

    with figure_context(look), atomic_path(target) as tmp:
        with PdfPages(tmp, metadata=save_metadata("pdf")) as pdf:
            for k, point in enumerate(points):
                fig = _page(point, title, f"{k + 1} / {len(points)}", look)
                pdf.savefig(fig, facecolor="white")


def _page(point: Point, title: str, page: str, look: Look):
    from matplotlib.figure import Figure
    from PIL import Image

    paper = Look("light", look.lang, "white").palette  # a printed page: light ink on white in either theme
    ink, muted = paper.ink, paper.muted
    fig = Figure(figsize=PAGE, facecolor="white")
    fig.text(0.04, 0.965, title, fontsize=9, color=muted, va="top")
    fig.text(0.96, 0.965, page, fontsize=9, color=muted, va="top", ha="right")
    fig.text(0.04, 0.925, point.title, fontsize=16, color=ink, va="top", weight="bold")
    t = EXPORT[look.lang]
    if point.kind == "widget":
        _widget(fig, point, t, look.lang, ink, muted)
        return fig
    scene = point.kind == "scene"
    box = [0.04, 0.36, 0.62, 0.52] if scene else [0.04, 0.16, 0.92, 0.72]
    ax = fig.add_axes(box)
    with Image.open(point.still) as im:
        ax.imshow(np.asarray(im.convert("RGB")), interpolation="none")  # (H, W, 3) uint8, embedded as is
    ax.set_axis_off()
    width = WRAP[look.lang] * (1.0 if scene else 1.45)
    _caption(fig, point.caption, look.lang, 0.04, 0.33 if scene else 0.13, 0.27 if scene else 0.1, width, ink)
    if scene:
        _numbers(fig, point, t, ink, muted, look.font)
    else:
        fig.text(0.96, 0.03, t["numbers_file"].format(name=f"{point.name}.numbers.json"), fontsize=8,
                 color=muted, ha="right")
    return fig


def _widget(fig, point: Point, t: dict, lang: str, ink, muted) -> None:
    """A widget slide's page: the question it asks, its prose, and where it is live."""
    top = 0.84
    if point.question:
        _caption(fig, (t["question"].format(q=point.question),), lang, 0.04, top, 0.2, WRAP[lang] * 1.3, ink)
        top -= 0.22
    _caption(fig, point.caption, lang, 0.04, top, 0.5, WRAP[lang] * 1.45, ink)
    fig.text(0.04, 0.06, t["live"].format(n=point.slide), fontsize=CAPTION_PT, color=muted, style="italic")


def _caption(fig, cues, lang: str, x: float, top: float, height: float, width: float, ink) -> None:
    """The cues as one paragraph, wrapped by studio's caption rules (no break inside a formula or a
    word), set smaller when it would not fit `height` (a fraction of the page)."""
    from scenes.parts.cues import wrap_lines

    text = ("" if lang != "en" else " ").join(cues)
    if not text:
        return
    lines = wrap_lines(text, lang, int(width))
    size = CAPTION_PT
    while size > MIN_PT and len(lines) * size * 1.5 / 72 > height * PAGE[1]:
        size -= 0.5
        lines = wrap_lines(text, lang, int(width * CAPTION_PT / size))
    fig.text(x, top, "\n".join(lines), fontsize=size, color=ink, va="top", linespacing=1.5)


def _numbers(fig, point: Point, t: dict, ink, muted, cjk: str) -> None:
    """The numbers on screen at the hold, one `column  value` a line, in the monospaced face; a word
    it lacks (a Chinese token) falls back to the language's CJK face (look.FONTS)."""
    fig.text(0.69, 0.87, t["on_screen"].format(t=point.at_s), fontsize=10, color=ink, va="top", weight="bold")
    rows = list(point.numbers[:MAX_ROWS])
    if rows:
        keys = max(len(k) for k, _ in rows)
        text = "\n".join(f"{k:<{keys}}  {v}" for k, v in rows)
        fig.text(0.69, 0.835, text, fontsize=NUMBER_PT, color=ink, va="top", family=[MONO_FONT, cjk], linespacing=1.35)
    frames = f"{point.name}.frames.csv"
    extra = len(point.numbers) - len(rows)
    note = t["more"].format(n=extra, name=frames) if extra > 0 else t["numbers_file"].format(name=frames)
    fig.text(0.69, 0.03, note, fontsize=8, color=muted)
