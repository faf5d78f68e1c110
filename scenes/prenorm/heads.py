"""The head split of prenorm_block (mixed into scenes.prenorm_block.PrenormBlock; seed 000 §2).

Each head multiplies the whole row of X̃ (all its columns) by its own query weights W_Q⁽ʰ⁾ (the
record's W_Q, d × d_k). The lesson's weights are 0s and 1s that select two columns, so "head 1 takes
dims 0–1" is what these weights do, not how a head reads its input: X̃ · W_Q⁽¹⁾ is on one line, the
product Q⁽¹⁾ comes from every entry of X̃ and W, and only then are the 1s and the columns they pick
boxed. The next head's W comes in place of the first as its cue names it (a cross-fade: no rows pass
over each other) and its product comes the same way. Each product is named Q⁽ʰ⁾ until the cue saying the
key and value weights are the same: then its name becomes Q⁽ʰ⁾ = K⁽ʰ⁾ = V⁽ʰ⁾.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, UP, Indicate, SurroundingRectangle, Transform, VGroup

from scenes.parts.panel import row, rows
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut
from scenes.prenorm.steps import LABEL_TEX, LABEL_TXT, PANEL, parts, window


def wq_tex(h: int) -> str:
    """The name of head h's query weights (h from 0), as the picture writes it."""
    return rf"W_Q^{{\textstyle ({h + 1})}}"


