"""rope_rotation, stages 2-5: the rotation planes of q and k, the score panel with the (m, n) table,
and putting everything at positions m, n. Per-frame values come from engine.rope on the record's q, k
and base; the (m, n) table is the record's score_grid.

Layouts by the number of planes (d / 2): one or two planes side by side with their numbers under each
(the lesson's d = 4); three or four planes in a compact row of smaller circles, their numbers in a
table whose row names stand once at the left. The (m, n) table keeps its width: its cells shrink as
the positions grow, its position labels thin out. m reaches far_m (wrap.py) in plane 0's lap."""
from __future__ import annotations

import numpy as np
from manim import (
    DOWN, LEFT, RIGHT, UP, Arc, Circle, Create, DashedLine, Dot, FadeIn, FadeOut, Line, Rectangle,
    SurroundingRectangle, Transform, ValueTracker, VGroup, smooth,
)

from engine.rope import DEFAULT_BASE, plane_contributions, rope_rotate, rope_score
from scenes.parts.emphasis import read_with
from scenes.parts.geometry import arc_points, unit
from scenes.parts.glyphs import GlyphNumber
from scenes.parts.heatmap import HeatmapGrid
from scenes.rope.dial_labels import DialLabels, LABEL_GAP
from scenes.rope.arcs import angle_text, passed, radian_text, step_goals, whole_steps
from scenes.rope.scale import legend as scale_legend, recolour, scale_ends
from look import fmt_num

PLANE_R = 1.0
PLANE_XS = {1: (-3.1,), 2: (-4.7, -1.5)}
PLANE_Y = 0.7
CELL = 0.3  # the (m, n) table's cell for up to 10 positions; it keeps GRID_W for more
GRID_W = 3.0
BIG_XS, BIG_R, BIG_Y = (-4.7, -1.5), 1.33, 1.05  # two planes: large circles, their numbers in columns under them
LEFT_X, RIGHT_X = -6.3, 0.6  # the planes' room (the score panel starts right of it)
COMPACT_RIGHT = -0.05  # the compact table stops short of the m, n, m − n labels
COMPACT_Y = 1.05  # circle centres in the compact layout (1.25 with NOTE-size labels)
COMPACT_ROW = 0.4  # the compact table's row pitch (0.42 with NOTE-size labels)
GRID_NOTE = 32  # the table's position numbers: digits (no capitals) at 3 % of the frame height
NOTE = 26  # labels at 3.2 % of the frame height in cap height (two planes, the table); 18 in tighter layouts
TURN_TO = 3.0  # positions the planes turn through while the caption says that they turn
NOTE_X, NOTE_Y = 0.42, -0.75  # d and base: under the m, n, m − n column (two planes), top left corner


def bound_width(bound: float, decimals: int) -> int:
    """Slots a GlyphNumber needs for any value of magnitude up to `bound`."""
    return len(fmt_num(-abs(bound) - 0.5 * 10.0 ** -decimals, decimals))


