"""What a lesson page shows, as data for templates/page.html and its macros (templates/views.html):
the scenes with their caption track as a data: URL, the figures, and all of
them with the widgets in the topic's teaching order."""
from __future__ import annotations

import re
import urllib.parse

_VIEWBOX = re.compile(rb'viewBox="0 0 ([0-9.]+) ([0-9.]+)"')


def _vtt_data_url(path) -> str:
    text = path.read_text(encoding="utf-8")
    return "data:text/vtt;charset=utf-8," + urllib.parse.quote(text)


def scenes(entries, media: dict, lang: str, page_dir) -> list[dict]:
    """Each scene: its name, description, media (None when not rendered) and caption track."""
    out = []
    for e in entries:
        if e.kind == "scene":
            m = media.get(e.name)
            out.append({"name": e.name, "desc": e.describe[lang], "media": m, "lang": (m or {}).get("lang", lang),
                        "vtt_url": _vtt_data_url(page_dir / m["vtt"]) if m else ""})
    return out


def svg_size(path) -> tuple[int, int] | None:
    """An SVG's size in CSS pixels from its viewBox (matplotlib writes it in points: 1 pt = 4/3 px), so the
    page reserves the figure's box before the lazy image loads and nothing below it moves."""
    try:
        with open(path, "rb") as f:
            m = _VIEWBOX.search(f.read(2048))
    except OSError:
        return None
    return (round(float(m[1]) * 4 / 3), round(float(m[2]) * 4 / 3)) if m else None


def figures(entries, media: dict, lang: str, page_dir=None) -> list[dict]:
    """Each figure: its name, description, SVG (None when not rendered), its size (None when unknown) and
    the language of its render (English for a fallback, builder.english_fallback)."""
    out = []
    for e in entries:
        if e.kind == "figure":
            m = media.get(e.name) or {}
            size = svg_size(page_dir / m["svg"]) if page_dir is not None and m.get("svg") else None
            out.append({"name": e.name, "desc": e.describe[lang], "svg": m.get("svg"), "size": size,
                        "lang": m.get("lang", lang)})
    return out


def noted(items: list, notes: dict) -> list:
    """Scenes or figures with the line that names their conventions (d and base), where they have one."""
    return [x | {"note": notes.get(x["name"], "")} for x in items]


def after(items: list, revealed_by: dict, widgets: dict) -> list:
    """Figures with the widget whose predict-then-reveal answer they state (text.REVEALED_BY): the page
    folds them until that answer is opened."""
    by_fig = {f: w for w, figs in revealed_by.items() if w in widgets for f in figs}
    return [x | {"after": by_fig.get(x["name"], "")} for x in items]


def lesson(steps, scene_list: list, figure_list: list, widgets: dict) -> list[tuple[str, object]]:
    """The page's pieces in the topic's teaching order (studio.catalogue.order): ("scene", scene),
    ("figure", figure) or ("widget", id). A scene shows whole where the order first names it."""
    by_name = {s["name"]: ("scene", s) for s in scene_list} | {f["name"]: ("figure", f) for f in figure_list}
    out, placed = [], set()
    for step in steps:
        if step.name in placed:
            continue
        placed.add(step.name)
        if step.name in by_name:
            out.append(by_name[step.name])
        elif step.name in widgets:
            out.append(("widget", step.name))
    return out
