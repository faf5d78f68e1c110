"""attention_heatmap, the switch to the second head (seed 003, "Optional: edit the query, key and value
matrices"): head 1's h₁ and the second head's W_Q and W_K (the record's A_Q, A_K) at the top right, while the
first head's plane (scenes.attention.plane) parks small beside head 1's table under one name. As the cue names q
and k, head 1's table steps out and the plane moves onto the stage it leaves, full size (at up to head 1's own
scale), its value arrows dimmed, a key beside it (a solid arrow is q, a dashed one k). q and k of one pair of words
grow out of each word's own arrow in the word's colour, each named with its word in brackets ("q₂ (cat)") at the
first place along its arrow that touches no other name, line or arc; the angle between the asker's q and the
answerer's k is marked, and the pair's two scores are written out under the matrices as q·k/√2. Then the table
comes back and turns into the second head's: its grid and labels widen to the signed scores' cells as the first
head's weights leave, the corner's 'head 1' turning into 'head 2' with them (never weights and scores at once;
`carry_table`); then each of the second head's scores comes into its own cell, row by row, the pair's two framed
in the colours of the pair's lines. Mixed into scenes.attention_heatmap.AttentionHeatmap, before
scenes.attention.asking's table.
"""
from __future__ import annotations

import numpy as np
from manim import (
    DL, DOWN, DR, LEFT, ORIGIN, RIGHT, UL, UP, UR, Arc, Create, FadeIn, FadeTransform, GrowArrow, Indicate, LaggedStart,
    ReplacementTransform, SurroundingRectangle, TransformFromCopy, VGroup, smooth,
)

from look.colour import legible
from scenes.attention.plane import DIM
from scenes.attention.arrows import arrow, dashed
from scenes.attention.placing import box_of, conflicts, fit
from scenes.attention.strings import pmatrix, short, tnum
from scenes.attention.table import LABEL, NOTE, READOUT, TEX, WORDS
from scenes.parts.cues import cues
from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut
from scenes.attention.placing import word_indexed

RIGHT_EDGE, TOP_ROW, PLANE_BOTTOM = 6.2, 2.72, -2.35  # the right part: x row, matrices, plane


