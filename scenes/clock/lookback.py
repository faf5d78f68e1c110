"""pe_clock's look-back step, right after the rotation (seed 002 §05): R_k is the same matrix at every seat, so a query
matrix can hold it. Written with row vectors like the scores that follow (q = PE(p) W_Q, on screen; the cue says that
from here the vectors are rows, PE(p) times the query matrix), the head
W_Q = c · R_{-1} (c = 12, engine look_back_scale; R_k turns forward by k seats on rows, PE(p + k) = PE(p) R_k,
everywhere in the scene, the transpose of engine.positional.rotation(k)), which turns every hand back one seat:
PE(p) R_{-1} = PE(p − 1) and W_K = I has the query q(p) = c · PE(p − 1). It is
shown first on the dials the angle table used: they stand at the query seat p and every hand turns back by its own
ωᵢ to seat p − 1 before any score is drawn. Divided by √d as every score in the course, the scores are
c · PE(p − 1) · PE(j) / √d = 3 · PE(p − 1) · PE(j) at d = 16. Its score rows for two query seats (engine
look_back_seats, look_back_rows), one bar per seat j, peak at j = p − 1 (engine look_back_peaks), each at c · (d/2) / √d
(look_back_top); then the same bars become the softmax weights (look_back_weights), the seat before taking about two
thirds: one matrix looks one seat back at every position. The values at and beside the peak stand above their bars
(the peak's in the accent colour, each joined to its bar by a short line), and the row's name sits on the side away
from the peak. Before the weights, the same chart tells back from ahead (look_back_ahead): from seat 5, seat 4 scores
24.00 and seat 6, also one seat away, 19.10 (its bar at 0.80 of the row's height), because M = 12 R_{-1} is not
symmetric; the "use" section applies this head to the two orders. R_{-1} is written whole, compactly: d × d, block-diagonal,
with hand 0's 2 × 2 block in the engine's numbers (scenes.clock.matrix.block_diag_parts); W_Q = c R_{-1} stays to the
end of the cue that says it.

Mixed into scenes.pe_clock.PeClock; the bars are scenes.parts.bars.BarRow.
"""
from __future__ import annotations

from manim import (
    DOWN, LEFT, RIGHT, UP, Circumscribe, Create, FadeIn, FadeTransform, Indicate, Line, ReplacementTransform,
    ValueTracker, VGroup, linear, smooth,
)

from engine.positional import look_back_record
from look import fmt_num
from scenes.clock.matrix import block_diag_parts
from scenes.clock.rotate import MAT_HAND, turn_arc
from scenes.clock.walk import hand_over
from scenes.parts.bars import BarRow
from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut

ROW_LEFT, ROW_W = -1.0, 7.2  # the bar rows, right of the parked table and its name
ROW_Y0 = (0.55, -1.55)  # each row's zero line
ROW_H = 1.0  # the tallest bar (the peak, d/2)
FORMULA_Y = 2.55
VALUE_DECIMALS = 2  # the peak's and its neighbours' scores above their bars (24.00 against 22.46; weights 0.68, 0.14)
VALUE_GAP = 0.2  # between two value labels in a row
# the head as a product of row vectors, the order engine.positional.look_back_scores applies it in
TURN_AT = (0.6, -0.35, 0)  # PE(p), then PE(p) R_{-1} = PE(p − 1), under the rotation's dials (right of the parked table)
TURN_TO = (-3.7, 1.15, 0)  # where that line moves as the scores come in: left of the first row, level with its bars
BLOCK_BOTTOM = -2.45  # R_{-1} written whole, its bottom over the caption band (CONTENT_BOTTOM, -2.55)
BLOCK_W = 5.1  # R_{-1}'s lines end left of the score rows (ROW_LEFT)
BLOCK_LEFT = -6.3  # its left edge at most this far left
FACTOR_TEX = 42  # 12 / √16 = 3: its digits 3.2 % of the frame height or more
DIMS_TXT, BLOCK_TEX = 32, 44  # "d × d" and B_0 with its numbers: the entries and the size at 3 % of the frame height or more
WHOLE_TEX = 46  # R_{-1} = diag(B_0, …, B_{d/2 − 1}): its capitals 3.2 % of the frame height or more
FACTOR_AT = (-6.4, 0.6)  # left edge, height: c / √d = 3, the peak's weight with and without c under it (between TURN_TO
# and the block, clear of the rows and their names)  # R_{-1}'s block on hand 0: left of the score rows


