"""pe_clock's rotation written as the matrix it is (seed 002 §05, "a shift is a rotation"): on one hand's (sin, cos)
pair, R_k is the 2 × 2 block of engine.positional.rotation, [[cos kω, sin kω], [−sin kω, cos kω]], and with the
column vectors of the rotation's law PE(p + k) = R_k PE(p) it takes the pair at seat p to the pair at seat p + k:

    [[cos kω, sin kω], [−sin kω, cos kω]] (sin pω, cos pω)ᵀ = (sin (p + k)ω, cos (p + k)ω)ᵀ.

The pair is (sin, cos), as the fingerprint's columns hold it (engine.positional.sinusoidal), so the block's signs are
those of the textbook rotation transposed. Every entry is read from the engine: the block from rotation(k), the pairs
from sinusoidal (tests/test_pe_clock_matrix.py multiplies the numbers as printed). The look-back's query matrix
W_Q = c · R_{-1}ᵀ has the entries of the block at k = 1 (block_tex(1, ...)); on row vectors PE(p) R_{-1}ᵀ = PE(p − 1).

Used by scenes.clock.rotate; no manim here, only the TeX strings and their numbers.
"""
from __future__ import annotations

import numpy as np

from engine.positional import hand_speeds, rotation, sinusoidal
from look import fmt_num

DECIMALS = 4  # as the fingerprint table prints its entries


def block(k: float, hand: int, d_model: int, base: float) -> np.ndarray:
    """R_k's 2 × 2 block on `hand`'s (sin, cos) pair, as engine.positional.rotation builds it."""
    return rotation(k, d_model, base)[2 * hand:2 * hand + 2, 2 * hand:2 * hand + 2]


def pair(p: float, hand: int, d_model: int, base: float) -> np.ndarray:
    """`hand`'s (sin pω, cos pω) at seat p: two entries of the fingerprint row PE(p)."""
    return sinusoidal([p], d_model, base)[0, 2 * hand:2 * hand + 2]


def num(x: float) -> str:
    """A matrix entry in TeX: four decimals, a TeX minus (fmt_num writes the Unicode one), never −0.0000."""
    s = fmt_num(float(x), DECIMALS).replace(chr(0x2212), "-")
    return "0.0000" if s == "-0.0000" else s


def angle(n: float, hand: int) -> str:
    """n ω_hand as the matrix's entries write it (3\\omega_0; \\omega_0 for n = 1)."""
    lead = {1: "", -1: "-"}.get(n, fmt_num(n, 0).replace(chr(0x2212), "-"))
    return rf"{lead}\omega_{{{hand}}}"


def mat(rows) -> str:
    return r"\begin{pmatrix}" + r"\\".join("&".join(row) for row in rows) + r"\end{pmatrix}"


def block_tex(k: float, hand: int) -> str:
    """R_k's block on hand `hand`, its entries as cos and sin of k ω."""
    a = angle(k, hand)
    return mat([[rf"\cos {a}", rf"\sin {a}"], [rf"-\sin {a}", rf"\cos {a}"]])


def pair_tex(p: float, hand: int) -> str:
    a = angle(p, hand)
    return mat([[rf"\sin {a}"], [rf"\cos {a}"]])


def law_parts(p: int, k: int, hand: int) -> tuple:
    """The block acting on seat p's pair, in pieces: (block, pair at p, "=", pair at p + k)."""
    return (block_tex(k, hand), pair_tex(p, hand), "=", pair_tex(p + k, hand))


def number_parts(p: int, k: int, hand: int, d_model: int, base: float) -> tuple:
    """The same product with the engine's numbers: (block, pair at p, "=", pair at p + k)."""
    b = block(k, hand, d_model, base)
    return (mat([[num(v) for v in row] for row in b]),
            mat([[num(v)] for v in pair(p, hand, d_model, base)]), "=",
            mat([[num(v)] for v in pair(p + k, hand, d_model, base)]))


def speed_tex(hand: int, d_model: int, base: float) -> str:
    """ω of the hand, as a number (ω_0 = 1)."""
    w = float(hand_speeds(d_model, base)[hand])
    return rf"\omega_{{{hand}}}={fmt_num(w, 0 if w == 1 else DECIMALS)}"
