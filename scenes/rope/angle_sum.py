"""rope_rotation: the angle on each dial written as a sum, its value at m = n plus (m − n)·θ of that plane.

The terms come from engine.rope_extra.angle_sum: the signed angle from k to q at m = n, the turn (m − n)·θ, and
the total that the dial shows (in (−180°, 180°]); when the sum passes 180° the whole turns taken off are
written too ("− 360°"), so the terms on screen add up to the number on the dial."""
from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, UP, FadeIn, FadeOut, VGroup

from engine.rope_extra import angle_sum
from look import fmt_num

SUM_SIZE = 44  # the terms; their names 40: capitals and digits at 3.2 % or more of the frame height once fitted
SUM_W = 2.95  # a plane's column: the sum keeps inside it
MATRIX_RIGHT, MATRIX_Y = 6.35, 0.35  # the rotation: right of the m, n column, in the table's room
MATRIX_SIZE = 44  # capitals and digits at 3.7 % of the frame height or more once fitted


def _deg(v: float, signed: bool = False) -> str:
    return fmt_num(v, 1, signed).replace("−", "-") + r"^\circ"  # TeX's minus


class AngleSum:
    """Mixed into the scene: writes, under each dial, start + turn = the angle on the dial."""

    def angle_sums(self, m: int, n: int) -> list[dict]:
        d = self.data
        return angle_sum(d.q_angles0, d.k_angles0, d.thetas, m, n)

    def show_angle_sums(self, m: int, n: int) -> VGroup:
        """Write each plane's sum term by term where its number rows stand (they give their room and come back
        in hide_angle_sums): the angle at m = n, plus (m − n)·θ, equals the number on the dial. Returns the sums."""
        pal = self.pal
        sums = VGroup()
        top = self.planes[0]["centre"][1] - self.plane_r - 0.05
        for i, (p, s) in enumerate(zip(self.planes, self.angle_sums(m, n))):
            parts = [_deg(s["start"], True), "+", _deg(s["turn"])]
            if s["laps"]:
                parts += ["-" if s["laps"] > 0 else "+", rf"{abs(s['laps']) * 360}^\circ"]
            terms = self.tex(*parts, size=SUM_SIZE, color=pal.ink)
            terms[0].set_color(pal.muted)
            terms[2].set_color(pal.accent)
            names = VGroup(self.tex("m = n", size=SUM_SIZE - 4, color=pal.muted).next_to(terms[0], DOWN, buff=0.12),
                           self.tex(r"(m-n)\cdot\theta", size=SUM_SIZE - 4, color=pal.accent).next_to(terms[2], DOWN, buff=0.12)
                           .align_to(terms[2], RIGHT))  # wider than its term: it reaches left, under the "+"
            if names[1].get_left()[0] < names[0].get_right()[0] + 0.25:  # short terms: the names side by side
                names.arrange(RIGHT, buff=0.35).next_to(terms, DOWN, buff=0.12)
            total = self.tex("=", _deg(s["total"], True), size=SUM_SIZE, color=pal.ink)
            total.next_to(names, DOWN, buff=0.16).align_to(terms, RIGHT)
            block = VGroup(terms, names, total)
            if block.width > SUM_W:
                block.scale_to_fit_width(SUM_W)
            block.move_to([p["centre"][0], 0, 0]).align_to([0, top, 0], UP)
            sums.add(block)
            self.shown[f"sum_start_{i}"] = s["start"]
            self.shown[f"sum_turn_{i}"] = s["turn"]
            self.shown[f"sum_total_{i}"] = s["total"]
            self.shown[f"sum_laps_{i}"] = float(s["laps"])
        self.plane_live.remove(self.plane_nums)  # the rows give their room: out of the live group while hidden
        self.add(self.plane_nums)
        self.play(FadeOut(VGroup(self.plane_tags, self.plane_nums)), run_time=0.5)
        self.play(*(FadeIn(VGroup(b[0][0], b[1][0])) for b in sums), run_time=0.6)  # the angle at m = n
        self.play(*(FadeIn(VGroup(*b[0][1:3], b[1][1])) for b in sums), run_time=0.6)  # plus (m − n)·θ
        self.play(*(FadeIn(VGroup(*b[0][3:], b[2]), scale=1.15) for b in sums), run_time=0.9)  # = the dial's angle
        return sums

    def hide_angle_sums(self, sums: VGroup) -> None:
        """The sums go (the gap is about to change) and the number rows come back, live again."""
        self.play(FadeOut(sums), run_time=0.35)  # one after the other: the sums and the rows never overlap
        self.play(FadeIn(VGroup(self.plane_tags, self.plane_nums)), run_time=0.35)
        self.remove(self.plane_nums)  # back inside the live group (the scene adds it again)
        self.plane_live.add(self.plane_nums)

    def rotation_matrix(self) -> VGroup:
        """The 2 × 2 rotation acting on each pair of q, written once in the table's room (empty until the shift),
        three lines at a size read from the back row: R(φ) =, the matrix, φ = m·θᵢ."""
        ink = self.pal.ink
        mat = VGroup(self.tex(r"R(\varphi) =", size=MATRIX_SIZE, color=ink),
                     self.tex(r"\begin{pmatrix} \cos\varphi & -\sin\varphi \\ \sin\varphi & \cos\varphi \end{pmatrix}",
                              size=MATRIX_SIZE, color=ink),
                     self.tex(r"\varphi = m\,\theta_i", size=MATRIX_SIZE, color=self.pal.accent))
        mat.arrange(DOWN, buff=0.25, aligned_edge=LEFT)
        left = max(self.mn_column.get_right()[0], self.setup_note.get_right()[0]) + 0.3  # clear of m, n, d and base
        room = MATRIX_RIGHT - left
        if mat.width > room:
            mat.scale_to_fit_width(room)
        mat.move_to([MATRIX_RIGHT - mat.width / 2, MATRIX_Y, 0])
        return mat
