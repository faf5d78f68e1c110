"""attention_heatmap, the second head's sum (seed 003, "Optional: edit the query, key and value matrices"): the
last row's weights move into the sum's key while the plane of token vectors comes back home (at the first head's
scale throughout); each value arrow, shrunk in place to α′_nj v_j, joins the sum head to tail, to h₂ beside the first head's h₁. Under
the plane, the last row's own scores in both heads: the reason h₂ differs (the asymmetric pair lies in other rows).
The first head's read-out (`x_first`) ends as the 'head 1' line beside h₂. Mixed into
scenes.attention_heatmap.AttentionHeatmap, after scenes.attention.asking's table and weights.
"""
from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, Create, FadeIn, GrowArrow, Indicate, LaggedStart, Line, ReplacementTransform,
                   SurroundingRectangle, Transform, VGroup)

from look import fmt_num
from scenes.attention.arrows import arrow, box_overlap, nearer_other, place_past
from scenes.attention.context import PIECE
from scenes.attention.placing import box_of, conflicts, fit, name_beside, pair_index, piece_color, place_tag, word_indexed
from scenes.attention.cueing import fade_walk
from scenes.attention.strings import tnum
from scenes.attention.table import LABEL, NOTE, READOUT, TEX
from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut

SUM_BOX = (-6.0, -2.35, 1.4, 2.85)  # the head-to-tail sum, where the slots were (right of its pieces' key)
VEC_NAME = 38  # x and x′ on the plane: a lower-case x 3.2 % of the frame height or more
HEADS_LEFT = 2.3  # both heads' x, top right, clear of the plane's 'dim 2' (scenes.attention.mix's column)


