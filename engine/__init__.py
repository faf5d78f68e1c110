"""The numeric engine: every number the scenes and figures show, numpy in and numpy out.

The public API is importable from here (`from engine import sinusoidal`); names load their
module on first use, so `import engine` stays cheap and torch is imported only by the functions
that train. The engine never imports manim or matplotlib.
"""
from __future__ import annotations

import importlib

# public name -> module that defines it
_API = {
    # positional encoding (seeds 001, 002)
    "sinusoidal": "engine.positional",
    "hand_speeds": "engine.positional",
    "hand_angles": "engine.positional",
    "denominators": "engine.positional",
    "distance": "engine.positional",
    "distance_matrix": "engine.positional",
    "hand_angle": "engine.positional",
    "fingerprint": "engine.positional",
    "rotation": "engine.positional",
    "rotation_misses": "engine.positional",
    "look_back_scores": "engine.positional",  # the score table of a head whose query turns one seat back
    "word_order_scores": "engine.word_order",  # 十五 vs 五十 with the fingerprints added
    "clock_lesson": "engine.word_order",  # pe_clock's record
    "last_word_fixed": "engine.word_order",  # one word kept in place while the others swap: its output
    # more public names are added below, one line each, grouped by module
    # real training runs: 300-step loss curves, the book's shortcut gradients (seed 004 §4.2, §4.4)
    "loss_curves": "engine.training",
    "shortcut_gradients": "engine.training",
    # GPT-2 parameter counts, FeedForward shapes, the 4-token causal mask (seed 004 §4.1, §4.3, §4.6)
    "gpt2_params": "engine.gpt2",
    "gpt2_breakdown": "engine.gpt2",
    "gpt2_sizes": "engine.gpt2",
    "ffn_shapes": "engine.ffn",
    "causal_mask_table": "engine.causal",
    "ffn_steps": "engine.ffn",
    "ffn_weights": "engine.ffn",
    # the book's untrained GPTModel: embedding rows, greedy generation (seed 004 §4.1, §4.7)
    "embedding_rows": "engine.generate",
    "greedy_generate": "engine.generate",
    "prompt_runs": "engine.generate",
    # LayerNorm, GELU and the dying-ReLU drift (seed 004 §4.2, §4.3)
    "layer_norm": "engine.norms",
    "layernorm_example": "engine.norms",
    "dim_mean": "engine.norms",
    "batch_contrast": "engine.norms",
    "gelu": "engine.activations",
    "gelu_grad": "engine.activations",
    "relu_grad": "engine.activations",
    "neuron_drift": "engine.activations",
    "gelu_relu": "engine.activations",
    # a signal through 30 layers (seed 004 §4.2 interactive ①)
    "signal_weights": "engine.signal",
    "signal_rms": "engine.signal",
    "signal_decay": "engine.signal",
    "signal_closed_form": "engine.signal",
    "signal_log_slope": "engine.signal",
    "signal_ln_divisor": "engine.signal",
    "signal_typical_last": "engine.signal",
    "signal_fan": "engine.signal",
    "signal_gain_stats": "engine.signal",
    # the 2-3-1 tanh net: forward, backward, one update (seed 004 "前向×反向")
    "small_net_forward": "engine.smallnet",
    "small_net_step": "engine.smallnet",
    # attention and the permutation lesson (seeds 001, 002)
    "softmax": "engine.attention",
    "scaled_dot_product_attention": "engine.attention",
    "causal_mask": "engine.attention",
    "concat_heads": "engine.attention",
    "permutation_matrix": "engine.attention",
    "permutation_demo": "engine.attention",
    # RoPE (seed 002 §06)
    "rope_thetas": "engine.rope",
    "rope_rotate": "engine.rope",
    "rope_score": "engine.rope",
    "plane_contributions": "engine.rope",
    "rope_lesson": "engine.rope",
    "rope_keyframes": "engine.rope",
    # the seat-number machine (seed 001)
    "naive_terms": "engine.naive",
    "naive_total": "engine.naive",
    "naive_position": "engine.naive",
    "naive_stops": "engine.naive",
    # positional-encoding figures (seeds 001, 002): records and the dot-product identity
    "pe_dot_product": "engine.positional",
    "dot_by_gap": "engine.positional",
    "distance_profile": "engine.pe_geometry",
    "angle_table": "engine.pe_geometry",
    "wave_samples": "engine.pe_waves",
    "dot_distance": "engine.pe_waves",
    "counting_encoding": "engine.pe_waves",
    "seq_number_problems": "engine.pe_waves",
    # sizes and costs around positional encoding (seeds 001, 002)
    "combine_costs": "engine.costs",
    "combine_rows": "engine.costs",
    "attention_cost": "engine.costs",
    "rnn_vs_attention": "engine.costs",
    # the Pre-LN worked example (seed 000) and the toy attention simulator (seed 003)
    "prenorm_block": "engine.block",
    "prenorm_lesson": "engine.block",
    "BlockWeights": "engine.block",
    "LESSON_WEIGHTS": "engine.block",
    "LESSON_X": "engine.block",
    "postln_block": "engine.postln",  # the same numbers through Post-LN, LN(x + F(x))
    "postln_sublayer": "engine.postln",
    "stacked_blocks": "engine.depth",  # the lesson block three deep, Pre-LN and Post-LN: the stream's std per block
    "toy_attention": "engine.toy",
    "output_scores": "engine.toy",
    "attention_lesson": "engine.toy",
    "toy_permutation": "engine.toy",
}

__all__ = sorted(_API)


def __getattr__(name: str):
    try:
        module = _API[name]
    except KeyError:
        raise AttributeError(f"module 'engine' has no attribute {name!r}") from None
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__():
    return __all__