def query_tex(c: float) -> tuple:
    """The query with row vectors, in pieces (the last, c · PE(p − 1), is pointed at): W_Q = c · R_{-1}, R_k with its one
    meaning (forward by k on rows, PE(p + k) = PE(p) R_k): PE(p) R_{-1} = PE(p − 1)."""
    n = fmt_num(c, 0)
    return (rf"W_Q={n}\,R_{{-1}}:\ \ ", r"q=PE(p)\,W_Q", "=", rf"{n}\,PE(p-1)")


def formula_tex(c: float, d: int) -> str:
    """The score divided by √d, with c and d as numbers (W_Q as the query line before it wrote it): at c = 12, d = 16
    the factor is 12 / 4 = 3."""
    return (rf"W_K=I:\ \ \big(PE(p)\,W_Q\big)\cdot\big(PE(j)\,W_K\big)/\sqrt{{{d}}}"
            rf"={factor_text(c, d)}\,PE(p-1)\cdot PE(j)")


def weight_tex(c: float, d: int) -> str:
    """The weights the score rows become: softmax over the seats j of the same scores."""
    return rf"w(j)=\mathrm{{softmax}}_j\big({factor_text(c, d)}\,PE(p-1)\cdot PE(j)\big)"


def factor_tex(c: float, d: int) -> str:
    """c / √d written out (12 / √16 = 3): where the formula's factor comes from."""
    return rf"{fmt_num(c, 0)}\,/\sqrt{{{d}}}={factor_text(c, d)}"


def factor_text(c: float, d: int) -> str:
    """c / √d as the formula writes it: whole (3) or with two decimals."""
    f = c / d ** 0.5
    return fmt_num(f, 0) if abs(f - round(f)) < 1e-9 else fmt_num(f, 2)


