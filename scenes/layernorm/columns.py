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
from scenes.parts.glyphs import GlyphNumber

LABEL_BUFF = 0.08  # between a bar's tip and its number
LABEL_GAP = 0.12  # least room between two neighbouring numbers
EDGE = 0.06  # least room between a number and the row's left or right end (the band's edge)
CLEAR_PAD = 0.05  # half an outline's mark: a number keeps this much more room from it
ZERO_CLEAR = 0.16  # least room between the zero line and a number under it


def label_decimals(values) -> int:
    """Decimals of the numbers on the bars: 2, fewer for large values (a label stays narrow), more
    for tiny ones (no row of 0.00)."""
    top = float(np.max(np.abs(values)))
    for limit, dec in ((99.95, 0), (9.995, 1), (0.0995, 2), (0.00995, 3)):
        if top >= limit:
            return dec
    return 4


def value_decimals(*rows) -> int:
    """The decimals of every tip number in a step ending at `rows` (one array per column): one format
    for the whole step, the rows' label_decimals or more where a value that is not 0 would round to 0
    at them (a centred −0.0037 is shown as −0.004, and every other number of that step with 3 decimals,
    never as 0.00), at most 6."""
    dec = max(label_decimals(v) for v in rows)
    for v in np.concatenate([np.ravel(np.asarray(r, dtype=float)) for r in rows]):
        if v != 0 and abs(v) < 0.5 * 10.0**-dec:
            dec = min(6, max(dec, int(np.ceil(-np.log10(2 * abs(v)) - 1e-9))))  # the fewest that show it
    return dec


def exact_decimals(values, most: int = 6) -> int:
    """The fewest decimals (at most `most`) that write every value exactly: the precision the data are given at, so
    that the statistics stated from them can be worked out by hand from the numbers shown."""
    v = np.ravel(np.asarray(values, dtype=float))
    return next((dec for dec in range(most + 1) if np.allclose(np.round(v, dec), v, rtol=0.0, atol=1e-9)), most)


@dataclass(frozen=True)
class State:
    """What one step leaves in a column: the bar values (n,), the mean, the band's half-width and the
    variance the read-out states."""

    values: np.ndarray  # (n,)
    mean: float
    half: float
    var: float
    name: str = "variance"  # the read-out's word for the variance: σ² of the input, Var of the bars after step 3
    decimals: int = 0  # the least the tip numbers show (the input at its own precision: exact_decimals)

    def lerp(self, other: "State", a: float) -> "State":
        """The state a fraction `a` of the way to `other`. Where the variance changes what it is the variance of
        (σ² of the input → Var of the bars on screen, the division), the read-out keeps the input's σ² until the
        move has landed, then shows the new Var: never a σ² that is not the input's."""
        if self.name != other.name:
            var, name = (self.var, self.name) if a < 1.0 else (other.var, other.name)
        else:
            var, name = self.var + a * (other.var - self.var), self.name
        return State(self.values + a * (other.values - self.values), self.mean + a * (other.mean - self.mean),
                     self.half + a * (other.half - self.half), var, name, other.decimals)