class PrenormHeads:
    """Needs what PrenormSteps needs (scenes.prenorm.steps), and its carry (X̃)."""

    def wq(self, h: int):
        """Head h's query weights as a matrix at 2 decimals, as every weight of the scene, zeros muted."""
        w = self.data.W_Q[h]  # (d, d_k)
        m = self.mat(w, decimals=2, col_gap=0.22, row_gap=0.04, color=self.head_colors[h])
        for r, c in zip(*np.nonzero(np.asarray(w) == 0)):
            m.cell(r, c).set_color(self.pal.muted)
        return m

    def step_heads(self):
        d, pal = self.data, self.pal
        self.begin("heads", "head1", "head2")
        xt = self.mat(d.X_tilde, tokens="left")
        n_heads = d.Q.shape[0]
        ws = [self.wq(h) for h in range(n_heads)]
        w_names = [self.tex(wq_tex(h), size=LABEL_TEX, color=self.head_colors[h]) for h in range(n_heads)]
        w_group = VGroup(w_names[0].next_to(ws[0], LEFT, buff=0.12), ws[0])  # named at its left: the line is no taller than W
        top = row(self.named(xt, r"\tilde X"), self.op(r"\cdot"), w_group, buff=0.2)
        qs, ms = [], []
        for h, dims in enumerate(d.head_dims):
            color = self.head_colors[h]
            H = h + 1
            m = self.mat(d.Q[h], color=color, tokens="left")  # each product's rows named a, b: it is the same tokens' rows
            q = self.named(m, rf"Q^{{\textstyle ({H})}} = K^{{\textstyle ({H})}} = V^{{\textstyle ({H})}}", color=color)
            tag = self.txt(self.s("head_tag", h=H, a=dims[0], b=dims[-1]), size=LABEL_TXT, color=color)
            qs.append(VGroup(q, tag.next_to(q, DOWN, buff=0.12)))
            ms.append(m)
        bottom = row(*qs, buff=1.0)
        before = ms[0].width
        PANEL.fit(rows(top, bottom, buff=0.35), grow=1.25)  # as large as the panel allows: every digit at least 3 % of the frame
        fulls = []  # Q = K = V waits for its cue: until then each product is named Q⁽ʰ⁾ alone
        for h, q in enumerate(qs):
            fulls.append(q[0][0])
            short = self.tex(rf"Q^{{\textstyle ({h + 1})}}", size=LABEL_TEX, color=self.head_colors[h])
            short.scale(ms[0].width / before).move_to(fulls[h])
            q[0].submobjects[0] = short
        for h in range(1, n_heads):  # the next head's W stands where the first one's does
            ws[h].move_to(ws[0])
            w_names[h].move_to(w_names[0])
        self.arrive(xt, top[0][0])
        # X̃ · W_Q⁽¹⁾: a row of X̃ (all its columns) meets a column of W
        self.put(top[1], w_group, run_time=0.7)
        self.show(showing="X_tilde,W_Q1")
        marks = [xt.box_row(0, pal.accent), ws[0].box_col(0, pal.accent)]
        self.put(*marks, run_time=0.5)
        self.emerge(parts(xt)[:-1] + parts(ws[0])[:-1], ms[0], QuickFadeIn(qs[0][0][0]), put=[qs[0][0]], run_time=1.2)
        self.show(showing="X_tilde,W_Q1,Q1")
        self.play(*(QuickFadeOut(m) for m in marks), run_time=0.3)
        self.remove(*marks)
        self.panel = [m for m in self.panel if all(m is not g for g in marks)]
        for h, dims in enumerate(d.head_dims):
            if h == 0:
                self.to_cue_saying("cue_pick")  # "these weights are 0s and 1s": the 1s and the columns they pick
            else:
                self.to_cue_saying("cue_head2")  # "head 2's pick dims 2–3": its W comes as that is read
                self.next_head_weights(ws[h - 1], ws[h], w_names[h - 1], w_names[h])
            color = self.head_colors[h]
            ones = VGroup(*(ws[h].row(r) for r in dims))
            picks = [SurroundingRectangle(ones, buff=0.06, color=color)]  # the 1s that pick this head's dims
            self.put(*picks, run_time=0.5)
            if h > 0:  # the next head's product, from every entry again
                self.emerge(parts(xt)[:-1] + parts(ws[h])[:-1], ms[h], QuickFadeIn(qs[h][0][0]), QuickFadeIn(qs[h][1]),
                            put=[qs[h]], run_time=1.0)
            else:
                self.put(qs[0][1], run_time=0.5)
            out = ms[h].brackets.copy().set_color(color)  # the product X̃W_Q lit by its own brackets: one border, not a box round them
            self.put(out, run_time=0.4)
            picks.append(out)
            self.show(showing=",".join(["X_tilde", f"W_Q{h + 1}"] + [f"Q{k + 1}" for k in range(h + 1)]))
            self.wait(0.2)
            if h < n_heads - 1:
                self.play(*(QuickFadeOut(m) for m in picks), run_time=0.3)
                self.remove(*picks)
                self.panel = [m for m in self.panel if all(m is not g for g in picks)]
        self.to_cue_saying("cue_split")  # "here each head's Q is just those dims of the row"
        self.play(*(Indicate(m, color=self.head_colors[h], scale_factor=1.06) for h, m in enumerate(ms)), run_time=1.2)
        self.to_cue_saying("cue_qkv")  # "the key and value weights are the same here, so Q = K = V"
        self.play(*(Transform(q[0][0], full) for q, full in zip(qs, fulls)), run_time=0.8)
        self.worked = 0  # head 1 is worked in full, the others' lines follow it
        self.hand_on(ms[self.worked])

    def next_head_weights(self, old, new, old_name, new_name):
        """Head h's W becomes head h+1's in place: the old entries fade out, then the new ones in (no row
        passes over another); the name hands over the same way."""
        anims = [QuickFadeOut(old_name, rate_func=window(0.0, 0.4)),
                 QuickFadeIn(new_name, introducer=False, rate_func=window(0.5, 1.0))]
        self.add(new_name)
        anims += [QuickFadeOut(c, rate_func=window(0.0, 0.45)) for c in parts(old)[:-1]]
        anims += [QuickFadeIn(c, introducer=False, rate_func=window(0.55, 1.0)) for c in parts(new)[:-1]]
        self.add(*parts(new)[:-1])
        self.play(*anims, run_time=0.8)
        self.remove(old, old_name, *parts(old))  # the faded entries split W's group: its brackets are on their own now
        self.add(new, new_name)
        self.detach(old, old_name)
        self.panel = [m for m in self.panel if m is not old and m is not old_name]
        self.panel.append(VGroup(new_name, new))
