"""The base of every lecture scene: look, title, captions, sections and the per-frame record.

A scene receives its engine record (`self.data`) and a Look (theme + language). While Manim renders,
every frame written to the video also appends `self.shown` (what the scene's updaters last put on
screen) to `self.frame_rows`, so NAME.frames.csv is what was displayed, not a recomputation
(docs/design.md §2). `section()` starts a Manim section and logs its start time and caption.

Captions (scenes.parts.cues) are shown one cue at a time (a sentence or clause, at most two lines)
in a band inside the title-safe area that no content enters (y from CAPTION_BOTTOM to
CAPTION_TOP; content stays above CONTENT_BOTTOM). Each cue stays on screen for its reading time:
a wait() is cut where the next cue is due, and the next section (or the end of the scene) waits for
what the caption still needs, then the last frame is held FINAL_HOLD seconds. With captions="file" or
"none" nothing is drawn in the band (the cues go to NAME.srt/.vtt, or nowhere) and the camera centres
the content in the frame instead.

Each cue has a stable id, "SECTION-NN" (its section's id and its place in the section, from 01), the name of
its recording. With a narration (`voice`: an object whose need(cue_id, text) gives the seconds a cue's
recording and pause take, or None) a cue lasts as long as its voice instead of its reading time: waits stretch
to it, and a cue whose animations take longer than its voice lasts as long as they do (studio.voice).

What a section leaves on screen is declared: `persist()` for the whole scene (the title),
`section(..., keep=[...])` for what an earlier section drew and this one still uses, and
`label_on(text, shape)` for a label drawn on its own shape. studio.gates.scenes checks against it.
"""
from __future__ import annotations

from manim import MathTex, Scene, Text, config

from manim.animation.animation import prepare_animation

from scenes.parts.camera import BatchingCamera
from scenes.parts.cues import READ_CPS_CJK, cues, italic_letters, reading_time
from scenes.parts.italics import even_italic_gaps
from scenes.parts.handover import handover_renderer
from scenes.parts.titles import SAFE, TITLE_SIZE, TitleSwap
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut, in_place
from scenes.parts.textcache import math_tex, text

from look import CAPTION_MODES, Look

CAPTION_BOTTOM = -3.54  # the band: two caption lines between these heights (safe area ends at -3.6)
CAPTION_TOP = -2.62
CONTENT_BOTTOM = -2.55  # content stays above this (the caption band's top and a margin)
CAPTION_MAX_WIDTH = 12.4  # scene units; the safe area is 12.8 wide
TITLE_TOP = 3.55  # the title's top edge, inside the safe area (3.6)
FINAL_HOLD = 1.5  # seconds the last frame is held after the last caption was read


