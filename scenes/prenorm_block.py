"""prenorm_block: the Pre-LN block with positional encoding as a data path (seed 000, lesson 03b4
§0–§6, with its P = 0 twin, lesson 03b3; docs/design.md §3 "Lesson parameters").

The block stays on screen at the left, the current step lit; the matrices of that step appear
beside it at 2 decimals (numbers.json keeps the full values). Sections: input (X + P) → ln1 (mean,
variance, std per row) → heads (the head split) → attention (S, E, A, C of both heads) → concat
(· W_O) → residual1 (Z′ = X_in + O) → ln2 → ffn_up (Z̃W₁, ReLU) → ffn_down (· W₂) → residual2
(Y = Z′ + F) → postln (the same numbers through Post-LN, LN(x + F(x)), beside Y) → depth, the result last (the block three deep, why Pre-LN: the skip-line gradient carried up Post-LN's line through its LayerNorms
and along Pre-LN's clean line, the price, Pre-LN's growing std; then one 24-block stack's chart). Every number comes from the record engine.block.prenorm_lesson; the caption
placeholders from scenes.prenorm.strings.caption_args, and the variant of each claim that holds for
the numbers from scenes.prenorm.strings.variants. The tokens X (2–4 rows of 4), their positions and
LayerNorm's eps are parameters (studio.catalogue.accepts.training); the panel scales its matrices to fit. Seed 000's row-1 erratum (variance 0.0637 /
std 0.2524 printed) lives in the record's erratum_* fields; the screen shows the correct values.
"""
from __future__ import annotations

import re

import numpy as np
from manim import DOWN, ITALIC, LEFT, RIGHT, UP, Indicate, MathTex, Transform, VGroup, config, there_and_back

from scenes.parts.cues import italic_letters
from scenes.parts.datapath import DataPath
from scenes.parts.emphasis import read_with
from scenes.parts.lecture import LectureScene
from scenes.parts.glyphmatrix import GlyphMatrix
from scenes.parts.panel import SAFE_HALF_WIDTH, Box, row
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut
from scenes.prenorm.steps import CLEAR_BOTTOM, LN_EXTRA, LN_RULE, PrenormSteps, fading_copy, gamma_beta_tex, is_whole, parts, window
from scenes.prenorm.strings import STRINGS, TOKEN_NAMES, caption_args, variants
from scenes.prenorm.attention import PrenormAttention
from scenes.prenorm.heads import PrenormHeads, wq_tex
from scenes.prenorm.record import DrawnRecord
from scenes.prenorm.ffn import PrenormFFN
from scenes.prenorm.postln import PrenormPostLN
from scenes.prenorm.why_rows import WHY_ROWS, why_rows
from scenes.prenorm.depth_flow import depth_stack
from scenes.prenorm.colours import token_colors

# the fields the screen shows, with their rounding (numbers.json adds "shown" to exactly these)
MATRIX_FIELDS = ("P", "X_in", "ln1_centred", "X_tilde", "Q", "S", "E", "A", "C", "concat", "O", "Z_prime", "Z_tilde", "H", "R",
                 "F", "Y", "post_sum1", "post_Z", "post_F", "post_sum", "post_Y", "zero_Y", "Y_swapped", "zero_Y_swapped")
STAT_FIELDS = ("ln1_mean", "ln1_var", "ln1_std", "ln2_mean", "ln2_var", "ln2_std")
ROW_STATS = ("Z_tilde_mean", "Z_tilde_var", "Y_mean", "Y_std", "post_sum1_mean", "post_sum1_std", "post_sum_mean", "post_sum_std", "post_Y_mean", "post_Y_std")  # row statistics (LN(Z′)'s, the Post-LN section's), at 2 decimals
DECIMALS = {**{k: 2 for k in MATRIX_FIELDS + ROW_STATS}, **{k: 4 for k in STAT_FIELDS}, "W_Q": 2, "W_O": 2, "W_1": 2, "W_2": 2,
            "swap_change_max": 2, "zero_swap_change_max": 2, "ffn_entries": 0, "relu_zeros": 0, "ln1_centred": 2}

