"""Build OUT/decks/NAME/index.html: a lecture deck for one topic of the catalogue or one lesson file.

The slides, in order: a title slide; then, in the topic's teaching order (studio.catalogue.order:
a figure or widget right after the scene pause it illustrates) or the lesson file's own order, one
slide per pause of a scene, paused on the section's held frame (studio.publish.pages.holds), one per
figure, and for a topic one per widget (the lesson page's markup and page.js lookups,
studio.publish.pages.widgets). A lesson file's entries carry the
course's own numbers, while the widgets' tables hold the seeds' numbers: a lesson deck has no widget
slides.

The renders are found, rendered and copied exactly as for the lesson pages (find_render, gather and
collect_media in studio.publish.pages.builder): scenes with their captions as a track, never burnt in,
so the deck shows them once and C hides them. The deck works from file:// with no network.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from look import LANGS, THEMES, Look
from studio import catalogue
from studio.catalogue.order import lesson_steps
from studio.build.atomic import write_text
from studio.errors import UserError
from studio.options import PAGE_QUALITY, QUALITIES, Quality
from studio.publish.deck.cues import cue_lines
from studio.publish.deck.export import write_exports
from studio.publish.deck.handout import NUMBERS_DIR, numbers_path
from studio.publish.deck.onscreen import onscreen_table
from studio.publish.deck.frames import NEXT_WORDS, OWN_QUESTION, answer_frames, walk_frames
from studio.publish.deck.slides import deck_slides, scene_notes, slide_answers
from studio.publish.deck.thumbs import hold_frames
from studio.publish.html import render as render_template
from studio.publish.pages import views
from studio.publish.pages.builder import STATIC as PAGE_STATIC  # the widgets' styles and scripts
from studio.publish.pages.builder import PageResult, _copy, collect_media, gather, predict_texts, topic_entries
from studio.publish.pages.text import DECK, PROSE, UI
from studio.publish.pages.widgets import predictions, topic_widgets

# deck.js (the slides: what shows, plays and holds) starts the deck or the speaker view; the page loads it last,
# after its parts: deck-sync.js (the two windows), deck-fit.js (a widget scaled to the slide), deck-keys.js
# (keys, overview, black, dim, captions), deck-speaker.js (the speaker view), deck-theme.js (light or dark, key T:
# before deck.js, so a video starts in its theme's render) and onscreen.js (values on screen, key V: its keys
# first, a capturing listener)
STATIC = ("deck.css", "deck-theme.js", "deck-sync.js", "deck-fit.js", "deck-keys.js", "deck-speaker.js", "deck-drive.js", "deck.js",
          "onscreen.js")


# the keys a lecturer needs first, on the title slide (the whole list is on ?): (key, what it does) per language
KEY_LEGEND = {
    "en": (("→", "next"), ("←", "back"), ("S", "speaker view"), ("O", "overview"), ("E", "enter a widget"),
           ("B", "black screen"), ("?", "all keys")),
    "zh-Hant": (("→", "下一步"), ("←", "上一步"), ("S", "講者檢視"), ("O", "總覽"), ("E", "進入互動元件"),
                ("B", "黑畫面"), ("?", "所有按鍵")),
    "zh-Hans": (("→", "下一步"), ("←", "上一步"), ("S", "讲者视图"), ("O", "总览"), ("E", "进入交互组件"),
                ("B", "黑屏"), ("?", "所有按键")),
}


@dataclass
class DeckSource:
    """What a deck shows: its name (the folder under OUT/decks/), title, entries, and widgets."""
    name: str
    title: dict  # {lang: title}
    entries: list
    widgets: bool
    steps: list | None = None  # a topic's teaching order (studio.catalogue.order)
    lang: str | None = None  # a lesson file's first language
    quality: str | None = None  # a lesson file's quality
    intro: dict = field(default_factory=dict)


def topic_source(topic: str) -> DeckSource:
    """A topic of the catalogue: its entries and widgets in its teaching order."""
    if topic not in catalogue.TOPICS:
        raise UserError(f"unknown topic {topic!r}; choose one of {', '.join(catalogue.TOPICS)}, "
                        "or give a lesson file (FILE.toml)")
    return DeckSource(topic, dict(catalogue.TOPICS[topic]), topic_entries(topic), True, lesson_steps(topic),
                      intro={lang: PROSE[lang][topic] for lang in LANGS})


def lesson_source(lesson) -> DeckSource:
    """A lesson file (studio.cli.lesson.Lesson, already checked): its entries in its order, named by
    the file's stem; no widgets (their tables hold the seeds' numbers, not the course's)."""
    entries, seen = [item.entry for item in lesson.items], set()
    for e in entries:  # a deck's media are named by entry: one render of each
        if e.name in seen:
            raise UserError(f"{lesson.path}: {e.name} is listed twice; a deck shows each entry once "
                            "(make a second lesson file for the other numbers)")
        seen.add(e.name)
    return DeckSource(Path(lesson.path).stem, {lang: lesson.title for lang in LANGS}, entries, False,
                      lang=lesson.langs[0] if lesson.langs else None, quality=lesson.quality)


