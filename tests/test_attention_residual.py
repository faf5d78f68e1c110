"""The attention_heatmap ending: o is added back to the last token's own vector (the residual)."""
import numpy as np

from engine.toy import attention_lesson


def test_the_residual_adds_o_to_the_last_tokens_own_vector():
    d = attention_lesson()
    np.testing.assert_allclose(d.residual_in, d.E[:, -1])
    np.testing.assert_allclose(d.residual_out, d.E[:, -1] + d.layer_out)
    np.testing.assert_allclose(d.residual_out - d.residual_in, d.layer_out)
