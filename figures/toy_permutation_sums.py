"""toy_permutation_sums: the last word's output in both orders, its terms laid tip to tail as arrows
ending at the same x, a figure of toy_permutation's record (engine.toy.toy_permutation).

Its drawing and strings live in figures.toy_permutation, so the figures of one record read it the
same way; this module is the catalogue's entry point for this part. The terms written out are its
caption (caption_sums).
"""
from __future__ import annotations

from figures.toy_permutation import DECIMALS, STRINGS, caption_sums, make_sums

COLOUR_ROLES = ("ink", "muted", "background", "panel")  # the look.palette.ROLES it draws

make = make_sums
caption = caption_sums
__all__ = ["DECIMALS", "STRINGS", "caption", "make"]
