"""attention_heatmap, the second head (seed 003, "Optional: edit the query, key and value matrices"):
queries and keys get different matrices (engine.toy.ASK_Q ≠ ASK_K, the record's `asking`), so a word
that asks (q) points elsewhere than the same word answering (k) and the score table stops being
symmetric (the plane of token vectors waits beside the table, re-scaled to an inset); the mask and the row
softmax run again. The sum that follows (scenes.attention.asksum) is called from here, so the second head reads
as one step. The first head's x read-out stays on screen from its own section to the end (`x_first`). Mixed into
scenes.attention_heatmap.AttentionHeatmap.
"""
from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, FadeIn, Transform, VGroup

from look import fmt_num
from scenes.attention.strings import pmatrix, tnum
from scenes.attention.table import NOTE, PANEL_RIGHT, TEX, WIDE_PAD, WORDS
from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut, fade_swap

ASK_RIGHT, ASK_CELL = 3.75, 1.4  # the second head's table: cells wide enough for signed scores at 4 decimals


class AttentionAsking:
    """Needs from the scene: d (the record), pal, s, txt, tex, section, caption, play, add, shown, and the table
    (build_table, grid, score_nums, weight_nums, crosses, panel: scenes.attention.table)."""

    def asking(self):
        self.d1 = d1 = self.d
        a, (i, j) = d1.asking, d1.asking_pair
        self.ask_words = dict(qi=a.tokens[i], kj=a.tokens[j], i=i + 1, j=j + 1,
                              zij=fmt_num(a.scores[i, j], 4), zji=fmt_num(a.scores[j, i], 4))
        self.ask_pair_plane()
        self.d = a  # the table is drawn from the second head's numbers
        self.build_table(right=ASK_RIGHT, cell_max=ASK_CELL, pad=WIDE_PAD)  # 4 decimals, as the first head's
        self.ask_table()
        self.ask_weights()
        self.ask_sum()
        self.d = d1

    # 2. the asymmetric table --------------------------------------------------------------------
    def ask_table(self):
        d1, pal = self.d1, self.pal
        a, (i, j) = d1.asking, d1.asking_pair
        n = len(a.tokens)
        same = fmt_num(a.scores[i, j], 4) == fmt_num(a.scores[j, i], 4)
        # the cue comes as head 1's weights leave, at once (with the first motion); head 2's scores fill the table
        self.section("ask_table", self.s("cap_ask_table_lead"), keep=[self.ask_plane, self.ask_left, self.ask_pair_lines, self.x_first, self.first_table,
                           self.context_last, self.head_tag, self.plane])
        # the pair's lines shrink to their results beside the table: z and who asks whom
        old = self.ask_pair_lines
        room = PANEL_RIGHT - self.panel_left
        pair = VGroup()
        for r, c, color in ((i, j, pal.accent), (j, i, pal.cool)):
            words = self.s("asks", qi=a.tokens[r], kj=a.tokens[c])
            tag = self.txt(words, size=self.note_size(), color=pal.ink)
            if tag.width > room:  # wraps after the asker
                tag = self.txt(words.replace(", ", ",\n").replace("，", "，\n"), size=self.note_size(), color=pal.ink)
            z = self.tex(rf"z_{{\textstyle {r + 1},{c + 1}}} = {tnum(a.scores[r, c])}", size=TEX, color=color)
            pair.add(VGroup(z, tag).arrange(DOWN, buff=0.12, aligned_edge=LEFT))
        pair.arrange(DOWN, buff=0.3, aligned_edge=LEFT)
        # the first head's x in one row above the panel; this head's pair under it
        below = VGroup(*self.x_first.copy())
        below[0].scale(NOTE / WORDS)  # one line, the name at a note's size: h₁'s digits keep 3 % of the frame height
        room = PANEL_RIGHT - self.context_table[2].get_right()[0] - 0.2  # clear of head 1's columns
        below.arrange(RIGHT, buff=0.25)
        if below.width > room:  # name over value, at full size: h₁ never shrinks below 3.2 % of the frame height
            below.arrange(DOWN, buff=0.03, aligned_edge=RIGHT)  # tight: clear of the title and of the row sums' heading
            below.scale_to_fit_width(min(below.width, room))
        below.move_to([PANEL_RIGHT - below.width / 2, 2.72, 0])
        if self.title_mob is not None:  # two lines: clear of the title over it
            below.shift(DOWN * max(0.0, below.get_top()[1] - (self.title_mob.get_bottom()[1] - 0.16)))
        block = pair
        block.move_to([self.panel_left + block.width / 2, below.get_bottom()[1] - 0.2 - block.height / 2, 0])
        block.shift(LEFT * max(0.0, block.get_right()[0] - PANEL_RIGHT))
        m = a.A_Q.T @ a.A_K
        prod = VGroup(self.tex(r"W_{\textstyle Q}^{\top} W_{\textstyle K} =", size=TEX, color=pal.ink),
                      self.tex(pmatrix(m), size=TEX, color=pal.ink))  # two lines: the panel is narrow
        prod.arrange(RIGHT, buff=0.15)  # one row, under the table, right of its formula where it fits
        panel_bottom = block.get_bottom()[1]
        if self.grid.get_right()[0] - self.table_name.get_right()[0] - 0.2 >= prod.width:
            prod.move_to([self.grid.get_right()[0] - prod.width / 2, self.table_name.get_y(), 0])
        else:  # a narrow table: under the pair in the panel
            prod.next_to(block, DOWN, buff=0.3).align_to(block, LEFT)
            prod.shift(LEFT * max(0.0, prod.get_right()[0] - PANEL_RIGHT))  # inside the safe area
            panel_bottom = prod.get_bottom()[1]
        # the plane leaves until this head's sum uses it (a small parked copy would sit idle beside the table
        # and crowd its row sums); it comes back at the first head's place and scale in ask_sum
        # head 1's table stays whole until its cells turn into this head's scores (carry_table): never an empty table
        # the pair's lines in their short form beside the table (z, its value, who asks whom); head 1's x moves up
        # into one row with its name
        # the plane's stage cleared first (its long z lines with it), then head 1's table back and the pair's results
        # beside it: never the old on the new
        self.play(QuickFadeOut(self.ask_plane), QuickFadeOut(self.ask_left), QuickFadeOut(old), *self.plane_hide(),
                  run_time=0.5)
        self.remove(old)
        self.shown["plane_scale"] = ""  # no plane on screen
        self.play(*(FadeIn(short, shift=0.1 * DOWN) for short in pair),
                  QuickFadeIn(VGroup(self.first_table, self.head_tag)),  # back from the plane's stage, where it was
                  Transform(self.x_first[0], below[0]), Transform(self.x_first[1], below[1]), run_time=0.9)
        self.ask_pair_lines = pair
        boxes = self.carry_table(pair)
        self.shown["showing"] = "asking,scores"
        read_with(self, boxes)
        # the scores at the pair's lines' 4 decimals, as the pair's caption gave them (one precision)
        if same:
            self.caption(self.s("cap_ask_equal", **self.ask_words))
            self.ask_prod = VGroup()
            read_with(self, boxes[0], boxes[1])
            self.ask_boxes = boxes
            return
        # "head 1 ... its table was symmetric": head 1's scores, with their numbers, fill this table's cells (its
        # tag 'head 1'), the boxed pair holding one value, written beside the table; then,
        # with "the product of the query and key matrices is not symmetric", the second head's scores come back
        # and that product comes under the table, head 1's equation still beside it
        note = self.head1_note(top=below.get_bottom()[1] - 0.2)
        self.caption(self.s("cap_ask_table", **self.ask_words), run_time=0.4, with_=[QuickFadeOut(pair)],
                     shown={"head1_mirror": f"z[{i + 1},{j + 1}]=z[{j + 1},{i + 1}]={d1.scores[i, j]:.6f}"})
        self.remove(pair)
        self.ask_pair_lines = VGroup()  # its results are the boxed cells now
        mini = self.head1_table(note, bottom=-2.3)  # head 1's pair rows, beside head 2's table (which stays)
        self.shown["showing"] = "asking,head1_scores"
        self.play(FadeIn(note, shift=0.1 * LEFT), FadeIn(mini, shift=0.1 * LEFT), run_time=0.8)
        own = lambda m: m.get_color()  # noqa: E731  (each box lit in its own colour)
        read_with(self, mini[1][0], boxes[0], mini[1][1], boxes[1], color=own, grow=1.0, cue=True)
        self.shown.update(showing="asking,scores", qk_product=";".join(",".join(f"{v:g}" for v in row) for row in m))
        key = self.score_key  # the scores' key gives way where the product comes beside z's formula
        if key is not None and prod.get_left()[0] < key.get_right()[0] + 0.1 and prod.get_bottom()[1] < key.get_top()[1] + 0.1:
            self.score_key = None
            self.play(FadeIn(prod, shift=0.1 * DOWN), QuickFadeOut(key), run_time=0.6)
        else:
            self.play(FadeIn(prod, shift=0.1 * DOWN), run_time=0.6)
        self.ask_prod = VGroup(prod, note, mini)  # they leave as the mask comes (their cue is over)
        read_with(self, boxes[0], boxes[1], note[1], color=own)
        self.ask_boxes = boxes

    # 3. mask and softmax, all rows ---------------------------------------------------------------
    def ask_weights(self):
        d1, pal = self.d1, self.pal
        a = d1.asking
        n = len(a.tokens)
        self.section("ask_weights", self.s("cap_ask_mask", **self.ask_words),
                     keep=[self.table_view(), self.ask_boxes, self.ask_pair_lines, self.x_first, self.head_tag,
                           self.plane, self.ask_prod])
        hidden = VGroup(*(self.score_nums[r][c] for r in range(n) for c in range(n) if a.mask[r, c]))
        # the hidden scores leave before the crosses come: no number lingers faintly under a ×
        self.play(QuickFadeOut(hidden), QuickFadeOut(self.ask_prod), run_time=0.35)
        self.play(FadeIn(self.crosses, lag_ratio=0.05), run_time=0.65)
        self.shown["showing"] = "asking,mask"
        name, sums, head = self.softmax_labels(a.row_sums)
        self.ask_faint = None  # the first head's last row under the table, once the ranking step shows it
        read_with(self, self.crosses, grow=1.0)  # colour only: the crosses stay in their cells
        self.ask_score_rank()  # the pair's mirror is masked: the asymmetry shows in how row n ranks the keys
        swaps = self.faint_swaps(name)  # the first head's row, when shown, becomes its weights too
        # the softmax comes with its own cue: the scores fade, the weights and row sums come in their place
        self.caption(self.s("cap_ask_softmax"))
        self.grid.show_rows(n)
        fade_swap(self, [(self.score_nums[r][c], self.weight_nums[r][c]) for r in range(n) for c in range(n)
                         if not a.mask[r, c]] + swaps + [(self.table_name, name)],
                  FadeIn(sums, lag_ratio=0.1), QuickFadeIn(head), QuickFadeOut(self.ask_pair_lines),
                  *([QuickFadeOut(self.score_key)] if getattr(self, "score_key", None) is not None else []), out=0.4, run_in=0.9)
        self.score_key = None  # the weights cover the scores' heat
        self.adopt_weights(swaps)
        self.drop_tint()
        self.shown["showing"] = "asking,weights"
        self.shown["asking_row_sums"] = ",".join(f"{v:.12f}" for v in a.row_sums)
        read_with(self, self.grid.row_group(n - 1), sums)
        self.ask_sums = VGroup(sums, head)
        self.ask_row_compare()  # what the different query changes, on the row the scene follows
