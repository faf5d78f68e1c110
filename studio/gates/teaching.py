"""The teaching gate: what makes a lecture video readable and true to its picture (docs/design.md §5
"Readable"), checked on the same played-without-drawing run as the layout gate (studio.gates.scenes).

The scene gate's Observer hands every state it samples (after each play() and at each section's end)
to a `Teaching` observer, and tells it when a play() starts; at the end of the run `finish()` returns
the findings of five rules:

  sync       every number a caption cue states with decimals ("0.3565", "1152.000") that the scene
             also draws at some moment must be on screen by the middle of the cue, and at the latest
             SYNC_LAG seconds after the cue appears (a long cue's middle alone let a value come 2.3 s
             after the words that state it), and stay there
             while the cue is up (until TOLERANCE before it leaves): a caption never runs ahead of the
             picture, and a value changed on screen is never contradicted by the cue still up.
             Counts and indices (numbers without decimals) are structure, not claims, except against a
             readout (a text holding one number that changes during the run, such as a seat counter):
             a readout that passes through a number the cue states (arrives at it after the cue appears,
             then moves on to a number the cue does not state, all while the cue is up) must already be
             there, or at another number the cue states ("from 0 to 31"), TOLERANCE after the cue
             appears: "again from seat 11" is never read over a counter still at 5.6 on its way there.
             A cue naming where the motion ends ("move it to m = 4") is in step with it.
             A value the cue gives a name the picture draws is a claim too: "q = 10" said while the
             scene's `drawn_names()` has q must match what is drawn from TOLERANCE after the cue comes
             until TOLERANCE before it leaves (a slider still on 11 while "let q = 10" is up is caught).
  size       no drawn text whose em is below 3 % of the frame height, captions at least 4.5 %. The em
             is the font's em square at the size the text is drawn (scaling included): for Pango text
             the measured height of a capital H divided by the font's own cap height (OS/2
             sCapHeight / unitsPerEm, read with fontTools), times the text's current font size; for
             LaTeX the same with Computer Modern's cap height (0.683 em), and in a scene that sets
             `measure_scripts` a formula with sub- or superscripts is measured by its scripts (their em
             as drawn: a subscript H's height over the H beside it, 0.7); for a GlyphNumber its digit
             height over the cap height. At 26 points (the captions) the em is 4.5 % of the frame.
  stillness  no stretch over STILL_MAX seconds inside a section in which no content moves (a caption
             changing is not motion); the last frame held at most FINAL_MAX seconds after the last
             motion; never an empty screen (only the title and the caption) for more than EMPTY_MAX.
  cues       every cue at least a clause (two words in English, three Chinese characters; never only
             a number or a symbol); no line or cue break inside a formula, a bracket or a word (Chinese
             words by the jieba segmenter plus the project's terms), nor inside a phrase kept whole
             (scenes.parts.cues.PHRASES: "dot product", "兩種順序", "只看"); every caption glyph in the
             caption font (its cmap); no ASCII maths ("X_in", "10000^(", "->", "<=").
  pace       every cue shown at least its reading time at 13 characters a second (Latin) and 7
             (Chinese), at least 1.5 s.
"""
from __future__ import annotations

import re
import subprocess
from functools import lru_cache

from studio.gates.findings import Finding
from studio.gates.teaching_sync import SYNC_LAG, SYNC_MIN_HALF, TOLERANCE, SyncRules, stated_names  # noqa: F401  (read by tests)

TEXT_MIN = 0.03  # em / frame height
CAPTION_MIN = 0.045
STILL_MAX = 6.0  # seconds
FINAL_MAX = 4.0
EMPTY_MAX = 1.0
CPS_LATIN, CPS_CJK, MIN_HOLD = 13.0, 7.0, 1.5
TEX_CAP = 0.683  # Computer Modern's capital height in em (cmr10: 683/1000)

CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]")
IDEOGRAPH = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
ASCII_MATHS = re.compile(r"[A-Za-z0-9)\]]_[A-Za-z0-9({]|\^|->|<=|>=|!=|\*\*|\bsqrt\(|\bexp\(")
OPERATORS = "=+\u2212\u00d7\u00b7/<>\u2248\u2264\u2265\u2192^_"
OPENERS, CLOSERS = "([", ")]"



