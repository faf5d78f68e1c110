"""attention_heatmap's table of scores and weights (seed 003, "Dot products → attention weights"):
its geometry, labels and cell numbers, built once and mixed into scenes.attention_heatmap.AttentionHeatmap.

The row labels decide where the grid starts; the cells shrink with more tokens inside the same area
(the five-token lesson has the largest); column labels give the word where it fits the cell, else the
position only; the cell numbers keep 4 decimals where they fit, fewer (and smaller) where not. The
right part of the frame, beside the table, is the panel where a cell is unpacked (`panel`).
"""
from __future__ import annotations

import colorsys

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, CapStyleType, Line, Rectangle, VGroup, color_to_rgb

from look import diverging_color, fmt_num
from look.colour import contrast, luminance, rgb, to_hex
from scenes.parts.heatmap import TEXT_CONTRAST, HeatmapGrid
from scenes.attention.inks import cell_ink
from scenes.parts.lecture import CAPTION_TOP

HEAT_GAP = 30.0  # degrees of hue between a token's colour and the high weights' green


def hue(color) -> float:
    """A colour's hue in degrees."""
    return 360.0 * colorsys.rgb_to_hsv(*color_to_rgb(color))[0]


CELL_W, CELL_H = 1.2, 0.62  # the largest cell (five tokens); more tokens share the same area
GRID_LEFT, GRID_TOP = -5.0, 1.75
GRID_HEIGHT = 3.3  # the rows never reach the formula under the table
PANEL_RIGHT = 6.3  # the right edge of the unpacked cell's lines
NUM_MIN = 25.0  # the smallest cell number: digits 3.2 % of the frame height (23 px at 720p; an em of 4.4 %)
NUM_MAX = 27.0  # a cell number where the cell has room: digits 3.4 % of the frame height (16 px at 480p)
NUM_FILL = 0.9  # a positive number spans at most this share of its cell: neighbours stay apart
LABEL = 25.0  # labels beside the table: digits 3.3 % of the frame height (16 px at 480p)
NOTE = 28.0  # side notes, legends and the small tables beside a picture: capitals 3.4 % of the frame height
WORDS = 34  # a label in lower-case words (axis names, a chart's name): its x-height 3.2 % of the frame height
TEX = 36  # formulas (LaTeX): digits 3.1 % of the frame height (a "1" 0.249 high: 22 px at 720p)
READOUT = 40  # a head's x, typeset: digits 3.5 % of the frame height
NUM_ROOM = 0.5  # a cell this tall holds a 25-point number (digits 0.25 high) with room above and below
NEG_PAD = 0.15  # a signed cell number's room at each side (two neighbours at least 0.3 apart)
WIDE_PAD = 0.07  # the same in a table of wider cells: 4 decimals fit, neighbours at least 0.14 apart
CAPTION_GAP = 0.3  # a formula ends this far above the caption band (over 20 px at 720p)
HATCH = (-0.8, -0.55, 0.55, 0.8)  # a masked cell's strokes, as offsets across the unit cell
NEG_CONTRAST = 3.0  # the scores' most negative shade against a dark paper
TINT = 0.45  # a score cell's heat: pale enough that its ink number keeps its contrast
LEGEND_STEPS, LEGEND_W = 24, 1.6  # the weights' colour scale under the table: its cells and width
HATCH_INSET = 0.05  # each stroke stops this far inside its cell's edges: its width never crosses a border


class Paper(Rectangle):
    """A masked cell's ground in the paper's colour: a highlight of its cell tints the hatch and the ×, never
    this fill (it keeps the colour that says 'weight exactly 0'; its opacity still fades)."""

    def set_fill(self, color=None, opacity=None, family=True):
        return super().set_fill(None, opacity, family)


