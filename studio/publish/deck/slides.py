"""The deck's slides as data: what each shows (a frame of the page: the title, a scene's video, a
figure, a widget), its title, its speaker notes and its thumbnail.

A scene gives one slide per pause, titled by its section's title (studio.publish.deck.sections): the slide plays from the previous section's hold to this one's
and pauses there (the holds come from studio.publish.pages.holds, measured on the video). Its notes
are the cue texts of that section, in the deck's language, read from the render's numbers.json.
"""
from __future__ import annotations

import json
from pathlib import Path

from studio.errors import UserError
from studio.publish.deck.sections import PART, section_title
from studio.publish.pages.builder import cue_line

TITLE_CHARS = 60


def short(text: str, limit: int = TITLE_CHARS) -> str:
    """One line of at most `limit` characters, cut at a word where it can be, with an ellipsis."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit - 1]
    if " " in cut[limit // 2:]:
        cut = cut[:cut.rindex(" ")]
    return cut.rstrip(" ,;:") + "…"


def figure_title(describe: str) -> str:
    """A figure's slide title: its description up to the first colon (its claim follows)."""
    for mark in (":", "："):
        if mark in describe:
            return short(describe.split(mark, 1)[0])
    return short(describe)


def _whole_title(describe: str) -> str:
    """A description's head up to its first colon when that fits a title whole, else ""."""
    head = describe
    for mark in (":", "："):
        head = head.split(mark, 1)[0]
    head = " ".join(head.split())
    return head if len(head) <= TITLE_CHARS else ""


def scene_notes(numbers_json: Path, sections: list[str]) -> list[list[str]]:
    """For each section, the texts of its caption cues in order, each on one line."""
    doc = json.loads(Path(numbers_json).read_text(encoding="utf-8"))
    cues = doc.get("cues", [])
    return [[cue_line(c["text"]) for c in cues if c.get("section") == name] for name in sections]


def scene_slides(entry, item: dict, notes: list, thumbs: list, lang: str) -> list[dict]:
    """One slide per pause of a scene: a section whose hold shows the same picture as the next
    section's (holds.same_pictures) is one pause with it, its notes first. Each slide plays from
    `from_s` (the previous pause's hold, or its first section's start) to its section's hold; `prev`
    is the section of the scene's previous slide (-1 for its first)."""
    sections, out, carried, first, prev = item["sections"], [], [], 0, -1
    pauses = sum(1 for k in range(len(sections)) if not (k + 1 < len(sections) and sections[k + 1].get("same")))
    for k, section in enumerate(sections):
        carried += notes[k]
        if k + 1 < len(sections) and sections[k + 1].get("same"):
            continue  # the next section holds on the same picture: one pause for both
        cue = (notes[k] or [""])[0]
        label = section_title(entry.name, section["name"], lang, cue) or _whole_title(entry.describe[lang]) \
            or PART[lang].format(k=len(out) + 1)
        out.append({"kind": "scene", "frame": f"s-{entry.name}", "scene": entry.name, "section": k, "prev": prev,
                    "from_s": sections[prev]["hold_s"] if prev >= 0 else sections[first]["start_s"],
                    "title": f"{label} ({len(out) + 1}/{pauses})", "notes": carried, "thumb": thumbs[k]})
        carried, first, prev = [], k + 1, k
    return out


def _lesson_order(entries, widgets: dict, steps) -> list:
    """(entry or widget id, section it ends at or "") in the deck's order: the topic's teaching order
    (studio.catalogue.order) when `steps` is given, else the entries in their order, then the widgets."""
    if steps is None:
        return [(e, "") for e in entries] + [(w, "") for w in widgets]
    by_name = {e.name: e for e in entries}
    return [(by_name.get(s.name, s.name), s.until) for s in steps]