def _thumbs(media: dict, folders: dict, look: Look, deck_dir: Path) -> dict:
    """{scene: [thumbnail path per section]}: the held frames, under thumbs/LANG-THEME/; stale ones removed."""
    sub = f"thumbs/{look.lang}-{look.theme}"
    out, kept = {}, set()
    for name, item in media.items():
        if "sections" not in item:
            continue
        paths = [f"{sub}/{name}.{k}.png" for k in range(len(item["sections"]))]
        holds = [s["hold_s"] for s in item["sections"]]
        hold_frames(folders[name] / f"{name}.mp4", holds, [deck_dir / p for p in paths])
        out[name] = paths
        kept.update(paths)
    if (deck_dir / sub).is_dir():
        for f in (deck_dir / sub).iterdir():
            if f.is_file() and f"{sub}/{f.name}" not in kept:
                f.unlink()
    return out


def _alternates(media: dict, entries, look: Look, quality: Quality, out_root: Path, deck_dir: Path, voice,
                render: bool = False) -> None:
    """media[NAME]["alt"][THEME]: the other theme's files of each render in OUT, so T and the system's dark or light
    look swap them in (static/deck-theme.js). The other theme's figures are rendered when `render` (cheap, as for
    the lesson pages' theme switch); its scene videos only when OUT already holds them."""
    for theme in THEMES:
        if theme == look.theme:
            continue
        other = Look(theme, look.lang)
        if render:
            gather([e for e in entries if e.kind == "figure"], other, quality, out_root, True,
                   PageResult("alt", deck_dir), voice)
        folders = gather(entries, other, quality, out_root, False, PageResult("alt", deck_dir), voice)
        alt = collect_media(entries, folders, other, deck_dir, holds=False)
        for name, item in alt.items():
            if name in media:
                media[name].setdefault("alt", {})[theme] = {k: v for k, v in item.items()
                                                            if k in ("mp4", "vtt", "poster", "svg")}


def _numbers_files(folders: dict, deck_dir: Path) -> None:
    """Copy each render's numbers (NAME.numbers.json, and a scene's NAME.frames.csv: every value on
    screen, frame by frame) into DECK/numbers/, where the handout's pages point; remove older copies."""
    kept = set()
    for name, folder in folders.items():
        for kind in ("numbers.json", "frames.csv"):
            if (folder / f"{name}.{kind}").is_file():
                _copy(folder / f"{name}.{kind}", deck_dir / numbers_path(name, kind))
                kept.add(numbers_path(name, kind))
    if (deck_dir / NUMBERS_DIR).is_dir():
        for f in (deck_dir / NUMBERS_DIR).iterdir():
            if f.is_file() and f"{NUMBERS_DIR}/{f.name}" not in kept:
                f.unlink()


