"""Build OUT/pages/TOPIC/index.html: a lesson page per topic from the rendered scenes and figures.

A page holds, for one topic of the catalogue (studio.catalogue.TOPICS): short prose per idea, the
topic's scene videos with their WebVTT captions as a <track>, its SVG figures, the widgets whose
every number is a table computed by the engine at build time (studio.publish.pages.widgets, written as
widgets.json beside the page and embedded in it, so the page works from file:// without fetching),
and a presenter mode driven by each scene's section start times and duration from numbers.json.

Renders are reused from OUT/NAME/ or OUT/LANG-THEME/NAME/ when their manifest has the content key
and every file it lists has its recorded size and SHA-256 (studio.build.cache.cached_files); a damaged or
missing one is rendered through studio.build.render.render_entry (the cache) into OUT/LANG-THEME/NAME/, or
with render=False left out and listed, never copied beside the page.
"""
from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from look import LANGS, PALETTES, THEMES, Look
from studio import catalogue
from studio.catalogue.order import lesson_steps
from studio.build.atomic import write_text
from studio.build.cache import cached_files
from studio.errors import UserError
from studio.publish.html import environment, render as render_template
from studio.options import PAGE_QUALITY, QUALITIES, Quality
from studio.publish.pages import absent, links, posters, views
from studio.publish.pages.explore import explore_holds
from studio.publish.pages.holds import decode, same_pictures, section_holds, stillness
from studio.publish.pages.text import CASE, CASE_CONTROLS, LIVE, PREDICT, PROSE, REVEALED_BY, UI
from studio.publish.pages.blockmap import blockmap
from studio.publish.pages.text_lead import LEAD
from studio.publish.pages.widgets import predictions, topic_widgets
from studio.publish.pages.widgets_positional import conventions
from studio.build.request import Request

# The page's own files, in load order: page.js (the lookups) first, then each widget family's script.
# A widget family adds its stylesheet or script here; the deck copies the same list.
STATIC = ("page.css", "page.js", "positional.css", "positional.js", "toy.js", "worked.css", "worked.js",
          "depth.css", "depth.js", "smallnet.js", "gain.js", "training.css", "training.js", "pin.js", "share.js")  # share.js last: it restores a shared state through the others
SCRIPTS = tuple(n for n in STATIC if n.endswith(".js"))
STYLES = tuple(n for n in STATIC if n.endswith(".css"))


@dataclass
class PageResult:
    topic: str
    folder: Path
    pages: list[Path] = field(default_factory=list)
    rendered: list[str] = field(default_factory=list)  # entries rendered for this build
    reused: list[str] = field(default_factory=list)  # entries answered from OUT
    missing: list[str] = field(default_factory=list)  # entries left out (render=False and not in OUT)
    notes: list[str] = field(default_factory=list)  # what else the build says (an export not written)

    def summary(self) -> str:
        parts = [f"{len(self.reused)} renders reused", f"{len(self.rendered)} rendered"]
        if self.missing:
            names = list(dict.fromkeys(self.missing))
            parts.append(f"{len(names)} left out (not rendered): {', '.join(names)}")
        return f"{self.topic}: {', '.join(str(p) for p in self.pages)} ({'; '.join(parts + self.notes)})"


def resolve_topics(topic: str) -> list[str]:
    if topic == "all":
        return list(catalogue.TOPICS)
    if topic not in catalogue.TOPICS:
        raise UserError(f"unknown topic {topic!r}; choose one of {', '.join(catalogue.TOPICS)} or 'all'")
    return [topic]


def topic_entries(topic: str) -> list[catalogue.Entry]:
    return [e for e in catalogue.ENTRIES if e.topic == topic]


def page_request(entry, look: Look, quality: Quality, out_root: Path, voice=None) -> Request:
    """What the page shows of an entry: its default format and embedded SVG text; a scene with its
    captions as a track, not in the frame (the page shows the track, and C hides it: captions once,
    or none while the lecturer talks), and with its narration when the page has a voice
    (studio.voice.source.VoiceSource); rendered into OUT/LANG-THEME/."""
    scene = entry.kind == "scene"
    return Request(entry, look, quality, voice=voice if scene else None, captions="file" if scene else "burn",
                   out_root=out_root / f"{look.lang}-{look.theme}")


def roles_css() -> str:
    """--grows and --shrinks per theme (look.palette's roles for the runs of a gain s > 1 and s ≤ 1, the figures'
    colours), for the gain widget; page.html sets them beside the shared palette."""
    from look import PALETTES

    def selector(theme: str) -> str:
        return ':root, :root[data-theme="light"]' if theme == "light" else f':root[data-theme="{theme}"]'

    return "\n".join(f"{selector(t)} {{ --grows: {p.grows}; --shrinks: {p.shrinks}; }}" for t, p in PALETTES.items())


