"""The numbers of prenorm_block's depth section and of its recap (scenes.prenorm.depth, scenes.prenorm.ending), from
the engine (engine.depth.stacked_blocks, engine.depth_grad.depth_gradients; Xiong et al. 2020 §3): the skip-line
gradient from 1.00 at each stack's true output, Pre-LN's final LayerNorm's factor √(1 − 1/d − y₀²/d)/σ with its σ, y₀
and d, and token a's std along Pre-LN's stream."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.block import row_layer_norm
from engine.depth import stacked_blocks
from engine.depth_grad import DepthGradRecord, depth_gradients
from engine.prenorm_extra import mean_factor
from look import fmt_num


@dataclass(frozen=True, eq=False)
class DepthNumbers:
    g: DepthGradRecord
    pre_std: np.ndarray  # token a's std at the input and after each Pre-LN block
    post_std: np.ndarray  # ... Post-LN
    final_std: float  # token a's std after Pre-LN's final LayerNorm


def depth_numbers(d) -> DepthNumbers:
    """The stacks' numbers for the record d (PrenormLesson: its X, positions and ε)."""
    eps = float(d.eps)
    r = stacked_blocks(d.X, d.positions, eps=eps)
    g = depth_gradients(d.X, d.positions, eps=eps)
    final_std = float(row_layer_norm(r.pre[-1], eps)[0][0].std())
    return DepthNumbers(g=g, pre_std=r.pre_std[:, 0], post_std=r.post_std[:, 0], final_std=final_std)


def depth_args(n: DepthNumbers) -> dict:
    """The captions' numbers at 2 decimals: g0 at the output (1.00 in both), a1 Pre-LN's skip-line gradient (the same at
    every block: its final LN's factor), b1–b3 Post-LN's from block 3 back to block 1, p1–p3 token a's Pre-LN std after
    each block, f after the final LN; s, y, d: the final LN's σ, y₀ and width in its factor; q Post-LN's mean factor per
    block (engine.prenorm_extra.mean_factor)."""
    g = n.g
    return {"g0": fmt_num(g.post_skip[0], 2), "a1": fmt_num(g.pre_skip[1], 2),
            **{f"b{k}": fmt_num(g.post_skip[k], 2) for k in (1, 2, 3)},
            **{f"p{k}": fmt_num(n.pre_std[k], 2) for k in (1, 2, 3)}, "f": fmt_num(n.final_std, 2),
            "s": fmt_num(g.final_sigma, 2), "y": fmt_num(g.final_y, 2), "d": g.d, "q": fmt_num(mean_factor(g.post_skip), 2)}


def final_ln_tex(n: DepthNumbers) -> tuple[str, str]:
    """The final LayerNorm's factor for a unit gradient on entry 0, typeset: the rule with d put in
    (√(1 − 1/d − y₀²/d)/σ), and this example's y₀ and σ (its value, a1, stands on the line beside it)."""
    a = depth_args(n)
    y0 = r"y_{\textstyle 0}"  # the index at full size: a script-size 0 or 2 would be under 3 % of the frame
    # the root in brackets, so its bar cannot be read as running on over the "/σ"
    rule = rf"\left(\sqrt{{1 - 1/{a['d']} - {y0}^{{\textstyle 2}}/{a['d']}}}\right)/\,\sigma"
    put = rf"{y0} = {a['y'].replace('−', '-')},\; \sigma = {a['s']}"
    return rule, put


def final_ln_step(n: DepthNumbers) -> str:
    """The step before the factor, typeset: what the final LayerNorm hands back for the unit gradient e₀ on entry 0,
    (e₀ − 𝟏/d − y₀·y/d)/σ: its mean (1/d in every entry) and its part along y (y₀/d of y, as |y|² = d) removed, then
    divided by σ. Its length is the factor (final_ln_tex): 𝟏 ⟂ y, so |·|² = 1 − 1/d − y₀²/d over σ²."""
    d = depth_args(n)["d"]
    y0 = r"y_{\textstyle 0}"
    return rf"(e_{{\textstyle 0}} - \mathbf{{1}}/{d} - {y0}\, y/{d})\,/\,\sigma"

