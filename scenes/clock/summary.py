"""pe_clock's summary as a picture: four rows, each a picture the lesson built beside its claim, lit as the
cue that says it comes in.

1. No two alike: the two closest seats' fingerprints (engine min_pair, table rows) and their distance (min_distance).
2. The gap alone: the angle table's dials turn by the gap from two starts (engine angle_hands, angle_starts,
   angle_gap, speeds), each drawing its own arc, the same each time: PE(p + k) = PE(p) R_k, so PE(p)·PE(p + k)
   sees only k.
3. The order: the two orders over their scores (the "use" section's row, engine with_pe), framed.
4. Computed, not trained: the fingerprint table (engine table) fills seat by seat, from the formula.

Each row's words are one bullet of the claim (strings "claim"); the rows come with their cues (claim_lines
counts them). Mixed into scenes.pe_clock.PeClock.
"""
from __future__ import annotations

import re

import numpy as np
from manim import (
    DOWN, LEFT, RIGHT, UP, Circumscribe, Create, DashedVMobject, FadeIn, SurroundingRectangle, ValueTracker, VGroup, linear,
    smooth,
)

from engine.positional import sinusoidal
from look import fmt_num
from scenes.clock.apparatus import baseline
from scenes.clock.rotate import turn_arc
from scenes.parts.dial import Dial
from scenes.parts.emphasis import read_with
from scenes.parts.heatmap import HeatmapGrid
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut, on_screen

ROW_Y = (2.5, 1.1, -0.3, -1.7)  # apart, the turn, the order, computed: between the title and the caption
PIC_X = -4.3  # each row's picture, centred here
TEXT_X = -1.9  # each row's words start here
SUM_R = 0.62  # the dials' radius: about 112 px across at 720p
DIAL_DX = 1.45  # the dials side by side, this far apart
DIAL_X = -4.22  # their row's centre (the left dial inside the title-safe area, the right one clear of the words)
DIAL_DY, LAW_DY = 0.26, -0.58  # the dials' centres and the law under them, from the turn row's height
STRIP_W, STRIP_H = 2.6, 0.26  # the two closest seats' fingerprints, one strip each
TABLE_W, TABLE_H = 2.8, 1.1  # the fingerprint table, small
# the claim's maths, typeset: the fingerprints' dot product and the gap k (never the k of a word)
CLAIM_MATH = re.compile(r"(PE\(p\)·PE\(p \+ k\)|(?<![A-Za-z'’])k(?![A-Za-z'’]))")
CLAIM_TEX = {"PE(p)·PE(p + k)": r"PE(p)\cdot PE(p+k)"}
BEYOND_W, BEYOND_GAP, BEYOND_H = 4.0, 0.5, 0.85  # at the end: the table and the seats past it, side by side, lower


