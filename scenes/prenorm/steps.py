"""The steps of prenorm_block, one method per section (mixed into scenes.prenorm_block.PrenormBlock).

Each step clears the panel, lights its node of the block diagram, lays out its matrices with
scenes.parts.panel (rows fitted into the panel box: no typed positions, nothing past the frame);
the next step's `begin` waits until the caption has been read (LectureScene.read_caption).
"""
from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, Indicate, MoveAlongPath, RoundedRectangle, ShowPassingFlash, SurroundingRectangle, Transform,
                   UpdateFromAlphaFunc, VGroup)
from manim.utils.paths import path_along_arc, straight_path

from scenes.parts.panel import CONTENT_BOTTOM, SAFE_HALF_WIDTH, Box, row, rows
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut
from scenes.prenorm.strings import TOKEN_NAMES
from scenes.prenorm.why import post_ln_and_gradient, pre_beside_post

LABEL_TEX, LABEL_TXT = 38, 26  # as scenes.prenorm_block: capitals >= 3.2 % of the frame height

# the exponent 2i/d at full text size, raised half an ex so it reads as a power, and X_in's "in" a size larger still
# (as scripts they were about 1.6 % of the frame height; now at least 22 px of 720 once the panel is fitted)
PE_FORMULA = (r"P_{p,2i}=\sin\frac{p}{10000^{\raisebox{0.5ex}{$\textstyle 2i/d$}}},", r"P_{p,2i+1}=\cos\frac{p}{10000^{\raisebox{0.5ex}{$\textstyle 2i/d$}}}")
LN_RULE = r"\gamma \odot \frac{x - \mu}{\sigma} + \beta"  # LayerNorm's rule: normalise, then scale and shift
LN_EXTRA = (r"\gamma =", r"\beta =", r"\sigma = \sqrt{\sigma^{\textstyle 2} + \varepsilon}")
CLEAR_BOTTOM = CONTENT_BOTTOM + 0.15  # drawn text ends here: at least 0.2 clear of a two-line caption's first line
PANEL = Box(-3.07, SAFE_HALF_WIDTH - 0.05, 2.9, CLEAR_BOTTOM)  # beside the diagram (0.3 clear of it), above the captions, under the title
WIDE = 1.08  # a line may be this much wider than the panel before it wraps (the panel then scales it)


def window(a: float, b: float):
    """A rate function that runs from 0 to 1 over the part [a, b] of an animation (0 before, 1 after)."""
    return lambda t: min(1.0, max(0.0, (t - a) / (b - a)))


def fading_copy(src, dst, fade=(0.1, 0.4), path_arc: float = 0.0) -> UpdateFromAlphaFunc:
    """A copy of `src` travelling and reshaping into `dst`'s place, as a Transform would, but faded out over the
    fractions `fade` of the way: it shows where it goes and is gone before it crosses a label or an entry on
    its way. Its mobject (.mobject) is added by the caller; it leaves the scene at the end."""
    start, end = src.copy(), dst.copy()
    start.align_data(end)
    path = path_along_arc(path_arc) if path_arc else straight_path()
    fading = window(*fade)

    def step(m, a):
        m.interpolate(start, end, a, path_func=path)
        keep = 1.0 - fading(a)
        for part in m.family_members_with_points():  # each part's own opacity scaled: an unseen backing stays unseen
            for rgbas in (part.fill_rgbas, part.stroke_rgbas, part.background_stroke_rgbas):
                rgbas[:, 3] *= keep

    return UpdateFromAlphaFunc(start.copy(), step, remover=True)


def parts(m) -> list:
    """A matrix's pieces in reading order (entries row by row, then the brackets): what flows."""
    rows_, cols = m.shape
    return [m.cell(r, c) for r in range(rows_) for c in range(cols)] + [m.brackets]


