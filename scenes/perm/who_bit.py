"""Who bit whom (scenes/permutation.py, seed 002 §01 图 2): the failure itself, in one place. Man
bites dog and dog bites man: bites stays in the middle (place 1 in both) and only the words around it
trade places; without positions its output there is the same vector in both, number for number
(engine.word_order.last_word_fixed with keep=1), so a readout there cannot tell who bit whom. Once p
is added (scenes.perm.close) the with-p part ends on the same panel recomputed with p (who_bit_pe):
the two columns now differ (the engine's pe_deviation, about 0.13), the rows that differ framed. The columns stand where the score
table and its heading stood, which leave for the beat and come back after it (no "score table"
heading over numbers that are outputs). Their digits are at NUM points, above 3.5 % of the frame
height; each head on one line, the columns as far apart as the inset allows, the rows spaced.
"""
from __future__ import annotations

from manim import DOWN, RIGHT, FadeIn, FadeOut, Rectangle, VGroup

from engine.word_order import last_word_fixed
from look import fmt_num
from scenes.perm.close import one_then_other
from scenes.perm.layout import INSET, MIDDLE, TEX, TEXT
from scenes.perm.steps import tex_sci

ROW_GAP = 0.09  # scene units between two rows of numbers: each row clearly apart
NUM = 29  # points: the two columns' digits (0.28 scene units tall, 3.5 % of the frame height, at fit 1)
FRAME_H = 8.0  # scene units: the frame's height
COLUMN_GAP = 0.9  # scene units between the two orders' columns, where there is room
HEAD_GAP = 0.3  # scene units between the two heads, at least (each head on one line)


