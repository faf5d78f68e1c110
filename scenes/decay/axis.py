"""signal_decay's axis (seed 004 §4.2): the RMS on a log scale against the layer, its decades (labelled in
RMS units: 0.01, 0.1, 1, 10, 100, 10ⁿ beyond) and layer ticks.

The axis has two ranges: the zoomed one the slope section reads the straight line and the wobble on
(`zoom_range`: the line for s = 0.9 and its straight line l·log₁₀ s, about ±2 decades), and the full one
the sweep needs (`log_range`: every RMS of the record). The scene moves from one to the other once; the
lines follow every frame because `y_of_log` reads the range from two trackers.
"""
from __future__ import annotations

from typing import Callable

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Line, ValueTracker, VGroup

from look import fmt_num

AX_X0, AX_X1 = -4.7, 2.0  # layer 0 (the input) and layer L
AX_Y0, AX_Y1 = -1.9, 2.35  # the axis' lowest and highest decade
LABEL = 28  # every label's size: capitals and digits at least 3.2 % of the frame height
TICK_STEPS = (1, 2, 5, 10, 20, 25, 50, 100)


def layer_ticks(n_layers: int) -> list[int]:
    """The layers labelled under the axis: 1, every `step`-th layer (at most about 5 of them) and the
    last; a multiple too close to the last layer is left out (30 and 31 would collide)."""
    step = next(k for k in TICK_STEPS if n_layers / k <= 5)
    ticks = {1, n_layers, *(m for m in range(step, n_layers, step) if n_layers - m >= step / 2)}
    return sorted(ticks)


EXPONENT = LABEL  # a power of ten's exponent, as large as a label: its digits at least 3.2 % of the frame height


def decade_text(e: int) -> tuple[str, str]:
    """The RMS at decade e as its tick label reads it: ("0.01", "") … ("100", "") plainly, ("10", "−5") beyond
    (10 with a raised exponent, drawn in the labels' own face)."""
    if -2 <= e <= 2:
        return fmt_num(10.0 ** e, max(0, -e)), ""
    return "10", fmt_num(float(e), 0)


def _span(values: np.ndarray, least: float) -> tuple[float, float, int]:
    values = values[np.isfinite(values)]
    lo, hi = min(float(values.min()), -least), max(float(values.max()), least)
    step = next(k for k in TICK_STEPS if (np.ceil(hi / k) - np.floor(lo / k)) <= 5)
    return float(np.floor(lo / step) * step), float(np.ceil(hi / step) * step), step


def log_range(d) -> tuple[float, float, int]:
    """The full axis: (lowest, highest decade, step between labelled decades), around every RMS of the
    record (every layer, every s, with and without LayerNorm), at least −1 … 1."""
    values = np.concatenate([d.rms_plain.ravel(), d.rms_ln.ravel()])
    return _span(np.log10(values[values > 0]), 1.0)


def zoom_range(d) -> tuple[float, float, int]:
    """The zoomed axis of the slope section: around the line for the first reference s (0.9) and its
    straight line l·log₁₀ s, at least −1 … 1 (the wobble, 0.17 decades by default, is visible on it)."""
    k = int(np.argmin(np.abs(d.s_values - float(d.reference_s[0]))))
    straight = np.arange(d.n_layers + 1) * float(d.log_slope[k])  # (L + 1,)
    values = np.concatenate([np.log10(d.rms_plain[k][d.rms_plain[k] > 0]), straight])
    return _span(values, 1.0)