def find_render(request: Request) -> Path | None:
    """OUT/LANG-THEME/NAME/ or OUT/NAME/ when it holds this request's render (key, sizes and hashes)."""
    key = request.key()
    for folder in (request.folder, request.out_root.parent / request.entry.name):
        if folder.is_dir() and not folder.is_symlink() and cached_files(folder, key):
            return folder
    return None


def gather(entries, look: Look, quality: Quality, out_root: Path, render: bool, result: PageResult,
           voice=None) -> dict:
    """{name: folder} of each entry's render in this look; renders what is missing when `render`."""
    from studio.build.render import render_entry

    found = {}
    for e in entries:
        request = page_request(e, look, quality, out_root, voice)
        folder = find_render(request)
        if folder is not None:
            result.reused.append(e.name)
        elif render:
            render_entry(request)
            folder = request.folder
            result.rendered.append(e.name)
        else:
            result.missing.append(e.name)
            continue
        found[e.name] = folder
    return found


def _copy(src: Path, dest: Path) -> None:
    if dest.exists() and dest.stat().st_size == src.stat().st_size and dest.read_bytes() == src.read_bytes():
        return
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(f".{dest.name}.part")
    shutil.copyfile(src, tmp)
    tmp.replace(dest)


def collect_media(entries, folders: dict, look: Look, page_dir: Path, holds: bool = True, prune: bool = True,
                  poster_at: dict | None = None) -> dict:
    """Copy each render's page files into page_dir/media/LANG-THEME/; describe them for the page
    (`holds`: where the presenter stops in each section, measured on the video; `prune`: remove what
    an earlier build copied there and no render gives now, off when only a few entries are copied).
    A scene's poster is a frame of its opening section (studio.publish.pages.posters): its first hold,
    or without holds the time `poster_at` gives for it (the other theme's render has the same timing)."""
    sub = f"media/{look.lang}-{look.theme}"
    media = {}
    for e in entries:
        if e.name not in folders:
            continue
        src = folders[e.name]
        doc = json.loads((src / f"{e.name}.numbers.json").read_text(encoding="utf-8"))
        if e.kind == "figure":
            names = {"svg": f"{e.name}.svg"}
        else:
            names = {"mp4": f"{e.name}.mp4", "vtt": f"{e.name}.vtt", "poster": f"{e.name}.png"}
        for k, n in names.items():
            if k != "poster":
                _copy(src / n, page_dir / sub / n)
        item = {k: f"{sub}/{n}" for k, n in names.items()}
        if e.kind == "scene":
            item["sections"] = [{"name": s["name"], "start_s": s["start_s"], "label": _section_label(doc, s["name"])}
                                for s in doc["sections"]]
            if holds:
                background, fps = PALETTES[look.theme].background, doc["render"]["fps"]
                shares, smalls = decode(src / names["mp4"], background)
                at = section_holds(shares, [s["start_s"] for s in doc["sections"]], doc["render"]["duration_s"],
                                   fps, stillness(smalls, fps, background))
                for section, hold, same in zip(item["sections"], at, same_pictures(shares, smalls, at, background)):
                    section["hold_s"], section["same"] = hold, same
                for section, link in zip(item["sections"], explore_holds(e.name, src, at, doc["render"]["duration_s"])):
                    if link:  # the widget at this frame's values (studio.publish.pages.explore)
                        section["explore"] = link
            at = posters.opening_time(item["sections"]) if holds else (poster_at or {}).get(e.name)
            posters.write_poster(src / names["poster"], src / names["mp4"], at, page_dir / sub / names["poster"], _copy)
            if at is not None:
                item["poster_s"] = at
            item["duration_s"] = doc["render"]["duration_s"]
            item["fps"] = doc["render"]["fps"]
        media[e.name] = item
    kept = {n for item in media.values() for k, n in item.items() if k in ("mp4", "vtt", "poster", "svg")}
    if prune and (page_dir / sub).is_dir():  # what an earlier build of this look copied and no render gives now
        for f in (page_dir / sub).iterdir():
            if f.is_file() and f"{sub}/{f.name}" not in kept:
                f.unlink()
    return media


FALLBACK_LANG = "en"


