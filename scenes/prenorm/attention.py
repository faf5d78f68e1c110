"""The attention step of prenorm_block (mixed into scenes.prenorm_block.PrenormBlock; seed 000 §2):
one head worked in full (Q → S → E, then E → A → C), then each other head's own scores E, weights A
and output C on the line under it, column for column, so every head's weights follow from scores
on screen. Only what the concat uses is worked: no detour through a single row or the tables' symmetry.
"""
from __future__ import annotations

from manim import LEFT, Indicate, VGroup

from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut
from scenes.prenorm.steps import LABEL_TXT, PANEL, parts, window
from scenes.parts.panel import row, rows


NAME_GAP = 0.06  # a name sits this close over its matrix: three lines of them fit at full size


class PrenormAttention:
    """Needs what PrenormSteps needs (scenes.prenorm.steps), and its carry (the worked head's Q)."""

    def point_while_read(self, *mobs, scale=1.1):
        """Point at `mobs` (Indicate, in the accent) over what is left of the caption, cue by cue, so
        the picture keeps moving while it is read."""
        for _ in range(12):
            left = self.cue_left()
            if left < 0.6:
                if not self._queue:
                    break
                self.next_cue()
                continue
            self.play(*(Indicate(m, color=self.pal.accent, scale_factor=scale) for m in mobs), run_time=min(1.5, left - 0.1))

    def head_from_diagram(self, k: int, tag, scores) -> None:
        """Head k comes from the diagram: its box (lit there) leaves the block and travels to where its scores
        go, its tag fading in over the line; the box then gives way to its scores E (name and matrix)."""
        chip = self.path.nodes[f"head{k + 1}"].copy()
        self.add(chip)
        self.play(chip.animate.move_to(scores[1]), QuickFadeIn(tag, rate_func=window(0.4, 1.0)), run_time=1.0)
        self.panel += [tag, scores]
        self.play(QuickFadeOut(chip, rate_func=window(0.0, 0.5)), QuickFadeIn(scores, rate_func=window(0.3, 1.0)), run_time=0.8)
        self.remove(chip)

    def head_line(self, h: int, color=None) -> tuple:
        """E⁽ʰ⁾ → softmax → A⁽ʰ⁾ → ·V → C⁽ʰ⁾ (the worked head's A in the accent): (line, [E, A, C])."""
        d, pal = self.data, self.pal
        H = h + 1
        a_color = pal.accent if color is None else color
        ms = [self.mat(d.E[h], color=color, col_gap=0.22, tokens="left"), self.mat(d.A[h], color=a_color, col_gap=0.22),
              self.mat(d.C[h], color=color, col_gap=0.22)]
        named = [self.named(m, rf"{n}^{{\textstyle ({H})}}", color=c, buff=NAME_GAP) for m, n, c in zip(ms, "EAC", (color, a_color, color))]
        arrows = [self.arrow(r"\mathrm{softmax}"), self.arrow(r"\cdot\,V")]
        return row(named[0], arrows[0], named[1], arrows[1], named[2], buff=0.14), ms

    def step_attention(self):
        """Head w worked in full, every matrix staying on screen: Q (= K = V) → S → E on the first line,
        softmax → A · V = C on the second (V comes down from Q), so C = A·V can be checked by eye; the
        symmetry claim (in head 2's caption) points at the largest mirror pair of a head's E; each other head's E → A → C on the line under them."""
        d, pal = self.data, self.pal
        self.begin("attention", "head1", "head2")
        w = self.worked
        H, color = w + 1, self.head_colors[w]
        q, s_, e = (self.mat(d.Q[w], color=color, col_gap=0.22, tokens="left"), self.mat(d.S[w], col_gap=0.22),
                    self.mat(d.E[w], col_gap=0.22))
        a, v, c = (self.mat(d.A[w], color=pal.accent, col_gap=0.22), self.mat(d.V[w], color=color, col_gap=0.22),
                   self.mat(d.C[w], color=color, col_gap=0.22))
        named = [self.named(q, rf"Q^{{\textstyle ({H})}} = K^{{\textstyle ({H})}}", color=color, buff=NAME_GAP),  # and V, which the second line takes from it
                 self.named(s_, rf"S^{{\textstyle ({H})}}", buff=NAME_GAP), self.named(e, rf"E^{{\textstyle ({H})}}", buff=NAME_GAP)]
        arrows = [self.arrow(lab) for lab in (r"QK^{\textstyle\top}", rf"\div\sqrt{{{d.d_k}}}")]
        line1 = row(named[0], arrows[0], named[1], arrows[1], named[2], buff=0.14)
        soft = self.arrow(r"\mathrm{softmax}")
        dot, eq = self.op(r"\cdot"), self.op("=")
        named2 = [self.named(a, rf"A^{{\textstyle ({H})}}", color=pal.accent, buff=NAME_GAP), self.named(v, rf"V^{{\textstyle ({H})}}", color=color, buff=NAME_GAP),
                  self.named(c, rf"C^{{\textstyle ({H})}}", color=color, buff=NAME_GAP)]
        line2 = row(soft, named2[0], dot, named2[1], eq, named2[2], buff=0.18)
        others = [k for k in range(d.Q.shape[0]) if k != w]
        lines = {k: self.head_line(k, self.head_colors[k]) for k in others}
        tags = {k: self.txt(self.s("head_tag_same", h=k + 1, a=d.head_dims[k][0], b=d.head_dims[k][-1]), size=LABEL_TXT + 2,
                            color=self.head_colors[k]) for k in others}
        under = [rows(tags[k], lines[k][0], buff=0.08) for k in others]
        PANEL.fit(rows(line1, line2, *under, buff=0.1))
        line2.align_to(line1, LEFT)
        self.arrive(q, named[0][0])
        for k, (src, dst) in enumerate(((q, s_), (s_, e))):
            if k == 1:
                self.to_cue_saying("cue_scaled")  # "divided by the square root of 2, it gives the scaled scores E"
            self.emerge(parts(src)[:-1], dst, QuickFadeIn(arrows[k]), QuickFadeIn(named[k + 1][0]),
                        put=[arrows[k], named[k + 1]], run_time=1.8)  # paced to the cue that explains both
        self.show(showing=f"Q{H},S{H},E{H}")
        self.to_cue_saying("cue_softmax")  # softmax along each row gives A, and C = A·V
        self.emerge(parts(e)[:-1], a, QuickFadeIn(soft), QuickFadeIn(named2[0][0]), put=[soft, named2[0]], run_time=1.0)
        self.flow(parts(q)[:-1], parts(v)[:-1], QuickFadeIn(v.brackets), QuickFadeIn(named2[1][0]), QuickFadeIn(dot),
                  keep=True, put=[dot, named2[1]], run_time=0.9, fade=(0.05, 0.3))  # V is Q: it sets off down from the first line, gone before A's name
        self.to_cue_saying("cue_mix")  # "and C = A·V mixes the value rows" (a cue of its own in English)
        self.emerge(parts(a)[:-1] + parts(v)[:-1], c, QuickFadeIn(eq), QuickFadeIn(named2[2][0]),
                    put=[eq, named2[2]], run_time=1.0)
        self.show(showing=f"Q{H},S{H},E{H},A{H},C{H}")
        self.play(Indicate(a.row(1), color=pal.accent, scale_factor=1.08), Indicate(c.row(1), color=color, scale_factor=1.08),
                  run_time=1.0)  # a row of weights mixes V's rows into the same row of C
        rest = self.cue_left() - 0.2  # the cue on A·V still being read: each row of A and C pointed at in turn
        for r in (0, 1):
            if rest < 0.8:
                break
            self.play(Indicate(a.row(r), color=pal.accent, scale_factor=1.08), Indicate(c.row(r), color=color, scale_factor=1.08),
                      run_time=min(2.0, rest))
            rest = self.cue_left() - 0.2
        self.point_while_read(a, c, scale=1.04)  # while the rest is read
        self.say("cap_head2")  # the other heads: the same steps, each line under the worked one
        for k in others:  # the next head: its own scores first, then its weights and output from them
            (lk, (ek, ak, ck)) = lines[k]
            self.head_from_diagram(k, tags[k], lk[0])
            self.emerge(parts(ek)[:-1], ak, QuickFadeIn(lk[1]), QuickFadeIn(lk[2][0]), put=[lk[1], lk[2]], run_time=1.2)
            self.emerge(parts(ak)[:-1], ck, QuickFadeIn(lk[3]), QuickFadeIn(lk[4][0]), put=[lk[3], lk[4]], run_time=1.2)
            self.show(showing=f"Q{H},S{H},E{H},A{H},C{H}," + ",".join(f"E{j + 1},A{j + 1},C{j + 1}" for j in others[:others.index(k) + 1]))
        self.show(showing=f"Q{H},S{H},E{H},A{H},C{H}," + ",".join(f"E{k + 1},A{k + 1},C{k + 1}" for k in others))
        self.point_while_read(*(lines[k][1][2] for k in others), c, scale=1.04)  # every head's C, which the concat takes
        self.hand_on(c)
        # every head's output moves into the concat: the worked head's entries first, then the others'
        self.carry = VGroup(*parts(c)[:-1], *(e for k in others for e in parts(lines[k][1][2])[:-1]),
                            c.brackets, *(lines[k][1][2].brackets for k in others))
        self.carry_heads = [w] + others
