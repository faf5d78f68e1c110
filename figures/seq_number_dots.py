"""seq_number_dots: ② no bounded relative structure, a figure of seq_number_problems's record (engine.pe_waves.seq_number_problems).

Its drawing and strings live in figures.seq_number_problems, so the figures of one record read it the same way;
this module is the catalogue's entry point for this part.
"""
from __future__ import annotations

from figures.seq_number_problems import DECIMALS, STRINGS, caption as _caption, make_dots

COLOUR_ROLES = ("ink", "muted", "background", "ok", "bad")  # the look.palette.ROLES it draws
MEANINGS = ("position_encoding", "counting_position")  # look.palette.MEANINGS it draws

make = make_dots


def caption(data, look):
    return _caption(data, look, "dots")


__all__ = ["DECIMALS", "STRINGS", "caption", "make"]
