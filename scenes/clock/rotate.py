"""pe_clock's rotation step: PE(p + k) = PE(p) R_k at work (row vectors, as every formula of the scene writes them;
"vectors as rows" is written beside the matrix). Seat p's fingerprint, one dial per hand, is turned by
R_k (engine.positional.rotation): every hand by k · ωᵢ (engine rotate_turn_degrees), the fast hands far, the slow
ones a little, and lands on seat p + k's hands, drawn beforehand as the second hands; the largest miss,
max |PE(p) R_k − PE(p + k)|, is rounding error (engine rotate_misses). Then the same R_k from seat q: the turn
depends only on k. p and q are the angle table's first two starts, k its gap (engine angle_starts, angle_gap).
Under the dials, R_k as the matrix it is on hand 0 (scenes.clock.matrix): seat p's (sin, cos) pair, a row, times its
2 × 2 block, in cos and sin of k ω₀ and in numbers; seat p + k's pair comes out of the product as the hands turn. The
miss takes the symbolic line's place; for seat q the block stays while the pairs change.

Mixed into scenes.pe_clock.PeClock; the dials are the hands section's (scenes.clock.apparatus), moved into one row and
given a second hand each (scenes.parts.dial.Dial.add_second_hand), not rebuilt.
"""
from __future__ import annotations

from manim import (
    DOWN, LEFT, RIGHT, UP, Arc, Circle, Circumscribe, Create, FadeIn, Indicate, MoveToTarget, ValueTracker, VGroup, linear,
    smooth,
)

from look import fmt_num
from look.colour import legible
from look.formats import sci_parts
from scenes.clock.matrix import law_parts, number_parts
from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut
from scenes.clock.walk import hand_over

ROT_R = 0.5  # the dials' radius
ROT_Y = 1.35  # the dials' centres
ROT_DX = 1.5  # the step from one dial to the next (8 dials in a row, centred; more are packed closer)
MISS_W = 6.0  # at most: the miss, formula over value, where the symbolic matrix line stood
MAT_LEFT = -6.3  # hand 0's matrix lines (scenes.clock.matrix), under the dials: the pair times the block with cos and sin
MAT_Y = (-0.6, -1.9)  # of k ω₀ over the same product with the engine's numbers (apart: two blocks touching read as one 4 × 2)
MAT_W = 11.2  # at most (row pairs are wide): "vectors as rows" stands between the lines, at the right, over the
# product's pair (one text line high) and clear of the block (two lines high, in the middle)
BLOCK_SCALE = 1.28  # R_k's block larger than the pairs: its entries' digits at 3.2 % of the frame height
ROWS_RIGHT = 6.3  # "vectors as rows", right-aligned inside the title-safe area
MAT_HAND = 0  # the fastest hand: its turn (171.9° for k = 3) is the one the eye follows
MAT_CONTRAST = 6.0  # the product's maths against the background, at least (look.colour.legible)
ARC_WIDTH = 7  # every turn's arc (angle table, rotation, look-back): wider than a hand, bright on the dark theme too


def turn_arc(pal, dial, hand: int, start: float, angle: float, share: float = 0.34) -> Arc:
    """Hand `hand`'s turn on its dial, from `start` by `angle` (radians), in that hand's colour (as its hand, name and
    table column), at `share` of the dial's width."""
    return Arc(radius=dial.face.width * share, start_angle=start, angle=angle, arc_center=dial.face.get_center(),
               stroke_color=pal.series[hand % len(pal.series)], stroke_width=ARC_WIDTH)


def sci_tex(x: float, digits: int) -> str:
    """x in TeX as m \\times 10^{n} with `digits` significant digits (1.4 × 10⁻¹⁶ typeset); 0 as 0."""
    if x == 0:
        return "0"
    mant, exp = sci_parts(x, digits)
    return rf"{fmt_num(mant, digits - 1).replace(chr(0x2212), '-')}\times 10^{{{exp}}}"


