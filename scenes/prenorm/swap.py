"""The closing swap test of prenorm_block (mixed into scenes.prenorm_block.PrenormBlock): the tokens
reordered with P = 0 and with P. Each value appears as the cue that states it comes up: the block's
output moves into its column, the rows travel to their new places, "largest change" with the P = 0
cue, the changed entries and "by up to" with the cue giving that number, and the conclusion last.
"""
from __future__ import annotations

from manim import DOWN, LEFT, ShowPassingFlash, SurroundingRectangle, VGroup

from look import fmt_num
from scenes.parts.panel import Box, row, rows
from scenes.parts.quickfade import QuickFadeIn
from scenes.prenorm.steps import PANEL, parts, swap_names
from scenes.prenorm.strings import TOKEN_NAMES


class PrenormSwap:
    """Needs what PrenormSteps needs, and its carry (the block's output Y)."""

    def swap_column(self, box: Box, header: str, color, Y, Y_swapped, verdict: str, changed=None):
        pal = self.pal
        colors = (pal.series[4], pal.series[7], pal.series[1], pal.series[3])
        tokens = {k: (TOKEN_NAMES[k], colors[k]) for k in range(len(self.data.swap_order))}
        order = self.data.swap_order
        parts_ = [self.txt(header, size=26, color=color)]
        mats = []
        for values, name, who in zip((Y, Y_swapped), swap_names(self.data), (range(len(order)), order)):
            m = self.mat(values, size=26, col_gap=0.4, bracket_pad=0.3)  # room around the changed cells' boxes
            tags = VGroup()
            for r, t in enumerate(who):
                letter, c = tokens[t]
                m.row(r).set_color(c)
                tags.add(self.tex(letter, size=36, color=c, own=True).next_to(m, LEFT, buff=0.22).set_y(m.row(r).get_y()))
            mats.append(m)
            parts_.append(row(self.tex(name, size=34, own=True), VGroup(tags, m), buff=0.3))
        note = self.txt(verdict, size=26, color=color, line_spacing=0.8)
        parts_.append(note)
        group = box.fit(rows(*parts_, buff=0.3), align="top")
        marks = VGroup(*(SurroundingRectangle(mats[1].cell(r, c), buff=0.04, color=color)
                         for r, c in (changed or [])))
        return group, mats, marks

    def reorder(self, group, mats, keep_first: bool = False, quick: bool = False, note: bool = False):
        """Y(…) in its column, then its rows travel to the reordered places of Y(reordered); `note`:
        the column's note comes up with its header."""
        order, (m0, m1) = self.data.swap_order, mats
        head = [group[0], group[1][0], group[1][1][0]] + ([group[3]] if note else [])
        if keep_first:  # the block's output, carried from the last step, moves into the column
            self.arrive(m0, *head, run_time=0.6 if quick else 0.9)
        else:
            self.put(group[0], group[1], *head[3:], run_time=0.6)
        src = [m0.cell(order[r], c) for r in range(len(order)) for c in range(m0.shape[1])]
        self.flow(src, parts(m1)[:-1], QuickFadeIn(m1.brackets), QuickFadeIn(group[2][0]),
                  QuickFadeIn(group[2][1][0]), keep=True, put=[group[2]], run_time=0.8 if quick else 1.2)

    def step_swap(self):
        d, pal = self.data, self.pal
        self.begin("swap", "input", "out", caption="cap_swap")
        self.path.light("input", "out", done=tuple(k for k in self.path.nodes if k not in ("input", "out")))
        conclusion = self.txt(self.s("conclusion"), size=28, color=pal.accent)
        if conclusion.width > PANEL.width:
            conclusion.scale_to_fit_width(PANEL.width)
        area = Box(PANEL.left, PANEL.right, PANEL.top, PANEL.bottom + conclusion.height + 1.15)  # room for the block's line
        left, right = area.split(2, gap=0.45)
        zero, zm, _ = self.swap_column(left, self.s("p0"), pal.cool, d.zero_Y, d.zero_Y_swapped,
                                       self.s("only_swap", c=fmt_num(d.zero_swap_change_max, 2)))
        changed = [(r, c) for r in range(d.Y.shape[0]) for c in range(d.Y.shape[1])
                   if fmt_num(d.swap_change[r, c], 2) not in ("0.00",)]
        with_p, pm, marks = self.swap_column(right, self.s("withp"), pal.accent, d.p_Y, d.Y_swapped,
                                             self.s("changed", c=self.cap["cap_close"]["c"]), changed)
        conclusion.next_to(VGroup(zero, with_p), DOWN, buff=0.3).set_x(PANEL.center[0])
        self.reorder(zero, zm, keep_first=not d.with_p)
        self.next_cue()  # "with P = 0 the outputs only swap places": the largest change with it
        self.put(zero[3], run_time=0.6)
        self.show(showing="zero_Y,zero_Y_swapped", zero_swap_change_max=d.zero_swap_change_max)
        self.say("cap_close")  # "with P, swapping no longer just swaps": the with-P column
        value = self.cap["cap_close"]["c"]
        now = value in self.cues_log[-1]["text"]  # the first cue already gives the change (Chinese)
        self.reorder(with_p, pm, keep_first=d.with_p, quick=now)
        if not now:
            self.until_cue(value)  # the cue giving the change: the changed entries with it
        self.put(marks, with_p[3], run_time=0.6)  # "by up to": once the reordered result is there
        self.show(showing=f"zero_Y,zero_Y_swapped,{'Y' if d.with_p else 'p_Y'},Y_swapped",
                  swap_change_max=d.swap_change_max)
        self.next_cue()  # "that is what P adds": the conclusion, on screen to the end
        self.put(SurroundingRectangle(conclusion, buff=0.12, color=pal.accent), conclusion, run_time=0.7)
        self.close_on_block(conclusion)
        self.carry = None

    def close_on_block(self, above):
        """The block's own conclusion, last: the skip lines carry the input (a flash down each, lit),
        Y has the input's shape, so the next block takes it (seed 000 §6; docs/design.md §4)."""
        pal, d = self.pal, self.data
        self.say("cap_block")
        line = self.txt(self.s("block_close", r=d.Y.shape[0], c=d.Y.shape[1]), size=26, color=pal.ink,
                        line_spacing=0.8)
        if line.width > PANEL.width:
            line.scale_to_fit_width(PANEL.width)
        self.path.light("add1", "add2", done=tuple(k for k in self.path.nodes if k not in ("add1", "add2")))
        flashes = [ShowPassingFlash(sk.copy().set_stroke(pal.accent, width=7), time_width=0.6)
                   for sk in self.path.skips.values()]
        self.play(*flashes, run_time=1.4)
        self.show(block_close=f"{d.Y.shape[0]}x{d.Y.shape[1]}")
        self.until_cue(self.s("cue_shape"))  # "Y has the shape that came in": the line with it
        self.put(line.next_to(above, DOWN, buff=0.25), run_time=0.6)
