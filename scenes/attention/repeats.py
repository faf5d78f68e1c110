"""attention_heatmap, after the first head's sum (seed 003, "The last position supplies our context vector"): the
steps named in turn (`summary`), then a repeated word (`same_words`): one key and one value, so the last row gives
both copies the same weight and their pieces of x trade places unseen; as queries the causal mask still tells them
apart; a third word that gets the same weight only by chance is named as such, and its key and the repeated
word's, dropped onto the query's line on the plane, meet at one point (the same score). Mixed into
scenes.attention_heatmap.AttentionHeatmap, after scenes.attention.context.
"""
from __future__ import annotations

from collections import Counter

import numpy as np
from manim import (
    DL, DOWN, DR, LEFT, RIGHT, UL, UP, UR, Arrow, Circumscribe, Create, DashedLine, Dot, FadeIn, FadeOut, GrowArrow,
    Indicate, LaggedStart, Line, MathTex, Text,
    ReplacementTransform, SurroundingRectangle, VGroup,
)

from look import fmt_num
from look.formats import subscript
from scenes.attention.strings import tnum, vec2
from scenes.attention.arrows import arrow
from scenes.attention.context import VALUE_DIM
from scenes.attention.table import NOTE, TEX
from scenes.parts.cues import cues
from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut
from scenes.parts.textcache import indexed


def touches(a, b, pad: float = 0.05) -> bool:
    """Whether the boxes of two mobjects overlap (with a margin)."""
    return bool(a.get_left()[0] - pad < b.get_right()[0] and b.get_left()[0] < a.get_right()[0] + pad
                and a.get_bottom()[1] - pad < b.get_top()[1] and b.get_bottom()[1] < a.get_top()[1] + pad)


SAFE_X = 6.3  # a key name stays inside the title-safe area (|x| ≤ 6.4) with a margin
ROOMY = 0.3  # the room a query's name is given from other texts, where there is that much
LIFTS = tuple(0.3 + 0.05 * k for k in range(11))  # its heights over its tip, in scene units
LINK_GAP = 0.35  # a key name farther than this from its arrow's tip is tied to it by a line