def build_deck(what: "str | DeckSource", lang: str | None = None, theme: str = "light", quality: Quality | None = None,
               out_root: Path = Path("out"), render: bool = True, voice=None, exports=("html",)) -> PageResult:
    """Write OUT/decks/NAME/: index.html, its media, thumbnails and scripts; and NAME.pdf and NAME.pptx
    when `exports` names them (studio.publish.deck.export). Returns what was reused, rendered or
    left out (render=False and not in OUT)."""
    source = what if isinstance(what, DeckSource) else topic_source(what)
    if theme not in THEMES:
        raise UserError(f"unknown theme {theme!r}; choose {', '.join(THEMES)}")
    lang = lang or source.lang or "en"
    if lang not in LANGS:
        raise UserError(f"unknown language {lang!r}; choose {', '.join(LANGS)}")
    quality = quality or QUALITIES[source.quality or PAGE_QUALITY]
    out_root = Path(out_root)
    deck_dir = out_root / "decks" / source.name
    deck_dir.mkdir(parents=True, exist_ok=True)
    result = PageResult(source.name, deck_dir)
    look = Look(theme, lang)
    folders = gather(source.entries, look, quality, out_root, render, result, voice)
    media = collect_media(source.entries, folders, look, deck_dir)
    _alternates(media, source.entries, look, quality, out_root, deck_dir, voice, render)
    thumbs = _thumbs(media, folders, look, deck_dir)
    for name, item in media.items():  # every number on screen, for V at any paused time (deck.onscreen)
        if "sections" in item and (folders[name] / f"{name}.frames.csv").is_file():
            item["onscreen"] = onscreen_table(folders[name], name, lang)
    _numbers_files({name: folders[name] for name in media}, deck_dir)
    notes = {name: scene_notes(folders[name] / f"{name}.numbers.json", [s["name"] for s in item["sections"]])
             for name, item in media.items() if "sections" in item}
    widgets = topic_widgets(source.name) if source.widgets else {}
    answers = predictions() if widgets else {}
    predict = slide_answers(predict_texts(lang, widgets, answers), lang)
    title = source.title[lang]
    slides = deck_slides(source.entries, media, notes, thumbs, widgets, lang, title, source.intro.get(lang, ""),
                         source.steps)
    for s in slides:  # the question a widget slide asks and its answer, for the exports
        if s["kind"] == "widget" and s["notes"] and s["widget"] in predict:
            s["question"], s["answer"] = predict[s["widget"]]["q"], predict[s["widget"]]["a"]
    for s in slides:  # what the widget shows at each frame after its question (deck.frames, deck-drive.js)
        if s["kind"] == "widget" and (s["widget"] in predict or s["widget"] in OWN_QUESTION):
            s["frames"] = answer_frames(s["widget"], widgets[s["widget"]], answers)
        elif s["kind"] == "widget" and walk_frames(widgets.get(s["widget"], {})):  # a stepper without a question
            s["frames"] = walk_frames(widgets[s["widget"]])
    first = set()
    for s in slides:  # the lecturer's cues (ask, answer, where to point) open a widget's first slide's notes
        if s["kind"] == "widget" and s["widget"] not in first:
            first.add(s["widget"])
            s["notes"] = cue_lines(s, predict.get(s["widget"]), widgets.get(s["widget"]), lang) + s["notes"]
    scenes = {s["name"]: s for s in views.scenes(source.entries, media, lang, deck_dir) if s["media"]}
    static = STATIC + (PAGE_STATIC if widgets else ())
    for name in static:
        package = "studio.publish.deck" if name in STATIC else "studio.publish.pages"
        write_text(deck_dir / name, resources.files(package).joinpath("static", name).read_text(encoding="utf-8"))
    for name in PAGE_STATIC:  # a rebuild without widgets leaves no stale copies
        if name not in static and (deck_dir / name).is_file():
            (deck_dir / name).unlink()
    data = {"lang": lang, "slides": slides, "media": media, "labels": DECK[lang] | NEXT_WORDS[lang]}
    page_data = {"lang": lang, "widgets": widgets, "labels": UI[lang], "media": {}}  # what page.js reads
    text = render_template(
        "deck/deck.html", lang=lang, theme=theme, title=title, intro=source.intro.get(lang, ""), slides=slides,
        scenes=scenes, entries=source.entries, media=media, widgets=widgets, ui=UI[lang], deck=DECK[lang],
        prose=PROSE[lang], predict=predict, data=data, page_data=page_data, static=static,
        keylegend=KEY_LEGEND[lang],
    )
    page = deck_dir / "index.html"
    write_text(page, text)
    result.pages.append(page)
    write_exports(exports, deck_dir, source.name, title, source.intro.get(lang, ""), slides, source.entries, media,
                  folders, look, out_root, render, result)
    return result


def deck_json(deck_dir: Path) -> dict:
    """The slide data of a built deck (for tools and tests)."""
    import re

    text = (Path(deck_dir) / "index.html").read_text(encoding="utf-8")
    return json.loads(re.search(r'id="deck-data">(.*?)</script>', text, re.S).group(1))
