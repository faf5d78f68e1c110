"""attention_heatmap, from scores to weights (seed 003, "Dot products → attention weights"): the causal mask
(first a frame walking down the rows over each row's later positions, as the cue says none may be looked at;
then × on the future, weight exactly 0, with the cue that names them; on row n − 1 the score its masked cell had,
−∞, and what a score of 0 would give instead: scenes.attention.zero), then the softmax row by row, the row sums, and the worked cell's weight
α_ij = exp(z_ij) / Σ exp(z_iℓ). Mixed into scenes.attention_heatmap.AttentionHeatmap, after the scores.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, AnimationGroup, Create, Succession, FadeIn, SurroundingRectangle, Transform, VGroup

from engine.attention_extra import vector_lengths
from look import fmt_num

from scenes.attention.cueing import into_cue
from scenes.attention.strings import tnum
from scenes.attention.table import NOTE, PANEL_RIGHT, TEX
from scenes.parts.cues import cues
from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut, fade_swap


class AttentionWeights:
    """Needs from the scene: d (the record), pal, s, txt, tex, section, caption, play, shown, the table
    (scenes.attention.table) and what the scores section leaves (unpack_box, unpack_lines)."""

    # 3. the causal mask ---------------------------------------------------------------------
    def mask(self):
        d, pal = self.d, self.pal
        n = len(d.tokens)
        self.section("mask", self.s("cap_mask", w=d.tokens[-1]), keep=[self.table_view(), self.unpack_box])
        # the worked cell's frame goes with its lines: the mask's frames are the only ones lit while it is read
        self.play(QuickFadeOut(self.unpack_lines), QuickFadeOut(self.unpack_box), run_time=0.4)
        self.remove(self.unpack_box)
        # "no position may look at a later one": row by row, a frame over the cells of the later positions,
        # walking down the table while that cue is read; the mask's × come with the cue that names them
        rows = [r for r in range(n) if d.mask[r].any()]
        later = [SurroundingRectangle(VGroup(*(self.grid.cell(r, c) for c in range(n) if d.mask[r, c])), buff=0.0,
                                      color=pal.accent, stroke_width=5) for r in rows]
        if later:
            walker = later[0].copy()
            self.play(QuickFadeIn(walker), run_time=0.5)  # whole: drawn, it starts as a lone bar over the last column
            step = max(0.6, (self.cue_left() - 1.8) / len(later))  # room left for the × before the next cue
            for box in later[1:]:
                self.wait(max(0.0, step - 0.5))
                self.play(Transform(walker, box), run_time=0.5)
            self.shown["mask_rows_walked"] = len(later)
        hidden = VGroup(*(self.score_nums[i][j] for i in range(n) for j in range(n) if d.mask[i, j]))
        note = self.panel(self.txt(self.s("future"), size=self.note_size(), color=pal.ink))
        note.set_x(min(note.get_x(), PANEL_RIGHT - note.width / 2))
        # the × are in their cells as the cue that names them comes up: the hidden scores leave first (none
        # lingers under a ×), with the walking frame
        gone = [QuickFadeOut(walker)] if later else []
        into_cue(self, len(self.cues_log), Succession(AnimationGroup(*gone, QuickFadeOut(hidden), run_time=0.35),
                                                      AnimationGroup(FadeIn(self.crosses, lag_ratio=0.05), QuickFadeIn(note),
                                                                     run_time=0.85)), run_time=1.2)
        if later:
            self.remove(walker)
        self.shown["showing"] = "scores,mask"
        self.shown["masked_cells"] = int(d.mask.sum())
        self.why_not_zero()  # row n − 1: the score its masked cell had, −∞, and what a score of 0 would give
        read_with(self, self.crosses, note, grow=1.0)  # colour only: the crosses stay in their cells
        self.mask_note = note

    def drop_tint(self) -> None:
        """The scores' heat (scenes.attention.table.score_tint) leaves the scene once the weights cover it."""
        if getattr(self, "tint", None) is not None:
            self.remove(self.tint)
        self.tint = None

    # 4. softmax per row -----------------------------------------------------------------------
    def softmax(self):
        d, pal = self.d, self.pal
        n = len(d.tokens)
        i, j = d.cell
        I, J = i + 1, j + 1
        self.section("softmax", self.s("cap_softmax"), keep=[self.table_view(), self.crosses, self.mask_note])
        table_name, sums, sums_head = self.softmax_labels(d.row_sums)
        self.play(QuickFadeOut(self.mask_note), run_time=0.3)
        fade_swap(self, [(self.table_name, table_name)])
        legend = self.weight_legend(table_name)  # the weights' colours, 0 to 1, as the first row fills
        self.play(QuickFadeIn(legend), run_time=0.3)
        self.shown["weight_scale"] = "0,1"
        for r in range(n):  # row by row: the normalisation runs along a row; scores fade, weights come
            row_box = SurroundingRectangle(self.grid.row_group(r), buff=0.02, color=pal.ok, stroke_width=4)
            self.play(Create(row_box), run_time=0.15)
            self.grid.show_rows(r + 1)
            fade_swap(self, [(self.score_nums[r][c], self.weight_nums[r][c]) for c in range(n) if not d.mask[r, c]],
                      out=0.15, run_in=0.25)
            self.play(QuickFadeOut(row_box), run_time=0.15)
        self.drop_tint()  # every cell's weight (opaque) or × covers the scores' heat now
        self.shown["showing"] = "weights"
        read_with(self, self.grid.row_group(n - 1))
        # the row sums come with the cue that says every row sums to 1
        self.caption(self.s("cap_sums"))
        self.play(FadeIn(sums, lag_ratio=0.15), QuickFadeIn(sums_head), run_time=0.8)
        self.shown["row_sums"] = ",".join(f"{v:.12f}" for v in d.row_sums)
        read_with(self, sums)
        self.own_row_weight()
        # exp(…) rather than e^…: the score at full size; every index, the sum's ℓ ≤ i included, at full size
        # (\textstyle, set low as an index, as the table's name has them): never a 2 % script-size index. The name
        # α_ij = stands over its fraction, so the widest line is the fraction's and the panel need not shrink it
        name = self.tex(rf"\alpha_{{\textstyle {I},{J}}} =", size=TEX)
        frac = self.tex(rf"\dfrac{{\exp({tnum(d.scores[i, j])})}}"
                        rf"{{\sum_{{\textstyle \ell \le {I}}} \exp(z_{{\textstyle {I},\ell}})}}", size=TEX)
        lines = VGroup(
            VGroup(name, frac).arrange(DOWN, buff=0.15, aligned_edge=LEFT),
            self.tex(rf"= \frac{{{tnum(d.exp_scores[i, j])}}}{{{tnum(d.exp_row_sums[i])}}} = {tnum(d.A[i, j])}",
                     size=TEX, color=pal.accent),
        ).arrange(DOWN, buff=0.3, aligned_edge=LEFT)
        self.panel(lines, reach=0.3)  # the worked α keeps its digits at 3 % or more of the frame height
        # the cell's weight worked out, with the cue that names it; it stays until the next section starts
        self.caption(self.s("cap_alpha", i=I, j=J))
        self.play(FadeIn(lines[0], shift=0.1 * RIGHT), Create(self.unpack_box), run_time=0.6)
        self.play(FadeIn(lines[1], shift=0.1 * RIGHT), run_time=0.6)
        self.shown["unpacked"] = f"alpha[{I},{J}]={d.A[i, j]:.6f}"
        read_with(self, self.unpack_box, *lines)  # the frame lit, never the cell's number (it keeps its contrast)
        self.sums = VGroup(sums, sums_head, legend)  # the scale leaves with the sums
        self.alpha_view = VGroup(lines, self.unpack_box)

    def own_row_weight(self):
        """With W_Q = W_K = W_V = I a score is a dot product of the words' own vectors, so the longest vector's row
        weights itself most: that row's own cell boxed as the cue gives the reason (engine's weight, as printed)."""
        d, pal = self.d, self.pal
        n = len(d.tokens)
        if not all(np.allclose(m, np.eye(2)) for m in (d.A_Q, d.A_K, d.A_V)):
            return
        r = int(np.argmax(np.linalg.norm(d.E, axis=0)))
        if r == 0 or np.argmax(d.A[r, : r + 1]) != r:
            return
        box = SurroundingRectangle(self.weight_nums[r][r], buff=0.06, color=pal.accent, stroke_width=4)
        # the cue that gives the reason speaks of scores: row r's scores, the reason, stand beside the weights as it
        # comes up (the longest vector's dot product with itself the largest), then leave with the box
        R = r + 1
        zs = VGroup(*(self.tex(rf"z_{{\textstyle {R},{c + 1}}} = {tnum(d.scores[r, c])}", size=TEX,
                               color=pal.accent if c == r else pal.ink) for c in range(r + 1)))
        zs.arrange(DOWN, buff=0.2, aligned_edge=LEFT)
        # "… and 'cat' is the longest": every word's length |e_j| (the engine's), the longest in the accent
        lengths = vector_lengths(d.E)  # (n,)
        lens = VGroup(*(self.tex(rf"|e_{{\textstyle {c + 1}}}| = {tnum(lengths[c])}", size=TEX,
                                 color=pal.accent if c == r else pal.ink) for c in range(n)))
        lens.arrange(DOWN, buff=0.2, aligned_edge=LEFT)
        words = VGroup(*(self.txt(f"({d.tokens[c]})", size=NOTE, color=pal.accent if c == r else pal.muted)
                         .next_to(lens[c], RIGHT, buff=0.15) for c in range(n)))
        zs = VGroup(zs, VGroup(*(VGroup(a, b) for a, b in zip(lens, words))))
        zs.arrange(DOWN, buff=0.35, aligned_edge=LEFT)  # the scores, then the lengths under them: clear of the row sums
        self.panel(zs, y=0.35)
        text = self.s("cap_self", r=R, a=fmt_num(d.A[r, r], self.num_dec), w=d.tokens[r])
        self.caption(text, with_=[Create(box)], run_time=0.4)
        self.shown["own_weight"] = f"alpha[{R},{R}]={d.A[r, r]:.6f}"
        if len(cues(text, self.look.lang)) > 1:
            into_cue(self, len(self.cues_log), FadeIn(zs, shift=0.1 * RIGHT), run_time=0.6,
                     shown={"own_scores": ",".join(f"{v:.6f}" for v in d.scores[r, :R]),
                            "lengths": ",".join(f"{v:.6f}" for v in lengths)})
        else:
            zs = VGroup()
        read_with(self, box, *zs)
        self.play(QuickFadeOut(box), QuickFadeOut(zs), run_time=0.3)
        self.remove(box, zs)
