"""Why normalise, in layernorm_steps (engine.layernorm_extra.residual_growth): row 0 as a token's values x_0 in a
toy pre-LN residual stream, x_{ℓ+1} = x_ℓ + f_ℓ(LN(x_ℓ)) with seeded random sublayers f_ℓ. A small row of bars per
layer, all on one scale, grows layer by layer (its RMS under it); then from each a normalised copy LN(x_ℓ), what
that sublayer reads, drops into the row below: every copy the same size (RMS 1).

The charts step aside while it is up and come back in place after it, with the caption that follows (cap_why).
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, Line, Rectangle, ReplacementTransform, VGroup

from engine.layernorm_extra import residual_growth
from look import fmt_num
from scenes.parts.emphasis import read_with
from scenes.parts.panel import SAFE_HALF_WIDTH
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut

NAME_W = 1.7  # the rows' names "x_ℓ", "LN(x_ℓ)" at the left
ROWS_Y = (1.3, -0.95)  # the stream's zero line, the normalised copies' zero line
HALF = 1.0  # scene units: the largest |value| of either row
RMS_GAP = 0.3  # between a row's lowest bar and its RMS line


def bars(values, left: float, width: float, y0: float, unit: float, colour) -> VGroup:
    """One small bar per value over `left` … `left + width`, from the line `y0`, `unit` scene units per unit."""
    n = len(values)
    step = width / n
    out = VGroup()
    for k, v in enumerate(values):
        h = max(abs(float(v)) * unit, 0.012)
        out.add(Rectangle(width=0.72 * step, height=h, stroke_width=0, fill_color=colour, fill_opacity=0.9)
                .move_to([left + (k + 0.5) * step, y0 + np.sign(v) * h / 2, 0]))
    return out


def residual_picture(scene) -> None:
    """The charts step aside; the stream's layers grow as the first cue is read, the normalised copies drop out of
    them with the second; the picture leaves and the charts come back."""
    d, pal, size = scene.data, scene.pal, scene.label_size
    g = residual_growth(d)
    layers = g.stream.shape[0]
    left, right = -SAFE_HALF_WIDTH + 0.1 + NAME_W, SAFE_HALF_WIDTH - 0.1
    slot = (right - left) / layers
    unit = HALF / max(float(np.abs(g.stream).max()), float(np.abs(g.normed).max()))
    low = [max(float(-v.min()), 0.0) * unit + RMS_GAP + 0.12 for v in (g.stream, g.normed)]  # under each row's bars
    charts = [m for m in scene.mobjects if id(m) not in scene._captions and m is not scene.title_mob]
    names = VGroup(scene.tex(r"x_\ell", size=size * 1.9, color=pal.cool),
                   scene.tex(r"\mathrm{LN}(x_\ell)", size=size * 1.9, color=pal.ok))
    for m, y in zip(names, ROWS_Y):
        m.move_to([left - NAME_W / 2 - 0.05, y, 0])
    zero = VGroup(*(Line([left, y, 0], [right, y, 0], color=pal.muted, stroke_width=2) for y in ROWS_Y))
    heads, stream, rms, normed, nrms = VGroup(), VGroup(), VGroup(), VGroup(), VGroup()
    for layer in range(layers):
        x = left + layer * slot + 0.12
        w = slot - 0.24
        heads.add(scene.txt(scene.s("layer", l=layer), size=size, color=pal.muted).move_to([x + w / 2, 2.55, 0]))
        stream.add(bars(g.stream[layer], x, w, ROWS_Y[0], unit, pal.cool))
        normed.add(bars(g.normed[layer], x, w, ROWS_Y[1], unit, pal.ok))
        rms.add(scene.txt(scene.s("rms", v=fmt_num(float(g.rms[layer]), 2)), size=size, color=pal.ink)
                .move_to([x + w / 2, ROWS_Y[0] - low[0], 0]))
        nrms.add(scene.txt(scene.s("rms", v=fmt_num(float(g.normed_rms[layer]), 2)), size=size, color=pal.ink)
                 .move_to([x + w / 2, ROWS_Y[1] - low[1], 0]))
    for m in (*rms, *nrms):  # each within its layer's slot, clear of the next one's
        if m.width > slot - 0.12:
            m.scale_to_fit_width(slot - 0.12)
    scene.shown["residual_rms"] = [*map(float, g.rms)]
    # the charts step aside as the first cue comes in; the stream's first layer takes their place
    scene.caption(scene.cap["cap_residual"], with_=[QuickFadeOut(m) for m in charts], run_time=0.4)
    scene.remove(*charts)
    scene.play(*(QuickFadeIn(m) for m in (names[0], zero[0], heads[0], stream[0], rms[0])), run_time=0.5)
    for layer in range(1, layers):  # each layer is the one before plus its sublayer's output: it grows
        scene.play(ReplacementTransform(stream[layer - 1].copy(), stream[layer]), QuickFadeIn(heads[layer]),
                   QuickFadeIn(rms[layer]), run_time=0.6)
    read_with(scene, *rms, every=2.0)
    # each sublayer reads its input through LayerNorm: a copy drops out of every layer, all the same size
    scene.shown["residual_ln_rms"] = [*map(float, g.normed_rms)]
    drops = [ReplacementTransform(stream[layer].copy(), normed[layer]) for layer in range(layers)]
    scene.caption(scene.cap["cap_residual_ln"], run_time=1.2,
                  with_=[*drops, QuickFadeIn(names[1]), QuickFadeIn(zero[1]),
                         *(QuickFadeIn(m, shift=0.2 * DOWN) for m in nrms)])
    read_with(scene, *nrms, every=2.0, color=pal.ok)
    # the picture gives way to the charts as the next caption comes in
    picture = [names, heads, stream, rms, normed, nrms, zero]
    scene.read_caption()
    for key in ("residual_rms", "residual_ln_rms"):
        scene.shown.pop(key)
    scene.add(*charts)
    scene.caption(scene.cap["cap_why"], with_=[*(QuickFadeOut(m) for m in picture), *(QuickFadeIn(m) for m in charts)],
                  run_time=0.6)
    scene.remove(*picture)