class LogAxis:
    """The axis mixin: needs L, pal, txt, tex, s (scenes.signal_decay.SignalDecay)."""

    def x_of(self, layer):
        return AX_X0 + np.asarray(layer, dtype=float) / max(self.L, 1) * (AX_X1 - AX_X0)

    def y_of_log(self, lg):
        lo, hi = self.lo_t.get_value(), self.hi_t.get_value()
        lg = np.clip(lg, lo, hi)
        return AX_Y0 + (lg - lo) / (hi - lo) * (AX_Y1 - AX_Y0)

    def y_of(self, v):
        with np.errstate(divide="ignore"):
            return self.y_of_log(np.log10(np.maximum(v, 1e-300)))

    def grid(self, lo: float, hi: float, step: int) -> VGroup:
        """Decade lines and their labels for the range lo … hi (placed for that range)."""
        pal = self.pal
        lines, labels, offsets = VGroup(), VGroup(), []
        decades = list(np.arange(lo, hi + 1e-9, step))
        for v in decades:
            y = AX_Y0 + (v - lo) / (hi - lo) * (AX_Y1 - AX_Y0)
            line = Line([AX_X0, y, 0], [AX_X1, y, 0], stroke_color=pal.muted, stroke_width=1.5,
                        stroke_opacity=0.7 if v == 0 else 0.4)  # visible on the dark theme's near-black too
            line.base_opacity = line.get_stroke_opacity()
            lines.add(line)
            base, power = decade_text(int(round(v)))
            label = VGroup(self.txt(base, size=LABEL, color=pal.muted))
            if power:
                exp = self.txt(power, size=EXPONENT, color=pal.muted)
                label.add(exp.next_to(label[0], RIGHT, buff=0.04).align_to(label[0], UP).shift(UP * 0.16))
            labels.add(label.next_to([AX_X0, y, 0], LEFT, buff=0.15).align_to([0, y - label[0].height / 2, 0], DOWN))
            offsets.append(label.get_y() - y)
        grid = VGroup(lines, labels)
        grid.decades, grid.step, grid.offsets = decades, step, offsets
        return grid

    def rescale(self, old: VGroup, new: VGroup, lo: float, hi: float) -> tuple[list, Callable[[], None]]:
        """The axis zooming to lo … hi: (animations to play, what to call after them). Both grids' decades ride
        on the moving scale, the new ones in over the first third, the old ones out over the last third (the
        axis is never without a scale); a grid's labels fade while its decades crowd closer than a label."""
        t = ValueTracker(0.0)

        def place(grid: VGroup, alpha: float) -> None:
            a, b = self.lo_t.get_value(), self.hi_t.get_value()
            gap = grid.step / (b - a) * (AX_Y1 - AX_Y0)  # two labelled decades apart, now
            alpha *= float(np.clip((gap - 0.32) / 0.2, 0.0, 1.0))
            for v, line, label, dy in zip(grid.decades, grid[0], grid[1], grid.offsets):
                y = AX_Y0 + (v - a) / (b - a) * (AX_Y1 - AX_Y0)
                seen = alpha if AX_Y0 - 1e-6 <= y <= AX_Y1 + 1e-6 else 0.0
                line.set_y(y).set_stroke(opacity=line.base_opacity * seen)
                label.set_y(y + dy).set_opacity(seen)

        old.add_updater(lambda _m: place(old, float(np.clip(3 * (1 - t.get_value()), 0, 1))))
        new.add_updater(lambda _m: place(new, float(np.clip(3 * t.get_value(), 0, 1))))
        place(new, 0.0)
        self.add(new)

        def done() -> None:
            old.clear_updaters(), new.clear_updaters()
            self.remove(old)
            place(new, 1.0)

        return [t.animate.set_value(1.0), self.lo_t.animate.set_value(lo), self.hi_t.animate.set_value(hi)], done

    def build_axis(self, d) -> None:
        """The zoomed and the full grid, the axis lines, titles and layer ticks; starts zoomed."""
        pal = self.pal
        self.full, self.zoom = log_range(d), zoom_range(d)
        self.lo_t, self.hi_t = ValueTracker(self.zoom[0]), ValueTracker(self.zoom[1])
        self.grid_zoom, self.grid_full = self.grid(*self.zoom), self.grid(*self.full)
        lines = VGroup(Line([AX_X0, AX_Y0, 0], [AX_X1, AX_Y0, 0], stroke_color=pal.muted, stroke_width=2),
                       Line([AX_X0, AX_Y0, 0], [AX_X0, AX_Y1, 0], stroke_color=pal.muted, stroke_width=2))
        # the RMS itself is read off the axis (its ticks in RMS units), clear of the title above it
        y_title = self.txt(self.s("y_title"), size=LABEL, color=pal.ink)
        y_title.move_to([AX_X0 + 0.05, AX_Y1 + 0.17, 0], aligned_edge=LEFT + DOWN)  # right of the decade labels
        xlabels = VGroup()
        ticks = [0] + [t for t in layer_ticks(self.L) if t != 1 or self.L < 5]
        for layer in ticks:
            xlabels.add(self.txt(str(layer), size=LABEL, color=pal.muted).move_to([self.x_of(layer), AX_Y0 - 0.34, 0]))
        # the axis' name after its last tick: clear of the lowest decade's label at the corner
        word = self.txt(self.s("layer"), size=LABEL, color=pal.muted)
        xlabels.add(word.next_to(xlabels[-1], RIGHT, buff=0.25).align_to(xlabels[-1], DOWN))
        self.frame_lines = VGroup(lines, y_title, xlabels)
        self.axes = VGroup(self.grid_zoom, self.frame_lines)
