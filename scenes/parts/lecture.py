"""The base of every lecture scene: look, captions, sections and the per-frame record.

A scene receives its engine record (`self.data`) and a Look (theme + language). While Manim renders,
every frame written to the video also appends `self.shown` (what the scene's updaters last put on
screen) to `self.frame_rows`, so NAME.frames.csv is what was displayed, not a recomputation
(design.md §2). `section()` starts a Manim section and logs its start time and caption.
"""
from __future__ import annotations

import math
import re
import textwrap

from manim import DOWN, FadeIn, FadeOut, MathTex, Scene, Text, VGroup, VMobject, config

from scenes.parts.camera import BatchingCamera
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut

from look import Look

CAPTION_WIDTH_CHARS = {"en": 92, "zh-Hant": 38, "zh-Hans": 38}
CAPTION_MAX_WIDTH = 13.2  # scene units; the frame is 14.2 wide
CAPTION_CENTER_Y = -3.5  # two caption lines fit between -3.95 and -3.05
CAPTION_TOP = -2.95
NO_BREAK_BEFORE = set("，。、；：？！）」』,.;:?!)%")
LATIN_RUN = re.compile(r"[A-Za-z0-9_.,^+\-\u2212/()\[\]'=×·]+|.", re.S)


def wrap(text: str, lang: str, width: int | None = None) -> str:
    """Break a caption into balanced lines: by words in English, by characters in Chinese."""
    width = width or CAPTION_WIDTH_CHARS[lang]
    n_lines = max(1, math.ceil(len(text) / width))
    target = math.ceil(len(text) / n_lines)  # as even as the text allows: no orphan last line
    if lang == "en":  # "2 × 4" stays on one line (textwrap breaks only at ASCII spaces)
        text = text.replace(" \u00d7 ", "\u00a0\u00d7\u00a0")
        return "\n".join(textwrap.wrap(text, max(target + 8, 1)))
    lines, line = [], ""
    for token in LATIN_RUN.findall(text):  # Latin words and numbers are never split
        if len(line) >= target and token[0] not in NO_BREAK_BEFORE and line:
            lines.append(line)
            line = ""
        line += token
    lines.append(line)
    return "\n".join(lines)


class LectureScene(Scene):
    """Subclasses implement construct() with self.data, self.look, self.txt, self.section."""

    caption_size = 24
    strings: dict = {}  # the scene module's STRINGS: {lang: {key: text}}

    def __init__(self, data, look: Look, **kwargs):
        self.data = data
        self.look = look
        self.pal = look.palette
        self.shown: dict = {}
        self.frame_rows: list[dict] = []
        self.sections_log: list[dict] = []
        self.captions_log: list[dict] = []
        self._caption = None
        self._captions: set[int] = set()  # ids of caption mobjects (the band below the content)
        kwargs.setdefault("camera_class", BatchingCamera)
        super().__init__(**kwargs)

    # -- set-up ---------------------------------------------------------------------------
    def setup(self):
        self.camera.background_color = self.pal.background
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
        """Seconds of video written so far."""
        return len(self.frame_rows) / config.frame_rate

    # -- per-frame work ---------------------------------------------------------------------
    def play(self, *animations, **kwargs):
        """Manim's play, with plain fades run in place (see `in_place`)."""
        super().play(*(in_place(a) for a in animations), **kwargs)

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
        """Text in the language's font (Noto Sans CJK TC/SC), built once, never per frame."""
        return Text(s, font=self.look.font, font_size=size, color=color or self.pal.ink, **kwargs)

    def tex(self, *s: str, size: float = 36, color: str | None = None) -> MathTex:
        return MathTex(*s, font_size=size, color=color or self.pal.ink)

    # -- sections and captions --------------------------------------------------------------
    def section(self, name: str, caption: str | None = None, *, fade: float = 0.4):
        """Start the section `name` (a stable id) and show its caption at the bottom."""
        self.next_section(name)
        self.shown["section"] = name
        self.sections_log.append({"name": name, "start_s": round(self.now, 6)})
        if caption is not None:
            self.caption(caption, fade=fade)

    def caption(self, text: str, *, fade: float = 0.4):
        """Replace the caption line at the bottom of the frame."""
        new = self.txt(wrap(text, self.look.lang), size=self.caption_size, line_spacing=0.8)
        if new.width > CAPTION_MAX_WIDTH:
            new.scale_to_fit_width(CAPTION_MAX_WIDTH)
        new.move_to([0, CAPTION_CENTER_Y, 0])
        self._captions.add(id(new))
        self._close_caption()
        self.captions_log.append({"start_s": round(self.now, 6), "text": text})
        anims = [QuickFadeIn(new)]  # in place: a long caption is not deep-copied
        if self._caption is not None:
            anims.append(QuickFadeOut(self._caption))
        self.play(*anims, run_time=fade)
        if self._caption is not None:
            self._captions.discard(id(self._caption))
        self._caption = new

    def _close_caption(self):
        if self.captions_log and "end_s" not in self.captions_log[-1]:
            self.captions_log[-1]["end_s"] = round(self.now, 6)

    def tear_down(self):
        self._close_caption()
        super().tear_down()

    @staticmethod
    def content_bottom() -> float:
        """Lowest y that content may use: below it is the caption band."""
        return CAPTION_TOP


def in_place(animation):
    """A FadeIn/FadeOut of a VMobject, plain or with `shift` (no scale, target or lag), as the
    in-place QuickFade.

    Both interpolate every alpha from 0 to its value (or back) and move along the same straight
    path, so the frames are the same; Manim's version deep-copies the mobject twice and
    interpolates each part's points and colours every frame. Anything else is returned unchanged.
    """
    if type(animation) not in (FadeIn, FadeOut) or not isinstance(animation.mobject, VMobject):
        return animation
    if animation.point_target or animation.scale_factor != 1 or animation.lag_ratio:
        return animation
    quick = QuickFadeIn if type(animation) is FadeIn else QuickFadeOut
    return quick(animation.mobject, shift=animation.shift_vector, run_time=animation.run_time,
                 rate_func=animation.rate_func)


def _run_updaters(mob, dt: float) -> None:
    if mob.updating_suspended:
        return
    if mob.updaters:
        mob.update(dt, recursive=False)
    for sub in mob.submobjects:
        if sub.submobjects or sub.updaters:
            _run_updaters(sub, dt)


def stack(*mobs, buff=0.2) -> VGroup:
    return VGroup(*mobs).arrange(DOWN, buff=buff)
