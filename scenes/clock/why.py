"""pe_clock's "why" section: why the two scores differ. The score split into its four products (engine
terms): each sum x + PE on screen splits into its word part and its seat part (the engine vectors, framed in their
roles' colours), and each product's row is built from its two parts, which fly into its x / PE symbols; only
word·word is free of the seats. Then, on hand 0's dial,
what the seats alone give: the key one seat after the query (十五) or one before (五十) is the same turn
ω₀ one way or the other, mirror arcs of equal cosine, so PE(p_q)·PE(p_k) (engine pe_dot) depends only on the
size of the gap; the products' formulas (through W_Q, W_K) are off screen while the head is away. Through the head: word·seat and seat·word change because each word now carries the other
seat's fingerprint (they would with W_Q = W_K too); seat·seat changes because M = W_Q W_Kᵀ (engine m_qk) is not
symmetric, each of its two values lit as its cue states it (scenes.clock.seatswap; the look-back head's own case, seat 4
at 24.00 and seat 6 at 19.10 from seat 5, was told on its score rows); and the scores differ (engine with_pe). The scores and their parts
are shown to SCORE_DECIMALS (2) decimals.
Mixed into scenes.pe_clock.PeClock.
"""
from __future__ import annotations

from manim import (
    DOWN, LEFT, RIGHT, UP, Arc, Create, Rotate, FadeIn, FadeTransform, GrowFromEdge, Indicate, Line, Rectangle,
    SurroundingRectangle, VGroup,
)

import numpy as np

from look import fmt_num
from scenes.clock.use import LABEL_RIGHT, SCORE_DECIMALS, TABLE_X
from scenes.parts.cues import cues
from scenes.parts.dial import Dial
from scenes.clock.walk import light_cue, walk_cue
from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut
from scenes.clock.seatswap import SeatSwapBeat

DIAL_C, DIAL_R = (-5.5, -1.66, 0.0), 0.66  # hand 0's dial, under the split
NAMES_X, NAMES_Y, RAW_Y = -4.5, (-1.26, -1.76), -2.26  # the arcs' names right of the dial (clear of its rim when
# enlarged), PE·PE under them: each line 0.15 clear of the next, of the words + PE row above and of the caption below
RAW_RIGHT = 6.3  # the PE·PE line ends inside the title-safe area (x ≤ 6.4)
PART_TEX = ((r"x_q", r"PE(p_q)"), (r"x_k", r"PE(p_k)"))  # a sum's two parts as the products name them
# the split sums' parts under the table, query's then key's, all left of the words + PE row's name: no part passes
# over it on its way down
PART_X, PART_Y, PART_W = ((-5.8, -4.4), (-2.85, -1.45)), -1.45, 0.9
TERM_TEX, TERM_H = 42, 0.48  # the products' size (36 set their scripts under 3 % of the frame) and their height at most
FLY_SCALE = 0.6  # a part's size as it flies into a product's row (still a bar, framed, read as its part)
CHANGE_NUM_RIGHT, CHANGE_LEN, CHANGE_H = 6.05, 0.52, 0.1  # the change column's numbers end here (clear of the second
# order's values), the longest bar's length at most and the bars' height: the bars in a sub-column of their own right of
# the numbers, level with each row, decreases left of the zero line, increases right of it
CHANGE_BAR_LEFT, CHANGE_BAR_RIGHT = 6.15, 6.4  # the bars' sub-column: 0.1 right of the numbers, inside the title-safe area
CHANGE_TXT = 26  # the changes' digits 3.3 % of the frame height, narrow enough to leave their bars room
CHANGE_RIGHT = 6.4  # the column's name ends here (clear of the second order's name on its left)
# the conclusion's rows, carried out of the table into the free band under it (right of M's line, over the caption)
CARRY_LEFT, CARRY_RIGHT, CARRY_Y, CARRY_SCALE = -2.5, 6.3, (-1.45, -2.08), 1.15