class RotateBeat:
    """Needs from the scene: data, pal, s, txt, tex, section, caption, play, wait, shown, relative_view, seat_label,
    seat_num, grid, park_label, read_caption (scenes.pe_clock)."""

    def rotate_dials(self) -> tuple:
        """The hands' dials (scenes.clock.apparatus, built once) in one row, as many as fit (up to 16), each given a
        second hand for the seat k further on: (the dials, the animations that bring them there, each dial as it
        will stand: what its number is placed under). The dials still on
        screen (the angle table's) move and shrink into their places, their hands turning to seat p; the others, away
        since the comparison, fade in at theirs."""
        pal, d = self.pal, self.data
        n = min(d.n_hands, 16)
        step = ROT_DX if n <= 8 else 11.0 / (n - 1)
        radius = min(ROT_R, step * 0.36)
        x0 = -(n - 1) * step / 2
        p, k = d.angle_starts[0], d.angle_gap
        dials = VGroup(*self.dials[:n])
        on_screen = set(map(id, self.relative_view.submobjects))
        moves, slots = [], []
        for i, dial in enumerate(dials):
            dial.clear_updaters()
            dial.add_second_hand(pal.muted).set_angle2(dial.angle)
            dial.hand.set_stroke(width=5)
            dial.target_hand()  # seat p + k's grey hand, longer and wider than the hand that lands on it
            if id(dial) in on_screen:
                dial.generate_target()
                dial.target.scale(radius / (dial.face.width / 2)).move_to([x0 + i * step, ROT_Y, 0])
                w = float(d.speeds[i])
                dial.target.set_angle(p * w).set_angle2((p + k) * w)
                moves.append(MoveToTarget(dial))
                slots.append(dial.target)
            else:
                dial.scale(radius / (dial.face.width / 2)).move_to([x0 + i * step, ROT_Y, 0])
                dial.set_angle(p * float(d.speeds[i])).set_angle2((p + k) * float(d.speeds[i]))
                moves.append(FadeIn(dial))
                slots.append(dial)
        return dials, moves, slots

    def rotate_pose(self, dials, seat: float, target: float) -> None:
        for dial, w in zip(dials, self.data.speeds):
            dial.set_angle(seat * float(w)).set_angle2(target * float(w))

    def rotate_turn(self, dials, s0: int, extra=(), run_time: float = 2.4) -> VGroup:
        """Every hand from seat s0 on by k · ωᵢ (its arc drawn as it goes); returns the arcs."""
        d = self.data
        k = d.angle_gap
        t = ValueTracker(float(s0))
        arcs = VGroup(*(turn_arc(self.pal, dial, h, s0 * float(w), k * float(w))
                        for h, (dial, w) in enumerate(zip(dials, d.speeds))))
        for dial, w in zip(dials, d.speeds):
            dial.add_updater(lambda m, w=float(w): m.set_angle(t.get_value() * w))
        self.play(t.animate.set_value(float(s0 + k)), Create(arcs), *extra, run_time=run_time, rate_func=linear)
        for dial in dials:
            dial.clear_updaters()
        return arcs

    def miss_line(self, s0: int, miss: float):
        """max |PE(s0) R_k − PE(s0 + k)| = 1.4 × 10⁻¹⁶: the formula and the value typeset (two significant digits),
        larger than the formula so that its exponent, the point of the line, reads at a glance (about 4 % of the frame's height)."""
        k, pal = self.data.angle_gap, self.pal
        line = VGroup(self.tex(rf"\max\,|PE({s0})\,R_{{{k}}}-PE({s0 + k})|", size=40, color=pal.ok),
                      self.tex("=" + sci_tex(miss, 2), size=44, color=pal.ok)).arrange(DOWN, buff=0.1, aligned_edge=RIGHT)
        if line.width > MISS_W:
            line.scale_to_fit_width(MISS_W)
        return line

    def matrix_lines(self, p: int) -> tuple:
        """Seat p's (sin, cos) pair on hand MAT_HAND, a row, times R_k's block: the entries as cos and sin of k ω, and the
        same product with the engine's numbers (scenes.clock.matrix), both in the hand's colour."""
        d, k = self.data, self.data.angle_gap
        # the hand's colour, lightened toward the ink where thin TeX strokes on the background would read dim (dark theme)
        color = legible(self.pal.series[MAT_HAND % len(self.pal.series)], self.pal.background, self.pal.ink, MAT_CONTRAST)
        sym = self.tex(*law_parts(p, k, MAT_HAND), size=36, color=color)
        num = self.tex(*number_parts(p, k, MAT_HAND, d.d_model, d.base), size=36, color=color)
        for line, y in zip((sym, num), MAT_Y):
            line[1].scale(BLOCK_SCALE)  # the block, the matrix the cue names, larger than the rows it turns
            line.arrange(RIGHT, buff=0.14)
            if line.width > MAT_W:
                line.scale_to_fit_width(MAT_W)
            line.move_to([0, y, 0]).align_to([MAT_LEFT, 0, 0], LEFT)
        return sym, num

    def rotate_demo(self):
        """Seat p's hands turned by R_k land on seat p + k's; the same R_k takes seat q to q + k."""
        pal, d = self.pal, self.data
        k = d.angle_gap
        starts = d.angle_starts[:2]
        p = starts[0]
        dials, bring, slots = self.rotate_dials()
        n = len(dials)
        idx = VGroup(*(self.txt(str(i), size=30, color=pal.series[i % len(pal.series)]).next_to(slot, DOWN, buff=0.1)
                       for i, slot in enumerate(slots)))
        turns = VGroup(*(self.txt(fmt_num(v, 1) + "°", size=30, color=pal.accent).next_to(name, DOWN, buff=0.1)
                         for v, name in zip(d.rotate_turn_degrees[:n], idx))) if n <= 8 else VGroup()
        law = self.tex(rf"PE(p+{k})=PE(p)\,R_{{{k}}}", size=40, color=pal.accent).move_to([0, 2.55, 0])
        name = VGroup(self.tex(rf"R_{{{k}}}:", size=40, color=pal.accent),  # R_k, named
                      self.txt(self.s("rotate_name", k=k), size=28, color=pal.accent)).arrange(RIGHT, buff=0.15)
        seats = self.txt(self.s("wrap_seats", a=p, b=p + k), size=28, color=pal.ink).move_to([0, 2.55, 0])
        sym, num = self.matrix_lines(p)
        misses = [self.miss_line(s0, m).move_to([0, MAT_Y[0], 0]).align_to([MAT_LEFT, 0, 0], LEFT)
                  for s0, m in zip(starts, d.rotate_misses)]
        # between the two lines, right of their row pairs (which are one line high there): clear of both
        rows = self.txt(self.s("rows_note"), size=32, color=pal.ink).move_to([0, sum(MAT_Y) / 2, 0]).align_to(
            [ROWS_RIGHT, 0, 0], RIGHT)
        # the parked fingerprint table leaves with the angle table: nothing here reads from it ("use" brings it back
        # to lift its rows)
        self.section("rotate", self.s("cap_rotate", p=p, k=k), keep=[m for m in dials if m in self.relative_view.submobjects])
        leaving = VGroup(*(m for m in self.relative_view.submobjects if m not in dials.submobjects))
        self.play(QuickFadeOut(VGroup(leaving, self.seat_label, self.seat_num, self.grid, self.park_label)),
                  run_time=0.3)
        for key in ("angle_dots", "angle_same", "angle_table_column", "seat_shown"):
            self.shown.pop(key, None)
        VGroup(law, name, seats).arrange(buff=0.5).move_to([0, 2.55, 0])
        self.play(*bring, FadeIn(idx), FadeIn(law), FadeIn(name), FadeIn(seats), run_time=0.8)
        self.rotate_pose(dials, p, p + k)
        # "R moves seat p's fingerprint": the hands turn by R_k, each drawing its arc; "each hand by k times its speed":
        # the turns' degrees are written as that cue comes in
        self.shown["rotate_seat"] = p
        arcs = self.rotate_turn(dials, p)
        self.until_cue_with("times its speed" if self.look.lang == "en" else "速度乘")
        self.shown["rotate_turn_degrees"] = list(d.rotate_turn_degrees[:len(turns)])
        self.play(FadeIn(turns, shift=0.1 * DOWN), run_time=0.6)
        read_with(self, name, turns, grow=1.0, tail=0.6)  # R_k's name and the turns, while the caption is read
        # "on hand 0, R is this 2 × 2 matrix": its block, in cos and sin of k ω₀ and in numbers
        # the block first side by side, in cos and sin of k ω₀ = in numbers (one above the other they read as one
        # 4 × 2 matrix); each then moves into its own product line
        homes = [sym[1].get_center(), num[1].get_center()]
        same = self.tex("=", size=44, color=sym[1].get_color())
        VGroup(sym[1], same, num[1]).arrange(RIGHT, buff=0.3).move_to([0, sum(MAT_Y) / 2, 0])
        self.caption(self.s("cap_rotate_matrix", p=p, b=p + k),
                     with_=[FadeIn(VGroup(sym[1], same, num[1]), shift=0.1 * UP)], run_time=0.6)
        read_with(self, sym[1], num[1], grow=1.0, cue=True)
        # "with the vectors as rows, seat p's pair times R gives seat p + k's pair": the blocks go to their lines, the
        # row pair comes, then p + k's as it comes out; "vectors as rows" written beside, said once for the whole scene
        self.play(sym[1].animate.move_to(homes[0]), num[1].animate.move_to(homes[1]), QuickFadeOut(same), run_time=0.6)
        self.play(FadeIn(VGroup(sym[0], sym[2], num[0], num[2]), shift=0.1 * RIGHT), FadeIn(rows), run_time=0.6)
        self.play(FadeIn(VGroup(sym[3], num[3]), shift=0.1 * RIGHT),
                  Circumscribe(dials[MAT_HAND], Circle, color=pal.accent, fade_in=True, fade_out=True), run_time=0.8)
        # a ring round the dial, never a wash: recoloured whole, its face became an opaque disc over its hands
        read_with(self, num[3], dials[MAT_HAND], grow=1.0, tail=0.6, outline=True, whole=True)
        # the miss takes the symbolic line's place (the row pairs leave it no room beside the lines)
        self.caption(self.s("cap_rotate_land", b=p + k), with_=hand_over(sym, misses[0], shift=0.1 * DOWN),
                     run_time=0.8,
                     shown={"rotate_misses": [d.rotate_misses[0]]})
        # the miss pointed at, not the hands: a group made of the hands for it stayed on, frozen over the turning dials
        self.play(Indicate(misses[0], color=pal.ok), run_time=0.8)
        if len(starts) > 1:
            q = starts[1]
            seats_q = self.txt(self.s("wrap_seats", a=q, b=q + k), size=28, color=pal.ink).move_to(seats)
            self.before_caption_read(0.6)
            # the cue that names seats q and q + k comes in with the header that changes to them; seat q's miss only
            # once its hands have turned: a result never stands before the motion that gives it. Seat p's miss leaves
            # with seat p: a label of the last turn never stands by the next
            _, num_q = self.matrix_lines(q)
            # the same block stays where it is; the pairs cross-fade to seat q's in place (a morph between two strings
            # of digits piles them up), the pair at q + k only as the hands land
            num_q.shift(num[1].get_center() - num_q[1].get_center())
            self.shown.pop("rotate_misses", None)
            # the new seats stand before the cue that names them comes in (not fading in under it)
            self.play(*hand_over(seats, seats_q), run_time=0.6)  # the old seats gone before the new come in
            self.caption(self.s("cap_rotate_again", q=q, b=q + k, k=k),
                         with_=[QuickFadeOut(misses[0]),
                                *hand_over(VGroup(num[0], num[2], num[3]), VGroup(num_q[0], num_q[2]))],
                         run_time=0.8)
            self.play(Indicate(num[1], color=pal.accent, scale_factor=1.0), run_time=0.8)
            qs = ValueTracker(0.0)
            for dial, w in zip(dials, d.speeds):
                dial.add_updater(lambda m, w=float(w): m.set_angle((p + k + qs.get_value() * (q - p - k)) * w)
                                 .set_angle2((p + k + qs.get_value() * (q - p)) * w))
            self.play(qs.animate.set_value(1.0), QuickFadeOut(arcs), run_time=0.6, rate_func=smooth)
            for dial in dials:
                dial.clear_updaters()
            self.shown["rotate_seat"] = q
            arcs = self.rotate_turn(dials, q, run_time=1.6)
            self.play(FadeIn(num_q[3], shift=0.1 * RIGHT), run_time=0.4)
            num = VGroup(num_q[0], num[1], *num_q[2:])
            self.shown["rotate_misses"] = [d.rotate_misses[1]]
            self.play(FadeIn(misses[1], shift=0.1 * DOWN), run_time=0.6)
            misses = [misses[1]]
            seats = seats_q
        self.before_caption_read(0.6)
        # the rotation's own labels (its seats, turns, arcs and misses) end with its last cue; the law and R_k's name
        # stay: the look-back's query matrix is written from them
        # R_k's block in numbers stays: it becomes R_{-1}'s block as the look-back turns the same dials the other way
        block = num[1]
        self.play(QuickFadeOut(VGroup(turns, seats, arcs, *(m for m in num if m is not block), rows, *misses)),
                  run_time=0.6)
        self.rotate_block = block
        for key in ("rotate_misses", "rotate_turn_degrees"):
            self.shown.pop(key, None)
        self.relative_view = VGroup(dials, idx, law, name)  # the law and name become the query line as "lookback" opens
        self.rotate_law = law  # turns into the query line (scenes.clock.lookback.turn_back)
        self.rotate_parts = (dials, idx)  # the dials and their numbers stay for the look-back (scenes.clock.lookback)