def english_fallback(entries, folders: dict, look: Look, quality: Quality, out_root: Path, page_dir: Path,
                     voice=None) -> dict:
    """A page in another language shows the English render of an entry it has no render of, when OUT
    holds one (media marked "lang": "en", and the page labels it); an entry with neither is left out of
    the page, never announced as a build message."""
    if look.lang == FALLBACK_LANG:
        return {}
    en = Look(look.theme, FALLBACK_LANG)
    found = {e.name: f for e in entries
             if e.name not in folders and (f := find_render(page_request(e, en, quality, out_root, voice)))}
    media = collect_media([e for e in entries if e.name in found], found, en, page_dir, prune=False)
    return {name: item | {"lang": FALLBACK_LANG} for name, item in media.items()}


def cue_line(text: str) -> str:
    """A caption cue on one line: a break between two Chinese characters is dropped (the cue was cut
    inside a phrase), any other break or run of spaces becomes one space."""
    text = re.sub(r"(?<=[\u3000-\u9fff\uff00-\uffef])\s*\n\s*(?=[\u3000-\u9fff\uff00-\uffef])", "", text)
    return " ".join(text.split())


def _section_label(doc: dict, section: str) -> str:
    """What the presenter shows for a section: its title in the page's language
    (studio.publish.deck.sections; a section's own name is an identifier, not a title), else the
    opening of its first caption cue."""
    from studio.publish.deck.sections import section_title

    cue = next((c for c in doc.get("cues", []) if c.get("section") == section), None)
    text = cue_line(cue["text"]) if cue else ""
    title = section_title(doc.get("name", ""), section, doc.get("lang", FALLBACK_LANG), text)
    if title or cue is None:
        return title
    return text if len(text) <= 60 else text[:59].rstrip() + "…"


def _files(item: dict) -> dict:
    return {k: v for k, v in item.items() if k in ("mp4", "poster", "svg")}


# theme="both": the page in the first theme, with every render (scene videos too) in each theme, so the
# page's theme switch swaps poster and video together for every scene.
BOTH = "both"


