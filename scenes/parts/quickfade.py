"""Fades that change opacity (and position) in place instead of copying the mobject.

Manim's FadeIn/FadeOut are Transforms: each one deep-copies its mobject twice (start and target)
and interpolates every part's points and colours every frame, which for a matrix of 4-decimal Text
entries costs far more than drawing the frames (measured on prenorm_block: ~1,000 copies, half the
render time). QuickFadeIn/QuickFadeOut scale the stored fill, stroke and background-stroke alphas
of every VMobject in the family, and with `shift` move the mobject by the same straight path as
Manim's fade (FadeIn comes from −shift, FadeOut goes to +shift); at the end the alphas and the
position are restored, so a faded-out mobject can be added again unchanged.
"""
from __future__ import annotations

import numpy as np
from manim import Animation, FadeIn, FadeOut, Group, Mobject, VMobject


class _QuickFade(Animation):
    fade_in = True

    def __init__(self, mobject: Mobject, shift=None, **kwargs):
        kwargs.setdefault("introducer", self.fade_in)
        kwargs.setdefault("remover", not self.fade_in)
        super().__init__(mobject, **kwargs)
        self.shift_vector = np.zeros(3) if shift is None else np.asarray(shift, dtype=float)  # (3,)
        self._offset = np.zeros(3)  # (3,) how far the mobject now sits from its own place
        self._alphas = []

    def create_starting_mobject(self) -> Mobject:
        return Mobject()  # nothing to copy: opacities are scaled in place

    def begin(self) -> None:
        self._alphas = []
        for m in self.mobject.get_family():
            if isinstance(m, VMobject):
                self._alphas.append((m, *(np.array(a[:, 3]) if len(a) else None
                                           for a in (m.fill_rgbas, m.stroke_rgbas, m.background_stroke_rgbas))))
        super().begin()

    def _set(self, t: float) -> None:
        for m, fill, stroke, back in self._alphas:
            for arr, base in ((m.fill_rgbas, fill), (m.stroke_rgbas, stroke), (m.background_stroke_rgbas, back)):
                if base is not None and len(arr) == len(base):
                    arr[:, 3] = base * t

    def _move_to_offset(self, offset: np.ndarray) -> None:
        delta = offset - self._offset
        if delta.any():
            self.mobject.shift(delta)
        self._offset = offset

    def interpolate_mobject(self, alpha: float) -> None:
        a = self.rate_func(alpha)
        self._set(a if self.fade_in else 1.0 - a)
        if self.shift_vector.any():
            self._move_to_offset(-(1.0 - a) * self.shift_vector if self.fade_in else a * self.shift_vector)

    def clean_up_from_scene(self, scene) -> None:
        super().clean_up_from_scene(scene)
        self._set(1.0)  # back to the stored opacities (a removed mobject can be shown again)
        self._move_to_offset(np.zeros(3))


class QuickFadeIn(_QuickFade):
    fade_in = True


class QuickFadeOut(_QuickFade):
    fade_in = False


def on_screen(scene, mobject: Mobject) -> Mobject:
    """The parts of `mobject` the scene shows now, as one group (the largest such parts): fading out a group some
    of whose parts left earlier would bring those back for the length of the fade."""
    present = {id(m) for m in scene.get_mobject_family_members()}
    shown = []

    def walk(m: Mobject) -> None:
        if id(m) in present:
            shown.append(m)
        else:
            for sub in m.submobjects:
                walk(sub)

    walk(mobject)
    return Group(*shown)


def fade_swap(scene, pairs, *with_in, out: float = 0.25, run_in: float = 0.35) -> None:
    """Replace each old mobject by its new one without morphing glyphs into glyphs: the olds fade out,
    take the news' shapes and styles, and fade in where the news are (with `with_in` played alongside).
    The old mobjects keep their identity, so later steps that hold them see the new values."""
    olds = [old for old, _ in pairs]
    scene.play(*(QuickFadeOut(old) for old in olds), run_time=out)
    for old, new in pairs:
        old.become(new)
    scene.play(*(QuickFadeIn(old) for old in olds), *with_in, run_time=run_in)


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
