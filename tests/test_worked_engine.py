"""engine.block (seed 000's Pre-LN block) and engine.toy (seed 003's toy attention): seed values,
properties, and equivalence with torch."""
import numpy as np
import pytest

from engine.block import (
    LESSON_WEIGHTS, LESSON_X, BlockWeights, prenorm_block, prenorm_lesson, row_layer_norm, swapped_outputs,
)
from engine.positional import sinusoidal
from engine.toy import (
    EMBEDDINGS, LECTURE_PREFIX, LECTURE_W, PERMUTED_PREFIX, asymmetric_pair, attention_lesson,
    output_scores, toy_attention, toy_permutation,
)

# -- seed 000: the printed matrices (4 decimals, ±0.0001) --------------------------------------
SEED000 = {
    "X_in": [[1, 1, 0, 2], [0.8415, 1.5403, 1.0100, 1.0000]],
    "X_tilde": [[0, 0, -1.4142, 1.4142], [-0.9714, 1.6756, -0.3331, -0.3711]],
    "concat": [[-0.4857, 0.8378, -1.3560, 1.3181], [-0.9075, 1.5653, -0.8160, 0.4264]],
    "O": [[-0.9209, 1.0780, 0.4352, -0.2401], [-0.8618, 0.9959, -0.0457, 0.5694]],
    "Z_prime": [[0.0791, 2.0780, 0.4352, 1.7599], [-0.0203, 2.5362, 0.9643, 1.5694]],
    "Z_tilde": [[-1.1899, 1.1676, -0.7700, 0.7924], [-1.3810, 1.3714, -0.3209, 0.3305]],
    "H": [[-1.3762, 1.5749, 0.9688, -0.7826, -0.9800, 0.9688, 0.9912, -1.3650],
          [-1.0162, 1.5414, 0.8462, -1.2109, -0.8510, 0.8462, 0.8557, -1.0114]],
    "R": [[0, 1.5749, 0.9688, 0, 0, 0.9688, 0.9912, 0], [0, 1.5414, 0.8462, 0, 0, 0.8462, 0.8557, 0]],
    "F": [[0.9688, -0.1925, -1.2719, 0.9800], [0.8462, -0.0802, -1.1938, 0.8510]],
    "Y": [[1.0479, 1.8854, -0.8367, 2.7398], [0.8259, 2.4559, -0.2295, 2.4203]],
}
SEED000_HEADS = {
    "Q": ([[0, 0], [-0.9714, 1.6756]], [[-1.4142, 1.4142], [-0.3331, -0.3711]]),
    "S": ([[0, 0], [0, 3.7513]], [[4.0000, -0.0538], [-0.0538, 0.2487]]),
    "E": ([[0, 0], [0, 2.6526]], [[2.8284, -0.0381], [-0.0381, 0.1758]]),
    "A": ([[0.5, 0.5], [0.0658, 0.9342]], [[0.9462, 0.0538], [0.4467, 0.5533]]),
    "C": ([[-0.4857, 0.8378], [-0.9075, 1.5653]], [[-1.3560, 1.3181], [-0.8160, 0.4264]]),
}
Y_P0 = [[0.6585, 0.4961, 2.6559, -0.1053], [0.9922, 0.7831, -1.1598, 1.8806]]


@pytest.fixture(scope="module")
def block():
    return prenorm_block()


@pytest.mark.parametrize("name", sorted(SEED000))
def test_seed000_matrices(block, name):
    np.testing.assert_allclose(getattr(block, name), SEED000[name], atol=1e-4, rtol=0)


@pytest.mark.parametrize("name", sorted(SEED000_HEADS))
def test_seed000_heads(block, name):
    for h in range(2):
        np.testing.assert_allclose(getattr(block, name)[h], SEED000_HEADS[name][h], atol=1e-4, rtol=0)
    np.testing.assert_array_equal(block.K, block.Q)  # W_Q = W_K = W_V in the lesson
    np.testing.assert_array_equal(block.V, block.Q)


