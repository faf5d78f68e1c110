"""scores_wx_probs: W x read by columns and the softmax of the scores, a figure of scores_wx's record
(engine.toy.output_scores).

Its drawing and strings live in figures.scores_wx, so the figures of one record read it the same
way; this module is the catalogue's entry point for this part.
"""
from __future__ import annotations

from figures.scores_wx import DECIMALS, STRINGS, caption, make_probs

make = make_probs
__all__ = ["DECIMALS", "STRINGS", "caption", "make"]
