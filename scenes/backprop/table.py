"""backprop_small's first-layer gradient table (seed 004 "補充：前向傳播 × 反向傳播", the backward pass and the
update): each W₁ edge carries a small number (①–⑥) beside its weight, and the gradients ∂L/∂W₁ stand in a table
at the lower right, one row per edge: its number, its weight w, its gradient ∂L/∂w (the engine's dw1). A weight
stays on its edge for the whole scene, so a gradient is never read in a weight's place; the column a cue talks
about is lit. The table is on screen while the first layer's gradients are used: their worked product and the
rest of the backward pass's edges, the first-layer nudge's prediction, and the update, where each gradient becomes
its step and travels onto its edge. Mixed into scenes.backprop_small.BackpropSmall (needs BackpropNet and LectureScene).
"""
from __future__ import annotations

import numpy as np
from manim import Circle, FadeIn, FadeOut, Line, Rectangle, VGroup

from scenes.backprop.net import LABEL, NODE_R, swap
from scenes.backprop.place import box_at, box_to_box, box_to_point, box_to_segment, crossings
from scenes.backprop.strings import f2

TABLE_RIGHT, TABLE_BOTTOM = 6.3, -2.4  # the title-safe edge; 0.2 clear over the caption's text
ROW_GAP, COL_GAP = 0.04, 0.06  # a clear gap between two rows' framed gradients
NUM_GAP = 0.08  # more between a row's ring and its weight: a ring never runs into a minus sign (③ −0.70)
TABLE_TEXT = 28  # the table's weights and gradients: digits over 3 % of the frame height (at 25 they were 2.7 %)
NUM = 34  # an edge's number, ringed: its digit drawn 3 % of the frame height (at 27 it was about 2 %)
TABLE_NUM = 27  # the same number in the table's first column, where six rows of 34-point rings would not fit
HEAD = 36  # the header's LaTeX: its em over 3 % of the frame height (at 28 it was 2.5 %), the table within x ≥ 3.8