def test_seed000_layer_norm_statistics_and_erratum(block):
    np.testing.assert_allclose(block.ln1_mean, [1.0, 1.0980], atol=1e-4)
    np.testing.assert_allclose(block.ln1_var[0], 0.5, atol=1e-12)
    assert round(block.ln1_std[0], 4) == 0.7071
    # the seed prints 0.0637 / 0.2524 for row 1: wrong. Correct: 0.0697 / 0.2640
    assert round(block.ln1_var[1], 4) == 0.0697
    assert round(block.ln1_std[1], 4) == 0.2640
    assert abs(block.ln1_var[1] - 0.0637) > 5e-3
    # the normalised row printed beside the wrong numbers is consistent with the correct ones
    row = (block.X_in[1] - block.ln1_mean[1]) / 0.2640
    np.testing.assert_allclose(row, SEED000["X_tilde"][1], atol=2e-4)


def test_seed000_relu_deaths(block):
    assert block.died.tolist() == [[True, False, False, True, True, False, False, True]] * 2
    assert np.all(block.R[block.died] == 0.0)
    np.testing.assert_array_equal(block.R[~block.died], block.H[~block.died])
    # the counts the scene shows ("8 of 16 entries"): 2 tokens × 8 hidden units, 4 dead in each row
    assert (block.ffn_entries, block.relu_zeros) == (16, 8)


def test_shapes_stay_2x4(block):
    for name in ("X_in", "X_tilde", "concat", "O", "Z_prime", "Z_tilde", "F", "Y"):
        assert getattr(block, name).shape == (2, 4), name
    assert block.Q.shape == block.C.shape == block.A.shape == (2, 2, 2)
    assert block.H.shape == (2, 8)


def test_p0_lesson_values():
    z = prenorm_block(LESSON_X, None)
    np.testing.assert_array_equal(z.P, 0.0)
    np.testing.assert_allclose(z.X_tilde, [[1, -1, -1, 1], [-1, 1, 1, -1]], atol=1e-12)
    np.testing.assert_allclose(z.Y, Y_P0, atol=1e-4)


def test_lesson_record_contrast():
    les = prenorm_lesson()
    np.testing.assert_allclose(les.Y, SEED000["Y"], atol=1e-4)
    np.testing.assert_allclose(les.zero_Y, Y_P0, atol=1e-4)
    # P = 0: the rows are mirror images (row 1 = −row 0) from X̃ through Z̃W₁; with P no step is
    assert all(les.mirror_zero[k] for k in ("X_tilde", "C", "O", "Z_tilde", "H"))
    assert not les.mirror_zero["Y"]
    assert not any(les.mirror_with_p.values())
    assert les.uniform_rows == ((0, 0),)  # head 1, token 0: a zero query attends uniformly


def test_lesson_record_swap_test():
    """docs/design.md §3: Y for P = 0 and with P to 4 decimals; the swap test for both."""
    les = prenorm_lesson()
    assert les.swap_order == (1, 0)
    np.testing.assert_array_equal(les.X_swapped, LESSON_X[::-1])
    np.testing.assert_allclose(les.zero_Y_swapped, np.array(Y_P0)[::-1], atol=1e-4)
    np.testing.assert_array_equal(les.zero_Y_swapped, les.zero_Y[::-1])  # P = 0: only a swap, exactly
    assert les.zero_swap_change_max == 0.0 and not les.zero_swap_change.any()
    np.testing.assert_allclose(les.Y_swapped, prenorm_block(LESSON_X[::-1], (0, 1)).Y, atol=0)
    np.testing.assert_allclose(les.swap_change, les.Y_swapped - np.array(SEED000["Y"])[::-1], atol=1e-4)
    assert round(les.swap_change_max, 2) == 2.59
    assert les.swap_change_max == np.abs(les.swap_change).max()


def test_lesson_record_carries_the_erratum():
    les = prenorm_lesson()
    assert les.erratum_row == 1
    assert (les.erratum_printed_var, les.erratum_printed_std) == (0.0637, 0.2524)  # as printed
    assert (round(les.ln1_var[1], 4), round(les.ln1_std[1], 4)) == (0.0697, 0.2640)  # correct
    assert "0.0697" in les.erratum_note and "0.2640" in les.erratum_note
    other = prenorm_lesson(X=np.eye(2, 4))  # another input: the printed erratum does not apply
    assert other.erratum_row is None and other.erratum_printed_var is None


