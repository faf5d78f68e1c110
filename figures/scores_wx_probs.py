"""scores_wx_probs: the softmax of the scores W x as bars, a figure of scores_wx's record
(engine.toy.output_scores); its title states the result, and its caption (caption_probs) the scores,
the probabilities and what the softmax runs over.

Its drawing and strings live in figures.scores_wx, so the figures of one record read it the same
way; this module is the catalogue's entry point for this part.
"""
from __future__ import annotations

from figures.scores_wx import DECIMALS as ARROW_DECIMALS
from figures.scores_wx import PROB_DECIMALS, STRINGS, caption_probs, make_probs

DECIMALS = {**ARROW_DECIMALS, "probs": PROB_DECIMALS, "prob_sum": PROB_DECIMALS}  # as the bars print them

COLOUR_ROLES = ("ink", "muted", "background")  # the look.palette.ROLES it draws

make = make_probs
caption = caption_probs
__all__ = ["DECIMALS", "STRINGS", "caption", "make"]
