"""attention_heatmap, what W_Q ≠ W_K changes where the student can see it (seed 003, "Optional: edit the
query, key and value matrices"): under the causal mask only one direction of each pair of positions is
used (a cell's mirror is hidden; the cue says so as the pair is lit, then boxes the row it is about), so the second head's asymmetry is shown on one visible row instead, the
last one (the row whose x the scene follows). Before the softmax, the row's scores: the same word asks in
both heads, but through other query and key matrices, so it ranks the keys differently (the first head's
row under the second's, faint). After it, the faint scores become the first head's weights, the word that
gains most boxed in both rows. Mixed into scenes.attention_heatmap.AttentionHeatmap, in the second head's mask and softmax.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Create, FadeIn, Indicate, LaggedStart, SurroundingRectangle, Transform, VGroup

from look import fmt_num
from scenes.attention.cueing import into_cue
from scenes.attention.rule import rule_weights
from scenes.attention.table import LABEL
from scenes.parts.cues import cues
from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeOut

COL_GAP = 0.25  # between the word and the two heads' columns
FAINT_DROP = 0.9  # the first head's row under the second head's last row, in cell heights (centre to centre)


def row_gain(first_row, second_row) -> int:
    """The column whose weight grows most from the first head's row to the second's."""
    return int(np.argmax(np.asarray(second_row, float) - np.asarray(first_row, float)))


def rank_change(first_scores, second_scores, k: int):
    """The keys that scored as key k in the first head's row (4 decimals) and all score one other value
    in the second head's, lower than k's: (those columns, that score), or None when the row does not
    show one such change of ranking."""
    same = [c for c in range(len(first_scores)) if c != k and fmt_num(first_scores[c], 4) == fmt_num(first_scores[k], 4)]
    if not same or len({fmt_num(second_scores[c], 4) for c in same}) != 1 or second_scores[same[0]] >= second_scores[k]:
        return None
    return same, float(second_scores[same[0]])


def score_rule(weights) -> str | None:
    """How a query scores a word's embedding e: its scores are w·e / √d with w = A_Kᵀ q; the rule's name when w is
    one dimension alone, or both with equal size ('1', '2', '1-2', '2-1', '1+2'), else None."""
    w = np.asarray(weights, float)
    if w.shape != (2,) or not np.abs(w).max() > 1e-9:
        return None
    a, b = w / np.abs(w).max()
    for key, (x, y) in {"1": (1, 0), "2": (0, 1), "1-2": (1, -1), "2-1": (-1, 1), "1+2": (1, 1)}.items():
        if abs(a - x) < 1e-9 and abs(b - y) < 1e-9:
            return key
    return None


class AttentionRows:
    """Needs from the scene: d1 (the record), pal, s, txt, caption, play, shown, grid, cell_center,
    row_labels, table_name, score_nums (the second head's scores, then its weights), ask_boxes and
    ask_pair_lines (which the comparison joins, to leave with the table)."""

    def faint_row(self, values) -> VGroup:
        """The first head's values of the last row, in ink, under the second head's row, one under each
        column at 4 decimals, named 'head 1' where the row labels stand; built, not shown."""
        n = len(values)
        dy = DOWN * FAINT_DROP * self.cell_h  # close under the row: room for the softmax's name above the caption
        nums = VGroup(*(self.txt(fmt_num(values[c], 4), size=self.num_size, color=self.pal.ink)
                        .move_to(self.cell_center(n - 1, c) + dy) for c in range(n)))
        name = self.txt(self.s("head_1"), size=LABEL, color=self.pal.muted)
        name.move_to(self.row_labels[-1]).shift(dy).align_to(self.row_labels[-1], RIGHT)
        return VGroup(name, nums)

    def column_box(self, c: int, color, width: float = 4) -> SurroundingRectangle:
        """Key c's cell in the last row and its faint first-head value under it, boxed together."""
        box = SurroundingRectangle(VGroup(self.grid.cell(len(self.row_labels) - 1, c), self.ask_faint[1][c]),
                                   buff=0.02, color=color, stroke_width=width)
        return box.stretch_to_fit_height(box.height + 0.1, about_edge=UP)  # the bottom edge clear of the digits

    def ask_score_rank(self):
        """Before the softmax: the pair (visible cell and its masked mirror) pointed at as the cue says
        one direction of each pair is used; then the last row's scores over the first head's, faint,
        the keys whose order changed boxed."""
        d1, pal = self.d1, self.pal
        a = d1.asking
        n = len(a.tokens)
        r = n - 1
        k = row_gain(d1.A[r], a.A[r])
        change = rank_change(d1.scores[r], a.scores[r], k)
        if change is None:
            return
        same, low = change
        words = dict(r=r + 1, w=a.tokens[r], kw=a.tokens[k], ow=a.tokens[same[0]], z2=fmt_num(a.scores[r, k], 4),
                     zo=fmt_num(low, 4), z1=fmt_num(d1.scores[r, k], 4))
        named = [a.tokens[c] for c in sorted((k, *same))]  # the keys the first head scored alike, in the row's order
        words["three"] = (", ".join(f"'{w}'" for w in named) if self.look.lang == "en"
                          else "、".join(named))  # zh: in full-width brackets, one list that stays on one line
        # one direction of each pair: the visible cell and its mirror under the mask, with their own cue
        self.caption(self.s("cap_ask_one_way", **words))
        last = len(self.cues_log) - 1 + len(cues(self.captions_log[-1]["text"], self.look.lang)) - 1
        self.play(Indicate(self.ask_boxes, color=pal.accent, scale_factor=1.05), run_time=1.0)
        # "what changes row n": the row boxed by the time that cue comes up (one highlight at a time), its scores lit
        self.ask_row_box = SurroundingRectangle(VGroup(self.grid.row_group(r), *self.score_nums[r]), buff=0.05,
                                                color=pal.ok, stroke_width=4)  # round whole numbers
        if last > len(self.cues_log) - 1:
            into_cue(self, last, Create(self.ask_row_box), QuickFadeOut(self.ask_boxes), run_time=0.5)
        else:  # one cue says it all: boxed now
            self.play(Create(self.ask_row_box), QuickFadeOut(self.ask_boxes), run_time=0.5)
        self.ask_boxes = VGroup()
        self.play(LaggedStart(*(Indicate(self.score_nums[r][c], color=pal.ok, scale_factor=1.0) for c in range(n)),
                              lag_ratio=0.3), run_time=1.6)  # colour only: the row's numbers keep their size and gaps
        read_with(self, self.ask_row_box)
        # the row's scores over the first head's, with the cue that reads them
        self.ask_faint = self.faint_row(d1.scores[r])
        boxes = VGroup(*(self.column_box(c, *((pal.ok, 6) if c == k else (pal.muted, 4))) for c in (k, *same)))
        self.caption(self.s("cap_ask_rank", **words), run_time=0.6,  # the ranked cells boxed as the cue ranks them
                     with_=[QuickFadeOut(self.table_name), FadeIn(self.ask_faint, shift=0.1 * DOWN), Create(boxes),
                            *([QuickFadeOut(self.score_key)] if getattr(self, "score_key", None) is not None else [])])
        self.score_key = None  # the scores' key leaves with z's formula: the first head's row takes its place
        self.shown["row_rank"] = ";".join(f"z[{r + 1},{c + 1}]={d1.scores[r, c]:.6f},{a.scores[r, c]:.6f}"
                                          for c in (k, *same))
        # the ranking read as the cue reads it: 'cat' high, the two 'the' low in this head ...
        grow = lambda m: max(1.0, min(1.2, (self.cell_w - 0.08) / m.width))  # noqa: E731  (stays inside its cell)
        self.play(Indicate(self.score_nums[r][k], color=pal.ok, scale_factor=grow(self.score_nums[r][k])), run_time=0.8)
        self.play(LaggedStart(*(Indicate(self.score_nums[r][c], color=pal.accent, scale_factor=grow(self.score_nums[r][c]))
                                for c in same),
                              lag_ratio=0.4), run_time=1.0)
        # ... and, with the next cue, the first head's three equal scores under them, lit one after another
        self.until_next_cue(last=True)
        self.play(LaggedStart(*(Indicate(self.ask_faint[1][c], color=pal.ok, scale_factor=1.2) for c in (k, *same)),
                              lag_ratio=0.4), run_time=1.4)
        read_with(self, boxes[0], VGroup(*boxes[1:]), grow=1.0)
        self.play(QuickFadeOut(boxes), run_time=0.3)

    def faint_swaps(self, name) -> list:
        """With the first head's row shown: the softmax's name placed under it (clear of the caption) and
        the pairs (its score, its weight) for the softmax to swap; else none."""
        if self.ask_faint is None:
            return []
        name.next_to(self.ask_faint, DOWN, buff=0.2)  # clear of the boxed column, and of the caption under it (a wider
        # gap than the caption's own line gap: the row, the name and the caption read as three things)
        return list(zip(self.ask_faint[1], self.faint_row(self.d1.A[-1])[1]))

    def adopt_weights(self, swaps) -> None:
        """After the second head's softmax faded the weights in over the scores: the numbers on screen
        become the weights' own texts (the record reads what each text says), the faint row's too."""
        a = self.d1.asking
        n = len(a.tokens)
        for r in range(n):
            for c in range(n):
                if not a.mask[r, c]:
                    self.remove(self.score_nums[r][c])
                    self.add(self.weight_nums[r][c])
                    self.score_nums[r][c] = self.weight_nums[r][c]
        if swaps:
            self.remove(*(old for old, _ in swaps))
            self.add(*(new for _, new in swaps))
            self.ask_faint = VGroup(self.ask_faint[0], VGroup(*(new for _, new in swaps)))

    def show_rule(self, e, a, r: int, box, k: int | None = None) -> None:
        """The first cue read, head 2's rule (scenes.attention.rule) comes right of the table in its last 0.6 s, the row
        sums (all 1, read) giving it their column, its result beside head 2's row; with the rule's cue, the product's
        picked rows and the result framed; with the cue that names head 1's rule, e_nᵀ I beside head 1's row under it,
        its result framed: the two rules side by side. It all leaves with the table."""
        low = self.grid.get_bottom()[1]
        top = min(self.grid.get_top()[1], min(m.get_bottom()[1] for m in self.x_first) - 0.2)
        rows = (self.grid.row_group(r).get_y(), self.ask_faint[1].get_y())
        block, frames, first, first_frame = self.rule_block(e, a.A_Q, a.A_K, (self.d1.A_Q, self.d1.A_K), r + 1,
                                                            self.grid.get_right()[0] + 0.3, top, rows)
        wait, ring = self.cue_left() - 0.6, VGroup()
        if wait > 3.5 and k is not None:  # a long first cue: a frame on head 1's weight, then up to head 2's, as read
            ring = SurroundingRectangle(self.ask_faint[1][k], buff=0.04, color=self.pal.accent, stroke_width=5)
            self.play(Create(ring), run_time=0.5)
            self.wait(max(0.0, (self.cue_left() - 0.6) / 2 - 1.0))
            self.play(Transform(ring, SurroundingRectangle(self.grid.cell(r, k), buff=0.0, color=self.pal.accent,
                                                           stroke_width=5)), run_time=1.0)
            wait = self.cue_left() - 0.6
        elif wait > 3.5:  # the boxed column lit once on the way
            self.wait(wait / 2 - 0.5)
            self.play(Indicate(box, color=self.pal.ok, scale_factor=1.0), run_time=1.0)
            wait = self.cue_left() - 0.6
        if wait > 1e-6:
            self.wait(wait)
        self.play(QuickFadeOut(self.ask_sums), FadeIn(block, shift=0.1 * LEFT),
                  *([QuickFadeOut(ring)] if len(ring.submobjects) or ring.points.size else []), run_time=0.6)
        self.remove(ring)
        self.ask_sums = VGroup()  # gone: nothing to fade with the table
        self.until_next_cue()
        self.shown["rule_row"] = ",".join(f"{v:g}" for v in rule_weights(e, a.A_Q, a.A_K))
        self.play(Create(frames), run_time=0.6)
        read_with(self, frames[0], frames[-1], cue=True)
        read_with(self, box, frames[-1], cue=True)  # "so 'cat' first": the result beside the row it ranks
        self.shown["rule_row_1"] = ",".join(f"{v:g}" for v in rule_weights(e, self.d1.A_Q, self.d1.A_K))
        self.play(FadeIn(first, shift=0.1 * LEFT), run_time=0.5)
        self.play(Create(first_frame), run_time=0.5)
        read_with(self, first_frame, frames[-1])
        self.ask_pair_lines = VGroup(self.ask_pair_lines, block, frames, first, first_frame)  # leaves with the table

    def ask_row_compare(self):
        """After the softmax (which turned the faint scores into the first head's weights too): the key
        that gains most boxed in both rows as the cue names its two weights."""
        d1, pal = self.d1, self.pal
        a = d1.asking
        n = len(a.tokens)
        r = n - 1
        k = row_gain(d1.A[r], a.A[r])
        words = dict(r=r + 1, w=a.tokens[r], kw=a.tokens[k], a1=fmt_num(d1.A[r, k], 4), a2=fmt_num(a.A[r, k], 4))
        words["why"] = self.s("ask_why_other")
        # what this head's last query attends to: its scores are w·e_j/√d, w = A_Kᵀ A_Q e_n (the first head's: A = I)
        e = np.asarray(d1.E, float)[:, r]
        rule2 = score_rule(np.asarray(a.A_K, float).T @ np.asarray(a.A_Q, float) @ e)
        rule1 = score_rule(np.asarray(d1.A_K, float).T @ np.asarray(d1.A_Q, float) @ e)
        lows = {a.tokens[c] for c in range(n) if fmt_num(a.A[r, c], 4) == fmt_num(a.A[r].min(), 4)}
        top = [c for c in range(n) if fmt_num(a.A[r, c], 4) == fmt_num(a.A[r].max(), 4)]
        named = bool(rule2 and rule1 and rule1 != rule2 and len(lows) == 1 and top == [k])
        if named:
            words["why"] = self.s("ask_why_rule", w=a.tokens[r], kw=a.tokens[k], lw=lows.pop(),
                                  rule2=self.s(f"rule_{rule2}"), rule1=self.s(f"rule_{rule1}"))
        if self.ask_faint is None:  # no ranking step: the first head's weights come now, under the row
            self.ask_faint = self.faint_row(d1.A[r])
            self.ask_row_box = SurroundingRectangle(self.grid.row_group(r), buff=0.02, color=pal.ok, stroke_width=4)
            self.play(FadeIn(self.ask_faint, shift=0.1 * DOWN), Create(self.ask_row_box), run_time=0.8)
        self.shown["showing"] = "asking,row"
        box = self.column_box(k, pal.ok, width=6)
        self.caption(self.s("cap_ask_row", **words), with_=[Create(box)], run_time=0.5)
        self.shown["row_compare"] = f"{a.tokens[k]}:{d1.A[r, k]:.6f},{a.A[r, k]:.6f}"
        if named:  # both rules drawn: e_nᵀ W_Qᵀ W_K beside head 2's row, e_nᵀ I beside head 1's, as the cues name them
            self.show_rule(e, a, r, box, k)
        read_with(self, box)
        self.play(QuickFadeOut(self.ask_row_box), run_time=0.3)
        self.ask_pair_lines = VGroup(self.ask_pair_lines, self.ask_faint, box)  # leaves with the table