class AttentionAskSum:
    """Needs from the scene: d1 (the record), pal, look, s, txt, tex, section, caption, play, shown, the second
    head's table (grid, score_nums, crosses, ask_* from scenes.attention.asking), the plane (plane_values,
    plane_home, plane_ticks: scenes.attention.plane), weight_entry, and token_colors."""

    # 4. the weighted sum, on one plane ----------------------------------------------------------
    def ask_key(self, colors) -> VGroup:
        """The sum's key, right of its plane under the formula: one row per piece α′_nj v_j, in token j's colour, the
        weight as the first head's list gives it (weight_entry) and the value vector it scales."""
        a = self.d1.asking
        n = len(a.tokens)
        key = VGroup(*(VGroup(self.weight_entry("α′", n, k, a.A[-1, k], colors[k]),
                              word_indexed("v", str(k + 1), a.tokens[k], font=self.look.font, font_size=LABEL,
                                      color=colors[k])).arrange(RIGHT, buff=0.35, aligned_edge=DOWN)
                       for k in range(n)))
        key.arrange(DOWN, buff=0.2, aligned_edge=LEFT)
        if key.height > SUM_BOX[3] - SUM_BOX[1]:
            key.scale_to_fit_height(SUM_BOX[3] - SUM_BOX[1])
        return key.move_to([-6.2 + key.width / 2, (SUM_BOX[1] + SUM_BOX[3]) / 2, 0])

    def row_scores(self, colors, top: float) -> VGroup:
        """Why x′ differs: the last row's scores in both heads, one row per key (its word in its colour), the
        first head's column beside the second's, at 4 decimals, at a note's size, from `top` down; built, not
        shown."""
        d1, pal = self.d1, self.pal
        a = d1.asking
        n = len(a.tokens)
        cells = [self.tex(rf"z_{{{n}j}}", size=TEX + 4, color=pal.ink),
                 self.txt(self.s("head_1"), size=NOTE, color=pal.ink), self.txt(self.s("head_2"), size=NOTE, color=pal.accent)]
        for k in range(n):
            cells += [self.txt(a.tokens[k], size=NOTE, color=colors[k]),
                      self.txt(fmt_num(d1.scores[-1, k], 4), size=NOTE, color=pal.ink),
                      self.txt(fmt_num(a.scores[-1, k], 4), size=NOTE, color=pal.accent)]
        grid = VGroup(*cells).arrange_in_grid(rows=n + 1, cols=3, buff=(0.4, 0.1), cell_alignment=RIGHT)
        room = top - SUM_BOX[1]
        if grid.height > room:  # a long lesson: smaller, never off the frame
            grid.scale_to_fit_height(room)
        return grid.move_to([SUM_BOX[0] + grid.width / 2, top - grid.height / 2, 0])

    def ask_sum(self):
        """The second head's sum at the first head's scale: its value vectors drawn faint from the origin, each
        shrunk to α′_nj v_j as its weight is lit, then moved head to tail; x′ beside x; the last row's scores
        in both heads under the plane (the reason x′ differs)."""
        d1, pal = self.d1, self.pal
        a = d1.asking
        n = len(a.tokens)
        colors = self.token_colors(n)  # token j's colour, as in the first head
        starts = np.vstack([np.zeros(2), np.cumsum(a.terms, axis=0)])  # (n+1, 2)
        pts = np.vstack([starts, d1.x, a.V.T])  # (m, 2): the chain, x and the value vectors themselves
        lo2, hi2 = np.minimum(pts.min(axis=0), 0) - 0.1, np.maximum(pts.max(axis=0), 0) + 0.1  # axes' ends
        # the first head's plane where it stood, when this head's points fit the frame there; else one as large
        origin, scale = self.plot_origin, self.plot_scale
        ends = origin[:2] + scale * np.vstack([lo2, hi2])
        home = True  # the plane the first head drew, back in its place: its axes, numbers and value arrows
        if ends[:, 0].min() < -6.2 or ends[:, 0].max() > 6.2 or ends[:, 1].min() < SUM_BOX[1] or ends[:, 1].max() > 0.9:
            box = (-0.5, SUM_BOX[1], 6.2, 0.5)  # the right part under both heads' x, as the first head's plane
            origin, scale = fit(np.vstack([pts, lo2, hi2]), box, self.plot_scale)  # at most the first head's scale
            home = False  # the points leave the frame there: a plane of its own
        self.section("ask_sum", self.s("cap_ask_sum"),
                     keep=[self.table_view(), self.ask_boxes, self.ask_pair_lines, self.crosses, self.ask_sums,
                           self.x_first, self.head_tag, self.plane])
        at = lambda p: origin + scale * np.array([p[0], p[1], 0.0])  # noqa: E731
        axes = VGroup(Line(at((lo2[0], 0)), at((hi2[0], 0)), stroke_color=pal.muted, stroke_width=2),
                      Line(at((0, lo2[1])), at((0, hi2[1])), stroke_color=pal.muted, stroke_width=2))
        if home:  # token k's own arrow on the plane (a repeated word's copies share one)
            faint = [next(drawn for v, drawn, _ in self.plane_values if np.allclose(v, a.V[:, k])) for k in range(n)]
            axes = self.plane_axes
        else:
            faint = VGroup(*(arrow(at((0, 0)), at(a.V[:, k]), pal.muted, width=3, tip=0.12) for k in range(n)))
        drawn = [float(np.linalg.norm(at(a.V[:, k]) - at((0, 0)))) / max(np.linalg.norm(a.V[:, k]), 1e-9)
                 for k in range(n)]
        self.shown.update({"value_scales": ",".join(f"{v:.4f}" for v in drawn), "value_common_scale": round(float(scale), 4),
                           "first_plot_scale": round(float(self.plot_scale), 4)})
        # the sum is made on the plane as it stands: each value arrow shrinks to its piece α′_nj v_j in place, and
        # h₁ keeps the length it had in the first head
        paint = [piece_color(c, pal) for c in colors]  # never ink-dark: a piece reads apart from black
        shrunk = VGroup(*(arrow(at((0, 0)), at(a.terms[k]), paint[k], width=PIECE, tip=0.3) for k in range(n)))
        chain = VGroup(*(arrow(at(starts[k]), at(starts[k + 1]), paint[k], width=PIECE, tip=0.3) for k in range(n)))
        final = arrow(at((0, 0)), at(a.x), pal.accent, width=6, tip=0.1)
        before = arrow(at((0, 0)), at(d1.x), pal.muted, width=6, tip=0.1)
        names = VGroup(self.head_name(2, size=VEC_NAME, color=pal.accent), self.head_name(1, size=VEC_NAME, color=pal.muted))
        for name, tip in zip(names, (a.x, d1.x)):  # each head's arrow named past its tip
            place_past(name, at((0, 0)), at(tip))
        # the plane's marks as in the first head's: dimension names and halves
        segs = [(at(p)[:2], at(q)[:2]) for p, q in (((0, lo2[1]), (0, hi2[1])), ((0, 0), a.x), ((0, 0), d1.x),
                                                   *((starts[k], starts[k + 1]) for k in range(n)),
                                                   *(((0, 0), a.V[:, k]) for k in range(n)),
                                                   (d1.x, a.x), ((0, 0), d1.layer_out))]  # and the mix's x–x′, o
        # left, where the table was: the formula and its key; top right, as in the first head: both heads' x
        formula = self.tex(r"h_2 = \sum_{\textstyle j} \alpha'_{\textstyle " + str(n) + r"j}\, v_{\textstyle j}", size=TEX, color=pal.accent)
        formula.move_to([-6.2 + formula.width / 2, SUM_BOX[3] - formula.height / 2, 0])
        scores = self.row_scores(colors, formula.get_bottom()[1] - 0.3)  # the key's place, once the key is gone
        taken = [box_of(m) for m in names] + [box_of(scores)]
        if home:
            ticks = self.plane_ticks
        else:
            ticks = self.dim_labels(at, hi2, taken)
            tick_values: list = []
            for axis in (0, 1):
                ticks.add(*self.axis_ticks(at, scale, (lo2[axis], hi2[axis]), segs, taken, axis=axis, unit=0.5,
                                           values=tick_values))
            self.shown["sum_plane_ticks"] = ",".join(f"{v:g}" for v in sorted(set(tick_values)))
        # the read-out column: how x′ is made (the key under it while the pieces join), then both heads' x
        now = VGroup(self.txt(self.s("x_now", r=n), size=LABEL, color=pal.accent),
                     self.tex(rf"h_2 = ({tnum(a.x[0])},\ {tnum(a.x[1])})", size=READOUT, color=pal.accent))
        now.arrange(DOWN, buff=0.1, aligned_edge=LEFT)
        first = self.x_first.copy()
        first[0].scale(now[0].height / max(first[0].height, 1e-9))  # both heads' names at one size, h₁ as big as h₂
        first[1].scale(now[1].height / max(first[1].height, 1e-9))
        first.arrange(DOWN, buff=0.1, aligned_edge=LEFT)
        heads = VGroup(first, now).arrange(DOWN, buff=0.1, aligned_edge=LEFT)  # name over value: narrow
        room = 6.2 - HEADS_LEFT
        if heads.width > room:
            heads.scale_to_fit_width(room)
        heads.move_to([HEADS_LEFT + heads.width / 2, SUM_BOX[3] - heads.height / 2, 0])
        readout = VGroup(formula, *heads)
        # on screen as the cue says it: this toy's heads share their value vectors (a real head has its own)
        note = self.txt(self.s("same_values"), size=NOTE, color=pal.ink)
        key = self.ask_key(colors).next_to(formula, DOWN, buff=0.2).align_to(formula, LEFT)
        if np.array_equal(a.V, d1.V):  # under the key, which lists those vectors; it leaves with the key
            note.next_to(key, DOWN, buff=0.3).align_to(key, LEFT)
        else:
            note = VGroup()
        # with the cue: the table goes; its last row's weights move into the key, the plane and v_j come
        row = [self.score_nums[n - 1][k] for k in range(n)]  # now showing the weights
        keep_out = VGroup(*(self.score_nums[r][c] for r in range(n - 1) for c in range(n) if not a.mask[r, c]))
        table = VGroup(self.grid, self.col_labels, self.row_labels, self.keys_label, self.queries_label,
                       self.table_name, self.crosses, self.ask_sums, self.ask_boxes, self.ask_pair_lines, keep_out,
                       self.head_tag)
        self.bring_to_front(*row)  # the weights stay above the fading table
        self.shown["rule_row"] = self.shown["rule_row_1"] = ""  # both heads' rules leave with the table
        self.play(QuickFadeOut(table), Transform(self.x_first, readout[1]),  # x to where the first head had it
                  *(m.animate.set_color(colors[k]) for k, m in enumerate(row)), run_time=0.5)
        self.play(*(ReplacementTransform(row[k], key[k][0][3]) for k in range(n)),
                  *(QuickFadeIn(VGroup(*key[k][0][:3], key[k][1])) for k in range(n)), QuickFadeIn(readout[0]),
                  QuickFadeIn(note),
                  *([] if home else [Create(axes), QuickFadeIn(ticks), Create(faint)]),
                  run_time=0.9)
        if home:  # the plane back home once the row has left, its arrows named as the cue speaks of the v_j
            self.play(*self.plane_home_anims(), run_time=0.8)
        self.shown["plane_scale"] = round(float(scale), 4)
        self.shown["values_note"] = "same" if len(note) else ""
        self.shown["showing"] = "asking,terms"
        self.until_next_cue(last=True)  # the scaling comes with the cue that says so
        if home:  # the sum on the plane as it stands: the value arrows' and the axes' names step out of its way
            self.play(QuickFadeOut(ticks), *(QuickFadeOut(lab) for _, _, lab in self.plane_values), run_time=0.5)
        self.play(GrowArrow(before), QuickFadeIn(names[1]), run_time=0.6)  # head 1's x first: x′'s pieces add up beside it
        # the note under the key keeps 0.3 clear at its right: a piece's name never reads as its next word
        tags, tag_taken = [], [box_of(key), *([np.add(box_of(note), (0, 0, 0.3, 0))] if len(note) else []), box_of(readout[1]), box_of(readout[2]), *map(box_of, names)]
        tag_taken += [(p[0] - 0.22, p[1] - 0.22, p[0] + 0.22, p[1] + 0.22) for p in (at(a.x), at(d1.x))]  # x′, x tips clear
        tag_segments = [(at(starts[k])[:2], at(starts[k + 1])[:2]) for k in range(n)] + [
            (at((0, 0))[:2], at(a.x)[:2]), (at((0, 0))[:2], at(d1.x)[:2])]
        # the axes as drawn while the pieces join: no name on them
        tag_segments += [(at((lo2[0], 0))[:2], at((hi2[0], 0))[:2]), (at((0, lo2[1]))[:2], at((0, hi2[1]))[:2])]
        if home:  # the plane's own value arrows stay under the sum: no piece's name on them either
            tag_segments += [(at((0, 0))[:2], at(a.V[:, k])[:2]) for k in range(n)]
        for k in range(n):  # each weight lit as α′_nj v_j grows, then joins the chain, named by weight and word
            lit = SurroundingRectangle(key[k], buff=0.16, color=colors[k], stroke_width=4)  # clear of every glyph
            grow = ReplacementTransform(faint[k].copy(), shrunk[k])
            # the frame fades in whole: drawn round, it starts as a lone dash beside the word's ')'
            self.play(QuickFadeIn(lit), grow, faint[k].animate.set_stroke(opacity=0.35), run_time=0.6)
            tag = word_indexed("α′", pair_index(n, k + 1), a.tokens[k], font=self.look.font, font_size=LABEL, color=paint[k])
            # a piece too small for its name beside it goes unnamed: its weight is in the key, lit as it joins
            tag = place_tag(tag, at(starts[k]), at(starts[k + 1]), at(a.x), at((0, 0)), tag_taken,
                            tag_segments, optional=True)
            tags += [tag] if tag is not None else []
            self.play(Transform(shrunk[k], chain[k]), QuickFadeOut(lit), *([QuickFadeIn(tag)] if tag is not None else []),
                      run_time=0.5)
            self.shown["terms_added"] = k + 1
        bold, gone = shrunk, ([] if home else [QuickFadeOut(faint)])  # the plane's own arrows stay, faint, under the sum
        self.play(*gone, GrowArrow(final), QuickFadeIn(names[0]), run_time=0.8)
        self.shown["sum_tags"] = len(tags)
        # the pieces' names give way to x and x′'s and the scores under the plane
        self.play(QuickFadeOut(VGroup(*tags)), FadeIn(readout[2]), *([QuickFadeIn(ticks)] if home else []),
                  run_time=0.3)  # h₂ named, as h₁ is, once clear; the axes named again
        # the key makes room for both heads' x; the last row's scores in both heads come under the plane
        # and, the key gone, the value arrows on the plane get their names back (those clear of x and x′'s)
        xx = [(at(d1.x)[:2], at(a.x)[:2])]  # the mix's dashed x–x′ segment comes here later: no name under it
        clear = lambda m: (not any(box_overlap(box_of(m), box_of(o)) for o in names)  # noqa: E731
                           and conflicts(box_of(m), xx, []) == 0)
        labs = VGroup()  # every value arrow keeps its name: where its place is taken, beside the arrow where it is clear
        others = [box_of(m) for m in (*names, readout[0], readout[2], *self.x_first, *(ticks if home else []))]
        ok = lambda m: clear(m) and conflicts(box_of(m), segs, others, pad=0.12) == 0  # noqa: E731  on no arrow, no name
        moving = []
        tips = [drawn.get_end() for _, drawn, _ in self.plane_values]
        for v, drawn, lab in self.plane_values if home else []:  # first those whose own place is free, then the rest
            if ok(lab) and not nearer_other(box_of(lab), drawn.get_end(), tips):
                others.append(box_of(lab))
                labs.add(lab.set_opacity(0.7))
            else:
                moving.append((drawn, lab))
        for drawn, lab in moving:  # read at its own tip: never nearer another arrow's
            if name_beside(lab, drawn, lambda m, t=drawn.get_end(): ok(m) and not nearer_other(box_of(m), t, tips)):
                others.append(box_of(lab))
                labs.add(lab.set_opacity(0.7))
        self.value_names_seen(labs)
        self.play(QuickFadeOut(key), QuickFadeOut(note), QuickFadeOut(readout[0]), run_time=0.3)  # the sum's formula with its key
        self.play(QuickFadeIn(labs), run_time=0.8)
        self.shown["asking_x"] = f"{a.x[0]:.6f},{a.x[1]:.6f}"
        self.ask_view = VGroup(axes, ticks, bold, final, before, names, readout[2], self.x_first,
                               *(drawn for _, drawn, _ in self.plane_values if home), labs)
        self.ask_final, self.ask_readout = final, VGroup(self.x_first, readout[2])
        self.ask_chain, self.ask_before = bold, before
        self.ask_at, self.ask_formula, self.ask_scores = at, VGroup(scores), scores

    # 5. x′ beside x, and why they differ ----------------------------------------------------------
    def ask_summary(self):
        """x′ with its cue: the scaled value vectors light up one by one along the chain, then x′ and its
        read-out; with the next cue, the last row's scores in both heads (the reason), a frame walking down them key
        by key while the cue is read."""
        d1, pal = self.d1, self.pal
        a = d1.asking
        self.section("ask_summary", self.s("cap_ask_summary", y1=fmt_num(a.x[0], 4), y2=fmt_num(a.x[1], 4)),
                     keep=[self.ask_view])
        colors = self.token_colors(len(a.tokens))  # each piece keeps its token's colour as it lights up
        lit = (Indicate(m, color=colors[k], scale_factor=1.08) for k, m in enumerate(self.ask_chain))
        self.play(LaggedStart(*lit, lag_ratio=0.35), run_time=1.8)
        self.play(Indicate(self.ask_final, color=pal.ink, scale_factor=1.0),  # in place: never past the origin
                  Indicate(self.ask_readout[1], color=pal.accent), run_time=1.0)
        read_with(self, self.ask_readout[1])
        # why x′ differs: the last row's own scores, first head over second, come with the cue that says so
        self.caption(self.s("cap_ask_why", r=len(a.tokens)), with_=[FadeIn(self.ask_scores, shift=0.1 * UP)],
                     run_time=0.8, shown={"row_scores": ";".join(",".join(f"{v:.6f}" for v in row)
                                                                 for row in (d1.scores[-1], a.scores[-1]))})
        self.ask_view.add(self.ask_scores)
        # a frame walks down the rows, key by key (head 1's score beside head 2's), then the two outputs are lit
        n = len(a.tokens)
        fade_walk(self, *(VGroup(*self.ask_scores[3 * k:3 * k + 3]) for k in range(1, n + 1)), step=0.7, tail=1.0)