@pytest.mark.parametrize("T", [2, 3, 5])
def test_swap_test_any_input(T):
    """Without P, reordering the tokens reorders the outputs (to float round-off); with P it does
    not. Any X, positions and order; the lesson weights and others."""
    rng = np.random.default_rng(T)
    X = rng.normal(size=(T, 4))  # (T, d)
    order = tuple(rng.permutation(T)) if T > 2 else None
    y, y_swapped, change = swapped_outputs(X, None, LESSON_WEIGHTS, order=order)
    np.testing.assert_allclose(change, 0.0, atol=1e-12)
    _, _, change_p = swapped_outputs(X, range(3, 3 + T), LESSON_WEIGHTS, order=order)
    assert np.abs(change_p).max() > 1e-3
    les = prenorm_lesson(X, tuple(range(T)), order=order)
    np.testing.assert_allclose(les.zero_swap_change, 0.0, atol=1e-12)
    with pytest.raises(ValueError):
        swapped_outputs(X, None, order=(0,) * T)


def test_residual_adds_x_in_not_x_tilde(block):
    np.testing.assert_allclose(block.Z_prime, block.X_in + block.O, atol=0)
    assert not np.allclose(block.Z_prime, block.X_tilde + block.O)
    np.testing.assert_allclose(block.Y, block.Z_prime + block.F, atol=0)


def test_attention_rows_sum_to_one(block):
    np.testing.assert_allclose(block.A.sum(axis=-1), 1.0, atol=1e-15)
    assert np.all(block.A > 0)


@pytest.mark.parametrize("positions", [(0, 1), (5, 6), (1, 0), (3.5, 100), (0, 0)])
def test_any_positions_work(positions):
    r = prenorm_block(LESSON_X, positions)
    np.testing.assert_allclose(r.P, sinusoidal(positions, 4))
    np.testing.assert_allclose(r.X_in, LESSON_X + r.P)
    np.testing.assert_allclose(r.X_tilde.mean(axis=1), 0, atol=1e-12)
    np.testing.assert_allclose(r.X_tilde.var(axis=1), 1, atol=1e-9)
    assert r.Y.shape == (2, 4)


def test_any_x_and_length():
    rng = np.random.default_rng(7)
    X = rng.normal(size=(5, 4))  # (T=5, d=4)
    r = prenorm_block(X, range(5))
    assert r.A.shape == (2, 5, 5) and r.Y.shape == (5, 4)
    causal = prenorm_block(X, range(5), causal=True)
    assert np.all(causal.A[:, np.triu_indices(5, 1)[0], np.triu_indices(5, 1)[1]] == 0.0)
    np.testing.assert_allclose(causal.A.sum(axis=-1), 1.0, atol=1e-15)
    with pytest.raises(ValueError):
        prenorm_block(np.ones((2, 6)), (0, 1))
    with pytest.raises(ValueError):
        prenorm_block(LESSON_X, (0, 1, 2))


def test_other_weights_as_parameter():
    rng = np.random.default_rng(3)
    d, d_ff = 6, 12
    w = BlockWeights(W_Q=rng.normal(size=(3, d, 2)), W_K=rng.normal(size=(3, d, 2)),
                     W_V=rng.normal(size=(3, d, 2)), W_O=rng.normal(size=(6, d)),
                     W_1=rng.normal(size=(d, d_ff)), W_2=rng.normal(size=(d_ff, d)),
                     b_1=rng.normal(size=d_ff), b_2=rng.normal(size=d))
    r = prenorm_block(rng.normal(size=(3, d)), (0, 1, 2), w, eps=1e-5)
    assert r.Y.shape == (3, d) and r.H.shape == (3, d_ff)
    np.testing.assert_allclose(r.H, r.Z_tilde @ w.W_1 + w.b_1)