# the captions' maths letters, slanted as the picture's TeX sets them: X, P, O, Z′, F, C, A, V, S, E, Q, K, Y, x,
# j and the Greek of LayerNorm; not the article "A" ("A test", "A ReLU zero") nor a letter inside a word (LN, ReLU)
MATH_LETTER = re.compile(r"(?<![A-Za-z])(?:Z′|(?<=weights )A|A(?! [A-Za-z]{2})|[XPOZFCVSEQKYxyjμσγβε])(?![A-Za-z′-])")
BANK_SIZE = 32
# Labels read from the back row: a capital at least 3.2 % of the frame height once fitted (Computer
# Modern's capital is 0.683 em, Noto Sans's 0.714 em; 1 pt of MathTex is 0.0104 scene units of em,
# of Text 0.0145): MathTex at 38 pt, Text at 26 pt, the captions' size.
LABEL_TEX, LABEL_TXT = 38, 26
PATH_BOX = Box(-SAFE_HALF_WIDTH + 0.05, -3.5, 2.83, CLEAR_BOTTOM)  # ends 0.13 left of the panel: the heads' boxes keep a margin  # the block diagram, boxes inside
# The block's steps, top to bottom: (key, label (set in the labels' sans face, "_" before an index; None for a head's
# translated name), add?)
PATH = (
    (("input", "X + P", False),),
    (("ln1", "LN", False),),
    (("head1", None, False), ("head2", None, False)),
    (("concat", "Concat · W_O", False),),
    (("add1", "+", True),),
    (("ln2", "LN", False),),
    (("ffn", "FFN", False),),
    (("add2", "+", True),),
    (("out", "Y", False),),
)
NODE_LETTER = re.compile(r"(?<![A-Za-z])[XPYW](?![A-Za-z])")  # a node label's maths letters, slanted as in the captions
ORDER = [key for r in PATH for key, _, _ in r]


def path_rows(d) -> tuple:
    """PATH with the input node as this pass has it: X + P, or X when the pass has P = 0."""
    if d.with_p:
        return PATH
    return ((("input", "X", False),),) + PATH[1:]
SKIPS = (("input", "add1"), ("add1", "add2"))


def head_tex(h: int) -> list[str]:
    """The names of head h's matrices (Q = K = V in the lesson: the weights only select)."""
    H = h + 1
    return [rf"Q^{{\textstyle ({H})}} = K^{{\textstyle ({H})}} = V^{{\textstyle ({H})}}", rf"Q^{{\textstyle ({H})}} = K^{{\textstyle ({H})}}"] + [rf"{m}^{{\textstyle ({H})}}" for m in "QSEACV"]


