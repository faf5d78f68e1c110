"""Recomputations for engine/golden/seed004_training.toml (seed 004 §4.1, §4.3, §4.4, §4.6)."""
import functools

import numpy as np

from engine.causal import causal_mask_table
from engine.ffn import ffn_shapes
from engine.gpt2 import gpt2_params, gpt2_sizes


@functools.cache
def _shortcut():
    from engine.training import shortcut_gradients

    return shortcut_gradients()


def _without(i):
    return float(_shortcut().without_shortcut[i])


def _with(i):
    return float(_shortcut().with_shortcut[i])


def grad_without_layer1():
    return _without(0)


def grad_without_layer2():
    return _without(1)


def grad_without_layer3():
    return _without(2)


def grad_without_layer4():
    return _without(3)


def grad_without_layer5():
    return _without(4)


def grad_with_layer1():
    return _with(0)


def grad_with_layer2():
    return _with(1)


def grad_with_layer3():
    return _with(2)


def grad_with_layer4():
    return _with(3)


def grad_with_layer5():
    return _with(4)


def grad_summary_layer1():
    return [_without(0), _with(0)]


def grad_orders_of_magnitude():
    return float(np.log10(_shortcut().weight_grad_ratio[0]))


_SMALL = gpt2_params()  # GPT-2 small, untied, qkv_bias=False: the book's model


def tok_emb():
    return _SMALL.tok_emb


def pos_emb():
    return _SMALL.pos_emb


def attention_parts():
    return [_SMALL.attn_qkv, _SMALL.attn_out]


def attention_block():
    return _SMALL.attn_qkv + _SMALL.attn_out


def ffn_block():
    return _SMALL.ffn


def norms_block():
    return _SMALL.norms


def per_block():
    return _SMALL.per_block


def blocks_total():
    return _SMALL.blocks


def final_norm():
    return _SMALL.final_norm


def total_tied():
    return gpt2_params(tied=True).total


def total_untied():
    return _SMALL.total


def memory_untied_mib():
    return _SMALL.mib


def memory_untied_mb():
    return _SMALL.mb


def tying_saving_mib():
    return gpt2_sizes().tying_saving_mib


def file_sizes_mib():
    return [_SMALL.mib, gpt2_params(tied=True).mib]


def preset_labels():
    return (gpt2_sizes(qkv_bias=True).tied / 1e6).tolist()


def ffn_hidden_shape():
    return list(ffn_shapes().shapes[1])


def ffn_output_shape():
    return list(ffn_shapes().shapes[-1])


def mask_visible():
    return causal_mask_table().visible.tolist()


def mask_training_examples():
    return len(causal_mask_table().targets)
