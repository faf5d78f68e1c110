"""Recomputations for engine/golden/seed000.toml (seed 000, lesson 03b4; P = 0 from docs/design.md §3)."""
import numpy as np

from engine.block import LESSON_X, prenorm_block

_B = prenorm_block()  # seed 000: X + P, P exact sin/cos for positions 0, 1
_Z = prenorm_block(LESSON_X, None)  # lesson 03b3: P = 0


def P():
    return _B.P


def X_in():
    return _B.X_in


def ln1_row0():
    return [_B.ln1_mean[0], _B.ln1_var[0], _B.ln1_std[0]]


def ln1_row1_mean():
    return _B.ln1_mean[1]


def ln1_row1_variance():
    return _B.ln1_var[1]


def ln1_row1_std():
    return _B.ln1_std[1]


def X_tilde():
    return _B.X_tilde


def Q_head1():
    return _B.Q[0]


def S_head1():
    return _B.S[0]


def E_head1():
    return _B.E[0]


def A_head1():
    return _B.A[0]


def C_head1():
    return _B.C[0]


def Q_head2():
    return _B.Q[1]


def S_head2():
    return _B.S[1]


def E_head2():
    return _B.E[1]


def A_head2():
    return _B.A[1]


def C_head2():
    return _B.C[1]


def concat():
    return _B.concat


def O():
    return _B.O


def Z_prime():
    return _B.Z_prime


def Z_tilde():
    return _B.Z_tilde


def H():
    return _B.H


def R():
    return _B.R


def F():
    return _B.F


def Y():
    return _B.Y


def shapes():
    mats = (_B.X_in, _B.X_tilde, _B.O, _B.Z_prime, _B.F, _B.Y, _B.C[0])
    return np.array([n for m in mats for n in m.shape])


def X_tilde_p0():
    return _Z.X_tilde


def Y_p0():
    return _Z.Y
