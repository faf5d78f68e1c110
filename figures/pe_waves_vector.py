"""pe_waves_vector: PE(p) as boxes, a figure of pe_waves's record (engine.pe_waves.wave_samples).

Its drawing and strings live in figures.pe_waves, so the figures of one record read it the same way;
this module is the catalogue's entry point for this part.
"""
from __future__ import annotations

from figures.pe_waves import DECIMALS, STRINGS, caption_vector, make_vector

COLOUR_ROLES = ("ink", "muted", "background", "diverging", "sequential")  # the look.palette.ROLES it draws

make = make_vector
caption = caption_vector
__all__ = ["DECIMALS", "STRINGS", "caption", "make"]