class LectureScene(TitleSwap, Scene):
    """Subclasses implement construct() with self.data, self.look, self.txt, self.section."""

    caption_size = 26
    strings: dict = {}  # the scene module's STRINGS: {lang: {key: text}}
    min_cue_hold = 0.0  # seconds: a scene may hold every cue at least this long (beyond its reading time)
    zh_every_char = False  # a scene dense with numbers: in Chinese, digits, signs and formulas read at 7 a second too
    math_letters = None  # a compiled pattern: the captions' maths letters, slanted as the picture's TeX sets them

    def __init__(self, data, look: Look, captions: str = "burn", handover: bool = True, voice=None, **kwargs):
        if captions not in CAPTION_MODES:
            raise ValueError(f"captions must be one of {CAPTION_MODES}, not {captions!r}")
        self.data = data
        self.look = look
        self.pal = look.palette
        self.captions_mode = captions
        self.shown: dict = {}
        self.frame_rows: list[dict] = []
        self.sections_log: list[dict] = []
        self.captions_log: list[dict] = []  # one entry per caption (a section's text)
        self.cues_log: list[dict] = []  # one entry per cue, as shown: NAME.srt / NAME.vtt
        self.voice = voice  # a narration timing the cues (studio.voice), or None: reading times
        self._cue_counts: dict[str, int] = {}  # cues shown so far, by section id (a repeated id counts on)
        self.observer = None  # studio.gates.scenes sets one to look at every state
        self.title_mob = None  # the title (add_title): a screen with only it and a caption is empty
        self.title_words = None  # its words, numbers filled in (the narration script's heading)
        self._caption = None  # the cue on screen (burn mode)
        self._captions: set[int] = set()  # ids of caption mobjects (the band below the content)
        self._queue: list[tuple[str, object, str]] = []  # cues still to show: (text, mobject or None, id)
        self._cue_start = 0.0
        self._cue_need = 0.0
        self.persistent: list = []
        self.kept: list = []  # what the current section declared it keeps from earlier sections
        # what was on screen when the current section started, by id; the values keep those objects
        # alive, so a new object cannot take the id of one removed during the section
        self.carried: dict[int, object] = {}
        self.own_shapes: dict[int, set[int]] = {}  # id(text) -> ids of the shapes it is drawn on
        self.section_name = ""
        kwargs.setdefault("camera_class", BatchingCamera)
        if handover:  # frames reach the encoder without a copy (parts/handover.py)
            kwargs.setdefault("renderer", handover_renderer(kwargs["camera_class"],
                                                            kwargs.get("skip_animations", False)))
        super().__init__(**kwargs)

    # -- set-up ---------------------------------------------------------------------------
    def setup(self):
        self.camera.background_color = self.pal.background
        if self.captions_mode != "burn":  # the band is given back: centre the content instead
            self.camera.frame_center = [0.0, (CONTENT_BOTTOM + TITLE_TOP) / 2, 0.0]
        write = self.renderer.add_frame

        def add_frame(frame, num_frames=1):
            if not self.renderer.skip_animations:
                row = dict(self.shown)
                for _ in range(num_frames):
                    self.frame_rows.append(row)
            write(frame, num_frames)

        self.renderer.add_frame = add_frame

    @property
    def now(self) -> float:
        """Seconds of video written so far (of video timeline, when frames are not drawn)."""
        if self.renderer.skip_animations:
            return self.renderer.time
        return len(self.frame_rows) / config.frame_rate

    # -- per-frame work ---------------------------------------------------------------------
    def play(self, *animations, **kwargs):
        """Manim's play, with plain fades run in place (see `in_place`)."""
        self._next_cue_if_due()
        if self.observer is not None:
            self.observer.teaching.before_play(self, animations)
        super().play(*(in_place(a) for a in animations), **kwargs)
        if self.observer is not None:
            self.observer.after_play(self)

    def wait(self, duration: float = 1.0, stop_condition=None, frozen_frame=None):
        """Manim's wait, cut where the next caption cue is due, so each cue is read in time."""
        step = 1 / config.frame_rate
        while self._queue and stop_condition is None:
            due = self._cue_start + self._cue_need - self.now
            if due >= duration - step / 2:
                break
            if due >= step / 2:
                super().wait(due, frozen_frame=frozen_frame)
                duration -= due
            self._next_cue_if_due(force=True)
        if duration >= step / 2:
            super().wait(duration, stop_condition=stop_condition, frozen_frame=frozen_frame)

    def update_mobjects(self, dt: float) -> None:
        """Manim's update walk without a method call per glyph: run updaters wherever they are."""
        for mob in self.mobjects:
            _run_updaters(mob, dt)

    def get_moving_mobjects(self, *animations):
        """Manim redraws every mobject after the first moving one; captions never overlap the
        content, so the content and the caption band are judged separately: a caption stays in the
        static layer while the content moves, and a caption fade does not redraw the content."""
        captions = [m for m in self.mobjects if id(m) in self._captions]
        if not captions:
            return super().get_moving_mobjects(*animations)
        everything = self.mobjects
        try:
            self.mobjects = [m for m in everything if id(m) not in self._captions]
            content = super().get_moving_mobjects(*animations)
            self.mobjects = captions
            return content + super().get_moving_mobjects(*animations)
        finally:
            self.mobjects = everything

    # -- text -----------------------------------------------------------------------------
    def s(self, key: str, **fmt) -> str:
        """The scene's string `key` in the render's language, formatted with `fmt`."""
        return self.look.t(self.strings, key, **fmt)

    def txt(self, s: str, size: float = 28, color: str | None = None, **kwargs) -> Text:
        """Text in the language's font (Noto Sans CJK TC/SC, its "·" as Look.faces says), built once."""
        kwargs.setdefault("t2f", self.look.faces(s))
        return text(s, font=self.look.font, font_size=size, color=color or self.pal.ink, **kwargs)

    def tex(self, *s: str, size: float = 36, color: str | None = None) -> MathTex:
        return math_tex(*s, font_size=size, color=color or self.pal.ink)

    def add_title(self, text: str | None = None, *, align: str = "center") -> Text:
        """The scene's title at the top of the safe area, one size for every scene; stays on screen."""
        self.title_words = self.s("title") if text is None else text  # as drawn: its numbers filled in
        title = self.txt(self.title_words, size=TITLE_SIZE, weight="BOLD")
        limit = SAFE * config.frame_width - 0.2
        if title.width > limit:
            title.scale_to_fit_width(limit)
        title.move_to([0, TITLE_TOP - title.height / 2, 0])
        if align == "left":
            title.set_x(-SAFE * config.frame_width / 2 + 0.1 + title.width / 2)
        self.add(title)
        self.persist(title)
        self.title_mob = title
        return title

    # -- what stays on screen -----------------------------------------------------------------
    def persist(self, *mobs) -> None:
        """Mobjects that stay for the whole scene (the title, a lasting axis)."""
        self.persistent.extend(mobs)

    def keep(self, *mobs) -> None:
        """Mobjects an earlier section drew that the current section still uses."""
        self.kept.extend(mobs)

    def label_on(self, text, *shapes) -> None:
        """Declare `text` drawn on its own shape(s): the gate does not count that as an overlap."""
        ids = self.own_shapes.setdefault(id(text), set())
        for shape in shapes:
            ids.update(id(m) for m in shape.get_family())

    # -- sections and captions --------------------------------------------------------------
    def section(self, name: str, caption: str | None = None, *, keep=(), fade: float = 0.4):
        """Start the section `name` (a stable id) and show its caption at the bottom.

        `keep`: what earlier sections drew that this one still uses (everything else they left on
        screen is a leftover)."""
        self._flush_cues()
        if self.observer is not None and self.sections_log:
            self.observer.section_end(self)
        self.next_section(name)
        self.section_name = name
        self.shown["section"] = name
        self.sections_log.append({"name": name, "start_s": round(self.now, 6)})
        self.kept = list(keep)
        self.carried = {id(m): m for top in self.mobjects for m in top.get_family()
                        if id(m) not in self._captions}
        if caption is not None:
            self.caption(caption, fade=fade)

    def caption(self, text: str, *, fade: float = 0.4, with_=(), run_time: float = 0.8, shown=None):
        """Show a caption in the band: its cues one after another, each for its reading time.

        `with_`: animations that reveal what the first cue states; they start as the new cue comes in, run
        `run_time` s, and `shown` goes into the per-frame record as they start, so a cue never states a value before its animation begins."""
        self._flush_cues()
        parts = cues(text, self.look.lang)
        burn = self.captions_mode == "burn"
        mobs = [self._cue_mobject(c) if burn else None for c in parts]
        ids = [self._next_cue_id() for _ in parts]
        self._close_caption()
        self.captions_log.append({"start_s": round(self.now, 6), "text": text})
        first, self._queue = (parts[0], mobs[0], ids[0]), list(zip(parts[1:], mobs[1:], ids[1:]))
        old = self._caption
        self._start_cue(*first, add=False)
        if burn:
            # the old caption stays up until the new one replaces it in one frame: the band never
            # blinks empty between two cues, and two texts never overlap mid-fade
            self._captions.add(id(first[1]))
            if old is not None:
                self.remove(old)
                self._captions.discard(id(old))
                self.add(first[1])
            self.shown.update(shown or {})
            anims = [] if old is not None else [QuickFadeIn(first[1], run_time=fade)]  # in place: not copied
            if with_:  # the reveal starts with the cue (beside a first cue's fade-in)
                anims += timed(with_, run_time)
            if anims:
                self.play(*anims)
        elif with_ or shown:
            self.shown.update(shown or {})
            if with_:
                self.play(*with_, run_time=run_time)

    def clear_caption(self, run_time: float = 0.3) -> None:
        """The caption on screen, read to its end, leaves the band: the next layout is built before its
        caption comes in, and no cue stays up over a picture that has left."""
        self.read_caption()
        old, self._caption = self._caption, None
        self._close_cue()
        self._close_caption()
        if old is not None:
            self.play(QuickFadeOut(old), run_time=run_time)
            self.remove(old)
            self._captions.discard(id(old))

    def read_caption(self) -> None:
        """Wait until the caption on screen has been read: call before clearing the content at the end
        of a section, so the last cue is not read over an empty frame."""
        self._flush_cues()

    def until_next_cue(self, last: bool = False) -> None:
        """Wait until the caption's next cue (`last`: its last cue) is shown, so the animation that
        follows starts with it; nothing when the last one is on screen."""
        while self._queue:
            left = self._cue_start + self._cue_need - self.now
            if left > 0:  # an overdue cue: no wait (a wait of 0 would show the next cue, and this skip it)
                self.wait(left)
            self._next_cue_if_due(force=True)
            if not last:
                break

    def to_cue(self, k: int) -> None:
        """Wait until cue k (its index in cues_log) is on screen; a cue whose time is up comes with the next frame."""
        while len(self.cues_log) - 1 < k and self.caption_left() > self.cue_left() + 1e-9:  # one is queued
            if self.cue_left() > 1e-9:
                self.until_next_cue()
            else:
                self.wait(1 / config.frame_rate)

    def cue_left(self) -> float:
        """Seconds until the cue on screen has been read (0 with no caption)."""
        return max(0.0, self._cue_start + self._cue_need - self.now) if self.cues_log else 0.0

    def caption_left(self) -> float:
        """Seconds until every cue of the caption on screen has been read."""
        if not self.cues_log:
            return 0.0
        return max(0.0, self._cue_start + self._cue_need - self.now + sum(self._need(*q) for q in self._queue))

    def _next_cue_id(self) -> str:
        section = self.section_name or "opening"  # a caption before the first section
        self._cue_counts[section] = self._cue_counts.get(section, 0) + 1
        return f"{section}-{self._cue_counts[section]:02d}"

    def _need(self, text: str, _mob, cue_id: str) -> float:
        """Seconds the cue must stay: its voice (recording and pause) when narrated, else its reading time."""
        voiced = self.voice.need(cue_id, text) if self.voice is not None else None
        need = reading_time(text) if voiced is None else voiced
        if voiced is None and self.zh_every_char and self.look.lang != "en":  # every character at 7 a second
            need = max(need, len("".join(text.split())) / READ_CPS_CJK + 0.15)  # a frame to spare
        return max(self.min_cue_hold, need)

    def cue_style(self, cue: str) -> dict:
        """Extra Text settings for one cue: its maths letters (math_letters) in italic."""
        return italic_letters(cue, self.math_letters) if self.math_letters is not None else {}

    def _cue_mobject(self, cue: str) -> Text:
        mob = self.txt(cue, size=self.caption_size, line_spacing=0.8, **self.cue_style(cue))
        if mob.width > CAPTION_MAX_WIDTH:
            mob.scale_to_fit_width(CAPTION_MAX_WIDTH)
        if mob.height > CAPTION_TOP - CAPTION_BOTTOM:
            mob.scale_to_fit_height(CAPTION_TOP - CAPTION_BOTTOM)
        mob.move_to([0, (CAPTION_TOP + CAPTION_BOTTOM) / 2, 0])
        return mob if self.math_letters is None else even_italic_gaps(mob, cue, self.math_letters, self.look.font)

    def _start_cue(self, text: str, mob, cue_id: str, *, add: bool = True) -> None:
        self._close_cue()
        self.cues_log.append({"id": cue_id, "start_s": round(self.now, 6), "text": text,
                              "section": self.section_name})
        self._cue_start, self._cue_need = self.now, self._need(text, mob, cue_id)
        if mob is not None and add:
            if self._caption is not None:
                self.remove(self._caption)
                self._captions.discard(id(self._caption))
            self._captions.add(id(mob))
            self.add(mob)
        if mob is not None:
            self._caption = mob

    def _next_cue_if_due(self, force: bool = False) -> None:
        if self._queue and (force or self.now >= self._cue_start + self._cue_need - 1e-9):
            self._start_cue(*self._queue.pop(0))

    def _flush_cues(self) -> None:
        """Wait until every cue of the current caption has been on screen for its reading time."""
        if not self.cues_log:
            return
        half = 0.5 / config.frame_rate
        while True:
            self._next_cue_if_due()  # an overdue cue is shown now, and its time counts from now
            rest = self._cue_start + self._cue_need - self.now + sum(self._need(*q) for q in self._queue)
            if rest <= half:
                if not self._queue:
                    return
                self._next_cue_if_due(force=True)
                continue
            self.wait(rest)

    def _close_cue(self):
        if self.cues_log and "end_s" not in self.cues_log[-1]:
            self.cues_log[-1]["end_s"] = round(self.now, 6)

    def _close_caption(self):
        if self.captions_log and "end_s" not in self.captions_log[-1]:
            self.captions_log[-1]["end_s"] = round(self.now, 6)

    def tear_down(self):
        """The last caption is read to its end, then the final frame is held."""
        self._flush_cues()
        if self.sections_log:
            self.wait(FINAL_HOLD)
        self._close_cue()
        self._close_caption()
        if self.observer is not None:
            self.observer.section_end(self)
        super().tear_down()


def timed(animations, run_time: float) -> list:
    """The animations (or `.animate` builders) made to last `run_time` s each, as play(run_time=...) does."""
    out = [prepare_animation(a) for a in animations]
    for a in out:
        a.run_time = run_time
    return out


def _run_updaters(mob, dt: float) -> None:
    if mob.updating_suspended:
        return
    if mob.updaters:
        mob.update(dt, recursive=False)
    for sub in mob.submobjects:
        if sub.submobjects or sub.updaters:
            _run_updaters(sub, dt)
