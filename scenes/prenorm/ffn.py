"""The feed-forward steps of prenorm_block (mixed into scenes.prenorm_block.PrenormBlock): Z̃ · W₁, ReLU's
zeros, then ReLU(Z̃W₁) · W₂ = F. Each product takes W's place: W fades while the box on its first
column lands on the entry that row × column gives, and the product's entries appear in place in
reading order (nothing travels: forty glyphs collapsing onto eight read as a tangle).
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, RIGHT, UP, Transform, VGroup

from scenes.parts.panel import row, rows
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut
from scenes.prenorm.steps import PANEL, parts, window


class PrenormFFN:
    """Needs what PrenormSteps needs (scenes.prenorm.steps), and its carry (Z̃, then ReLU(Z̃W₁))."""

    # -- 8. FFN up and ReLU: Z̃ above W₁, then Z̃W₁ takes W₁'s place ----------------------------------
    def ffn(self, m_in, name_in: str, w, w_name: str, out, out_name: str, color=None, dim_rows=(), fields=""):
        """m_in (carried) above ·W; then the product, built from both, takes W's place; `fields`: the
        record's names of m_in and W (what the frame shows)."""
        w_group, wm = self.weights(w, w_name)
        for c in dim_rows:  # a unit dead for every token adds nothing: dim its row of W₂
            for e in wm.row(c):
                e.glyphs.set_opacity(0.3)
        top = self.named(m_in, name_in)
        page = rows(top, row(self.op(r"\cdot"), w_group), buff=0.35)
        PANEL.fit(page)
        mo = self.mat(out, color=color)
        res = row(self.op("="), self.named(mo, out_name, color=color))
        PANEL.fit(rows(top.copy(), res, buff=0.5))
        res.align_to(page[1], UP)
        self.arrive(m_in, top[0], run_time=0.8)
        self.put(page[1], run_time=0.7)
        self.show(showing=fields)
        self.wait(0.8)
        boxes = [m_in.box_row(0, self.pal.accent), wm.box_col(0, self.pal.accent)]
        self.put(*boxes, run_time=0.5)
        self.next_cue(before=1.2)
        # W fades while its column's box lands on the entry that row × column gives; then the
        # product's entries appear in place, in reading order (no glyphs travel)
        entries = parts(mo)[:-1]
        self.add(res)
        self.play(QuickFadeOut(page[1], rate_func=window(0, 0.35)),
                  Transform(boxes[1], mo.box_cell(0, 0, self.pal.accent), rate_func=window(0, 0.35)),
                  *(QuickFadeIn(m, introducer=False, rate_func=window(0.3, 0.5)) for m in (res[0], res[1][0], mo.brackets)),
                  *(QuickFadeIn(e, introducer=False, rate_func=window(0.3 + 0.4 * k / len(entries), 0.5 + 0.4 * k / len(entries)))
                    for k, e in enumerate(entries)),
                  *(QuickFadeOut(b, rate_func=window(0.9, 1.0)) for b in boxes), run_time=1.2)
        self.panel = [m for m in self.panel if m is not page[1] and m not in boxes] + [res]
        return mo, res

    def step_ffn_up(self):
        d, pal = self.data, self.pal
        self.begin("ffn_up", "ffn")
        h, res = self.ffn(self.mat(d.Z_tilde), r"\tilde Z", d.W_1, r"W_1 =", d.H, r"\tilde Z W_1",
                          fields="Z_tilde,W_1")
        self.show(showing="Z_tilde,H")  # W₁ left as the product took its place
        dead = [(r, c) for r in range(d.H.shape[0]) for c in range(d.H.shape[1]) if d.died[r, c]]
        marks = VGroup(*(h.box_cell(r, c, pal.bad) for r, c in dead))
        note = self.txt(self.s("relu", k=d.relu_zeros, m=d.ffn_entries), size=24, color=pal.bad)
        note.next_to(h, DOWN, buff=0.2)
        if note.get_bottom()[1] < PANEL.bottom:
            note.next_to(res, UP, buff=0.15)
        self.next_cue()
        self.put(marks, note, run_time=0.6)
        self.wait(0.8)
        zeros = self.mat(d.R, color=pal.muted)
        for r, c in dead:  # the ReLU's zeros, put in place of the negative entries
            z = zeros.cell(r, c)
            z.scale(h.cell(r, c).height / z.height).move_to(h.cell(r, c), aligned_edge=RIGHT)
        relu_name = self.tex(r"\mathrm{ReLU}(\tilde Z W_1)", size=30).move_to(res[1][0])
        gone = [h.cell(r, c) for r, c in dead] + [res[1][0]]
        self.play(*map(QuickFadeOut, gone), run_time=0.4)
        self.detach(*gone)  # out of their groups too, or the step's closing fade shows them again
        self.put(relu_name, *(zeros.cell(r, c) for r, c in dead), run_time=0.5)
        for r, c in dead:
            h.entries[r][c] = zeros.cell(r, c)
        self.show(showing="Z_tilde,R", relu_died=";".join(f"{r},{c}" for r, c in dead))
        self.hand_on(h, d.R)  # its negative entries now read 0

    # -- 9. FFN down ---------------------------------------------------------------------------------
    def step_ffn_down(self):
        d, pal = self.data, self.pal
        self.begin("ffn_down", "ffn")
        r_mat = self.mat(d.R)
        for r, c in zip(*np.nonzero(d.died)):
            r_mat.cell(r, c).set_color(pal.muted)
        dim = [c for c in range(d.R.shape[1]) if d.died[:, c].all()]
        f, _ = self.ffn(r_mat, r"\mathrm{ReLU}(\tilde Z W_1)", d.W_2, r"W_2 =", d.F,
                        r"F = \mathrm{ReLU}(\tilde Z W_1)\, W_2", color=pal.accent, dim_rows=dim,
                        fields="R,W_2")
        self.show(showing="R,F")  # W₂ left as F took its place
        self.hand_on(f)
