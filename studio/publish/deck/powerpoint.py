"""The deck as a PowerPoint file (render.py deck ... --export pptx), for lecturers who present from
PowerPoint or Keynote: python-pptx, 16:9.

Slides: a title slide (the deck's title, and the topic's introduction when it has one), then one slide
per pause point, per figure and per widget slide (studio.publish.deck.points). A pause point's slide holds its
section's clip, cut from the scene's MP4 by studio.publish.deck.clips (python-pptx embeds a whole
file and writes no trim, so the clip is a file of its own rather than the whole video with a start
and an end), with the held still as its poster frame; its speaker notes are the section's captions
up to that frame, one cue a line. A figure's slide holds the figure's PNG and its description as
notes. A widget slide's slide holds the picture of the HTML deck's slide as it opens (the handout's, taken
at build time), its question and the slide of the HTML deck where it is live, its prose as notes. Slides take the deck theme's background and ink. Written beside its name and renamed
(studio.build.atomic).
"""
from __future__ import annotations

import datetime
from pathlib import Path

from look import Look
from studio.build.atomic import atomic_path
from studio.publish.deck.points import Point
from studio.publish.pages.text import EXPORT

SLIDE_IN = (13.333, 7.5)  # 16:9, inches
MARGIN_IN, TITLE_IN = 0.4, 0.9
WIDGET_TEXT_IN = 1.2  # under a widget slide's picture: its question and where it is live
FIXED_DATE = datetime.datetime(2000, 1, 1)  # the file's core properties carry no build date


def write_pptx(points: list[Point], title: str, intro: str, look: Look, target: Path, work: Path) -> None:
    """Write `target` (a .pptx). Clips are cut into `work` first."""
    from pptx import Presentation
    from pptx.util import Inches

    from studio.publish.deck.clips import cut_section

    deck = Presentation()
    deck.slide_width, deck.slide_height = Inches(SLIDE_IN[0]), Inches(SLIDE_IN[1])
    _title_slide(deck, title, intro or EXPORT[look.lang]["slides"].format(n=len(points)), look)
    opening = [title, intro] + ([EXPORT[look.lang]["next_up"].format(title=points[0].title)] if points else [])
    deck.slides[0].notes_slide.notes_text_frame.text = "\n".join(line for line in opening if line)  # what opens the class
    for k, point in enumerate(points):
        after = points[k + 1] if k + 1 < len(points) else None
        slide = deck.slides.add_slide(deck.slide_layouts[6])  # blank
        _paint(slide, look)
        _text(slide, point.title, MARGIN_IN, 0.25, SLIDE_IN[0] - 2 * MARGIN_IN, TITLE_IN - 0.25, 24, look, bold=True)
        if point.kind == "widget":
            _widget(slide, point, look)
            slide.notes_slide.notes_text_frame.text = _notes(point.caption + widget_notes(point, look.lang), after, look,
                                                             point.title)
            continue
        left, top, width, height = _fit(point.still)
        if point.clip is not None:
            clip = Path(work) / f"{point.name}.{k}.mp4"
            cut_section(*point.clip, clip)
            slide.shapes.add_movie(str(clip), left, top, width, height, poster_frame_image=str(point.still),
                                   mime_type="video/mp4")
        else:
            slide.shapes.add_picture(str(point.still), left, top, width, height)
        slide.notes_slide.notes_text_frame.text = _notes(point.caption, after, look, point.title)
    props = deck.core_properties
    props.title, props.author, props.last_modified_by = title, "", ""
    props.created = props.modified = FIXED_DATE
    props.revision = 1
    with atomic_path(target) as tmp:
        deck.save(str(tmp))


def _fit(png: Path):
    """(left, top, width, height) in EMU: the picture as large as the area under the title allows,
    centred, its aspect kept."""
    from PIL import Image
    from pptx.util import Inches

    with Image.open(png) as im:
        aspect = im.width / im.height
    box_w, box_h = SLIDE_IN[0] - 2 * MARGIN_IN, SLIDE_IN[1] - TITLE_IN - MARGIN_IN
    w, h = (box_w, box_w / aspect) if box_w / aspect <= box_h else (box_h * aspect, box_h)
    return (Inches((SLIDE_IN[0] - w) / 2), Inches(TITLE_IN + (box_h - h) / 2), Inches(w), Inches(h))


def _paint(slide, look: Look) -> None:
    from pptx.dml.color import RGBColor

    fill = slide.background.fill
    fill.solid()
    fill.fore_color.rgb = RGBColor.from_string(look.palette.background.lstrip("#").upper())


def _text(slide, text: str, left, top, width, height, size: float, look: Look, bold: bool = False):
    from pptx.dml.color import RGBColor
    from pptx.util import Inches, Pt

    box = slide.shapes.add_textbox(Inches(left), Inches(top), Inches(width), Inches(height))
    frame = box.text_frame
    frame.word_wrap = True
    run = frame.paragraphs[0].add_run()
    run.text = text
    run.font.size, run.font.bold, run.font.name = Pt(size), bold, look.font
    run.font.color.rgb = RGBColor.from_string(look.palette.ink.lstrip("#").upper())
    return box


