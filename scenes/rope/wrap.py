"""rope_rotation, after q has moved to its first stop: why several frequencies.

θᵢ = base^(−2i/d) is written with the record's base and d. Then m runs on by one lap of plane 0,
the whole positions nearest 2π/θ₀ (engine.rope per frame): plane 0's piece comes back near where it was
(a line marks where it stood; the cue names how far off), its length unchanged, while the slowest plane
turns only a few tens of degrees. One fast plane alone nearly repeats; the slower planes tell far
positions apart. m then goes back to its stop."""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, Arc, Create, FadeIn, FadeOut, Indicate, Line, VGroup, Write, linear, smooth

from engine.rope import rope_rotate
from scenes.parts.emphasis import read_with
from look import fmt_num

SAFE_RIGHT = 6.35
FORMULA_AT = (4.15, -1.8)  # the formula's centre: right of d and base, where the (m, n) table comes in next


SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")


def tex_number(text: str) -> str:
    """A number as the captions print it ("3.16×10⁻⁴", "10,000") in TeX: 3.16\\times10^{-4}, 10{,}000."""
    text = text.replace("−", "-").replace(",", "{,}")
    if "×10" in text:
        mant, power = text.split("×10")
        return rf"{mant}\times 10^{{{power.translate(SUPERSCRIPT)}}}"
    return text


def wrap_span(data) -> float:
    """Positions plane 0 takes to go once round: 2π/θ₀ (0 with one plane: no wrap-around to show)."""
    return float(2 * np.pi / data.thetas[0]) if data.d_model >= 4 else 0.0


def lap_steps(data) -> int:
    """Whole positions m runs on in the lap: the nearest to 2π/θ₀ (positions are integers)."""
    return max(1, int(round(wrap_span(data)))) if wrap_span(data) else 0


def lap_miss_deg(data) -> float:
    """How far plane 0's piece stands from where it was after lap_steps positions, in degrees (signed)."""
    return float(np.degrees((lap_steps(data) * data.thetas[0] + np.pi) % (2 * np.pi) - np.pi))


def lap_fraction(x: float) -> str:
    """A share of a lap as a cue says it: 2 decimals (0.10), one significant digit when smaller (0.0003)."""
    return fmt_num(x, 2) if x >= 0.01 else np.format_float_positional(x, precision=1, fractional=False, trim="-")