def scene_part(slides: list[dict], sections: list, until: str, shown: int, name: str) -> int:
    """How many of a scene's `slides` have been shown once its part ending at section `until` is
    (all for ""); `shown` were shown before. A section the render does not have is an error."""
    if not until:
        return len(slides)
    names = [s["name"] for s in sections]
    if until not in names:
        raise UserError(f"the teaching order stops {name} at section {until!r}, which its render does not "
                        f"have (it has {', '.join(names)}); fix LESSON in studio/catalogue/topics/")
    k = names.index(until)
    return max(shown, next(i + 1 for i, s in enumerate(slides) if s["section"] >= k))


def deck_slides(entries, media: dict, notes: dict, thumbs: dict, widgets: dict, lang: str, title: str,
                intro: str, steps=None) -> list[dict]:
    """Every slide in order (the topic's teaching order `steps`, studio.catalogue.order, or the
    entries' then the widgets'). Each: kind (title, scene, figure, widget), frame (the id of what it
    shows), title, notes (a list of paragraphs) and thumb (an image path, or "" for a text card);
    a scene slide also names its scene and section index."""
    from studio.publish.pages.text import PROSE, UI

    slides = [{"kind": "title", "frame": "t-title", "title": title, "notes": [intro] if intro else [], "thumb": ""}]
    parts, shown = {}, {}  # a scene's slides, and how many of them are shown so far
    for e, until in _lesson_order(entries, widgets, steps):
        if isinstance(e, str):
            if e in widgets:
                slides += widget_slides(e, widgets[e], lang, UI, PROSE)
            continue
        m = media.get(e.name)
        if m is None:
            continue
        if e.kind == "scene":
            if e.name not in parts:
                parts[e.name], shown[e.name] = scene_slides(e, m, notes[e.name], thumbs[e.name], lang), 0
            end = scene_part(parts[e.name], m["sections"], until, shown[e.name], e.name)
            slides += parts[e.name][shown[e.name]:end]
            shown[e.name] = end
        else:
            slides.append({"kind": "figure", "frame": f"f-{e.name}", "title": figure_title(e.describe[lang]),
                           "notes": [e.describe[lang]], "thumb": m["svg"]})
    return slides


# A widget too tall for one slide at a readable size is shown part by part: its markup's div.deck-part
# elements (templates/views_worked.html), one slide each, the same widget and its state throughout.
# a widget's parts, one slide each, so that each slide's smallest text is 1/45 of the slide's height
WIDGET_PARTS = {"toy": ("tokens", "embedding", "matrices", "scores", "outputs"), "wx": ("editor", "scores", "direction"),
                "exercises": ("first", "second", "third", "fourth"), "quiz": ("q1", "q2", "q3"),
                "seat": ("hands", "table"), "gpt2": ("configs", "counts"),
                "combine": ("add", "append", "widths")}


# a widget's explanatory lines that the slide leaves to the lecturer (deck.css hides their .to-notes
# element on the slide): the UI strings, added to the speaker notes after the widget's prose; a list is
# one paragraph an item, a heading is followed by its list (the guide's instructor's notes); the order
# widget's second question (positions added), asked aloud, with its answer
TO_NOTES = {"block": ("blk_mask", "blk_mask_note", "shape_names"), "order": ("order_note", "order_clock", "pos_q", "pos_a"),
            "toy": ("table_help", "softmax_note", "matrix_form"), "exercises": ("evidence", "why_note"),
            "guide": ("guide_heading", "guide", "bounds_heading", "bounds"), "shortcut": ("sc_measures",),
            "training": ("tr_axis", "tr_replay", "tr_conclude_h", "tr_conclude")}
# what a slide leaves out of a widget's answer: the shortcut's ② and ③ and "the note under the widget" are the page's
# (text_depth.PREDICT); on the slide that note is the lecturer's (TO_NOTES sc_measures), so the room's answer stops at ①
SLIDE_CUTS = {
    "shortcut": {"en": "; ② and ③ compare the network with and without the shortcut (the note under the widget)",
                 "zh-Hant": "；② 和 ③ 比的是有捷徑和沒捷徑的網路（見小工具下方的說明）",
                 "zh-Hans": "；② 和 ③ 比的是有捷径和没捷径的网络（见小组件下方的说明）"},
}


