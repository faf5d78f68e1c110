"""attention_heatmap, the one plane of token vectors (seed 003, "Tokens → vectors", "The last position supplies
our context vector", "Optional: edit the query, key and value matrices"): drawn once by the first head's sum
(scenes.attention.context) and kept on screen to the end. Between steps it is re-scaled in place, never
rebuilt: parked small beside head 1's table, then out to full size on the stage that table leaves for the second
head's q and k, down to an inset beside the second head's table, and back home
(the very arrows and axes of the first head's sum) for the second head's weighted sum.

`plane_to(origin, scale, lo, hi)` gives the animations that carry the axes and the value arrows to another
origin and scale (the names and axis numbers step out: their size does not scale; a parked plane gets one name
over it instead, "value vectors v_j"); `plane_home_anims()` brings
them back exactly where the first head drew them, names and numbers included. Mixed into
scenes.attention_heatmap.AttentionHeatmap.
"""
from __future__ import annotations

import numpy as np
from manim import Arrow, Line, Transform, VGroup

from scenes.attention.placing import box_of, word_indexed
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut

DIM = 0.2  # a value arrow while the plane shows something else on it (the second head's q and k): faint, out of the way


class AttentionPlane:
    """Needs from the scene: pal, and what context() records: plane_axes (two Lines), plane_ticks (axis numbers
    and dimension names), plane_values (one (vector, arrow, label) per distinct value vector)."""

    def value_names_seen(self, shown) -> None:
        """Note, for each value arrow's name in `shown`, its box, its own arrow's tip and every value arrow's tip
        (value_names: what a name is read against, checked by tests/test_attention_value_names.py)."""
        tips = [tuple(drawn.get_end()[:2]) for _, drawn, _ in self.plane_values]
        names = getattr(self, "value_names", [])
        names += [(box_of(lab), tuple(drawn.get_end()[:2]), tuple(drawn.get_start()[:2]), tips)
                  for _, drawn, lab in self.plane_values if any(lab is m for m in shown)]
        self.value_names = names

    def plane_keep(self) -> None:
        """Record the plane as the first head's sum leaves it: its home copies, to come back to."""
        self.plane = VGroup(self.plane_axes, self.plane_ticks, *(VGroup(a, lab) for _, a, lab in self.plane_values))
        self.plane_home = [m.copy() for m in (*self.plane_axes, *(a for _, a, _ in self.plane_values))]
        self.plane_away = False
        self.plane_map = (self.plot_origin, self.plot_scale)
        self.plane_heading = None  # the parked plane's name, while it is parked

    def head_name(self, k: int, rest: str = "", *, size: float, color) -> VGroup:
        """Head k's output named h with k set low (h₁, h₂; then `rest`), the h `size` points: drawn from the language's
        face, which has no subscript digits; `rest` at the size of a label in words. VGroup(h, digit[, rest])."""
        return word_indexed("h", str(k), rest, font_size=size / 1.35, paren=False, font=self.look.font, color=color)

    def plane_at(self, origin, scale):
        """The map from a 2-D point to the frame for this origin and scale."""
        return lambda p: np.asarray(origin, float) + scale * np.array([p[0], p[1], 0.0])

    def plane_to(self, origin, scale, lo, hi, dim: bool = False, heading=None) -> list:
        """The axes (from lo to hi, 2-D) and every value arrow carried to `origin`, `scale`: one Transform each.
        The names and the axis numbers fade as the plane leaves home (text keeps its size); `heading`, one
        name for the whole parked plane ("value vectors v_j"), comes in over it and stays with it."""
        at = self.plane_at(origin, scale)
        pal = self.pal
        anims = [Transform(self.plane_axes[0], Line(at((lo[0], 0)), at((hi[0], 0)), stroke_color=pal.muted,
                                                    stroke_width=2, stroke_opacity=0.45)),
                 Transform(self.plane_axes[1], Line(at((0, lo[1])), at((0, hi[1])), stroke_color=pal.muted,
                                                    stroke_width=2, stroke_opacity=0.45))]
        for v, drawn, _ in self.plane_values:
            length = float(np.linalg.norm(v)) * scale
            target = Arrow(at((0, 0)), at(v), buff=0, stroke_width=4, color=pal.ink,
                           max_tip_length_to_length_ratio=max(0.12, min(0.5, 0.14 / max(length, 1e-9))),
                           max_stroke_width_to_length_ratio=40)
            if dim:
                target.set_stroke(opacity=DIM).set_fill(opacity=DIM)
            anims.append(Transform(drawn, target))
        if not self.plane_away:
            anims += [QuickFadeOut(self.plane_ticks), *(QuickFadeOut(lab) for _, _, lab in self.plane_values)]
        if self.plane_heading is not None:
            anims.append(QuickFadeOut(self.plane_heading))
            self.plane.remove(self.plane_heading)
        if heading is not None:
            anims.append(QuickFadeIn(heading))
            self.plane.add(heading)  # kept with the plane from step to step
        self.plane_heading = heading
        self.plane_away = True
        self.plane_map = (np.asarray(origin, float), float(scale))
        return anims

    def plane_heading_off(self) -> list:
        """The parked plane's name (if any) fades and its value arrows dim: the plane now holds something else."""
        dim = [drawn.animate.set_stroke(opacity=DIM).set_fill(opacity=DIM) for _, drawn, _ in self.plane_values]
        if self.plane_heading is None:
            return dim
        heading, self.plane_heading = self.plane_heading, None
        self.plane.remove(heading)
        return [QuickFadeOut(heading), *dim]

    def plane_hide(self) -> list:
        """The whole plane fades out (it is not used until a later step brings it home)."""
        shown = VGroup(*self.plane_axes, *(a for _, a, _ in self.plane_values))
        if not self.plane_away:
            shown.add(self.plane_ticks, *(lab for _, _, lab in self.plane_values))
        if self.plane_heading is not None:
            shown.add(self.plane_heading)
            self.plane.remove(self.plane_heading)
            self.plane_heading = None
        self.plane_hidden = True
        self.plane_away = True
        return [QuickFadeOut(shown)]

    def plane_home_anims(self, names: bool = True) -> list:
        """Axes and value arrows back where the first head drew them, the axis numbers with them, and the
        arrows' names unless `names` is False (another list names them: they stay off)."""
        movers = (*self.plane_axes, *(a for _, a, _ in self.plane_values))
        if getattr(self, "plane_hidden", False):  # hidden: back in its place at once, then faded in
            for m, home in zip(movers, self.plane_home):
                m.become(home.copy())
            anims = [QuickFadeIn(m) for m in movers]
            self.plane_hidden = False
        else:
            anims = [Transform(m, home.copy()) for m, home in zip(movers, self.plane_home)]
        if self.plane_away:
            anims += [QuickFadeIn(self.plane_ticks), *(QuickFadeIn(lab) for _, _, lab in self.plane_values if names)]
        if self.plane_heading is not None:  # home: the axis numbers and the key name it again
            anims.append(QuickFadeOut(self.plane_heading))
            self.plane.remove(self.plane_heading)
            self.plane_heading = None
        self.plane_away = False
        self.plane_map = (self.plot_origin, self.plot_scale)
        return anims
