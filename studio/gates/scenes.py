"""The layout and readability gate for scenes: run the scene, look at what is on screen.

The scene's construct() runs with Manim's animations skipped (each play() jumps to its end state,
no frame is drawn or encoded) at a tiny resolution. After every play() and wait() (the sampled
moments) and at every section's end, the gate walks the mobjects on screen and reports:

  outside   a text or formula whose box leaves the title-safe area (90 % of the frame);
  band      content (anything but the caption) inside the caption band (burned captions only);
  overlap   two texts/formulas whose boxes overlap, or a stroke drawn across a text that the
            scene did not declare as the text's own shape (LectureScene.label_on);
  leftover  at a section's end, something an earlier section drew that this section neither
            declared it keeps (section(keep=...)) nor the scene declared persistent (persist());
  pace      a caption cue shown for less than its reading time (scenes.parts.cues: 15 characters
            a second for Latin text, 8 for Chinese, at least 1.5 s), or timed outside its section;
  source    on-screen text that names a source ("seed 000", "lesson 03b3", "the page", "the book",
            種子/种子, 頁面/页面, 書中/书中 ...) instead of an idea;
  number    a number in a text on screen (at every sampled moment, section ends included) that the
            outputs do not export at its displayed rounding (the record as numbers.json renders it,
            or the frame's `shown`).

Teaching rules (sync, size, stillness, cues, pace) on the same states: studio.gates.teaching.
`scene_findings(entry, look)` checks one entry; `check_scenes(names, langs, themes)` checks many.
"""
from __future__ import annotations

import re

import numpy as np

from studio.gates.findings import Finding
from studio.gates.screen import (Exported, Screen, alpha, curves_inside, is_exported, label_of, numbers_in,
                                 samples_of, visible_points)
from studio.gates.teaching import Teaching

SOURCE_WORDS = re.compile(
    r"\bseeds?\b|\blesson\s*\d|\bthe (?:page|book|seed)\b|\bseed\s*\d|"
    r"種子|种子|頁面|页面|書中|书中|書上|书上|這本書|这本书|本書|本书|課本|课本|第\s*\d+\s*[課课]", re.I)
EDGE = 0.01  # scene units: boxes that only touch are not an overlap


def stroked(mob) -> bool:
    """Whether the shape draws a visible stroke (what the overlap check samples)."""
    return bool(len(mob.stroke_rgbas) and mob.get_stroke_width() > 0 and mob.stroke_rgbas[:, 3].max() > 0)


def _manim():
    import manim  # noqa: F401  (imported late: listing the catalogue stays light)
    from manim import MarkupText, SingleStringMathTex, Text, VMobject

    from scenes.parts.glyphs import GlyphNumber
    return (Text, MarkupText, SingleStringMathTex, GlyphNumber), VMobject


