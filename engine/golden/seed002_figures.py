"""Recomputations for engine/golden/seed002_figures.toml (seed 002: the positional-encoding figures)."""
from engine.costs import combine_costs, rnn_vs_attention
from engine.pe_waves import dot_distance, seq_number_problems, wave_samples

_C = combine_costs()
_ROW = _C.d_models.index(512)
_ADD, _CAT = _C.ways.index("add"), _C.ways.index("concat_fingerprint")
_W = wave_samples()
_DOT = dot_distance()


def combine_width_add():
    return int(_C.widths[_ROW, _ADD])


def combine_width_concat():
    return int(_C.widths[_ROW, _CAT])


def combine_wq_params():
    return [int(_C.wq_params[_ROW, _ADD]), int(_C.wq_params[_ROW, _CAT])]


def combine_qkv_params():
    return [int(_C.qkv_params[_ROW, _ADD]), int(_C.qkv_params[_ROW, _CAT])]


def pos3_angles():
    return _W.angles


def wave_periods():
    return _W.periods


def dot_spread_over_p():
    return _DOT.spread_over_p


def dot_k0():
    return float(_DOT.closed_form[0])


def dot_k1():
    return float(_DOT.closed_form[1])


def counting_ratio_seat12():
    s = seq_number_problems()
    return [s.example_counting_ratio, s.example_sinusoidal_ratio]


def rnn_vs_attention_steps():
    r = rnn_vs_attention(6)
    return [r.rnn_states, r.attention_steps, r.pairs]
