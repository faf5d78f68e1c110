"""param_count_sizes: the four GPT-2 sizes, a figure of param_count's record (engine.gpt2.gpt2_sizes).

Its drawing and strings live in figures.param_count, so the figures of one record read it the same way;
this module is the catalogue's entry point for this part.
"""
from __future__ import annotations

from figures.param_count import DECIMALS, STRINGS, caption_sizes, make_sizes

COLOUR_ROLES = ("ink", "muted", "background", "panel")  # the look.palette.ROLES it draws
MEANINGS = ("output",)  # look.palette.MEANINGS it draws: the output head, a cross hatch

make = make_sizes
caption = caption_sizes
__all__ = ["DECIMALS", "STRINGS", "caption", "make"]