def reading_time(text: str) -> float:
    """Seconds a cue needs at this gate's speeds (13 Latin, 7 Chinese characters a second)."""
    text = text.replace("\n", " ")
    cjk = len(CJK.findall(text))
    return max(MIN_HOLD, cjk / CPS_CJK + (len(text) - cjk) / CPS_LATIN)


# -- measuring text -----------------------------------------------------------------------------
@lru_cache(maxsize=None)
def _font_file(family: str) -> tuple[str, int]:
    out = subprocess.run(["fc-match", "-f", "%{file}\n%{index}", family], capture_output=True, text=True,
                         check=True).stdout.split("\n")
    return out[0], int(out[1] or 0)


@lru_cache(maxsize=None)
def _font_tables(family: str) -> tuple[float, frozenset]:
    """(cap height / em, the characters the font has a glyph for)."""
    from fontTools.ttLib import TTFont

    path, index = _font_file(family)
    font = TTFont(path, fontNumber=index, lazy=True)
    cap = getattr(font["OS/2"], "sCapHeight", 0) or 0.7 * font["head"].unitsPerEm
    return cap / font["head"].unitsPerEm, frozenset(font.getBestCmap())


@lru_cache(maxsize=None)
def _em_per_point(kind: str, family: str) -> float:
    """Scene units of one em per point of font size: measured on a capital H as drawn."""
    from manim import MathTex, Text

    if kind == "tex":
        return MathTex("H", font_size=48).height / TEX_CAP / 48
    return Text("H", font=family, font_size=48).height / _font_tables(family)[0] / 48


@lru_cache(maxsize=None)
def _script_ratio() -> float:
    """A sub- or superscript's em over its formula's: a subscript H's drawn height over the H beside it
    (0.7 in Computer Modern: 7 pt scripts in a 10 pt formula)."""
    from manim import MathTex

    main, script = MathTex("H_H", font_size=48)[0]
    return script.height / main.height


def em_height(mob, family: str, scripts: bool = False) -> float | None:
    """The em of a drawn text in scene units (None for an object that is not text); with `scripts`, a
    formula's sub- and superscripts' em when it has any."""
    if hasattr(mob, "digit_height") and hasattr(mob, "box"):  # scenes.parts.glyphs.GlyphNumber
        return mob.box.height / _font_tables(family)[0]
    if getattr(mob, "initial_height", 0) in (0, None) or mob.height <= 0:
        return None
    if hasattr(mob, "tex_string") and not hasattr(mob, "original_text"):
        em = float(mob.font_size) * _em_per_point("tex", "")
        return em * _script_ratio() if scripts and re.search(r"[_^]", mob.tex_string or "") else em
    return float(mob.font_size) * _em_per_point("text", getattr(mob, "font", "") or family)


# -- words ---------------------------------------------------------------------------------------
def word_spans(text: str, lang: str) -> list[tuple[int, int]]:
    """[start, end) spans of `text` a break may not fall inside: Latin words and numbers in every
    language, Chinese words of two or more characters (jieba plus scenes.parts.cues.TERMS)."""
    from scenes.parts.cues import TERMS

    spans = [m.span() for m in re.finditer(r"[A-Za-z0-9\u0370-\u03ff\u2070-\u209f.,′'²³¹]+", text)]
    if lang != "en":
        import jieba

        jieba.setLogLevel(60)
        for term in TERMS:
            jieba.add_word(term)
        pos = 0
        for word in jieba.cut(text, HMM=False):
            if len(word) > 1 and all(IDEOGRAPH.match(c) for c in word):
                spans.append((pos, pos + len(word)))
            pos += len(word)
    return spans