def test_layer_norm_matches_torch():
    torch = pytest.importorskip("torch")
    x = np.random.default_rng(1).normal(size=(4, 7))
    for eps in (0.0, 1e-5):
        ours = row_layer_norm(x, eps)[0]
        ref = torch.nn.functional.layer_norm(torch.tensor(x), (7,), eps=eps).numpy()
        np.testing.assert_allclose(ours, ref, atol=1e-12)


def _torch_block(X_in, w: BlockWeights, causal=False):
    import torch

    F = torch.nn.functional
    t = lambda a: torch.tensor(np.asarray(a), dtype=torch.float64)  # noqa: E731
    x_in = t(X_in)  # (T, d)
    xt = F.layer_norm(x_in, x_in.shape[-1:], eps=0.0)  # (T, d)
    q = torch.einsum("td,hdk->htk", xt, t(w.W_Q))[None]  # (1, H, T, d_k)
    k = torch.einsum("td,hdk->htk", xt, t(w.W_K))[None]
    v = torch.einsum("td,hdk->htk", xt, t(w.W_V))[None]
    c = F.scaled_dot_product_attention(q, k, v, is_causal=causal)[0]  # (H, T, d_k)
    concat = torch.cat(list(c), dim=-1)  # (T, H*d_k)
    z = x_in + concat @ t(w.W_O)
    zt = F.layer_norm(z, z.shape[-1:], eps=0.0)
    y = z + F.relu(zt @ t(w.W_1) + t(w.b_1)) @ t(w.W_2) + t(w.b_2)
    return c.numpy(), y.numpy()


@pytest.mark.parametrize("positions", [(0, 1), None, (4, 9)])
def test_block_attention_and_output_match_torch(positions):
    pytest.importorskip("torch")
    r = prenorm_block(LESSON_X, positions)
    c, y = _torch_block(r.X_in, LESSON_WEIGHTS)
    np.testing.assert_allclose(r.C, c, atol=1e-12)
    np.testing.assert_allclose(r.Y, y, atol=1e-12)


def test_causal_block_matches_torch():
    pytest.importorskip("torch")
    X = np.random.default_rng(11).normal(size=(4, 4))
    r = prenorm_block(X, range(4), causal=True)
    c, y = _torch_block(r.X_in, LESSON_WEIGHTS, causal=True)
    np.testing.assert_allclose(r.C, c, atol=1e-12)
    np.testing.assert_allclose(r.Y, y, atol=1e-12)


# -- seed 003: the toy attention simulator -------------------------------------------------------
def test_seed003_embeddings_and_prefix():
    t = toy_attention("The cat sat on the")
    assert t.tokens == LECTURE_PREFIX
    np.testing.assert_array_equal(t.E, [[0, 2, 1, 0, 0], [1, 1, 0.4, 0.2, 1]])
    assert EMBEDDINGS["cat"] == (2.0, 1.0)
    assert round(1 / t.scale, 4) == 1.4142


def test_seed003_lecture_scores():
    s = output_scores()
    np.testing.assert_array_equal(s.scores, [4, 1, -1])
    np.testing.assert_array_equal(s.products[0], [2, 2])  # 1×2 + 2×1 = 4
    np.testing.assert_allclose(s.probs.sum(), 1.0)
    assert np.all(s.probs >= 0) and s.probs.argmax() == 0
    # angle reading: w·x = ‖w‖‖x‖cos θ
    np.testing.assert_allclose(s.row_norms * s.x_norm * np.cos(np.radians(s.angles_deg)), s.scores,
                               atol=1e-12)


def test_seed003_exercise_02_change_by_column_2():
    base = output_scores(LECTURE_W, (2, 1))
    grown = output_scores(LECTURE_W, (2, 2))
    np.testing.assert_array_equal(grown.scores - base.scores, [2, -1, 1])
    np.testing.assert_array_equal(base.column_2, [2, -1, 1])


def test_seed003_exercise_03_uniform_average():
    u = toy_attention(A_Q=np.zeros((2, 2)))
    np.testing.assert_array_equal(u.dots[-1], 0.0)
    np.testing.assert_allclose(u.A[-1], 0.2, atol=1e-15)
    np.testing.assert_allclose(u.x, [0.6, 0.72], atol=1e-15)


