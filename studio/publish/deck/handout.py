"""The deck as a PDF handout (render.py deck ... --export pdf): one A4 landscape page per slide with
content, a scene's pause point, a figure or a widget slide (studio.publish.deck.points), written with
matplotlib's PdfPages, after a first page for the title slide (the deck's title, the topic's
introduction, what follows). Each page is numbered by the deck slide it holds ("page 5 / 55 · slide 5
of 55"), so the number on a page is the slide the HTML deck shows it on.

A scene's page: the held still, the section's captions up to that frame under it, and in a column
beside it the numbers on screen at that frame (the frames table's row, as `render.py numbers NAME
--at SECONDS` prints it). A figure's page: the figure and its description. A widget slide's block: its title,
the slide as the deck opens it (where the build could take its picture: studio.publish.deck.widget_stills),
and beside it its question, the answer with the engine's numbers, its prose and the slide of the HTML deck
where it is live. Text is set in the
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
WIDGETS_A_PAGE = 1  # widget slides in a row that share a page: none (a page per slide, as the deck)
NUMBERS_DIR = "numbers"  # beside the handout: each render's numbers.json and frames.csv (deck builder)


def numbers_path(name: str, kind: str) -> str:
    """The path, relative to the deck's folder (where the handout is), of a render's numbers file:
    kind "numbers.json" or "frames.csv"."""
    return f"{NUMBERS_DIR}/{name}.{kind}"


def handout_pages(points: list[Point]) -> list[list[Point]]:
    """The points of each page, in order: a scene or figure point alone, widget points in runs of up
    to WIDGETS_A_PAGE (one: a page per slide, so the handout's pages follow the deck's slides)."""
    pages = []
    for p in points:
        if p.kind == "widget" and pages and pages[-1][-1].kind == "widget" and len(pages[-1]) < WIDGETS_A_PAGE:
            pages[-1].append(p)
        else:
            pages.append([p])
    return pages


def page_label(group: list[Point], total: int, page: int = 0, pages: int = 0, lang: str = "en") -> str:
    """The deck slides a page holds, of `total`: "5 / 42", or "6–8 / 42" for a run of widget slides;
    with `page` and `pages` the handout's own page number comes first ("page 3 / 42 · slide 3 of 42")."""
    first, last = group[0].slide, group[-1].slide
    slides = str(first) if first == last else f"{first}–{last}"
    if not pages:
        return f"{slides} / {total}"
    return EXPORT[lang]["page_of"].format(p=page, pages=pages, s=slides, total=total)


def write_handout(points: list[Point], title: str, look: Look, target: Path, total: int = 0, intro: str = "") -> None:
    """Write `target` (a PDF): the title slide's page, then a page per scene or figure point, a page per
    run of widget points, in order, each numbered by its deck slides of `total` (0: the last point's slide)."""
    from matplotlib.backends.backend_pdf import PdfPages

    from figures.common import figure_context
    from studio.build.savefig import save_metadata

    total = total or max((p.slide for p in points), default=0)
    with figure_context(look), atomic_path(target) as tmp:
        with PdfPages(tmp, metadata=save_metadata("pdf")) as pdf:
            groups = handout_pages(points)
            pages = len(groups) + 1
            first = EXPORT[look.lang]["page_of"].format(p=1, pages=pages, s=1, total=total)
            pdf.savefig(_title_page(title, intro, points, first, look), facecolor="white")
            for k, group in enumerate(groups):
                label = page_label(group, total, k + 2, pages, look.lang)
                fig = _widgets(group, title, label, look) if group[0].kind == "widget" else _page(group[0], title, label, look)
                pdf.savefig(fig, facecolor="white")


