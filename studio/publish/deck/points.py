"""What the deck's exports show: one Point per pause point of a scene and per figure, in the deck's
order (studio.publish.deck.slides), for the PDF handout (studio.publish.deck.handout) and the
PowerPoint file (studio.publish.deck.powerpoint).

A scene's point is one section, held where the deck holds it (studio.publish.pages.holds): the still
is the frame on screen at the hold, at the video's own size (studio.publish.deck.thumbs); its caption
is the section's cues that have started by then; its numbers are the frames table's row at the hold,
the same row `render.py numbers NAME --at SECONDS` prints (studio.build.numbers.numbers_at), each
under its label in the deck's language (studio.publish.deck.labels; a column without one is left out); its clip
is the section's span of the MP4. A figure's point is the figure as a PNG written by the figure
renderer (OUT/png/LANG-THEME/NAME/, a render cache like any other) and its description. A widget
slide's point is its title, the question it asks and its prose, with the slide it is live on in the
HTML deck, and its still when the deck build could take one (studio.publish.deck.widget_stills: the slide
in headless Chromium at its opening values).
"""
from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from pathlib import Path

from look import fmt_num
from studio.build.numbers import numbers_at
from studio.publish.deck.labels import drawn, field_label
from studio.publish.deck.thumbs import hold_frames
from studio.publish.pages.builder import cue_line

HIDDEN = ("frame", "time_s", "section")  # frames-table columns that are not numbers on screen


@dataclass(frozen=True)
class Point:
    """One handout page and one PowerPoint slide."""
    kind: str  # "scene", "figure" or "widget"
    name: str  # the catalogue entry, or the widget's id
    title: str  # the deck slide's title
    still: Path | None  # PNG: the held frame at the video's size, the figure, or the widget slide (None: no browser)
    caption: tuple[str, ...]  # scene: its section's cues up to the hold; figure: its description;
    # widget: its prose (what it shows and how to use it)
    at_s: float | None = None  # scene: the hold, seconds into the video
    numbers: tuple[tuple[str, str], ...] = ()  # scene: (label, value) on screen at the hold; widget: its
    # readouts and table rows as the slide opens (widget_stills.READ: the engine's numbers as the page shows them)
    clip: tuple[Path, float, float] | None = None  # scene: (MP4, section start, hold) in seconds
    question: str = ""  # widget: the prediction it asks, if any
    slide: int = 0  # its slide's number in the HTML deck (1 for the title): what the handout numbers it by
    answer: str = ""  # widget: the answer to its question, with the engine's numbers
    controls: tuple[tuple[str, str], ...] = ()  # widget: (control's label, its value) as the slide opens


def shown(value: str, decimals: int = 4) -> str:
    """A frames-table value as the screen shows it: a raw float (more decimals than the screen's, or an
    exponent, such as 9.25e-18) to `decimals` places with a true minus (look.fmt_num; 0.0000 where the
    screen shows 0.0000), a whole number without ".0"; text and values written as shown stay as they are."""
    try:
        x = float(value)
    except ValueError:
        return value  # text ("十", "0.90, −0.40") and values already written with a true minus
    if not math.isfinite(x) or re.fullmatch(r"[+-]?\d+", value):
        return value
    if x.is_integer() and re.fullmatch(r"[+-]?\d+\.0", value):
        return str(int(x))
    if "e" not in value.lower() and len(value.split(".")[1]) <= decimals:
        return value  # written as the scene shows it
    return fmt_num(x, decimals)


def column_decimals(numbers_json: Path) -> dict[str, int]:
    """{record field: decimals it is shown with}, read from NAME.numbers.json's "shown" values (a
    frames-table column takes its field's, e.g. mean_0 the field mean's); {} when the file has none."""
    try:
        data = json.loads(Path(numbers_json).read_text(encoding="utf-8")).get("data", {})
    except (OSError, ValueError):
        return {}
    out = {}
    for field, v in data.items() if isinstance(data, dict) else ():
        first = v.get("shown") if isinstance(v, dict) else None
        while isinstance(first, list) and first:
            first = first[0]
        if isinstance(first, str) and re.fullmatch(r"[+\u2212]?\d+\.\d+", first):
            out[field] = len(first.split(".")[1])
    return out


