"""A topic's teaching order: the LESSON tuple of its module in studio/catalogue/topics/, read here
once for the lesson page (studio.publish.pages.builder) and the deck (studio.publish.deck.slides).

Each item names a catalogue entry of the topic or a widget of its page. "SCENE@SECTION" is the scene
up to and including the pause that holds SECTION; a bare scene name is the rest of the scene (all of
it when it was not named before). A figure or widget placed after a scene pause is the one that pause
leads to. Every entry of the topic is placed (tests/test_deck_order.py; one not yet placed shows at
the end); a figure or widget once, a scene's bare name last.
"""
from __future__ import annotations

from dataclasses import dataclass

from studio.catalogue.topics import depth, positional, worked

LESSONS = {"positional": positional.LESSON, "worked": worked.LESSON, "depth": depth.LESSON}


@dataclass(frozen=True)
class Step:
    """One step of a lesson: kind ("scene", "figure" or "widget"), name, and for a scene the section
    its part ends at ("" for the rest of the scene)."""
    kind: str
    name: str
    until: str = ""


def lesson_steps(topic: str) -> list[Step]:
    """The steps of `topic` in teaching order (ValueError when LESSON repeats an entry)."""
    from studio.catalogue import ENTRIES

    kinds = {e.name: e.kind for e in ENTRIES if e.topic == topic}
    steps, seen, ended = [], set(), set()
    for item in LESSONS.get(topic, ()):
        name, _, until = item.partition("@")
        kind = kinds.get(name, "widget")
        if name in ended or (kind != "scene" and name in seen) or (until and kind != "scene"):
            raise ValueError(f"{topic} LESSON: {item!r} is placed again or names a section of a non-scene")
        seen.add(name)
        if kind != "scene" or not until:
            ended.add(name)
        steps.append(Step(kind, name, until))
    # an entry not placed yet (just added to the catalogue) still shows, at the end, in catalogue order
    return steps + [Step(kinds[name], name) for name in unplaced(topic, ended)]


def unplaced(topic: str, ended: set | None = None) -> list[str]:
    """The entries of `topic` its LESSON leaves out (or whose scene never ends with its bare name)."""
    from studio.catalogue import ENTRIES

    if ended is None:
        ended = {item.partition("@")[0] for item in LESSONS.get(topic, ()) if "@" not in item}
    return [e.name for e in ENTRIES if e.topic == topic and e.name not in ended]


def lesson_widgets(topic: str) -> tuple[str, ...]:
    """The widget ids of `topic`'s page, in teaching order."""
    return tuple(s.name for s in lesson_steps(topic) if s.kind == "widget")