class LookBackBeat:
    """Needs from the scene: data, pal, s, txt, tex, section, caption, play, shown, relative_view, grid, park_label,
    before_caption_read, read_caption (scenes.pe_clock)."""

    def look_back_values(self, p: int, row: tuple, bars: BarRow, y0: float) -> VGroup:
        """The peak's score and its neighbours' (engine look_back_rows), side by side above the peak at one height,
        each with a short line down to its bar's top; the peak's in the accent colour."""
        pal, d = self.pal, self.data
        peak = d.look_back_peaks[p]
        seats = [j for j in (peak - 1, peak, peak + 1) if 0 <= j < len(row)]
        labels = [self.txt(fmt_num(row[j], VALUE_DECIMALS), size=26, color=pal.accent if j == peak else pal.ink)
                  for j in seats]
        VGroup(*labels).arrange(RIGHT, buff=VALUE_GAP)
        shift = bars.x(peak) - labels[seats.index(peak)].get_center()[0]
        y = y0 + ROW_H + 0.3
        out = VGroup()
        for j, label in zip(seats, labels):
            label.shift(RIGHT * shift).set_y(y + label.height / 2)
            top = bars.level(row[j])
            out.add(label, Line([label.get_center()[0], y - 0.04, 0], [bars.x(j), top + 0.04, 0],
                                stroke_color=label.get_color(), stroke_width=2))
        return out

    def look_back_row(self, p: int, row: tuple, y0: float) -> dict:
        """Seat p's score row as bars on a zero line, its name above on the side away from the peak, seats 0 and
        n − 1 under it; the peak's bar and seat number, and the values at and beside the peak, to be shown."""
        pal, d = self.pal, self.data
        bars = BarRow(row, left=ROW_LEFT, width=ROW_W, y0=y0, unit=ROW_H / d.look_back_top, color=pal.muted,
                      bar_share=0.7, fill_opacity=0.8)
        base = Line([ROW_LEFT, y0, 0], [ROW_LEFT + ROW_W, y0, 0], stroke_color=pal.ink, stroke_width=2)
        peak = d.look_back_peaks[p]
        left_half = bars.x(peak) < ROW_LEFT + ROW_W / 2
        edge = [ROW_LEFT + ROW_W, 0, 0] if left_half else [ROW_LEFT, 0, 0]
        name = self.txt(self.s("look_query", p=p), size=26, color=pal.ink).next_to(
            [ROW_LEFT, y0 + ROW_H, 0], UP, buff=0.12).align_to(edge, RIGHT if left_half else LEFT)
        last = len(row) - 1
        ticks = VGroup(*(self.txt(str(j), size=26, color=pal.ink).next_to([bars.x(j), y0, 0], DOWN, buff=0.08)
                         for j in (0, last)))
        peak_bar = bars.bars[peak].copy().set_fill(pal.accent, opacity=1.0)
        peak_tick = self.txt(str(peak), size=26, color=pal.accent).next_to([bars.x(peak), y0, 0], DOWN, buff=0.08)
        values = self.look_back_values(p, row, bars, y0)
        return {"static": VGroup(base, name, ticks), "bars": bars, "peak": VGroup(peak_bar, peak_tick, values)}

    def look_back_caption(self, seats: list, peaks: list) -> str:
        """The rows' caption; with the values above the peaks when every peak and every neighbour read the same."""
        d = self.data
        names = {"a": seats[0], "a1": peaks[0]}
        key = "cap_look_one"
        if len(seats) > 1:
            names.update(b=seats[1], b1=peaks[1])
            key = "cap_look_rows"
        text = self.s(key, **names)
        rows = dict(zip(d.look_back_seats, d.look_back_rows))
        tops = {fmt_num(rows[p][j], VALUE_DECIMALS) for p, j in zip(seats, peaks)}
        sides = {fmt_num(rows[p][k], VALUE_DECIMALS) for p, j in zip(seats, peaks) for k in (j - 1, j + 1)
                 if 0 <= k < len(rows[p])}
        if len(tops) == 1 and len(sides) == 1:
            values = self.s("cap_look_values", top=tops.pop(), side=sides.pop(), d=d.d_model,
                            f=factor_text(d.look_back_scale, d.d_model))
            text += (" " if self.look.lang == "en" else "") + values
        return text

    def look_back(self):
        d, pal = self.data, self.pal
        seats = d.look_back_seats[:len(ROW_Y0)]
        if not seats:
            return
        c = d.look_back_scale
        formula = self.tex(formula_tex(c, d.d_model), size=36, color=pal.accent).move_to([0, FORMULA_Y, 0])
        weight_formula = self.tex(weight_tex(c, d.d_model), size=36, color=pal.accent).move_to([0, FORMULA_Y, 0])
        for f in (formula, weight_formula):
            if f.width > 12.6:
                f.scale_to_fit_width(12.6)
        factor = self.tex(factor_tex(c, d.d_model), size=FACTOR_TEX, color=pal.accent).move_to([0, FACTOR_AT[1], 0])
        factor.align_to([FACTOR_AT[0], 0, 0], LEFT)
        weights = dict(zip(d.look_back_seats, d.look_back_weights))
        rows = [self.look_back_row(p, row, y0) for p, row, y0 in zip(seats, d.look_back_rows, ROW_Y0)]
        w_rows = [self.look_back_weight_row(p, weights[p], y0) for p, y0 in zip(seats, ROW_Y0)]
        self.section("lookback", self.s("cap_look", c=fmt_num(c, 0)))
        for key in ("rotate_seat", "rotate_turn_degrees", "rotate_misses"):
            self.shown.pop(key, None)
        query, turned = self.turn_back(seats[0], c)
        # W_Q = c R_{-1} and the query it gives stay to the end of the cue that says them; the score's formula (with W_K)
        # comes with the next one
        read_with(self, query[0], query[-1], cue=True, outline=True, whole=True)
        # the scores: the query line becomes the score's formula as the rows come in, the turned fingerprint moves
        # beside the first row (whose peak it explains)
        for i, r in enumerate(rows):  # one row, then the other while the caption is read
            if i:
                self.wait(max(0.0, min(1.5, self.caption_left() / 2 - 0.4)))
                self.play(QuickFadeIn(r["static"]), FadeIn(r["bars"], shift=0.1 * UP), run_time=0.8)
            else:
                self.play(FadeTransform(query, formula), turned.animate.move_to(TURN_TO), FadeIn(factor, shift=0.1 * UP),
                          QuickFadeOut(self.look_dials),
                          QuickFadeIn(r["static"]), FadeIn(r["bars"], shift=0.1 * UP), run_time=0.9)
        read_with(self, formula, factor, turned, outline=True, whole=True, tail=0.6)  # the head's formula, while the caption is read
        peaks = [d.look_back_peaks[p] for p in seats]
        # the peaks' bars and seats with the cue that names them; the peak's score, then its neighbours', each as the cue
        # stating it comes in (the values are never up before their words)
        marks = [VGroup(*r["peak"][:2]) for r in rows]  # each peak's bar and seat number
        self.caption(self.look_back_caption(list(seats), peaks), with_=[FadeIn(m) for m in marks],
                     run_time=0.6, shown={"look_back_seats": list(seats), "look_back_peaks": peaks})
        self.play(*(Indicate(m, color=pal.accent) for m in marks), run_time=0.8)
        tops, sides = VGroup(), VGroup()
        for r, j in zip(rows, peaks):
            values = r["peak"][2]  # label, line for seats j − 1 (when there is one), j, j + 1
            at = 1 if j > 0 else 0
            for i in range(len(values) // 2):
                (tops if i == at else sides).add(VGroup(values[2 * i], values[2 * i + 1]))
        for group, text, shown in (
                (tops, fmt_num(d.look_back_top, VALUE_DECIMALS), {"look_back_top": float(d.look_back_top)}),
                (sides, fmt_num(d.look_back_rows[0][peaks[0] - 1] if peaks[0] > 0 else d.look_back_rows[0][peaks[0] + 1],
                                VALUE_DECIMALS),
                 {"look_back_beside": [float(row[j - 1]) for row, j in zip(d.look_back_rows, peaks) if j > 0]})):
            while self._queue and text not in self.cues_log[-1]["text"]:
                read_with(self, *marks, cue=True)
            self.shown.update(shown)
            self.play(FadeIn(group, shift=0.1 * DOWN), run_time=0.5)
        self.remove(*marks, tops, sides)
        self.add(*(r["peak"] for r in rows))  # each row's peak whole again: it moves into its weight as one
        read_with(self, *(r["peak"] for r in rows))  # each peak with its values, in turn, while the values are read
        ahead = self.look_back_ahead(seats[0], d.look_back_rows[0], rows[0])
        # the same bars become the weights: the formula turns into its softmax, each bar and value moves to its weight
        p0, j0 = seats[0], peaks[0]
        w0 = weights[p0]
        side = max(w0[k] for k in (j0 - 1, j0 + 1) if 0 <= k < len(w0))
        # the formula and the values differ in their text: they cross-fade (a morph smears glyph into glyph); the bars,
        # the peak's bar and its seat number move into their new shapes
        # texts in one place hand over (the old out before the new comes in): never two drawn over each other
        moves = hand_over(formula, weight_formula) + ([QuickFadeOut(ahead)] if ahead is not None else [])
        for r, w in zip(rows, w_rows):
            moves += [ReplacementTransform(r["bars"], w["bars"]),
                      *(ReplacementTransform(r["peak"][i], w["peak"][i]) for i in (0, 1)),
                      *hand_over(r["peak"][2], w["peak"][2])]
        self.caption(self.s("cap_look_soft", a=p0, a1=j0, c=fmt_num(c, 0), w=fmt_num(w0[j0], VALUE_DECIMALS),
                            side=fmt_num(side, VALUE_DECIMALS)),
                     with_=moves, run_time=0.8,
                     shown={"look_back_weights": [float(weights[p][j]) for p, j in zip(seats, peaks)],
                            "look_back_weight_beside": [float(weights[p][j - 1]) for p, j in zip(seats, peaks) if j > 0]})
        sharp = self.look_back_sharpness(p0, j0, c, w0[j0], factor)
        c_text = fmt_num(c, 0)
        while self._queue and c_text not in self.cues_log[-1]["text"]:  # the weights, then the cue that names c
            read_with(self, *(w["peak"] for w in w_rows), cue=True)
        self.shown.update({"look_back_factor": float(c / d.d_model ** 0.5),
                           "look_back_unscaled_weight": float(self.unscaled_weights(p0)[j0])})
        # R_{-1}, read since the turn back, gives its place to the peak's weight with and without c
        self.play(QuickFadeOut(self.look_block), run_time=0.3)
        self.play(FadeIn(sharp, shift=0.1 * DOWN), run_time=0.5)
        read_with(self, sharp, w_rows[0]["peak"], factor)
        self.look_formula = weight_formula  # the head's formula: it becomes the words' score formula ("use")
        self.relative_view = VGroup(weight_formula, turned, factor, sharp,
                                    *(VGroup(r["static"], w["bars"], w["peak"])
                                                              for r, w in zip(rows, w_rows)))  # leaves as "use" opens

    def look_back_ahead(self, p: int, row: tuple, drawn: dict) -> VGroup | None:
        """On the first score row, as its cue states it: seat p − 1 and seat p + 1 are both one seat from p, yet score
        row[p − 1] (the peak) and row[p + 1] (engine look_back_rows, already ÷ √d): M = 12 R_{-1} is not symmetric.
        The seat after's bar, seat number and value (right of the peak's values, a line to its bar) in the `bad`
        colour, on the same chart. None when seat p has no seat after it or its peak is not the seat before."""
        pal, d = self.pal, self.data
        if p < 1 or p + 1 >= len(row) or d.look_back_peaks[p] != p - 1:
            return None
        bars, y0 = drawn["bars"], ROW_Y0[0]
        values = drawn["peak"][2]
        bar = bars.bars[p + 1].copy().set_fill(pal.bad, opacity=1.0)
        tick = self.txt(str(p + 1), size=26, color=pal.bad).next_to([bars.x(p + 1), y0, 0], DOWN, buff=0.08)
        label = self.txt(fmt_num(row[p + 1], VALUE_DECIMALS), size=26, color=pal.bad)
        label.next_to(values, RIGHT, buff=VALUE_GAP + 0.15).align_to(values[0], DOWN)
        line = Line([label.get_center()[0], label.get_bottom()[1] - 0.04, 0], [bars.x(p + 1), bars.level(row[p + 1]) + 0.04, 0],
                    stroke_color=pal.bad, stroke_width=2)
        ahead = VGroup(bar, tick, label, line)
        self.look_ahead = ahead
        self.caption(self.s("cap_look_ahead", p=p, pb=p - 1, pa=p + 1, hb=fmt_num(row[p - 1], VALUE_DECIMALS),
                            ha=fmt_num(row[p + 1], VALUE_DECIMALS)),
                     with_=[FadeIn(ahead, shift=0.1 * DOWN)], run_time=0.6,
                     shown={"look_back_ahead": [p, p - 1, p + 1], "look_back_ahead_scores": [float(row[p - 1]), float(row[p + 1])]})
        read_with(self, VGroup(drawn["peak"][0], drawn["peak"][2]), VGroup(bar, label), outline=True, whole=True)
        return ahead

    def unscaled_weights(self, p: int) -> tuple:
        """Seat p's weights with W_Q = R_{-1} alone (c = 1): the same head without its factor (engine)."""
        d = self.data
        rec = look_back_record(d.n_positions, d.d_model, d.base, scale=1.0)
        return dict(zip(rec["look_back_seats"], rec["look_back_weights"]))[p]

    def look_back_sharpness(self, p: int, j: int, c: float, w: float, factor) -> VGroup:
        """The peak's weight with the factor c and without it (c = 1), under c / √d."""
        pal = self.pal
        w1 = self.unscaled_weights(p)[j]
        lines = VGroup(self.txt(self.s("look_with", j=j, c=fmt_num(c, 0), w=fmt_num(w, VALUE_DECIMALS)), size=28,
                                color=pal.accent),
                       self.txt(self.s("look_without", j=j, w1=fmt_num(w1, VALUE_DECIMALS)), size=28, color=pal.muted))
        lines.arrange(DOWN, aligned_edge=LEFT, buff=0.1).next_to(factor, DOWN, buff=0.12).align_to(factor, LEFT)
        return lines

    def turn_back(self, p: int, c: float) -> tuple:
        """The query before any score: the rotation's dials (scenes.clock.rotate) stand at seat p, the query matrix
        W_Q = c · R_{-1} is written with row vectors (q = PE(p) W_Q), and with the cue that says it every hand turns
        back by its own ωᵢ to seat p − 1 (its arc drawn; the grey hand stays at seat p, then fades as the arcs tell the
        turn); PE(p) becomes
        PE(p) R_{-1} = PE(p − 1). Returns the query line and that line; the dials leave as the next cue comes in."""
        d, pal = self.data, self.pal
        dials, idx = self.rotate_parts
        ws = [float(w) for w in d.speeds[:len(dials)]]
        law = getattr(self, "rotate_law", None)  # PE(p + k) = PE(p) R_k: it becomes q = PE(p) W_Q (the matrix holds the turn)
        others = VGroup(*(m for m in self.relative_view.submobjects if m is not dials and m is not idx and m is not law))
        query = self.tex(*query_tex(c), size=36, color=pal.accent).move_to([0, FORMULA_Y, 0])
        before = self.tex(rf"PE({p})", size=36, color=pal.accent).move_to(TURN_AT)
        after = self.tex(rf"PE({p})\,R_{{-1}}", "=", rf"PE({p - 1})", size=36, color=pal.accent).move_to(TURN_AT)
        seat = ValueTracker(dials[0].angle / ws[0])  # where the rotation left them
        for dial, w in zip(dials, ws):
            dial.add_updater(lambda m, w=w: m.set_angle(seat.get_value() * w).set_angle2(seat.get_value() * w))
        # R_{-1} as the matrix it is: d × d, block-diagonal, one 2 × 2 turn per hand, and hand 0's block with the engine's
        # numbers (row vectors, as the rotation's R_k); in ink, read as text
        whole, numbers, size = block_diag_parts(-1, MAT_HAND, d.d_model, d.base)
        line = self.tex(*whole, size=WHOLE_TEX)
        if line.width > BLOCK_W:
            line.scale_to_fit_width(BLOCK_W)
        # its size d × d under its name, a label at the pictures' text size (a TeX script there read under 3 %)
        # what the d × d is: one 2 × 2 turn per hand (d/2 hands, two numbers each); too wide for one line, it breaks
        # after the size rather than shrink under 3 % of the frame
        dims_text = self.s("look_dims", size=size)
        dims = self.txt(dims_text, size=DIMS_TXT, color=pal.ink)
        if dims.width > BLOCK_W:
            cut = max(dims_text.find(":"), dims_text.find("："))
            if cut > 0:
                dims = VGroup(*(self.txt(t.strip(), size=DIMS_TXT, color=pal.ink) for t in
                                (dims_text[:cut + 1], dims_text[cut + 1:]))).arrange(DOWN, aligned_edge=LEFT, buff=0.1)
            if dims.width > BLOCK_W:
                dims.scale_to_fit_width(BLOCK_W)
        dims.next_to(line[0], DOWN, buff=0.12).align_to(line, LEFT)
        entries = self.tex(*numbers, size=BLOCK_TEX)
        if entries.width > BLOCK_W:  # clear of the score rows' ticks on its right
            entries.scale_to_fit_width(BLOCK_W)
        block = VGroup(VGroup(line, dims), entries).arrange(DOWN, aligned_edge=LEFT, buff=0.14)
        block.align_to([BLOCK_LEFT, BLOCK_BOTTOM, 0], LEFT + DOWN)
        # R_k's name and the rotation's seats leave; the law PE(p + k) = PE(p) R_k moves into the query line's place and
        # becomes q = PE(p) W_Q (the query matrix holds a turn, as the cue says), as the hands (and the grey ones) go to the query seat p and PE(p) is named;
        # what W_Q is (c R_{-1}) and the query it gives (c PE(p − 1)) come with the cue that states c
        self.play(QuickFadeOut(others), run_time=0.3)
        # the law leaves before the query line comes in its place (a cross-fade drew the two formulas over each other)
        self.play(*(hand_over(law, query[1], shift=0.1 * UP) if law is not None else [FadeIn(query[1], shift=0.1 * UP)]),
                  seat.animate(rate_func=smooth).set_value(float(p)), FadeIn(before, shift=0.1 * UP), run_time=1.0)
        self.look_block = block
        self.shown["look_back_turn"] = [p]
        read_with(self, query[1], before, cue=True, outline=True, whole=True)  # then: "turns every hand back one seat"
        # the matrix that turns them, with the cue that says so: R_k's block, left by the rotation, moves into R_{-1}'s
        old = getattr(self, "rotate_block", None)
        if old is not None:
            self.play(FadeTransform(old, entries[1]), FadeIn(VGroup(line, dims, entries[0]), shift=0.1 * UP), run_time=0.8)
        else:
            self.play(FadeIn(block, shift=0.1 * UP), run_time=0.5)
        for dial, w in zip(dials, ws):  # the grey hands stay at seat p
            dial.clear_updaters()
            dial.add_updater(lambda m, w=w: m.set_angle(seat.get_value() * w))
        arcs = VGroup(*(turn_arc(pal, dial, h, p * w, -w) for h, (dial, w) in enumerate(zip(dials, ws))))
        self.play(seat.animate.set_value(float(p - 1)), Create(arcs), run_time=2.0, rate_func=linear)
        for dial in dials:
            dial.clear_updaters()
        # the arcs now show where each hand came from: the grey hands left at seat p fade (under a slow hand, which
        # turns back by a hair, its grey one was hidden anyway)
        self.play(FadeTransform(before, after), *(dial.hand2.animate.set_stroke(opacity=0) for dial in dials
                                                  if dial.hand2 is not None), run_time=0.6)
        self.shown["look_back_turn"] = [p, p - 1]
        read_with(self, *dials[:3], after, cue=True, outline=True, whole=True)
        c_text = fmt_num(c, 0)
        while self._queue and c_text not in self.cues_log[-1]["text"]:
            read_with(self, *dials[:3], after, cue=True, outline=True, whole=True)
        self.shown["look_back_scale"] = float(c)
        # "the query at seat p is c times PE(p − 1)": W_Q = c R_{-1} and the query written, the dials leave, c · PE(p − 1)
        # is pointed at
        # the dials, turned back, stay while the query is said: they leave as the score rows come in (scenes.clock.lookback)
        self.play(FadeIn(VGroup(query[0], query[2], query[3]), shift=0.1 * LEFT), run_time=0.6)
        self.look_dials = VGroup(dials, idx, arcs)
        self.play(Circumscribe(query[-1], color=pal.accent, fade_out=True), run_time=0.9)
        return query, after

    def look_back_weight_row(self, p: int, weights: tuple, y0: float) -> dict:
        """Seat p's weights as bars in the score bars' places (the tallest at the score row's height), the peak's bar in
        the accent colour, the weights at and beside the peak above them; the seat number under the peak is kept."""
        pal, d = self.pal, self.data
        bars = BarRow(weights, left=ROW_LEFT, width=ROW_W, y0=y0, unit=ROW_H / max(weights), color=pal.muted,
                      bar_share=0.7, fill_opacity=0.8)
        peak = d.look_back_peaks[p]
        peak_bar = bars.bars[peak].copy().set_fill(pal.accent, opacity=1.0)
        peak_tick = self.txt(str(peak), size=26, color=pal.accent).next_to([bars.x(peak), y0, 0], DOWN, buff=0.08)
        return {"bars": bars, "peak": VGroup(peak_bar, peak_tick, self.look_back_values(p, weights, bars, y0))}
