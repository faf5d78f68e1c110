"""One row of the layer output as a column of the picture, and the motion from one step to the next.

A `Column` holds the row's bars (scenes.parts.bars.BarRow), a number at each bar's tip, the mean as a
dashed line, the band mean ± σ, and a read-out "mean … variance …" of the bars on screen. Its
`State` (values, mean, half-width of the band, variance) is what one step leaves; `Drive` moves
every column from its state to the next one frame by frame, so the bars stretch, the numbers at
their tips ride with them and count, and the read-out counts to the step's mean and variance: one
step's result becomes the next step's input in place, nothing is faded out and rebuilt. Every
number is built once (scenes.parts.glyphs.GlyphNumber) and only re-set per frame.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from manim import RIGHT, Animation, DashedLine, Mobject, Rectangle, VGroup

from look import fmt_num
from scenes.parts.bars import MIN_HEIGHT, BarRow
from scenes.parts.glyphs import GlyphNumber, glyph_outlines

LABEL_BUFF = 0.08  # between a bar's tip and its number


def label_decimals(values) -> int:
    """Decimals of the numbers on the bars: 2, fewer for large values (a label stays narrow), more
    for tiny ones (no row of 0.00)."""
    top = float(np.max(np.abs(values)))
    for limit, dec in ((99.95, 0), (9.995, 1), (0.0995, 2), (0.00995, 3)):
        if top >= limit:
            return dec
    return 4


@dataclass(frozen=True)
class State:
    """What one step leaves in a column: the bar values (n,), the mean, the band's half-width, the
    variance the read-out states and how many times taller than the common scale the bars are drawn
    (the raw rows are small: they are shown magnified until the step that rescales them)."""

    values: np.ndarray  # (n,)
    mean: float
    half: float
    var: float
    zoom: float = 1.0

    def lerp(self, other: "State", a: float) -> "State":
        return State(self.values + a * (other.values - self.values), self.mean + a * (other.mean - self.mean),
                     self.half + a * (other.half - self.half), self.var + a * (other.var - self.var),
                     self.zoom + a * (other.zoom - self.zoom))


class Column:
    def __init__(self, scene, values, *, left: float, width: float, y0: float, unit: float, states, size: float,
                 readout_y: float):
        """`states`: every State the column will show (the labels' room and decimals follow them all)."""
        pal, font = scene.pal, scene.look.font
        self.bars = BarRow(values, left=left, width=width, y0=y0, unit=unit, color=pal.cool, fill_opacity=1.0)
        self.base_unit = unit  # scene units per value at zoom 1
        self.n = len(values)
        self.decimals = label_decimals(values)
        # room for any value a move passes through, at any step's decimals (a move shows its end's decimals)
        top = max(float(np.max(np.abs(s.values))) for s in states)
        decimals = max((label_decimals(s.values) for s in states if np.any(s.values)), default=2)
        slots = len(fmt_num(-top, decimals))
        # as large as asked, but no wider than a bar's step less a gap (many features: smaller, never below
        # 17); the text is about one slot narrower than its slots ("." and "−" are narrow)
        advance = glyph_outlines(font, size)[1]
        self.label_size = max(17.0, min(size, size * (self.bars.step - 0.08) / (advance * (slots - 1))))
        self.labels = VGroup(*(GlyphNumber(0.0, decimals=self.decimals, width=slots, font=font,
                                           font_size=self.label_size, color=pal.ink) for _ in range(self.n)))
        for label in self.labels:  # a halo of the background: a line passing behind a number leaves it legible
            for slot in label.slots:
                slot.set_background_stroke(color=pal.background, width=5, opacity=1.0)
        span = self.bars.span
        self.mean_line = DashedLine([left, y0, 0], [left + span, y0, 0], color=pal.accent, stroke_width=3)
        for label in self.labels:  # the mean line runs behind the numbers at the tips (drawn over it)
            scene.label_on(label, self.mean_line)
        self.band = Rectangle(width=span, height=MIN_HEIGHT, stroke_width=0, fill_color=pal.accent,
                              fill_opacity=0.16)
        # the read-out: "mean 0.1324   variance 0.0192", its numbers changing with the bars
        wide = max(max(len(fmt_num(-abs(s.mean), 4)), len(fmt_num(s.var, 4))) for s in states)
        self.mean_num = GlyphNumber(0.0, decimals=4, width=wide, font=font, font_size=size, color=pal.accent,
                                    align="left")
        self.var_num = GlyphNumber(0.0, decimals=4, width=wide, font=font, font_size=size, color=pal.accent,
                                   align="left")
        words = [scene.txt(scene.s(k), size=size, color=pal.accent) for k in ("mean", "variance")]
        self.readout = VGroup(words[0], self.mean_num, words[1], self.var_num)
        for k in (1, 2, 3):
            self.readout[k].next_to(self.readout[k - 1], RIGHT, buff=0.14 if k != 2 else 0.3)
        self.readout.move_to([left + span / 2, readout_y, 0])
        for w in words:  # the words on the digits' baseline
            w.shift([0, self.mean_num.box.get_bottom()[1] - w.get_bottom()[1], 0])
        self.state = State(np.asarray(values, dtype=float), 0.0, 0.0, 0.0)
        self.set_state(self.state)

    def set_state(self, s: State) -> None:
        """Put the column in state `s`: bars, tip numbers, mean line, band and read-out."""
        bars = self.bars
        bars.unit = self.base_unit * s.zoom
        for k, (bar, label, v) in enumerate(zip(bars.bars, self.labels, s.values)):
            x0, x1 = bars.x(k) - bars.bar_w / 2, bars.x(k) + bars.bar_w / 2
            tip = bars.level(v) if abs(v) * bars.unit >= MIN_HEIGHT else bars.y0 + (MIN_HEIGHT if v >= 0 else
                                                                                    -MIN_HEIGHT)
            bar.set_points_as_corners([[x0, bars.y0, 0], [x1, bars.y0, 0], [x1, tip, 0], [x0, tip, 0],
                                       [x0, bars.y0, 0]])
            label.set_value(float(v))
            lo, hi = label.text_edges()
            box = label.box
            y = tip + LABEL_BUFF - box.get_bottom()[1] if v >= 0 else tip - LABEL_BUFF - box.get_top()[1]
            label.shift([bars.x(k) - (lo + hi) / 2, y, 0])
        line_y = bars.level(s.mean)
        self.mean_line.shift([0, line_y - self.mean_line.get_center()[1], 0])
        lo, hi = bars.level(s.mean - s.half), bars.level(s.mean + s.half)
        h = max(hi - lo, MIN_HEIGHT)
        left, right = bars.x_left, bars.x_left + bars.span
        self.band.set_points_as_corners([[left, lo, 0], [right, lo, 0], [right, lo + h, 0], [left, lo + h, 0],
                                         [left, lo, 0]])
        self.mean_num.set_value(float(s.mean))
        self.var_num.set_value(float(s.var))
        self.state = s

    def use_decimals(self, values) -> None:
        """The tip numbers' decimals for a step that ends at `values`."""
        dec = label_decimals(values)
        for label in self.labels:
            label.decimals = dec


class Drive(Animation):
    """Move every column from its state to `targets` (one State each), in place: nothing is copied."""

    def __init__(self, columns, targets, mobject, *, scene=None, zoom=None, **kwargs):
        """`zoom`: a GlyphNumber stating how much taller than the common scale the bars are drawn."""
        super().__init__(mobject, **kwargs)
        self.columns, self.targets, self.zoom = columns, targets, zoom
        self.starts = [c.state for c in columns]
        self.scene = scene
        for c, t in zip(columns, targets):
            c.use_decimals(t.values)

    def create_starting_mobject(self) -> Mobject:
        return Mobject()  # the columns are re-shaped in place

    def interpolate_mobject(self, alpha: float) -> None:
        a = self.rate_func(alpha)
        for k, (c, s0, s1) in enumerate(zip(self.columns, self.starts, self.targets)):
            c.set_state(s1 if a >= 1.0 else s0.lerp(s1, a))
            if self.scene is not None:  # what the frame shows (NAME.frames.csv)
                self.scene.shown[f"mean_{k}"] = float(c.mean_num.value)
                self.scene.shown[f"variance_{k}"] = float(c.var_num.value)
        if self.zoom is not None:
            self.zoom.set_value(self.columns[0].state.zoom)
            if self.scene is not None:
                self.scene.shown["bar_zoom"] = float(self.columns[0].state.zoom)


class Touch(Animation):
    """Marks a mobject that another animation re-shapes as moving (Manim then redraws it every frame)."""

    def create_starting_mobject(self) -> Mobject:
        return Mobject()

    def interpolate_mobject(self, alpha: float) -> None:
        pass


def drive(scene, columns, targets, zoom=None, **kwargs) -> list:
    """The animations that move `columns` to `targets`: one Drive, and every piece on screen marked."""
    present = {id(m) for m in scene.get_mobject_family_members()}
    pieces = [m for c in columns for m in (c.band, c.bars, c.mean_line, c.labels, c.readout) if id(m) in present]
    if zoom is not None and id(zoom) in present:
        pieces.append(zoom)
    else:
        zoom = None
    return [Drive(columns, targets, pieces[0], scene=scene, zoom=zoom, **kwargs),
            *(Touch(m, **kwargs) for m in pieces[1:])]


def magnify(early, late, steps=(3.0, 2.5, 2.0, 1.5)) -> float:
    """How many times taller the early (raw, centred) states can be drawn on the late states' scale:
    the largest of `steps` at which they stay inside the late states' extent, else 1."""
    def extent(states):
        hi = max(0.0, *(max(s.values.max(), s.mean + s.half) for s in states))
        lo = min(0.0, *(min(s.values.min(), s.mean - s.half) for s in states))
        return hi, lo

    (e_hi, e_lo), (l_hi, l_lo) = extent(early), extent(late)
    fit = min(l_hi / e_hi if e_hi > 0 else np.inf, l_lo / e_lo if e_lo < 0 else np.inf)
    return next((z for z in steps if z <= fit), 1.0)
