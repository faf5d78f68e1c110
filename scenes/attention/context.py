"""attention_heatmap, the context vector (seed 003, "The last position supplies our context vector"):
the table moves up to the corner whole and readable (its digits stay 3 % of the frame height), the last
row's weights are lifted out of it into the list under it, and the terms α_nj v_j are added
head to tail on the plane, which stays where it is, one at a time (its weight lit in the table and the list as its
value arrow shrinks to its place), while the running sum is read out; only once the sum is complete is it named
h₁ (its arrow, its typeset value, and the cue that names it come together); mixed into
scenes.attention_heatmap.AttentionHeatmap.

The plane's origin and scale fit every value vector, partial sum and x into PLOT_BOX, clear of the
table and the read-out (`plot_geometry`); each value vector's label takes the first place around its
tip with the fewest conflicts with the axes, the arrows, the chain of terms and the labels already
placed (`conflicts`), and an axis number is kept only where nothing crosses it (`is_free`).
"""
from __future__ import annotations

import numpy as np
from manim import (
    DL, DOWN, DR, LEFT, RIGHT, UL, UP, UR, Arrow, Create, Indicate, Line, ReplacementTransform,
    SurroundingRectangle,
    VGroup,
)

from look import fmt_num
from look.formats import subscript
from scenes.parts.emphasis import read_with
from scenes.parts.glyphs import GlyphNumber
from scenes.attention.strings import dims_named, tnum
from scenes.attention.table import LABEL, NOTE, NUM_MIN, READOUT, TEX, WORDS
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut
from scenes.attention.arrows import nearer_other
from scenes.attention.placing import (box_of, greek_indexed, conflicts, is_free, landing_order, pair_index, piece_color, word_indexed,
                                      place_tag)

PLOT_BOX = (-0.6, -2.05, 5.95, 1.575)  # the little plane: left, bottom, right, top (axes' ends included)
PIECE = 12  # a piece α_nj v_j on a zoomed plane (the second head's sum): thick, well over the arrows' width
PIECE_HOME = 9  # a piece on the plane at its own size
STEP = 1.5  # seconds for each piece: its weight lit, then the value arrow shrunk to its place in the chain
PLOT_SCALE = 2.9  # at most: the five-token lesson's plane
LIST_GAP = 0.3  # a value's label beside the weights' list, nearer, would read as the end of one of its lines
VALUE_DIM = 0.3  # a value arrow and its name, read, while the cue is about something else
WEIGHT = 28.0  # a weight's value beside its α: digits well over 3 % of the frame height (3.7 %)