def eps_tex(eps: float) -> str:
    """ε as the picture writes it: a plain decimal when short (the caption says the same), else a power of ten."""
    text = np.format_float_positional(float(eps), trim="-")
    if len(text) <= 10:
        return rf"\varepsilon = {text}"
    mant, exp = f"{eps:.1e}".split("e")
    return rf"\varepsilon = {mant}\times 10^{{\textstyle {int(exp)}}}"  # the exponent at full size (3 % of the frame)


def gamma_beta_tex(gamma: float, beta: float, decimals: int) -> str:
    """"γ = 1, β = 0" in one TeX face, the values from the record at `decimals` (0 when whole)."""
    from look import fmt_num

    return rf"\gamma = {fmt_num(gamma, decimals)},\; \beta = {fmt_num(beta, decimals)}".replace("−", "-")


def is_whole(values) -> bool:
    return bool(np.all(np.asarray(values) == np.round(values)))


class PrenormSteps:
    """Needs from the scene: data, pal, path, head_colors, mat, named, weights, op, arrow, tex, txt, s,
    begin, put, say, show, flow, next_cue (scenes.prenorm_block). Each step ends with `self.carry`:
    its result on screen, which the next step's `begin` keeps and the step then moves into place."""

    # -- shared pieces ---------------------------------------------------------------------------
    def hand_on(self, m, values=None):
        """The matrix `m` (on screen) is this step's result: the next step moves it into its input,
        a matrix built from the values `m` shows (`values` when its entries were changed in place)."""
        self.carry = VGroup(*parts(m))
        self._carried_values = np.asarray(m.values if values is None else values, dtype=float)

    def arrive(self, dst, *others, run_time=0.9):
        """The carried result travels into the matrix `dst` of the new layout (then on screen)."""
        carry, self.carry = self.carry, None
        if carry is None:
            return self.put(dst, *others)
        tags = [dst.tags] if hasattr(dst, "tags") else []  # the token names come with the matrix
        late = window(0.8, 1.0)  # names, tags and what stands beside the matrix come as it lands, never ahead of it
        self.flow(list(carry), parts(dst), *(QuickFadeIn(m, rate_func=late) for m in (*others, *tags)), run_time=run_time,
                  put=[dst, *others])

    def wrap(self, first, steps) -> VGroup:
        """first, then (arrow, matrix) steps, on lines no wider than the panel (a line after the first
        starts with its arrow)."""
        lines, line = [], [first]
        for step in steps:
            if row(*line, *step, buff=0.14).width > WIDE * PANEL.width and line:
                lines.append(row(*line, buff=0.14))
                line = []
            line += list(step)
        lines.append(row(*line, buff=0.14))
        return rows(*lines, buff=0.35)

    def stats_grid(self, *cols, keys=None, decimals=4) -> VGroup:
        """Per-row mean, variance and std (4 decimals; `keys`: other headers for `cols`) in a small table, one line per
        row of the matrix beside it (ln_step lines them up, so no row labels); .cells[r][k] to point at."""
        pal = self.pal
        size = LABEL_TXT if keys is None else LABEL_TXT + 3  # symbols (μ, σ²) a little larger: 3.2 % once fitted
        shade, keys = pal.muted if keys is None else pal.ink, keys or ("mean", "var", "std_eps" if self.data.eps > 0 else "std")
        head = [self.txt(self.s(k), size=size, color=shade) for k in keys]  # μ, σ² in ink: thin glyphs read faint muted
        body = [[self.mat([[0.0 if abs(c[r]) < 5e-5 else c[r]]], decimals=decimals, size=26).body[0] for c in cols]
                for r in range(len(cols[0]))]
        grid = VGroup(*head, *(c for line in body for c in line))
        grid.arrange_in_grid(rows=len(cols[0]) + 1, cols=len(keys), buff=(0.4, 0.2), col_alignments="r" * len(keys))
        grid.cells = body
        return grid

    def ln_step(self, name_in: str, stats, name_out: str, values_out, centred=None, out_stats=None):
        """X (carried) → (mean, var, std per row) → γ ⊙ (x − mean) / std + β: a LayerNorm step.
        `centred` (x − μ, from the record): the two halves are shown one after the other, each as
        the cue naming it comes up (seed 000 §1): x − μ appears in the result's place, then its
        entries turn into the divided ones."""
        d, pal = self.data, self.pal
        m_in = self.mat(self._carried_values, tokens="left")
        if stats is None:  # a LayerNorm seen before: the rule and its result only
            grid, top = None, VGroup(self.named(m_in, name_in))
        else:
            grid = self.stats_grid(*stats)
            top = row(self.named(m_in, name_in), grid, buff=0.45)
            for r, cells in enumerate(grid.cells):  # each row's statistics on its row's line
                VGroup(*cells).set_y(m_in.row(r).get_y())
            VGroup(*grid[:3]).next_to(VGroup(*grid.cells[0]), UP, buff=0.2).align_to(grid, RIGHT)
            for k in range(3):  # each header over its column
                grid[k].align_to(grid.cells[0][k], RIGHT)
        m_out = self.mat(values_out, color=pal.accent, tokens="right")
        whole = 0 if is_whole(d.ln_gamma) and is_whole(d.ln_beta) else 2
        if np.ptp(d.ln_gamma) == 0 and np.ptp(d.ln_beta) == 0:  # one value each: "γ = 1, β = 0" on one line, all TeX
            ab = [self.tex(gamma_beta_tex(d.ln_gamma[0], d.ln_beta[0], whole), size=LABEL_TEX)]
        else:
            ab = [row(self.tex(n, size=LABEL_TEX), self.mat(v[None, :], decimals=whole, size=26), buff=0.12)
                  for n, v in ((r"\gamma =", d.ln_gamma), (r"\beta =", d.ln_beta))]
        rule = [self.tex(LN_RULE, size=LABEL_TEX + 2, color=pal.ink), *ab]
        if d.eps > 0:  # σ includes ε: its value under the rule (the caption says the same)
            rule += [self.tex(LN_EXTRA[2], size=LABEL_TEX, color=pal.muted), self.tex(eps_tex(d.eps), size=LABEL_TEX)]
        rule = rows(*rule, buff=0.16)
        bottom = row(rule, self.op("="), self.named(m_out, name_out, color=pal.accent), buff=0.35 if out_stats is None else 0.18)
        if out_stats is not None:  # (mean, variance) of each result row, on its line: shown, not only said
            og = self.stats_grid(*out_stats, keys=("mu", "var_sym"), decimals=2).next_to(m_out, RIGHT, buff=0.24)  # clear of the row tags (the "=" closer: the line keeps its width)
            for r, cells in enumerate(og.cells):
                VGroup(*cells, *(og[k] for k in range(2) if r == 0)).shift([0, m_out.row(r).get_y() - cells[0].get_y(), 0])
            bottom.add(og)
        PANEL.fit(rows(top, bottom, buff=0.45), grow=1.25)  # a LayerNorm without statistics has room: its digits read larger
        self.arrive(m_in, top[0][0], run_time=0.8)
        if grid is None:  # the rule as the first cue is read, the result with the cue that states it
            self.put(rule, bottom[1], run_time=0.7)
            self.play(Indicate(rule[0], color=pal.accent, scale_factor=1.05), run_time=1.0)
            self.next_cue()  # "each row ... mean 0 and variance 1": the result comes with it, whole 0.8 s into it
            self.emerge(parts(m_in)[:-1], m_out, QuickFadeIn(bottom[2][0]), put=[bottom[2]], run_time=0.8)
            if out_stats is not None:
                self.put(og, run_time=0.6)
            self.hand_on(m_out)
            return m_in, grid, m_out
        for r in range(len(grid.cells)):  # "row by row": each row ringed in turn
            self.put(m_in.box_row(r, pal.accent), run_time=0.5)
        self.next_cue()  # "each row's mean μ and σ": the statistics come column by column, σ's within 2 s
        for k in range(3):
            self.put(grid[k], VGroup(*(grid.cells[r][k] for r in range(len(grid.cells)))), run_time=0.45)
        self.show(ln1_stats="mean,var,std")
        for k in range(3):  # each column pointed at in turn while the cue is read
            self.play(Indicate(grid[k], color=pal.accent, scale_factor=1.05), run_time=0.7)
        if centred is None:
            self.next_cue()  # the cue that states the result comes up with it
            self.put(rule, bottom[1], run_time=0.7)
            self.emerge(parts(m_in)[:-1], m_out, QuickFadeIn(bottom[2][0]), put=[bottom[2]])
            self.hand_on(m_out)
            return m_in, grid, m_out
        r = self.cap["cap_ln1"]["row"]
        # "row r has σ = …": its statistics framed (the cues before it point at the statistics' names)
        self.until_cue(self.cap["cap_ln1"]["s"], point_at=VGroup(*grid[:3]))
        box = SurroundingRectangle(VGroup(*grid.cells[r][1:]), buff=0.08, color=pal.accent)
        self.panel.append(box)
        std, var = grid.cells[r][2], grid.cells[r][1]
        # framed as the cue comes up, σ lit with it (said first), then the variance it is the root of
        # colour only: a grown entry would reach through the frame around it
        self.play(QuickFadeIn(box, rate_func=window(0.0, 0.3)), Indicate(std, color=pal.accent, scale_factor=1.0), run_time=1.1)
        self.play(Indicate(var, color=pal.accent, scale_factor=1.0), run_time=1.1)
        self.show(ln1_var_row1=float(d.ln1_var[r]), ln1_std_row1=float(d.ln1_std[r]))
        # x − μ in the result's place, as the cue "subtract the mean" comes up
        m_c = self.mat(centred)
        m_c.move_to(VGroup(m_out.body, m_out.brackets))  # in the result's place (its token names at its right)
        name_c = self.tex(r"x - \mu", size=LABEL_TEX).move_to(bottom[2][0])
        self.until_cue(self.s("cue_subtract"))  # x − μ complete in the cue's first second (the cue holds 2.6 s or more)
        self.panel += [rule[0]]  # the rule's "=" waits for its result X̃: x − μ is only half of it
        self.emerge(parts(m_in)[:-1], m_c, QuickFadeIn(name_c), QuickFadeIn(rule[0]), put=[m_c, name_c], run_time=0.9)
        self.show(showing=self.shown.get("showing", "") + ",ln1_centred")
        # ÷ σ: in reading order each entry of x − μ gives way to its divided value in the same place
        # (a cross-fade: one digit morphing into another reads as a blot), the name to X̃
        self.until_cue(self.s("cue_divide"))
        self.panel = [m for m in self.panel if m is not m_c and m is not name_c]
        old, new = parts(m_c)[:-1], parts(m_out)[:-1]
        n = len(new)
        self.add(bottom[2])
        self.play(*(QuickFadeOut(a, rate_func=window(0.5 * k / n, 0.5 * k / n + 0.2)) for k, a in enumerate(old)),
                  *(QuickFadeIn(b, introducer=False, rate_func=window(0.5 * k / n + 0.2, 0.5 * k / n + 0.45))
                    for k, b in enumerate(new)),
                  Transform(m_c.brackets, m_out.brackets.copy()),  # the old brackets widen to the new ones
                  QuickFadeIn(m_out.brackets, introducer=False, rate_func=lambda t: float(t >= 1.0)),
                  QuickFadeOut(name_c, rate_func=window(0.0, 0.3)),
                  QuickFadeIn(bottom[2][0], introducer=False, rate_func=window(0.35, 0.8)),
                  QuickFadeIn(bottom[1], rate_func=window(0.35, 0.8)),
                  QuickFadeIn(m_out.tags, introducer=False, rate_func=window(0.35, 0.8)),
                  Indicate(VGroup(*(grid.cells[k][2] for k in range(len(grid.cells)))), color=pal.accent,
                           scale_factor=1.0), run_time=1.1)  # X̃ complete 1.05 s into its cue
        self.remove(m_c, m_c.brackets, name_c)  # the brackets too: the Transform put them in the scene on their own
        self.panel += [bottom[1], bottom[2]]
        self.show(showing=self.shown.get("showing", "").replace(",ln1_centred", "") + ",X_tilde")
        self.until_cue("γ")  # scale and shift: γ and β under the rule
        self.put(*rule[1:], run_time=0.7)
        self.hand_on(m_out)
        return m_in, grid, m_out

    # -- 1. X + P -----------------------------------------------------------------------------------
    def step_input(self):
        d, pal = self.data, self.pal
        self.persist(self.path)  # the block stays on screen from here on, its current step lit
        self.add(self.path)  # there with the title and the first cue: the caption never opens on an empty frame
        self.begin("input", "input")
        x = self.named(self.mat(d.X, decimals=0 if is_whole(d.X) else 2), "X")
        colors = self.token_colors()  # each token named and coloured from here on
        for r in range(d.X.shape[0]):
            x[1].row(r).set_color(colors[r])
        x.add(VGroup(*(self.txt(TOKEN_NAMES[r], size=LABEL_TXT + 4, color=colors[r]).next_to(x[1], LEFT, buff=0.2)
                       .set_y(x[1].row(r).get_y()) for r in range(d.X.shape[0]))))
        if not d.with_p:  # the P = 0 pass: the words only, nothing added
            xin = self.mat(d.X_in, tokens="left")
            bottom = self.named(xin, r"X_{\text{\large in}} = X")  # its name holds the "=": none at its left
            PANEL.fit(rows(x, bottom, buff=0.5))
            self.put(x)
            self.emerge(parts(x[1])[:-1], xin, QuickFadeIn(bottom[0]), put=[bottom])
            self.show(showing="X,X_in")
            self.hand_on(xin)
            return
        mp = self.mat(d.P, color=pal.cool)
        pos = VGroup(*(self.txt(self.s("pos", p=p), size=LABEL_TXT, color=pal.cool).next_to(mp, RIGHT, buff=0.2).set_y(mp.row(r).get_y())
                       for r, p in enumerate(d.positions)))
        p = VGroup(self.named(mp, "P", color=pal.cool), pos)
        top = row(x, self.op("+"), p)
        formula = row(*(self.tex(f, size=LABEL_TEX, own=True) for f in PE_FORMULA), buff=0.6)
        xin = self.mat(d.X_in, tokens="left")
        bottom = self.named(xin, r"X_{\text{\large in}} = X + P")  # its name holds the "=": none at its left
        PANEL.fit(rows(top, formula, bottom, buff=0.35))
        self.put(x)
        self.put(top[1], p, formula)
        self.emerge(parts(x[1])[:-1] + parts(mp)[:-1], xin, QuickFadeIn(bottom[0]), put=[bottom])
        self.put(mp.box_cell(1, 0, pal.accent), xin.box_cell(1, 0, pal.accent), run_time=0.5)
        self.show(showing="X,P,X_in")
        self.hand_on(xin)

    # -- 2. LayerNorm 1 ----------------------------------------------------------------------------
    def step_ln1(self):
        d = self.data
        self.begin("ln1", "ln1")
        self.show(showing="X_in,ln1_stats")
        self.ln_step(r"X_{\text{\large in}}", (d.ln1_mean, d.ln1_var, d.ln1_std),
                     r"\tilde X = \mathrm{LN}(X_{\text{\large in}})", d.X_tilde, centred=d.ln1_centred)

    # -- 3. the head split: scenes.prenorm.heads

    # -- 4. attention: scenes.prenorm.attention

    # -- 5. Concat and W_O ---------------------------------------------------------------------------
    def step_concat(self):
        d, pal = self.data, self.pal
        self.begin("concat", "concat")
        w, k = self.worked, d.d_k
        cat = self.mat(d.concat, col_gap=0.24, tokens="left")
        for h in range(d.C.shape[0]):
            for c in range(h * k, (h + 1) * k):
                cat.col(c).set_color(self.head_colors[h])
        _, wo = self.weights(d.W_O, r"W_O =")
        wo_group = self.named(wo, "W_O")  # named above, as Concat: the line stays inside the panel at full size
        top = row(self.named(cat, r"\mathrm{Concat}(C^{\textstyle (1)}, C^{\textstyle (2)})"), self.op(r"\cdot"), wo_group, buff=0.2)
        o = self.mat(d.O, tokens="left")
        bottom = self.named(o, r"O = \mathrm{Concat}\cdot W_O")  # its name holds the "=": none at its left
        PANEL.fit(rows(top, bottom, buff=0.5))
        heads = getattr(self, "carry_heads", [w])  # the heads whose outputs were carried, in carry order
        T = d.concat.shape[0]
        mine = [cat.cell(r, c) for h in heads for r in range(T) for c in range(h * k, (h + 1) * k)]
        rest = [cat.cell(r, c) for r in range(T) for c in range(d.concat.shape[1]) if c // k not in heads]
        carry, self.carry = self.carry, None
        entries = list(carry)[:len(mine)]
        brackets = list(carry)[len(mine):]  # each head's brackets travel with its entries and become Concat's: none is crossed
        carry.remove(*entries, *brackets)
        self.panel.remove(carry)
        self.remove(carry)
        self.flow(entries + brackets, mine + [cat.brackets] * len(brackets), *(QuickFadeIn(m) for m in rest),
                  QuickFadeIn(top[0][0]), put=[top[0]])
        per = min(0.8, max(0.3, (self.cue_left() - 0.05) / len(heads)))  # within the cue: the next one waits for W_O
        for h in heads:  # side by side: each head's columns in turn
            self.play(Indicate(VGroup(*(cat.col(c) for c in range(h * k, (h + 1) * k))), color=self.head_colors[h],
                               scale_factor=1.06), run_time=per)
        self.to_cue_saying("cue_wo")  # "then multiply by the output weights": W_O and O come with it
        self.put(top[1], wo_group)
        self.emerge(parts(cat)[:-1], o, QuickFadeIn(bottom[0]), put=[bottom])
        self.put(cat.box_row(0, pal.accent), wo.box_col(0, pal.accent), o.box_cell(0, 0, pal.accent), run_time=0.5)
        self.show(showing="concat,W_O,O")
        self.hand_on(o)
    # -- 6. and 10. the residual adds --------------------------------------------------------------
    def residual(self, name: str, node: str, tap: str, a, name_a: str, tag: str, name_b: str, out, name_out: str,
                 why: bool = False):
        """Z = A + B: A comes down the residual path from the diagram's node `tap` unchanged, B is the
        carried sublayer output; the sum is built from the two (its name shown once it is on screen)."""
        pal = self.pal
        self.begin(name, node)
        ma, mb = self.mat(a, tokens="left"), self.mat(self._carried_values)
        mo = self.mat(out, color=pal.accent, tokens="left")
        label = self.txt(tag, size=LABEL_TXT, color=pal.accent)
        left = VGroup(self.named(ma, name_a), label)
        label.next_to(ma, DOWN, buff=0.2)
        top = row(left, self.op("+"), self.named(mb, name_b), buff=0.3)
        bottom = self.named(mo, name_out, color=pal.accent)  # its name holds the "=": none at its left
        PANEL.fit(rows(top, bottom, buff=0.5))
        self.arrive(mb, top[2][0], top[1])
        comp = pre_beside_post(self, Box(PANEL.left, PANEL.right, top.get_bottom()[1] - 0.3, PANEL.bottom + 0.2)) if why else None
        # A, named, travels down the skip line of the diagram to the add; its name then moves up to
        # become the matrix's name, and the matrix comes in under it
        skip = self.path.skips[node]
        chip_name = self.tex(name_a, size=LABEL_TEX, color=pal.ink)
        chip = RoundedRectangle(width=chip_name.width + 0.24, height=chip_name.height + 0.18, corner_radius=0.06,
                                color=pal.accent, stroke_width=3)
        chip.set_fill(pal.background, opacity=0.9)
        chip = VGroup(chip, chip_name.move_to(chip))
        # A, by name, leaves its node to the right (clear of the diagram's boxes) for the place it takes,
        # while the skip line it stands for flashes down to the add
        chip.next_to(self.path.nodes[tap], RIGHT, buff=0.12)
        flash = ShowPassingFlash(skip.copy().set_stroke(pal.accent, width=7), time_width=0.6)
        self.add(chip)
        self.play(chip.animate(rate_func=window(0.3, 1.0)).move_to(left[0][0]), flash,
                  *(comp.travel if comp is not None else ()), run_time=1.8)
        self.add(left)
        self.play(QuickFadeOut(chip[0]), chip[1].animate.move_to(left[0][0]).set_opacity(0.0),  # the name moves up
                  *(QuickFadeIn(m, introducer=False) for m in (*parts(ma), left[0][0], label)), run_time=1.0)
        self.remove(chip)
        self.panel.append(left)
        if comp is not None:
            post_ln_and_gradient(self, comp)
        self.until_cue(name_out.split("=")[0].strip().replace("'", "\u2032") + "=", before=1.0, point_at=label)
        if comp is not None:  # the comparison leaves the place the sum takes
            gone = list(comp.submobjects)  # the two blocks and their dots
            self.play(*(QuickFadeOut(m) for m in gone), run_time=0.4)
            self.remove(*gone)
            self.panel = [m for m in self.panel if all(m is not g for g in gone)]
        # the sum is on screen as the cue naming it comes up
        self.emerge(parts(ma)[:-1] + parts(mb)[:-1], mo, QuickFadeIn(bottom[0]), put=[bottom])
        t_sum = self.now
        self.next_cue()
        self.put(*(m.box_cell(0, 1, pal.accent) for m in (ma, mb, mo)), run_time=0.5)
        hold = 3.0 - (self.now - t_sum)  # the sum stays whole at least 3 s before the next step takes it
        if hold > 0.3:
            self.play(Indicate(mo, color=pal.accent, scale_factor=1.04), run_time=hold)
        self.sum_group = bottom  # the sum, named (scenes.prenorm.why_rows keeps it)
        self.sum_rows = (ma, mb, mo)  # X_in, O, Z′: token a's rows move into scenes.prenorm.why_rows' lines
        self.hand_on(mo)

    def step_residual1(self):
        d = self.data
        self.residual("residual1", "add1", "input", d.X_in, r"X_{\text{\large in}}", self.s("skip") if d.with_p else "X",
                      "O", d.Z_prime, r"Z' = X_{\text{\large in}} + O", why=True)
        self.show(showing="X_in,O,Z_prime")

    # -- 7. LayerNorm 2 ------------------------------------------------------------------------------
    def step_ln2(self):
        d = self.data
        self.begin("ln2", "ln2")
        self.ln_step("Z'", None, r"\tilde Z = \mathrm{LN}(Z')", d.Z_tilde,  # the same rule again: no input statistics,
                     out_stats=(d.Z_tilde_mean, d.Z_tilde_var))  # but the result's mean and variance
        self.show(showing="Z_prime,Z_tilde")

    # -- 10. residual 2 (8. and 9., the feed-forward layer: scenes.prenorm.ffn) ----------------------
    def step_residual2(self):
        d = self.data
        self.residual("residual2", "add2", "add1", d.Z_prime, "Z'", self.s("skip_z"), "F", d.Y, "Y = Z' + F")
        self.show(showing="Z_prime,F,Y")
