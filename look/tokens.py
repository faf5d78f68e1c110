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


def token_colour(token: str, palette: Palette) -> str:
    """The colour of `token` in `palette`: the same index (and hue family) in every theme, figure and scene."""
    return palette.tokens[token_index(token, len(palette.tokens))]