# -- the observer -------------------------------------------------------------------------------
class Teaching(SyncRules):
    """What the teaching rules need from a gate run: plays, sampled screens, and the scene's logs."""

    def __init__(self, name: str, look, numbers_in):
        """`numbers_in(text)`: each number in a text as its readings [(value, half a unit), ...]
        (studio.gates.scenes reads numbers the same way for its "number" rule)."""
        self.name, self.look, self.numbers_in = name, look, numbers_in
        self.motion: list[tuple[float, float]] = []  # content plays: (start, end)
        self.samples: list[tuple[float, list, bool]] = []  # (time, numbers on screen, content present)
        self.held: list[tuple[float, dict]] = []  # (time, {id of a text holding one number: (value, half)})
        self.findings: dict[tuple, Finding] = {}
        self._play_start = None
        self._sized: set[int] = set()
        self.named: list[tuple[float, dict]] = []  # (time, the scene's drawn_names() then)

    def add(self, where: str, rule: str, key, message: str, boxes=()):
        if (rule, key) not in self.findings:
            self.findings[(rule, key)] = Finding(self.name, self.look.lang, self.look.theme, where, rule,
                                                 message, tuple(tuple(round(float(v), 3) for v in b)
                                                                for b in boxes))

    @staticmethod
    def _where(t: float, section: str) -> str:
        return f"{t:.2f} s (section {section or '-'})"

    def before_play(self, scene, animations) -> None:
        """A play() starts: it is motion when any animated object is not a caption."""
        from manim import Wait

        self._play_start = None
        for anim in animations:
            if isinstance(anim, Wait):
                continue  # wait(): nothing moves
            mob = getattr(anim, "mobject", None)
            if mob is None or not any(id(m) in scene._captions for m in mob.get_family()):
                self._play_start = scene.now
                return

    def sample(self, scene, screen, after_play: bool = False) -> None:
        if after_play and self._play_start is not None:
            self.motion.append((self._play_start, scene.now))
        self._play_start = None
        title = {id(m) for m in getattr(scene, "title_mob", None).get_family()} if getattr(
            scene, "title_mob", None) is not None else set()
        numbers, content, held = [], False, {}
        for t in screen.texts:
            if t["caption"]:
                self._check_size(scene, t, CAPTION_MIN)
                continue
            if id(t["mob"]) not in title:
                content = True
                self._check_size(scene, t, TEXT_MIN)
                found = self.numbers_in(t["string"])
                numbers += [r[0] for r in found if r[0][1] < SYNC_MIN_HALF]
                if len(found) == 1:
                    held[id(t["mob"])] = found[0][0]
        self.held.append((scene.now, held))
        content = content or any(not s["caption"] and id(s["mob"]) not in title for s in screen.shapes)
        self.samples.append((scene.now, numbers, content))
        names = getattr(scene, "drawn_names", None)
        self.named.append((scene.now, dict(names()) if names is not None else {}))

    def _check_size(self, scene, t, minimum: float) -> None:
        from manim import config

        mob = t["mob"]
        key = (id(mob), round(mob.height, 4))
        if key in self._sized:
            return
        self._sized.add(key)
        em = em_height(mob, self.look.font, scripts=getattr(scene, "measure_scripts", False))
        if em is not None and em / config.frame_height < minimum - 1e-6:
            label = " ".join(t["string"].split())[:40]
            self.add(self._where(scene.now, scene.section_name), "size", (t["string"], t["caption"]),
                     f"{'caption ' if t['caption'] else ''}{label!r} is drawn at an em of "
                     f"{100 * em / config.frame_height:.1f} % of the frame height (needs {100 * minimum:.1f} %)",
                     (t["box"],))

    # -- the rules, at the end of the run -------------------------------------------------------
    def finish(self, scene) -> list[Finding]:
        end = scene.now
        self._sync(scene)
        self._readouts(scene)
        self._stillness(scene, end)
        self._cues(scene)
        self._pace(scene)
        return list(self.findings.values())

    def _stillness(self, scene, end: float) -> None:
        starts = [s["start_s"] for s in scene.sections_log]
        bounds = list(zip(starts, starts[1:] + [end], [s["name"] for s in scene.sections_log]))
        for k, (s0, s1, name) in enumerate(bounds):
            last = k == len(bounds) - 1
            t = s0
            for m0, m1 in sorted(self.motion):
                if m1 <= s0 or m0 >= s1:
                    continue
                if m0 - t > STILL_MAX + 1e-6:
                    self.add(self._where(t, name), "stillness", ("still", t),
                             f"nothing moves for {m0 - t:.1f} s ({t:.2f}-{m0:.2f} s; at most {STILL_MAX:.0f} s)")
                t = max(t, m1)
            limit = FINAL_MAX if last else STILL_MAX
            if s1 - t > limit + 1e-6:
                what = "the last frame is held" if last else "nothing moves for"
                self.add(self._where(t, name), "stillness", ("still", t),
                         f"{what} {s1 - t:.1f} s ({t:.2f}-{s1:.2f} s; at most {limit:.0f} s)")
        empty_since = None
        events = sorted([(t, "sample", content) for t, _, content in self.samples]
                        + [(m0, "motion", True) for m0, _ in self.motion], key=lambda e: (e[0], e[1] == "motion"))
        for t, kind, content in events + [(end, "end", True)]:
            if empty_since is not None and (kind != "sample" or content):
                if t - empty_since > EMPTY_MAX + 1e-6:
                    self.add(self._where(empty_since, ""), "stillness", ("empty", empty_since),
                             f"the screen is empty but for title and caption for {t - empty_since:.1f} s "
                             f"({empty_since:.2f}-{t:.2f} s)")
                empty_since = None
            if kind == "sample" and not content and empty_since is None:
                empty_since = t

    def _cues(self, scene) -> None:
        from scenes.parts.cues import phrase_spans, whole_spans

        lang = self.look.lang
        _, glyphs = _font_tables(self.look.font)
        for cue in scene.cues_log:
            text, where = cue["text"], self._where(cue["start_s"], cue.get("section", ""))
            flat = " ".join(text.split())
            if (len(re.findall(r"[A-Za-z]{2,}", text)) if lang == "en" else len(IDEOGRAPH.findall(text))) < (
                    2 if lang == "en" else 3):
                self.add(where, "cues", ("fragment", flat), f"cue {flat!r} is not a clause")
            missing = sorted({c for c in text if not c.isspace() and ord(c) not in glyphs})
            if missing:
                self.add(where, "cues", ("glyph", flat), f"cue {flat[:40]!r}: {''.join(missing)!r} not in the "
                         f"caption font {self.look.font}")
            if ASCII_MATHS.search(text):
                self.add(where, "cues", ("ascii", flat), f"cue {flat[:50]!r} writes maths in ASCII "
                         f"({ASCII_MATHS.search(text).group()!r})")
        for cap in scene.captions_log:
            c0, c1 = cap["start_s"], cap.get("end_s", scene.now)
            pieces = [(line, i) for i, cue in enumerate(scene.cues_log) if c0 - 1e-9 <= cue["start_s"] < c1 - 1e-9
                      for line in cue["text"].split("\n") if line.strip()]
            flat = re.sub(r"\s+", "", cap["text"])
            if "".join(re.sub(r"\s+", "", p) for p, _ in pieces) != flat:
                continue  # the cues are not this caption's text (nothing to align)
            index = [i for i, c in enumerate(cap["text"]) if not c.isspace()]  # flat position -> text position
            guarded = whole_spans(cap["text"]) + word_spans(cap["text"], lang)
            phrases = phrase_spans(cap["text"], lang)  # kept whole even at a space ("dot product")
            pos = depth = 0
            for (a, _), (b, _) in zip(pieces, pieces[1:]):
                pos += len(re.sub(r"\s+", "", a))
                depth += sum(a.count(o) for o in OPENERS) - sum(a.count(c) for c in CLOSERS)
                cut = index[pos]  # the text position of the first character after the break
                spaced = cap["text"][index[pos - 1] + 1:cut] != ""
                inside = (any(s < cut < e for s, e in guarded) and not (lang == "en" and spaced)) or any(
                    s < cut < e for s, e in phrases)
                a_end, b_start = a.rstrip()[-1:], b.lstrip()[:1]
                operator = (a_end in OPERATORS or a_end in OPENERS or b_start in CLOSERS
                            or (b_start in OPERATORS and not re.match(r"\u2212\d", b.lstrip())))
                if inside or operator or depth > 0:
                    self.add(self._where(c0, ""), "cues", ("break", a, b),
                             f"a break inside a {'word' if inside and not operator and not depth else 'formula'}: "
                             f"{a.strip()[-20:]!r} | {b.strip()[:20]!r}")

    def _pace(self, scene) -> None:
        from manim import config

        step = 1 / config.frame_rate
        for cue in scene.cues_log:
            shown = cue.get("end_s", scene.now) - cue["start_s"]
            need = reading_time(cue["text"])
            if shown < need - step - 1e-6:
                flat = " ".join(cue["text"].split())
                self.add(self._where(cue["start_s"], cue.get("section", "")), "pace", ("teach", cue["start_s"]),
                         f"caption {flat[:50]!r} shown {shown:.2f} s, needs {need:.2f} s at "
                         f"{CPS_LATIN:.0f}/{CPS_CJK:.0f} characters a second")
