"""Who bit whom (scenes/permutation.py, seed 002 §01 图 2): the failure itself, in one place. The two
words before dog swap (man bites dog, bites man dog) and dog stays last; without positions its output
there is the same vector in both, number for number (engine.word_order.last_word_fixed), so a readout
at the last place cannot tell who bit whom. With p added the two columns change and differ (the
record's pe_deviation). The columns stand where the score table stood, which leaves for the beat and
comes back after it.
"""
from __future__ import annotations

from manim import DOWN, RIGHT, FadeIn, FadeOut, Transform, VGroup

from engine.word_order import last_word_fixed
from look import fmt_num
from scenes.perm.close import one_then_other
from scenes.perm.layout import INSET, TEX, TEXT
from scenes.perm.steps import tex_sci

ROW_GAP = 0.07  # scene units between two rows of numbers
COLUMN_GAP = 0.9  # scene units between the two orders' columns


class WhoBit:
    """Mixin (a LectureScene with the Steps mixin): who_bit() after the last place was shown."""

    def who_bit(self, inset, hidden) -> None:
        """The last word's output in both orders as two columns of numbers in the inset (the table and
        `hidden` step aside), equal to every digit with the measured largest difference under them;
        then the same with p added, the numbers and the difference changing in place."""
        pal, r = self.pal, last_word_fixed(self.data)
        last = self.word(r.tokens_a[-1])
        self.shown["who_bit"] = {"orders": [" ".join(r.tokens_a), " ".join(r.tokens_b)],
                                 "out_a": [fmt_num(v, 2) for v in r.out_a],
                                 "out_b": [fmt_num(v, 2) for v in r.out_b], "deviation": r.deviation}

        heads = VGroup(*(self.txt(self.said(t), size=TEXT, color=pal.ink) for t in (r.tokens_a, r.tokens_b)))
        pitch = self.txt("0.0", size=TEXT).height + ROW_GAP + 0.05  # scene units: one row of numbers
        step = max(h.width for h in heads) + COLUMN_GAP  # scene units between the columns' centres
        heads[1].next_to(heads[0], RIGHT, buff=step - (heads[0].width + heads[1].width) / 2)

        def column(values, color, k):  # the numbers of order k, right-aligned under its head, one a row
            nums = VGroup(*(self.txt(fmt_num(v, 2), size=TEXT, color=color) for v in values))
            right = heads[k].get_center()[0] + max(n.width for n in nums) / 2  # the column centred under its head
            for i, n in enumerate(nums):
                n.move_to([right - n.width / 2, heads[k].get_bottom()[1] - 0.2 - pitch * (i + 0.5), 0])
            return nums

        cols = VGroup(column(r.out_a, pal.ink, 0), column(r.out_b, pal.ink, 1))
        title = self.txt(self.s("who_head", w=last), size=TEXT, color=pal.ink, weight="BOLD")
        state = self.txt(self.s("who_without"), size=TEXT, color=pal.muted, **self.cue_style(self.s("who_without")))
        gap_name = self.small("who_gap")
        gap = self.tex(tex_sci(r.deviation), size=TEX * 1.15, color=pal.ink)  # as the check before it
        gap_line = VGroup(gap_name, gap).arrange(RIGHT, buff=0.15)
        table = VGroup(heads, cols)
        panel = VGroup(VGroup(title, state).arrange(DOWN, buff=0.1), table, gap_line).arrange(DOWN, buff=0.22)
        top = inset.axes.get_bottom()[1] - 0.2
        fit = min(1.0, (INSET.width - 0.1) / panel.width, (top - INSET.bottom - 0.1) / panel.height)
        panel.scale(fit)
        panel.move_to([INSET.center[0], top - panel.height / 2, 0])

        leave, come = one_then_other()  # the table and its box are gone before the columns come
        self.caption(self.s("cap_who"), with_=[FadeOut(inset.b, rate_func=leave), FadeOut(hidden, rate_func=leave),
                                                FadeIn(panel, rate_func=come)], run_time=0.7)
        self.read(*cols, gap)

        # with p at every seat: the same two orders computed afresh, the numbers changing in place
        self.shown["who_bit_pe"] = {"out_a": [fmt_num(v, 2) for v in r.out_pe_a],
                                    "out_b": [fmt_num(v, 2) for v in r.out_pe_b],
                                    "deviation": fmt_num(r.pe_deviation, 2)}
        new_cols = VGroup(*(VGroup(*(self.txt(fmt_num(v, 2), size=TEXT, color=pal.cool).scale(fit)
                                     .move_to(o).align_to(o, RIGHT) for v, o in zip(values, old)))
                            for values, old in ((r.out_pe_a, cols[0]), (r.out_pe_b, cols[1]))))
        said = self.s("who_with")
        new_state = self.txt(said, size=TEXT, color=pal.cool, **self.cue_style(said)).scale(fit).move_to(state)
        new_gap = self.tex(fmt_num(r.pe_deviation, 2), size=TEX * 1.15, color=pal.cool)
        new_gap.scale(fit).next_to(gap_name, RIGHT, buff=gap.get_left()[0] - gap_name.get_right()[0])
        self.caption(self.s("cap_who_pe", v=fmt_num(r.pe_deviation, 2)))
        self.play(Transform(cols, new_cols), Transform(state, new_state), Transform(gap, new_gap), run_time=0.8)
        self.read(*cols, gap)
        self.play(FadeOut(panel, rate_func=leave), FadeIn(inset.b, rate_func=come), FadeIn(hidden, rate_func=come),
                  run_time=0.6)
        self.shown.pop("who_bit", None)
        self.shown.pop("who_bit_pe", None)