class PrenormBlock(DrawnRecord, PrenormPostLN, PrenormFFN, PrenormAttention, PrenormHeads, PrenormSteps, LectureScene):
    math_letters = MATH_LETTER  # slanted in the captions as in the picture (scenes.parts.italics)
    strings = STRINGS
    record_fields = ("X", *MATRIX_FIELDS, "p_Y", "V", "W_Q", "W_O", "W_1", "W_2", *WHY_ROWS)  # what frames.csv may name as drawn
    zh_every_char = True  # its cues carry numbers and formulas: in Chinese they read at 7 a second too
    min_cue_hold = 2.6  # seconds: a short clause ("Then divide each by σ.", Chinese above all) stays while its step is drawn

    def token_colors(self):
        return token_colors(self.pal)

    # -- building blocks -----------------------------------------------------------------------
    def build_bank(self):
        """Compile every formula of the scene in ONE LaTeX run (a MathTex with each string as a
        part) instead of one latex + dvisvgm launch per formula; `tex` then copies from the bank."""
        strings = list(dict.fromkeys(self.bank_strings()))
        compiled = MathTex(*strings, arg_separator=r"\quad ", font_size=BANK_SIZE)
        self._bank = dict(zip(strings, compiled.submobjects))
        self.bank_misses: list[str] = []

    def bank_strings(self) -> list:
        out = ["+", "=", r"\cdot", r"\longrightarrow", "X", "P", r"X_{\text{\large in}}", r"X_{\text{\large in}} = X + P", r"X_{\text{\large in}} = X",
                LN_RULE, *LN_EXTRA, r",\;\beta =", r"\tilde X = \mathrm{LN}(X_{\text{\large in}})", r"\tilde X", r"x - \mu",
                r"\mathrm{LN}", "F", "x", r"x + F(\mathrm{LN}(x))", r"\mathrm{LN}(x + F(x))", r"F(\mathrm{LN}(x))",
                r"\mathrm{Concat}(C^{\textstyle (1)}, C^{\textstyle (2)})", r"W_O =", r"O = \mathrm{Concat}\cdot W_O", "O",
                r"Z' = X_{\text{\large in}} + O", "Z'", r"\tilde Z = \mathrm{LN}(Z')", r"\tilde Z",
                r"W_1 =", r"\tilde Z W_1", r"\mathrm{ReLU}(\tilde Z W_1)", r"W_2 =",
                "F = \\mathrm{ReLU}(\\tilde Z W_1)\\, W_2", "F", "W_O", r"I + \partial F/\partial x", r"\cdot\, W_1", "Y = Z' + F", "Y", "Z' + F", "Z + F", "Z"]
        d = self.data
        if np.ptp(d.ln_gamma) == 0 and np.ptp(d.ln_beta) == 0:  # "γ = 1, β = 0" (scenes.prenorm.steps.ln_step)
            out.append(gamma_beta_tex(d.ln_gamma[0], d.ln_beta[0], 0 if is_whole(d.ln_gamma) and is_whole(d.ln_beta) else 2))
        for h in range(self.data.Q.shape[0]):
            out += [*head_tex(h), wq_tex(h)]
        return out

    def tex(self, *s, size=36, color=None, own=False):
        """MathTex from the bank when the string was compiled there (else compiled on its own);
        `own`: always its own MathTex, which keeps its font size (the gate measures the text's size
        on a MathTex; a bank copy is a bare group of paths)."""
        if own:
            return super().tex(*s, size=size, color=color)
        bank = getattr(self, "_bank", {})
        if len(s) == 1 and s[0] in bank:
            return bank[s[0]].copy().scale(size / BANK_SIZE).set_color(color or self.pal.ink)
        if bank:
            self.bank_misses.append(" ".join(s))
        return super().tex(*s, size=size, color=color)

    def mat(self, values, *, size=26, decimals=2, color=None, col_gap=0.26, row_gap=0.16, bracket_pad=0.2,
            tokens: str | None = None) -> GlyphMatrix:
        """A matrix at 2 decimals; `tokens` ("left" or "right"): its rows are tokens, each tagged by its
        name (a, b, …) in its colour on that side (.tags, part of the matrix: it comes and goes with it)."""
        m = GlyphMatrix(values, font=self.look.font, decimals=decimals, font_size=size,
                        color=color or self.pal.ink, bracket_color=self.pal.muted, col_gap=col_gap,
                        row_gap=row_gap, bracket_pad=bracket_pad)
        self.made_matrices.append(m)  # the frames record names it while any of its entries is drawn
        if tokens:
            colors = self.token_colors()
            side = LEFT if tokens == "left" else RIGHT
            m.tags = VGroup(*(self.txt(TOKEN_NAMES[r], size=LABEL_TXT + 4, color=colors[r]).next_to(m, side, buff=0.2)
                              .set_y(m.row(r).get_y()) for r in range(m.shape[0])))
            m.add(m.tags)
        return m

    def weights(self, w, name: str, *, size=26, col_gap=0.22, row_gap=0.04) -> tuple:
        """A weight matrix at 2 decimals, as every matrix of the scene, zeros muted:
        ("W = [...]" group, matrix)."""
        m = self.mat(w, size=size, decimals=2, col_gap=col_gap, row_gap=row_gap)
        for r, c in zip(*np.nonzero(np.asarray(w) == 0)):
            m.cell(r, c).set_color(self.pal.muted)
        return row(self.tex(name, size=LABEL_TEX), m, buff=0.12), m

    def named(self, m, name: str, *, color=None, size=LABEL_TEX, buff=0.14) -> VGroup:
        """A matrix with its name (LaTeX) above it."""
        return VGroup(self.tex(name, size=size, color=color or self.pal.ink).next_to(m, UP, buff=buff), m)

    def op(self, symbol: str, size=LABEL_TEX + 2) -> VGroup:
        return self.tex(symbol, size=size, color=self.pal.muted)

    def arrow(self, label: str) -> VGroup:
        """→ with its operation above it (QKᵀ, ÷√2, softmax, ·V): the label in ink, larger than a name,
        so it reads from the back row on either ground once the line is fitted; the shaft muted."""
        lab = self.tex(label, size=LABEL_TEX + 2, color=self.pal.ink, own=True)
        ar = self.tex(r"\longrightarrow", size=LABEL_TEX, color=self.pal.muted)
        ar.stretch_to_fit_width(max(lab.width + 0.1, 0.6))
        return VGroup(ar, lab.next_to(ar, UP, buff=0.04))

    # -- captions and panel ----------------------------------------------------------------------
    def show(self, **values):
        """Log what the frame now shows (names and key numbers) into frames.csv."""
        self.shown.update(values)

    def say(self, key: str):
        """Replace the caption with the caption `key` (the variant whose claim holds, its numbers from the record)."""
        read_with(self, *self.panel)  # the caption up now is read over the step it explains
        self.caption(self.s(self.variant[key], **self.cap[key]))

    def begin(self, name: str, *lit: str, caption: str | None = None):
        """A new step: once the last caption has been read, clear the panel but for the result the
        last step handed on (self.carry: it moves into this step's input), light the step in the
        diagram and start the section (the diagram and the title stay: persist())."""
        read_with(self, *self.panel)
        carry = self.clear_but_carry()
        if lit:
            self.path.light(*lit, done=tuple(ORDER[:min(ORDER.index(k) for k in lit)]))
        key = caption or f"cap_{name}"
        self.section(name, self.s(self.variant[key], **self.cap[key]), keep=[carry] if carry is not None else [])
        section = self.shown.get("section")
        self.shown.clear()
        self.shown.update(section=section, lit="+".join(lit))

    def clear_but_carry(self):
        """Fade out the panel but for the carried result (self.carry), which stays where it is."""
        carry = self.carry
        if carry is not None:
            self.detach(*carry)
            self.add(carry)
        rest = [m for m in self.panel if m is not carry]
        if rest:
            self.play(*(QuickFadeOut(m) for m in rest), run_time=0.4)
        self.panel = [carry] if carry is not None else []
        return carry

    def detach(self, *mobs):
        """Take `mobs` out of the panel groups that hold them (they stay where they are)."""
        ids = {id(m) for m in mobs}
        for top in self.panel:
            for parent in top.get_family():
                inside = [m for m in parent.submobjects if id(m) in ids]
                if inside:
                    parent.remove(*inside)

    def flow(self, src, dst, *others, keep: bool = False, run_time=1.0, put=(), fade=None):
        """The pieces `src` (on screen) travel and reshape into the pieces `dst` (built, not yet
        shown), with `others` played alongside; `keep`: the sources stay (a result built from
        them), else they leave. `put` (groups holding `dst`, default `dst`) joins the panel; the
        pieces in it show when the travelling copies land (one piece to one piece: the shorter
        list is stretched over the longer); `fade`: the copies are gone over that part of the way (fading_copy), before
        they cross the labels between."""
        n = max(len(src), len(dst))
        ghost = VGroup(*(src[i * len(src) // n].copy() for i in range(n)))
        target = VGroup(*(dst[i * len(dst) // n].copy() for i in range(n)))
        if not keep:
            self.detach(*src)
            self.remove(*src)
            self.panel = [m for m in self.panel if m not in src]
        put = list(put or dst)
        self.add(*put)
        inside = {id(m) for p in put for m in p.get_family()}
        for anim in others:
            if isinstance(anim, QuickFadeIn) and id(anim.mobject) in inside:
                anim.introducer = False  # already in the scene with its group
        once = list({id(m): m for m in dst}.values())  # a piece several copies land on fades in once (two fades would leave it faded)
        land = [QuickFadeIn(m, introducer=False, rate_func=lambda t: float(t >= 1.0)) for m in once]
        travel = Transform(ghost, target, remover=True) if fade is None else fading_copy(ghost, target, fade)
        self.add(travel.mobject)
        self.play(travel, *land, *others, run_time=run_time)
        self.panel.extend(put)

    def emerge(self, src, dst, *others, put=(), run_time=1.0):
        """The result `dst` (a matrix, built, not yet shown) appears in place, its brackets first, then
        its entries in reading order, while the entries it is computed from (`src`, on screen) dim
        and come back; `others` play alongside. Nothing travels: a digit never turns into another
        on its way across the panel. `put` (groups holding `dst`, default `dst`) joins the panel."""
        put = list(put or [dst])
        self.add(*put)
        inside = {id(m) for p in put for m in p.get_family()}
        for anim in others:
            if isinstance(anim, QuickFadeIn) and id(anim.mobject) in inside:
                anim.introducer = False  # already in the scene with its group
        entries, n = parts(dst)[:-1], len(parts(dst)) - 1
        tags = [QuickFadeIn(dst.tags, introducer=False, rate_func=window(0.0, 0.25))] if hasattr(dst, "tags") else []
        self.play(QuickFadeIn(dst.brackets, introducer=False, rate_func=window(0.0, 0.25)), *tags,
                  *(QuickFadeIn(e, introducer=False, rate_func=window(0.15 + 0.6 * k / n, 0.4 + 0.6 * k / n))
                    for k, e in enumerate(entries)),
                  *(m.glyphs.animate(rate_func=there_and_back).set_opacity(0.6) for m in src),  # dimmed, still readable
                  *others, run_time=run_time)
        self.panel.extend(put)

    def cue_left(self) -> float:
        """Seconds until the cue on screen has been read (its next cue is then due)."""
        return max(0.0, self._cue_start + self._cue_need - self.now)

    def next_cue(self, before: float = 0.0) -> None:
        """Wait until `before` seconds before the caption's next cue is due; before=0: show it now,
        so what the next play() draws appears as the cue that states it comes up."""
        if not self._queue:
            return
        wait = self.cue_left() - before
        if wait >= 0.5 / config.frame_rate:
            self.wait(wait)
        if before <= 0 and self._queue:
            self._next_cue_if_due(force=True)

    def until_cue(self, fragment: str, before: float = 0.0, point_at=None, point_color=None, point_scale: float = 1.06) -> None:
        """Go through the caption's cues up to the one holding `fragment` (pointing at `point_at` as each
        cue comes up, over most of the cue, so the picture keeps moving; point_scale 1.0 for a chart's lines and marks,
        which a scaled copy would shift off their axes), then next_cue(before) for that one.
        Nothing when that cue is already up, or is no longer to come (the caption never runs on past it)."""
        def flat(text):
            return text.replace("\n", " ").replace(" ", "")

        if not any(fragment in flat(text) for text, *_ in self._queue):
            return
        while self._queue and fragment not in self._queue[0][0].replace("\n", " ").replace(" ", ""):
            self.next_cue()
            if point_at is not None:  # over most of the cue: the picture does not stand still while it is read
                self.play(Indicate(point_at, color=point_color or self.pal.accent, scale_factor=point_scale),
                          run_time=min(4.0, max(1.0, self.cue_left() - 0.2)))
        self.next_cue(before)

    def to_cue_saying(self, key: str) -> None:
        """Show the cue holding the fragment STRINGS[lang][key] (until_cue), if it is still to come: the languages
        cut a caption into different numbers of cues, so the picture keeps step by words (to_cue goes by index)."""
        fragment = self.s(key)
        if any(fragment in text.replace("\n", " ").replace(" ", "") for text, *_ in self._queue):
            self.until_cue(fragment)

    def put(self, *mobs, run_time=0.7):
        """Fade mobjects into the panel (they leave with the step)."""
        self.panel.extend(mobs)
        self.play(*(QuickFadeIn(m) for m in mobs), run_time=run_time)

    def node_label(self, label: str) -> VGroup:
        """A diagram node's label in the heads' sans face (one face in the diagram), maths letters slanted;
        after "_" an index at full size, set low (a smaller one would not read from the back row)."""
        main, _, index = label.partition("_")
        t = self.txt(main, size=LABEL_TXT, **italic_letters(main, NODE_LETTER))
        if not index:
            return t
        low = self.txt(index, size=LABEL_TXT, slant=ITALIC)
        low.next_to(t, RIGHT, buff=0.03).align_to(t, DOWN).shift(DOWN * low.height * 0.3)
        return VGroup(t, low)

    def block_diagram(self, left: float, first: str | None = None, order: tuple | None = None, skips=SKIPS) -> DataPath:
        """The block as a data path, PATH_BOX's size with its left edge at `left`; `first`: the input
        node's label (as PATH writes it) when it is not this pass's X (+ P), as for the next block's input Y;
        `order`: the rows' first keys top to bottom when they are not Pre-LN's (Post-LN's, with its `skips`)."""
        path = path_rows(self.data)
        if order:
            path = tuple(next(r for r in path if r[0][0] == key) for key in order)
        path = [[(key, first if first and key == "input" else label, add) for key, label, add in r] for r in path]
        rows_ = [[(key, self.node_label(label) if label else
                   self.txt(self.s("node_head", h=int(key[-1])), size=LABEL_TXT), add) for key, label, add in r]
                 for r in path]
        return DataPath(rows_, skips, left=left, width=PATH_BOX.width, top=PATH_BOX.top, bottom=PATH_BOX.bottom,
                        palette=self.pal, node_height=0.5, gap=0.04,
                        colors={"head1": self.head_colors[0], "head2": self.head_colors[1]})

    # -- the scene ---------------------------------------------------------------------------------
    def construct(self):
        d, pal = self.data, self.pal
        self.cap = caption_args(d, self.look.lang)
        self.variant = variants(d)
        self.panel: list = []
        self.made_matrices: list = []
        self.carry = None  # what the step just played hands to the next one (it moves there)
        self.build_bank()
        self.add_title()
        # not the accent (A and the lit step use it); series 2 rather than the purple 5, which is barely 4.6:1 on the dark ground
        head_colors = (pal.series[2], pal.series[6])
        self.head_colors = head_colors
        self.path = self.block_diagram(PATH_BOX.left)
        self.step_input()
        self.step_ln1()
        self.step_heads()
        self.step_attention()
        self.step_concat()
        self.step_residual1()
        why_rows(self, self.sum_group)  # why Pre-LN in token a's numbers, beside Post-LN's
        self.step_ln2()
        self.step_ffn_up()
        self.step_ffn_down()
        self.step_residual2()
        self.step_postln()  # the same numbers through Post-LN, beside Y
        depth_stack(self)  # the result last: the block three deep in both variants, then the same block 1 … 24 deep
        focus = getattr(self, "focus", None) or [(m, self.pal.accent) for m in self.panel[-1:]]  # [(mobject, its colour)]
        colors = {id(m): c for m, c in focus}
        read_with(self, *(m for m, _ in focus), color=lambda m: colors[id(m)], grow=1.15)  # the last cue over what it names


SCENE = PrenormBlock
