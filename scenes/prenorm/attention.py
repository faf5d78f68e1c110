"""The attention step of prenorm_block (mixed into scenes.prenorm_block.PrenormBlock; seed 000 §2):
one head worked in full (Q → S → E, then E → A → C), then each other head's own scores E, weights A
and output C on the line under it, column for column, so every head's weights follow from scores
on screen. The zero-query note belongs to the worked head only: it leaves before the next head
comes, so it never sits under weights it does not describe.
"""
from __future__ import annotations

from manim import VGroup

from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut
from scenes.prenorm.steps import LABEL_TXT, PANEL, parts
from scenes.parts.panel import row, rows
from scenes.prenorm.strings import zero_query_rows


class PrenormAttention:
    """Needs what PrenormSteps needs (scenes.prenorm.steps), and its carry (the worked head's Q)."""

    def head_line(self, h: int, color=None) -> tuple:
        """E⁽ʰ⁾ → softmax → A⁽ʰ⁾ → ·V → C⁽ʰ⁾ (the worked head's A in the accent): (line, [E, A, C])."""
        d, pal = self.data, self.pal
        H = h + 1
        a_color = pal.accent if color is None else color
        ms = [self.mat(d.E[h], color=color, col_gap=0.22, tokens="left"), self.mat(d.A[h], color=a_color, col_gap=0.22),
              self.mat(d.C[h], color=color, col_gap=0.22)]
        named = [self.named(m, rf"{n}^{{({H})}}", color=c) for m, n, c in zip(ms, "EAC", (color, a_color, color))]
        arrows = [self.arrow(r"\mathrm{softmax}"), self.arrow(r"\cdot\,V")]
        return row(named[0], arrows[0], named[1], arrows[1], named[2], buff=0.14), ms

    def step_attention(self):
        d, pal = self.data, self.pal
        self.begin("attention", "head1", "head2")
        w = self.worked
        H, color = w + 1, self.head_colors[w]
        ms = [self.mat(d.Q[w], color=color, col_gap=0.22, tokens="left"), self.mat(d.S[w], col_gap=0.22), self.mat(d.E[w], col_gap=0.22)]
        named = [self.named(ms[0], rf"Q^{{({H})}}", color=color)] + [
            self.named(m, rf"{n}^{{({H})}}") for m, n in zip(ms[1:], "SE")]
        arrows = [self.arrow(lab) for lab in (r"QK^{\top}", rf"\div\sqrt{{{d.d_k}}}")]
        others = [k for k in range(d.Q.shape[0]) if k != w]
        # page 1: Q → S → E; page 2: E (moved up) → A → C, then under it each other head's E → A → C
        page1 = self.wrap(named[0], [(arrows[0], named[1]), (arrows[1], named[2])])
        line, (e, a, c) = self.head_line(w)
        lines = {k: self.head_line(k, self.head_colors[k]) for k in others}
        tags = {k: self.txt(self.s("head_tag", h=k + 1, a=d.head_dims[k][0], b=d.head_dims[k][-1]), size=LABEL_TXT,
                            color=self.head_colors[k]) for k in others}
        page2 = rows(line, *(rows(tags[k], lines[k][0], buff=0.15) for k in others), buff=0.35)
        PANEL.fit(page1)
        PANEL.fit(page2)
        self.arrive(ms[0], named[0][0])
        for k in (1, 2):
            self.emerge(parts(ms[k - 1])[:-1], ms[k], QuickFadeIn(arrows[k - 1]), QuickFadeIn(named[k][0]),
                        put=[arrows[k - 1], named[k]], run_time=1.8)  # paced to the cue that explains both
        self.show(showing=f"Q{H},S{H},E{H}")
        self.next_cue()
        self.hand_on(ms[2])
        self.clear_but_carry()
        self.arrive(e, line[0][0])
        for k, (src, dst) in enumerate(((e, a), (a, c))):
            self.emerge(parts(src)[:-1], dst, QuickFadeIn(line[2 * k + 1]), QuickFadeIn(line[2 * k + 2][0]),
                        put=[line[2 * k + 1], line[2 * k + 2]])
        self.show(showing=f"E{H},A{H},C{H}")
        if "cap_uniform" in self.cap:  # head w's zero query: in the place the next head's line takes later
            t = zero_query_rows(d)[0][1]
            note = self.txt(self.s("uniform"), size=26, color=pal.accent)
            note.move_to(page2[1] if others else line.get_bottom() + [0, -0.5, 0])
            self.say("cap_uniform")
            marks = [e.box_row(t, pal.accent), a.box_row(t, pal.accent)]
            self.put(*marks, note, run_time=0.6)
            self.show(uniform_row=f"head{H},row{t}")
            self.say("cap_head2")
            gone = [*marks, note]
            self.play(*(QuickFadeOut(m) for m in gone), run_time=0.4)
            self.remove(*gone)
            self.panel = [m for m in self.panel if all(m is not g for g in gone)]
        else:
            self.say("cap_head2")
        for k in others:  # the next head: its own scores first, then its weights and output from them
            (lk, (ek, ak, ck)) = lines[k]
            self.put(tags[k], lk[0], run_time=0.7)
            self.emerge(parts(ek)[:-1], ak, QuickFadeIn(lk[1]), QuickFadeIn(lk[2][0]), put=[lk[1], lk[2]], run_time=0.9)
            self.emerge(parts(ak)[:-1], ck, QuickFadeIn(lk[3]), QuickFadeIn(lk[4][0]), put=[lk[3], lk[4]], run_time=0.9)
        self.show(showing=f"E{H},A{H},C{H}," + ",".join(f"E{k + 1},A{k + 1},C{k + 1}" for k in others))
        self.hand_on(c)
        # every head's output moves into the concat: the worked head's entries first, then the others'
        self.carry = VGroup(*parts(c)[:-1], *(e for k in others for e in parts(lines[k][1][2])[:-1]),
                            c.brackets, *(lines[k][1][2].brackets for k in others))
        self.carry_heads = [w] + others
