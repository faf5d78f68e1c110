"""engine.softmax: the engine's one softmax (rows sum to 1, masked weights exactly 0, torch agrees)."""
import ast
import re
from pathlib import Path

import numpy as np
import pytest

from engine import softmax

ENGINE = Path(__file__).resolve().parent.parent / "engine"


def test_rows_sum_to_one_along_any_axis():
    x = np.random.default_rng(0).normal(scale=5.0, size=(3, 4, 7))  # (3, 4, 7)
    for axis in (-1, 0, 1):
        w = softmax(x, axis=axis)
        assert w.shape == x.shape
        np.testing.assert_allclose(w.sum(axis=axis), 1.0, atol=1e-12)
        assert (w > 0).all()


def test_masked_weights_are_exactly_zero():
    scores = np.array([[0.3, -np.inf, 2.0, -np.inf], [-np.inf, -np.inf, -np.inf, 1.5]])
    w = softmax(scores)
    assert (w[np.isneginf(scores)] == 0.0).all()
    assert w[1, 3] == 1.0
    np.testing.assert_allclose(w[0, [0, 2]], np.exp([0.3, 2.0]) / np.exp([0.3, 2.0]).sum(), rtol=1e-15)


def test_large_scores_do_not_overflow():
    w = softmax(np.array([1000.0, 999.0, -1000.0]))
    assert np.isfinite(w).all()
    np.testing.assert_allclose(w[:2], [1 / (1 + np.exp(-1)), np.exp(-1) / (1 + np.exp(-1))], rtol=1e-12)


def test_equals_torch_softmax_with_a_causal_mask():
    torch = pytest.importorskip("torch")
    x = np.random.default_rng(1).normal(scale=3.0, size=(2, 5, 5))  # (H, T, T)
    x = np.where(np.triu(np.ones((5, 5), dtype=bool), k=1), -np.inf, x)  # (H, T, T)
    for axis in (-1, 1):
        expected = torch.softmax(torch.from_numpy(x), dim=axis).numpy()
        np.testing.assert_allclose(softmax(x, axis=axis), expected, rtol=1e-12, atol=1e-15)


def test_no_other_softmax_in_the_engine():
    """Every engine caller imports engine.attention.softmax; no module defines its own."""
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        own = [n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)
               and re.fullmatch(r"_*(\w+_)?softmax", n.name.lower())]  # softmax_bars makes a record, not a softmax
        if path.name == "attention.py":
            assert own == ["softmax"], own
        else:
            assert not own, f"{path.name} defines {own}: import engine.attention.softmax instead"
    from engine import block, causal, toy

    assert toy.softmax is block.softmax is causal.softmax is softmax
