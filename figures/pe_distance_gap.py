"""pe_distance_gap: the distance between two seats' fingerprints against their gap (seed 001,
"distance" station), the second figure of pe_distance's record (engine.pe_geometry.distance_profile).

Its drawing and strings live with the matrix in figures.pe_distance, so both read one record the
same way; this module is the catalogue's entry point for the curve. Its d is the record's, 16 (seed 001's
fingerprint table, the rows pe_table draws and pe_distance compares), not the d = 8 of seed 002's figures
(pe_waves, pe_dot_distance): the subtitle says which table the distances belong to. The curve, a function
of the position encoding, is `ok` as pe_dot_distance's is. The formula, with Dᵢ defined, and
the ratio of the largest to the smallest distance are its caption (caption_gap) in numbers.json.
"""
from __future__ import annotations

from figures.pe_distance import DECIMALS, STRINGS, caption_gap, make_gap

COLOUR_ROLES = ("ink", "muted", "background", "ok")  # the look.palette.ROLES it draws
MEANINGS = ("position_encoding",)  # look.palette.MEANINGS it draws

make = make_gap
caption = caption_gap
__all__ = ["DECIMALS", "STRINGS", "caption", "make"]
