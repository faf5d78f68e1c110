"""attention_heatmap, the residual on the plane (the ending's last step): token n's own vector e_n (the record's
residual_in, the value arrow v_n, since W_V = I) and o are added head to tail, o's arrow moving so that its tail
sits on e_n's tip, and their sum e_n + o (the record's residual_out) is drawn from the origin and named. The
heads' small heat maps and the names h₁, h₂, read by then, give way to the sum (its arrow would cross h₁'s name);
the name of e_n's value arrow moves to that arrow's tip, clear of the shorter arrow's name; the vertical axis grows past the sum's
height (from the record's values) when the sum reaches past it, its 'dim 2' moving with its end, clear of the sum's tip.
At the conclusion every arrow on the plane carries its name again (`end_names`): h₁ and h₂ back where they are clear,
o's moved copy named o, and e_n's name (with the value arrow's) at that arrow's tip, once the product has left room.
Mixed into scenes.attention_heatmap.AttentionHeatmap.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Arrow, Line, Transform, VGroup

from scenes.attention.arrows import arrow, nearer_other, to_box  # noqa: F401  (to_box: read by the end-names test)
from scenes.attention.placing import box_of, conflicts
from scenes.attention.repeats import touches
from scenes.attention.table import LABEL, READOUT
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut
from scenes.parts.textcache import indexed

REACH = 0.3  # the axis past the sum's tip, in the plane's units: 'dim 2' at its end stays clear of the tip
MAX_Y = 2.7  # the highest a tip may reach: under the title
ALONG = tuple(round(0.9 - 0.05 * k, 2) for k in range(13))  # where along e_n's arrow its name may stand, tip first
CLEAR = 0.15  # the name's least distance from any other text or block
TIP_GAP = 0.3  # a name level with e_n's tip stands this far beside the tip's point: clear of the arrowhead's barbs
NAME_GAP, PIECE_GAP = 0.4, 0.3  # an arrow's own name starts this close to it; its pieces stand this close together


class AttentionResidual:
    """Needs from the scene: d1 (the record), pal, ask_at (the plane's map), ask_view (its axes and dimension
    names first), named (a name with its index set low), play, to_cue, cues_log, shown."""

    def own_name(self, blocks) -> VGroup:
        """e_n = v_n (W_V = I: token n's own vector is its value arrow, already drawn) beside that arrow, on its side
        away from the sum, at the first point along it clear of every text and of `blocks`; built, not shown."""
        at, n = self.ask_at, str(len(self.d1.tokens))
        font, ink = self.look.font, self.pal.ink
        name = indexed("e", n, "=", font=font, font_size=LABEL, color=ink)
        v = indexed("v", n, font=font, font_size=LABEL, color=ink).next_to(name, RIGHT, buff=0.12)
        name.add(v.shift(UP * (name[0].get_bottom()[1] - v[0].get_bottom()[1])))  # x and v on one baseline
        others = [*self.texts_on_screen(), *blocks]
        own, out = self.d1.residual_in, self.d1.residual_out
        side = LEFT if out[0] >= own[0] else RIGHT  # the sum leans one way: the name on the other
        for t in ALONG:
            name.next_to(at((t * own[0], t * own[1])), side, buff=0.12)
            if not any(touches(name, m, pad=CLEAR) for m in others):
                return name
        return self.own_prefix(side, others)

    def own_prefix(self, side, others, label=None) -> VGroup:
        """Where "e_n = v_n" finds no room: "e_n =" just before the name the value arrow already has on `side`
        ("v1 = v5 the" then reads "e5 = v1 = v5 the"), if that spot is clear; else nothing (VGroup()). `label`: that
        name (e_n's value arrow's), when it is known; else the name beside the arrow nearest its middle."""
        at, n, own = self.ask_at, str(len(self.d1.tokens)), self.d1.residual_in
        ends = [at((0, 0)), at(own)]
        s = -1 if side is LEFT else 1  # -1: the name ends left of the arrow; 1: it starts right of it
        inner = (lambda m: m.get_right()[0]) if s < 0 else (lambda m: m.get_left()[0])  # a piece's edge facing the arrow
        outer = (lambda m: m.get_left()[0]) if s < 0 else (lambda m: m.get_right()[0])
        edge = (min if s < 0 else max)(p[0] for p in ends)
        lo, hi = min(p[1] for p in ends), max(p[1] for p in ends)
        texts = self.texts_on_screen()
        beside = [m for m in texts if -0.05 <= s * (inner(m) - edge) <= NAME_GAP and m.get_top()[1] > lo and m.get_bottom()[1] < hi]
        if not beside:
            return VGroup()
        mine = [m for m in beside if label is not None and any(m is f for f in label.get_family())]
        first = max(mine, key=lambda m: m.get_y()) if mine else \
            min(beside, key=lambda m: abs(m.get_y() - (lo + hi) / 2))  # the piece nearest the arrow's middle
        line, far = [first], outer(first)
        for m in sorted(texts, key=lambda m: s * inner(m)):  # outwards from the arrow, piece by piece
            level = min(m.get_top()[1], first.get_top()[1]) - max(m.get_bottom()[1], first.get_bottom()[1])
            if m is not first and level > 0.3 * first.height and -0.05 <= s * (inner(m) - far) <= PIECE_GAP:
                line.append(m)
                far = (min if s < 0 else max)(far, outer(m))
        row = VGroup(*line)
        name = indexed("e", n, "=", font=self.look.font, font_size=LABEL, color=self.pal.ink)
        name.next_to(row, side, buff=0.12).align_to(row, DOWN)  # index under index: one baseline
        taken = {id(m) for m in line}
        if any(touches(name, m, pad=CLEAR) for m in others if id(m) not in taken):
            return VGroup()
        self.own_names = VGroup(name, *line)  # "e5 =" and the name it prefixes: moved as one at the conclusion
        return name

    def value_note(self) -> VGroup:
        """"e_n = v_n (W_V = I)" as one formula, typeset (its indices at full size, set low, as the other formulas
        beside the plane have them); built, not shown."""
        n = len(self.d1.tokens)
        return self.tex(rf"e_{{\textstyle {n}}} = v_{{\textstyle {n}}} \quad (W_{{\textstyle V}} = I)", size=READOUT,
                        color=self.pal.ink)

    def own_label_to_tip(self, lab, blocks) -> list:
        """The name of e_n's value arrow ("v1 = v5 the") moved beside that arrow's tip, on the side away from the sum,
        its top level with the tip, where it touches no other text nor `blocks`: [the move], or [] (it stays)."""
        at, own, out = self.ask_at, self.d1.residual_in, self.d1.residual_out
        if lab is None or not any(lab is m for m in self.get_mobject_family_members()):
            return []
        side = LEFT if out[0] >= own[0] else RIGHT
        spot = lab.copy().next_to(at(own), side, buff=TIP_GAP)
        spot.shift(UP * (at(own)[1] + 0.05 - spot.get_top()[1]))
        others = [m for m in [*self.texts_on_screen(), *blocks] if not any(m is f for f in lab.get_family())]
        if any(touches(spot, m, pad=CLEAR) for m in others):
            return []
        return [lab.animate.move_to(spot.get_center())]

    def residual_moves(self, o_arrow, away, blocks) -> list:
        """While the cue says o is added to token n's own vector: `away` (the heat maps, read) fades, the vertical
        axis grows to the sum's height when the sum reaches past it, e_n is named on its arrow (`own_name`, clear of
        `blocks`) and o's arrow (a copy) moves head to tail onto e_n's tip. Played here; the moved copy and the name
        are returned, [moved, name]; [] (nothing played) when e_n or the sum would leave the plane's side of the
        frame (left of its axes, where the product stands, or into the title)."""
        at, pal = self.ask_at, self.pal
        own, out = self.d1.residual_in, self.d1.residual_out
        self.own_names = VGroup()
        axis, dim2 = self.ask_view[0][1], self.ask_view[1][1]
        left = min(p[0] for m in self.ask_view[0] for p in (m.get_start(), m.get_end())) - 0.05
        if min(at(own)[0], at(out)[0]) < left or max(at(own)[1], at(out)[1]) > MAX_Y:
            return []
        top = max(p[1] for p in (axis.get_start(), axis.get_end()))
        need = at((0, max(out[1], own[1]) + REACH))[1]
        grow = []
        if need > top:  # the sum leaves the plane: the axis reaches it, its name with its end
            bottom = min(axis.get_start()[1], axis.get_end()[1])
            longer = Line([axis.get_start()[0], bottom, 0], [axis.get_start()[0], need, 0], stroke_color=axis.get_stroke_color(),
                          stroke_width=axis.get_stroke_width(), stroke_opacity=axis.get_stroke_opacity())
            grow = [Transform(axis, longer), dim2.animate.shift(UP * (need - top))]
        lab = next((lab for v, _, lab in getattr(self, "plane_values", []) if np.allclose(v, own)), None)
        lift = self.own_label_to_tip(lab, blocks)  # "v1 = v5 the" to its arrow's tip, clear of the other names
        self.play(*(QuickFadeOut(m) for m in away), *grow, *lift, run_time=0.6)
        self.remove(*away)
        self.shown.pop("head_maps", None)  # read, and gone
        name = self.own_prefix(LEFT if out[0] >= own[0] else RIGHT, [*self.texts_on_screen(), *blocks], lab) if lift else VGroup()
        if not len(name):
            name = self.own_name(blocks)
        if len(name):
            self.play(QuickFadeIn(name), run_time=0.4)
        moved = o_arrow.copy()
        self.play(moved.animate.shift(at(own) - at((0, 0))), run_time=0.8)
        self.shown.update({"showing": "mix,residual", "residual_axis_top": f"{max(out[1], own[1]) + REACH:.6f}"})
        return [moved, name] if len(name) else [moved]

    def residual_sum(self) -> VGroup:
        """e_n + o from the origin to the moved o's tip, named past it: VGroup(arrow, name), built, not shown
        (it comes with the cue that gives the sum)."""
        at, pal, n = self.ask_at, self.pal, len(self.d1.tokens)
        out = self.d1.residual_out
        total = arrow(at((0, 0)), at(out), pal.ok, width=7, tip=0.1)
        name = self.named("sum_name", "e", str(n), pal.ok)
        name.next_to(at(out), RIGHT, buff=0.15)  # beside the tip, clear of the axis' 'dim 2' above the origin
        self.shown["residual_drawn"] = ",".join(f"{v:.6f}" for v in out)
        return VGroup(total, name)

    def end_names(self, named, blocks, ignore=()) -> list:
        """The conclusion's names on the plane, built and placed, not shown: for each (name, arrow) in `named` the
        first spot along the arrow (tip first, either side) or past its tip that crosses no arrow or axis and touches
        no text nor `blocks` (where none is free, the one with the fewest); then e_n's name, with its value arrow's
        ("e5 = v1 = v5 the"), moved level with that arrow's tip where it is clear. Texts in `ignore` (leaving) do not
        count. Returns the animations: the names' fade-ins and the move."""
        at, own = self.ask_at, self.d1.residual_in
        gone = {id(f) for m in ignore for f in m.get_family()}
        drawn = self.get_mobject_family_members()
        lines = [m for m in drawn if isinstance(m, Line) and id(m) not in gone and m.get_length() > 0.05]
        segments = [(m.get_start()[:2], m.get_end()[:2]) for m in lines]
        boxes = [box_of(m) for m in (*self.texts_on_screen(), *blocks) if id(m) not in gone]
        tips = [m.get_end() for m in drawn if isinstance(m, Arrow) and id(m) not in gone]  # every arrow's tip on screen
        anims, self.end_placed = [], []
        for name, shaft in named:
            a, b = shaft.get_start(), shaft.get_end()
            along = (b - a) / max(float(np.linalg.norm(b - a)), 1e-9)
            normal = np.array([-along[1], along[0], 0.0])
            half = 0.5 * (abs(normal[0]) * name.width + abs(normal[1]) * name.height)
            # o's moved copy ends where e_n + o's arrowhead is: its name stands at the segment's middle, never at
            # that shared tip (where it would read as the sum's name)
            moved = shaft is getattr(self, "o_moved", None)
            ts = (0.5, 0.6, 0.4, 0.3) if moved else (0.8, 0.6, 0.45, 0.3)
            meta = [(t, gap) for t in ts for gap in (0.08, 0.25, 0.45) for sign in (1, -1)]
            tries = [a + t * (b - a) + sign * normal * (half + gap) for t in ts
                     for gap in (0.08, 0.25, 0.45) for sign in (1, -1)]
            past = 0.15 + 0.5 * (abs(along[0]) * name.width + abs(along[1]) * name.height)
            if not moved:
                tries += [b + along * (past + extra) for extra in (0.0, 0.25, 0.5, 0.75)]  # past the tip, then further out
                meta += [(1.0, 0.0), (1.0, 0.3), (1.0, 0.55), (1.0, 0.8)]
            own_seg = (a[:2], b[:2])
            others = [sg for sg in segments if not (np.allclose(sg[0], own_seg[0]) and np.allclose(sg[1], own_seg[1]))]
            scores = [conflicts(box_of(name.move_to(p)), others, boxes) + 100 * nearer_other(box_of(name), b, tips)
                      for p in tries]
            if min(scores) > 0:  # no clear spot on the arrow: a key, a short arrow of its colour and the name, nearby
                name = self.arrow_key(name, shaft, segments, boxes)
            else:  # of the clear spots, the first that keeps a margin from every other arrow and text
                margin = [conflicts(box_of(name.move_to(p)), others, boxes, pad=0.15) for p in tries]
                best = int(np.argmin([2 * sc + mg for sc, mg in zip(scores, margin)]))
                name.move_to(tries[best])
                t, gap = meta[best]
                if gap > 0.2:  # set off from its arrow: a thin leader in its colour joins them
                    anchor = a + t * (b - a)
                    way = (anchor - name.get_center()) / max(float(np.linalg.norm(anchor - name.get_center())), 1e-9)
                    reach = 0.5 * (abs(way[0]) * name.width + abs(way[1]) * name.height) + 0.05
                    leader = Line(name.get_center() + way * reach, anchor - way * 0.05, stroke_color=shaft.get_color(),
                                  stroke_width=2)
                    segments.append((leader.get_start()[:2], leader.get_end()[:2]))  # later names keep clear of it
                    anims.append(QuickFadeIn(leader))
            boxes.append(box_of(name))
            anims.append(QuickFadeIn(name))
            self.end_placed.append((name, shaft))
        group = getattr(self, "own_names", VGroup())
        if len(group):
            side = LEFT if self.d1.residual_out[0] >= own[0] else RIGHT
            spot = group.copy().next_to(at(own), side, buff=TIP_GAP)
            spot.shift(UP * (at(own)[1] + 0.05 - spot.get_top()[1]))
            mine = {id(f) for f in group.get_family()}
            rest = [m for m in (*self.texts_on_screen(), *blocks) if id(m) not in gone and id(m) not in mine]
            clear = [box_of(m) for m in rest] + boxes[len(boxes) - len(named):]
            if conflicts(box_of(spot), segments, clear) == 0:
                anims.append(group.animate.move_to(spot.get_center()))
        return anims

    def arrow_key(self, name, shaft, segments, boxes) -> VGroup:
        """`name` after a short arrow in `shaft`'s colour (a key), at the free spot nearest `shaft`'s tip on the plane's
        side of the frame (right of its vertical axis' left end), clear of every arrow and text; VGroup(sample, name)."""
        color = shaft.get_color()
        sample = arrow(np.zeros(3), RIGHT * 0.45, color, width=5, tip=0.3)
        if shaft is getattr(self, "o_moved", None):  # o's copy, moved: the key says so in words, not "→ o"
            name = self.named("o_moved", "e", str(len(self.d1.tokens)), color)
        key = VGroup(sample, name.copy()).arrange(RIGHT, buff=0.1)
        tip = shaft.get_end()
        left = min(p[0] for m in self.ask_view[0] for p in (m.get_start(), m.get_end())) + 0.2
        spots = [np.array([x, y, 0.0]) for x in np.arange(left + key.width / 2, 6.2 - key.width / 2, 0.1)
                 for y in np.arange(-2.3 + key.height / 2, 2.6 - key.height / 2, 0.1)]
        spots.sort(key=lambda p: float(np.linalg.norm(p - tip)))
        for p in spots:
            if conflicts(box_of(key.move_to(p)), segments, boxes, pad=0.1) == 0:
                return key
        key.move_to(spots[0])
        return key