def text_foot(mob, piece: str) -> float:
    """The y a claim's words stand on. A piece that opens with the bullet is measured on its words alone: the bullet
    floats at mid-height, and "• 挪" measured on it (baseline drops the last glyph, leaving only the bullet) set the k
    and the words after it above 挪."""
    if piece.lstrip().startswith("•") and len(mob) > 1:
        bottoms = sorted(g.get_bottom()[1] for g in mob[1:])
        return bottoms[len(bottoms) // 2]
    return baseline(mob)


class SummaryBeat:
    """Needs from the scene: data, pal, s, txt, tex, section, caption, play, wait, shown, use_score_rows, use_view,
    cue_left, caption_left, until_next_cue (scenes.pe_clock)."""

    def claim_words(self) -> dict:
        """The numbers the claim and its cue state: the closest seats (engine min_pair) and their distance."""
        d = self.data
        a, b = d.min_pair
        return {"a": a, "b": b, "v": fmt_num(d.min_distance, 4)}

    def claim_rows(self) -> VGroup:
        """The claim's bullets, one text group per row, each line at 28 points (never shrunk below 3 % of the frame)."""
        pal = self.pal
        claim = VGroup()
        for item in re.split(r"\n(?=•)", self.s("claim", **self.claim_words())):
            first, *more = item.split("\n")
            lines = VGroup(self.claim_line(first))
            for line in more:  # a continuation: under the first line's words, past its bullet
                lines.add(self.claim_line(line.strip()).next_to(lines[-1], DOWN, buff=0.12).align_to(
                    lines[0], LEFT).shift(RIGHT * 0.3))
            claim.add(lines)
        for lines, y in zip(claim, ROW_Y):
            lines.move_to([0, y, 0]).align_to([TEXT_X, 0, 0], LEFT)
        return claim

    def claim_line(self, line: str):
        """One line of a bullet at 28 points, its maths (PE(p)·PE(p + k), the letter k) typeset as the picture's
        formulas are, each piece on the words' baseline; a line without maths is plain text."""
        pal = self.pal
        pieces = [p for p in CLAIM_MATH.split(line) if p]
        if len(pieces) == 1 and not CLAIM_MATH.fullmatch(line):
            return self.txt(line, size=28, color=pal.ink)
        group, base = VGroup(), None
        for k, piece in enumerate(pieces):
            math = CLAIM_MATH.fullmatch(piece) is not None
            if not math and not piece.strip():
                continue
            mob = self.tex(CLAIM_TEX.get(piece, piece), size=36, color=pal.ink) if math else \
                self.txt(piece.strip(), size=28, color=pal.ink)
            foot = mob[0][0].get_bottom()[1] if math else text_foot(mob, piece)  # a formula stands on its first letter
            if group:
                spaced = piece[:1].isspace() or pieces[k - 1][-1:].isspace()
                mob.next_to(group, RIGHT, buff=0.14 if spaced else 0.05)
                mob.shift(UP * (base - foot))
            else:
                base = foot
            group.add(mob)
        return group

    def apart_picture(self) -> VGroup:
        """The closest seats' fingerprints (engine table rows min_pair), one strip under the other, named."""
        pal, d = self.pal, self.data
        group = VGroup()
        names = [self.tex(rf"PE({r})", size=36, color=pal.accent) for r in d.min_pair]
        left = PIC_X - 1.9  # the names start here, inside the title-safe area; the strips after the wider name
        x0 = left + max(n.width for n in names) + 0.15
        width = min(STRIP_W, TEXT_X - 0.25 - x0)  # a wide name (PE(119)) shortens the strips, never the words
        for r, name, dy in zip(d.min_pair, names, (0.24, -0.24)):
            strip = HeatmapGrid(d.table[r:r + 1], cell_w=width / d.d_model, cell_h=STRIP_H, palette=pal).show_rows(1)
            strip.move_to([x0 + width / 2, ROW_Y[0] + dy, 0])
            name.move_to([0, ROW_Y[0] + dy, 0]).align_to([x0 - 0.15, 0, 0], RIGHT)
            group.add(VGroup(name, strip))
        return group

    def gap_picture(self):
        """The angle table's hands (engine angle_hands), one dial each at the first start, the key hand on the
        query's; returns the dials, the starts, per start the arcs of the gap on every dial (each dial's own length:
        its speed times the gap, the same from either start), and PE(p + k) = PE(p) R_k under them."""
        pal, d = self.pal, self.data
        hands, gap = d.angle_hands, d.angle_gap
        dials = VGroup()
        for j, h in enumerate(hands):
            w = float(d.speeds[h])
            # the hand that turns (the second) in its own colour, as earlier in the scene; the start stays in grey
            dial = Dial(SUM_R, ink=pal.ink, face=pal.panel, hand_color=pal.muted, second_hand=pal.series[h])
            dial.move_to([DIAL_X + (j - (len(hands) - 1) / 2) * DIAL_DX, ROW_Y[1] + DIAL_DY, 0])
            dial.set_angle(d.angle_starts[0] * w).set_angle2(d.angle_starts[0] * w)
            dials.add(dial)
        starts = list(d.angle_starts[:2])
        # each turn in its hand's colour, as the hands, the angle table and the rotation drew it
        arcs = [VGroup(*(turn_arc(pal, dial, h, s0 * float(d.speeds[h]), gap * float(d.speeds[h]), share=0.31)
                         for h, dial in zip(hands, dials))) for s0 in starts]
        law = self.tex(r"PE(p+k)=PE(p)\,R_k", size=36, color=pal.accent).move_to([DIAL_X, ROW_Y[1] + LAW_DY, 0])
        return dials, starts, arcs, law

    def turn_gap(self, dials, s0: int, arcs, run_time: float, drop=None) -> None:
        """Every dial's hands to start s0 (`drop`, the arcs drawn before, fading meanwhile), then each key hand on by
        the gap at its own speed, drawing its arc: the same fixed turn per dial from any start."""
        d = self.data
        hands, gap = d.angle_hands, d.angle_gap
        ws = [float(d.speeds[h]) for h in hands]
        t = ValueTracker(float(dials[0].angle) / ws[0])
        for dial, w in zip(dials, ws):
            dial.add_updater(lambda m, w=w: m.set_angle(t.get_value() * w).set_angle2(t.get_value() * w))
        self.play(t.animate.set_value(float(s0)), *([QuickFadeOut(drop)] if drop is not None else []),
                  run_time=0.6, rate_func=smooth)
        k = ValueTracker(float(s0))
        for dial, w in zip(dials, ws):
            dial.clear_updaters()
            dial.add_updater(lambda m, w=w: m.set_angle2(k.get_value() * w))
        self.play(k.animate.set_value(float(s0 + gap)), Create(arcs), run_time=run_time, rate_func=linear)
        for dial in dials:
            dial.clear_updaters()

    def summary(self):
        """The four rows in turn with the cues, the picture moving with every cue: the closest seats' two fingerprints
        as their distance is stated; the dials turning by the gap from two starts, each by its own fixed angle, as the
        rotation is stated; the orders' scores; the table filling seat by seat as "a vector for any seat" is read; the
        last cue (longer texts) is read over the whole picture."""
        pal, d, o = self.pal, self.data, self.data.order
        rows = self.use_score_rows
        ta, tb = "".join(o.tokens_a), "".join(o.tokens_b)
        claim = self.claim_rows()
        apart = self.apart_picture()
        dials, starts, arcs, law = self.gap_picture()
        scores = VGroup(rows["heads"], *rows["pe"][1:])  # the two orders over their scores (not the row's name)
        table = HeatmapGrid(d.table, cell_w=TABLE_W / d.d_model, cell_h=TABLE_H / d.n_positions, palette=pal)
        table.move_to([PIC_X, ROW_Y[3], 0])
        values = VGroup(*rows["pe"][1:])  # the two scores and the mark between them
        dx = PIC_X - values.get_center()[0]  # the orders just over their scores, the pair centred in the picture's column
        # only what is still up leaves (the dial, its arcs' names and the words-only row's name went earlier), once the
        # last caption is read and before the claim comes in: the two texts never overlap; the first cue starts as the
        # claim moves in
        self.read_caption()
        self.play(QuickFadeOut(on_screen(self, VGroup(self.use_view, rows["words"], rows["formula"], rows["pe"][0]))),
                  run_time=0.3)
        self.section("summary", keep=[rows["heads"], rows["pe"]])
        for key in [k for k in self.shown if k.startswith(("split_", "seat_swap_"))] + ["pe_dot"]:
            self.shown.pop(key, None)
        # the conclusion is drawn from here to the end; claim_lines: how many of the claim's rows are up
        self.caption(self.s("cap_summary_apart", **self.claim_words()), run_time=0.5,
                     with_=[rows["heads"].animate.shift([dx, ROW_Y[2] + 0.3 - rows["heads"].get_y(), 0]),
                            values.animate.shift([dx, ROW_Y[2] - 0.25 - values.get_y(), 0]),
                            FadeIn(apart, shift=0.1 * UP), FadeIn(claim[0][0], shift=0.2 * UP)],
                     shown={"claim_shown": 1, "claim_lines": 1, "min_distance": d.min_distance})
        if self._queue and len(claim[0]) > 1:  # its second line, with the number, comes with the cue that states it
            self.until_next_cue()
            self.play(*(FadeIn(line, shift=0.2 * UP) for line in claim[0][1:]), run_time=0.5)
        read_with(self, *(strip for _, strip in apart), claim[0], outline=True, whole=True)
        # "moving k seats turns each hand by its own fixed angle": the gap from one start, then from another, the
        # same arc on each dial; the rotation's formula once both turns are drawn
        self.caption(self.s("cap_summary_turn"), with_=[FadeIn(dials), FadeIn(claim[1][0], shift=0.2 * UP)],
                     run_time=0.6, shown={"claim_lines": 2})
        for k, (s0, arc) in enumerate(zip(starts, arcs)):  # the first arcs leave as the hands go to the second start
            self.turn_gap(dials, s0, arc, 1.2, drop=arcs[k - 1] if k else None)
        self.play(FadeIn(law, shift=0.1 * UP), run_time=0.5)
        read_with(self, law, arcs[-1], color=pal.accent)
        # "so PE(p)·PE(p + k) sees only the gap k": the row's second line
        self.caption(self.s("cap_summary_gap"), run_time=0.6,
                     with_=[*(FadeIn(line, shift=0.2 * UP) for line in claim[1][1:])])
        read_with(self, law, color=pal.accent, cue=True)
        spot = SurroundingRectangle(scores, buff=0.1, color=pal.accent, stroke_width=4)  # clear of the law over it
        # "through the head, the score sees which comes first": the order's row begins, its scores framed
        if self._queue:
            self.until_next_cue()
        self.play(Create(spot), run_time=0.8)
        read_with(self, rows["heads"], color=pal.accent, cue=True)
        # "the scores now depend on the order": the row comes with the cue that states it, the scores pointed at
        self.caption(self.s("cap_summary", ta=ta, tb=tb), run_time=0.6, shown={"claim_lines": 3},
                     with_=[*(FadeIn(line, shift=0.2 * UP) for line in claim[2])])
        read_with(self, *scores[1:], claim[2], color=pal.accent)
        # "computed, not trained: a vector for any seat": the table fills seat by seat as it is read, beside the row's
        # words (what the picture shows: the formula gives every seat its row); the caveat on lengths is the caption's only
        self.caption(self.s("cap_summary_trained"), run_time=0.6, shown={"claim_lines": 4},
                     with_=[*(FadeIn(line, shift=0.2 * UP) for line in claim[3]), QuickFadeOut(spot), FadeIn(table)])
        self.remove(spot)
        seat = ValueTracker(0.0)
        table.add_updater(lambda m: m.show_rows(int(np.floor(seat.get_value() + 1e-9))))
        self.play(seat.animate.set_value(float(d.n_positions)),
                  run_time=max(1.0, self.cue_left() - 0.8), rate_func=linear)
        table.clear_updaters()
        if self._queue:
            self.until_next_cue()
            self.beyond_seen(table)  # "texts longer than any it saw": the rows past the last seat, never seen
        # a frame (a colour wash would hide the table), faded in whole: drawn round, it starts as a lone dash right of
        # the bullet's words
        read_with(self, table, claim[3], color=pal.accent, outline=True, whole=True)
        # the ending states the conclusion over the whole summary, framed once, and holds a few seconds
        self.caption(self.s("cap_end"), run_time=1.2,
                     with_=[Circumscribe(claim, color=pal.accent, buff=0.12, fade_in=True, fade_out=True)])
        self.read_caption()

    def beyond_seen(self, table) -> None:
        """The caveat on lengths drawn: the table narrows to the left, named with its seats, and beside it the formula's
        rows for as many seats again (engine sinusoidal), in a dashed frame named with theirs: a row for any seat, but
        none a model trained on the first ones has seen."""
        pal, d = self.pal, self.data
        n = d.n_positions
        width = (BEYOND_W - BEYOND_GAP) / 2
        left = PIC_X - 1.9  # the apart row's left edge
        y = ROW_Y[3] - (TABLE_H - BEYOND_H) / 2  # the bottom kept, the top lowered: room for the names over them
        rows = sinusoidal(np.arange(n, 2 * n), d.d_model, d.base)  # (n, d) seats n … 2n − 1
        more = HeatmapGrid(rows, cell_w=width / d.d_model, cell_h=BEYOND_H / n, palette=pal)
        more.move_to([left + width * 1.5 + BEYOND_GAP, y, 0])
        frame = DashedVMobject(SurroundingRectangle(more, buff=0.06, color=pal.bad, stroke_width=3), num_dashes=28)
        names = VGroup()
        for (a, b), x, color in (((0, n - 1), left + width / 2, pal.ink), ((n, 2 * n - 1), more.get_x(), pal.bad)):
            name = self.txt(self.s("seat_range", a=a, b=b), size=26, color=color)
            if name.width > width + BEYOND_GAP * 0.8:
                name.scale_to_fit_width(width + BEYOND_GAP * 0.8)
            names.add(name.move_to([x, y + BEYOND_H / 2 + 0.3, 0]))  # clear of the dashed frame
        self.play(table.animate.stretch_to_fit_width(width).stretch_to_fit_height(BEYOND_H).move_to([left + width / 2, y, 0]),
                  run_time=0.5)
        self.shown["unseen_seats"] = [n, 2 * n - 1]
        self.add(more.show_rows(0))
        seat = ValueTracker(0.0)
        more.add_updater(lambda m: m.show_rows(int(np.floor(seat.get_value() + 1e-9))))
        self.play(FadeIn(names), Create(frame), seat.animate.set_value(float(n)), run_time=1.2, rate_func=linear)
        more.clear_updaters()
