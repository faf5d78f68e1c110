"""attention_sum_fig: the last row's output as the weighted sum of the value vectors, a figure of
attention_heatmap_fig's record (engine.toy.attention_lesson).

Its drawing and strings live in figures.attention_heatmap_fig, so the figures of one record read it
the same way; this module is the catalogue's entry point for this part. The terms written out are its
caption (caption_sum).
"""
from __future__ import annotations

from figures.attention_heatmap_fig import DECIMALS as TABLE_DECIMALS
from figures.attention_heatmap_fig import STRINGS, caption_sum, make_sum

DECIMALS = {**TABLE_DECIMALS, "A": 4}  # each term's α at four decimals in the caption (the heat map's α)

COLOUR_ROLES = ("ink", "muted", "background", "panel")  # the look.palette.ROLES it draws

make = make_sum
caption = caption_sum
__all__ = ["DECIMALS", "STRINGS", "caption", "make"]
