"""The steps of prenorm_block, one method per section (mixed into scenes.prenorm_block.PrenormBlock).

Each step clears the panel, lights its node of the block diagram, lays out its matrices with
scenes.parts.panel (rows fitted into the panel box: no typed positions, nothing past the frame);
the next step's `begin` waits until the caption has been read (LectureScene.read_caption).
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, Arrow, SurroundingRectangle, VGroup

from look import fmt_num
from scenes.parts.glyphmatrix import glyph_number
from scenes.parts.panel import CONTENT_BOTTOM, SAFE_HALF_WIDTH, Box, row, rows
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut
from scenes.prenorm.strings import TOKEN_NAMES, zero_query_rows

PE_FORMULA = r"P_{p,2i}=\sin\frac{p}{10000^{2i/d}},\quad P_{p,2i+1}=\cos\frac{p}{10000^{2i/d}}"
LN_RULE = r"\frac{x - \mu}{\sigma}"
LN_RULE_EPS = r"\frac{x - \mu}{\sqrt{\sigma^2 + \varepsilon}}"
PANEL = Box(-3.5, SAFE_HALF_WIDTH - 0.05, 2.75, CONTENT_BOTTOM)  # beside the diagram, above the captions


def swap_names(d) -> tuple:
    """The swap test's two formulas: Y of the tokens in order, and of the reordered tokens."""
    names = "abcd"[: d.Y.shape[0]]
    return (f"Y({', '.join(names)})", f"Y({', '.join(names[k] for k in d.swap_order)})")


def is_whole(values) -> bool:
    return bool(np.all(np.asarray(values) == np.round(values)))