class AttentionTable:
    """Needs from the scene: d (the record), pal, s, txt, tex (scenes.attention_heatmap)."""

    def cell_center(self, i, j):
        return np.array([self.grid_left + (j + 0.5) * self.cell_w, GRID_TOP - (i + 0.5) * self.cell_h, 0.0])

    def token_colors(self, n: int) -> list:
        """One colour per token position, the same in both heads and in every part of the scene
        (the accent's neighbour, series[1], last). A colour whose hue is within HEAT_GAP degrees of the
        table's high weights (look.diverging_color, green in the light theme) comes after the others, so
        up to seven tokens green means only a large weight; an eighth token takes it."""
        series = self.pal.series
        heat = hue(diverging_color(1.0, self.pal, 1.0))
        order = [k % len(series) for k in (3, 5, 2, 6, 4, 7, 0, 1)]
        near = [k for k in order if min(abs(hue(series[k]) - heat), 360 - abs(hue(series[k]) - heat)) < HEAT_GAP]
        order = [k for k in order if k not in near] + near
        return [series[order[j % len(order)]] for j in range(n)]

    def softmax_labels(self, row_sums):
        """The softmax's name where the table's name stands, each row's sum right of its row and the
        sums' heading above them: (name, sums, heading), built, not yet shown."""
        n = len(row_sums)
        # exp(…), not e^…: every index one level down, not two; the indices at full size (\textstyle),
        # set low as indices: letters 3 % of the frame height, not the 2 % of a script-size index. One
        # line, like z_ij's: a fraction with full-size indices would touch the table above it
        name = self.tex(r"\textstyle \alpha_{\textstyle ij} = \exp(z_{\textstyle ij}) \,/ "
                        r"\sum_{\textstyle \ell \le i} \exp(z_{\textstyle i\ell})", size=TEX)
        name.move_to(self.table_name).shift(DOWN * 0.15)
        name.shift(UP * max(0.0, CAPTION_TOP + CAPTION_GAP - name.get_bottom()[1]))  # clear of the caption
        sums = VGroup(*(self.txt(fmt_num(row_sums[r], self.num_dec), size=self.num_size, color=self.pal.ok)
                        .move_to(self.cell_center(r, n) + RIGHT * 0.15) for r in range(n)))
        heading = self.txt(self.s("rowsum"), size=LABEL, color=self.pal.ok)
        if heading.width > self.cell_w + 0.5:
            heading.scale_to_fit_width(self.cell_w + 0.5)
        heading.move_to(self.cell_center(0, n) + UP * (self.cell_h / 2 + 0.24) + RIGHT * 0.15)
        return name, sums, heading

    def weight_legend(self, name) -> VGroup:
        """The weights' colour scale, 0 to 1 (the table's own HeatmapGrid scale, vmax 1): a thin bar of LEGEND_STEPS
        cells between '0' and '1', right of the softmax's name `name` under the table; built, not shown."""
        return self._legend(name, 0.0, 1.0, ("0", "1"), 1.0, LEGEND_W)

    def score_legend(self, name) -> VGroup:
        """The scores' colour key (score_tint's scale: the largest |z| of both heads at each end, at TINT), from −that
        to +that, right of the scores' name `name` under the table; built, not shown."""
        top = self.score_top()
        return self._legend(name, -top, top, (fmt_num(-top, 4), fmt_num(top, 4)), TINT, 0.6 * LEGEND_W, gap=0.4)

    def _legend(self, name, lo: float, hi: float, ends, opacity: float, width: float, gap: float = 0.6) -> VGroup:
        steps = np.linspace(lo, hi, LEGEND_STEPS)[None, :]  # (1, LEGEND_STEPS)
        bar = HeatmapGrid(steps, cell_w=width / LEGEND_STEPS, cell_h=0.24, palette=self.pal,
                          vmax=max(abs(lo), abs(hi))).show_rows(1)
        for layer in bar.layers.values():
            layer.set_fill(opacity=opacity).set_stroke(width=0)  # one smooth band, no seams between its cells
        if opacity == TINT:  # the scores' key: its shades as the table's
            self._lift_negatives(bar)
        ends = [self.txt(v, size=LABEL, color=self.pal.ink) for v in ends]
        legend = VGroup(ends[0], bar, ends[1]).arrange(RIGHT, buff=0.12)
        return legend.move_to([name.get_right()[0] + gap + legend.width / 2, name.get_center()[1], 0])

    @staticmethod
    def _uniform(texts, width: float, size: float) -> float:
        """The font size at which the widest of `texts` (built at `size`) is `width` wide, at most `size`."""
        widest = max(t.width for t in texts)
        return size * min(1.0, width / widest)

    def build_table(self, right: float = 2.4, cell_max: float = CELL_W, pad: float = NEG_PAD):
        d, pal = self.d, self.pal
        self.neg_pad = pad
        n = len(d.tokens)
        # the geometry: the row labels decide where the grid starts; the unpacked lines need the
        # right part of the frame
        self.cell_h = min(CELL_H, GRID_HEIGHT / n)
        label_size = LABEL * min(1.0, self.cell_h / 0.55)
        row_texts = [self.txt(f"{i + 1} {t}", size=label_size, color=pal.ink) for i, t in enumerate(d.tokens)]
        widest = max(t.width for t in row_texts)
        if widest > 2.4:
            for t in row_texts:
                t.scale(2.4 / widest)
            widest = 2.4
        self.queries_label = self.txt(self.s("queries"), size=NOTE, color=pal.muted).rotate(np.pi / 2)
        self.grid_left = max(GRID_LEFT, -6.3 + self.queries_label.width + 0.15 + widest + 0.15)
        self.cell_w = min(cell_max, (right - self.grid_left - 0.3) / (n + 1))  # the row sums' column included
        grid = HeatmapGrid(d.A, cell_w=self.cell_w, cell_h=self.cell_h, palette=pal, vmax=1.0)
        grid.shift(self.cell_center(0, 0) - grid.cell(0, 0).get_center())
        self.grid = grid
        # column labels: "j word" where it fits the cell, else the position only (the rows name the words)
        fit = self.cell_w - 0.08
        cols = [self.txt(f"{j + 1} {t}", size=LABEL, color=pal.ink) for j, t in enumerate(d.tokens)]
        size = self._uniform(cols, fit, LABEL)
        if size < LABEL:
            cols = [self.txt(str(j + 1), size=LABEL, color=pal.ink) for j in range(n)]
            size = self._uniform(cols, fit, LABEL)
        for t in cols:
            t.scale(size / LABEL)
        self.col_labels = VGroup(*(t.move_to(self.cell_center(0, j) + UP * (self.cell_h / 2 + 0.24))
                                   for j, t in enumerate(cols)))
        self.row_labels = VGroup(*(t.next_to(self.cell_center(i, 0) + LEFT * self.cell_w / 2, LEFT, buff=0.15)
                                   for i, t in enumerate(row_texts)))
        self.keys_label = self.txt(self.s("keys"), size=NOTE, color=pal.muted).move_to(
            self.cell_center(0, (n - 1) / 2) + UP * (self.cell_h / 2 + 0.64))
        self.queries_label.next_to(self.row_labels, LEFT, buff=0.15)
        # the numbers in the cells: 4 decimals where they fit, fewer (and smaller) where not; the
        # weights (no sign, below 1) often keep more decimals than the scores
        dec, num_size = self._decimals((d.scores.min(), d.scores.max(), 0.5))
        self.score_dec = dec  # the cells' decimals (captions and the lines beside the table keep 4)
        self.score_size = num_size
        self.num_dec, self.num_size = self._decimals((0.5, *d.A.ravel()))  # the weights and row sums
        self.score_nums = [[self.txt(fmt_num(d.scores[i, j], dec), size=num_size, color=pal.ink)
                            .move_to(self.cell_center(i, j)) for j in range(n)] for i in range(n)]
        self.weight_nums = [[self.txt(fmt_num(d.A[i, j], self.num_dec), size=self.num_size,
                                      color=cell_ink(self.grid, i, j, (pal.ink, pal.background), pal, self.all_weights()))
                             .move_to(self.cell_center(i, j)) for j in range(n)] for i in range(n)]
        cross = max(NUM_MIN, 30 * min(1.0, self.cell_h / CELL_H))
        # a masked cell: hatched corners and a ×, never taken for a low weight's pale or dark fill
        # on the paper's own colour: weight 0 never reads as the low weights' fill (the dark theme's grey)
        self.crosses = VGroup(*(VGroup(Paper(width=self.cell_w, height=self.cell_h, stroke_width=0, fill_color=pal.background,
                                             fill_opacity=1).move_to(self.cell_center(i, j)), self.hatch(i, j),
                                       self.txt("×", size=cross, color=pal.muted).move_to(self.cell_center(i, j)))
                                for i in range(n) for j in range(n) if d.mask[i, j]))
        self.table_name = self.tex(r"z_{ij} = q_i^{\top} k_j / \sqrt{2}", size=TEX).move_to([-2.6, -1.95, 0])
        # the right part of the frame: from the row sums' right edge to the safe area
        self.panel_left = self.cell_center(0, n)[0] + self.cell_w / 2 + 0.45

    def all_weights(self) -> list:
        """Both heads' weight tables (the second once there is one): their numbers' inks follow one rule."""
        first = getattr(self, "d1", None) or self.d
        return [first.A] + ([first.asking.A] if getattr(first, "asking", None) is not None else [])

    def score_top(self) -> float:
        """The scores' colour scale's end: the largest |z| of both heads' tables (one scale for both)."""
        first = getattr(self, "d1", None) or self.d
        heads = [first.scores] + ([first.asking.scores] if getattr(first, "asking", None) is not None else [])
        return max(float(np.abs(np.asarray(h, float)).max()) for h in heads) or 1.0

    def score_tint(self) -> HeatmapGrid:
        """The scores' heat under their numbers: each cell tinted by its score on the weights' diverging scale
        (look.diverging_color, high green), the largest |z| of both heads at the scale's end, at TINT opacity so the ink
        numbers keep their contrast. Placed under the table's grid; shown by the caller, gone once the weights
        (opaque) cover it."""
        z = np.asarray(self.d.scores, float)
        tint = HeatmapGrid(z, cell_w=self.cell_w, cell_h=self.cell_h, palette=self.pal, vmax=self.score_top())
        tint.shift(self.cell_center(0, 0) - tint.cell(0, 0).get_center())
        tint.show_rows(len(z))
        for layer in tint.layers.values():
            layer.set_fill(opacity=TINT).set_stroke(width=0)
        self._lift_negatives(tint)
        tint.remove(tint.outline)  # the grid's own outline frames the table
        return tint

    def _lift_negatives(self, tint: HeatmapGrid) -> None:
        """On a dark paper the negative shades at TINT (a muted purple over near-black) sink into it: there they
        are drawn more opaque, the least opacity that gives the most negative score of both heads a contrast of
        NEG_CONTRAST with the paper while the ink numbers keep TEXT_CONTRAST on it. One opacity for the table and
        its key; the light theme is left as it is."""
        bg, ink = self.pal.background, self.pal.ink
        if luminance(bg) > 0.2:
            return
        first = getattr(self, "d1", None) or self.d
        heads = [first.scores] + ([first.asking.scores] if getattr(first, "asking", None) is not None else [])
        low = min(float(np.min(h)) for h in heads)
        if low >= 0:
            return
        end = diverging_color(low, self.pal, self.score_top())
        seen = lambda o: to_hex(o * rgb(end) + (1 - o) * rgb(bg))  # noqa: E731
        ok = [o for o in np.linspace(TINT, 1.0, 56) if contrast(seen(o), bg) >= NEG_CONTRAST]
        opacity = ok[0] if ok and contrast(seen(ok[0]), ink) >= TEXT_CONTRAST else TINT
        for level, layer in tint.layers.items():
            if level < 0:
                layer.set_fill(opacity=opacity)

    def hatch(self, i: int, j: int) -> VGroup:
        """Diagonal strokes across the corners of cell (i, j), its centre left clear for the ×."""
        x0, y0 = self.cell_center(i, j)[:2] - np.array([self.cell_w, self.cell_h]) / 2
        strokes = VGroup()
        for c in HATCH:  # the line u − v = c across the unit cell, mapped onto the cell
            (u0, v0), (u1, v1) = ((c, 0.0), (1.0, 1.0 - c)) if c >= 0 else ((0.0, -c), (1.0 + c, 1.0))
            ends = [np.array([x0 + u * self.cell_w, y0 + v * self.cell_h, 0.0]) for u, v in ((u0, v0), (u1, v1))]
            inward = (ends[1] - ends[0]) / np.linalg.norm(ends[1] - ends[0]) * HATCH_INSET
            strokes.add(Line(ends[0] + inward, ends[1] - inward, stroke_color=self.pal.muted, stroke_width=2,
                             stroke_opacity=0.8, cap_style=CapStyleType.BUTT))
        return strokes

    def _decimals(self, values) -> tuple:
        """The most decimals (4 to 1) at which every one of `values` fits a cell at NUM_MIN or more,
        and the font size that takes. A table with negative numbers keeps NEG_PAD clear at each side of
        a cell, so a long '−' never runs into its neighbour or under a cell's highlight."""
        inner = self.cell_w - 2 * self.neg_pad if min(values) < 0 else self.cell_w * NUM_FILL
        for dec in (4, 3, 2, 1):
            probe = [self.txt(fmt_num(v, dec), size=NUM_MIN) for v in (min(values), max(values), 0.5)]
            room = min(1.0, self.cell_h / NUM_ROOM)
            size = self._uniform(probe, inner, NUM_MIN * room)
            if size >= NUM_MIN:  # room to spare: larger, up to NUM_MAX
                size = min(NUM_MAX * room, NUM_MIN * inner / max(t.width for t in probe))
            if size >= NUM_MIN or dec == 1:
                return dec, size

    def panel(self, group, y: float = 0.6, reach: float = 0.0):
        """`group` fitted into the right part of the frame and centred there; a group wider than that part
        may start up to `reach` further left (nearer the table) before it is scaled down."""
        left = self.panel_left
        if group.width > PANEL_RIGHT - left:
            left = max(left - reach, PANEL_RIGHT - group.width)
        room = PANEL_RIGHT - left
        if group.width > room:
            group.scale_to_fit_width(room)
        return group.move_to([(left + PANEL_RIGHT) / 2, y, 0])

    def note_size(self) -> float:
        """A side note's size: capitals 3.4 % of the frame height, Chinese glyphs about as tall."""
        return NOTE

    def table_view(self) -> VGroup:
        """The table and its labels as the scores section leaves them."""
        n = len(self.d.tokens)
        tint = getattr(self, "tint", None)  # the scores' heat, while the scores are shown
        key = getattr(self, "score_key", None)  # the second head's key to that heat, while it is shown
        return VGroup(*(m for m in (tint, key) if m is not None), self.grid, self.col_labels, self.row_labels, self.keys_label,
                      self.queries_label, self.table_name, *(self.score_nums[i][j] for i in range(n) for j in range(n)))