class AttentionRepeats:
    """Needs from the scene: d (the record), pal, look, s, tex, section, caption, play, shown, cues_log, and
    what the context section leaves (context_view, context_weights, context_segs, value_marks, …)."""

    def texts_on_screen(self) -> list:
        """Every text drawn now but the captions (words and formulas), whole."""
        caps = {id(m) for c in self.mobjects if id(c) in self._captions for m in c.get_family()}
        return [m for m in self.get_mobject_family_members() if isinstance(m, (Text, MathTex)) and id(m) not in caps]

    def free_spot(self, lab, anchor, blocks, sides=(DR, UR, RIGHT, LEFT, DL, UL, DOWN, UP)) -> None:
        """Put `lab` beside the point `anchor`, on the first side (and distance) where it touches none of `blocks`,
        inside the safe area; where none is free, on the side with the fewest."""
        tries = [(side, buff) for buff in (0.1, 0.3, 0.55, 0.8, 1.05) for side in sides]
        hits = []
        for side, buff in tries:
            lab.next_to(anchor, side, buff=buff)
            lab.shift(LEFT * max(0.0, lab.get_right()[0] - SAFE_X) + RIGHT * max(0.0, -SAFE_X - lab.get_left()[0]))
            hits.append(sum(touches(lab, m, pad=0.05) for m in blocks))
            if not hits[-1]:
                return
        side, buff = tries[int(np.argmin(hits))]
        lab.next_to(anchor, side, buff=buff)
        lab.shift(LEFT * max(0.0, lab.get_right()[0] - SAFE_X) + RIGHT * max(0.0, -SAFE_X - lab.get_left()[0]))

    def key_names(self, ks, drops, away=()) -> list:
        """For the arrows of tokens `ks` (A_K = A_V: each is also the token's key), a name 'k1 = k5 the' in the
        key colour beside its own tip (else beside its shaft, else where the value name stood), placed where no drop line crosses it: a list of
        (value name, key name). The value names in `away` leave while the keys are named: they block nothing."""
        out, toks = [], self.d.tokens
        self.key_links = VGroup()
        for k in ks:
            arrow, v_lab = self.value_marks[k]
            if any(v_lab is old for old, _ in out):
                continue
            js = [j for j, m in self.value_marks.items() if m[1] is v_lab]
            lab = self.value_name(js, toks[js[-1]], letter="k", color=self.pal.cool).move_to(v_lab)
            tip = arrow.get_end()
            others = [m[1] for j, m in self.value_marks.items() if j not in js and not any(m[1] is g for g in away)]
            heads = [Dot(m[0].get_end(), radius=0.16) for m in self.value_marks.values()]  # every arrowhead, its own too
            blocks = [*drops, self.grid, self.context_ghost, *self.crosses, *self.plane_ticks, *others, *(new for _, new in out), *self.context_segs,
                      self.context_final, *self.context_readout, self.context_done, *heads]
            # close to its own arrow first: beside its tip; else beside the arrow's shaft; only then where the value
            # name stood, or farther from the tip: the first place that is free (by the tip, never mistaken for the
            # end of the head-to-tail sum that runs along the shaft), so the name reads as the arrow's own
            shaft = [(arrow.point_from_proportion(f), side, buff) for buff in (0.2, 0.3) for f in (0.5, 0.6, 0.4, 0.7)
                     for side in (LEFT, RIGHT)]
            near = [(tip, side, buff) for buff in (0.1, 0.3) for side in (RIGHT, UP, UR, UL, DR, DL, LEFT)]
            far = [(tip, side, buff) for buff in (0.55, 0.8) for side in (RIGHT, UP, UR, UL, DR, DL, LEFT)]
            tries = near + shaft + [(None, None, 0.0)] + far

            def put(at, side, buff):
                lab.move_to(v_lab) if side is None else lab.next_to(at, side, buff=buff)
                lab.shift(LEFT * max(0.0, lab.get_right()[0] - SAFE_X) + RIGHT * max(0.0, -SAFE_X - lab.get_left()[0]))

            hits = []
            for at, side, buff in tries:
                put(at, side, buff)
                hits.append(sum(touches(lab, m, pad=0.05) for m in blocks))
                if not hits[-1]:
                    break
            else:  # nowhere free: the place with the fewest overlaps
                put(*tries[int(np.argmin(hits))])
            out.append((v_lab, lab))
            # a name that had to sit away from its tip is tied to it by a thin line in the key colour
            lo, hi = lab.get_corner(DL), lab.get_corner(UR)
            near = np.clip(tip, lo, hi)  # the name's point nearest the tip
            gap = float(np.linalg.norm((tip - near)[:2]))
            if gap > LINK_GAP:
                way = (tip - near) / gap
                self.key_links.add(Line(near + 0.06 * way, tip - 0.1 * way, color=self.pal.cool, stroke_width=2.5))
        return out

    def landing_label(self, onto, sources, label=None, avoid=()) -> VGroup:
        """A copy of the weight in `sources` nearest the arrow `onto` (or `label`, set there: the weight named),
        added to the scene, with `target_spot`: beside the arrow (left of it first) where it touches no text (the
        weight it leaves included), stroke, the table or the shapes in `avoid`, and reached on a straight way that
        crosses no text but its own."""
        src = min(sources, key=lambda m: np.linalg.norm(m.get_center() - onto.get_center()))
        lab = VGroup(label.move_to(src.get_center()) if label is not None else src.copy())
        texts = [m for m in self.texts_on_screen() if m is not src and not any(m is f for f in src.get_family())]
        blocks = [*texts, src, *avoid, self.grid, *self.crosses, *self.context_segs, self.context_final,
                  *(a for _, a, _ in self.plane_values), *self.plane_axes]
        probe = lab.copy()

        def way_clear(spot) -> bool:  # sampled along the straight way, the label's box touches no other text
            start = src.get_center()
            for f in np.linspace(0.15, 1.0, 12):
                probe.move_to(start + f * (spot - start))
                if any(touches(probe, m, pad=0.0) for m in texts if not touches(m, src, pad=-0.01)):
                    return False
            return True

        spots = []  # beside the arrow, left of it first, touching nothing there
        for anchor in (onto.point_from_proportion(f) for f in (0.5, 0.7, 0.3, 0.85)):
            for side in (LEFT, UL, DL, RIGHT, UR, DR):
                for buff in (0.12, 0.3, 0.5):
                    probe.next_to(anchor, side, buff=buff)
                    if abs(probe.get_x()) + probe.width / 2 <= SAFE_X and not any(touches(probe, m, pad=0.12) for m in blocks):
                        spots.append(probe.get_center().copy())
        if not spots:  # nothing free beside it: the free places nearest the arrow's middle, on a 0.1 grid
            spots = self.free_spots(probe, blocks, onto.point_from_proportion(0.5))
        best = next((p for p in spots if way_clear(p)), spots[0] if spots else None)
        if best is None:
            best = onto.get_center() + (lab.width / 2 + 0.12) * LEFT
        lab.target_spot = best
        self.add(lab)
        return lab

    @staticmethod
    def free_spots(probe, blocks, near, count: int = 40) -> list:
        """Up to `count` centres for `probe`, nearest `near` first, where its box (0.12 clear) touches none of
        `blocks` and stays inside the title-safe width and above the caption band."""
        w, h, pad = probe.width / 2, probe.height / 2, 0.12
        bb = np.array([(m.get_left()[0], m.get_bottom()[1], m.get_right()[0], m.get_top()[1]) for m in blocks])
        xs, ys = np.meshgrid(np.arange(-SAFE_X + w, SAFE_X - w, 0.1), np.arange(-2.4 + h, 2.9 - h, 0.1))
        c = np.stack([xs.ravel(), ys.ravel()], axis=1)  # (m, 2)
        hit = ((bb[None, :, 0] < c[:, None, 0] + w + pad) & (c[:, None, 0] - w - pad < bb[None, :, 2])
               & (bb[None, :, 1] < c[:, None, 1] + h + pad) & (c[:, None, 1] - h - pad < bb[None, :, 3])).any(axis=1)
        free = c[~hit]
        order = np.argsort(np.hypot(free[:, 0] - near[0], free[:, 1] - near[1]))[:count]
        return [np.array([free[k, 0], free[k, 1], 0.0]) for k in order]

    def summary(self):
        """The steps named in turn as the cue lists them: table, last row's weights, the pieces, x."""
        pal = self.pal
        self.section("summary", self.s("cap_summary", x1=fmt_num(self.d.x[0], 4), x2=fmt_num(self.d.x[1], 4)),
                     keep=[self.context_view])
        # each step lit as the cue names it: the cells, the mask's crosses, the last row, the pieces, x
        steps = [Circumscribe(self.grid, color=pal.accent, buff=0.04),  # the cells only, clear of every label
                 LaggedStart(*(Indicate(x, color=pal.accent, scale_factor=1.15) for x in self.crosses), lag_ratio=0.05),
                 Indicate(self.context_ghost, color=pal.accent, scale_factor=1.0),
                 LaggedStart(*(Indicate(seg, color=seg.get_color(), scale_factor=1.15) for seg in self.context_segs),
                             lag_ratio=0.3),
                 Indicate(VGroup(self.context_final, self.context_readout), color=pal.accent, scale_factor=1.06)]
        # the caption names the steps ("Scores → mask → softmax → weighted sum"); the picture lights each one in
        # turn on what is drawn, with no second copy of the words over the plane
        for step in steps:
            self.play(step, run_time=0.85)
        read_with(self, self.context_final, self.context_done)

    def same_words(self):
        """A repeated word has one vector and no position yet, so its last-row weights are equal. One motion per
        cue: the words boxed, their one value vector lit; the boxes move to the two equal weights, which land
        on that one vector; the two equal pieces of the sum trade places (x does not move); the mask rows."""
        d = self.d
        toks, n, pal = d.tokens, len(d.tokens), self.pal
        w = next((t for t, k in Counter(toks).items() if k > 1), None)
        if w is None:
            return
        a, b = [k for k, t in enumerate(toks) if t == w][:2]
        if fmt_num(self.d.A[-1, a], 4) != fmt_num(self.d.A[-1, b], 4):
            return
        name = lambda k: f"α{subscript(n)}{subscript(k + 1)}"  # noqa: E731
        box = lambda m: SurroundingRectangle(m, buff=0.06, color=pal.accent, stroke_width=4)  # noqa: E731
        words, boxes = (VGroup(*(box(m[k]) for k in (a, b))) for m in (self.col_labels, self.context_weights))
        v = fmt_num(self.d.A[-1, a], 4)
        tied = [k for k in range(n) if toks[k] != w and fmt_num(self.d.A[-1, k], 4) == v]  # equal only by chance
        # why the tie: the last query reads one dimension, and there both embeddings hold the same value
        j = int(np.flatnonzero(d.Q[:, -1])[0]) if np.count_nonzero(d.Q[:, -1]) == 1 else None
        tied = [k for k in tied if j is not None and np.isclose(d.E[j, k], d.E[j, a])]
        tie = self.s("tie", kw=toks[tied[0]], v=v, w=w, kt=vec2(d.K[:, tied[0]]), ka=vec2(d.K[:, a]),
                     q=vec2(d.Q[:, -1]), j=j + 1, c=fmt_num(d.E[j, a], 0)) if tied else ""  # both keys named
        seen = [int((~d.mask[k]).sum()) for k in (a, b)]  # how many positions rows a and b see
        sees = [self.s("sees_self") if k == 1 else self.s("sees_all" if k == n else "sees_first", k=k) for k in seen]
        text = self.s("cap_order", w=w, v=v, r=n, ra=a + 1, rb=b + 1, sa=sees[0], sb=sees[1])
        self.caption(text)
        first, said = len(self.cues_log) - 1, cues(text, self.look.lang)
        flat = lambda t: "".join(t.split())  # noqa: E731
        at = [next((k for k, c in enumerate(said) if flat(p) in flat(c)), len(said) - 1) for p in sees]
        # one key, one value: the two words, then the one value vector both of them point at
        self.play(Create(words), run_time=0.6)
        self.play(Indicate(self.value_marks[a], color=pal.cool, scale_factor=1.1), run_time=1.0)  # not x's colour
        self.until_next_cue()
        # equal weights: the boxes move from the words to their weights in the last row
        self.play(ReplacementTransform(words, boxes), run_time=0.9)
        self.shown["same_weights"] = f"{name(a)}={name(b)}={self.d.A[-1, a]:.6f}"
        self.play(Indicate(boxes, color=pal.accent, scale_factor=1.05), run_time=0.8)
        if len(cues(text, self.look.lang)) > 3:  # 'cannot tell them apart' as a cue of its own
            self.until_next_cue()
        # cannot tell them apart: both weights land on the one value vector; their pieces of x trade places
        # the landing, the trade and x lit (3.3 s at full pace) fit inside this cue, so that the next one ("as
        # queries, the mask tells them apart") starts with its own picture, the rows boxed
        pace = max(0.45, min(1.0, (self.cue_left() - 0.15) / 3.3))
        onto = self.value_marks[a]
        # one label for the one value both weights hold: from the weight nearer the plane, straight to a free spot
        # beside the value arrow (clear of every text and stroke there), never across the table
        # named, "α_na = α_nb = value", so the number on the plane says what it is
        ea, eb = (self.weight_entry("α", n, k, self.d.A[-1, k], self.context_weights[a][-1].get_color()) for k in (a, b))
        eb.next_to(ea[2], RIGHT, buff=0.12).align_to(ea, DOWN)
        lands = self.landing_label(onto[0], [self.context_weights[k][-1] for k in (a, b)], VGroup(*ea[:3], *eb),
                                  avoid=boxes)  # clear of the list's number it leaves and of the boxes round both
        self.play(lands.animate.move_to(lands.target_spot), run_time=0.9 * pace)
        self.play(Indicate(onto, color=pal.cool, scale_factor=1.12), Indicate(lands, scale_factor=1.12), run_time=0.6 * pace)
        segs = self.context_segs
        gap = segs[b].get_start() - segs[a].get_start()
        ghosts = VGroup(segs[a].copy(), segs[b].copy())
        self.add(ghosts)
        self.play(segs[a].animate.set_stroke(opacity=0.25), segs[b].animate.set_stroke(opacity=0.25),
                  ghosts[0].animate.shift(gap), ghosts[1].animate.shift(-gap), run_time=1.2 * pace)
        self.play(Indicate(VGroup(self.context_final, self.context_readout), color=pal.accent, scale_factor=1.06),
                  run_time=0.6 * pace)
        self.to_cue(first + max(at[0] - 1, 0))  # "as queries, the mask tells them apart": the marks go, and the
        # two words' rows are boxed as the cue says it: one row, its visible cells, for each copy as a query
        rows = VGroup(*(SurroundingRectangle(VGroup(*(self.grid.cell(k, c) for c in range(n) if not d.mask[k, c])),
                                             buff=0.03, color=pal.accent, stroke_width=4) for k in (a, b)))
        self.shown["mask_rows"] = f"row {a + 1} sees {seen[0]}; row {b + 1} sees {seen[1]}"
        self.play(FadeOut(ghosts), FadeOut(lands), *(segs[k].animate.set_stroke(opacity=1) for k in (a, b)),
                  QuickFadeOut(boxes), LaggedStart(*(Create(rows[k]) for k in range(2)), lag_ratio=0.5),
                  LaggedStart(*(Indicate(self.row_labels[k], color=pal.accent, scale_factor=1.2) for k in (a, b)),
                              lag_ratio=0.5), run_time=1.2)
        self.to_cue(first + at[0])
        # "row a sees only itself, row b sees all": row a's crosses lit, then row b's pieces
        hidden = VGroup(*(x for x, r in zip(self.crosses, np.nonzero(d.mask)[0]) if r == a))  # row-major
        self.play(LaggedStart(*(Indicate(x, color=pal.accent, scale_factor=1.15) for x in hidden), lag_ratio=0.15),
                  Indicate(self.row_labels[a], color=pal.accent), Indicate(self.value_marks[a], color=pal.cool), run_time=0.9)
        self.play(LaggedStart(*(Indicate(VGroup(self.context_weights[k], segs[k]), color=segs[k].get_color(),
                                         scale_factor=1.08) for k in range(n)), lag_ratio=0.3), run_time=1.4)
        self.until_next_cue(last=True)
        # the rest of word order comes from elsewhere: the boxes go, the two words' positions are lit
        self.play(QuickFadeOut(rows), run_time=0.4)
        self.play(LaggedStart(*(Indicate(self.col_labels[k], color=pal.accent, scale_factor=1.2) for k in (a, b)),
                              lag_ratio=0.5), run_time=1.6)
        self.read_caption()
        if tied:  # the chance tie, with a caption of its own: a different key, the same score
            chance = box(self.context_weights[tied[0]]).set_color(pal.muted)
            self.caption(tie, with_=[Create(chance)], run_time=0.6,
                         shown={"same_weights_tie": f"{name(tied[0])}={self.d.A[-1, tied[0]]:.6f}"})
            self.play(Indicate(self.context_weights[tied[0]], color=pal.muted, scale_factor=1.08), run_time=0.9)
            t = tied[0]
            drawn = np.allclose(d.K, d.V)  # the keys are the arrows on the plane (A_K = A_V)
            q = d.Q[:, -1]  # (2,)
            feet = [(d.K[:, k], float(d.K[:, k] @ q / (q @ q)) * q) for k in (t, a)]  # each key and its foot on q's line
            drops = VGroup(*(DashedLine(self.to_plot(k), self.to_plot(f), color=pal.cool, stroke_width=4, dash_length=0.1)
                             for k, f in feet if drawn and np.linalg.norm(k - f) > 1e-6))
            # the other value arrows' names step aside while the two keys are named: nothing sits on a key's name
            away = list({id(m[1]): m[1] for k, m in self.value_marks.items()
                         if not any(m[1] is self.value_marks[o][1] for o in (t, a))}.values()) if drawn else []
            swaps = self.key_names((t, a), drops, away) if drawn else []  # (value name, key name) for the two arrows
            if not swaps:
                away = []
            # the argument is about two keys: the other arrows step back (dimmed) while it lasts
            idle = list({id(m[0]): m[0] for k, m in self.value_marks.items()
                         if not any(m[0] is self.value_marks[o][0] for o in (t, a))}.values()) if drawn else []
            if swaps:  # the argument is about keys: the two arrows are named as keys while it lasts
                # the value names leave fully before the key names come: never one over the other
                self.play(*(QuickFadeOut(v_lab) for v_lab, _ in swaps), *(QuickFadeOut(lab) for lab in away),
                          *(m.animate.set_opacity(VALUE_DIM) for m in idle), run_time=0.3)
                self.play(*(QuickFadeIn(k_lab) for _, k_lab in swaps), *(Create(link) for link in self.key_links),
                          run_time=0.4)
                self.shown["key_names"] = ",".join(f"k{k + 1}" for k in (t, a))
            # "its key is (2, 1); the key of 'the' is (0, 1)": each key's coordinates written over its name
            coords = VGroup(*(self.txt(vec2(d.K[:, k]), size=NOTE, color=pal.cool) for k in (t, a))) if swaps else VGroup()
            blocks = [*drops, self.grid, self.context_ghost, *self.crosses, *self.plane_ticks,
                      *(m[1] for m in self.value_marks.values() if not any(m[1] is g for g in away)),
                      *(k_lab for _, k_lab in swaps), *self.context_segs, self.context_final, *self.context_readout,
                      self.context_done, *self.context_weights]
            # the two scores come under the last weight with the next cue: a coordinate in their way has been read
            same = self.tex(rf"z_{{{n},{t + 1}}} = z_{{{n},{a + 1}}} = {tnum(d.scores[-1, t])}", size=TEX + 4,
                            color=pal.ink)
            same.next_to(self.context_weights[-1], DOWN, buff=0.15).align_to(self.context_weights[-1], LEFT)
            texts = self.texts_on_screen()
            for c, (_, k_lab), k in zip(coords, swaps, (t, a)):  # under its key's name, else beside its key's tip
                c.next_to(k_lab, DOWN, buff=0.08).align_to(k_lab, LEFT)
                if c.get_right()[0] > SAFE_X or any(touches(c, m, pad=0.05) for m in [*blocks, *texts]
                                                     if m is not k_lab and not any(m is f for f in k_lab.get_family())):
                    self.free_spot(c, self.to_plot(d.K[:, k]), blocks)
                blocks.append(c)
            # the coordinates are on screen from the first frame of the cue that states them, then both keys lit
            lit = drawn and len(cues(tie, self.look.lang)) > 2  # "its key differs from the key of 'the'"
            if lit:
                self.until_next_cue()
            if len(coords):
                self.add(*coords)  # each its own: one may leave before the other
                self.shown["key_coordinates"] = ";".join(f"k{k + 1}={vec2(d.K[:, k])}" for k in (t, a))
            if lit:
                self.play(*(Indicate(k_lab, color=pal.cool, scale_factor=1.1) for _, k_lab in swaps),
                          *(Indicate(self.value_marks[k][0], color=pal.cool, scale_factor=1.0) for k in (t, a)),
                          run_time=1.2)
            # "it scores the same": the two scores under the last weight and, on the plane, each key dropped
            # onto the query's line: both land on one point (the same q·k)
            drops.add(*(Dot(self.to_plot(feet[0][1]), radius=0.07, color=pal.cool) for _ in range(bool(drops))))
            named = {id(k_lab) for _, k_lab in swaps} | {id(v_lab) for v_lab, _ in swaps} | {id(lab) for lab in away}
            crossed = [lab for lab in {id(m[1]): m[1] for m in self.value_marks.values()}.values()
                       if id(lab) not in named and any(touches(lab, line, pad=0.0) for line in drops)]  # others step aside
            # "but the query (0, 1) scores both the same": the query's arrow drawn, named with its coordinates
            query = arrow(self.to_plot(np.zeros(2)), self.to_plot(q), pal.accent, width=8) if drawn else VGroup()
            # q with its index set low at full size, like the key and value names (textcache.indexed)
            q_name = indexed("q", str(n), f"= {vec2(q)}", font=self.look.font, font_size=NOTE, color=pal.accent)
            if drawn:
                # the vertical axis' name (long once it says what dim 2 means) steps aside while the query is named
                axis_name = self.plane_ticks[1]
                crossed.append(axis_name)
                # beside its tip, over the drop lines: of the spots right of and above the tip, the one nearest
                # the tip among those with the most room (up to ROOMY) from every text
                texts = [m for m in (*blocks, same, *self.texts_on_screen()) if m is not axis_name]
                home = self.to_plot(q) + 0.15 * RIGHT
                boxes = np.array([[m.get_left()[0], m.get_bottom()[1], m.get_right()[0], m.get_top()[1]] for m in texts])
                w, h = q_name.width, q_name.height
                fits = []
                for lift in LIFTS:
                    for dx in np.arange(0.0, SAFE_X - home[0] - w, 0.1):
                        x, y = home[0] + dx, home[1] + lift
                        room = np.max([boxes[:, 0] - x - w, x - boxes[:, 2], boxes[:, 1] - y - h, y - boxes[:, 3]], axis=0)
                        fits.append((min(room.min(initial=ROOMY), ROOMY), -np.hypot(dx, lift - LIFTS[0]), x, y))
                if fits:  # the most room first, then the nearest to the tip
                    best = max(fits, key=lambda f: f[:2])
                    q_name.move_to([best[2], best[3], 0], aligned_edge=DL)
                else:
                    q_name.move_to(home + LIFTS[0] * UP, aligned_edge=DL)
            else:
                q_name.next_to(same, DOWN, buff=0.1)
            self.until_next_cue(last=True)
            read = [c for c in coords if touches(c, same, pad=0.05)]  # stated by now: it leaves as the scores come
            coords = VGroup(*(c for c in coords if not any(c is r for r in read)))
            if crossed or read:  # what steps aside is gone before the query and its name come in
                self.play(*(QuickFadeOut(lab) for lab in crossed), *(QuickFadeOut(c) for c in read), run_time=0.3)
            self.play(FadeIn(same, shift=0.1 * UP), Create(drops),
                      *((GrowArrow(query) if isinstance(query, Arrow) else Create(query), FadeIn(q_name)) if drawn else ()),
                      run_time=0.8)
            if drawn:
                self.shown["query_arrow"] = f"q{n}={vec2(q)}"
            self.shown["same_scores"] = f"z[{n},{t + 1}]={d.scores[-1, t]:.6f};z[{n},{a + 1}]={d.scores[-1, a]:.6f}"
            self.read_caption()
            self.play(QuickFadeOut(chance), QuickFadeOut(same), QuickFadeOut(drops), *(QuickFadeIn(lab) for lab in crossed),
                      *((QuickFadeOut(query), QuickFadeOut(q_name)) if drawn else ()), *(QuickFadeOut(c) for c in coords),
                      *(QuickFadeOut(k_lab) for _, k_lab in swaps), *(QuickFadeIn(v_lab) for v_lab, _ in swaps),
                      *(QuickFadeIn(lab) for lab in away), *(m.animate.set_opacity(1.0) for m in idle if swaps),
                      *((QuickFadeOut(self.key_links),) if swaps and len(self.key_links) else ()), run_time=0.4)
            self.shown["key_names"] = ""
            self.shown.pop("key_coordinates", None)
            self.shown.pop("query_arrow", None)
