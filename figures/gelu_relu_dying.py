"""gelu_relu_dying: the dying-ReLU drift of the neurons, a figure of gelu_relu's record
(engine.activations.gelu_relu): how many of the neurons have a
gradient exactly 0 for every drift (GELU: never over an interval).

Its drawing and strings live in figures.gelu_relu, so the figures of one record read it the same way;
this module is the catalogue's entry point for this part.
"""
from __future__ import annotations

from figures.gelu_relu import DECIMALS, STRINGS, caption_dying, make_dying

COLOUR_ROLES = ("ink", "muted", "background")  # the look.palette.ROLES it draws

make = make_dying
caption = caption_dying
__all__ = ["DECIMALS", "STRINGS", "caption", "make"]
