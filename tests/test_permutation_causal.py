"""The causal-mask aside of the permutation scene: the masked tables and outputs the engine records."""
from __future__ import annotations

import numpy as np

from engine.attention import permutation_demo


def test_masked_tables_and_outputs_of_both_orders():
    """No p, causal mask: each row sees itself and the rows before it (0 above the diagonal), the first
    token's output is its own value vector, and causal_deviation is the largest gap between the masked
    outputs of order b and order a's moved into order b."""
    for case in permutation_demo().examples:
        for w in (case.causal_weights_a, case.causal_weights_b):
            assert np.all(np.triu(w, 1) == 0.0)
            assert np.allclose(w.sum(axis=1), 1.0)
        assert np.allclose(case.causal_out_a[0], case.values_a[0])
        gap = np.abs(case.causal_out_b - case.p_matrix @ case.causal_out_a).max()
        assert gap == case.causal_deviation
        assert gap > 0.1  # the orders now differ
