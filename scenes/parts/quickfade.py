"""Fades that change opacity in place instead of copying the mobject.

Manim's FadeIn/FadeOut are Transforms: each one deep-copies its mobject twice (start and target),
which for a matrix of 4-decimal Text entries costs far more than drawing the frames (measured on
prenorm_block: ~1,000 copies, half the render time). QuickFadeIn/QuickFadeOut scale the stored
fill, stroke and background-stroke alphas of every VMobject in the family and restore them at the
end, so a faded-out mobject can be added again unchanged. No shift/scale options: use FadeIn for those.
"""
from __future__ import annotations

import numpy as np
from manim import Animation, Mobject, VMobject


class _QuickFade(Animation):
    fade_in = True

    def __init__(self, mobject: Mobject, **kwargs):
        kwargs.setdefault("introducer", self.fade_in)
        kwargs.setdefault("remover", not self.fade_in)
        super().__init__(mobject, **kwargs)
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

    def interpolate_mobject(self, alpha: float) -> None:
        a = self.rate_func(alpha)
        self._set(a if self.fade_in else 1.0 - a)

    def clean_up_from_scene(self, scene) -> None:
        super().clean_up_from_scene(scene)
        self._set(1.0)  # back to the stored opacities (a removed mobject can be shown again)


class QuickFadeIn(_QuickFade):
    fade_in = True


class QuickFadeOut(_QuickFade):
    fade_in = False