def _decimals(column: str, places: dict[str, int]) -> int:
    base = re.sub(r"(_shown)?(_\d+)?$", "", column)
    return places.get(column, places.get(base, 4))


def section_cues(numbers_json: Path, sections, until_s: float) -> tuple[str, ...]:
    """The caption cues of `sections` (a name, or the names of the sections one slide plays through)
    that have started by `until_s`, each on one line."""
    names = {sections} if isinstance(sections, str) else set(sections)
    doc = json.loads(Path(numbers_json).read_text(encoding="utf-8"))
    return tuple(cue_line(c["text"]) for c in doc.get("cues", [])
                 if c.get("section") in names and float(c["start_s"]) <= until_s + 1e-9)


def figure_png(entry, look, out_root: Path, render: bool) -> Path | None:
    """The figure as a PNG from the figure renderer (cached in OUT/png/LANG-THEME/NAME/); None when
    it is not there and `render` is off."""
    from studio.build.render import render_entry
    from studio.build.request import Request

    request = Request(entry, look, fmt="png", out_root=Path(out_root) / "png" / f"{look.lang}-{look.theme}")
    png = request.folder / f"{entry.name}.png"
    if request.up_to_date():
        return png
    if not render:
        return None
    render_entry(request)
    return png


def pause_points(slides: list[dict], entries, media: dict, folders: dict, look, out_root: Path,
                 work: Path, render: bool = True, widget_pictures: dict | None = None,
                 widget_numbers: dict | None = None) -> tuple[list[Point], list[str]]:
    """(the points of the deck's scene, figure and widget slides, in order; the figures left out because
    their PNG is not rendered and `render` is off). Stills are written into `work`; a widget slide's is
    widget_pictures[its slide number], where given."""
    by_name = {e.name: e for e in entries}
    stills = {}
    for name, item in media.items():
        if "sections" in item:
            paths = [Path(work) / f"{name}.{k}.png" for k in range(len(item["sections"]))]
            hold_frames(folders[name] / f"{name}.mp4", [s["hold_s"] for s in item["sections"]], paths, width=None)
            stills[name] = paths
    points, missing = [], []
    for number, slide in enumerate(slides, start=1):
        if slide["kind"] == "scene":
            name, k = slide["scene"], slide["section"]
            item, folder = media[name], folders[name]
            section, first = item["sections"][k], slide.get("prev", k - 1) + 1  # a slide may play through
            played = [s["name"] for s in item["sections"][first:k + 1]]  # merged sections (one picture)
            hold = section["hold_s"]
            row = numbers_at(folder, name, hold, item["duration_s"])
            places = column_decimals(folder / f"{name}.numbers.json")
            numbers = tuple((field_label(key, look.lang), shown(v, _decimals(key, places))) for key, v in row.items()
                            if key not in HIDDEN and v != "" and field_label(key, look.lang) and drawn(key, row))
            points.append(Point("scene", name, slide["title"], stills[name][k],
                                section_cues(folder / f"{name}.numbers.json", played, hold), hold,
                                numbers, (folder / f"{name}.mp4", item["sections"][first]["start_s"], hold),
                                slide=number))
        elif slide["kind"] == "figure":
            name = slide["frame"].removeprefix("f-")
            png = figure_png(by_name[name], look, out_root, render)
            if png is None:
                missing.append(name)
                continue
            points.append(Point("figure", name, slide["title"], png, tuple(slide["notes"]), slide=number))
        elif slide["kind"] == "widget":
            rows, controls = (widget_numbers or {}).get(number, ((), ()))
            points.append(Point("widget", slide["widget"], slide["title"], (widget_pictures or {}).get(number),
                                tuple(slide["notes"]), numbers=rows, controls=controls,
                                question=slide.get("question", ""), slide=number, answer=slide.get("answer", "")))
    return points, missing