class WhoBit:
    """Mixin (a LectureScene with the Steps mixin): who_bit() after the last place was shown."""

    def who_panel(self, r, with_p: bool) -> tuple:
        """The panel of the middle word's output in both orders (`r`: engine.word_order.last_word_fixed),
        without or with p: its head, the two columns of numbers, the largest gap under them, fitted
        into the inset under its top. Returns (panel, columns, gap, rows that differ as drawn)."""
        pal = self.pal
        out_a, out_b = (r.out_pe_a, r.out_pe_b) if with_p else (r.out_a, r.out_b)
        deviation = r.pe_deviation if with_p else r.deviation
        last = self.word(r.tokens_a[MIDDLE])  # bites: the word that kept its place
        heads = VGroup(*(self.txt(self.said(t), size=TEXT, color=pal.ink) for t in (r.tokens_a, r.tokens_b)))
        pitch = self.txt("0.0", size=NUM).height + ROW_GAP + 0.05  # scene units: one row of numbers
        # each head on one line: the columns as far apart as the inset lets them, the heads at least HEAD_GAP apart
        gap = max(HEAD_GAP, min(COLUMN_GAP, INSET.width - 0.1 - 2 * max(h.width for h in heads)))
        step = max(h.width for h in heads) + gap  # scene units between the columns' centres
        heads[1].next_to(heads[0], RIGHT, buff=step - (heads[0].width + heads[1].width) / 2)

        def column(values, k):  # the numbers of order k, right-aligned under its head, one a row
            nums = VGroup(*(self.txt(fmt_num(v, 2), size=NUM, color=pal.ink) for v in values))
            right = heads[k].get_center()[0] + max(n.width for n in nums) / 2  # the column centred under its head
            for i, n in enumerate(nums):
                n.move_to([right - n.width / 2, heads[k].get_bottom()[1] - 0.2 - pitch * (i + 0.5), 0])
            return nums

        cols = VGroup(column(out_a, 0), column(out_b, 1))
        title = self.txt(self.s("who_head", w=last), size=TEXT, color=pal.ink, weight="BOLD")
        said = self.s("who_with" if with_p else "who_without")
        state = self.txt(said, size=TEXT, color=pal.accent if with_p else pal.muted, **self.cue_style(said))
        gap_name = self.small("who_gap")
        text = fmt_num(deviation, 2) if with_p else tex_sci(deviation)  # as the check before it
        gap = self.tex(text, size=TEX * 1.15, color=pal.ink)
        gap_line = VGroup(gap_name, gap).arrange(RIGHT, buff=0.15)
        table = VGroup(heads, cols)
        panel = VGroup(VGroup(title, state).arrange(DOWN, buff=0.06), table, gap_line).arrange(DOWN, buff=0.16)
        top = INSET.top - 0.05  # the table's heading and the line naming rows and columns leave with it
        fit = min(1.0, (INSET.width - 0.1) / panel.width, (top - INSET.bottom - 0.1) / panel.height)
        panel.scale(fit)
        panel.move_to([INSET.center[0], top - panel.height / 2, 0])
        panel.fit = fit
        changed = [i for i in range(len(out_a)) if fmt_num(out_a[i], 2) != fmt_num(out_b[i], 2)]
        return panel, cols, gap, changed

    def who_record(self, r, with_p: bool, fit: float, changed=()) -> dict:
        """What the panel shows, for the record (the frames' table): both columns as drawn, the gap."""
        out_a, out_b = (r.out_pe_a, r.out_pe_b) if with_p else (r.out_a, r.out_b)
        deviation = r.pe_deviation if with_p else r.deviation
        self.shown["who_text_scale"] = round(float(fit), 3)  # 1: the labels' size
        self.shown["who_digit_height"] = round(float(self.txt("0.0", size=NUM).height * fit / FRAME_H), 4)  # of the frame
        shown = {"orders": [" ".join(r.tokens_a), " ".join(r.tokens_b)],
                 "out_a": [fmt_num(v, 2) for v in out_a], "out_b": [fmt_num(v, 2) for v in out_b],
                 "deviation": deviation}
        if with_p:
            shown["deviation_shown"] = fmt_num(deviation, 2)
            shown["changed_rows"] = list(changed)
        else:
            shown["deviation_mantissa"] = float(f"{deviation:.1e}".split("e")[0])  # as typeset
        return shown

    def who_bit(self, inset, hidden) -> None:
        """The middle word's output in both orders as two columns of numbers in the inset (the table and
        `hidden` step aside, before the cue), equal to every digit with the measured largest difference
        under them, coming with the cue that says it."""
        r = last_word_fixed(self.data, keep=MIDDLE)
        last = self.word(r.tokens_a[MIDDLE])
        panel, cols, gap, _ = self.who_panel(r, with_p=False)
        self.shown["who_bit"] = self.who_record(r, False, panel.fit)
        # the table and its box leave before the cue, so the columns come with it (never a second late)
        self.play(FadeOut(inset.b), FadeOut(inset.axes), FadeOut(inset.name), FadeOut(hidden), run_time=0.4)
        self.caption(self.s("cap_who", w=last), with_=[FadeIn(panel)], run_time=0.5)
        self.read(*cols, gap)
        # p is not introduced yet: what adding it does is shown once it is (who_bit_pe)
        self.read_caption()
        leave, come = one_then_other()
        self.play(FadeOut(panel, rate_func=leave),
                  *(FadeIn(m, rate_func=come) for m in (inset.name, inset.b, inset.axes, hidden)), run_time=0.6)
        for key in ("who_bit", "who_text_scale", "who_digit_height"):
            self.shown.pop(key, None)

    def who_bit_pe(self, hidden) -> None:
        """The with-p part's last word: the same panel as who_bit (bites in the middle of man bites dog
        and dog bites man), at the same size, recomputed with p; the rows whose two numbers differ as
        drawn framed, the engine's largest gap under them. `hidden` (the table with p, its line, the
        check) steps aside before the cue and comes back after it."""
        r = last_word_fixed(self.data, keep=MIDDLE)
        last = self.word(r.tokens_a[MIDDLE])
        panel, cols, gap, changed = self.who_panel(r, with_p=True)
        # each row that differs as drawn on a faint band across both columns (bands, not frames: the
        # rows are close and frames round neighbours would run into each other)
        row_pitch = abs(cols[0][0].get_y() - cols[0][1].get_y()) if len(cols[0]) > 1 else cols[0][0].height + 0.1
        left, right = cols.get_left()[0] - 0.12, cols.get_right()[0] + 0.12
        marks = VGroup(*(Rectangle(width=right - left, height=row_pitch - 0.05, stroke_width=0, fill_color=self.pal.muted,
                                   fill_opacity=0.25).move_to([(left + right) / 2, (cols[0][i].get_y() + cols[1][i].get_y()) / 2, 0])
                         for i in changed)).set_z_index(-1)
        self.shown["who_bit_pe"] = self.who_record(r, True, panel.fit, changed)
        # the table with p leaves as the panel comes, with the panel's cue (a separate fade would hold
        # the cue before it up over a picture that no longer frames what it says)
        leave, come = one_then_other()
        self.caption(self.s("cap_who_pe", w=last, v=fmt_num(r.pe_deviation, 2), n=len(changed), d=len(r.out_pe_a)),
                     with_=[FadeOut(hidden, rate_func=leave), FadeIn(panel, rate_func=come)], run_time=0.6)
        self.play(FadeIn(marks), run_time=0.6)
        self.read(*cols, gap)
        self.read_caption()
        leave, come = one_then_other()
        self.play(FadeOut(VGroup(panel, marks), rate_func=leave), FadeIn(hidden, rate_func=come), run_time=0.6)
        for key in ("who_bit_pe", "who_text_scale", "who_digit_height"):
            self.shown.pop(key, None)