class PrenormSteps:
    """Needs from the scene: data, pal, path, head_colors, mat, named, weights, op, arrow, tex, txt, s,
    begin, put, say, show (scenes.prenorm_block)."""

    # -- shared pieces ---------------------------------------------------------------------------
    def stats_grid(self, mean, var, std) -> VGroup:
        """Per-row mean, variance and std (4 decimals) in a small table; .cells[r][k] to point at."""
        pal = self.pal
        std_key = "std_eps" if self.data.eps > 0 else "std"
        head = [self.txt("", size=18)] + [self.txt(self.s(k), size=18, color=pal.muted)
                                          for k in ("mean", "var", std_key)]
        body = [[self.txt(self.s("row", r=r), size=18, color=pal.muted)] +
                [glyph_number(fmt_num(v, 4), font=self.look.font, font_size=20, color=pal.ink)
                 for v in (mean[r], var[r], std[r])] for r in range(len(mean))]
        grid = VGroup(*head, *(c for line in body for c in line))
        grid.arrange_in_grid(rows=len(mean) + 1, cols=4, buff=(0.35, 0.22), col_alignments="rrrr")
        grid.cells = body
        return grid

    def ln_step(self, name_in: str, values_in, stats, name_out: str, values_out):
        """X → (mean, var, std per row) → (x − mean) / std: the panel of a LayerNorm step."""
        pal = self.pal
        m_in = self.mat(values_in)
        grid = self.stats_grid(*stats)
        top = row(self.named(m_in, name_in), grid, buff=0.8)
        m_out = self.mat(values_out, color=pal.accent)
        rule = self.tex(LN_RULE_EPS if self.data.eps > 0 else LN_RULE, size=30, color=pal.muted)
        if self.data.eps > 0:  # the ε the caption states, under the rule that adds it
            rule = rows(rule, self.txt(f"ε = {self.cap['cap_ln1']['e']}", size=26, color=pal.ink), buff=0.14)
        bottom = row(rule, self.op("="), self.named(m_out, name_out, color=pal.accent))
        PANEL.fit(rows(top, bottom, buff=0.6))
        self.put(top[0])
        for r in range(len(grid.cells)):
            ring = m_in.box_row(r, pal.accent)
            self.put(ring, VGroup(*grid[:4], *grid.cells[r]) if r == 0 else VGroup(*grid.cells[r]), run_time=0.6)
            self.wait(0.6)
        self.put(bottom)
        return m_in, grid, m_out

    # -- 1. X + P -----------------------------------------------------------------------------------
    def step_input(self):
        d, pal = self.data, self.pal
        self.begin("input", "input")
        self.play(QuickFadeIn(self.path), run_time=0.6)
        self.persist(self.path)  # the block stays on screen from here on, its current step lit
        x = self.named(self.mat(d.X, decimals=0 if is_whole(d.X) else 2), "X")
        if not d.with_p:  # the P = 0 pass: the words only, nothing added
            bottom = row(self.op("="), self.named(self.mat(d.X_in), r"X_{\mathrm{in}} = X"))
            PANEL.fit(rows(x, bottom, buff=0.5))
            self.put(x)
            self.put(bottom, run_time=0.6)
            self.show(showing="X,X_in")
            return
        mp = self.mat(d.P, color=pal.cool)
        pos = VGroup(*(self.txt(self.s("pos", p=p), size=18, color=pal.cool).next_to(mp.row(r), RIGHT, buff=0.4)
                       for r, p in enumerate(d.positions)))
        p = VGroup(self.named(mp, "P", color=pal.cool), pos)
        top = row(x, self.op("+"), p)
        formula = self.tex(PE_FORMULA, size=26, color=pal.muted)
        xin = self.mat(d.X_in)
        bottom = row(self.op("="), self.named(xin, r"X_{\mathrm{in}} = X + P"))
        PANEL.fit(rows(top, formula, bottom, buff=0.4))
        self.put(x)
        self.put(top[1], p, formula)
        self.put(bottom)
        self.put(mp.box_cell(1, 0, pal.accent), xin.box_cell(1, 0, pal.accent), run_time=0.5)
        self.show(showing="X,P,X_in")

    # -- 2. LayerNorm 1 ----------------------------------------------------------------------------
    def step_ln1(self):
        d, pal = self.data, self.pal
        self.begin("ln1", "ln1")
        _, grid, _ = self.ln_step(r"X_{\mathrm{in}}", d.X_in, (d.ln1_mean, d.ln1_var, d.ln1_std),
                                  r"\tilde X = \mathrm{LN}(X_{\mathrm{in}})", d.X_tilde)
        r = self.cap["cap_ln1"]["row"]
        self.put(SurroundingRectangle(VGroup(*grid.cells[r][2:]), buff=0.08, color=pal.accent), run_time=0.5)
        self.show(showing="X_in,ln1_stats,X_tilde", ln1_var_row1=float(d.ln1_var[r]),
                  ln1_std_row1=float(d.ln1_std[r]))

    # -- 3. the head split -------------------------------------------------------------------------
    def step_heads(self):
        d = self.data
        self.begin("heads", "head1", "head2")
        xt = self.mat(d.X_tilde)
        top = self.named(xt, r"\tilde X")
        qs = []
        for h, dims in enumerate(d.head_dims):
            color = self.head_colors[h]
            H = h + 1
            q = self.named(self.mat(d.Q[h], color=color), rf"Q^{{({H})}} = K^{{({H})}} = V^{{({H})}}", color=color)
            tag = self.txt(self.s("head_tag", h=H, a=dims[0], b=dims[-1]), size=22, color=color)
            qs.append(VGroup(q, tag.next_to(q, DOWN, buff=0.18)))
        bottom = row(*qs, buff=1.2)
        PANEL.fit(rows(top, bottom, buff=0.9))
        self.put(top)
        for h, dims in enumerate(d.head_dims):
            box = SurroundingRectangle(VGroup(*(xt.col(c) for c in dims)), buff=0.08, color=self.head_colors[h])
            arrow = Arrow(box.get_bottom(), qs[h][0][0].get_top(), buff=0.08, color=self.head_colors[h],
                          stroke_width=3, max_tip_length_to_length_ratio=0.12)
            self.put(box, run_time=0.4)
            self.put(arrow, qs[h])
            self.show(showing=f"X_tilde,Q{h + 1}")

    # -- 4. attention in both heads ------------------------------------------------------------------
    def step_attention(self):
        d, pal = self.data, self.pal
        self.begin("attention", "head1", "head2")
        lines, mats = [], []
        for h in range(d.Q.shape[0]):
            H, color = h + 1, self.head_colors[h]
            ms = [self.mat(d.Q[h], color=color, size=22, col_gap=0.22), self.mat(d.S[h], size=22, col_gap=0.22),
                  self.mat(d.E[h], size=22, col_gap=0.22), self.mat(d.A[h], color=pal.accent, size=22, col_gap=0.22),
                  self.mat(d.C[h], size=22, col_gap=0.22)]
            parts = [self.named(ms[0], rf"Q^{{({H})}}", color=color)]
            for label, m, name in zip((r"QK^{\top}", rf"\div\sqrt{{{d.d_k}}}", r"\mathrm{softmax}", r"\cdot\,V"),
                                      ms[1:], "SEAC"):
                parts += [self.arrow(label), self.named(m, rf"{name}^{{({H})}}",
                                                        color=pal.accent if name == "A" else None)]
            lines.append(row(*parts, buff=0.14))
            mats.append(ms)
        uniform = zero_query_rows(d)[0] if "cap_uniform" in self.cap else None
        note = self.txt(self.s("uniform"), size=26, color=pal.accent)
        # the note's place is kept free between the rows from the start
        tall = note.height
        PANEL.fit(rows(lines[0], note, *lines[1:], buff=0.3) if uniform else rows(*lines, buff=0.7))
        note.scale(max(1.0, 0.7 * tall / note.height))  # four tokens shrink the rows, not the note below 3 %
        for h, line in enumerate(lines):
            self.put(line[0])
            self.put(*line[1:], run_time=1.0)
            self.show(showing=f"Q{h + 1},S{h + 1},E{h + 1},A{h + 1},C{h + 1}")
        if uniform:
            h, t = uniform
            q, a = mats[h][0], mats[h][3]
            self.say("cap_uniform")
            self.put(q.box_row(t, pal.accent), a.box_row(t, pal.accent), note.align_to(lines[0], LEFT), run_time=0.6)
            self.show(uniform_row=f"head{h + 1},row{t}")
    
    # -- 5. Concat and W_O ---------------------------------------------------------------------------
    def step_concat(self):
        d, pal = self.data, self.pal
        self.begin("concat", "concat")
        cat = self.mat(d.concat)
        for h in range(d.C.shape[0]):
            for c in range(h * d.d_k, (h + 1) * d.d_k):
                cat.col(c).set_color(self.head_colors[h])
        wo_group, wo = self.weights(d.W_O, r"W_O =")
        top = row(self.named(cat, r"\mathrm{Concat}(C^{(1)}, C^{(2)})"), self.op(r"\cdot"), wo_group)
        o = self.mat(d.O)
        bottom = row(self.op("="), self.named(o, r"O = \mathrm{Concat}\cdot W_O"))
        PANEL.fit(rows(top, bottom, buff=0.6))
        self.put(top[0])
        self.put(top[1], wo_group)
        self.put(bottom)
        self.put(cat.box_row(0, pal.accent), wo.box_col(0, pal.accent), o.box_cell(0, 0, pal.accent), run_time=0.5)
        self.show(showing="concat,W_O,O")

    # -- 6. and 10. the residual adds --------------------------------------------------------------
    def residual(self, name: str, node: str, a, name_a: str, b, name_b: str, out, name_out: str):
        pal = self.pal
        self.begin(name, node)
        ma, mb, mo = self.mat(a), self.mat(b), self.mat(out, color=pal.accent)
        top = row(self.named(ma, name_a), self.op("+"), self.named(mb, name_b))
        bottom = row(self.op("="), self.named(mo, name_out, color=pal.accent))
        PANEL.fit(rows(top, bottom, buff=0.7))
        self.put(top)
        self.put(bottom)
        self.put(*(m.box_cell(0, 1, pal.accent) for m in (ma, mb, mo)), run_time=0.5)
        return mo

    def step_residual1(self):
        d = self.data
        self.residual("residual1", "add1", d.X_in, r"X_{\mathrm{in}}", d.O, "O", d.Z_prime, r"Z' = X_{\mathrm{in}} + O")
        self.show(showing="X_in,O,Z_prime")

    # -- 7. LayerNorm 2 ------------------------------------------------------------------------------
    def step_ln2(self):
        d = self.data
        self.begin("ln2", "ln2")
        self.ln_step("Z'", d.Z_prime, (d.ln2_mean, d.ln2_var, d.ln2_std), r"\tilde Z = \mathrm{LN}(Z')", d.Z_tilde)
        self.show(showing="Z_prime,ln2_stats,Z_tilde")

    # -- 8. FFN up and ReLU ---------------------------------------------------------------------------
    def step_ffn_up(self):
        d, pal = self.data, self.pal
        self.begin("ffn_up", "ffn")
        w1_group, _ = self.weights(d.W_1, r"W_1 =", size=18)
        top = row(self.named(self.mat(d.Z_tilde), r"\tilde Z"), self.op(r"\cdot"), w1_group)
        h = self.mat(d.H, size=20)
        h_named = self.named(h, r"\tilde Z W_1")
        bottom = row(self.op("="), h_named)
        PANEL.fit(rows(top, bottom, buff=0.6))
        self.put(top)
        self.put(bottom)
        self.show(showing="Z_tilde,W_1,H")
        dead = [(r, c) for r in range(d.H.shape[0]) for c in range(d.H.shape[1]) if d.died[r, c]]
        marks = VGroup(*(h.box_cell(r, c, pal.bad) for r, c in dead))
        note = self.txt(self.s("relu", k=d.relu_zeros, m=d.ffn_entries), size=20, color=pal.bad)
        note.next_to(h, DOWN, buff=0.2)
        self.put(marks, note, run_time=0.6)
        self.wait(1.0)
        zeros = self.mat(d.R, size=20, color=pal.muted)
        for r, c in dead:  # the ReLU's zeros, put in place of the negative entries
            z = zeros.cell(r, c)
            z.scale(h.cell(r, c).height / z.height).move_to(h.cell(r, c), aligned_edge=RIGHT)
        relu_name = self.tex(r"\mathrm{ReLU}(\tilde Z W_1)", size=30).move_to(h_named[0])
        gone = [h.cell(r, c) for r, c in dead] + [h_named[0]]
        self.play(*(QuickFadeOut(m) for m in gone), run_time=0.4)
        self.put(relu_name, *(zeros.cell(r, c) for r, c in dead), run_time=0.5)
        self.show(showing="Z_tilde,W_1,R", relu_died=";".join(f"{r},{c}" for r, c in dead))

    # -- 9. FFN down -----------------------------------------------------------------------------------
    def step_ffn_down(self):
        d, pal = self.data, self.pal
        self.begin("ffn_down", "ffn")
        r_mat = self.mat(d.R, size=20)
        for r in range(d.R.shape[0]):
            for c in range(d.R.shape[1]):
                if d.died[r, c]:
                    r_mat.cell(r, c).set_color(pal.muted)
        w2_group, w2 = self.weights(d.W_2, r"W_2 =", size=18)
        for c in range(d.R.shape[1]):  # a unit dead for every token adds nothing: dim its row of W₂
            if d.died[:, c].all():
                w2.row(c).set_opacity(0.3)
        top = row(self.named(r_mat, r"\mathrm{ReLU}(\tilde Z W_1)"), self.op(r"\cdot"), w2_group)
        f = self.mat(d.F, color=pal.accent)
        bottom = row(self.op("="), self.named(f, r"F = \mathrm{ReLU}(\tilde Z W_1)\, W_2", color=pal.accent))
        PANEL.fit(rows(top, bottom, buff=0.5))
        self.put(top)
        self.put(bottom)
        self.put(r_mat.box_row(0, pal.accent), w2.box_col(0, pal.accent), f.box_cell(0, 0, pal.accent), run_time=0.5)
        self.show(showing="R,W_2,F")

    # -- 10. residual 2 -------------------------------------------------------------------------------
    def step_residual2(self):
        d = self.data
        self.residual("residual2", "add2", d.Z_prime, "Z'", d.F, "F", d.Y, "Y = Z' + F")
        self.show(showing="Z_prime,F,Y")

    # -- 11. the swap test: P = 0 against P ----------------------------------------------------------
    def swap_column(self, box: Box, header: str, color, Y, Y_swapped, verdict: str, changed=None):
        pal = self.pal
        colors = (pal.series[4], pal.series[7], pal.series[1], pal.series[3])
        tokens = {k: (TOKEN_NAMES[k], colors[k]) for k in range(len(self.data.swap_order))}
        order = self.data.swap_order
        parts = [self.txt(header, size=26, color=color)]
        mats = []
        for values, name, who in zip((Y, Y_swapped), swap_names(self.data), (range(len(order)), order)):
            m = self.mat(values, size=24, col_gap=0.4)  # room between the changed cells' boxes
            tags = VGroup()
            for r, t in enumerate(who):
                letter, c = tokens[t]
                m.row(r).set_color(c)
                tags.add(self.tex(letter, size=34, color=c).next_to(m.row(r), LEFT, buff=0.4))
            mats.append(m)
            parts.append(row(self.tex(name, size=28), VGroup(tags, m), buff=0.25))
        note = self.txt(verdict, size=22, color=color, line_spacing=0.8)
        parts.append(note)
        group = rows(*parts, buff=0.35)
        body = VGroup(*parts[:-1])  # the matrices shrink to fit; the verdict keeps its size
        k = min(1.0, box.width / body.width, (box.height - note.height - 0.35) / (group.height - note.height - 0.35))
        if k < 1.0:
            body.scale(k)
            group.arrange(DOWN, buff=0.35)
        group = box.fit(group, align="top")
        marks = VGroup(*(SurroundingRectangle(mats[1].cell(r, c), buff=0.04, color=color)
                         for r, c in (changed or [])))
        return group, marks

    def step_swap(self):
        d, pal = self.data, self.pal
        self.begin("swap", "input", "out", caption="cap_swap")
        self.path.light("input", "out", done=tuple(k for k in self.path.nodes if k not in ("input", "out")))
        left, right = PANEL.split(2, gap=0.45)
        zero, _ = self.swap_column(left, self.s("p0"), pal.cool, d.zero_Y, d.zero_Y_swapped,
                                   self.s("only_swap", c=fmt_num(d.zero_swap_change_max, 2)))
        changed = [(r, c) for r in range(d.Y.shape[0]) for c in range(d.Y.shape[1])
                   if fmt_num(d.swap_change[r, c], 2) not in ("0.00",)]
        with_p, marks = self.swap_column(right, self.s("withp"), pal.accent, d.p_Y, d.Y_swapped,
                                         self.s("changed", c=self.cap["cap_close"]["c"]), changed)
        self.put(zero[0], zero[1], run_time=0.6)
        self.put(zero[2], run_time=0.8)
        self.put(zero[3], run_time=0.5)
        self.show(showing="zero_Y,zero_Y_swapped", zero_swap_change_max=d.zero_swap_change_max)
        self.put(with_p[0], with_p[1], run_time=0.6)
        self.put(with_p[2], run_time=0.8)
        self.put(marks, with_p[3], run_time=0.6)
        self.say("cap_close")  # the change is stated once both columns show it
        self.show(showing="Y,Y_swapped", swap_change_max=d.swap_change_max)
