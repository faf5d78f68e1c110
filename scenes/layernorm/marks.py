"""Marks drawn over the columns of layernorm_steps: the distances
from μ and their squares, packed side by side to show their sum n·σ² (step 1), the
arrows of length μ every bar drops by (step 2), the divisor √(σ² + ε) with its value and ε
(step 3), the aside's formula.

Each is built once from a column's current state (scenes.layernorm.columns.Column) and faded or
grown in place; the numbers come from the record (engine.norms.LayerNormSteps).
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Arrow, DashedLine, Line, Rectangle, VGroup

from look import fmt_num
from scenes.layernorm.columns import Avoid
from scenes.parts.glyphmatrix import FixedNumber

TINY = 0.02  # scene units: the least side of a square (a distance of 0 still shows as a speck)
MIN_ARROW = 0.25  # scene units: shorter arrows would hide behind the numbers; none are drawn then


def deviations(scene, col) -> VGroup:
    """On every bar, a thick segment from its tip to the mean line: the distance xᵢ − μ, on the axis's scale."""
    bars, s = col.bars, col.state
    out = VGroup()
    for k, v in enumerate(s.values):
        x = bars.x(k)
        out.add(Line([x, bars.level(s.mean), 0], [x, bars.level(v), 0], color=scene.pal.accent, stroke_width=7))
    return out


def squares(scene, col, side_unit: float, top: float) -> VGroup:
    """One square per bar, its side |xᵢ − μ| · side_unit (enlarged: the same factor in every row), hanging
    under its bar from `top`: filled and outlined so that the smallest one still shows."""
    bars, s, pal = col.bars, col.state, scene.pal
    out = VGroup()
    for k, v in enumerate(s.values):
        side = max(abs(v - s.mean) * side_unit, TINY)
        sq = Rectangle(width=side, height=side, stroke_width=2, stroke_color=pal.ink, fill_color=pal.accent,
                       fill_opacity=0.85)
        sq.move_to([bars.x(k), top - side / 2, 0])
        out.add(sq)
    return out


def strip(segment, square) -> Rectangle:
    """A thin copy of `square`'s style standing where `segment` (a distance) is: what the square opens out of."""
    out = Rectangle(width=TINY, height=max(segment.get_length(), TINY), stroke_width=square.stroke_width,
                    stroke_color=square.stroke_color, fill_color=square.fill_color, fill_opacity=square.fill_opacity)
    return out.move_to(segment.get_center())


def packed(sq: VGroup, centre_x: float, bottom: float, gap: float = 0.05) -> list:
    """Where the squares go to stand side by side on one line: their areas added up (centre x of each)."""
    total = sum(m.width for m in sq) + gap * (len(sq) - 1)
    x = centre_x - total / 2
    out = []
    for m in sq:
        out.append([x + m.width / 2, bottom + m.height / 2, 0])
        x += m.width + gap
    return out


def square_sum(scene, total: float, n: int, size: float):
    """"Σ (x − μ)² = 0.1154 = 6 σ²": what the squares add up to (one formula, its number from the record; no
    index under Σ or on x, which would be too small to read)."""
    return scene.tex(r"\textstyle\sum (x-\mu)^2 = " + fmt_num(total, 4) + r" = " + str(n) + r"\,\sigma^2",
                     size=size * 1.6, color=scene.pal.accent)


def sum_term(total) -> tuple:
    """(the glyphs of "Σ (x − μ)²" in a square_sum, the rest of its glyphs): the squares turn into the first."""
    glyphs = total.family_members_with_points()
    return VGroup(*glyphs[:7]), VGroup(*glyphs[7:])


def sigma_tag(scene, col, sigma: float, size: float, symbol: str = "σ") -> VGroup:
    """"σ = 0.1387" in the read-out's second half (where the variance comes later): the band's half-width;
    with `symbol` "σ²", the variance under the name the caption gives it."""
    out = scene.txt(symbol + " = " + fmt_num(sigma, 4), size=size, color=scene.pal.accent)
    words = col.readout[2]
    out.move_to([words.get_left()[0] + out.width / 2, words.get_center()[1], 0])
    return out


def before_tag(scene, col, text: str, size: float):
    """`text` (row's variance before the shift) right under the read-out's variance, right-aligned with it,
    in ink over the faint lines of the axes (which it hides): the earlier value beside the new one."""
    out = scene.txt(text, size=size + 3, color=scene.pal.ink)  # full contrast, digits over 3 % of the height
    out.next_to(col.var_num, DOWN, buff=0.16)
    out.shift([col.readout.get_right()[0] - out.get_right()[0], 0, 0])
    scene.label_on(out, *(a.grid for a in scene.axes.values()), *(a.ticks for a in scene.axes.values()))
    return out