def test_seed003_exercise_04_same_x_after_reordering():
    p = toy_permutation()
    assert p.tokens_b == PERMUTED_PREFIX
    assert p.x_difference < 1e-15
    np.testing.assert_allclose(p.last_weights_b, p.last_weights_a[list(p.permutation)], atol=1e-15)
    # the earlier rows of the table do differ: only the last one is a permutation
    assert not np.allclose(p.A_a[:-1], p.A_b[:-1])


@pytest.mark.parametrize("n", range(1, 6))
def test_toy_properties_any_prefix(n):
    rng = np.random.default_rng(n)
    mats = [rng.normal(size=(2, 2)) for _ in range(3)]
    t = toy_attention(LECTURE_PREFIX[:n], *mats)
    assert t.A.shape == (n, n)
    np.testing.assert_allclose(t.A.sum(axis=1), 1.0, atol=1e-15)
    assert np.all(t.A[t.mask] == 0.0)  # exactly 0, not small
    assert np.all(t.A[~t.mask] > 0)
    np.testing.assert_allclose(t.x, t.terms.sum(axis=0), atol=1e-15)
    np.testing.assert_allclose(t.scores, (mats[0] @ t.E).T @ (mats[1] @ t.E) / np.sqrt(2))


def test_toy_bad_input():
    with pytest.raises(ValueError):
        toy_attention(("the", "dog"))
    with pytest.raises(ValueError):
        toy_attention(LECTURE_PREFIX, A_Q=np.eye(3))
    with pytest.raises(ValueError):
        attention_lesson(cell=(1, 3))  # a masked cell


def test_unpacked_cell():
    les = attention_lesson(cell=(2, 1))  # sat → cat: 1×2 + 0.4×1 = 2.4
    np.testing.assert_allclose(les.cell_products, [2.0, 0.4])
    assert les.cell_counted == (les.cell[0] + 1, les.cell[1] + 1) == (3, 2)  # row 3, column 2 as drawn
    np.testing.assert_allclose(les.scores[2, 1], 2.4 / np.sqrt(2))


def test_unpacked_cell_softmax_terms():
    """e^{z_32} and Σ_{ℓ≤3} e^{z_3ℓ} as the figure writes them: 5.4579 / 9.0558 = 0.6027."""
    les = attention_lesson(cell=(2, 1))
    assert round(les.sqrt_dk, 4) == 1.4142
    assert round(les.exp_scores[2, 1], 4) == 5.4579
    assert round(les.exp_row_sums[2], 4) == 9.0558  # e^{0.4/√2} + e^{2.4/√2} + e^{1.16/√2}
    np.testing.assert_allclose(les.exp_scores[2, 1], np.exp(2.4 / np.sqrt(2)))
    np.testing.assert_allclose(les.exp_scores[2, 1] / les.exp_row_sums[2], les.A[2, 1], rtol=1e-14)
    last = attention_lesson(cell=(4, 4))  # the last row: the sum runs over all five keys
    np.testing.assert_allclose(last.exp_scores[4, 4] / last.exp_row_sums[4], last.A[4, 4], rtol=1e-14)
    np.testing.assert_allclose(last.exp_row_sums[4], np.exp(last.scores[4]).sum())


@pytest.mark.parametrize("tokens", [LECTURE_PREFIX, PERMUTED_PREFIX, ("cat", "sat", "on")])
def test_toy_attention_matches_torch(tokens):
    """Column convention transposed: torch takes rows (tokens) as Q, K, V."""
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(len(tokens))
    for mats in ((None, None, None), [rng.normal(size=(2, 2)) for _ in range(3)]):
        t = toy_attention(tokens, *mats)
        q, k, v = (torch.tensor(m.T[None, None], dtype=torch.float64) for m in (t.Q, t.K, t.V))  # (1,1,n,2)
        out = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)[0, 0]  # (n, 2)
        np.testing.assert_allclose(t.C, out.numpy().T, atol=1e-12)
        np.testing.assert_allclose(t.x, out.numpy()[-1], atol=1e-12)


