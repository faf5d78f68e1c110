"""pe_clock's rotation written as the matrix it is (seed 002 §05, "a shift is a rotation"), with row vectors as every
formula of the scene writes them: PE(p + k) = PE(p) R_k, so R_k is the transpose of engine.positional.rotation(k)
(which acts on columns). On one hand's (sin, cos) pair R_k's 2 × 2 block is [[cos kω, −sin kω], [sin kω, cos kω]], and

    (sin pω, cos pω) [[cos kω, −sin kω], [sin kω, cos kω]] = (sin (p + k)ω, cos (p + k)ω).

The pair is (sin, cos), as the fingerprint's columns hold it (engine.positional.sinusoidal). Every entry is read from
the engine: the block from rotation(k) transposed, the pairs from sinusoidal (tests/test_pe_clock_matrix.py multiplies
the numbers as printed). The look-back's query matrix W_Q = c · R_{-1} has R_{-1}'s block (row_block_tex(-1)):
PE(p) R_{-1} = PE(p − 1).

Used by scenes.clock.rotate and scenes.clock.lookback; no manim here, only the TeX strings and their numbers.
"""
from __future__ import annotations

import numpy as np

from engine.positional import hand_speeds, rotation, sinusoidal
from look import fmt_num

DECIMALS = 4  # as the fingerprint table prints its entries


def block(k: float, hand: int, d_model: int, base: float) -> np.ndarray:
    """R_k's 2 × 2 block on `hand`'s (sin, cos) pair for row vectors: engine.positional.rotation(k) transposed."""
    return rotation(k, d_model, base).T[2 * hand:2 * hand + 2, 2 * hand:2 * hand + 2]


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
    """R_k's block on hand `hand` (row vectors), its entries as cos and sin of |k| ω: [[cos, −sin], [sin, cos]] forward
    (k > 0), [[cos, sin], [−sin, cos]] back (k < 0; cos is even, sin odd)."""
    a = angle(abs(k), hand)
    up, down = (r"-\sin", r"\sin") if k > 0 else (r"\sin", r"-\sin")
    return mat([[rf"\cos {a}", rf"{up} {a}"], [rf"{down} {a}", rf"\cos {a}"]])


def block_diag_parts(k: float, hand: int, d_model: int, base: float) -> tuple:
    """R_k whole, compactly: the d × d block-diagonal matrix of its d/2 turns on the hands' pairs (B_0 … B_{d/2 − 1},
    zeros elsewhere), then `hand`'s block with the engine's numbers, and the size d × d as a label of its own (set as
    text under the name: as a TeX script it stood under 3 % of the frame): ((R_k, = diag(...)), (B_hand =, numbers),
    "d × d")."""
    last = d_model // 2 - 1
    name = r"R_{%s}" % fmt_num(k, 0).replace(chr(0x2212), "-")
    whole = (name, rf"=\mathrm{{diag}}(B_0,\dots,B_{{{last}}})")
    b = block(k, hand, d_model, base)
    return whole, (rf"B_{{{hand}}}=", mat([[num(v) for v in row] for row in b])), f"{d_model} × {d_model}"


def pair_tex(p: float, hand: int) -> str:
    """Seat p's (sin, cos) pair as a row."""
    a = angle(p, hand)
    return mat([[rf"\sin {a}", rf"\cos {a}"]])


def law_parts(p: int, k: int, hand: int) -> tuple:
    """Seat p's pair times the block, in pieces: (pair at p, block, "=", pair at p + k)."""
    return (pair_tex(p, hand), block_tex(k, hand), "=", pair_tex(p + k, hand))


def number_parts(p: int, k: int, hand: int, d_model: int, base: float) -> tuple:
    """The same product with the engine's numbers: (pair at p, block, "=", pair at p + k)."""
    b = block(k, hand, d_model, base)
    return (mat([[num(v) for v in pair(p, hand, d_model, base)]]), mat([[num(v) for v in row] for row in b]), "=",
            mat([[num(v) for v in pair(p + k, hand, d_model, base)]]))


def speed_tex(hand: int, d_model: int, base: float) -> str:
    """ω of the hand, as a number (ω_0 = 1)."""
    w = float(hand_speeds(d_model, base)[hand])
    return rf"\omega_{{{hand}}}={fmt_num(w, 0 if w == 1 else DECIMALS)}"