class AttentionContext:
    """Needs from the scene: d (the record), pal, look, s, txt, tex, section, play, wait, add, shown, and
    the table (grid, score_nums, crosses, sums, the labels, table_name, table_view: scenes.attention.table)."""

    def to_plot(self, v):
        return self.plot_origin + self.plot_scale * np.array([v[0], v[1], 0.0])

    def plot_geometry(self, table_right: float, table_bottom: float, weights_right: float):
        """Origin and scale of the little plane: every value vector, partial sum and x inside PLOT_BOX
        (moved right of the weights, or of the table when the plane reaches up beside it), at most
        PLOT_SCALE; the axes run 0.25 beyond the farthest point."""
        d = self.d
        starts = np.vstack([np.zeros(2), np.cumsum(d.terms, axis=0)])  # (n+1, 2)
        pts = np.vstack([np.zeros(2), d.V.T, starts, d.x[None, :]])  # (m, 2)
        self.plot_lo = np.where(pts.min(axis=0) < 0, pts.min(axis=0) - 0.25, 0.0)
        self.plot_hi = pts.max(axis=0) + 0.25
        left, bottom, right, top = PLOT_BOX
        left = max(left, weights_right + 0.5)
        if (pts[:, 0] < 0).any():  # labels of arrows pointing left need room beside the table
            left = max(left, table_right + 0.6)
        for top_now in (top, table_bottom - 0.25, 0.9):
            span = self.plot_hi - self.plot_lo
            scale = min(PLOT_SCALE, (right - left) / span[0], (top_now - bottom) / span[1])
            origin = np.array([left - self.plot_lo[0] * scale, bottom - self.plot_lo[1] * scale, 0.0])
            ends = np.array([[0.0, self.plot_hi[1]], [self.plot_hi[0], 0.0]])  # where 'dim 2', 'dim 1' go
            placed = np.vstack([origin[:2] + scale * pts, origin[:2] + scale * ends + [0.3, 0.2]])
            near_table = (placed[:, 0] < table_right + 0.3) & (placed[:, 1] > table_bottom - 0.3)
            near_readout = (placed[:, 0] > 1.8) & (placed[:, 1] > 1.0)
            if not (near_table.any() or near_readout.any()):
                break
        self.plot_origin, self.plot_scale = origin, scale

    def weight_entry(self, symbol: str, n: int, j: int, value: float, color) -> VGroup:
        """One weight of the last row, 'α_nj = value' in token j's colour: VGroup(symbol, index, "=",
        number); "=" and the value at full size, the index alone set low, the number apart (a number
        from the table moves into it)."""
        w = greek_indexed(symbol, pair_index(n, j + 1), font=self.look.font, font_size=LABEL, color=color)
        eq = self.txt("=", size=WEIGHT, color=color).next_to(w[1], RIGHT, buff=0.12)
        num = self.txt(fmt_num(value, 4), size=WEIGHT, color=color).next_to(eq, RIGHT, buff=0.12)
        num.align_to(w[0], DOWN)
        return w.add(eq.set_y(num.get_y()), num)  # "=" at the digits' middle, as in a formula

    def value_name(self, js, word: str, letter: str = "v", color=None) -> VGroup:
        """The name of a value vector shared by the tokens `js`: 'v1 = v5 (the)', each v with its own
        full-size index (textcache.indexed), so no comma sits among the index digits; `letter` "k" names the
        same arrows as keys (A_K = A_V: one arrow is both)."""
        font, color = self.look.font, color or self.pal.ink  # ink: the names read on the panel too
        names = [word_indexed(letter, str(j + 1), word if k == len(js) - 1 else "", font=font, font_size=LABEL,
                         color=color) for k, j in enumerate(js)]
        parts = [names[0]]
        for name in names[1:]:
            parts += [self.txt("=", size=LABEL, color=color), name]
        group = VGroup(*parts).arrange(RIGHT, buff=0.12, aligned_edge=DOWN)
        for eq in group[1::2]:
            eq.set_y(group[0][0].get_y())  # "=" at the letters' middle
        return group

    def dim_name(self, k: int) -> str:
        """'dim 1: content word' for the toy's own embeddings (strings.dims_named), else 'dim 1'."""
        if dims_named(self.d.tokens, self.d.E):
            return self.s("dim_named", k=k, m=self.s(f"dim_means_{k}"))
        return self.s("dim", k=k)

    def dim_labels(self, at, hi, taken) -> VGroup:
        """'dim 1' at the end of the horizontal axis, 'dim 2' at the vertical one's (`at` maps a 2-D
        point to the frame, `hi` the axes' far ends); their boxes join `taken`."""
        marks = VGroup()
        for label, end, side in ((self.dim_name(1), (hi[0], 0), UP), (self.dim_name(2), (0, hi[1]), RIGHT)):
            size = NOTE if self.look.lang.startswith("zh") else WORDS  # Chinese characters stand full height: narrower at NOTE
            marks.add(self.txt(label, size=size, color=self.pal.muted).next_to(at(end), side, buff=0.1))
            marks[-1].shift(LEFT * max(0.0, marks[-1].get_right()[0] - 6.3))  # inside the title-safe area
            if side is RIGHT:  # over the axis' end rather than level with it: a value's name at its tip stays clear under it
                marks[-1].shift(UP * 0.12)
        taken += [(b[0] - 0.05, b[1] - 0.05, b[2] + 0.05, b[3] + 0.05) for b in map(box_of, marks)]  # 0.1 clear of a name
        return marks

    def axis_ticks(self, at, scale, span, segments, taken, axis: int = 0, unit: float = 1.0,
                   values: list | None = None) -> VGroup:
        """The multiples of `unit` (whole numbers unless told) under the horizontal axis (`axis` 0) or
        left of the vertical one (1), at least 0.45 apart, each where no segment or box in `taken`
        crosses it; the values drawn are appended to `values` when given (for the numbers record)."""
        marks = VGroup()
        step = max(1, int(np.ceil(0.45 / (scale * unit))))
        for t in range(int(np.ceil(span[0] / unit)), int(np.floor(span[1] / unit)) + 1):
            if t == 0 or t % step:
                continue
            point = (t * unit, 0) if axis == 0 else (0, t * unit)
            tick = self.txt(f"{t * unit:g}".replace("-", "−"), size=NOTE, color=self.pal.ink)  # digits ≥ 3 % of the frame
            tick.next_to(at(point), DOWN if axis == 0 else LEFT, buff=0.08)
            if is_free(box_of(tick), segments, taken):
                marks.add(tick)
                taken.append(box_of(tick))
                if values is not None:
                    values.append(t * unit)
        return marks

    def values_dimmed(self, dim: bool, keep=()) -> list:
        """The value arrows and their names (all but tokens `keep`'s) dimmed to VALUE_DIM while the cue is about
        something else (h₁, the keys), or back to full: the animations."""
        kept = {id(self.value_marks[j]) for j in keep if j in self.value_marks}
        marks = {id(m): m for m in self.value_marks.values() if id(m) not in kept}.values()
        return [m.animate.set_opacity(VALUE_DIM if dim else 1.0) for m in marks]

    def corner_scale(self) -> float:
        """How far the table may shrink in the corner: its smallest text (cell numbers or labels) keeps
        digits at 3 % of the frame height."""
        return min(1.0, NUM_MIN / min(self.num_size, LABEL))

    def context(self):
        d, pal = self.d, self.pal
        n = len(d.tokens)
        self.section("context", self.s("cap_context", n=subscript(n), r=n),
                     keep=[self.table_view(), self.crosses, self.sums, self.alpha_view])
        colors = self.token_colors(n)  # token j's colour in both heads
        shown_nums = [self.score_nums[r][c] for r in range(n) for c in range(n) if not d.mask[r, c]]
        row = [self.score_nums[n - 1][j] for j in range(n)]  # the last row's weights
        # the table moves up to the corner whole, its numbers and labels readable (scaled only as far as
        # its digits stay 3 % of the frame height); the row sums, its names and the worked cell go
        drawn = {id(f) for top in self.mobjects for f in top.get_family()}
        gone = VGroup(*(m for m in (self.table_name, self.keys_label, self.sums, self.alpha_view)
                        if id(m) in drawn))  # only what is on screen (the row sums left with the why-√d aside)
        table = VGroup(self.grid, self.crosses, self.col_labels, self.row_labels, self.queries_label,
                       *shown_nums)  # the last row's numbers included, until they are lifted out
        corner = table.copy().scale(self.corner_scale())
        target = np.array([-6.3 + corner.width / 2, 2.9 - corner.height / 2, 0.0])
        corner.move_to(target)
        # the last row's weights, under the table: one column, or two for many tokens
        weights = VGroup(*(self.weight_entry("α", n, j, d.A[-1, j], colors[j]) for j in range(n)))
        self.context_weights = weights_list = list(weights)  # one per token, whatever columns they stand in
        room = corner.get_bottom()[1] - 0.2 - (-2.45)
        weights.arrange(DOWN, buff=0.08, aligned_edge=LEFT)
        for cols in range(2, n + 1):  # more columns before any shrinking: the digits stay 3 % of the frame
            if weights.height <= room:
                break
            per = -(-n // cols)
            weights = VGroup(*(VGroup(*weights_list[k:k + per]).arrange(DOWN, buff=0.1, aligned_edge=LEFT)
                               for k in range(0, n, per)))
            weights.arrange(RIGHT, buff=0.4, aligned_edge=UP)
        if weights.height > room:
            weights.scale_to_fit_height(room)
        weights.to_edge(LEFT, buff=0.85).set_y(corner.get_bottom()[1] - 0.2 - weights.height / 2)
        self.plot_geometry(corner.get_right()[0], corner.get_bottom()[1],
                           max(weights.get_right()[0], corner.get_right()[0]))  # the plane right of the table
        xmin, ymin = self.plot_lo
        xmax, ymax = self.plot_hi
        axes = VGroup(
            Line(self.to_plot((xmin, 0)), self.to_plot((xmax, 0)), stroke_color=pal.muted, stroke_width=2,
                 stroke_opacity=0.45),
            Line(self.to_plot((0, ymin)), self.to_plot((0, ymax)), stroke_color=pal.muted, stroke_width=2,
                 stroke_opacity=0.45),
        )  # dim and thin: a value vector lying on an axis (v = (0, 1)) reads over it
        seen = {}
        for j in range(n):
            key = (float(d.V[0, j]), float(d.V[1, j]))
            seen.setdefault(key, []).append(j)
        starts = np.vstack([np.zeros(2), np.cumsum(d.terms, axis=0)])  # (n+1, 2)
        # what a label must not touch: the axes, the arrows, the chain of terms and x, the table
        segments = [((xmin, 0), (xmax, 0)), ((0, ymin), (0, ymax)), ((0, 0), tuple(d.x)),
                    *(((0, 0), key) for key in seen), *((tuple(starts[j]), tuple(starts[j + 1])) for j in range(n))]
        segments = [(self.to_plot(a)[:2], self.to_plot(b)[:2]) for a, b in segments]
        wl, wb, wr, wt = box_of(weights)  # the weights' list kept LIST_GAP clear on its right
        taken = [box_of(corner), (wl, wb, wr + LIST_GAP, wt), (1.8, 1.0, 6.4, 2.6)]  # the readout and its sum
        ticks = self.dim_labels(self.to_plot, self.plot_hi, taken)
        values, self.value_marks = VGroup(), {}  # token j → its value vector's arrow and label
        self.plane_values = []  # one (vector, arrow, label) per distinct value vector: the plane kept to the end
        tips = [self.to_plot(key) for key in seen]  # every value arrow from the origin: a name is read at its own tip
        for key, js in seen.items():
            length = float(np.linalg.norm(self.to_plot(key) - self.to_plot((0, 0))))
            arrow = Arrow(self.to_plot((0, 0)), self.to_plot(key), buff=0, stroke_width=5, color=pal.ink,
                          max_tip_length_to_length_ratio=max(0.12, min(0.5, 0.18 / max(length, 1e-9))),
                          max_stroke_width_to_length_ratio=40)  # a short vector keeps a tip that reads
            # at its own tip, on the side facing away from the origin first: never nearer another arrow's tip
            on_axis = key[0] == 0
            sides = [LEFT if on_axis or key[0] < 0 else RIGHT, UP if key[1] >= 0 else DOWN, UR, UL, DR, DL, LEFT, RIGHT, DOWN]
            tries = [(side, buff) for buff in (0.08, 0.2, 0.35) for side in sides]
            own = self.to_plot(key)
            # the word too, unless it would cover a label; a shared vector ("v1 = v5 (the)") always says whose it is
            for word in (d.tokens[js[0]],) if len(js) > 1 else (d.tokens[js[0]], ""):
                label = self.value_name(js, word)
                scores = [conflicts(box_of(label.next_to(own, side, buff=buff)), segments, taken)
                          + 100 * nearer_other(box_of(label), own, tips) for side, buff in tries]
                side, buff = tries[int(np.argmin(scores))]  # the first with the fewest conflicts
                label.next_to(own, side, buff=buff)
                if is_free(box_of(label), segments, taken):  # on no arrow nor axis: else without its word
                    break
            l, b, r, t = box_of(label)  # kept with a margin: the next name stays 0.1 clear of it (0.05 + conflicts' pad)
            taken.append((l - 0.05, b - 0.05, r + 0.05, t + 0.05))
            values.add(arrow, label)
            self.plane_values.append((np.array(key), arrow, label))
            self.value_marks.update({j: VGroup(arrow, label) for j in js})
        ticks.add(*self.axis_ticks(self.to_plot, self.plot_scale, (xmin, xmax), segments[1:], taken))
        # the terms α_nj v_j, head to tail: each drawn once its piece lands there
        paint = [piece_color(c, pal) for c in colors]  # never ink-dark: a piece reads apart from black
        segs = [Line(self.to_plot(starts[j]), self.to_plot(starts[j + 1]), stroke_color=paint[j], stroke_width=PIECE_HOME)
                for j in range(n)]
        # a note's size: "running sum" has no capital nor ascender, and its letters stay over 3 % of the frame
        running = self.txt(self.s("running"), size=NOTE, color=pal.muted)
        # "(" and ")" typeset as the finished h₁'s are; the running sum is not named h₁ until it is complete
        x_label = self.tex(r"(", size=READOUT, color=pal.accent)
        slots = max(len(fmt_num(v, 4)) for v in (*starts.ravel(), *d.x))  # room for a sign where one is needed
        g1 = GlyphNumber(0.0, decimals=4, width=slots, font=self.look.font, font_size=30, color=pal.accent)
        comma = self.txt(",", size=30, color=pal.accent)
        g2 = GlyphNumber(0.0, decimals=4, width=slots, font=self.look.font, font_size=30, color=pal.accent)
        close = self.tex(")", size=READOUT, color=pal.accent)
        readout = VGroup(x_label, g1, comma, g2, close).arrange(RIGHT, buff=0.06).move_to([4.0, 2.25, 0])
        comma.align_to(g1, DOWN)  # on the digits' baseline: the comma sits low, not mid-height
        x_label.set_y(g1.get_y())  # "(" around the digits
        close.set_y(x_label[0][-1].get_y())  # ")" level with "("
        comma.shift(DOWN * comma.height * 0.35)
        gap, space = 0.06, 0.12  # a narrow word space after the comma, so it reads as ", " not a wide "，"

        def snug():  # "(", the comma, the second number and ")" against the digits shown
            left, right = g1.text_edges()
            x_label.shift(RIGHT * (left - gap - x_label.get_right()[0]))
            comma.shift(RIGHT * (right + 0.01 - comma.get_left()[0]))  # the comma against the digit
            g2.shift(RIGHT * (comma.get_right()[0] + space - g2.text_edges()[0]))
            close.shift(RIGHT * (g2.text_edges()[1] + gap - close.get_left()[0]))

        snug()
        if readout.get_right()[0] > 6.3:
            readout.shift(LEFT * (readout.get_right()[0] - 6.3))
        running.next_to(readout, DOWN, buff=0.12)

        self.play(QuickFadeOut(gone), run_time=0.4)
        # the table moves to the corner; its last row is marked, and its weights are lifted out of it
        # into the list under it: the input of the sum
        self.play(table.animate.scale(self.corner_scale()).move_to(target), run_time=1.0)
        table.remove(*row)
        self.add(*row)  # still drawn, now outside the table's group
        ghost = VGroup(*(m.copy() for m in row))  # a copy stays at full contrast: the row the scene follows
        last = SurroundingRectangle(self.grid.row_group(n - 1), buff=0.02, color=pal.accent, stroke_width=4)
        self.play(QuickFadeIn(last), run_time=0.4)  # whole: drawn round, it began as a lone dash under cell (4, 5)
        # one weight at a time, in an order whose straight ways cross nothing already placed; its name
        # comes as it lands
        each = max(0.25, min(0.45, 2.4 / n))
        for j, corner in landing_order([box_of(m) for m in row], [box_of(e[3]) for e in weights_list],
                                       [box_of(e) for e in weights_list]):
            if corner is not None:  # straight down first, clear of what stands in the straight way
                self.play(row[j].animate.shift(UP * corner[1]), run_time=each * 0.5)
            self.play(ReplacementTransform(row[j], weights_list[j][3]), run_time=each)
            self.play(QuickFadeIn(VGroup(*weights_list[j][:3])), run_time=0.15)
        self.play(Create(axes), QuickFadeIn(ticks), QuickFadeIn(values), QuickFadeIn(ghost), run_time=1.0)
        self.value_names_seen(values)
        # "each value vector is scaled by its weight, and the pieces are added head to tail", once the plane is drawn,
        # the running sum's read-out with it: on this plane, which stays where it is, one piece at a time (STEP seconds
        # each): its weight lit in the table's last row and in the list, its value arrow lit, then the arrow shrunk by
        # the weight to its place at the chain's end, the read-out stepping to the new partial sum as it lands
        self.caption(self.s("cap_scale"), with_=[QuickFadeIn(readout), QuickFadeIn(running)], run_time=0.6)
        self.shown["sum_zoom"] = 1.0
        value_arrows = VGroup(*(a for _, a, _ in self.plane_values))
        chain = [(self.to_plot(starts[jj]), self.to_plot(starts[jj + 1])) for jj in range(n)]
        tag_segments = [(p[:2], q[:2]) for p, q in chain] + [(self.to_plot((0, 0))[:2], self.to_plot(d.x)[:2])]
        tag_segments += [(a.get_start()[:2], a.get_end()[:2]) for a in (*axes, *value_arrows)]
        tag_taken = [*taken, box_of(readout), box_of(running)]
        tags = []
        for jj in range(n):
            lit = VGroup(SurroundingRectangle(self.grid.cell(n - 1, jj), buff=0.0, color=colors[jj], stroke_width=5),
                         SurroundingRectangle(weights_list[jj], buff=0.05, color=colors[jj], stroke_width=4))
            self.shown["pieces_scaled"] = jj + 1
            self.shown["alpha_lit"] = f"{n},{jj + 1}"
            self.play(QuickFadeIn(lit), Indicate(self.value_marks[jj][0], color=paint[jj], scale_factor=1.05),
                      run_time=STEP * 0.35)
            # a piece with no clear spot for its name goes unnamed: its weight is lit in the list beside the plane
            tag = place_tag(word_indexed("α", pair_index(n, jj + 1), d.tokens[jj], font=self.look.font, font_size=LABEL,
                                    color=paint[jj]), *chain[jj], self.to_plot(d.x), self.to_plot((0, 0)), tag_taken,
                            tag_segments, optional=True)
            tags += [tag] if tag is not None else []
            piece = Line(self.to_plot((0, 0)), self.to_plot(d.V[:, jj]), stroke_color=paint[jj], stroke_width=PIECE_HOME)
            self.play(ReplacementTransform(piece, segs[jj]), *([QuickFadeIn(tag)] if tag is not None else []),
                      run_time=STEP * 0.45)
            g1.set_value(starts[jj + 1][0])
            g2.set_value(starts[jj + 1][1])
            snug()
            self.shown["terms_added"] = jj + 1
            self.shown["partial_x1"], self.shown["partial_x2"] = float(starts[jj + 1][0]), float(starts[jj + 1][1])
            self.play(QuickFadeOut(lit), run_time=STEP * 0.2)
            self.remove(lit)
        final = Arrow(self.to_plot((0, 0)), self.to_plot(d.x), buff=0, stroke_width=6, color=pal.accent,
                      max_tip_length_to_length_ratio=0.15)
        # the sum done, its read-out set as the formula under it is: h₁ typeset, the same numbers
        typed = self.tex(rf"h_1 = ({tnum(d.x[0])},\ {tnum(d.x[1])})", size=READOUT, color=pal.accent)
        typed.move_to(readout).shift(RIGHT * min(0.0, 6.3 - typed.get_right()[0]))  # inside the frame's margin
        done = self.tex(rf"h_1 = \sum_{{\textstyle j}} \alpha_{{\textstyle {n}j}}\, v_{{\textstyle j}}", size=TEX, color=pal.accent)
        # the indices at full size (\textstyle), set low as indices: 3 % of the frame height, not a script's 1.8 %
        done.next_to(typed, DOWN, buff=0.15)
        # the running read-out and its name give way before the typeset h₁ comes: never both images at once (the
        # pieces' cues read first, over the finished running sum)
        self.read_caption()
        self.play(QuickFadeOut(running), QuickFadeOut(readout), run_time=0.3)
        self.remove(readout)
        # "the sum is h₁, this head's output": said once the sum is complete, with its arrow and typeset value
        full = [a.copy() for _, a, _ in self.plane_values]  # as drawn, before they step back: the plane's home
        # h₁ is the subject now: the value arrows and their names, read, step back (dimmed) until the rows are done
        self.caption(self.s("cap_context_h", r=n), with_=[Create(final), QuickFadeIn(done), QuickFadeIn(typed),
                                                          *self.values_dimmed(True)], run_time=0.8)
        readout = typed
        self.shown["sum_tags"] = len(tags)
        read_with(self, final, weights)
        self.play(QuickFadeOut(VGroup(*tags)), run_time=0.4)  # the names go: the plane is kept to the end
        self.remove(*tags)
        self.context_view = VGroup(table, ghost, last, axes, ticks, values, readout, weights, *segs, final, done)
        self.shown["showing"] = "context"
        self.context_final, self.context_done, self.context_readout = final, done, readout
        self.context_segs, self.context_table = segs, table
        self.context_ghost, self.context_last = ghost, last  # the last row, carried into the second head
        self.plane_axes, self.plane_ticks = axes, ticks
        self.plane_keep()  # this plane stays on screen to the end (scenes.attention.plane)
        self.plane_home[len(self.plane_axes):] = full  # its arrows come home at full strength, not dimmed