class Table:
    """`edge_num` and `number_edges`: the W₁ edges' numbers; `build_table`: the table, the W₁ gradients in its last
    column; `table_in`/`table_out`: its frame comes and goes; `light`: the row of one edge lit."""

    table_mark = None
    table_on = False

    def w1_order(self) -> list:
        """The W₁ keys in their numbers' order: the edges from x₁ (top to bottom hidden node), then from x₂."""
        return [("w1", i, j) for j in range(2) for i in range(3)]

    def edge_num(self, n: int, size: int = NUM) -> VGroup:
        """An edge's number, ringed so it reads as a name, not a value (digits at NUM points: drawn, a digit at 24 was
        14 of 480 rows, under 3 % of the frame; at 27 it is 16)."""
        digit = self.txt(str(n), size=size, color=self.pal.ink)  # ink: muted digits stood 4.5:1 on the dark theme at best
        ring = Circle(radius=max(digit.width, digit.height) / 2 + 0.03, stroke_color=self.pal.muted, stroke_width=2,
                      fill_color=self.pal.background, fill_opacity=1).set_z_index(-0.5)
        self.label_on(digit, ring)
        return VGroup(ring, digit.move_to(ring))

    def number_edges(self) -> None:
        """A number per W₁ edge (`edge_nums`), made before the labels are placed: `place_w1` puts each on its edge."""
        self.edge_nums = {k: self.edge_num(n) for n, k in enumerate(self.w1_order(), 1)}

    def place_nums(self, edges: dict, nodes, fixed: list) -> None:
        """Each edge's number on its edge (the edge runs through its ring, so it is read as that edge's), the nearest
        spot to its weight's label (either way along the edge) whose ring keeps 0.05 off every label, 0.16 off every
        other edge, 0.22 off every crossing and clear of the nodes; where none does, one that keeps just over 0.15 and
        0.2; where none does either, just beside its edge (0.17 and 0.25 off), or the spot that comes closest."""
        segs = {k: (np.asarray(a, float)[:2], np.asarray(b, float)[:2]) for k, (a, b) in edges.items()}
        meets = crossings(segs.values())
        boxes = list(fixed)
        # the long edges that cross the others first (x₁ to the bottom node, x₂ to the top one): near their input
        # they have one free spot each, which a ring on a neighbouring edge would otherwise take
        for k in sorted(self.e1, key=lambda k: abs(k[0] - k[1]) < 2):
            a, b = segs[k]
            num = self.edge_nums[("w1", *k)]
            w, h = num.width, num.height
            lab = np.asarray(self.lab_w[("w1", *k)].get_center()[:2])
            t0 = float(np.dot(lab - a, b - a) / np.dot(b - a, b - a))
            normal = np.array([-(b - a)[1], (b - a)[0]]) / np.linalg.norm(b - a)
            tried = []
            # on its edge with room to spare; on its edge with just the room the label test keeps; else beside it
            # (a ring beside its edge read as the next edge's: on its edge, just clear of the others, comes before that)
            for edge_gap, cross_gap, offs in ((0.16, 0.22, (0.0,)), (0.152, 0.202, (0.0,)), (0.1, 0.11, (0.0,)),
                                              (0.04, 0.06, (0.0,)), (0.17, 0.25, (0.2, -0.2, 0.3, -0.3))):
                for off, dt in [(o, dt) for o in offs for dt in sorted(np.arange(-0.6, 0.61, 0.01), key=abs)]:
                    t = t0 + dt
                    if not 0.12 <= t <= 0.88:
                        continue
                    c = a + t * (b - a) + off * normal
                    bx = box_at(c, w, h)
                    score = min([box_to_box(bx, q) - 0.05 for q in boxes]
                                + [box_to_segment(bx, *s) - edge_gap for q, s in segs.items() if q != k]
                                + [box_to_point(bx, p) - cross_gap for p in meets]
                                + [np.hypot(*(np.clip(n, [bx[0], bx[2]], [bx[1], bx[3]]) - n)) - NODE_R - 0.03
                                   for n in nodes])
                    if score >= 0:
                        tried = [(score, c)]
                        break
                    tried.append((score, c))
                if len(tried) == 1 and tried[0][0] >= 0:
                    break
            spot = max(tried, key=lambda sc: sc[0])[1]
            num.move_to([spot[0], spot[1], 0.0])
            boxes.append(box_at(spot, w, h))
            self.label_on(num[1], self.e1[k])

    def build_table(self) -> None:
        """One row per W₁ edge (its number, its weight w, its gradient ∂L/∂w) under a header row, right-aligned at
        the lower right; the gradients' labels (framed in the gradients' colour) move into the last column."""
        pal, d = self.pal, self.data
        keys = self.w1_order()
        heads = [self.tex("w", size=HEAD, color=pal.ink), self.tex(r"\partial L/\partial w", size=HEAD, color=pal.cool)]
        nums = [self.edge_num(n, TABLE_NUM) for n in range(1, 7)]
        ws = [self.txt(f2(d.w1[k[1], k[2]]), size=TABLE_TEXT, color=pal.ink) for k in keys]
        grads = [self.lab_g[k] for k in keys]
        for g in grads:  # the W₁ gradients are only ever drawn in the table: at its size, their frames as snug as can be
            g[1].scale(TABLE_TEXT / LABEL)
            g[0].stretch_to_fit_height(g[1].height + 0.06).stretch_to_fit_width(g[1].width + 0.1).move_to(g[1])
        widths = [max(m.width for m in nums), max([m.width for m in ws] + [heads[0].width]),
                  max([m.width for m in grads] + [heads[1].width])]
        widths = [w + COL_GAP + (NUM_GAP if c == 0 else 0.0) for c, w in enumerate(widths)]
        row_h = max(m.height for m in (*nums, *ws, *grads)) + ROW_GAP
        head_h = max(h.height for h in heads) + ROW_GAP
        left = TABLE_RIGHT - sum(widths)
        xs = [left + sum(widths[:c]) + widths[c] / 2 for c in range(3)]
        self.table_rows, self.table_ws = {}, {}
        for r, (k, n, w, g) in enumerate(zip(keys, nums, ws, grads)):
            y = TABLE_BOTTOM + (5 - r + 0.5) * row_h
            for m, x in zip((n, w, g), xs):
                m.move_to([x, y, 0])
            self.table_rows[k] = y
            self.table_ws[k] = w
        top = TABLE_BOTTOM + 6 * row_h + head_h
        for h, x in zip(heads, xs[1:]):
            h.move_to([x, top - head_h / 2, 0])
        # in the update the last column holds each weight's step Δw = −lr·∂L/∂w (the net's header names the rule)
        self.table_step_head = self.tex(r"\Delta w", size=HEAD, color=pal.ink).move_to(heads[1])
        self.table_grad_head = heads[1]
        rule = Line([left, top - head_h, 0], [TABLE_RIGHT, top - head_h, 0], stroke_color=pal.muted, stroke_width=1.5)
        self.table_frame = VGroup(*heads, *nums, *ws, rule)
        self.table_top, self.table_bottom, self.table_left, self.row_h = top, TABLE_BOTTOM, left, row_h
        self.persist(self.table_frame, *self.edge_nums.values())

    def table_in(self) -> list:
        """The table's frame (numbers, weights, row names) comes in; its gradients come in as their cues say."""
        self.table_on = True
        return [FadeIn(self.table_frame)]

    def table_to_steps(self) -> list:
        """The gradients' column header becomes Δw as its rows become the weights' steps."""
        if not self.table_on:
            return []
        # the caption on screen is read to its end first: the header (its group changed now) turns with the rows
        self.until_next_cue(last=True)
        if self.cue_left() > 0:
            self.wait(self.cue_left())
        self.table_frame.remove(self.table_grad_head)
        self.table_frame.add(self.table_step_head)
        return [swap(self.table_grad_head, self.table_step_head)]

    def table_out(self, keep=()) -> list:
        """The table leaves, with the gradients in it (but those in `keep`, which move on) and its lit column."""
        out = [FadeOut(self.table_frame)] if self.table_on else []
        self.table_on = False
        out += [*(FadeOut(self.lab_g[k]) for k in self.w1_order()
                                            if k in self.w1_on and k not in keep)]
        if self.table_mark is not None:
            out.append(FadeOut(self.table_mark))
            self.table_mark = None
        self.w1_on = frozenset()
        return out

    def light(self, key=None) -> list:
        """The row of edge `key` framed in the gradients' colour (None: no row lit), the last one unlit."""
        out = [FadeOut(self.table_mark)] if self.table_mark is not None else []
        self.table_mark = None
        if key is not None:
            mark = Rectangle(width=TABLE_RIGHT - self.table_left + 0.08, height=self.row_h,
                             stroke_color=self.pal.cool, stroke_width=3).move_to(
                [(TABLE_RIGHT + self.table_left) / 2, self.table_rows[key], 0])
            self.table_mark = mark
            out.append(FadeIn(mark))
        return out

    def table_box(self) -> tuple:
        return self.table_left, TABLE_RIGHT, self.table_bottom, self.table_top

