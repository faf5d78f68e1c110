"""toy_permutation_sums: the last word's output in both orders, term by term, a figure of
toy_permutation's record (engine.toy.toy_permutation).

Its drawing and strings live in figures.toy_permutation, so the figures of one record read it the
same way; this module is the catalogue's entry point for this part.
"""
from __future__ import annotations

from figures.toy_permutation import DECIMALS, STRINGS, caption, make_sums

make = make_sums
__all__ = ["DECIMALS", "STRINGS", "caption", "make"]
