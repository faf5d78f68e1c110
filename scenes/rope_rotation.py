"""rope_rotation: RoPE rotates q and k by their positions; the score keeps only m − n
(seed 002 §06, 图 8 and 图 9).

The stages live in scenes/rope/ (planes.py: the planes and the score panel; contrast.py).
Sections: intro (q and k cut into 2-D planes) → planes (a fast and a slow plane) → rotate (q moves
to position m) → shift (m and n move together: the score stays) → gap (the gap changes: the score
changes; the (m, n) table is constant along its diagonals) → contrast (absolute PE added to the
input vs RoPE rotated in after the projection) → summary.
Every number is read from the engine record (engine.rope.RopeLesson) or computed per frame by
engine.rope from the record's q, k and base.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Create, FadeIn, FadeOut, Indicate, Line, SurroundingRectangle, Transform, \
    ValueTracker, VGroup, linear, smooth

from scenes.parts.emphasis import read_with
from scenes.parts.lecture import LectureScene
from scenes.rope.angle_sum import AngleSum
from scenes.rope.contrast import ContrastStage
from scenes.rope.planes import PlanesStage
from scenes.rope.strings import STRINGS
from scenes.rope.sweep import SweepStage
from scenes.rope.wrap import WrapStage, wrap_span
from look import fmt_num

DECIMALS = {"thetas": 4, "thetas_deg": 4, "q": 2, "k": 2, "q_norms": 4, "k_norms": 4,
            "keyframe_scores": 4, "keyframe_planes": 4, "score_grid": 4, "score_by_gap": 4,
            "absolute_scores": 4, "absolute_grid": 4, "plain_score": 4, "identity_score": 4}


class RopeRotation(PlanesStage, WrapStage, ContrastStage, AngleSum, SweepStage, LectureScene):
    strings = STRINGS
    zh_every_char = True  # cues dense with numbers and formulas: in Chinese they read at 7 characters a second too

    def construct(self):
        d = self.data
        self.n_planes = d.d_model // 2
        self.kf = {tuple(int(v) for v in mn): k for k, mn in enumerate(d.keyframes)}
        self.add_title()
        self.intro()
        self.build_planes()  # with the score panel (m, n on screen before the planes turn)
        self.moves()
        self.contrast()
        self.summary()

    # -- helpers ---------------------------------------------------------------------------
    def score_at(self, m, n) -> float:
        k = self.kf[(m, n)]
        return float(self.data.keyframe_scores[k])

    def vector_row(self, name: str, values, color) -> VGroup:
        """name = [a, b | c, d] with the pairs boxed: built once from the record."""
        pal = self.pal
        label = self.tex(name + "=", size=34, color=color)
        pairs = VGroup()
        for i in range(self.n_planes):
            nums = VGroup(*(self.txt(fmt_num(v, self.vec_decimals), size=26) for v in values[2 * i:2 * i + 2]))
            nums.arrange(RIGHT, buff=0.3)
            box = SurroundingRectangle(nums, buff=0.12, corner_radius=0.08, color=pal.muted, stroke_width=2.5)
            pairs.add(VGroup(box, nums))
        pairs.arrange(RIGHT, buff=0.25)
        return VGroup(label, pairs).arrange(RIGHT, buff=0.2)

    # -- 1. q and k cut into pairs ----------------------------------------------------------
    def intro(self):
        d = self.data
        both = np.concatenate([d.q, d.k])  # 2 decimals (the lesson's), 3 when the numbers given need them
        self.vec_decimals = 2 if np.allclose(np.round(both, 2), both, rtol=0, atol=1e-9) else 3
        self.q_row = self.vector_row("q", d.q, self.pal.accent)
        self.k_row = self.vector_row("k", d.k, self.pal.cool)
        rows = VGroup(self.q_row, self.k_row).arrange(DOWN, buff=0.35, aligned_edge=LEFT)
        if rows.width > 12.2:  # eight numbers of three decimals
            rows.scale_to_fit_width(12.2)
        rows.scale(max(1.0, min(1.5, 9.0 / rows.width))).move_to(UP * 0.6)  # the first frame's subject: large
        cut = self.txt(self.s("cut"), size=30, color=self.pal.muted).next_to(rows, DOWN, buff=0.45)
        self.section("intro")
        # q and k come in with the first cue: no cue is read over an empty frame
        self.caption(self.s("cap_intro"), with_=[FadeIn(rows[0][0]), FadeIn(rows[1][0]),
                                                  *(FadeIn(r[1][i][1]) for r in rows for i in range(self.n_planes))],
                     run_time=1.0)
        read_with(self, self.q_row, self.k_row, cue=True)
        self.play(*(Create(r[1][i][0]) for r in rows for i in range(self.n_planes)), FadeIn(cut),
                  run_time=1.2)
        self.wait(3)
        read_with(self, self.q_row, self.k_row)
        self.play(FadeOut(cut), run_time=0.5)  # the pairs fly into their planes next (planes.py)

    # -- 3.–5. moving m and n ---------------------------------------------------------------
    def moves(self):
        d = self.data
        m_t, n_t = ValueTracker(0.0), ValueTracker(0.0)

        def follow(group):
            self.set_positions(m_t.get_value(), n_t.get_value())

        live = VGroup(self.plane_live, self.m_num, self.n_num, self.gap_num, self.score_num)
        live.add_updater(follow)
        self.add(live)
        (m1, n1), (m2, n2), (m3, n3), (m4, n4), (m5, n5), (m6, n6) = [tuple(int(v) for v in s) for s in d.keyframes[1:]]

        def go(m, n, run_time):
            self.play(m_t.animate.set_value(float(m)), n_t.animate.set_value(float(n)), run_time=run_time,
                      rate_func=smooth)

        def stated(key, m, n):
            """A cue stating a gap and its score, shown once m and n stand there, read before they move on."""
            self.caption(self.s(key, g=m - n, s=fmt_num(self.score_at(m, n), 4)))
            read_with(self, self.score_num, self.gap_num)

        board = [self.plane_statics, self.plane_tags, self.plane_labels, self.plane_live, self.setup_note, self.score_statics,
                 self.score_num, self.m_num, self.n_num, self.gap_num]  # what the moving sections share
        key = "cap_rotate" if n1 == 0 else "cap_rotate_same" if m1 == n1 else "cap_rotate_both"
        self.section("rotate", self.s(key, m=m1, n=n1, s=fmt_num(self.score_at(m1, n1), 4)), keep=board)
        rotation = self.rotation_matrix()  # how one pair turns, written once while q turns
        self.play(FadeIn(rotation), run_time=0.6)
        self.play(m_t.animate.set_value(float(m1)), n_t.animate.set_value(float(n1)), run_time=4.0, rate_func=linear)
        self.play(Indicate(self.score_num, color=self.pal.accent), run_time=0.8)
        read_with(self, self.score_num, self.gap_num)
        self.play(FadeOut(rotation), run_time=0.4)
        if wrap_span(d):  # why several speeds: plane 0 laps, the slowest plane barely moves
            self.wrap_around(m_t, n_t, m1, n1)

        # the (m, n) table comes in when the caption names it; the square marks where m and n stand
        g = m1 - n1
        self.section("shift", self.s("cap_shift", s=fmt_num(self.score_at(m1, n1), 4), g=g), keep=board)
        self.play(FadeIn(self.grid), FadeIn(self.grid_labels), FadeIn(self.marker), run_time=1.0)
        read_with(self, self.grid, cue=True, outline=True, whole=True)  # a frame: the cells stay readable
        board += [self.grid, self.grid_labels, self.marker]
        diag = self.diagonal_line(g, self.pal.accent)
        self.play(Create(diag), run_time=0.6)
        go(m2, n2, 3.0)
        self.wait(1.2)
        go(m3, n3, 2.4)
        self.play(Indicate(self.score_num, color=self.pal.ok), run_time=0.8)
        read_with(self, diag, self.score_num)
        # the angle on each dial is what stays along the diagonal
        angles = VGroup(*(p["angle"] for p in self.planes))
        wraps = any(s["laps"] for s in self.angle_sums(m3, n3))
        self.caption(self.s("cap_angle_wrap" if wraps else "cap_angle"), with_=[Indicate(angles, color=self.pal.accent)],
                     run_time=1.0)
        self.add(live)  # the live dials whole again: their updater runs on
        sums = self.show_angle_sums(m3, n3)  # start + (m − n)·θ = the angle on the dial, under each dial
        read_with(self, sums, angles, cue=True)  # one gap, one angle: down the diagonal and back, the arcs keep their size
        self.add(live)  # emphasis lifts the labels out of the live group: it goes back in whole
        go(m1, n1, 2.5)
        go(m3, n3, 2.5)
        read_with(self, angles, diag)
        self.hide_angle_sums(sums)  # true only for this gap: gone before the gap changes
        self.add(live)

        # each gap is stated only while m and n stand at it; they move only under a cue that says so
        self.section("gap", self.s("cap_gap"), keep=board)
        self.play(FadeOut(diag), run_time=0.3)
        go(m4, n4, 2.5)
        read_with(self, self.gap_num, self.score_num)
        stated("cap_gap_1", m4, n4)
        self.caption(self.s("cap_gap_move"))
        go(m5, n5, 2.5)
        read_with(self, self.gap_num)
        stated("cap_gap_2", m5, n5)
        self.caption(self.s("cap_gap_diag", s=fmt_num(self.score_at(m5, n5), 4)))
        diag2 = self.diagonal_line(m5 - n5, self.pal.cool)
        self.play(Create(diag2), run_time=0.6)
        go(m6, n6, 2.5)
        self.play(Indicate(self.score_num, color=self.pal.ok), run_time=0.8)
        read_with(self, diag2, self.score_num)
        self.play(FadeOut(diag2), run_time=0.3)
        # closer is not simply higher: the query holds its row, the key walks it, the score goes on a curve
        self.sweep_row(m_t, n_t, m5)
        live.remove_updater(follow)

    def diagonal_line(self, gap: int, color, grid=None) -> Line:
        """A line through the cells with m − n = gap (of `grid`, the (m, n) table unless given)."""
        grid = grid or self.grid
        g = len(self.data.grid_positions)
        ms = [m for m in range(g) if 0 <= m - gap < g]
        a = grid.cell(ms[0], ms[0] - gap).get_center()
        b = grid.cell(ms[-1], ms[-1] - gap).get_center()
        u = (b - a) / max(np.linalg.norm(b - a), 1e-9)
        cell = grid.cell(0, 0).width
        return Line(a - u * cell * 0.5, b + u * cell * 0.5, stroke_color=color,
                    stroke_width=5 if g <= 12 else 3.5)


SCENE = RopeRotation
