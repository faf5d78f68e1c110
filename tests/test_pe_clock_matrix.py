"""pe_clock's rotation as a matrix (scenes.clock.matrix, seed 002 §05), with row vectors as every formula of the scene:
seat p's (sin, cos) pair, a row, times hand 0's block of R_k (the engine's rotation(k) transposed), written with cos and
sin of k ω₀ and with the engine's numbers, gives seat p + k's pair, as printed (four decimals); the same block takes
seat q to q + k; the look-back's block is R_{-1}'s, which on a row turns back one seat."""
from __future__ import annotations

import numpy as np
import pytest

from engine.positional import rotation, sinusoidal
from scenes.clock.matrix import block, block_diag_parts, block_tex, law_parts, number_parts, pair
from scenes.clock.strings import STRINGS
from studio import catalogue


@pytest.fixture(scope="module")
def d():
    return catalogue.get("pe_clock").compute()


def entries(tex: str) -> np.ndarray:
    """The numbers of a pmatrix as printed."""
    body = tex.removeprefix(r"\begin{pmatrix}").removesuffix(r"\end{pmatrix}")
    return np.array([[float(x) for x in row.split("&")] for row in body.split(r"\\")])


def test_block_is_the_engines_and_turns_the_pair(d):
    """R_3's block on hand 0 is [[cos 3, −sin 3], [sin 3, cos 3]] (ω₀ = 1); (sin 2, cos 2) times it is (sin 5, cos 5)."""
    k, p = d.angle_gap, d.angle_starts[0]
    assert (k, p, d.d_model) == (3, 2, 16) and d.speeds[0] == 1.0
    b = block(k, 0, d.d_model, d.base)
    np.testing.assert_allclose(b, [[np.cos(3), -np.sin(3)], [np.sin(3), np.cos(3)]], atol=1e-15)
    np.testing.assert_allclose(pair(p, 0, d.d_model, d.base) @ b, [np.sin(5), np.cos(5)], atol=1e-15)
    # the full matrix: the same law on every pair, PE(p + k) = PE(p) R_k with R_k = rotation(k)ᵀ
    np.testing.assert_allclose(sinusoidal([p], d.d_model, d.base)[0] @ rotation(k, d.d_model, d.base).T,
                               sinusoidal([p + k], d.d_model, d.base)[0], atol=1e-12)


@pytest.mark.parametrize("i", [0, 1])
def test_printed_numbers_multiply_to_the_printed_result(d, i):
    """The product as printed: the pair's and the block's four decimals multiply to the result's, within rounding."""
    k, p = d.angle_gap, d.angle_starts[i]
    x, m, eq, y = number_parts(p, k, 0, d.d_model, d.base)
    assert eq == "="
    m, x, y = entries(m), entries(x)[0], entries(y)[0]
    np.testing.assert_allclose(x @ m, y, atol=2e-4)
    np.testing.assert_allclose(y, sinusoidal([p + k], d.d_model, d.base)[0, :2], atol=5e-5)
    np.testing.assert_allclose(x, sinusoidal([p], d.d_model, d.base)[0, :2], atol=5e-5)


def test_seed_values(d):
    """The numbers on screen for seats 2 → 5 and 11 → 14, to the table's four decimals."""
    assert number_parts(2, 3, 0, d.d_model, d.base) == (
        r"\begin{pmatrix}0.9093&-0.4161\end{pmatrix}", r"\begin{pmatrix}-0.9900&-0.1411\\0.1411&-0.9900\end{pmatrix}",
        "=", r"\begin{pmatrix}-0.9589&0.2837\end{pmatrix}")
    parts = number_parts(11, 3, 0, d.d_model, d.base)
    assert (parts[0], parts[2], parts[3]) == (
        r"\begin{pmatrix}-1.0000&0.0044\end{pmatrix}", "=", r"\begin{pmatrix}0.9906&0.1367\end{pmatrix}")


def test_symbolic_line_and_lookback_block(d):
    assert law_parts(2, 3, 0) == (
        r"\begin{pmatrix}\sin 2\omega_{0}&\cos 2\omega_{0}\end{pmatrix}",
        r"\begin{pmatrix}\cos 3\omega_{0}&-\sin 3\omega_{0}\\\sin 3\omega_{0}&\cos 3\omega_{0}\end{pmatrix}", "=",
        r"\begin{pmatrix}\sin 5\omega_{0}&\cos 5\omega_{0}\end{pmatrix}")
    # the look-back's R_{-1} block: on hand 0's row pair (sin pω₀, cos pω₀) it gives seat p − 1's pair
    np.testing.assert_allclose(pair(5, 0, d.d_model, d.base) @ block(-1, 0, d.d_model, d.base), pair(4, 0, d.d_model, d.base), atol=1e-12)
    assert block_tex(-1, 0) == r"\begin{pmatrix}\cos \omega_{0}&\sin \omega_{0}\\-\sin \omega_{0}&\cos \omega_{0}\end{pmatrix}"


def test_look_back_matrix_is_written_whole_and_block_diagonal(d):
    """The look-back's R_{-1} on screen: 16 × 16, block-diagonal with eight 2 × 2 turns (B_0 … B_7), hand 0's block with
    the engine's numbers (cos 1 = 0.5403, sin 1 = 0.8415, row vectors): rotation(-1) transposed is zero off those blocks."""
    from engine.positional import rotation

    whole, (name, numbers), size = block_diag_parts(-1, 0, d.d_model, d.base)
    assert whole == (r"R_{-1}", r"=\mathrm{diag}(B_0,\dots,B_{7})") and name == r"B_{0}=" and size == "16 × 16"
    assert numbers == r"\begin{pmatrix}0.5403&0.8415\\-0.8415&0.5403\end{pmatrix}"
    r = rotation(-1, d.d_model, d.base).T
    mask = np.kron(np.eye(d.d_model // 2), np.ones((2, 2)))
    assert r.shape == (16, 16) and np.abs(r * (1 - mask)).max() == 0.0
    np.testing.assert_allclose(r[:2, :2], block(-1, 0, d.d_model, d.base), atol=0)


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_matrix_cue_names_the_seats_only(lang):
    text = STRINGS[lang]["cap_rotate_matrix"]
    assert "{p}" in text and "{b}" in text and "(sin, cos)" in text
    text.format(p="1.01", b="1.01")
