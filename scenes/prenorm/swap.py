"""The closing swap test of prenorm_block (mixed into scenes.prenorm_block.PrenormBlock; seed 000 §6):
the tokens reordered with P = 0 and with P, as a 2 × 2 table (columns: P = 0, with P; rows: Y of
the tokens in order, Y of the reordered tokens). The block's output moves into its place, the
reordered pass's rows travel to their places, then line up by token (row a under row a), so a
token's two outputs are read straight down. "Largest change" comes with the P = 0 cue; with P, the
one entry the cue names (the largest change, engine: strings.largest_change) is boxed in both
tables; the conclusion comes last and the caption alone says what the block hands on.
"""
from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, UP, Indicate, ShowPassingFlash, SurroundingRectangle, VGroup

from look import fmt_num
from scenes.parts.panel import Box, row, rows
from scenes.parts.quickfade import QuickFadeIn
from scenes.prenorm.steps import PANEL, parts, swap_names
from scenes.prenorm.strings import TOKEN_NAMES, largest_change

LABEL = 40  # the row names and token tags: cap height at least 3.2 % of the frame once fitted


class PrenormSwap:
    """Needs what PrenormSteps needs, and its carry (the block's output Y)."""

    def swap_column(self, header: str, color, Y, Y_swapped, verdict: str):
        """header, Y (rows in token order), Y of the reordered tokens (its rows in the reordered
        pass's order: line_up moves them under their tokens), verdict; the tables' tags a, b, ….
        Returns (column, [m0, m1], [tags0, tags1])."""
        pal = self.pal
        colors = (pal.series[4], pal.series[7], pal.series[1], pal.series[3])
        order = self.data.swap_order
        parts_, mats, tags_ = [self.txt(header, size=30, color=color)], [], []
        for values, who in ((Y, range(len(order))), (Y_swapped, order)):
            m = self.mat(values, size=30, col_gap=0.32, bracket_pad=0.3)  # room around a boxed cell
            tags = VGroup()
            for r, t in enumerate(who):
                m.row(r).set_color(colors[t])
                tags.add(self.txt(TOKEN_NAMES[t], size=LABEL, color=colors[t]).next_to(m, LEFT, buff=0.2)
                         .set_y(m.row(r).get_y()))
            mats.append(m)
            tags_.append(tags)
            parts_.append(VGroup(tags, m))
        parts_.append(self.txt(verdict, size=28, color=color, line_spacing=0.8))
        return rows(*parts_, buff=0.3), mats, tags_

    def line_up(self, m, tags):
        """The reordered pass's rows move under their tokens (row of token t to row t's place)."""
        order = self.data.swap_order
        ys = [m.row(r).get_y() for r in range(len(order))]
        self.play(*(m.row(r).animate.set_y(ys[t]) for r, t in enumerate(order)),
                  *(tags[r].animate.set_y(ys[t]) for r, t in enumerate(order)), run_time=0.8)

    def reorder(self, col, mats, tags, keep_first: bool = False, quick: bool = False, note: bool = False):
        """Y(…) in its column, then its rows travel to the reordered pass's places and line up by token."""
        order, (m0, m1) = self.data.swap_order, mats
        head = [col[0], col[1][0]] + ([col[3]] if note else [])
        if keep_first:  # the block's output, carried from the last step, moves into the column
            self.arrive(m0, *head, run_time=0.6 if quick else 0.9)
        else:
            self.put(col[0], col[1], *head[2:], run_time=0.6)
        src = [m0.cell(order[r], c) for r in range(len(order)) for c in range(m0.shape[1])]
        self.flow(src, parts(m1)[:-1], QuickFadeIn(m1.brackets), QuickFadeIn(tags[1]), keep=True, put=[col[2]],
                  run_time=0.7 if quick else 1.0)
        self.line_up(m1, tags[1])

    def step_swap(self):
        d, pal = self.data, self.pal
        self.begin("swap", "input", "out", caption="cap_swap")
        self.path.light("input", "out", done=tuple(k for k in self.path.nodes if k not in ("input", "out")))
        conclusion = self.txt(self.s("conclusion"), size=30, color=pal.accent)
        if conclusion.width > PANEL.width:
            conclusion.scale_to_fit_width(PANEL.width)
        area = Box(PANEL.left, PANEL.right, PANEL.top, PANEL.bottom + conclusion.height + 0.4)
        zero, zm, zt = self.swap_column(self.s("p0"), pal.cool, d.zero_Y, d.zero_Y_swapped,
                                        self.s("only_swap", c=fmt_num(d.zero_swap_change_max, 2)))
        with_p, pm, pt = self.swap_column(self.s("withp"), pal.accent, d.p_Y, d.Y_swapped,
                                          self.s("changed", c=self.cap["cap_close"]["c"]))
        cols = VGroup(zero, with_p).arrange(RIGHT, buff=0.7, aligned_edge=UP)
        for a, b in zip(zero[:3], with_p[:3]):  # header and tables on one line each, read across
            b.set_y(a.get_y())
        with_p[3].align_to(zero[3], UP)
        names = VGroup(*(self.txt(n, size=LABEL - 4, color=pal.ink) for n in swap_names(d)))
        for name, table in zip(names, zero[1:3]):
            name.next_to(cols, LEFT, buff=0.35).set_y(table.get_y())
        area.fit(VGroup(names, cols), align="top")
        conclusion.next_to(cols, DOWN, buff=0.3).set_x(PANEL.center[0])
        r, k = largest_change(d)  # the reordered pass's row r (token swap_order[r]), column k
        self.put(names, run_time=0.5)
        self.reorder(zero, zm, zt, keep_first=not d.with_p)
        self.next_cue()  # "with P = 0 the outputs only swap places": the largest change with it
        self.put(zero[3], run_time=0.6)
        self.show(showing="zero_Y,zero_Y_swapped", zero_swap_change_max=d.zero_swap_change_max)
        self.say("cap_close")  # "with P, swapping changes the numbers themselves": the with-P column
        value = self.cap["cap_close"]["c"]
        now = value in self.cues_log[-1]["text"]  # the first cue already gives the change
        self.reorder(with_p, pm, pt, keep_first=d.with_p, quick=now)
        if not now:
            self.until_cue(value)  # the cue giving the change: its entry boxed with it
        mark = VGroup(  # the entry the cue names, in the token's row of both tables
            SurroundingRectangle(pm[0].cell(d.swap_order[r], k), buff=0.05, color=pal.accent),
            SurroundingRectangle(pm[1].cell(r, k), buff=0.05, color=pal.accent))
        self.put(mark, with_p[3], run_time=0.6)
        self.show(showing=f"zero_Y,zero_Y_swapped,{'Y' if d.with_p else 'p_Y'},Y_swapped",
                  swap_change_max=d.swap_change_max, swap_change_at=f"{TOKEN_NAMES[d.swap_order[r]]},{k}")
        self.next_cue()  # "that is what P adds": the conclusion, on screen to the end
        self.put(SurroundingRectangle(conclusion, buff=0.12, color=pal.accent), conclusion, run_time=0.7)
        self.close_on_block()
        self.carry = None

    def close_on_block(self):
        """The block's own conclusion, in the caption only (one summary on screen: the boxed one):
        the skip lines carry X + P, then Z′, around the sublayers (a flash down each, lit), and Y
        has the input's shape, so the next block takes it (seed 000 §6; docs/design.md §4)."""
        pal, d = self.pal, self.data
        self.say("cap_block")
        self.path.light("add1", "add2", done=tuple(k for k in self.path.nodes if k not in ("add1", "add2")))
        flashes = [ShowPassingFlash(sk.copy().set_stroke(pal.accent, width=7), time_width=0.6)
                   for sk in self.path.skips.values()]
        self.play(*flashes, run_time=1.4)
        self.until_cue(self.s("cue_shape"))  # "and Y is 2 × 4 again": the output node with it
        self.path.light("input", "out", done=tuple(k for k in self.path.nodes if k not in ("input", "out")))
        self.play(Indicate(self.path.nodes["out"], color=pal.accent, scale_factor=1.12), run_time=1.0)
        self.show(block_close=f"{d.Y.shape[0]}x{d.Y.shape[1]}")
        self.next_cue()  # "so the next block takes it as its input": Y, then the input it becomes
        for key in ("out", "input"):
            self.play(Indicate(self.path.nodes[key], color=pal.accent, scale_factor=1.12), run_time=1.0)