# -- the observer -----------------------------------------------------------------------------
class Observer:
    def __init__(self, name: str, look, exported: Exported, text_types, vm_type, safe_box):
        self.name, self.look, self.exported = name, look, exported
        self.text_types, self.vm_type, self.safe = text_types, vm_type, safe_box
        self.findings: dict[tuple, Finding] = {}
        self.teaching = Teaching(name, look, numbers_in)

    def add(self, scene, rule: str, key, message: str, boxes=()):
        k = (rule, key)
        if k not in self.findings:
            where = f"{scene.now:.2f} s (section {scene.section_name or '-'})"
            self.findings[k] = Finding(self.name, self.look.lang, self.look.theme, where, rule, message,
                                       tuple(tuple(round(float(v), 3) for v in b) for b in boxes))

    def after_play(self, scene):
        self.teaching.sample(scene, screen := Screen(scene, self.text_types, self.vm_type), after_play=True)
        self.check_state(scene, screen)
        self.check_numbers(scene, screen)

    def section_end(self, scene):
        screen = Screen(scene, self.text_types, self.vm_type)
        self.teaching.sample(scene, screen)
        self.check_state(scene, screen)
        self.check_leftovers(scene)
        self.check_numbers(scene, screen)

    def check_state(self, scene, screen: Screen):
        from scenes.parts.lecture import CAPTION_TOP

        x0, y0, x1, y1 = self.safe
        for t in screen.texts:
            b = t["box"]
            if b[0] < x0 - EDGE or b[1] < y0 - EDGE or b[2] > x1 + EDGE or b[3] > y1 + EDGE:
                self.add(scene, "outside", t["string"], f"{label_of(t['mob'], None)} leaves the title-safe area",
                         (b, self.safe))
            if not t["caption"] and scene.captions_mode == "burn" and b[1] < CAPTION_TOP - EDGE:
                self.add(scene, "band", t["string"], f"{label_of(t['mob'], None)} enters the caption band", (b,))
            if SOURCE_WORDS.search(t["string"]):
                self.add(scene, "source", t["string"], f"{label_of(t['mob'], None)} names a source, not an idea",
                         (b,))
        if scene.captions_mode == "burn":
            for s in screen.shapes:
                if not s["caption"]:
                    pts = visible_points(s["mob"], self.vm_type)
                    if len(pts) and pts[:, 1].min() < CAPTION_TOP - EDGE:
                        box = (*pts[:, :2].min(axis=0), *pts[:, :2].max(axis=0))
                        self.add(scene, "band", id(s["top"]), f"a {type(s['top']).__name__} enters the caption band",
                                 (box,))
        self.check_overlaps(scene, screen)

    def check_overlaps(self, scene, screen: Screen):
        b = screen.boxes
        if len(b) > 1:
            lo = np.maximum(b[:, None, :2], b[None, :, :2])  # (n, n, 2)
            hi = np.minimum(b[:, None, 2:], b[None, :, 2:])
            hit = np.all(hi - lo > 2 * EDGE, axis=2) & np.triu(np.ones((len(b), len(b)), bool), 1)
            for i, j in zip(*np.nonzero(hit)):
                a, c = screen.texts[i], screen.texts[j]
                self.add(scene, "overlap", (a["string"], c["string"]),
                         f"{label_of(a['mob'], None)} and {label_of(c['mob'], None)} overlap", (a["box"], c["box"]))
        if not len(b):
            return
        inner = b + np.array([EDGE, EDGE, -EDGE, -EDGE]) * 2
        shapes = [s for s in screen.shapes if stroked(s["mob"])]
        p, counts = samples_of([s["mob"] for s in shapes])  # (k, 9, 2) every stroked shape's curves in turn
        if not len(p):
            return
        inside = curves_inside(p, inner)  # (k, texts)
        ends = np.cumsum(counts)  # shape s's curves are p[ends[s] - counts[s]:ends[s]]
        has = counts > 0
        crossed = np.zeros((len(shapes), len(b)), bool)  # (shapes, texts): a sample of the shape in the text
        crossed[has] = np.logical_or.reduceat(inside, (ends - counts)[has], axis=0)
        for k in np.nonzero(crossed.any(axis=1))[0]:
            s, mob = shapes[k], shapes[k]["mob"]
            own = p[ends[k] - counts[k]:ends[k]].reshape(-1, 2)  # (9 counts[k], 2) this shape's samples
            for j in np.nonzero(crossed[k])[0]:
                t = screen.texts[j]
                if t["caption"] or s["caption"]:
                    continue  # content in the band is the "band" finding
                if id(mob) in scene.own_shapes.get(id(t["mob"]), ()) or id(mob) in t["ids"]:
                    continue
                box = (*own.min(axis=0), *own.max(axis=0))
                self.add(scene, "overlap", (id(mob), t["string"]),
                         f"a {type(mob).__name__} is drawn across {label_of(t['mob'], None)}", (t["box"], box))

    def check_leftovers(self, scene):
        declared = {id(m) for mob in (*scene.persistent, *scene.kept) for m in mob.get_family()}

        def uncovered(mob) -> list:
            if id(mob) in declared or id(mob) not in scene.carried:
                return []
            if not mob.submobjects or isinstance(mob, self.text_types):
                return [mob] if (not isinstance(mob, self.vm_type) or not len(mob.points) or alpha(mob) > 0) else []
            parts = [uncovered(s) for s in mob.submobjects]
            if all(len(p) == 1 and p[0] is s for p, s in zip(parts, mob.submobjects)):
                return [mob]
            return [m for p in parts for m in p]

        for top in scene.mobjects:
            if id(top) in scene._captions:
                continue
            for mob in uncovered(top):
                pts = visible_points(mob, self.vm_type)
                if not len(pts):
                    continue
                box = (*pts[:, :2].min(axis=0), *pts[:, :2].max(axis=0))
                self.add(scene, "leftover", (scene.section_name, id(mob)),
                         f"{label_of(mob, None)} from an earlier section is still on screen and not declared kept",
                         (box,))

    def check_numbers(self, scene, screen: Screen):
        values, ints = self.exported.with_shown(scene.shown)
        for t in screen.texts:
            for readings in numbers_in(t["string"]):
                x, half = readings[0]
                is_int = half >= 0.5
                if t["tex"] and is_int:
                    continue  # integers in a formula are its structure (x², 2i/d), not data
                if not any(is_exported(v, h, h >= 0.5, values, ints, self.exported.max_dim) for v, h in readings):
                    self.add(scene, "number", (t["string"], x),
                             f"{_fmt(x, half)} in {label_of(t['mob'], None)} is not in the exported numbers",
                             (t["box"],))


def _fmt(x: float, half: float) -> str:
    digits = max(0, round(-np.log10(2 * half)))
    return f"{x:.{digits}f}" if half >= 1e-6 else f"{x:.3g}"