def change_values(o) -> np.ndarray:
    """Each product's change from the first order to the second (engine terms: b − a), shape (4,)."""
    return np.asarray(o.terms[1], dtype=float) - np.asarray(o.terms[0], dtype=float)


class WhySection(SeatSwapBeat):
    """Needs from the scene: data, pal, s, txt, tex, section, caption, play, shown, use_score_rows,
    use_pieces, grid, park_label (scenes.pe_clock)."""

    def why_order(self):
        pal, d = self.pal, self.data
        o = d.order
        rows = self.use_score_rows
        (qa, ka), (qb, kb) = o.seats
        # rows 0.54 apart (the products, at TERM_TEX, stand up to TERM_H high): room below for the dial and its lines
        y_heads, y_terms, y_rule, y_sum = 1.85, (1.34, 0.8, 0.26, -0.28), -0.55, -0.85
        mark_x = sum(TABLE_X) / 2
        # each part is divided by √d, as the score is (the row's values are its own): said once over the products, so
        # the products are written large enough for their scripts (q, k, Q, K) to read
        each = self.txt(self.s("why_each", d=d.d_model), size=32, color=pal.ink).move_to([0, y_heads, 0]).align_to(
            [LABEL_RIGHT, 0, 0], RIGHT)
        term_rows, marks = [], []
        for t, y in enumerate(y_terms):
            color = pal.ink if t == 0 else pal.accent
            tag = self.txt(self.s(f"part_{t}"), size=26, color=color).move_to([0, y, 0]).align_to([-6.2, 0, 0], LEFT)
            # the query's part and the key's part (x or PE), each in its role's colour: the split sums' parts land there
            q_pe, k_pe = t >= 2, t in (1, 3)
            formula = self.tex(PART_TEX[0][q_pe], (r"\," if q_pe else " ") + r"W_Q\cdot", PART_TEX[1][k_pe],
                               (r"\," if k_pe else " ") + "W_K", size=TERM_TEX, color=color)
            for piece, is_pe in ((formula[0], q_pe), (formula[2], k_pe)):
                piece.set_color(pal.accent if is_pe else pal.ink)
            room = LABEL_RIGHT - tag.get_right()[0] - 0.2  # clear of the row's name
            if formula.width > room:
                formula.scale_to_fit_width(room)
            if formula.height > TERM_H:  # clear of the rows above and below
                formula.scale_to_fit_height(TERM_H)
            formula.move_to([0, y, 0]).align_to([LABEL_RIGHT, 0, 0], RIGHT)
            values = [self.txt(fmt_num(v, SCORE_DECIMALS), size=28, color=color).move_to([x, y, 0]) for x, v in zip(TABLE_X, o.terms[:, t])]
            equal = fmt_num(o.terms[0, t], SCORE_DECIMALS) == fmt_num(o.terms[1, t], SCORE_DECIMALS)
            mark = self.txt("=" if equal else "≠", size=30, color=pal.ink if equal else pal.bad).move_to([mark_x, y, 0])
            term_rows.append(VGroup(tag, formula, *values))
            marks.append(mark)
        rule = Line([-6.2, y_rule, 0], [TABLE_X[1] + 0.8, y_rule, 0], stroke_color=pal.muted, stroke_width=2)
        self.why_rule = rule
        change_head, bars = self.change_bars(o, y_heads, y_terms)
        self.why_bars = bars
        ta, tb = "".join(o.tokens_a), "".join(o.tokens_b)
        split_shown = {f"split_{o_}_{t}": float(o.terms[i, t]) for i, o_ in enumerate("ab") for t in range(4)}
        dial, arcs, arc_names, raw = self.gap_dial(o)

        self.section("why", self.s("cap_why"), keep=[self.use_table, rows["formula"]])
        words_row = rows["words"]
        sums, parts = self.use_split["sums"], self.split_parts()
        sum_names = VGroup(*self.use_split["names"])  # "x + PE" stays under each sum until it splits: no strip unnamed
        # the words-only row would cross the words + PE row on its way up: it leaves, the other rows move, and it
        # comes back at the top as the word · word part (its values are that part's), never over another row
        self.play(QuickFadeOut(VGroup(*(m for m in self.use_pieces if m is not rows["formula"] and m not in sums
                                        and m not in sum_names))),
                  QuickFadeOut(words_row), run_time=0.5)
        self.shown.pop("pe_rows", None)  # the fingerprints have left with the strips
        # the sums, with their names, move left over where their parts will lie as the words + PE row comes up: the
        # row rises into a clear place, and the parts come straight down beside it
        self.play(rows["heads"].animate.set_y(y_heads), rows["pe"].animate.set_y(y_sum),
                  *(VGroup(s, n).animate.set_x(sum(xs) / 2) for s, n, xs in zip(sums, sum_names, PART_X)), run_time=0.7)
        self.until_next_cue()  # "split each score into its four products"
        # each sum x + PE splits back into its two parts, which move under the table, framed in their roles' colours
        halves = [VGroup(x.copy(), pe.copy()).arrange(DOWN, buff=0).move_to(s) for s, (x, pe) in zip(sums, parts["bars"])]
        self.play(*(FadeTransform(s, h) for s, h in zip(sums, halves)), QuickFadeOut(sum_names), run_time=0.6)
        self.play(*(h[i].animate.become(parts["bars"][j][i]) for j, h in enumerate(halves) for i in range(2)),
                  FadeIn(parts["rest"]), run_time=0.8)
        self.remove(*halves)
        self.add(*(bar for pair in parts["bars"] for bar in pair))
        # the four products, one by one, each from its two parts
        words_row[1:].set_y(y_terms[0])
        self.build_term_row(term_rows[0], parts, 0, VGroup(*words_row[1:]), FadeIn(each))
        self.shown.update(split_shown)  # the four parts are drawn from here on
        # the rule faded in whole: drawn from its left end, it starts as a lone dash by the first tag
        self.build_term_row(term_rows[1], parts, 1, VGroup(*term_rows[1][2:]), FadeIn(rule))
        self.build_term_rows([(term_rows[t], t, VGroup(*term_rows[t][2:])) for t in (2, 3)], parts)
        read_with(self, *term_rows[1:], grow=1.0, cue=True)
        split_view = VGroup(*(bar for pair in parts["bars"] for bar in pair), parts["rest"])  # the parts leave
        # "only word · word is the same": its change, 0.00, under the change column's name; "every part with a seat
        # changes": the three bars grow to their changes (engine terms, b − a) as that cue comes in
        self.caption(self.s("cap_why_same"), with_=[*(FadeIn(m, shift=0.1 * UP) for m in marks[1:]),
                                                    QuickFadeOut(split_view), FadeIn(change_head), FadeIn(bars[0])],
                     run_time=0.6)
        self.shown.update({f"change_{t}": float(v) for t, v in enumerate(change_values(o))})
        read_with(self, VGroup(*words_row[1:], bars[0]), cue=True)
        zero_x = change_head[1][0].get_x()  # the zero line
        grow_from = lambda bar: RIGHT if bar.get_center()[0] < zero_x else LEFT  # from the zero line, either way
        self.play(*(GrowFromEdge(b[0], grow_from(b[0])) for b in bars[1:]), *(FadeIn(b[1], shift=0.1 * UP) for b in bars[1:]),
                  run_time=0.8)
        read_with(self, *(VGroup(r[-2:], m, b) for r, m, b in zip(term_rows[1:], marks[1:], bars[1:])))
        # the seats alone, on hand 0's dial: the key one seat after the query, then one before (the swap)
        v_text = fmt_num(o.pe_dot, SCORE_DECIMALS)
        # the two products, equal, come with the cue that names them; "= value" with the cue that states it
        named, valued = VGroup(raw[0], raw[1][0]), VGroup(raw[1][1], raw[2])
        # "take the head away": the products' formulas (each through W_Q and W_K) leave with it, the names and values
        # stay; they come back with the head (head_swap)
        head_formulas = VGroup(*(r[1] for r in term_rows), each)
        self.caption(self.s("cap_why_gap", v=v_text), with_=[FadeIn(dial), FadeIn(named, shift=0.1 * UP),
                                                              QuickFadeOut(head_formulas)], run_time=0.6)
        if v_text not in self.cues_log[-1]["text"]:
            self.until_next_cue()  # "a gap of +1 or −1 turns each hand by the same angle, one way or the other"
        self.play(Create(arcs[0]), FadeIn(arc_names[0]), run_time=0.7)
        # order b's key hand (cool, as its arc and name) leaves order a's (accent) and swings to the mirror angle:
        # both stay, +ω₀ and −ω₀ side by side
        hand_b = dial.hand2.copy().set_stroke(color=pal.cool)
        dial.submobjects.insert(dial.submobjects.index(dial.hub), hand_b)  # under the hub, with the dial
        self.play(Rotate(hand_b, d.speeds[0] * ((kb - qb) - (ka - qa)), about_point=dial.face.get_center()),
                  Create(arcs[1]), FadeIn(arc_names[1]), run_time=1.4)
        turns = (VGroup(arcs[0], arc_names[0]), VGroup(arcs[1], arc_names[1]))
        turn_color = lambda m: m[0].get_stroke_color() if m in turns else pal.ok  # each turn lit in its own colour
        while self._queue and v_text not in self._queue[0][0] + self.cues_log[-1]["text"]:
            read_with(self, *turns, cue=True, color=turn_color)  # the two turns, in turn
        pending = self.before_cue_with(v_text, 0.6)  # the value is up as its cue comes in
        self.shown["pe_dot"] = o.pe_dot
        self.play(FadeIn(valued, shift=0.1 * UP), run_time=0.6)
        if pending:
            self.until_next_cue()
        read_with(self, *turns, raw, color=turn_color)
        self.head_swap(o, term_rows, marks, y_heads, VGroup(dial, arcs, arc_names, raw), head_formulas)
        # the conclusion as the table shows it: the mixed terms change most (the biggest named with its values), seat · seat
        # only because M is not symmetric
        big = 1 + int(np.argmax(np.abs(o.terms[1, 1:] - o.terms[0, 1:])))
        self.caption(self.s("cap_why_end", big=self.s(f"part_{big}"), ta="".join(o.tokens_a), tb="".join(o.tokens_b),
                            ba=fmt_num(o.terms[0, big], SCORE_DECIMALS), bb=fmt_num(o.terms[1, big], SCORE_DECIMALS)))
        # the result carried into the conclusion: "mostly through the mixed terms" walks over both mixed rows; as the
        # biggest is named with its values, its row (name, values, change) moves out of the table, larger, under it;
        # as seat · seat is named, its row follows beside M = W_Q W_Kᵀ ≠ Mᵀ (the copies leave the table whole)
        walk_cue(self, *(VGroup(r[-2:], m, b) for r, m, b in zip(term_rows[1:3], marks[1:3], bars[1:3])))
        left = max(self.why_asym.get_right()[0] + 0.5, CARRY_LEFT)
        big_line = self.carry_row(term_rows[big], marks[big], bars[big], left, CARRY_Y[0])
        if self._queue:
            walk_cue(self, big_line[1:4], big_line[4])
        seat_line = self.carry_row(term_rows[3], marks[3], bars[3], left, CARRY_Y[1])
        read_with(self, seat_line[1:4], seat_line[4], self.why_asym)
        self.why_view = VGroup(rule, each, change_head, *bars, dial, arcs, arc_names, raw, *term_rows, *marks[1:], self.why_tags,
                               self.why_asym, big_line, seat_line)

    def carry_row(self, row, mark, bar, left: float, y: float) -> VGroup:
        """Copies of a product's row (its name, both values with the mark between, its change beside its bar) move out of
        the table into one line at (left, y), CARRY_SCALE larger (at most as wide as the room up to x = 6.3). Returns
        the line: (name, value a, mark, value b, change)."""
        parts = [row[0], row[-2], mark, row[-1], bar]
        moving = VGroup(*(m.copy() for m in parts))
        target = moving.copy().arrange(RIGHT, buff=0.35).scale(CARRY_SCALE)
        if target.width > CARRY_RIGHT - left:
            target.scale_to_fit_width(CARRY_RIGHT - left)
        target.move_to([0, y, 0]).align_to([left, 0, 0], LEFT)
        self.play(*(m.animate.move_to(t).scale(t.height / max(m.height, 1e-6)) for m, t in zip(moving, target)),
                  run_time=0.9)
        return moving

    def change_bars(self, o, y_heads: float, y_terms) -> tuple:
        """The change column right of the table: its name over a zero line, and for each product its change from the
        first order to the second (engine terms, b − a) at two decimals, signed, over a bar as long as that change (the
        longest CHANGE_LEN) that points left of the zero line for a decrease, right for an increase. Returns (name and zero line, [VGroup(bar, value)] per product)."""
        pal = self.pal
        change = change_values(o)
        neg = max(0.0, -float(np.min(change)))  # the longest decrease and increase (engine terms, b − a)
        pos = max(0.0, float(np.max(change)))
        unit = min(CHANGE_LEN / max(neg, pos, 1e-9), (CHANGE_BAR_RIGHT - CHANGE_BAR_LEFT) / max(neg + pos, 1e-9))
        zero_x = CHANGE_BAR_LEFT + neg * unit  # the decreases fill the sub-column's left part, the increases its right
        bars, zero = [], VGroup()
        for t, (v, y) in enumerate(zip(change, y_terms)):
            color = pal.ink if t == 0 else pal.bad
            text = fmt_num(abs(v) if abs(v) < 0.005 else v, SCORE_DECIMALS)  # no −0.00
            if v >= 0.005:
                text = "+" + text
            value = self.txt(text, size=CHANGE_TXT, color=color).move_to([0, y, 0]).align_to([CHANGE_NUM_RIGHT, 0, 0], RIGHT)
            # signed: a decrease points left of the zero line, an increase right, level with the row's number
            bar = Rectangle(width=max(abs(v) * unit, 1e-3), height=CHANGE_H, fill_color=color, fill_opacity=0.85,
                            stroke_width=0).move_to([zero_x, y, 0], aligned_edge=RIGHT if v < 0 else LEFT)
            bars.append(VGroup(bar, value))
            zero.add(Line([zero_x, y - 0.12, 0], [zero_x, y + 0.12, 0], stroke_color=pal.muted, stroke_width=2))
        name = self.txt(self.s("why_change"), size=26, color=pal.ink).move_to([0, y_heads, 0]).align_to(
            [CHANGE_RIGHT, 0, 0], RIGHT)
        return VGroup(name, zero), bars

    def split_parts(self) -> dict:
        """The parts of the two sums on screen (engine x and PE(seat) of the query and of the key), each a strip
        framed in its role's colour (word: ink, seat: accent) under the split table, named as the products name them,
        with + between a sum's two parts: {"bars": [(x_q, PE_q), (x_k, PE_k)] (strip and frame), "rest": names and
        pluses}."""
        pal = self.pal
        bars, rest = [], VGroup()
        for j, pair in enumerate(self.use_split["parts"]):
            two = []
            for i, values in enumerate(pair):
                color = pal.accent if i else pal.ink
                strip = self.vector_strip(values, self.use_split["vmax"], width=PART_W).move_to([PART_X[j][i], PART_Y, 0])
                frame = SurroundingRectangle(strip, buff=0.04, color=color, stroke_width=3)
                two.append(VGroup(strip, frame))
                rest.add(self.tex(PART_TEX[j][i], size=36, color=color).next_to(frame, DOWN, buff=0.1))
            bars.append(tuple(two))
            rest.add(self.txt("+", size=30, color=pal.ink).move_to([sum(PART_X[j]) / 2, PART_Y, 0]))
        return {"bars": bars, "rest": rest}

    def build_term_row(self, row: VGroup, parts: dict, t: int, values: VGroup, *also) -> None:
        """Product t's row built from the split parts: a copy of the query's part (x or PE) and one of the key's fly up
        into the formula's x / PE symbols as its name and values come in."""
        self.build_term_rows([(row, t, values)], parts, *also)

    def build_term_rows(self, built: list, parts: dict, *also) -> None:
        """Products (row, t, values) built at once, each as build_term_row builds one: the first two one by one show
        how, the rest follow together (the same flights)."""
        fly, rest = [], []
        for row, t, values in built:
            q_bar, k_bar = parts["bars"][0][int(t >= 2)], parts["bars"][1][int(t in (1, 3))]
            formula = row[1]
            # the framed bars travel whole, shrunk, to their symbols; there they become the symbols as the row comes in
            fly += [(bar.copy(), piece) for bar, piece in ((q_bar, formula[0]), (k_bar, formula[2]))]
            rest += [FadeIn(VGroup(row[0], formula[1], formula[3])), FadeIn(values, shift=0.1 * DOWN)]
        self.play(*(bar.animate.scale(FLY_SCALE).move_to(piece) for bar, piece in fly), run_time=0.6)
        self.play(*(FadeTransform(bar, piece) for bar, piece in fly), *rest, *also, run_time=0.5)

    def head_swap(self, o, term_rows, marks, y_heads, dial_view, head_formulas) -> None:
        """Through the head, the swap part by part with its cues: over each order, which fingerprint each word
        carries; as word · seat and seat · word are named, the second order's fingerprints (each word with the
        other seat's) are pointed at and those two parts light in their new values (they change only because of that); then seat · seat
        alone (scenes.clock.seatswap): M = W_Q W_Kᵀ ≠ Mᵀ where the dial was, its two values each with the cue that states
        it; then the two scores."""
        pal, rows = self.pal, self.use_score_rows
        ta, tb = "".join(o.tokens_a), "".join(o.tokens_b)
        (qa, ka), (qb, kb) = o.seats
        sa, sb = fmt_num(o.terms[0, 3], SCORE_DECIMALS), fmt_num(o.terms[1, 3], SCORE_DECIMALS)
        # the part the swap changes most (seat · word here, −0.6931 against −0.4000), named with its values
        big = 1 + int(np.argmax(np.abs(o.terms[1, 1:] - o.terms[0, 1:])))
        text = self.s("cap_why_head", a=fmt_num(o.with_pe[0], SCORE_DECIMALS), b=fmt_num(o.with_pe[1], SCORE_DECIMALS), ta=ta, tb=tb, sa=sa, sb=sb,
                      big=self.s(f"part_{big}"), ba=fmt_num(o.terms[0, big], SCORE_DECIMALS), bb=fmt_num(o.terms[1, big], SCORE_DECIMALS))
        parts = [c.replace("\n", " ") for c in cues(text, self.look.lang)]

        def first(words: str, after: int = 0) -> int:
            return next((i for i, c in enumerate(parts) if i >= after and words.lower() in c.lower()), after)

        i_change = first(self.s("part_1"))  # "word · seat and seat · word change"
        i_big = first(fmt_num(o.terms[0, big], SCORE_DECIMALS), i_change)  # "the biggest change is seat · word: ..."
        i_seat = first(self.s("part_3"), i_big + 1)  # "seat · seat changes too, as M is not symmetric"

        def carries(word: str, seat: int, x: float, y: float) -> VGroup:
            tag = VGroup(self.txt(word, size=26, color=pal.ink), self.tex(rf"+\,PE({seat})", size=36, color=pal.accent))
            return tag.arrange(RIGHT, buff=0.1).move_to([x, y, 0])

        ys = (y_heads + 0.95, y_heads + 0.5)  # the query's line, the key's, over each order's column
        tags_a = VGroup(carries(o.query, qa, TABLE_X[0], ys[0]), carries(o.key, ka, TABLE_X[0], ys[1]))
        tags_b = VGroup(carries(o.query, qb, TABLE_X[1], ys[0]), carries(o.key, kb, TABLE_X[1], ys[1]))
        start = len(self.cues_log)  # the caption's first cue is cues_log[start]: cue i is on screen from start + i + 1 on
        # the score's formula (split into the four rows below) gives its place to which fingerprint each word carries
        formula, rows["formula"] = rows["formula"], VGroup()
        self.shown.pop("score_formula", None)
        # one after the other: the tags take the formula's place, so the two are never drawn over each other
        # the head is back: the dial (the fingerprints alone) leaves as the products' formulas return
        self.shown.pop("pe_dot", None)  # the fingerprints' own dot product leaves with the dial
        self.caption(text, with_=[QuickFadeOut(formula), QuickFadeOut(dial_view), QuickFadeIn(head_formulas)], run_time=0.5)
        self.play(FadeIn(VGroup(tags_a, tags_b), shift=0.1 * DOWN), run_time=0.5)
        lit = self.head_lights(term_rows)
        while self._queue and len(self.cues_log) - start <= i_change:  # each cue's named terms shown while it is read
            cue = parts[len(self.cues_log) - start - 1]
            keys = self.s("why_light").split("|")
            named = [i for _, i in sorted((cue.find(k), i) for i, k in enumerate(keys) if k in cue)]
            # "each fingerprint": the column heads' fingerprints light with the products' PE(·) they fill
            steps = [VGroup(lit[0], tags_a[0][1], tags_a[1][1]) if i == 0 else lit[i] for i in named]
            named_rows = [r for i in named if i >= 3 for r in (lit[i] if i == 3 else (lit[i],))]
            if named_rows:  # "the terms with one seat", "seat · seat": a frame walks over each row's name and values
                walk_cue(self, *(m for r in named_rows for m in (r[0], r[-2:])))
            else:
                light_cue(self, *steps)
        # in the second order each word carries the other seat's fingerprint (written so from the start): the two
        # PE(·) there are pointed at as the parts they change turn red
        pe_b = VGroup(tags_b[0][1], tags_b[1][1])
        self.play(Indicate(pe_b, color=pal.bad, scale_factor=1.0),  # recoloured in place: grown, they ran into the column head
                  *(r[-1].animate.set_color(pal.bad) for r in term_rows[1:3]), run_time=1.2)
        changed = [VGroup(r[-1], m) for r, m in zip(term_rows[1:3], marks[1:3])]
        while self._queue and len(self.cues_log) - start <= i_seat:  # a frame from the new fingerprints to the parts
            if len(self.cues_log) - start - 1 == i_big:  # the biggest change: its row alone, framed, lit in its colour
                # the other mixed row back to the colour its values were built in (the rows with a seat: accent)
                others = [term_rows[t][-1].animate.set_color(pal.accent) for t in (1, 2) if t != big]
                self.play(Indicate(VGroup(term_rows[big][0], term_rows[big][-2:], marks[big], self.why_bars[big]),
                                   color=pal.bad, scale_factor=1.0), *others, run_time=1.0)
                walk_cue(self, VGroup(term_rows[big][-2:], marks[big], self.why_bars[big]))
            else:
                walk_cue(self, tags_b, *changed)  # they change (a wash in their own colour left them still 7.7 s)
        # seat · seat alone: M = W_Q W_Kᵀ ≠ Mᵀ where the dial was, and its two values lit in the table, each with its cue
        # (scenes.clock.seatswap)
        self.why_asym = self.seat_swap(o, term_rows, marks)
        walk_cue(self, rows["pe"][1], rows["pe"][2])  # "the scores differ": from one score to the other
        self.read_caption()
        self.why_tags = VGroup(tags_a, tags_b)

    def head_lights(self, term_rows) -> list:
        """What the head's cues name, in the order of the words that name them (strings "why_light"): the fingerprints in
        the products' formulas, the query and key matrices (W_Q, W_K), the dot product (each formula's · and the
        values it gives), the two terms with one seat (their rows), seat · seat (its row)."""
        seat_rows = term_rows[1:]
        pe = VGroup(*(r[1][0] for r in term_rows[2:]), *(r[1][2] for r in (term_rows[1], term_rows[3])))
        mats = VGroup(*(r[1][i][:2] for r in seat_rows for i in (1, 3)))
        dot = VGroup(*(r[1][1][2:] for r in seat_rows), *(v for r in seat_rows for v in r[2:]))
        return [pe, mats, dot, VGroup(*term_rows[1:3]), term_rows[3]]

    def gap_dial(self, o):
        """Hand 0's dial turned so the query's hand (ink) points right, and the key's hand (accent) at the key's
        gap from it in order a (+1 seat: +ω₀); the arcs from the query's hand to the key's in order a (+ω₀) and
        b (−ω₀, its mirror), their names, and PE(p)·PE(p ± g) = pe_dot (a key g seats after or
        before the same query: the sum of such cosines; PE(0)·PE(1) = PE(1)·PE(0) would only be the dot product's symmetry)."""
        pal, d = self.pal, self.data
        (qa, ka), (qb, kb) = o.seats
        w = float(d.speeds[0])
        dial = Dial(DIAL_R, ink=pal.ink, face=pal.panel, hand_color=pal.ink, second_hand=pal.accent).move_to(DIAL_C)
        dial.set_angle(0.0).set_angle2(w * (ka - qa))
        c = dial.face.get_center()
        colors = (pal.accent, pal.cool)
        arcs = VGroup(*(Arc(radius=DIAL_R * 0.55, start_angle=0.0, angle=w * (k - q), arc_center=c,
                            stroke_color=col, stroke_width=5).add_tip(tip_length=0.12, tip_width=0.12)
                        for (q, k), col in zip(o.seats, colors)))
        deg = fmt_num(d.fastest_step_degrees, 1)
        ta, tb = "".join(o.tokens_a), "".join(o.tokens_b)
        arc_names = VGroup(*(self.txt(self.s("why_arc", t=t, k=f"{k - q:+d}".replace("-", "−"),
                                             deg=("+" if k > q else "−") + deg), size=26, color=col)
                             for t, (q, k), col in zip((ta, tb), o.seats, colors)))
        for name, y in zip(arc_names, NAMES_Y):
            name.move_to([0, y, 0]).align_to([NAMES_X, 0, 0], LEFT)
        g = abs(ka - qa)  # the gap, one way (order a) and the other (order b: kb − qb = −(ka − qa))
        # "without the head": the fingerprints' own dot product, not the seat · seat row (which goes through W_Q, W_K)
        raw = VGroup(self.txt(self.s("why_raw"), size=26, color=pal.ok),
                     self.tex(rf"PE(p)\cdot PE(p\pm {g})", "=", size=36, color=pal.ok),  # as the caption writes it
                     self.txt(fmt_num(o.pe_dot, SCORE_DECIMALS), size=28, color=pal.ok)).arrange(RIGHT, buff=0.14)
        raw[0].align_to(raw[1], DOWN)
        raw[2].align_to(raw[1], DOWN)
        if raw.width > RAW_RIGHT - NAMES_X:  # a wide value (d_model = 64: 31.1568) keeps the line inside the title-safe area
            raw.scale_to_fit_width(RAW_RIGHT - NAMES_X)
        raw.move_to([0, RAW_Y, 0]).align_to([NAMES_X, 0, 0], LEFT)
        return dial, arcs, arc_names, raw