def _title_page(title: str, intro: str, points: list[Point], page: str, look: Look):
    """The title slide's page: the deck's title, the topic's introduction (or how many pages follow)
    and the first slide's title, as the title slide of the HTML deck and the PowerPoint file open."""
    import textwrap

    from matplotlib.figure import Figure

    paper = Look("light", look.lang, "white").palette
    fig = Figure(figsize=PAGE, facecolor="white")
    fig.text(0.96, 0.965, page, fontsize=9, color=paper.muted, va="top", ha="right")
    fig.text(0.08, 0.62, "\n".join(textwrap.wrap(title, WRAP[look.lang] // 2)), fontsize=30, color=paper.ink,
             va="bottom", weight="bold")
    t = EXPORT[look.lang]
    lead = intro or t["slides"].format(n=len(points))
    fig.text(0.08, 0.56, "\n".join(textwrap.wrap(lead, int(WRAP[look.lang] * 0.9))), fontsize=14, color=paper.ink,
             va="top", linespacing=1.5)
    if points:
        fig.text(0.08, 0.12, t["next_up"].format(title=points[0].title), fontsize=12, color=paper.muted, va="bottom")
    return fig


def _widgets(group: list[Point], title: str, page: str, look: Look):
    """A page of widget slides: each its title, question, answer, prose and the slide it is live on."""
    from matplotlib.figure import Figure

    paper = Look("light", look.lang, "white").palette
    ink, muted = paper.ink, paper.muted
    fig = Figure(figsize=PAGE, facecolor="white")
    fig.text(0.04, 0.965, title, fontsize=9, color=muted, va="top")
    fig.text(0.96, 0.965, page, fontsize=9, color=muted, va="top", ha="right")
    t = EXPORT[look.lang]
    band = 0.9 / len(group)  # each block's share of the page's height
    for k, point in enumerate(group):
        top = 0.935 - k * band
        fig.text(0.04, top, point.title, fontsize=15, color=ink, va="top", weight="bold")
        if point.still is not None and len(group) == 1:  # the slide as the deck opens it, the text beside it
            _picture(fig, point.still, [0.04, 0.08, 0.58, top - 0.07 - 0.08])
            _widget(fig, point, t, look.lang, ink, muted, top - 0.05, band - 0.07, x=0.65, share=0.36)
        else:
            _widget(fig, point, t, look.lang, ink, muted, top - 0.05, band - 0.07)
    return fig


def _picture(fig, png: Path, box: list[float]) -> None:
    """A PNG in `box` (left, bottom, width, height as page fractions), whole, at the box's top, with a
    thin frame: the slide's edge on white paper."""
    from PIL import Image

    ax = fig.add_axes(box, anchor="N")
    with Image.open(png) as im:
        ax.imshow(np.asarray(im.convert("RGB")), interpolation="antialiased")
    ax.set_xticks([])
    ax.set_yticks([])
    for side in ax.spines.values():
        side.set_linewidth(0.6)
        side.set_color("#999999")


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
        fig.text(0.96, 0.03, t["numbers_file"].format(name=numbers_path(point.name, "numbers.json")), fontsize=8,
                 color=muted, ha="right")
    return fig


def _widget(fig, point: Point, t: dict, lang: str, ink, muted, top: float, height: float, x: float = 0.04,
            share: float = 1.0) -> None:
    """A widget slide's block from `top` down `height` (fractions of the page), from `x` across `share`
    of the text width: the question it asks and its answer (each given a fifth of the block at most),
    its prose, and where it is live."""
    width = WRAP[lang] * 1.45 * share
    lines = 0.0
    for text, part in ((t["question"].format(q=point.question) if point.question else "", 0.25),
                        (t["answer"].format(a=point.answer) if point.answer else "", 0.25)):
        if text:
            used = _caption(fig, (text,), lang, x, top - lines, height * part, width, ink)
            lines += used + 0.01
    _caption(fig, point.caption, lang, x, top - lines, max(0.05, height - lines - 0.04), width, ink)
    fig.text(x, top - height, t["live"].format(n=point.slide), fontsize=CAPTION_PT - 1, color=muted,
             style="italic", va="bottom")


def _caption(fig, cues, lang: str, x: float, top: float, height: float, width: float, ink) -> float:
    """The cues as one paragraph, wrapped by studio's caption rules (no break inside a formula or a
    word), set smaller when it would not fit `height` (a fraction of the page). Returns the height it
    takes (a fraction of the page)."""
    from scenes.parts.cues import wrap_lines

    text = ("" if lang != "en" else " ").join(cues)
    if not text:
        return 0.0
    lines = wrap_lines(text, lang, int(width))
    size = CAPTION_PT
    while size > MIN_PT and len(lines) * size * 1.5 / 72 > height * PAGE[1]:
        size -= 0.5
        lines = wrap_lines(text, lang, int(width * CAPTION_PT / size))
    fig.text(x, top, "\n".join(lines), fontsize=size, color=ink, va="top", linespacing=1.5)
    return len(lines) * size * 1.5 / 72 / PAGE[1]


def _numbers(fig, point: Point, t: dict, ink, muted, cjk: str) -> None:
    """The numbers on screen at the hold, one `column  value` a line, in the monospaced face; a word
    it lacks (a Chinese token) falls back to the language's CJK face (look.FONTS)."""
    fig.text(0.69, 0.87, t["on_screen"].format(t=point.at_s), fontsize=10, color=ink, va="top", weight="bold")
    listed = point.numbers[:MAX_ROWS]
    # a value of several parts ("z[5,2]=0.707107;z[5,1]=0.707107") a line each, under its label
    rows = [(k if j == 0 else "", part) for k, v in listed for j, part in enumerate(v.split(";"))]
    if rows:  # labels in one column, values in the next: a Chinese label is wider than its characters count
        style = dict(fontsize=NUMBER_PT, color=ink, va="top", family=[MONO_FONT, cjk], linespacing=1.35)
        labels = fig.text(0.69, 0.835, "\n".join(k or " " for k, _ in rows), **style)
        right = labels.get_window_extent(renderer=fig._get_renderer()).x1  # font metrics, as the PDF sets them
        x = fig.transFigure.inverted().transform((right, 0))[0] + 0.012
        fig.text(x, 0.835, "\n".join(v for _, v in rows), **style)
    frames = numbers_path(point.name, "frames.csv")
    extra = len(point.numbers) - len(listed)
    note = t["more"].format(n=extra, name=frames) if extra > 0 else t["numbers_file"].format(name=frames)
    fig.text(0.69, 0.03, note, fontsize=8, color=muted)
