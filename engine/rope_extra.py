"""RoPE: the angle from k to q on each plane as its value at m = n plus the turn (m − n)·θ."""
from __future__ import annotations

import numpy as np


def wrap_deg(deg: float) -> float:
    """An angle in degrees brought into (−180°, 180°]."""
    w = (deg + 180.0) % 360.0 - 180.0
    return 180.0 if w == -180.0 else float(w)


def angle_sum(q_angles0, k_angles0, thetas, m: float, n: float) -> list[dict]:
    """Per plane: `start`, the signed angle from k to q at m = n (degrees, in (−180°, 180°]); `turn`, (m − n)·θ
    in degrees; `total`, start + turn as it stands on the dial (in (−180°, 180°]); `laps`, the whole turns of
    360° taken off (start + turn = total + 360°·laps)."""
    out = []
    for a_q, a_k, th in zip(np.asarray(q_angles0), np.asarray(k_angles0), np.asarray(thetas)):
        start = wrap_deg(float(np.degrees(a_q - a_k)))
        turn = float(np.degrees((m - n) * th))
        total = wrap_deg(start + turn)
        out.append({"start": start, "turn": turn, "total": total, "laps": int(round((start + turn - total) / 360.0))})
    return out


def row_turns(row) -> tuple[int, int, int] | None:
    """In scores by gap (row[g] = the score at m − n = g), the highest score, the lowest after it and the highest
    after that: (g_hi, g_lo, g_back) with g_hi < g_lo < g_back and row[g_back] > row[g_lo], the gaps where a
    farther key scores higher than a closer one; None when the scores only fall after their highest."""
    row = np.asarray(row, dtype=float)  # (gaps,)
    g_hi = int(np.argmax(row))
    if g_hi >= row.size - 2:
        return None
    g_lo = g_hi + 1 + int(np.argmin(row[g_hi + 1:]))
    if g_lo >= row.size - 1:
        return None
    g_back = g_lo + 1 + int(np.argmax(row[g_lo + 1:]))
    return (g_hi, g_lo, g_back) if row[g_back] > row[g_lo] else None


# The source of RoPE and of its long-term decay (an upper bound on |q_m·k_n| that shrinks with m − n, §3.4.3):
# J. Su, Y. Lu, S. Pan, A. Murtadha, B. Wen, Y. Liu, "RoFormer: Enhanced Transformer with Rotary Position
# Embedding", arXiv:2104.09864 (2021).
ROFORMER_YEAR = 2021