def widget_notes(point: Point, lang: str) -> tuple[str, ...]:
    """A widget slide's notes after its prose: its question and answer, the numbers on the slide as it
    opens (its readouts and table rows, the engine's values as the page shows them, studio.publish.deck.
    widget_stills.READ), its controls' opening values, and what to demonstrate live and where."""
    t, lines = EXPORT[lang], []
    if point.question:
        lines += [t["question"].format(q=point.question)] + ([t["answer"].format(a=point.answer)] if point.answer else [])
    if point.numbers:
        lines += [t["opens"]] + [f"{label}: {value}" if label else value for label, value in point.numbers]
    if point.controls:
        lines.append(t["controls"].format(c="; ".join(f"{name} = {value}" for name, value in point.controls)))
    what = " · ".join(name for name, _ in point.controls) or t["the_controls"]
    lines.append(t["demo" if point.question else "demo_plain"].format(n=point.slide, what=what))
    return tuple(lines)


TABLE_ROWS = 12  # a widget's numbers as a native table beside its picture, up to this many rows (the rest in the notes)


def _table(slide, rows, left: float, top: float, width: float, height: float, look: Look) -> None:
    """The numbers as a PowerPoint table (label | value), in the deck's ink on its background: text the
    lecturer can select, edit and read at any zoom, where the picture beside it is a photograph."""
    from pptx.dml.color import RGBColor
    from pptx.util import Inches, Pt

    rows = rows[:TABLE_ROWS]
    shape = slide.shapes.add_table(len(rows), 2, Inches(left), Inches(top), Inches(width), Inches(height))
    table = shape.table
    table.first_row = False
    table.columns[0].width, table.columns[1].width = Inches(width * 0.45), Inches(width * 0.55)
    ink = RGBColor.from_string(look.palette.ink.lstrip("#").upper())
    paper = RGBColor.from_string(look.palette.background.lstrip("#").upper())
    size = Pt(11 if len(rows) > 10 else 13)
    for r, (label, value) in enumerate(rows):
        for c, text in enumerate((label, value)):
            cell = table.cell(r, c)
            cell.fill.solid()
            cell.fill.fore_color.rgb = paper
            cell.text = text
            for para in cell.text_frame.paragraphs:
                for run in para.runs:
                    run.font.size, run.font.name, run.font.color.rgb = size, look.font, ink


def _widget(slide, point: Point, look: Look) -> None:
    """A widget slide: the deck slide as it opens (its still, taken at build time for the handout too,
    studio.publish.deck.widget_stills) with its question and the line saying where it is live under it;
    its numbers, when read, as a native table beside the picture; without a still, its question large.
    Its prose, numbers and what to demonstrate as notes (widget_notes)."""
    t, width = EXPORT[look.lang], SLIDE_IN[0] - 2 * MARGIN_IN
    if point.still is not None:
        from pptx.util import Inches

        band = SLIDE_IN[1] - TITLE_IN - MARGIN_IN - WIDGET_TEXT_IN  # the picture's box, the two lines under it
        if point.numbers:  # the picture on the left, the numbers as a table on the right
            pw = width * 0.55
            h = pw * 9 / 16
            slide.shapes.add_picture(str(point.still), Inches(MARGIN_IN), Inches(TITLE_IN), Inches(pw), Inches(h))
            _table(slide, point.numbers, MARGIN_IN + pw + 0.2, TITLE_IN, width - pw - 0.2, min(band, 0.3 * min(len(point.numbers), TABLE_ROWS)), look)
            below = TITLE_IN + max(h, 0) + 0.05
        else:
            h = min(band, width * 9 / 16)
            slide.shapes.add_picture(str(point.still), Inches((SLIDE_IN[0] - h * 16 / 9) / 2), Inches(TITLE_IN), Inches(h * 16 / 9), Inches(h))
            below = TITLE_IN + h + 0.05
        if point.question:
            _text(slide, t["question"].format(q=point.question), MARGIN_IN, below, width, 0.75, 16, look)
        _text(slide, t["live"].format(n=point.slide), MARGIN_IN, below + 0.75, width, 0.4, 12, look)
        return
    if point.question:
        _text(slide, t["question"].format(q=point.question), MARGIN_IN, 1.4, width, 3.2, 28, look)
    _text(slide, t["live"].format(n=point.slide), MARGIN_IN, SLIDE_IN[1] - 1.4, width, 0.8, 20, look)


def _notes(lines, after: Point | None, look: Look, title: str = "") -> str:
    """A slide's speaker notes: its own lines (a section's cues, a figure's description, a widget's
    prose; the deck's title and introduction); a slide with none (a widget's later part) gets its
    title and what comes next, so that no slide's notes are empty."""
    said = [line for line in lines if line]
    if said:
        return "\n".join(said)
    t = EXPORT[look.lang]
    return "\n".join([line for line in (title,) if line] + [t["next_up"].format(title=after.title) if after else t["last"]])


def _title_slide(deck, title: str, subtitle: str, look: Look) -> None:
    slide = deck.slides.add_slide(deck.slide_layouts[6])
    _paint(slide, look)
    width = SLIDE_IN[0] - 4 * MARGIN_IN
    _text(slide, title, 2 * MARGIN_IN, 2.3, width, 1.4, 40, look, bold=True)
    _text(slide, subtitle, 2 * MARGIN_IN, 3.9, width, 2.4, 18, look)
