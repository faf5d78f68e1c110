"""Recomputations for engine/golden/seed003.toml (seed 003, the toy attention simulator)."""
import numpy as np

from engine.toy import LECTURE_W, LECTURE_X, PERMUTED_PREFIX, output_scores, toy_attention

_T = toy_attention()  # "The cat sat on the", identity A_Q, A_K, A_V
_S = output_scores()  # lecture W, x = (2, 1)
_U = toy_attention(A_Q=np.zeros((2, 2)))  # exercise 03: A_Q = 0, A_K = A_V = I


def embeddings():
    return _T.E


def scale():
    return 1.0 / _T.scale


def attention_row_sums():
    return _T.row_sums


def masked_weights():
    return float(np.max(_T.A[_T.mask]))


def lecture_scores():
    return _S.scores


def mat_products():
    return _S.products[0]


def W12():
    return _S.W[0, 1]


def change_x2():
    x = np.asarray(LECTURE_X) + np.array([0.0, 1.0])
    return output_scores(LECTURE_W, x).scores - _S.scores


def probabilities_sum():
    return float(_S.probs.sum())


def lecture_probabilities():
    return _S.probs


def uniform_dot_products():
    return _U.dots[-1]


def uniform_weights():
    return _U.A[-1]


def uniform_average():
    return _U.x


def permutation_same_x():
    return float(np.max(np.abs(_T.x - toy_attention(PERMUTED_PREFIX).x)))


def lecture_x():
    return _T.x
