"""scores_wx_probs: the softmax of the scores W x as bars, a figure of scores_wx's record
(engine.toy.output_scores); the column reading of W x is caption text (figures.scores_wx.caption).

Its drawing and strings live in figures.scores_wx, so the figures of one record read it the same
way; this module is the catalogue's entry point for this part.
"""
from __future__ import annotations

from figures.scores_wx import DECIMALS, STRINGS, caption, make_probs

make = make_probs
__all__ = ["DECIMALS", "STRINGS", "caption", "make"]