class Column:
    def __init__(self, scene, values, *, left: float, width: float, y0: float, unit: float, states, size: float,
                 readout_y: float, decimals: int = 0):
        """`states`: every State the column will show (the labels' room and decimals follow them all);
        `decimals`: the most any step gives its numbers (a step's format is shared by every column).
        The scale (`y0`, `unit`) is fixed: one axis for every step."""
        pal, font = scene.pal, scene.look.font
        self.bars = BarRow(values, left=left, width=width, y0=y0, unit=unit, color=pal.cool, fill_opacity=1.0)
        self.n = len(values)
        # room for any value a move passes through, at any decimals a step gives it (a move shows its end's)
        most = max([decimals, *(max(value_decimals(s.values), s.decimals) for s in states)])
        slots = [len(fmt_num(-float(np.max([abs(s.values[k]) for s in states])), most)) for k in range(self.n)]
        self.label_size = size  # never shrunk: labels that would touch are moved apart instead (set_state)
        self.labels = VGroup(*(GlyphNumber(0.0, decimals=max(value_decimals(states[0].values), states[0].decimals), width=slots[k], font=font, font_size=size,
                                           color=pal.ink) for k in range(self.n)))
        for label in self.labels:  # a halo of the background: a line passing behind a number leaves it legible
            for slot in label.slots:
                slot.set_background_stroke(color=pal.background, width=5, opacity=1.0)
        span = self.bars.span
        self.mean_line = DashedLine([left, y0, 0], [left + span, y0, 0], color=pal.accent, stroke_width=3)
        for label in self.labels:  # the mean line runs behind the numbers at the tips (drawn over it)
            scene.label_on(label, self.mean_line)
        self.band = Rectangle(width=span, height=MIN_HEIGHT, stroke_width=0, fill_color=pal.accent,
                              fill_opacity=0.3 if scene.look.theme == "dark" else 0.16)  # clearly seen on either paper
        # the read-out: "mean 0.1324   variance 0.0192", its numbers changing with the bars
        wide = max(max(len(fmt_num(-abs(s.mean), 4)), len(fmt_num(s.var, 4))) for s in states)
        self.mean_num = GlyphNumber(0.0, decimals=4, width=wide, font=font, font_size=size, color=pal.accent,
                                    align="left")
        self.var_num = GlyphNumber(0.0, decimals=4, width=wide, font=font, font_size=size, color=pal.accent,
                                   align="left")
        # the variance's word per kind of state: σ² only for the input's (and the centred row's, the same value)
        names = sorted({s.name for s in states} | {"variance"})
        named = {k: scene.txt(scene.s(k), size=size, color=pal.accent) for k in names}
        widest = max(named.values(), key=lambda m: m.width)
        words = [scene.txt(scene.s("mean"), size=size, color=pal.accent), named["variance"]]
        self.readout = VGroup(words[0], self.mean_num, words[1], self.var_num)
        layout = VGroup(words[0], self.mean_num, widest.copy(), self.var_num)
        for k in (1, 2, 3):
            layout[k].next_to(layout[k - 1], RIGHT, buff=0.14 if k != 2 else 0.3)
        layout.move_to([left + span / 2, readout_y, 0])
        for k, w in (("mean", words[0]), *named.items()):  # the words on the digits' baseline (μ's tail below it)
            probe = scene.txt(scene.s(k) + "0", size=size)  # the word and a digit: how far the word dips under
            dip = VGroup(*probe[:-1]).get_bottom()[1] - probe[-1].get_bottom()[1]
            w.shift([0, self.mean_num.box.get_bottom()[1] + min(dip, 0.0) - w.get_bottom()[1], 0])
            if k != "mean":  # each right next to the number
                w.shift([self.var_num.box.get_left()[0] - 0.14 - w.get_right()[0], 0, 0])
        self.names = {k: w.copy() for k, w in named.items()}
        self.name = "variance"
        self.state = State(np.asarray(values, dtype=float), 0.0, 0.0, 0.0)
        self.clear = None  # (n,) values of marks drawn over the bars (outlines) that the numbers stay clear of
        self.avoid, self.avoid_a = (), 0.0  # values of lines across the row a number moves off, and how far (0..1)
        self.set_state(self.state)

    def set_state(self, s: State) -> None:
        """Put the column in state `s`: bars, tip numbers, mean line, band and read-out."""
        bars = self.bars
        placed = []  # (number, left, right, bottom, top, side) of the numbers already placed
        for k, (bar, label, v) in enumerate(zip(bars.bars, self.labels, s.values)):
            x0, x1 = bars.x(k) - bars.bar_w / 2, bars.x(k) + bars.bar_w / 2
            tip = bars.level(v) if abs(v) * bars.unit >= MIN_HEIGHT else bars.y0 + (MIN_HEIGHT if v >= 0 else
                                                                                    -MIN_HEIGHT)
            bar.set_points_as_corners([[x0, bars.y0, 0], [x1, bars.y0, 0], [x1, tip, 0], [x0, tip, 0],
                                       [x0, bars.y0, 0]])
            label.set_value(float(v))
            lo, hi = label.text_edges()
            box = label.box
            up = v >= 0  # a 0 above the line, where a value that is not negative stands (a distance drawn over it)
            if self.clear is not None:  # above the taller of the bar and its outline (below the lower one)
                mark = bars.level(float(self.clear[k])) + (CLEAR_PAD if up else -CLEAR_PAD)
                tip = max(tip, mark) if up else min(tip, mark)
            y = tip + LABEL_BUFF - box.get_bottom()[1] if up else tip - LABEL_BUFF - box.get_top()[1]
            if not up:  # a short bar's number hangs clear of the zero line (and a mean line on it), not on it
                y = min(y, bars.y0 - ZERO_CLEAR - box.get_top()[1])
            label.shift([bars.x(k) - (lo + hi) / 2, y, 0])
            lo, hi = label.text_edges()
            inside = max(bars.x_left + EDGE - lo, 0.0) + min(bars.x_left + bars.span - EDGE - hi, 0.0)  # over the row
            label.shift([inside, 0, 0])
            lo, hi = lo + inside, hi + inside
            bottom, top = box.get_bottom()[1], box.get_top()[1]
            for line in self.avoid:  # a number on a line across the row moves off it, away from its bar
                y = bars.level(float(line))
                if bottom - CLEAR_PAD < y < top + CLEAR_PAD:
                    dy = self.avoid_a * ((y + CLEAR_PAD - bottom) if up else (y - CLEAR_PAD - top))
                    label.shift([0, dy, 0])
                    bottom, top = bottom + dy, top + dy
            # a number that would touch its neighbour's on the same side: the two make room side by side (this one
            # right, then the neighbour left, each within the row); only if that is not enough does it move away
            # from the zero line, past the neighbour
            right_end = bars.x_left + bars.span - EDGE
            for j in range(len(placed) - 1, -1, -1):
                other, l2, r2, b2, t2, side = placed[j]
                if side != up or bottom >= t2 + 0.04 or top <= b2 - 0.04:
                    continue
                need = r2 + LABEL_GAP - lo
                if need <= 0:
                    break
                mine = min(need, max(0.0, right_end - hi))
                label.shift([mine, 0, 0])
                lo, hi = lo + mine, hi + mine
                left_end = max([bars.x_left + EDGE] + [q[2] + LABEL_GAP for q in placed[:j]
                                                if q[5] == up and q[3] < t2 + 0.04 and q[4] > b2 - 0.04])
                theirs = min(need - mine, max(0.0, l2 - left_end))
                other.shift([-theirs, 0, 0])
                placed[j] = (other, l2 - theirs, r2 - theirs, b2, t2, side)
                if need - mine - theirs > 1e-9:
                    dy = (t2 + 0.04 - bottom) if up else (b2 - 0.04 - top)
                    label.shift([0, dy, 0])
                    bottom, top = bottom + dy, top + dy
                break
            placed.append((label, lo, hi, bottom, top, up))
        line_y = bars.level(s.mean)
        self.mean_line.shift([0, line_y - self.mean_line.get_center()[1], 0])
        lo, hi = bars.level(s.mean - s.half), bars.level(s.mean + s.half)
        h = max(hi - lo, MIN_HEIGHT)
        left, right = bars.x_left, bars.x_left + bars.span
        self.band.set_points_as_corners([[left, lo, 0], [right, lo, 0], [right, lo + h, 0], [left, lo + h, 0],
                                         [left, lo, 0]])
        self.mean_num.set_value(float(s.mean))
        self.var_num.set_value(float(s.var))
        if s.name != self.name and s.name in self.names:  # the word says whose variance it is
            self.readout[2].become(self.names[s.name])
            self.name = s.name
        self.state = s

    def set_scale(self, y0: float, unit: float) -> None:
        """Put the value 0 at `y0` and one unit at `unit` scene units (the axis zooms); set_state re-draws."""
        self.bars.y0, self.bars.unit = y0, unit

    def use_decimals(self, values, at_least: int = 0) -> None:
        """The tip numbers' decimals for a step that ends at `values` (value_decimals), at least `at_least`
        (the other columns' in the same step): one format for every number."""
        dec = max(value_decimals(values), at_least)
        for label in self.labels:
            label.decimals = dec