def build_topic(topic: str, langs, theme: str = "light", quality: Quality | None = None,
                out_root: Path = Path("out"), render: bool = True, voice=None) -> PageResult:
    """Write OUT/pages/TOPIC/: one page per language (index.html in English, index.LANG.html in any
    other, studio.publish.pages.links), widgets.json, assets; then relink every page under OUT/pages/.
    The theme switch swaps a scene's poster and video together, and only to a render OUT holds in that
    theme; figures are always rendered in both themes, scene videos in both with theme="both"."""
    both = theme == BOTH
    theme = THEMES[0] if both else theme
    if theme not in THEMES:
        raise UserError(f"unknown theme {theme!r}; choose {', '.join(THEMES)} or {BOTH!r}")
    quality = quality or QUALITIES[PAGE_QUALITY]
    out_root = Path(out_root)
    page_dir = out_root / "pages" / topic
    page_dir.mkdir(parents=True, exist_ok=True)
    result = PageResult(topic, page_dir)
    entries = topic_entries(topic)
    widgets = topic_widgets(topic)
    widgets_json = json.dumps(widgets, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    write_text(page_dir / "widgets.json", widgets_json + "\n")
    for name in STATIC:
        write_text(page_dir / name, resources.files("studio.publish.pages").joinpath("static", name)
                   .read_text(encoding="utf-8"))
    langs = list(langs)
    answers = predictions()
    for lang in langs:
        predict = predict_texts(lang, widgets, answers)
        look = Look(theme, lang)
        folders = gather(entries, look, quality, out_root, render, result, voice)
        media = collect_media(entries, folders, look, page_dir)
        media |= english_fallback(entries, folders, look, quality, out_root, page_dir, voice)
        by_theme = {theme: {n: _files(m) for n, m in media.items()}}
        poster_times = {n: m["poster_s"] for n, m in media.items() if "poster_s" in m}
        for other in THEMES:  # the page's theme switch swaps in the other theme's renders found in OUT
            if other != theme:
                alt = Look(other, lang)
                if render:  # figures are cheap: the theme switch always has the other theme's figures;
                    # scenes' videos only with both themes asked (a scene without one keeps its video and poster)
                    gather([e for e in entries if both or e.kind == "figure"], alt, quality, out_root, True, result, voice)
                found = {e.name: f for e in entries if (f := find_render(page_request(e, alt, quality, out_root, voice)))}
                by_theme[other] = {n: _files(m) for n, m in collect_media(entries, found, alt, page_dir, holds=False,
                                                                               poster_at=poster_times).items()}
        ui = absent.words(UI[lang], lang, {e.name for e in entries}, media)  # no pointing at figures not built
        data = {"lang": lang, "theme": theme, "media": media, "media_by_theme": by_theme, "widgets": widgets,
                "labels": dict(ui), "blockmap": blockmap(lang, widgets)["lights"] if topic == "depth" else {}}
        conv = conventions() if topic == "positional" else {}  # each piece's width d (the positional page's three)
        notes = {n: UI[lang]["convention" if v["base"] else "convention_width"].format(**v) for n, v in conv.items()}
        if "shortcut" in widgets:  # the figure's factor and the widget's measure different gradients
            notes["shortcut_gradients"] = UI[lang]["sc_fig_measures"].format(**widgets["shortcut"]["measures"])
        if any(e.name == "naive_position_fig" for e in entries):  # the figure's E, E′ by the video's names
            from engine.naive import naive_position

            n = naive_position()
            names = UI[lang]["fig_names"].format(w0=n.words[0], w1=n.words[1], seed=n.seed)
            notes["naive_position_fig"] = f"{notes.get('naive_position_fig', '')} {names}".strip()  # after its d
        for w, figs in REVEALED_BY.items():  # the figures after a predict widget that state its answer
            if w in widgets:
                notes |= {f: f"{notes.get(f, '')} {UI[lang]['checks_prediction']}".strip() for f in figs}
        lang_links, topic_links = links.nav_links(lang, topic, page_dir.parent, catalogue.TOPICS, UI, also=langs)
        top = UI[lang]["conventions_top"].format(fp=conv["pe_clock"], layer=conv["order"], rope=conv["rope"]) \
            if topic == "positional" else ""  # the page's d and base once, above everything (issue 28)
        text = render_template(
            "pages/page.html", roles_css=roles_css(), conventions_top=top, lang=lang, theme=theme, title=catalogue.TOPICS[topic][lang], intro=PROSE[lang][topic],
            langs=lang_links, topics=topic_links, ui=ui, widgets=widgets, predict=predict,
            prose=PROSE[lang] | {w: f"{PROSE[lang][w]} {notes[w]}" for w in widgets if w in notes},
            lesson=views.lesson(lesson_steps(topic), views.noted(views.scenes(entries, media, lang, page_dir), notes),
                                views.after(views.noted(views.figures(entries, media, lang, page_dir), notes), REVEALED_BY, widgets),
                                widgets),
            data=data, scripts=SCRIPTS, styles=STYLES, lead=LEAD.get(lang, {}) if topic == "depth" else {},
            blockmap=blockmap(lang, widgets) if topic == "depth" else None,
        )
        page = page_dir / links.page_name(lang)
        write_text(page, text)
        result.pages.append(page)
    links.relink(page_dir.parent, catalogue.TOPICS, UI, _nav)
    return result


def _nav(lang_links, topic_links, ui):
    """The navigation as page.html draws it (templates/views.html, macro nav)."""
    return environment().get_template("pages/views.html").module.nav(lang_links, topic_links, ui)


def predict_texts(lang: str, widgets, answers: dict) -> dict:
    """{widget: {q, a, case}} plus the Show/Hide labels: an answer that holds only at the widget's opening
    values starts with that case (text.CASE) and is marked so page.js hides it when the controls move.
    case: "" (the answer holds whatever the controls say), "*" (every control but a stepper's step) or
    the names of the data-controls that set it (text.CASE_CONTROLS)."""
    out = {}
    for w in widgets:
        if w not in PREDICT[lang]:
            continue
        q, a = (t.format(**answers[w]) for t in PREDICT[lang][w])
        case = CASE[lang].get(w)
        out[w] = {"q": q, "a": (case.format(**answers[w]) + a) if case else a, "case": CASE_CONTROLS.get(w, "*") if case else ""}
        if w in LIVE[lang]:  # the answer, then the same comparison at the sliders' values (page.js fills it)
            out[w]["live"] = out[w]["a"] + LIVE[lang][w]
    return out | {k: PREDICT[lang][k] for k in ("reveal", "hide")}


def build_pages(topic: str, lang: str = "en", theme: str = "light", quality: Quality | None = None,
                out_root: Path = Path("out"), render: bool = True, voice=None) -> list[PageResult]:
    """`render.py page TOPIC|all --lang L|all`: every topic's pages; returns one result per topic.
    `voice`: the scenes' narration (a VoiceSource), or None for silent videos."""
    langs = LANGS if lang == "all" else (lang,)
    return [build_topic(t, langs, theme, quality, out_root, render, voice) for t in resolve_topics(topic)]
