"""Recomputations for engine/golden/seed004_depth.toml (seed 004: LayerNorm, 30-layer signal, 2-3-1 net)."""
import numpy as np

from engine.norms import layernorm_example
from engine.signal import signal_decay
from engine.smallnet import small_net_step

_LN = layernorm_example()
_SIG = signal_decay()
_NET = small_net_step(target=1.0, lr=0.1)


def ln_mean():
    return _LN.mean


def ln_var_unbiased():
    return _LN.var_unbiased


def ln_row0_normalised():
    return _LN.scaled_unbiased[0, :3]


def ln_check_var():
    return _LN.check_var_unbiased


def ln_check_mean():
    return _LN.check_mean_unbiased


def var_gap_pct_768():
    return _LN.var_gap_pct_emb_dim


def signal_pow_09_30():
    return _SIG.reference_power[0]


def signal_pow_11_30():
    return _SIG.reference_power[1]


def signal_ln_level():
    layers = _SIG.rms_ln[:, 1:]  # (S, L) the input column is excluded
    return [float(layers.min()), float(layers.max())]


def net_a1():
    return _NET.a1


def net_y_hat():
    return [_NET.y_hat, _NET.y_hat_new]


def net_dy_hat():
    return _NET.dy_hat


def net_dz1():
    return _NET.dz1


def net_dx():
    return _NET.dx


def net_w2_update():
    return np.stack([_NET.w2, _NET.w2_new])


def net_loss():
    return [_NET.loss, _NET.loss_new]