class Drive(Animation):
    """Move every column from its state to `targets` (one State each), in place: nothing is copied."""

    def __init__(self, columns, targets, mobject, *, scene=None, rescale=None, **kwargs):
        """`rescale(a)`: at each frame, before the columns are re-drawn, moves the scale (the axis zooming)."""
        super().__init__(mobject, **kwargs)
        self.columns, self.targets, self.rescale = columns, targets, rescale
        self.starts = [c.state for c in columns]
        self.scene = scene
        # one format for the step in every column that moves; a column that stays keeps its numbers as they are
        moving = [t for c, t in zip(columns, targets) if not np.array_equal(c.state.values, t.values)]
        dec = max(value_decimals(*(t.values for t in moving)), *(t.decimals for t in moving)) if moving else 0
        for c, t in zip(columns, targets):
            if moving and not np.array_equal(c.state.values, t.values):
                c.use_decimals(t.values, dec)

    def create_starting_mobject(self) -> Mobject:
        return Mobject()  # the columns are re-shaped in place

    def interpolate_mobject(self, alpha: float) -> None:
        a = self.rate_func(alpha)
        if self.rescale is not None:
            self.rescale(a)
        for k, (c, s0, s1) in enumerate(zip(self.columns, self.starts, self.targets)):
            c.set_state(s1 if a >= 1.0 else s0.lerp(s1, a))
            if self.scene is not None:  # what the frame shows (NAME.frames.csv)
                self.scene.shown[f"mean_{k}"] = float(c.mean_num.value)
                self.scene.shown[f"variance_{k}"] = float(c.var_num.value)
                self.scene.shown[f"variance_{k}_symbol"] = self.scene.s(c.name).rstrip(" =")  # σ² or Var


