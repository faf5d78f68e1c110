"""attention_heatmap, every row's output (seed 003, "The last position supplies our context vector"): after row n's
sum, the same step runs over the other rows. h₁'s read-out becomes row n of the output table C = V Aᵀ (one row
per position, the record's `C` read column by column), then a frame walks down the score table's rows 1 to n − 1
and each row's own output fills in beside it, so the n × 2 output is seen whole; then the table goes and h₁'s
read-out and formula come back. Mixed into scenes.attention_heatmap.AttentionHeatmap, after the summary.
"""
from __future__ import annotations

from manim import LEFT, RIGHT, UP, FadeIn, ReplacementTransform, SurroundingRectangle, VGroup

from look import fmt_num
from scenes.attention.table import LABEL, NUM_MIN
from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut

RIGHT_EDGE = 6.3  # the output table's right edge, as h₁'s read-out's
FLOOR_GAP = 0.15  # clear of the plane's highest name under it
ROW_GAP = (0.06, 0.2)  # the rows' vertical gap: at least, at most (line spacing where there is room)
TOP = 2.8  # under the title: h₁'s read-out and formula step aside while the table stands there


class AttentionSweep:
    """Needs from the scene: d (the record), pal, s, txt, caption, play, shown, the score table (grid), and what
    the context section leaves (context_readout, context_done, plane_ticks, plane_values)."""

    def output_rows(self) -> VGroup:
        """The output table, one row per position: its label and the two numbers of C's column i (row n in h₁'s
        colour), named left of it ("each row's output"), right-aligned at the read-out's place from under the title, down to the plane's highest name; built, not shown."""
        d, pal = self.d, self.pal
        n = len(d.tokens)
        cells = []
        for i in range(n):
            color = pal.accent if i == n - 1 else pal.ink
            cells += [self.txt(f"{i + 1} {d.tokens[i]}", size=LABEL, color=pal.ink),
                      self.txt(fmt_num(d.C[0, i], 4), size=NUM_MIN, color=color),
                      self.txt(fmt_num(d.C[1, i], 4), size=NUM_MIN, color=color)]
        top = max(TOP, self.context_readout.get_top()[1])
        below = [*self.plane_ticks, *(lab for _, _, lab in getattr(self, "plane_values", []))]
        tall = sum(max(c.height for c in cells[3 * i:3 * i + 3]) for i in range(n))
        room = top - (max(m.get_top()[1] for m in below) + FLOOR_GAP) if below else tall + ROW_GAP[1] * (n - 1)
        gap = min(ROW_GAP[1], max(ROW_GAP[0], (room - tall) / max(n - 1, 1)))  # rows apart, as far as the room allows
        grid = VGroup(*cells).arrange_in_grid(rows=n, cols=3, buff=(0.3, gap), cell_alignment=RIGHT)
        floor = top - room
        if grid.height > top - floor:  # a long lesson: smaller, never onto the plane
            grid.scale_to_fit_height(max(top - floor, 0.5))
        grid.move_to([RIGHT_EDGE - grid.width / 2, top - grid.height / 2, 0])
        # the table's name left of it, level with its top (no room over it: the title): between the score table and it
        head = self.txt(self.s("sweep_head"), size=LABEL, color=pal.ink)
        head.next_to(grid, LEFT, buff=0.3).align_to(grid, UP)
        self.sweep_head = head if head.get_left()[0] > self.grid.get_right()[0] + 0.15 else VGroup()
        return VGroup(*(VGroup(*cells[3 * i:3 * i + 3]) for i in range(n)))

    def sweep_rows(self):
        """Every row does what row n did: its output fills in beside the walking frame, row by row."""
        d, pal = self.d, self.pal
        n = len(d.tokens)
        if n < 2:
            return
        rows = self.output_rows()
        self.output_table = rows  # kept for its numbers (tests/test_attention_sweep.py)
        readout, done = self.context_readout, self.context_done
        last = rows[-1]
        # with the cue: h₁'s numbers become row n of the table, its formula steps aside
        self.caption(self.s("cap_sweep", m=n - 1),
                     with_=[QuickFadeOut(done), ReplacementTransform(readout.copy(), VGroup(last[1], last[2])),
                            QuickFadeOut(readout), QuickFadeIn(last[0]), *(QuickFadeIn(m) for m in [self.sweep_head] if len(m))],
                     run_time=0.8, shown={"outputs_filled": n})
        # one highlight, one meaning: the row being computed. Row n's frame (context_last) is the only one: it steps
        # from row to row, fading out of one row and into the next (never two frames at once, never a frame sliding
        # over the numbers), and the output row it makes is framed the same way beside it
        frames = [SurroundingRectangle(self.grid.row_group(r), buff=0.02, color=pal.accent, stroke_width=4)
                  for r in range(n)]  # as row n's frame: round the whole row, its crosses included
        outs = [SurroundingRectangle(VGroup(rows[r][1], rows[r][2]), buff=0.06, color=pal.accent, stroke_width=4)
                for r in range(n)]
        mark = self.context_last
        home = mark.copy()
        self.play(QuickFadeIn(outs[-1]), run_time=0.3)
        each = max(0.6, min(1.0, (self.cue_left() - 1.8) / (n - 1)))
        on_grid, on_out = mark, outs[-1]
        for r in range(n - 1):  # row r's weights scale the same values: its own output, beside the frame
            self.play(QuickFadeOut(on_grid), QuickFadeOut(on_out), run_time=0.2 * each)
            self.remove(on_grid, on_out)
            on_grid, on_out = frames[r], outs[r]
            self.play(QuickFadeIn(on_grid), run_time=0.2 * each)
            self.play(FadeIn(rows[r], shift=0.2 * RIGHT), QuickFadeIn(on_out), run_time=0.6 * each)
            self.shown["outputs_filled"] = r + 2  # row n's and rows 1 to r + 1
        self.shown["outputs"] = ";".join(f"{d.C[0, i]:.6f},{d.C[1, i]:.6f}" for i in range(n))
        read_with(self, *rows)
        # the table goes; h₁'s read-out and formula come back where they stood, row n framed again
        self.play(QuickFadeOut(on_grid), QuickFadeOut(on_out), QuickFadeOut(rows),
                  *(QuickFadeOut(m) for m in [self.sweep_head] if len(m)), run_time=0.4)
        self.remove(on_grid, on_out, rows, self.sweep_head)
        mark.become(home)
        self.play(QuickFadeIn(mark), QuickFadeIn(readout), QuickFadeIn(done), *self.values_dimmed(False), run_time=0.5)
        self.shown.pop("outputs", None)
        self.shown.pop("outputs_filled", None)
