"""A token's colour: derived once from the token's text, so a word keeps its colour in every figure
and scene, whatever its position (seed 003's toy sentence "the cat sat on the" and candidates
mat / rug / moon).

The colour is tokens[k] of the look's palette (look.palette: a set used for tokens only, blue, green,
crimson and purple in both themes, each pair and each against every role colour at least 20
CIEDE2000 apart for normal vision and 12 with deuteranopia and protanopia) with k = the first byte
of SHA-256(SALT + the token in NFC) modulo the number of token colours; token k has the same hue family in both themes, so a word keeps its hue when
the theme changes. The salt is the smallest one that gives distinct colours to the tokens of every
default sentence of the catalogue (TOKEN_SETS): the toy sentence, the output candidates, the
causal-mask sentence and the Chinese examples. Two tokens of a user's sentence may share a colour;
every figure writes the token beside its mark, which carries the difference.

Figures draw no token hue: across the set of figures a hue means a role (cool, ok, bad, the signed scale's
ends) and every token hue sits within a few degrees of one ("on"'s blue beside cool, "cat"'s green beside ok,
"sat"'s crimson beside bad), and a grey would read as an amount on the sequential scale. In a figure a word is
its printed text in ink on a chip of the panel colour, outlined in ink with the token's dash pattern
(token_dash, by the same index), the pattern its arrow carries in the weighted-sum chains.
"""
from __future__ import annotations

import hashlib
import unicodedata

from look.palette import Palette

SALT = "token-colour-106353"
TOKEN_SETS = (("the", "cat", "sat", "on"), ("mat", "rug", "moon"), ("Every", "effort", "moves", "you"),
              ("我", "愛", "貓", "咪"), ("我", "爱", "猫", "咪"))


def token_index(token: str, n: int = 4) -> int:
    """The token colour index of `token` (0 ≤ k < n), from its text alone."""
    digest = hashlib.sha256((SALT + unicodedata.normalize("NFC", str(token))).encode("utf-8")).digest()
    return digest[0] % n


TOKEN_DASHES = ("solid", (0, (5, 1.6)), (0, (7, 1.5, 1.5, 1.5)), (0, (1.4, 1.0)))  # matplotlib dash patterns, by index


def token_dash(token: str):
    """The dash pattern of `token` in a figure (its chip's outline, its arrow's shaft): TOKEN_DASHES at the
    token's index, so a word keeps its dash in every figure and theme."""
    return TOKEN_DASHES[token_index(token, len(TOKEN_DASHES))]


def token_colour(token: str, palette: Palette) -> str:
    """The colour of `token` in `palette`: the same index (and hue family) in every theme, figure and scene."""
    return palette.tokens[token_index(token, len(palette.tokens))]
