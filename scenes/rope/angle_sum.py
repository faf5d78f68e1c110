"""rope_rotation: the angle on each dial written as a sum, its value at m = n plus (m − n)·θ of that plane.

The terms come from engine.rope_extra.angle_sum: the signed angle from k to q at m = n, the turn (m − n)·θ, and
the total that the dial shows (in (−180°, 180°]); when the sum passes 180° the whole turns taken off are
written too ("− 360°"), so the terms on screen add up to the number on the dial."""
from __future__ import annotations

from manim import FadeIn, VGroup

from engine.rope_extra import angle_sum
from look import fmt_num

SUM_Y = -2.12  # under the planes' number rows, above the caption band
SUM_W = 2.95  # a plane's column: the sum keeps inside it


def _deg(v: float, signed: bool = False) -> str:
    return fmt_num(v, 1, signed).replace("−", "-") + r"^\circ"  # TeX's minus


class AngleSum:
    """Mixed into the scene: writes, under each dial, start + turn = the angle on the dial."""

    def angle_sums(self, m: int, n: int) -> list[dict]:
        d = self.data
        return angle_sum(d.q_angles0, d.k_angles0, d.thetas, m, n)

    def show_angle_sums(self, m: int, n: int) -> VGroup:
        """Write each plane's sum term by term under its dial, the total taken from the dial's own label;
        returns the rows (still on screen)."""
        pal = self.pal
        rows = VGroup()
        sums = self.angle_sums(m, n)
        for i, (p, s) in enumerate(zip(self.planes, sums)):
            parts = [_deg(s["start"], True), "+", _deg(s["turn"])]
            if s["laps"]:
                parts += ["-" if s["laps"] > 0 else "+", rf"{abs(s['laps']) * 360}^\circ"]
            parts += ["=", _deg(s["total"], True)]
            row = self.tex(*parts, size=30, color=pal.ink)
            row[0].set_color(pal.muted)
            row[2].set_color(pal.accent)
            if row.width > SUM_W:
                row.scale_to_fit_width(SUM_W)
            row.move_to([p["centre"][0], SUM_Y, 0])
            rows.add(row)
            self.shown[f"sum_start_{i}"] = s["start"]
            self.shown[f"sum_turn_{i}"] = s["turn"]
            self.shown[f"sum_total_{i}"] = s["total"]
            self.shown[f"sum_laps_{i}"] = float(s["laps"])
        self.play(*(FadeIn(r[0]) for r in rows), run_time=0.6)  # the angle at m = n
        self.play(*(FadeIn(VGroup(*r[1:3])) for r in rows), run_time=0.6)  # plus (m − n)·θ
        rest = [VGroup(*r[3:-1]) for r in rows]
        self.play(*(FadeIn(x) for x in rest), *(FadeIn(r[-1], scale=1.2) for r in rows), run_time=1.0)  # = the dial
        return rows
