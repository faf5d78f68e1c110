"""The feed-forward steps of prenorm_block (mixed into scenes.prenorm_block.PrenormBlock; seed 000 §4–§5):
Z̃ · W₁, ReLU's zeros, then ReLU(Z̃W₁) · W₂ = F. Each product takes W's place as one line
"Z̃W₁ = [...]" (its name at its left: a name above a matrix under an "=" would read as Z̃ = …): W
fades while the box on its first column lands on the entry that row × column gives, and the
product's entries appear in place in reading order (nothing travels: forty glyphs collapsing onto
eight read as a tangle). ReLU(Z̃W₁) is a line of its own under Z̃W₁, so the negative entries stay
readable (boxed) while their zeros appear below them.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, RIGHT, UP, Indicate, SurroundingRectangle, Transform, VGroup

from scenes.parts.panel import row, rows
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut
from scenes.prenorm.steps import LABEL_TEX, LABEL_TXT, PANEL, parts, window

RELU_BOX_READ = 2.2  # s: the boxed negatives, "before ReLU", read before they drop (with the 0.4 s box, 0.8 s drop: zeros 3.4 s in)
RELU_NOTE_READ = 2.2  # s: the zero count held after its 0.8 s fade-in, so it reads for 2.5 s or more
FFN_PANEL = PANEL  # a tall W₂ stays clear of the caption as every step does


class PrenormFFN:
    """Needs what PrenormSteps needs (scenes.prenorm.steps), and its carry (Z̃, then ReLU(Z̃W₁))."""

    def product_line(self, values, name: str, color=None):
        """The product, named above it: (group, matrix); group[0] the name, group[1] the matrix."""
        m = self.mat(values, color=color, tokens="left")
        return self.named(m, name, color=color), m

    # -- 8. FFN up and ReLU: Z̃ above W₁, then Z̃W₁ takes W₁'s place ----------------------------------
    def ffn(self, m_in, name_in: str, w, w_name: str, out, out_name: str, color=None, dim_rows=(), fields="",
            below=None, w_above: bool = False, dead=()):
        """m_in (carried) above ·W; then the product, built from both, takes W's place; `below`
        (built, shown later by the step): placed under the product and fitted with it; `fields`:
        the record's names of m_in and W (what the frame shows); `dead`: columns j of m_in that are 0 for
        every token: each is boxed with W's row j, faded and framed (that row drops out of every token's sum)."""
        # W₁ and W₂ at 30 pt, rows packed (0.03 under the entries' line height, still 0.08 clear between rows); the wide W₁
        # gets a wider column gap than before (0.21), so a minus sign reads apart from the entry before it, while the
        # labels over it, fitted to the panel, stay at 3.2 % of the frame height; W₂'s 8 rows still above the caption
        w_group, wm = self.weights(w, w_name, size=30, col_gap=0.21, row_gap=-0.03)
        if w_above:  # a wide W: "· W" above it with its shape (rows × columns), so the line keeps its full size
            shape = self.txt(f"({wm.shape[0]} × {wm.shape[1]})", size=LABEL_TXT, color=self.pal.muted)
            head = VGroup(self.tex(r"\cdot\, " + w_name.replace(" =", ""), size=LABEL_TEX), shape).arrange(RIGHT, buff=0.2)
            w_group = VGroup(head.next_to(wm, UP, buff=0.14), wm)
        for c in dim_rows:  # a unit dead for every token adds nothing: dim its row of W₂
            for e in wm.row(c):
                e.glyphs.set_opacity(0.45)  # faded, its minus signs still readable
        top = self.named(m_in, name_in)
        page = rows(top, w_group if w_above else row(self.op(r"\cdot"), w_group), buff=0.18)  # W clear of the matrix above
        FFN_PANEL.fit(page)
        res, mo = self.product_line(out, out_name, color)
        later = VGroup(res, *([below] if below is not None else []))
        if below is not None:
            below.next_to(res, DOWN, buff=0.3).align_to(res, np.array([1, 0, 0]))
        FFN_PANEL.fit(rows(top.copy(), later, buff=0.45))
        later.shift([0, top.get_bottom()[1] - 0.45 - later.get_top()[1], 0])  # under the input, where W was
        floor = FFN_PANEL.bottom + (0.3 if below is not None else 0.0)  # a note under it keeps clear of the caption
        if later.get_bottom()[1] < floor:
            later.scale((top.get_bottom()[1] - 0.45 - floor) / later.height, about_edge=np.array([0, 1, 0]))
        bad = self.pal.bad
        cols = [m_in.box_col(c, bad, stroke_width=5) for c in dead]
        # W's rows j, faded, each run of them framed in the colour of column j's box, 0.1 clear at the sides (the stroke
        # never touches a minus sign; 0.04 above and below, clear of the next rows)
        runs = [[c] for c in dead[:1]]
        for c in dead[1:]:
            runs[-1].append(c) if c == runs[-1][-1] + 1 else runs.append([c])
        strikes = [SurroundingRectangle(VGroup(*(wm.row(c) for c in run)), buff=(0.1, 0.04), color=bad, stroke_width=4)
                   for run in runs]
        # the input and W come together as the cue naming them comes up; column j's zeros strike out row j with them
        self.arrive(m_in, top[0], page[1], *cols, *strikes, run_time=0.8)
        self.show(showing=fields)
        if dead:  # a zero in column j of a token's row multiplies row j of W by 0 in that token's sum
            self.show(showing=fields, dead_rows=",".join(str(c) for c in dead))
            self.to_cue_saying("cue_dead")  # the cue saying it (Chinese gives it a cue of its own) is read over the marks
            for c, box in zip(dead, cols):  # each pair in turn, as the cue is read (W pointed at before it ends)
                if self.cue_left() < 1.8:
                    break
                self.play(Indicate(box, color=bad, scale_factor=1.0), Indicate(wm.row(c), color=bad, scale_factor=1.0),
                          run_time=0.6)
            # W ("the next matrix") pointed at while that cue ends; F comes with the cue naming it
            # the column boxes and the frames on W's rows leave together (the rows stay faded): the row × column boxes next
            # never cross a frame
            self.play(*(QuickFadeOut(m) for m in [*cols, *strikes]), Indicate(page[1], color=self.pal.accent, scale_factor=1.0), run_time=0.8)  # colour only: a scaled W would push its ends through the boxes on its rows
            self.remove(*cols, *strikes)
            self.panel = [m for m in self.panel if all(m is not s for s in strikes)]
            strikes = []
            self.panel = [m for m in self.panel if all(m is not c for c in cols)]
        boxes = [m_in.box_row(0, self.pal.accent), wm.box_col(0, self.pal.accent)]
        self.put(*boxes, run_time=0.4)
        # W stays while the cue naming it is read (W₂: about 2 s into it), row × column pointed at
        point = max(0.5, min(2.0, self.cue_left() - 1.0)) if not dead else max(0.4, self.cue_left() - 0.05)
        self.play(Indicate(VGroup(m_in.row(0), wm.col(0)), color=self.pal.accent, scale_factor=1.0),  # colour only: inside their boxes
                  run_time=point)
        self.next_cue(before=0.0 if dead else 0.9)  # W leaves as its cue ends (dead: the cue naming F comes with F)
        # W fades while its column's box lands on the entry that row × column gives; then the
        # product's entries appear in place, in reading order (no glyphs travel)
        entries = parts(mo)[:-1]
        self.add(res)
        self.play(QuickFadeOut(page[1], rate_func=window(0, 0.35)),
                  *(QuickFadeOut(m, rate_func=window(0, 0.35)) for m in strikes),  # the struck rows leave with W
                  Transform(boxes[1], mo.box_cell(0, 0, self.pal.accent), rate_func=window(0, 0.35)),
                  *(QuickFadeIn(m, introducer=False, rate_func=window(0.3, 0.5)) for m in (res[0], mo.brackets, mo.tags)),
                  *(QuickFadeIn(e, introducer=False, rate_func=window(0.3 + 0.4 * k / len(entries), 0.5 + 0.4 * k / len(entries)))
                    for k, e in enumerate(entries)),
                  *(QuickFadeOut(b, rate_func=window(0.9, 1.0)) for b in boxes), run_time=1.2)
        self.remove(*strikes)
        gone = [page[1], *boxes, *strikes, *cols]
        self.panel = [m for m in self.panel if all(m is not g for g in gone)] + [res]
        return mo, res

    def step_ffn_up(self):
        """Z̃ · W₁, then ReLU in place: the negative entries, boxed, turn into zeros where they stood and
        the product's name becomes ReLU(Z̃W₁) (one matrix, so its digits stay large)."""
        d, pal = self.data, self.pal
        self.begin("ffn_up", "ffn")
        note = self.txt(self.s("relu", k=d.relu_zeros, m=d.ffn_entries), size=26, color=pal.bad)
        h, res = self.ffn(self.mat(d.Z_tilde, tokens="left"), r"\tilde Z", d.W_1, r"W_1 =", d.H, r"\tilde Z W_1",
                          fields="Z_tilde,W_1", below=note, w_above=True)
        self.show(showing="Z_tilde,H")  # W₁ left as the product took its place
        dead = [(r, c) for r in range(d.H.shape[0]) for c in range(d.H.shape[1]) if d.died[r, c]]
        marks = VGroup(*(h.box_cell(r, c, pal.bad) for r, c in dead))
        r_mat = self.mat(d.R)  # (T, 4d): each entry where H's stood, ReLU's zeros muted
        for r in range(d.H.shape[0]):
            for c in range(d.H.shape[1]):
                r_mat.cell(r, c).move_to(h.cell(r, c))
        r_mat.brackets.become(h.brackets.copy())
        for r, c in dead:
            r_mat.cell(r, c).set_color(pal.muted)
        name = self.tex(r"\mathrm{ReLU}(\tilde Z W_1)", size=38).move_to(res[0])
        pre = self.txt(self.s("pre_relu"), size=26, color=pal.muted).next_to(res[0], RIGHT, buff=0.3)
        # "ReLU keeps the positive entries and sets the negative ones to 0": the negatives are boxed as it comes up
        # and pointed at briefly, then drop to their zeros in the cue's first half, while it still says so
        self.next_cue()
        self.put(marks, pre, run_time=0.4)
        if dead:
            self.play(Indicate(VGroup(*(h.cell(r, c) for r, c in dead)), color=pal.bad, scale_factor=1.0),
                      run_time=RELU_BOX_READ)
        zeros = [r_mat.cell(r, c) for r, c in dead]
        self.add(*zeros)
        # each negative drops out of its place (down a little, fading) before its 0.00 comes in there, and
        # the name hands over the same way: never two numbers, or two names, drawn over each other
        drop = 0.35 * h.cell(0, 0).height
        self.add(name)
        self.play(*(h.cell(r, c).glyphs.animate(rate_func=window(0.0, 0.45)).shift([0, -drop, 0]).set_fill(opacity=0.0)
                    for r, c in dead),
                  *(QuickFadeIn(z, introducer=False, rate_func=window(0.5, 0.9)) for z in zeros),
                  QuickFadeOut(res[0], rate_func=window(0.0, 0.4)), QuickFadeOut(pre, rate_func=window(0.0, 0.4)),
                  QuickFadeIn(name, introducer=False, rate_func=window(0.5, 0.9)), QuickFadeIn(note), run_time=0.8)
        gone = [res[0], pre, *(h.cell(r, c) for r, c in dead)]
        self.detach(*gone)  # out of the product's group too: its fade at the step's end must not bring them back
        self.remove(*gone)
        self.panel = [m for m in self.panel if m is not pre] + [name, note, *zeros]  # "before ReLU" gone for good
        self.show(showing="Z_tilde,H,R", relu_died=";".join(f"{r},{c}" for r, c in dead))
        # the count of zeros, read beside them for at least RELU_NOTE_READ s (the rest of the cue if longer)
        self.play(Indicate(VGroup(*zeros) if zeros else note, color=pal.muted if zeros else pal.bad, scale_factor=1.0),
                  run_time=max(RELU_NOTE_READ, self.cue_left() - 0.1))
        live = {(r, c): h.cell(r, c) for r in range(d.H.shape[0]) for c in range(d.H.shape[1])}
        live.update({(r, c): r_mat.cell(r, c) for r, c in dead})
        self.carry = VGroup(*(live[r, c] for r in range(d.H.shape[0]) for c in range(d.H.shape[1])), h.brackets)
        self._carried_values = np.asarray(d.R, dtype=float)

    # -- 9. FFN down ---------------------------------------------------------------------------------
    def step_ffn_down(self):
        d, pal = self.data, self.pal
        self.begin("ffn_down", "ffn")
        r_mat = self.mat(d.R, tokens="left")
        for r, c in zip(*np.nonzero(d.died)):
            r_mat.cell(r, c).set_color(pal.muted)
        dim = [c for c in range(d.R.shape[1]) if d.died[:, c].all()]
        f, _ = self.ffn(r_mat, r"\mathrm{ReLU}(\tilde Z W_1)", d.W_2, r"W_2 =", d.F, "F", color=pal.accent,
                        dim_rows=dim, fields="R,W_2", dead=dim)
        self.show(showing="R,F")  # W₂ left as F took its place
        self.hand_on(f)