class AttentionPair:
    """Needs from the scene: d1 (the record), pal, s, txt, tex, section, caption, play, shown, the
    context section's table (context_table, context_ghost, context_last, context_view, context_readout)
    and, for `carry_table`, the second head's freshly built table (scenes.attention.table)."""

    def ask_pair_plane(self):
        d1, pal = self.d1, self.pal
        a, (i, j) = d1.asking, d1.asking_pair
        I, J = i + 1, j + 1
        self.section("asking", self.s("cap_ask"), keep=[self.context_view])
        table = VGroup(self.context_table, self.context_ghost)
        left_x = max(0.9, table.get_right()[0] + 0.4)  # the right part starts past the table
        # the first head's h₁ at the top right, its name over it, set as the h₂ read-out will be
        ro, was = self.context_readout, self.txt(self.s("x_was", r=len(self.d1.tokens)), size=WORDS, color=pal.ink)
        x_text = self.tex(rf"h_1 = ({tnum(d1.x[0])},\ {tnum(d1.x[1])})", size=READOUT, color=pal.ink)
        first = VGroup(was, x_text).arrange(DOWN, buff=0.08, aligned_edge=LEFT)  # clear of the column labels
        first.move_to([RIGHT_EDGE - first.width / 2, TOP_ROW + 0.2 - first.height / 2, 0])
        mats = self.tex(rf"W_{{\textstyle Q}} = {pmatrix(a.A_Q)},\; W_{{\textstyle K}} = {pmatrix(a.A_K)}", size=TEX)
        room = RIGHT_EDGE - table.get_right()[0] - 0.15  # at full size where it fits beside the table
        if mats.width > room:  # one matrix a line: digits kept at full size
            mats = self.tex(rf"W_{{\textstyle Q}} &= {pmatrix(a.A_Q)}\\ W_{{\textstyle K}} &= {pmatrix(a.A_K)}", size=TEX)
        if mats.width > room:
            mats.scale_to_fit_width(room)
        mats.next_to(first, DOWN, buff=0.25).set_x(min((left_x + RIGHT_EDGE) / 2, RIGHT_EDGE - mats.width / 2))
        legend = self.qk_legend()
        box = (left_x, PLANE_BOTTOM, RIGHT_EDGE, mats.get_bottom()[1] - 0.2)
        # the plane: q (solid) and k (dashed) of the two words, each word in its token colour
        tc = self.token_colors(len(a.tokens))
        vecs = [(("q", str(I), a.tokens[i]), a.Q[:, i], tc[i]), (("k", str(I), a.tokens[i]), a.K[:, i], tc[i]),
                (("q", str(J), a.tokens[j]), a.Q[:, j], tc[j]), (("k", str(J), a.tokens[j]), a.K[:, j], tc[j])]
        # first parked small under the matrices beside head 1's table (the value vectors, the words), then, for q
        # and k, given the stage left of the matrices at up to head 1's own scale (the table steps out meanwhile)
        values = [v for v, _, _ in self.plane_values]
        pts = np.array([v for _, v, _ in vecs] + values)  # (m, 2)
        lo, hi = np.minimum(pts.min(axis=0), 0) - 0.3, np.maximum(pts.max(axis=0), 0) + 0.3
        # parked, it holds only the value vectors (q and k come on the stage): as large as the room under the
        # matrices allows, its name over it (two lines of a note) kept in that room
        vals = np.array(values)  # (m, 2)
        small_lo, small_hi = np.minimum(vals.min(axis=0), 0) - 0.3, np.maximum(vals.max(axis=0), 0) + 0.3
        name_w = self.txt(self.s("plane_words"), size=NOTE).width + 0.4  # its name beside it, left of its axis
        origin, scale = fit(np.vstack([vals, small_lo, small_hi]),
                            (box[0] + name_w, box[1] + 0.15, box[2] - 0.1, box[3] - 0.1), 2.0)
        at = lambda v: origin + scale * np.array([v[0], v[1], 0.0])  # noqa: E731
        # the key to the arrows left of h₁ and the matrices; the pair's two scores under the matrices, one line each
        legend.move_to([min(first.get_left()[0], mats.get_left()[0]) - 0.4 - legend.width / 2,
                        TOP_ROW - legend.height / 2, 0])
        pair = self.pair_lines(a, (i, j), tc)
        if pair.width > RIGHT_EDGE + 2.1:  # a long lesson's numbers: never into the plane's room
            pair.scale_to_fit_width(RIGHT_EDGE + 2.1)
        pair.move_to([RIGHT_EDGE - pair.width / 2, mats.get_bottom()[1] - 0.2 - pair.height / 2, 0])
        stage_right = min(legend.get_left()[0], pair.get_left()[0]) - 0.6
        big_origin, big_scale = fit(pts, (-5.9, PLANE_BOTTOM + 0.45, stage_right - 0.9, TOP_ROW - 0.1), self.plot_scale)
        big = self.plane_at(big_origin, big_scale)
        segments = [(big(p)[:2], big(q)[:2]) for p, q in (((lo[0], 0), (hi[0], 0)), ((0, lo[1]), (0, hi[1])))]
        segments += [(big((0, 0))[:2], big(v)[:2]) for v in [v for _, v, _ in vecs] + values]
        # the angle between the asker's q and the answerer's k, one arc for each pair, in its z line's colour
        arcs = VGroup(*(self.angle_arc(big, a.Q[:, r], a.K[:, c], line.get_color(), radius)
                        for (r, c), line, radius in zip(((i, j), (j, i)), pair, (0.45, 0.75))))
        for arc in arcs:  # a name keeps off the arcs too: each as a chain of short chords
            pts = [arc.point_from_proportion(t)[:2] for t in np.linspace(0, 1, 9)]
            segments += list(zip(pts[:-1], pts[1:]))
        arrows, labels = VGroup(), VGroup()
        taken = [box_of(legend), box_of(mats), box_of(pair), box_of(first)]
        for name, v, color in vecs:
            drawn = arrow(big((0, 0)), big(v), color, width=6, tip=0.12)
            arrows.add(dashed(drawn) if name[0] == "k" else drawn)
            label = word_indexed(*name, font=self.look.font, font_size=LABEL, color=color)
            self.place_qk_label(label, big, v, segments, taken)
            taken.append(box_of(label))
            labels.add(label)
        # the table named as the first head's, in its empty corner over the row labels
        tag = self.txt(self.s("head_1"), size=LABEL, color=pal.ink)
        tag.move_to([self.context_table[3].get_right()[0] - tag.width / 2, self.context_table[2].get_y(), 0])
        # the first head's plane and weights go; its table and x stay; this head's matrices come
        kept = (ro, self.context_table, self.context_ghost, *self.plane)  # the plane stays: the same words
        rest = VGroup(*(m for m in self.context_view if m not in kept))
        self.play(QuickFadeOut(rest), FadeTransform(ro, x_text, stretch=False), QuickFadeIn(was),
                  *self.new_title("title_heads"), run_time=0.8)  # no glyph morph; the title names the second part
        self.title_done()
        self.x_first = VGroup(was, x_text)
        # out, to make room for q and k: the arrows' names cannot shrink with it, so one name over the small plane
        # says what its arrows are until q and k come
        heading = self.plane_name(at, values, small_lo, small_hi, [box_of(m) for m in (table, mats, first)],
                                  mats.get_bottom()[1] - 0.1)
        self.play(*self.plane_to(origin, scale, small_lo, small_hi, heading=heading), run_time=1.0)
        self.shown["plane_scale"] = round(float(scale), 4)
        self.play(QuickFadeIn(mats), run_time=0.6)
        said = cues(self.s("cap_ask"), self.look.lang)
        if len(said) > 2:  # "head 1's x stays in view" as a cue of its own
            self.until_next_cue()
        self.play(QuickFadeIn(tag), Indicate(self.x_first, color=pal.ink), run_time=1.0)  # its x and its table named
        self.until_next_cue(last=True)  # q and k come with the cue that names them
        # head 1's table steps out first (it comes back as this head's table fills), then the plane moves onto the
        # stage it leaves, at up to head 1's scale, with the key to its arrows
        self.play(QuickFadeOut(VGroup(table, tag)), *self.plane_heading_off(), run_time=0.4)
        self.play(*self.plane_to(big_origin, big_scale, lo, hi, dim=True), run_time=1.0)
        self.play(QuickFadeIn(legend), run_time=0.4)
        self.shown["plane_scale"] = round(float(big_scale), 4)
        sources = {j: drawn for v, drawn, _ in self.plane_values for j in range(len(a.tokens))
                   if np.allclose(a.V[:, j], v)}  # each word's own arrow on the plane
        from_word = np.allclose(a.V, a.E)  # the arrows on the plane are the words themselves (A_V = I)
        for k, w in ((0, i), (2, j)):  # each word: its question and its answer, out of the word's own arrow
            grow = ([TransformFromCopy(sources[w], arrows[k]), TransformFromCopy(sources[w], arrows[k + 1])]
                    if from_word and w in sources else [GrowArrow(arrows[k]), Create(arrows[k + 1])])
            if w in sources:  # the word's arrow lit in its colour, then its q and k come out of it
                self.play(Indicate(sources[w], color=tc[w], scale_factor=1.0), run_time=0.4)
            self.play(*grow, QuickFadeIn(labels[k]), QuickFadeIn(labels[k + 1]), run_time=0.9)
        self.shown["showing"] = "asking,q,k"
        own = {id(m): c for m, (_, _, c) in zip(arrows, vecs)}
        read_with(self, *arrows, color=lambda m: own[id(m)])  # each lit in its own colour, as its label
        # each score comes whole (not glyph by glyph), just before the cue that states it: z_ij, then, as its cue
        # ends, the swapped z_ji (with one cue for both, both at once)
        said, lines = cues(self.s("cap_ask_pair", **self.ask_words), self.look.lang), pair
        self.play(FadeIn(pair if len(said) < 2 else lines[0], shift=0.1 * RIGHT),
                  *(Create(arc) for arc in (arcs if len(said) < 2 else arcs[:1])), run_time=0.5)
        self.caption(self.s("cap_ask_pair", **self.ask_words), run_time=0.3,
                     shown={"pair": f"z[{i + 1},{j + 1}]={a.scores[i, j]:.6f};z[{j + 1},{i + 1}]={a.scores[j, i]:.6f}"})
        if len(said) >= 2:
            if self.cue_left() > 1.6:
                self.play(Indicate(lines[0], color=pal.accent, scale_factor=1.0), run_time=1.0)
            if self.cue_left() > 0.45:
                self.wait(self.cue_left() - 0.4)
            self.play(FadeIn(lines[1], shift=0.1 * RIGHT), Create(arcs[1]), run_time=0.4)
            self.until_next_cue()  # "swap the roles" with the line it reads
            read_with(self, lines[1])
        else:
            read_with(self, lines[0], lines[1])
        self.ask_plane, self.ask_left, self.ask_pair_lines = VGroup(arrows, labels, legend, arcs), mats, pair
        self.first_table, self.head_tag = table, tag

    @staticmethod
    def place_qk_label(label, big, v, segments, taken) -> None:
        """A q or k name beside its arrow (`big` the plane's map, `v` the vector): at each distance out, at the tip
        first, then at points back along the arrow (a short q and k of one word lie close together), on each side;
        the first place touching no name nor line, clear of the axes by a margin, else the first touching no name,
        else the one touching least (another name counts far more than a line)."""
        u = np.array([v[0], v[1], 0.0]) / max(np.linalg.norm(v), 1e-9)
        normal = np.array([-u[1], u[0], 0.0])
        sides = (u, UP, DOWN, LEFT, RIGHT, UR, UL, DR, DL, normal, -normal)
        tries = [(f, side, buff) for buff in (0.1, 0.3, 0.5, 0.75, 1.0, 1.3) for f in (1.0, 0.75, 0.5) for side in sides]
        best, best_cost = None, None
        for f, side, buff in tries:
            b = box_of(label.next_to(big(f * np.asarray(v, float)), side, buff=buff))
            names, lines = conflicts(b, [], taken), conflicts(b, segments, [])
            if names == 0 and lines == 0 and conflicts(b, segments, [], pad=0.12) == 0:
                return  # the first clear place: the label stays here
            cost = 10 * names + lines
            if best_cost is None or cost < best_cost:
                best, best_cost = (f, side, buff), cost
        f, side, buff = best
        label.next_to(big(f * np.asarray(v, float)), side, buff=buff)

    def pair_lines(self, a, ij, tc) -> VGroup:
        """The pair's two scores, each written out as its query's and key's dot product over √2 (the asker's
        z_ij, then the swapped z_ji), in the asker's hue; name and sum on one line, or two where it is too wide."""
        i, j = ij
        pal, lines = self.pal, VGroup()
        part = lambda v: short(v) if v >= 0 else f"({short(v)})"  # noqa: E731
        for r, c in ((i, j), (j, i)):
            q, k = a.Q[:, r], a.K[:, c]
            dot = " + ".join(rf"{part(x)}\cdot {part(y)}" for x, y in zip(q, k))
            head = rf"z_{{{r + 1},{c + 1}}} = q_{{{r + 1}}}^{{\top}} k_{{{c + 1}}} / \sqrt{{2}}"
            tail = rf"({dot}) / \sqrt{{2}} = {tnum(a.scores[r, c])}"
            color = legible(tc[r], pal.background, pal.ink)  # the word's hue, light enough to read
            lines.add(self.tex(rf"{head} = {tail}", size=TEX, color=color))
        return lines.arrange(DOWN, buff=0.2, aligned_edge=LEFT)

    def angle_arc(self, at, q, k, color, radius: float):
        """The angle between q and k at the origin of the plane mapped by `at`, as an arc of `radius` (the smaller way
        round; two arcs at one origin get two radii)."""
        aq, ak = np.arctan2(q[1], q[0]), np.arctan2(k[1], k[0])
        start, sweep = ak, (aq - ak + np.pi) % (2 * np.pi) - np.pi  # from k to q, the short way
        return Arc(radius=radius, start_angle=start, angle=sweep, arc_center=at((0, 0)),
                   color=color, stroke_width=5)

    def plane_name(self, at, values, lo, hi, taken, ceiling: float):
        """'The words' vectors' beside the shrunk plane (`at` its map): left of its vertical axis at its middle, else
        over its highest value arrow or under its origin, right of its vertical axis first, where it crosses no axis or arrow, touches none of `taken` and
        stays under `ceiling` and inside the frame; None where no such place is."""
        heading = self.txt(self.s("plane_words"), size=NOTE, color=self.pal.ink)
        w, h = heading.width, heading.height
        segs = [(at(p)[:2], at(q)[:2]) for p, q in (((lo[0], 0), (hi[0], 0)), ((0, lo[1]), (0, hi[1])))]
        segs += [(at((0, 0))[:2], at(v)[:2]) for v in values]
        ax, low = at((0, 0))[:2]
        top = at((0, max(max(v[1] for v in values), 0)))[1]
        spots = [(ax - 0.2 - w / 2, (top + low) / 2)]  # left of the vertical axis, level with the plane's middle
        spots += [(x, y) for y in (top + 0.3 + h / 2, low - 0.2 - h / 2, top + 0.15 + h / 2)
                  for x in (ax + 0.15 + w / 2, ax - 0.15 - w / 2)]
        for x, y in spots:
            heading.move_to([x, y, 0])
            box = box_of(heading)
            if box[3] <= ceiling and box[1] >= PLANE_BOTTOM and box[2] <= RIGHT_EDGE and conflicts(box, segs, taken) == 0:
                return heading
        return None

    def qk_legend(self) -> VGroup:
        """Once, over the plane: a solid arrow is a query q, a dashed one a key k, a faint one a word's own vector e
        (the value arrows, dimmed), one under the other."""
        pal, items = self.pal, VGroup()
        for name, solid in (("q", True), ("k", False), ("e", True)):
            a = arrow(ORIGIN, RIGHT * 0.7, pal.muted if name != "e" else pal.ink, width=4, tip=0.3)
            if name == "e":
                a.set_stroke(opacity=DIM).set_fill(opacity=DIM)
            items.add(VGroup(a if solid else dashed(a), self.txt(self.s("legend_" + name), size=NOTE,
                                                                 color=pal.ink)).arrange(RIGHT, buff=0.12))
        return items.arrange(DOWN, buff=0.15, aligned_edge=LEFT)

    def carry_table(self, pair, *with_, lead: str | None = None, weights_gone: bool = False):
        """The first head's table becomes the second head's: grid and labels move to the new geometry as the first
        head's weights and crosses leave (weights and scores never share the table, not even mid-fade; the corner's name
        changes with them), then each of the second head's scores comes into its own cell, row by row, the pair's two
        cells with the rest, framed in the colours of `pair`'s z lines (lit with them). `with_` plays with the first
        motion; the caption `lead` comes as the fill starts; `weights_gone`: the first head's weights have already
        faded."""
        a = self.d1.asking
        n = len(a.tokens)
        (i, j) = self.d1.asking_pair
        old = self.context_table  # grid, crosses, column labels, row labels, queries label, visible weights
        cells = [(r, c) for r in range(n - 1) for c in range(n) if not a.mask[r, c]]
        olds = dict(zip(cells, old[5:]))
        olds.update({(n - 1, c): m for c, m in enumerate(self.context_ghost)})
        tag = self.txt(self.s("head_2"), size=LABEL, color=self.pal.ink)  # the table named as this head's
        tag.move_to([self.row_labels.get_right()[0] - tag.width / 2, self.col_labels.get_y(), 0])
        fresh = [self.score_nums[r][c] for r in range(n) for c in range(n)]  # row by row, left to right
        first = lambda t: smooth(min(1.0, 2 * t))  # noqa: E731  (the first half of the motion)
        # one motion: head 1's weights and crosses leave in its first half (the old never shows through the new),
        # its heat fading as the grid takes the new geometry; the corner's 'head 1' becomes 'head 2' with them
        self.play(ReplacementTransform(old[0], self.grid), QuickFadeOut(old[1], rate_func=first),
                  QuickFadeOut(self.context_last, rate_func=first),
                  ReplacementTransform(old[2], self.col_labels), ReplacementTransform(old[3], self.row_labels),
                  ReplacementTransform(old[4], self.queries_label), QuickFadeIn(self.keys_label),
                  QuickFadeIn(self.table_name), FadeTransform(self.head_tag, tag, stretch=False),
                  QuickFadeOut(VGroup(*olds.values()), rate_func=first), *with_, run_time=1.0)
        self.head_tag = tag
        self.remove(*olds.values())
        if lead is not None:
            self.caption(lead)
        self.shown["first_head_carried"] = n
        # "the second head's scores fill the table": the grid in place, each score comes into its own cell, row by
        # row (settling from a little above, never crossing another cell), the pair's two cells with the rest
        self.tint = self.score_tint()  # this head's scores' heat, on the same scale as head 1's, under its numbers
        self.add(self.tint)
        self.bring_to_back(self.tint)
        self.score_key = self.score_legend(self.table_name)  # the heat's colours, −max|z| to +max|z|, beside z's formula
        self.play(LaggedStart(*(FadeIn(m, shift=0.12 * DOWN) for m in fresh), lag_ratio=0.12), FadeIn(self.tint),
                  FadeIn(self.score_key), run_time=1.6)
        colors = (self.pal.accent, self.pal.cool)
        boxes = VGroup(*(SurroundingRectangle(self.grid.cell(r, c), buff=0.0, color=color, stroke_width=5)
                         for (r, c), color in zip(((i, j), (j, i)), colors)))
        # the pair's cells framed in their lines' colours, their lines lit with them: the same two values
        self.play(Create(boxes), Indicate(pair[0][0], color=colors[0], scale_factor=1.05),
                  Indicate(pair[1][0], color=colors[1], scale_factor=1.05), run_time=0.8)
        return boxes