def mu_arrows(scene, col, drop: float) -> VGroup:
    """Beside every bar, an arrow from its tip down by `drop` (μ, in values): all the same length."""
    bars, s = col.bars, col.state
    length = drop * bars.unit
    out = VGroup()
    if abs(length) < MIN_ARROW:
        return out
    # clear of the number at the tip, which may gain a sign on the way
    half = max(bars.bar_w / 2, max(lb.advance * (len(lb.shown) + 1) for lb in col.labels) / 2)
    if half + 0.16 > bars.step - half:  # no room between two bars' numbers: the mean line's drop says it
        return out
    for k, v in enumerate(s.values):
        x = bars.x(k) + half + 0.08
        top = bars.level(v)
        out.add(Arrow([x, top, 0], [x, top - length, 0], buff=0, color=scene.pal.accent, stroke_width=4,
                      tip_length=0.14, max_tip_length_to_length_ratio=0.4, max_stroke_width_to_length_ratio=20))
    return out


def divisor(scene, col, value: float, eps: float, size: float) -> VGroup:
    """"÷ √(σ² + ε) is ÷ 0.1387   ε = 0.00001" on one line under a column: what step 3 divides its row by. The
    numbers in the text font, ε in full digits (a superscript exponent would be too small to read); the divisor
    in the read-outs' colour in every row, so pointing at it in turn never shows one row's in another colour."""
    pal = scene.pal
    sign = scene.tex(r"\div\sqrt{\sigma^2+\varepsilon}", size=size * 1.45)
    num = scene.txt("= \u00f7 " + fmt_num(value, 4), size=size, color=pal.accent)  # as the read-outs: a row's statistic
    e = scene.txt("ε = " + np.format_float_positional(eps, trim="-"), size=size, color=pal.ink)
    num.next_to(sign, RIGHT, buff=0.15)
    return VGroup(VGroup(sign, num), e).arrange(RIGHT, buff=0.4)  # one line: its digits keep their size


def aside_formula(scene, size: float, eps: float) -> VGroup:
    """σ² = Σ (xᵢ − μ)² / n, beside a struck-out / (n − 1), then its ε: the variance nn.LayerNorm uses and what it
    adds to it (on one line, no limits or fraction: every letter at the size of the text)."""
    pal = scene.pal
    formula = scene.tex(r"\textstyle\sigma^2 = \sum (x_i - \mu)^2 \,/\, n", size=size)
    other = scene.tex(r"/\,(n-1)", size=size, color=pal.ink)
    strike = Line(other.get_corner(DOWN + LEFT), other.get_corner(UP + RIGHT), color=pal.bad, stroke_width=4)
    scene.label_on(other, strike)
    e = scene.txt("ε = " + np.format_float_positional(eps, trim="-"), size=size / 1.45, color=pal.ink)
    return VGroup(formula, VGroup(other, strike), e).arrange(RIGHT, buff=0.6)


def param_rows(scene, c, names: bool, name_w: float, ys: tuple) -> dict:
    """The rows γ and β under a column's bars, at heights `ys`: each value under its feature's bar; the
    names at the left of the first column only (one γ and one β, shared by every row). {key: (name, values)}."""
    d, pal = scene.data, scene.pal
    out = {}
    for key, values, y, color in (("gamma", d.gamma, ys[0], pal.ok), ("beta", d.beta, ys[1], pal.bad)):
        name = None
        if names:
            name = scene.tex(r"\gamma" if key == "gamma" else r"\beta", size=40, color=color)
            name.move_to([c.bars.x_left - name_w / 2, y, 0])
        nums = VGroup()
        for k, v in enumerate(values):
            num = FixedNumber(f"{v:.2f}".replace("-", "\u2212"), font=scene.look.font, font_size=c.label_size,
                              color=color)
            num.move_to([c.bars.x(k), y, 0])
            nums.add(num)
        out[key] = (name, nums)
    return out


def avoid(cols, on: bool) -> list:
    """The tip numbers of every column moving off the dashed ±1 (unit_lines) as they are drawn, or back as they
    leave (scenes.layernorm.columns.Avoid)."""
    return [Avoid(c, (-1.0, 1.0), on, c.labels) for c in cols]


def unit_lines(scene, col) -> VGroup:
    """Dashed lines at +1 and −1 across a column (on its scale): the unit scale the band opens to."""
    bars = col.bars
    out = VGroup(*(DashedLine([bars.x_left, bars.level(v), 0], [bars.x_left + bars.span, bars.level(v), 0],
                              color=scene.pal.accent, stroke_width=3) for v in (1.0, -1.0)))
    for label in col.labels:
        scene.label_on(label, out)
    return out


def variance_ratio(scene, value: float, size: float) -> VGroup:
    """"Var = σ² / (σ² + ε) = 0.9995" on one line: the variance after step 3 (σ² the input's), under 1 by ε (its
    value from the record)."""
    frac = scene.tex(r"\mathrm{Var} = \sigma^2 / (\sigma^2+\varepsilon) =", size=size * 1.45)
    num = scene.txt(fmt_num(value, 4), size=size, color=scene.pal.accent)
    num.next_to(frac, RIGHT, buff=0.15)
    return VGroup(frac, num)
