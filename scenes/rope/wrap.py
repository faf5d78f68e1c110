"""rope_rotation, after q has moved to its first stop: why several frequencies.

θᵢ = base^(−2i/d) is written with the record's base and d. Then m runs on by one lap of plane 0,
the whole positions nearest 2π/θ₀ (engine.rope per frame): plane 0's piece comes back near where it was
(a line marks where it stood; the cue names how far off), its length unchanged, while the slowest plane
turns only a few tens of degrees. One fast plane alone nearly repeats; the slower planes tell far
positions apart. m then goes back to its stop."""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, Arc, Create, Dot, FadeIn, FadeOut, Indicate, Line, SurroundingRectangle, VGroup, Write

from engine.rope import rope_rotate
from scenes.parts.emphasis import read_with
from scenes.parts.geometry import arc_points, unit
from scenes.rope.arcs import NEAR, arc_label, radian_text, whole_steps
from look import fmt_num

SAFE_RIGHT = 6.35
FORMULA_AT = (4.15, -1.8)  # the formula's centre: right of d and base, where the (m, n) table comes in next
FORMULA_BOTTOM = -2.3  # its last line just above the caption band
FORMULA_SIZE = 44  # capitals and digits at 3.7 % of the frame height or more


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
        pal, d = self.pal, self.data
        last = self.n_planes - 1
        span = wrap_span(d)
        t0, t1 = radian_text(d.thetas[0]), radian_text(d.thetas[last])
        base = tex_number(self.base_text())
        law = self.tex(r"\theta_i", "=", r"\mathrm{base}^{-2i/d}", "=", rf"{base}^{{-2i/{d.d_model}}}",
                       size=FORMULA_SIZE, color=pal.ink)
        values = VGroup(self.tex(rf"\theta_0 = {tex_number(t0)}\ \mathrm{{rad}}", size=FORMULA_SIZE, color=pal.ink),
                        self.tex(rf"\theta_{{{last}}} = {tex_number(t1)}\ \mathrm{{rad}}", size=FORMULA_SIZE, color=pal.ink)
                        ).arrange(DOWN, buff=0.2, aligned_edge=LEFT)  # one speed a line: the formula keeps its size
        formula = VGroup(law, values)
        if self.short_note and len(self.setup_note) == 3:  # the models' usual base gives its room to the formula with this base
            usual = self.setup_note[2]
            self.setup_note.remove(usual)
            self.play(FadeOut(usual), run_time=0.3)
        left = max(FORMULA_AT[0] - 2.2, self.setup_note.get_right()[0] + 0.25)  # clear of d and base
        # the law on the bottom line, from under d and base (when they stand in the score panel) to the safe edge;
        # the two speeds above it, right of d and base: every line keeps its size unless a long base needs the room
        law_left = self.setup_note.get_left()[0] if self.short_note else left
        if law.width > SAFE_RIGHT - law_left:
            law.scale_to_fit_width(SAFE_RIGHT - law_left)
        if values.width > SAFE_RIGHT - left:
            values.scale_to_fit_width(SAFE_RIGHT - left)
        law.move_to([law_left + law.width / 2, FORMULA_BOTTOM + law.height / 2, 0])
        values.move_to([left + values.width / 2, law.get_top()[1] + 0.2 + values.height / 2, 0])
        # where each plane's q stands at this stop: a faint copy of its arrow, kept while m runs on
        qr = rope_rotate(d.q, m, d.base).reshape(-1, 2)  # (planes, 2)
        tips0 = [p["centre"] + self.vec_scale * np.array([*qr[i], 0.0]) for i, p in enumerate(self.planes)]
        marks = VGroup(*(VGroup(Line(p["centre"], tips0[i], stroke_color=pal.accent, stroke_width=5,
                                     stroke_opacity=0.35),
                                Dot(tips0[i], radius=0.06, color=pal.accent, fill_opacity=0.4))
                         for i, p in enumerate(self.planes)))  # ends at the tip: never across the q label
        said0, said1 = (np.format_float_positional(v, precision=3, fractional=False, trim="-")
                        for v in (d.thetas[0], d.thetas[last]))  # the caption font has no superscripts
        self.caption(self.s("wrap_speed", t0=said0, t1=said1, last=last), with_=[Write(formula), FadeIn(marks)],
                     run_time=1.6)
        read_with(self, law[2], values)
        # m runs on one whole position at a time; q's tip leaves its path behind, a dot at each whole position
        steps = lap_steps(d)
        a0 = [float(np.arctan2(qr[i, 1], qr[i, 0])) for i in range(self.n_planes)]
        radii = [self.vec_scale * float(np.hypot(*qr[i])) for i in range(self.n_planes)]
        trace = VGroup(*(Arc(radius=radii[i], arc_center=p["centre"], start_angle=a0[i], angle=1e-6,
                             stroke_color=pal.accent, stroke_width=3, stroke_opacity=0.7)
                         for i, p in enumerate(self.planes)))
        stops = VGroup(*(Dot(p["centre"] + radii[0] * unit(a0[0] + j * d.thetas[0]), radius=0.05, color=pal.accent)
                         for j, p in ((j, self.planes[0]) for j in range(1, steps + 1))))
        stops.set_opacity(0)

        def follow(_g):
            run = m_t.get_value() - m
            for i, p in enumerate(self.planes):
                sweep = run * d.thetas[i]
                trace[i].points = arc_points(p["centre"], radii[i], a0[i], sweep if abs(sweep) > 1e-6 else 1e-6)
            for j, dot in enumerate(stops, start=1):
                dot.set_opacity(1.0 if run >= j - 1e-3 else 0.0)

        for i, p in enumerate(self.planes):  # the angle is written over what this lap draws on its dial
            self.label_on(p["angle"], trace[i], marks[i])
        self.add(trace, stops)
        trace.add_updater(follow)
        self.caption(self.s("wrap_run"))
        self.play(m_t.animate.set_value(float(m + steps)), run_time=max(5.0, self.cue_left()),
                  rate_func=whole_steps(steps))
        trace.remove_updater(follow)
        follow(trace)
        lap, miss = fmt_num(span, 2), lap_miss_deg(d)
        arcs = self.turn_arcs(m, m + steps)  # from where q stood to where it stands: plane 0's miss, plane 1's turn
        len_said, off_said = fmt_num(d.q_norms[0], 4), fmt_num(abs(miss), 1)
        # the lap's numbers in a readout box right of the dials (the table's room, empty until the next
        # section), each line in the colour of what it measures: the ring q's tip drew, the gap, plane 1's arc
        arcs[0].set_color(pal.ok)
        for i, p in enumerate(self.planes):
            self.label_on(p["angle"], arcs[i])
        size = max(self.small, 26)
        where = self.tex(rf"m = {m}", size=32, color=pal.accent)
        frac_said = lap_fraction(float(np.degrees(steps * d.thetas[last])) / 360)
        lap_lab = self.txt(self.s("lap_label", lap=lap), size=size, color=pal.accent)
        gap_lab = self.txt(self.s("gap_label", off=off_said), size=size, color=pal.ok)
        frac_lab = VGroup(*(self.txt(line, size=size, color=pal.ink) for line in
                            self.s("frac_label", frac=frac_said, last=last, m=m,
                                   deg=fmt_num(float(np.degrees(steps * d.thetas[last])), 1)).split("\n"))
                          ).arrange(DOWN, buff=0.1, aligned_edge=LEFT)
        readout = VGroup(lap_lab, gap_lab, frac_lab).arrange(DOWN, buff=0.16, aligned_edge=LEFT)
        room = SAFE_RIGHT - 0.15 - (self.mn_column.get_right()[0] + 0.45)
        if readout.width > room:
            readout.scale_to_fit_width(room)
        readout.move_to([SAFE_RIGHT - 0.15, formula.get_top()[1] + 0.35, 0], aligned_edge=DOWN + RIGHT)
        frame = SurroundingRectangle(readout, buff=0.12, corner_radius=0.08, color=pal.muted, stroke_width=2)
        self.add(frame)
        frame.set_opacity(0)  # drawn with its first line
        crowd = [*(p[k] for p in self.planes for k in ("q_lab", "k_lab")), *self.plane_labels, *self.plane_tags,
                 *self.plane_nums, self.setup_note, self.mn_column, formula]

        def hands(i):  # the arrows, the axes and every rim: m = 4 is written across none of them
            p, r = self.planes[i], self.plane_r
            segs = [(p["centre"], p["q"].get_end()), (p["centre"], p["k"].get_end()), (p["centre"], tips0[i])]
            for c in (q["centre"] for q in self.planes):
                segs += [(c + r * unit(a), c - r * unit(a)) for a in (0.0, np.pi / 2)]
                segs += [(c + r * unit(a), c + r * unit(a + np.pi / 18)) for a in np.arange(0, 2 * np.pi, np.pi / 18)]
            segs += [(p["centre"] + radii[i] * unit(a), p["centre"] + radii[i] * unit(a + np.pi / 18))
                     for a in np.arange(0, 2 * np.pi, np.pi / 18)]
            return segs

        out = [radii[0] + 0.3, radii[0] + 0.45, (radii[0] + self.plane_r) / 2, self.plane_r + 0.2, self.plane_r + 0.35]
        where = arc_label(where, self.planes[0]["centre"], a0[0] - np.sign(miss or 1) * 0.45, out, crowd,
                          hands(0))  # beside q's arrow at the stop, on the side away from q now
        if where is None:  # no clear room beside it: on the mark's dot, over the rim, on a patch of the dial's colour
            where = self.tex(rf"m = {m}", size=32, color=pal.accent)
            where.add_background_rectangle(color=pal.panel, opacity=0.9, buff=0.05)
            where = arc_label(where, self.planes[0]["centre"], a0[0], [(radii[0] + self.plane_r) / 2 + 0.1,
                                                                      self.plane_r], crowd,
                              [(self.planes[0]["centre"], self.planes[0]["q"].get_end())], turns=NEAR)
            if where is not None:  # on its patch, over the dial's rim and the ring q's tip drew
                self.label_on(where, self.planes[0]["face"], trace[0])
        self.caption(self.s("wrap_lap", t0=said0, lap=lap, steps=steps, m_end=m + steps, off=off_said,
                            len=len_said),
                     with_=[Indicate(self.planes[0]["q"], color=pal.accent), *([FadeIn(where)] if where else []),
                            Indicate(marks[0])],
                     run_time=1.0, shown={"lap": span, "lap_miss_deg": abs(miss)})

        def to_cue(text):  # wait for the cue that says `text` (none: it is on screen)
            if any(text in q[0] for q in self._queue):
                while text not in self._queue[0][0]:
                    self.until_next_cue()
                self.until_next_cue()

        to_cue(lap)  # the lap in positions, written on the circle q's tip went round
        gap_in = [Create(arcs[0]), FadeIn(gap_lab)]
        together = not any(off_said + "°" in q[0] for q in self._queue)  # one cue says both
        self.play(FadeIn(lap_lab), frame.animate.set_stroke(opacity=1.0), Indicate(trace[0], color=pal.accent, scale_factor=1.0),
                  *(gap_in if together else []), run_time=1.0)
        if not together:
            to_cue(off_said + "°")  # the gap, written on the wedge between q at the stop and q now
            self.play(*gap_in, run_time=0.5)  # a short cue says it: on screen well before its middle
        self.play(Indicate(gap_lab, color=pal.ok, scale_factor=1.2), Indicate(arcs[0], color=pal.ok), run_time=0.8)
        to_cue(len_said)  # the length has a cue of its own
        if self.q_len:  # |q| pulses as the cue names it
            self.play(Indicate(self.q_len[0], color=pal.accent, scale_factor=1.3), run_time=1.0)
        read_with(self, self.q_len[0] if self.q_len else self.planes[0]["q"])
        slow = float(np.degrees(steps * d.thetas[last]))  # the slowest plane's turn over the same positions
        self.caption(self.s("wrap_slow", last=last, frac=lap_fraction(slow / 360)),
                     shown={"slow_lap_deg": slow},
                     with_=[Create(arcs[last]), FadeIn(frac_lab)],  # its turn from m, not the readout's total from 0
                     run_time=1.0)
        read_with(self, arcs[last], frac_lab)
        # one fast plane alone: q at the stop and q now nearly agree; the slow plane's two arrows differ clearly
        self.caption(self.s("wrap_why", lap=lap),
                     with_=[Indicate(marks[0], color=pal.ink, scale_factor=1.0),
                            Indicate(self.planes[0]["q"], color=pal.ink, scale_factor=1.0)], run_time=1.2)
        self.play(Indicate(marks[last], color=pal.ink, scale_factor=1.0), Indicate(arcs[last], color=pal.ink),
                  Indicate(self.planes[last]["q"], color=pal.ink, scale_factor=1.0), run_time=1.2)
        read_with(self, self.planes[0]["q"], self.planes[last]["q"])
        self.caption(self.s("wrap_back", m=m))
        labels = VGroup(*(lab for lab in (where, readout, frame) if lab))
        self.play(m_t.animate.set_value(float(m)), n_t.animate.set_value(float(n)), FadeOut(formula), FadeOut(marks),
                  FadeOut(arcs), FadeOut(trace), FadeOut(stops), FadeOut(labels), run_time=3.0,
                  rate_func=whole_steps(steps))
        read_with(self, self.m_num)
