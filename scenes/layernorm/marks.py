"""Marks drawn over the columns of layernorm_steps for one step each: the squared distances from μ
(step 1), the arrows of length μ every bar drops by (step 2), the divisor √(σ² + ε) with its value
and ε (step 3), the ticks −1, 0, 1 at the left of each column (from step 3 on), the aside's formula.

Each is built once from a column's current state (scenes.layernorm.columns.Column) and faded or
grown in place; the numbers come from the record (engine.norms.LayerNormSteps).
"""
from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, UP, Arrow, Line, Rectangle, VGroup

from look import fmt_num
from look.formats import fmt_power

TINY = 0.02  # scene units: a square or arrow smaller than this is left out


def squares(scene, col) -> VGroup:
    """One square per bar between its tip and the mean line, its side the distance |x − μ| on screen:
    their mean area is the variance (on the bars' scale)."""
    bars, s = col.bars, col.state
    out = VGroup()
    for k, v in enumerate(s.values):
        side = abs(v - s.mean) * bars.unit
        if side < TINY:
            continue
        sq = Rectangle(width=side, height=side, stroke_width=0, fill_color=scene.pal.accent, fill_opacity=0.3)
        sq.move_to([bars.x(k), (bars.level(v) + bars.level(s.mean)) / 2, 0])
        out.add(sq)
    return out


def mu_arrows(scene, col, drop: float) -> VGroup:
    """Beside every bar, an arrow from its tip down by `drop` (μ, in values): all the same length."""
    bars, s = col.bars, col.state
    length = drop * bars.unit
    out = VGroup()
    if abs(length) < 0.1:
        return out
    # clear of the number at the tip, which may gain a sign on the way
    half = max(bars.bar_w / 2, max(lb.advance * (len(lb.shown) + 1) for lb in col.labels) / 2)
    for k, v in enumerate(s.values):
        x = bars.x(k) + half + 0.08
        top = bars.level(v)
        out.add(Arrow([x, top, 0], [x, top - length, 0], buff=0, color=scene.pal.accent, stroke_width=4,
                      tip_length=0.14, max_tip_length_to_length_ratio=0.4, max_stroke_width_to_length_ratio=20))
    return out


def divisor(scene, col, value: float, eps: float, size: float) -> VGroup:
    """"÷ √(σ² + ε) = ÷ 0.1387   ε = 10⁻⁵" under a column: what step 3 divides its row by."""
    pal = scene.pal
    sign = scene.tex(r"\div\sqrt{\sigma^2+\varepsilon}\;=\;\div", size=size * 1.45)
    num = scene.txt(fmt_num(value, 4), size=size, color=pal.ink)
    e = scene.tex(r"\varepsilon = " + tex_power(eps), size=size * 1.45, color=pal.muted)
    num.next_to(sign, RIGHT, buff=0.15)
    return VGroup(VGroup(sign, num), e).arrange(DOWN, buff=0.14)


def tex_power(x: float) -> str:
    """fmt_power's text as LaTeX: 10⁻⁵ → 10^{-5}, 1.5×10⁻⁵ → 1.5\\times 10^{-5}."""
    text = fmt_power(x).replace("\u2212", "-")
    if "10" not in text or "×" not in text and not text.startswith("10"):
        return text
    head, _, exp = text.rpartition("10")
    sup = exp.translate(str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789"))
    return (head.replace("×", r"\times ") if head else "") + "10^{" + sup + "}"


def unit_ticks(scene, col, lo: float, hi: float, size: float) -> VGroup:
    """Ticks at −1, 0 and 1 left of a column's bars, on its current scale (those between lo and hi)."""
    bars, pal = col.bars, scene.pal
    out = VGroup()
    if bars.unit < 0.9 * size / 48:  # 0 and 1 closer than about two digit heights: no ticks
        return out
    for v in (-1, 0, 1):
        y = bars.level(v)
        if not lo <= y <= hi:
            continue
        tick = Line([bars.x_left - 0.14, y, 0], [bars.x_left - 0.02, y, 0], color=pal.muted, stroke_width=2)
        label = scene.txt(str(v).replace("-", "\u2212"), size=size, color=pal.muted)
        label.next_to(tick, LEFT, buff=0.06)
        out.add(VGroup(tick, label))
    return out


def aside_formula(scene, size: float) -> VGroup:
    """σ² = 1/n Σ (xᵢ − μ)², beside a struck-out 1/(n − 1): the variance nn.LayerNorm uses."""
    pal = scene.pal
    formula = scene.tex(r"\sigma^2 = \frac{1}{n}\sum_{i=1}^{n} (x_i - \mu)^2", size=size)
    other = scene.tex(r"\frac{1}{n-1}", size=size, color=pal.muted)
    strike = Line(other.get_corner(DOWN + LEFT), other.get_corner(UP + RIGHT), color=pal.bad, stroke_width=4)
    scene.label_on(other, strike)
    return VGroup(formula, VGroup(other, strike)).arrange(RIGHT, buff=0.6)


def row_box(scene, col, left: float, bottom: float, top: float, right: float | None = None) -> Rectangle:
    """A frame around one column's bars, numbers and ticks (from `left`, between `bottom` and `top`): the
    row LayerNorm normalises on its own."""
    right = col.bars.x_left + col.bars.span + 0.08 if right is None else right
    box = Rectangle(width=right - left, height=top - bottom, color=scene.pal.accent, stroke_width=3)
    return box.move_to([(left + right) / 2, (top + bottom) / 2, 0])