class WrapStage:
    """Mixed into RopeRotation (a LectureScene): plane 0 laps while the slowest plane barely moves."""

    def far_m(self) -> float:
        """m at the end of plane 0's lap: the m, n and turn readouts keep room for it."""
        return float(self.data.keyframes[1][0]) + lap_steps(self.data)

    def turn_arcs(self, m_from: int, m_to: int) -> VGroup:
        """In each plane, an arc along q's tip from where it stood at m_from to where it stands at m_to (the
        shorter way round: plane 0's arc is how far its lap falls short)."""
        d = self.data
        before = rope_rotate(d.q, m_from, d.base).reshape(-1, 2)  # (planes, 2)
        after = rope_rotate(d.q, m_to, d.base).reshape(-1, 2)
        arcs = VGroup()
        for i, p in enumerate(self.planes):
            a0, a1 = np.arctan2(after[i, 1], after[i, 0]), np.arctan2(before[i, 1], before[i, 0])
            sweep = (a1 - a0 + np.pi) % (2 * np.pi) - np.pi
            arcs.add(Arc(radius=self.vec_scale * float(np.hypot(*after[i])), arc_center=p["centre"], start_angle=a0,
                         angle=sweep if abs(sweep) > 1e-6 else 1e-6, stroke_color=self.pal.ink, stroke_width=4))
        return arcs

    def wrap_around(self, m_t, n_t, m: int, n: int) -> None:
        """m and n stand at (m, n); m runs on by one lap of plane 0 and comes back."""
        from scenes.rope.planes import radian_text

        pal, d = self.pal, self.data
        last = self.n_planes - 1
        span = wrap_span(d)
        t0, t1 = radian_text(d.thetas[0]), radian_text(d.thetas[last])
        base = tex_number(self.base_text())
        law = self.tex(r"\theta_i", "=", r"\mathrm{base}^{-2i/d}", "=", rf"{base}^{{-2i/{d.d_model}}}",
                       size=44, color=pal.ink)
        values = self.tex(rf"\theta_0 = {tex_number(t0)}", r",\quad", rf"\theta_{{{last}}} = {tex_number(t1)}",
                          r"\ \mathrm{rad}", size=44, color=pal.ink)
        formula = VGroup(law, values).arrange(DOWN, buff=0.25, aligned_edge=LEFT)
        left = max(FORMULA_AT[0] - 2.2, self.setup_note.get_right()[0] + 0.25)  # clear of d and base
        if formula.width > SAFE_RIGHT - left:  # a long base or a tiny θ: kept between d, base and the safe area's edge
            formula.scale_to_fit_width(SAFE_RIGHT - left)
        formula.move_to([*FORMULA_AT, 0]).align_to([left, 0, 0], LEFT)
        # where each plane's q stands at this stop, a thin line: the lap brings plane 0's piece back onto it
        qr = rope_rotate(d.q, m, d.base).reshape(-1, 2)  # (planes, 2)
        marks = VGroup(*(Line(p["centre"], p["centre"] + self.vec_scale * np.array([*qr[i], 0.0]),
                              stroke_color=pal.accent, stroke_width=3, stroke_opacity=0.6)
                         for i, p in enumerate(self.planes)))  # ends at the tip: never across the q label
        said0, said1 = (np.format_float_positional(v, precision=3, fractional=False, trim="-")
                        for v in (d.thetas[0], d.thetas[last]))  # the caption font has no superscripts
        self.caption(self.s("wrap_speed", t0=said0, t1=said1, last=last), with_=[Write(formula), FadeIn(marks)],
                     run_time=1.6)
        read_with(self, law[2], values)
        self.caption(self.s("wrap_run"))
        steps = lap_steps(d)
        self.play(m_t.animate.set_value(float(m + steps)), run_time=max(5.0, self.cue_left()), rate_func=linear)
        lap, miss = fmt_num(span, 2), lap_miss_deg(d)
        arcs = self.turn_arcs(m, m + steps)  # from where q stood to where it stands: plane 0's miss, plane 1's turn
        len_said = fmt_num(d.q_norms[0], 4)
        self.caption(self.s("wrap_lap", t0=said0, lap=lap, steps=steps, m_end=m + steps, off=fmt_num(abs(miss), 1),
                            len=len_said),
                     with_=[Indicate(self.planes[0]["q"], color=pal.accent), Create(arcs[0])], run_time=0.8,
                     shown={"lap": span, "lap_miss_deg": abs(miss)})
        while self._queue and len_said not in self._queue[0][0]:  # the miss in degrees: its arc pulses
            self.until_next_cue()
            self.play(Indicate(arcs[0], color=pal.ink, scale_factor=1.1), run_time=1.0)
        if self._queue:  # the length has a cue of its own
            self.until_next_cue()
        if self.q_len:  # |q| pulses as the cue names it
            self.play(Indicate(self.q_len[0], color=pal.accent, scale_factor=1.3), run_time=1.0)
        read_with(self, self.q_len[0] if self.q_len else self.planes[0]["q"])
        slow = float(np.degrees(steps * d.thetas[last]))  # the slowest plane's turn over the same positions
        self.caption(self.s("wrap_slow", last=last, frac=lap_fraction(slow / 360)),
                     shown={"slow_lap_deg": slow},
                     with_=[Create(arcs[last]), Indicate(self.q_turn[last])],
                     run_time=1.0)
        read_with(self, arcs[last], self.planes[last]["q"])
        self.caption(self.s("wrap_why", lap=lap))
        read_with(self, self.planes[0]["q"], self.planes[last]["q"])
        self.caption(self.s("wrap_back", m=m))
        self.play(m_t.animate.set_value(float(m)), n_t.animate.set_value(float(n)), FadeOut(formula), FadeOut(marks), FadeOut(arcs),
                  run_time=3.0, rate_func=smooth)
        read_with(self, self.m_num)