class PlanesStage(DialLabels):
    """Mixed into RopeRotation (a LectureScene): the planes, the score panel and set_positions."""

    # -- 2. the planes ---------------------------------------------------------------------
    def build_planes(self):
        pal, d = self.pal, self.data
        n = self.n_planes
        self.compact = n >= 2  # one column per plane, the row names once at the left: no label runs into a value
        self.planes = []
        statics, labels, tags_shown = VGroup(), VGroup(), VGroup()  # tags_shown: the number rows' names
        self.q_turn, self.k_turn, self.parts = [], [], []
        bounds = d.q_norms * d.k_norms  # (planes,) no plane's share of the score exceeds its bound
        part_w = max(bound_width(b, 4) for b in bounds)
        top_deg = float(d.thetas_deg.max() * max(d.grid_positions[-1], d.keyframes.max(), self.far_m()))
        deg_w = len(fmt_num(top_deg, 1)) + 2  # m·θ in degrees, not wrapped at 360°, and its ° sign
        small = self.small = NOTE if n == 2 else 18
        pitch = 0.4 if n == 2 else COMPACT_ROW
        rows_shown = (("theta_row", pal.muted), ("q_turn", pal.accent), ("q_len", pal.accent), ("k_turn", pal.cool),
                      ("part", pal.ink)) if n == 2 else (("theta_row", pal.muted), ("q_turn", pal.accent),
                                                         ("k_turn", pal.cool), ("part", pal.ink))
        self.q_len = []  # |q| of each plane's piece, measured on the turned piece: rotation keeps it
        if self.compact:
            tags = {key: self.txt(self.s(key), size=small, color=col) for key, col in rows_shown}
            tag_w = max(t.width for t in tags.values()) + 0.25
            col_w = (COMPACT_RIGHT - LEFT_X - tag_w) / n
            xs = [LEFT_X + tag_w + col_w * (i + 0.5) for i in range(n)]
            radius, y_c = min(0.75, 0.45 * col_w), COMPACT_Y
            if n == 2:  # the rotation is the subject: two large planes, each with its own column of numbers
                xs, radius, y_c = list(BIG_XS), BIG_R, BIG_Y
        else:
            xs, radius, y_c = PLANE_XS[n], PLANE_R, PLANE_Y
        self.plane_r = radius
        scale = 0.66 * radius / max(d.q_norms.max(), d.k_norms.max())  # labels stay inside the circle
        self.vec_scale = scale
        lab_size = 30 if not self.compact else 48 if n == 2 else 26  # q, k at 3.2 % of the frame with two planes
        self.label_gap, self.label_off = (0.62, 0.3) if n == 2 else (LABEL_GAP, 0.2)
        for i in range(n):
            cx = xs[i]
            centre = np.array([cx, y_c, 0.0])
            face = Circle(radius=radius, stroke_color=pal.muted, stroke_width=2.5, fill_color=pal.panel,
                          fill_opacity=1.0).move_to(centre)
            axes = VGroup(Line(centre + LEFT * radius, centre + RIGHT * radius),
                          Line(centre + DOWN * radius, centre + UP * radius)).set_stroke(pal.muted, 1, 0.5)
            ghost_q = DashedLine(centre, centre + scale * d.q_norms[i] * unit(d.q_angles0[i]),
                                 stroke_color=pal.accent, stroke_width=2, stroke_opacity=0.45)
            ghost_k = DashedLine(centre, centre + scale * d.k_norms[i] * unit(d.k_angles0[i]),
                                 stroke_color=pal.cool, stroke_width=2, stroke_opacity=0.45)
            q_hand = Line(centre, centre + RIGHT, stroke_color=pal.accent, stroke_width=6)
            k_hand = Line(centre, centre + RIGHT, stroke_color=pal.cool, stroke_width=6)
            q_tip = Dot(radius=0.07, color=pal.accent)
            k_tip = Dot(radius=0.07, color=pal.cool)
            between = Arc(radius=0.35 * radius, arc_center=centre, start_angle=0, angle=0.5,
                          stroke_color=pal.ink, stroke_width=2.5)
            q_lab = self.tex("q", size=lab_size, color=pal.accent)
            k_lab = self.tex("k", size=lab_size, color=pal.cool)
            for lab in (q_lab, k_lab):  # a label belongs to its plane: drawn over the circle and its axes
                self.label_on(lab, face, axes, ghost_q, ghost_k, q_hand, k_hand, between)
            # the angle between k and q, written at its arc: it depends on m − n only
            angle = GlyphNumber(0.0, decimals=1, signed=True, width=7, suffix="°", font=self.look.font,
                                font_size=NOTE if n <= 2 else 18, color=pal.ink)  # signed: from k to q
            arc_tip = self.arc_tip(pal.ink)  # the arc's direction, k towards q
            self.label_on(angle, face, axes, ghost_q, ghost_k, between, arc_tip)  # written on its dial
            plane = {"centre": centre, "face": face, "q": q_hand, "k": k_hand, "q_tip": q_tip, "k_tip": k_tip,
                     "arc": between, "q_lab": q_lab, "k_lab": k_lab, "angle": angle, "arc_tip": arc_tip}
            self.planes.append(plane)
            statics.add(face, axes, ghost_q, ghost_k)
            if self.compact:
                head = self.txt(self.s("plane_short", i=i), size=small, color=pal.ink)
                sub = self.txt(self.s("dims", a=2 * i, b=2 * i + 1), size=small, color=pal.muted)
                if n == 2:  # the pairs flew in from q and k: the plane's name and its own speed
                    head = self.txt(self.s("plane_short", i=i) + "  θ = " + radian_text(d.thetas[i]) + " rad",
                                    size=small, color=pal.ink).next_to(face, UP, buff=0.1)
                    labels.add(head)
                else:
                    VGroup(head, sub).arrange(DOWN, buff=0.06).next_to(face, UP, buff=0.12)
                    labels.add(head, sub)
                y0 = y_c - radius - (0.22 if n == 2 else 0.32)
                if n != 2:  # two planes carry their speed in their name
                    speed = self.txt(radian_text(d.thetas[i]) + " rad", size=small, color=pal.muted).move_to([cx, y0, 0])
                    labels.add(speed)
                stores = ((self.q_turn, pal.accent), (self.q_len, pal.accent), (self.k_turn, pal.cool),
                          (self.parts, pal.ink))
                for row, (store, col) in enumerate([s for s in stores if n == 2 or s[0] is not self.q_len], start=1):
                    if store is self.parts or store is self.q_len:
                        num = GlyphNumber(0.0, decimals=4, width=part_w, font=self.look.font, font_size=small,
                                          color=col)
                    else:
                        num = GlyphNumber(0.0, decimals=1, width=deg_w, suffix="°", font=self.look.font,
                                          font_size=small, color=col)
                    num.move_to([cx, y0 - pitch * row, 0])
                    if n == 2:  # its short name left in the column, the value right
                        key = {id(self.q_turn): "q_turn_s", id(self.q_len): "len_s", id(self.k_turn): "k_turn_s",
                               id(self.parts): "part_s"}[id(store)]
                        y = y0 + pitch - pitch * row
                        num.move_to([cx + radius, y, 0], aligned_edge=RIGHT)
                        tag = self.txt(self.s(key), size=small, color=col).move_to([cx - radius, y, 0], aligned_edge=LEFT)
                        tags_shown.add(tag)
                    store.append(num)
                continue
            kind = self.s("fast" if i == 0 else "slow") if n > 1 else self.s("only")
            head = self.txt(self.s("plane", i=i, a=2 * i, b=2 * i + 1), size=20, color=pal.ink)
            speed = self.txt(self.s("speed", kind=kind, rad=radian_text(d.thetas[i]), deg=angle_text(d.thetas_deg[i])),
                             size=18, color=pal.muted)
            if speed.width > 3.1:  # a long speed (a large base) keeps clear of the next plane's
                speed.scale_to_fit_width(3.1)
            VGroup(head, speed).arrange(DOWN, buff=0.08).next_to(face, UP, buff=0.15)
            labels.add(head, speed)
            # the numbers under each plane
            y0 = PLANE_Y - PLANE_R - 0.42
            for row, (key, store, col) in enumerate((("q_turn", self.q_turn, pal.accent),
                                                     ("k_turn", self.k_turn, pal.cool),
                                                     ("part", self.parts, pal.ink))):
                y = y0 - 0.42 * row
                tag = self.txt(self.s(key), size=18, color=col)
                tag.move_to([cx - 1.5, y, 0], aligned_edge=LEFT)
                if key == "part":
                    num = GlyphNumber(0.0, decimals=4, width=part_w, font=self.look.font, font_size=20,
                                      color=pal.ink)
                else:
                    num = GlyphNumber(0.0, decimals=1, width=deg_w, suffix="°", font=self.look.font,
                                      font_size=20, color=col)
                num.move_to([cx + 1.5, y, 0], aligned_edge=RIGHT).align_to(tag, DOWN)
                tags_shown.add(tag)
                store.append(num)
        if n == 2 and labels[0].get_right()[0] + 0.15 > labels[1].get_left()[0]:  # a long θ (a large base)
            wide = max(labels, key=lambda h: h.width)
            wide.scale(1 - (labels[0].get_right()[0] + 0.15 - labels[1].get_left()[0]) / wide.width * 2)
        if self.compact and n != 2:  # the row names, once, left of the table
            y0 = y_c - radius - 0.32
            for row, (key, _) in enumerate(rows_shown):
                tag = tags[key].move_to([LEFT_X, y0 - pitch * row, 0], aligned_edge=LEFT)
                tags_shown.add(tag)
        self.plane_statics = statics
        self.plane_labels = labels
        self.plane_tags = tags_shown
        self.plane_hands = VGroup(*(VGroup(p["arc"], p["arc_tip"], p["q"], p["k"], p["q_tip"], p["k_tip"], p["q_lab"],
                                           p["k_lab"], p["angle"]) for p in self.planes))
        self.plane_nums = VGroup(*self.q_turn, *self.q_len, *self.k_turn, *self.parts)
        self.plane_live = VGroup(self.plane_hands, self.plane_nums)
        room = 6.3 if n == 2 else 5.9
        self.short_note = n == 2 and self.setup_kind() == "setup"
        if self.short_note:  # d and base, one under the other, in the score panel: clear of the caption
            setup = VGroup(self.txt(self.s("setup_d", d=d.d_model), size=small, color=pal.muted),
                           self.txt(self.s("setup_base", base=self.base_text()), size=small, color=pal.muted),
                           self.txt(self.s("setup_usual", usual=f"{round(DEFAULT_BASE):,}"), size=small, color=pal.muted)
                           ).arrange(DOWN, buff=0.12, aligned_edge=LEFT)
        else:
            setup = self.txt(self.setup_text(), size=small, color=pal.muted)
        if setup.width > room:  # a long note (d = 2, a large base): two lines at the clause break
            text = self.setup_text()
            cut = max(text.find("："), text.find(": "))
            if cut > 0:
                setup = self.txt(text[:cut + 1] + "\n" + text[cut + 1:].lstrip(), size=small, color=pal.muted)
        if setup.width > room:  # still too wide: keeps inside the planes' room
            setup.scale_to_fit_width(room)
        setup.move_to([-3.35, -2.1, 0])
        if self.compact:
            setup.move_to([LEFT_X, -2.1 if n != 2 else -2.25, 0], aligned_edge=LEFT)
        if self.short_note:  # under the m, n, m − n column, left of the table's row numbers
            setup.move_to([NOTE_X, NOTE_Y, 0], aligned_edge=UP + LEFT)
        self.setup_note = setup
        key = "cap_planes" if n > 1 else "cap_planes_one"
        said = [self.s("cap_pairs"), self.s(key)]
        if self.short_note:  # what the small base is for, and the usual one: said while the planes turn
            self.shown["usual_base"] = DEFAULT_BASE  # the base RoPE models usually take (engine.rope)
            said.append(self.s("base_small", base=self.base_text(), usual=f"{round(DEFAULT_BASE):,}"))
        said.append(self.s("cap_back", s=fmt_num(d.plain_score, 4)))
        self.section("planes", " ".join(said) if self.look.lang == "en" else "".join(said),
                     keep=[self.q_row, self.k_row])
        self.set_positions(0.0, 0.0)
        # each boxed pair of q and k flies to its plane and becomes the point at the tip of its arrow
        flights = [Transform(pair, dot.copy())
                   for row, tip in ((self.q_row, "q_tip"), (self.k_row, "k_tip"))
                   for pair, dot in zip(row[1], (p[tip] for p in self.planes))]
        self.play(FadeIn(statics), FadeIn(tags_shown), FadeIn(labels, lag_ratio=0.1), FadeIn(setup),
                  FadeOut(VGroup(self.q_row[0], self.k_row[0])), *flights, run_time=1.6)
        for row in (self.q_row, self.k_row):  # the pairs became the points: gone, the dials' own points stay
            row.set_opacity(0)
        self.remove(self.q_row, self.k_row, *self.q_row[1], *self.k_row[1])
        self.add(self.plane_live)  # before the panel: its numbers are redrawn while the planes turn
        panel = self.build_score_panel()  # m, n and the score: on screen before anything turns
        rest = VGroup(*(p[key] for p in self.planes for key in ("arc", "arc_tip", "q", "k", "q_lab", "k_lab", "angle")),
                      self.plane_nums)
        self.play(FadeIn(rest), *panel, run_time=0.8)
        self.remove(rest)  # dissolves plane_live in the scene's list: the live dials go back in whole
        self.add(self.plane_live)
        # the planes turn under the cue that says how they turn (the one before "back at m = n = 0"):
        # both positions 0 -> TURN_TO and back, whole positions only, so "back at m = n = 0" comes with the
        # planes at rest
        def rest_ahead():  # queued cues before "back at m = n = 0"
            return next((i for i, q in enumerate(self._queue) if "m = n = 0" in q[0].replace("\n", " ")), 0)

        p_t = ValueTracker(0.0)
        def turn(_mob):
            self.set_positions(p_t.get_value(), p_t.get_value())

        turning = VGroup(self.plane_live, self.m_num, self.n_num, self.gap_num, self.score_num)  # m, n: each frame too
        self.add(turning.add_updater(turn))
        back, turned = 3.2, 0  # the way back, one whole position at a time at a pace the eye can follow
        for goal in [*step_goals(rest_ahead(), TURN_TO), 0]:  # 0 -> 1 -> ... -> TURN_TO spread over the cues
            self.until_next_cue()
            if rest_ahead() <= 0:  # the cue before "back at m = n = 0" keeps the way back
                break
            if goal > turned:
                self.play(p_t.animate.set_value(float(goal)), run_time=max(2.0, self.cue_left() - 0.1),
                          rate_func=whole_steps(goal - turned))
                turned = goal
        if not turned:  # one cue: out and back under it
            self.play(p_t.animate.set_value(TURN_TO), run_time=max(2.0, min(4.0, self.cue_left() - back - 0.4)),
                      rate_func=whole_steps(TURN_TO))
        self.wait(max(0.0, self.cue_left() - back - 0.1))
        self.play(p_t.animate.set_value(0.0), run_time=back, rate_func=whole_steps(turned or TURN_TO))
        turning.remove_updater(turn)
        self.set_positions(0.0, 0.0)
        self.until_next_cue(last=True)  # "back at m = n = 0, nothing is turned": said once they are back
        read_with(self, self.score_num)

    def base_text(self) -> str:
        b = self.data.base
        return f"{round(b):,}" if b >= 1000 else f"{b:.6g}"

    def setup_kind(self) -> str:
        """Which note d and base get: one plane, a slow plane that turns visibly, or one that barely turns."""
        d = self.data
        return "setup_one" if d.d_model == 2 else "setup" if d.slow_turn_deg >= 30 else "setup_slow"

    def setup_text(self) -> str:
        """d and base, and what the base does to the slowest plane over the table's positions."""
        d = self.data
        base, kind = self.base_text(), self.setup_kind()
        if kind == "setup_one":
            return self.s("setup_one", base=base)
        if kind == "setup":
            return self.s("setup", d=d.d_model, base=base)
        last = int(d.grid_positions[-1])
        return self.s("setup_slow", d=d.d_model, base=base, last=last, deg=angle_text(d.slow_turn_deg))

    # -- the score panel (right) -------------------------------------------------------------
    def build_score_panel(self) -> list:
        """The score box, m, n and m − n, and the (m, n) table (shown later): returns the panel's entrance."""
        pal, d = self.pal, self.data
        font = self.look.font
        score_lab = VGroup(self.txt(self.s("score"), size=26),
                           self.tex(r"q_m \cdot k_n =", size=36)).arrange(RIGHT, buff=0.2)
        bound = float((d.q_norms * d.k_norms).sum())  # |q_m·k_n| never exceeds it
        self.score_num = GlyphNumber(0.0, decimals=4, width=bound_width(bound, 4), font=font, font_size=36,
                                     color=pal.ink)
        score_row = VGroup(score_lab, self.score_num)
        score_lab.move_to([0.95, 2.45, 0], aligned_edge=LEFT)
        self.score_num.next_to(score_lab, RIGHT, buff=0.2).align_to(score_lab[0], DOWN)
        self.score_box = SurroundingRectangle(score_row, buff=0.15, corner_radius=0.1, color=pal.accent,
                                              stroke_width=3)
        # m, n and the gap in a column left of the table
        # m and n show whole positions only: between two, the last one passed (arcs.passed)
        top = int(max(d.grid_positions[-1], np.abs(d.keyframes).max()))
        slots = max(len(fmt_num(-top - 0.5, 1)), len(fmt_num(self.far_m(), 1)))  # m's lap (wrap.py) too
        self.m_num = GlyphNumber(0.0, decimals=0, width=slots, font=font, font_size=30, color=pal.accent)
        self.n_num = GlyphNumber(0.0, decimals=0, width=slots, font=font, font_size=30, color=pal.cool)
        self.gap_num = GlyphNumber(0.0, decimals=0, width=slots, font=font, font_size=30, color=pal.ink)
        labels = [self.tex("m =", size=32, color=pal.accent), self.tex("n =", size=32, color=pal.cool),
                  self.tex("m-n =", size=32)]
        for k, (lab, num) in enumerate(zip(labels, (self.m_num, self.n_num, self.gap_num))):
            y = 1.0 - 0.62 * k
            num.move_to([2.45, y, 0], aligned_edge=RIGHT)
            lab.next_to(num, LEFT, buff=0.15).align_to(num, DOWN)
        self.mn_column = VGroup(*labels, self.m_num, self.n_num, self.gap_num)
        # the (m, n) table
        g = len(d.grid_positions)
        self.cell = cell = min(CELL, GRID_W / g)
        digit = self.txt(str(g - 1), size=GRID_NOTE)
        widest = max(digit.width, digit.height)  # the row numbers stand one above the other
        step = next(s for s in (1, 2, 5, 10, 25) if s * cell >= widest + 0.06)  # position labels that keep apart
        vmax = float(np.abs(d.score_grid).max())
        grid = HeatmapGrid(d.score_grid, cell_w=cell, cell_h=cell, palette=pal, vmax=vmax)
        ends = scale_ends(d.score_grid)  # each side of zero its own end (scale.py): negative cells stay visible
        recolour(grid, pal, ends, vmax)
        grid.show_rows(g)
        grid.move_to([4.85, -0.42, 0])  # its colour bar and 0 mark stay above the caption band
        self.grid = grid
        col_nums = VGroup(*(self.txt(str(c), size=GRID_NOTE, color=pal.muted).next_to(grid.cell(0, c), UP, buff=0.06)
                            for c in range(0, g, step)))
        row_nums = VGroup(*(self.txt(str(r), size=GRID_NOTE, color=pal.muted).next_to(grid.cell(r, 0), LEFT, buff=0.08)
                            for r in range(0, g, step)))
        cols = self.txt(self.s("cols") + " →", size=NOTE, color=pal.cool).next_to(col_nums, UP, buff=0.06)
        if cols.get_right()[0] > 6.35:  # a long axis name stays inside the safe area
            cols.shift(LEFT * (cols.get_right()[0] - 6.35))
        # the row name stands level (no sideways text), above the row numbers
        rows = self.txt(self.s("rows") + " ↓", size=NOTE, color=pal.accent)
        rows.next_to(row_nums, UP, buff=0.08).align_to(row_nums, RIGHT)
        clash = self.mn_column.get_right()[0] + 0.3 - rows.get_left()[0]
        if clash > 0:  # a wide table: the m, n column moves left of its position label
            self.mn_column.shift(LEFT * clash)
        legend = scale_legend(self, pal, ends, NOTE).next_to(grid, DOWN, buff=0.08)  # the two-slope scale's ends
        if legend.get_right()[0] > 6.35:  # wide end labels (large scores) stay inside the safe area
            legend.shift(LEFT * (legend.get_right()[0] - 6.35))
        self.grid_labels = VGroup(col_nums, row_nums, cols, rows, legend)
        self.pos_labels = VGroup(*labels)
        self.marker = Rectangle(width=cell, height=cell, stroke_color=pal.ink, stroke_width=4 if g <= 12 else 3)
        self.marker.move_to(grid.cell(0, 0))
        self.cell00 = grid.cell(0, 0).get_center()
        self.set_positions(0.0, 0.0)  # the panel shows the score at m = n = 0 from its first frame
        self.score_statics = VGroup(self.pos_labels, score_lab, self.score_box)
        return [FadeIn(VGroup(self.pos_labels, score_lab)),
                FadeIn(VGroup(self.m_num, self.n_num, self.gap_num, self.score_num)), Create(self.score_box)]

    def set_positions(self, m: float, n: float) -> None:
        """Rotate the pieces to positions m and n (fractional while moving) and log what is shown."""
        d = self.data
        qr = rope_rotate(d.q, m, d.base).reshape(-1, 2)  # (planes, 2)
        kr = rope_rotate(d.k, n, d.base).reshape(-1, 2)  # (planes, 2)
        parts = plane_contributions(d.q, d.k, m, n, d.base)  # (planes,)
        score = rope_score(d.q, d.k, m, n, d.base)
        self.shown["m"] = m
        self.shown["n"] = n
        for i, p in enumerate(self.planes):
            c = p["centre"]
            q_end = c + self.vec_scale * np.array([qr[i, 0], qr[i, 1], 0.0])
            k_end = c + self.vec_scale * np.array([kr[i, 0], kr[i, 1], 0.0])
            p["q"].put_start_and_end_on(c, q_end)
            p["k"].put_start_and_end_on(c, k_end)
            p["q_tip"].move_to(q_end)
            p["k_tip"].move_to(k_end)
            aq, ak = np.arctan2(qr[i, 1], qr[i, 0]), np.arctan2(kr[i, 1], kr[i, 0])
            self.place_labels(p, aq, ak, self.vec_scale * np.hypot(*qr[i]), self.vec_scale * np.hypot(*kr[i]))
            delta = (aq - ak + np.pi) % (2 * np.pi) - np.pi  # signed angle from k to q
            p["arc"].points = arc_points(c, 0.32 * self.plane_r, ak, delta if abs(delta) > 1e-6 else 1e-6)  # moved, not rebuilt
            self.place_angle(p, ak, delta)
            self.shown[f"angle_{i}"] = float(np.degrees(delta))  # signed, in (−180°, 180°]
            q_deg = float(np.degrees(round(m, 1) * d.thetas[i]))  # m·θᵢ as the dial turns (m to 0.1), not wrapped at 360°
            k_deg = float(np.degrees(round(n, 1) * d.thetas[i]))
            self.q_turn[i].set_value(q_deg)
            self.k_turn[i].set_value(k_deg)
            self.parts[i].set_value(parts[i])
            if self.q_len:
                self.q_len[i].set_value(float(np.hypot(*qr[i])))  # the turned piece's length: unchanged
                self.shown[f"q_len_{i}"] = float(np.hypot(*qr[i]))
            self.shown[f"q_turn_deg_{i}"] = q_deg
            self.shown[f"k_turn_deg_{i}"] = k_deg
            self.shown[f"plane_{i}"] = float(parts[i])
        self.shown["score"] = score
        if hasattr(self, "score_num"):
            m_w, n_w = passed(self.m_num, m), passed(self.n_num, n)  # whole positions: ticks as each is passed
            for num, v in ((self.m_num, m_w), (self.n_num, n_w), (self.gap_num, m_w - n_w)):
                num.decimals = 0
                num.set_value(v)
            self.score_num.set_value(score)
            if not getattr(self, "marker_held", False):  # held on its cell while the summary turns q and k
                self.marker.move_to(self.cell00 + np.array([n * self.cell, -m * self.cell, 0.0]))
            self.shown["gap"] = m - n
