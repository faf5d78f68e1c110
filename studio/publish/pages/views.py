"""What a lesson page shows, as data for templates/page.html and its macros (templates/views.html):
the scenes with their caption track as a data: URL, the figures, and all of
them with the widgets in the topic's teaching order."""
from __future__ import annotations

import urllib.parse


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


def figures(entries, media: dict, lang: str) -> list[dict]:
    """Each figure: its name, description, SVG (None when not rendered) and the language of its render
    (English for a fallback, builder.english_fallback)."""
    return [{"name": e.name, "desc": e.describe[lang], "svg": (media.get(e.name) or {}).get("svg"),
             "lang": (media.get(e.name) or {}).get("lang", lang)} for e in entries if e.kind == "figure"]


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