@pytest.mark.parametrize("tokens", [LECTURE_PREFIX, PERMUTED_PREFIX, ("cat", "sat", "on")])
def test_second_head_matches_torch(tokens):
    """attention_lesson's second head (A_Q ≠ A_K): its scores QᵀK/√2 are not symmetric, and the causal
    mask, the row softmax and the outputs agree with torch (rows = tokens there)."""
    torch = pytest.importorskip("torch")
    les = attention_lesson(tokens, cell=None)
    a = les.asking
    n = len(a.tokens)
    q, k, v = (torch.tensor(m.T, dtype=torch.float64) for m in (a.Q, a.K, a.V))  # (n, 2) each
    z = q @ k.T / np.sqrt(2)  # (n, n)
    np.testing.assert_allclose(a.scores, z.numpy(), atol=1e-12)
    assert not np.allclose(a.scores, a.scores.T)  # asking differs from answering
    i, j = les.asking_pair
    assert abs(z[i, j] - z[j, i]).item() > 0.5
    future = torch.triu(torch.ones(n, n, dtype=torch.bool), diagonal=1)
    np.testing.assert_array_equal(a.mask, future.numpy())
    weights = torch.softmax(z.masked_fill(future, float("-inf")), dim=-1)  # (n, n)
    np.testing.assert_allclose(a.A, weights.numpy(), atol=1e-12)
    assert np.all(a.A[a.mask] == 0.0)
    out = torch.nn.functional.scaled_dot_product_attention(q[None], k[None], v[None], is_causal=True)[0]
    np.testing.assert_allclose(a.C, out.numpy().T, atol=1e-12)
    np.testing.assert_allclose(a.x, out[-1].numpy(), atol=1e-12)


def test_asymmetric_pair_is_the_largest_gap():
    rng = np.random.default_rng(3)
    for _ in range(20):
        z = rng.normal(size=(6, 6))
        i, j = asymmetric_pair(z)
        assert j < i
        assert np.isclose(abs(z[i, j] - z[j, i]), np.abs(z - z.T).max())


def test_two_heads_are_concatenated_and_mixed_by_w_o():
    """attention_lesson's two heads run side by side: [x; y] stacked and mixed by W_O, as torch's
    linear layer over the concatenated heads computes it; the fixed W_O averages the two heads here."""
    torch = pytest.importorskip("torch")
    from engine.attention import concat_heads

    les = attention_lesson()
    np.testing.assert_array_equal(les.heads_concat, np.concatenate([les.x, les.asking.x]))
    lin = torch.nn.functional.linear(torch.tensor(les.heads_concat), torch.tensor(les.W_O))  # W_O c
    np.testing.assert_allclose(les.layer_out, lin.numpy(), atol=1e-12)
    np.testing.assert_allclose(les.layer_out, (les.x + les.asking.x) / 2, atol=1e-12)
    assert les.W_O.shape == (2, 4)
    _, other = concat_heads((les.x, les.asking.x), np.eye(2, 4))  # W_O = [I 0]: the first head only
    np.testing.assert_allclose(other, les.x, atol=1e-12)
    with pytest.raises(ValueError, match="4 columns"):
        concat_heads((les.x, les.asking.x), np.eye(2))


def test_head_weights_read_a_block_identity_w_o():
    """head_weights: W_O = [c1 I | c2 I] gives (c1, c2), and o = c1 x + c2 x′ on the heads' plane; the
    lesson's W_O gives (½, ½), so o is the midpoint of x and x′; any other W_O gives None."""
    from engine.attention import head_weights

    les = attention_lesson()
    assert les.head_mix == (0.5, 0.5)
    c1, c2 = les.head_mix
    np.testing.assert_allclose(les.layer_out, c1 * les.x + c2 * les.asking.x, atol=1e-12)
    assert head_weights(np.hstack([0.2 * np.eye(2), 0.8 * np.eye(2)]), 2) == (0.2, 0.8)
    assert head_weights([[0.5, 0.1, 0.5, 0.0], [0.0, 0.5, 0.0, 0.5]], 2) is None  # off the diagonal
    assert head_weights(np.eye(2, 3), 2) is None  # not whole heads