def slide_answers(predict: dict, lang: str) -> dict:
    """predict (pages.builder.predict_texts) with each answer as a slide says it (SLIDE_CUTS removed)."""
    out = dict(predict)
    for w, cuts in SLIDE_CUTS.items():
        if w in out and lang in cuts:
            out[w] = {k: v.replace(cuts[lang], "") if k in ("a", "live") else v for k, v in out[w].items()}
    return out


# the numbers a TO_NOTES line is filled in with, from the widget's data (the engine's, as on the page)
NOTE_ARGS = {"order_note": lambda w: {"s": w["score_deviation"], "o": w["output_deviation"], "pe": w["pe_deviation"]},
             "order_clock": lambda w: {"cd": w["clock"]["d"], "q": w["clock"]["query"], "k": w["clock"]["key"],
                                       "w": w["clock"]["words"], "pa": w["clock"]["pe_a"], "pb": w["clock"]["pe_b"],
                                       "a": w["clock"]["a"], "b": w["clock"]["b"]},
             "pos_a": lambda w: {"pe": w["pe_deviation"]}, "sc_measures": lambda w: w["measures"],
             "tr_axis": lambda w: {"n": w["steps"] - 1, "share": w["share"]},
             "tr_replay": lambda w: {"layers": w["n_layers"], "width": w["width"], "n": w["n_samples"], "lr": w["lr"],
                                     "seed": w["seed"], "steps": w["steps"]}}


def _to_notes(wid: str, w: dict, text: dict) -> list[str]:
    lines = []
    for k in TO_NOTES.get(wid, ()):
        v = text[k]
        if isinstance(v, (list, tuple)):
            lines += list(v)
        else:
            lines.append(v.format(**NOTE_ARGS[k](w)) if k in NOTE_ARGS and w else v)
    return lines


def _quiz_notes(w: dict, lang: str, ui: dict, k: int) -> list[str]:
    """The knowledge check's part k: each of its questions, its right option and the explanation (the page's words)."""
    from studio.publish.pages.text_depth import QUIZ as WORDS

    per = w.get("per_part", 2)
    out = []
    for q in w["questions"][k * per:(k + 1) * per]:
        text, options, why = WORDS[lang][q["id"]]
        a = q.get("args", {})
        out.append(f"{text.format(**a)} → {options[q['correct']].format(**a)}. {why.format(**a)}")
    return out


# the notes of a widget's later parts (its prose goes with the first): what that part shows, in the lesson's words
def _gpt2_notes(w: dict, lang: str, ui: dict, k: int) -> list[str]:
    """The parameter calculator's counts part: the note on Q, K, V biases and why a released size reads differently
    (the page shows it under the sliders; the slide leaves it to the lecturer, its counts at a readable size)."""
    if not k:
        return []
    sizes = [ui["size_note"].format(size=ui.get("size_" + n["name"], n["name"]), **n) for n in w.get("label_notes", ())]
    return [" ".join([ui["qkv_note"].format(**w["ref"])] + sizes)]


PART_NOTES = {"quiz": _quiz_notes, "gpt2": _gpt2_notes}


def widget_slides(wid: str, w: dict, lang: str, ui: dict, prose: dict) -> list[dict]:
    """A widget's slides: the whole widget, or one per part (WIDGET_PARTS), its prose (and its TO_NOTES
    lines) in the notes of the first, each later part the lesson's words for what it shows (PART_NOTES). Each
    names its widget, and its part ("" for the whole)."""
    title, parts = ui[lang][f"title_{wid}"], WIDGET_PARTS.get(wid, ("",))
    notes = [prose[lang][wid]] + _to_notes(wid, w, ui[lang])

    def more(k: int) -> list[str]:
        return PART_NOTES[wid](w, lang, ui[lang], k) if wid in PART_NOTES and w else []

    return [{"kind": "widget", "frame": f"w-slide-{wid}", "widget": wid, "part": part,
             "title": f"{title} ({k + 1}/{len(parts)})" if part else title,
             "notes": (notes + more(0)) if k == 0 else (more(k) or notes[:1]), "thumb": ""}
            for k, part in enumerate(parts)]