def pace_findings(scene, name: str, look) -> list[Finding]:
    """Cues shorter than their reading time, and cues that run past their section."""
    from manim import config

    from scenes.parts.cues import reading_time

    step = 1 / config.frame_rate
    starts = [s["start_s"] for s in scene.sections_log] + [float("inf")]
    out = []
    for cue in scene.cues_log:
        shown = cue["end_s"] - cue["start_s"]
        need = reading_time(cue["text"])
        where = f"{cue['start_s']:.2f} s (section {cue.get('section', '-')})"
        text = " ".join(cue["text"].split())
        if shown < need - step - 1e-6:
            out.append(Finding(name, look.lang, look.theme, where, "pace",
                               f"caption {text[:50]!r} shown {shown:.2f} s, needs {need:.2f} s "
                               f"({len(text)} characters)"))
        k = max(i for i, s in enumerate(starts) if s <= cue["start_s"] + 1e-9) if scene.sections_log else 0
        if scene.sections_log and cue["end_s"] > starts[k + 1] + 1e-6:
            out.append(Finding(name, look.lang, look.theme, where, "pace",
                               f"caption {text[:50]!r} runs past the end of its section"))
    return out


# -- running a scene ---------------------------------------------------------------------------
class GatePlay:
    """The gate watching one play of a scene: `start(scene)` before scene.render() and
    `finish(scene)` after it, both inside the play's Manim config; then `findings`. The gate's own
    play (run_gate) draws no frames; a render's play (render_and_gate) is watched as it renders, so
    one play gives the video and its findings."""

    def __init__(self, look, *, name: str, decimals: dict | None = None, teaching: bool = True):
        self.look, self.name, self.decimals, self.teaching = look, name, decimals or {}, teaching
        self.observer = None
        self.findings: list[Finding] = []

    def start(self, scene) -> None:
        import manim

        from scenes.parts.lecture import SAFE

        text_types, vm_type = _manim()
        fw, fh = manim.config.frame_width, manim.config.frame_height
        cx, cy = float(scene.camera.frame_center[0]), float(scene.camera.frame_center[1])
        safe = (cx - SAFE * fw / 2, cy - SAFE * fh / 2, cx + SAFE * fw / 2, cy + SAFE * fh / 2)
        self.observer = Observer(self.name, self.look, Exported(scene.data, self.decimals), text_types,
                                 vm_type, safe)
        scene.observer = self.observer

    def finish(self, scene) -> None:
        # inside the play's config: cues were timed at its frame rate
        pace = pace_findings(scene, self.name, self.look)
        taught = self.observer.teaching.finish(scene) if self.teaching else []  # studio.gates.teaching
        self.findings = list(self.observer.findings.values()) + pace + taught


def run_gate(scene_class, record, look, *, name: str, decimals: dict | None = None,
             captions: str = "burn", teaching: bool = True) -> list[Finding]:
    """Run `scene_class` on `record` without drawing frames: what the gate (and its teaching rules) finds."""
    from studio.build.dryplay import play_dry

    gate = GatePlay(look, name=name, decimals=decimals, teaching=teaching)
    play_dry(scene_class, record, look, captions=captions, watch=gate)
    return gate.findings


def render_and_gate(request):
    """Render a scene request (studio.build.render.render_entry) with the gate watching its play:
    (the Result, the gate's findings). A render answered from the cache plays nothing: findings None."""
    from studio.build.render import render_entry

    module = request.entry.load()
    gate = GatePlay(request.look, name=request.entry.folder, decimals=getattr(module, "DECIMALS", {}))
    result = render_entry(request, watch=gate)
    return result, (None if result.cached else gate.findings)


def scene_findings(entry, look, captions: str = "burn") -> list[Finding]:
    """The gate's findings for one scene entry (with its parameters, if any) in one look; the record
    is computed once per entry and parameters. Findings name the output folder (NAME@key=value,...)."""
    from studio.gates.records import record_of

    module = entry.load()
    return run_gate(module.SCENE, record_of(entry), look, name=entry.folder,
                    decimals=getattr(module, "DECIMALS", {}), captions=captions)


def check_scenes(names=None, langs=None, themes=("light",)) -> tuple[list[Finding], int]:
    """Every scene in `names` (all when None) in every language and theme: (findings, checked).

    For `render.py gate`: print studio.gates.findings.format_findings(findings, checked), exit 1 if any."""
    from look import LANGS, Look
    from studio import catalogue

    entries = [e for e in (catalogue.ENTRIES if names is None else catalogue.resolve(names))
               if e.kind == "scene"]
    findings, checked = [], 0
    for entry in entries:
        for lang in langs or LANGS:
            for theme in themes:
                findings += scene_findings(entry, Look(theme, lang))
                checked += 1
    return findings, checked
