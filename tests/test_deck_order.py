"""The teaching order (studio.catalogue.order): the deck's slides and the lesson page's pieces follow
each topic's LESSON, a figure or widget right after the scene pause it illustrates; no render needed
(the scenes' sections are stand-ins around the sections the order names)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from studio import catalogue
from studio.catalogue.order import LESSONS, lesson_steps, lesson_widgets, unplaced
from studio.errors import UserError
from studio.publish.deck.slides import WIDGET_PARTS, deck_slides
from studio.publish.pages import views
from studio.publish.pages.widgets import TOPIC_WIDGETS


def _media(topic: str, merge: bool = False) -> dict:
    """Stand-in media: each scene's sections are the ones its order names, each with one before it, and
    one after the last; with `merge`, every named section holds on the next one's picture."""
    media = {}
    for e in catalogue.ENTRIES:
        if e.topic != topic:
            continue
        if e.kind == "figure":
            media[e.name] = {"svg": f"{e.name}.svg"}
            continue
        names = []
        for s in lesson_steps(topic):
            if s.name == e.name and s.until:
                names += [f"before_{s.until}", s.until]
        names.append("end")
        sections = [{"name": n, "start_s": float(k), "hold_s": k + 0.5, "label": n,
                     "same": merge and k > 0 and names[k - 1] in {s.until for s in lesson_steps(topic)}}
                    for k, n in enumerate(names)]
        media[e.name] = {"sections": sections}
    return media


def _expected(topic: str, media: dict) -> list[tuple]:
    """The slide sequence the order asks for, worked out from LESSON here: (frame, last section)."""
    out, shown = [], {}
    for s in lesson_steps(topic):
        if s.kind == "figure":
            out.append((f"f-{s.name}", None))
        elif s.kind == "widget":
            out += [(f"w-slide-{s.name}", p or None) for p in WIDGET_PARTS.get(s.name, ("",))]
        else:
            names = [x["name"] for x in media[s.name]["sections"]]
            end = names.index(s.until) if s.until else len(names) - 1
            while end + 1 < len(names) and media[s.name]["sections"][end + 1]["same"]:
                end += 1  # a pause merged with the next section's picture ends there
            for k in range(shown.get(s.name, 0), end + 1):
                nxt = k + 1 < len(names) and media[s.name]["sections"][k + 1]["same"]
                if not nxt:
                    out.append((f"s-{s.name}", k))
            shown[s.name] = end + 1
    return out


def _slides(topic: str, media: dict, lang: str = "en") -> list[dict]:
    notes = {n: [[]] * len(m["sections"]) for n, m in media.items() if "sections" in m}
    thumbs = {n: [""] * len(m["sections"]) for n, m in media.items() if "sections" in m}
    widgets = {w: {} for w in TOPIC_WIDGETS[topic]}
    entries = [e for e in catalogue.ENTRIES if e.topic == topic]
    return deck_slides(entries, media, notes, thumbs, widgets, lang, "T", "", lesson_steps(topic))


@pytest.mark.parametrize("merge", [False, True])
@pytest.mark.parametrize("topic", list(LESSONS))
def test_the_deck_follows_the_recorded_order(topic, merge):
    media = _media(topic, merge)
    slides = _slides(topic, media)
    got = [(s["frame"], s.get("section", s.get("part") or None)) for s in slides[1:]]
    assert got == _expected(topic, media)
    assert TOPIC_WIDGETS[topic] == lesson_widgets(topic) and unplaced(topic) == []
    placed = {s["frame"].split("-", 1)[1] for s in slides[1:] if s["kind"] in ("scene", "figure")}
    assert placed == {e.name for e in catalogue.ENTRIES if e.topic == topic}  # every entry, none twice
    frames = [f for f in got if not f[0].startswith("s-")]
    assert len(frames) == len(set(frames))


@pytest.mark.parametrize("topic", list(LESSONS))
def test_the_page_follows_the_same_order(topic):
    entries = [e for e in catalogue.ENTRIES if e.topic == topic]
    scenes = [{"name": e.name} for e in entries if e.kind == "scene"]
    figures = [{"name": e.name} for e in entries if e.kind == "figure"]
    items = views.lesson(lesson_steps(topic), scenes, figures, {w: {} for w in TOPIC_WIDGETS[topic]})
    names = [x if kind == "widget" else x["name"] for kind, x in items]
    first = list(dict.fromkeys(s.name for s in lesson_steps(topic)))
    assert names == first
    slides = _slides(topic, _media(topic))[1:]
    assert list(dict.fromkeys(s.get("scene") or s.get("widget") or s["frame"][2:] for s in slides)) == names


@pytest.mark.parametrize("topic", list(LESSONS))
def test_every_section_the_order_names_is_one_the_scene_draws(topic):
    for s in lesson_steps(topic):
        if s.until:
            module = catalogue.get(s.name).module.replace(".", "/")
            files = [Path(module + ".py")] + sorted(Path(module.split("/")[0]).glob("*/*.py"))
            text = "".join(f.read_text(encoding="utf-8") for f in files)
            assert re.search(r'section\(\s*"' + s.until + '"', text), (s.name, s.until)


def test_a_section_the_render_lacks_is_a_clear_error():
    media = _media("worked")
    media["attention_heatmap"]["sections"][1]["name"] = "renamed"
    with pytest.raises(UserError, match="stops attention_heatmap at section 'softmax'.*LESSON"):
        _slides("worked", media)