class Clear(Animation):
    """The numbers at `col`'s tips move clear of outlines whose values go from `start` to `end` (None: no
    outline, the numbers at their own bars' tips)."""

    def __init__(self, col, start, end, mobject, **kwargs):
        super().__init__(mobject, **kwargs)
        self.col = col
        self.start = col.state.values if start is None else np.asarray(start, dtype=float)
        self.end = None if end is None else np.asarray(end, dtype=float)

    def create_starting_mobject(self) -> Mobject:
        return Mobject()

    def interpolate_mobject(self, alpha: float) -> None:
        a = self.rate_func(alpha)
        end = self.col.state.values if self.end is None else self.end
        self.col.clear = None if (self.end is None and a >= 1.0) else self.start + a * (end - self.start)
        self.col.set_state(self.col.state)


class Avoid(Animation):
    """The numbers at `col`'s tips move off the lines at values `lines` as they are drawn (`on`), or back to
    their bars' tips as the lines leave."""

    def __init__(self, col, lines, on: bool, mobject, **kwargs):
        super().__init__(mobject, **kwargs)
        self.col, self.on = col, on
        col.avoid = tuple(lines)

    def create_starting_mobject(self) -> Mobject:
        return Mobject()

    def interpolate_mobject(self, alpha: float) -> None:
        a = self.rate_func(alpha)
        self.col.avoid_a = a if self.on else 1.0 - a
        self.col.set_state(self.col.state)


class Touch(Animation):
    """Marks a mobject that another animation re-shapes as moving (Manim then redraws it every frame)."""

    def create_starting_mobject(self) -> Mobject:
        return Mobject()

    def interpolate_mobject(self, alpha: float) -> None:
        pass


def drive(scene, columns, targets, rescale=None, also=(), **kwargs) -> list:
    """The animations that move `columns` to `targets`: one Drive, and every piece on screen marked (with
    `also`, what `rescale` moves)."""
    present = {id(m) for m in scene.get_mobject_family_members()}
    pieces = [m for c in columns for m in (c.band, c.bars, c.mean_line, c.labels, c.readout) if id(m) in present]
    pieces += [m for m in also if id(m) in present]
    return [Drive(columns, targets, pieces[0], scene=scene, rescale=rescale, **kwargs),
            *(Touch(m, **kwargs) for m in pieces[1:])]
