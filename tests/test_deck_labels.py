"""The handout's "on screen" labels (studio.publish.deck.labels): a label per record field in the
three languages, FIELD_K columns numbered, and a column without a label left out, never printed raw."""
from __future__ import annotations

import pytest

from look import LANGS
from studio.publish.deck.labels import FIELD_LABELS, field_label


def test_every_labelled_field_has_all_three_languages():
    assert set(FIELD_LABELS) == set(LANGS)
    assert len({frozenset(t) for t in FIELD_LABELS.values()}) == 1
    for lang in LANGS:
        for field, label in FIELD_LABELS[lang].items():
            assert label and "_" not in label, (lang, field)


@pytest.mark.parametrize("lang, column, label", [
    ("en", "sin_3", "sin, hand 3"), ("zh-Hant", "cos_0", "cos，第 0 根指針"), ("zh-Hans", "mean_1", "均值，第 1 行"),
    ("en", "output_deviation", "outputs: largest change after reordering"), ("en", "p_minus_q", "p − q"),
    # the scenes whose handout pages listed nothing (backprop_small, attention_heatmap) or left out what
    # a caption reads out (layernorm_steps' sum of squares, naive_position's four terms)
    ("en", "loss_shown", "loss L"), ("zh-Hant", "hidden_shown", "隱藏節點上"), ("en", "masked_cells", "cells the mask hides"),
    ("zh-Hans", "sum_sq_0", "平方和，第 0 行"), ("en", "divisor_1", "divisor √(σ² + ε), row 1"),
    ("zh-Hant", "term_4", "(E+p)·(E′+q) 的第 4 項"),
])
def test_a_column_takes_its_fields_label(lang, column, label):
    assert field_label(column, lang) == label


@pytest.mark.parametrize("column", ["outputs_enlarged", "output_deviation_mantissa", "scores_a_shown",
                                    "table_decimals_pe", "frame", "mix_weight_0_1"])
def test_a_column_without_a_label_is_left_out(column):
    assert all(field_label(column, lang) is None for lang in LANGS)


def test_the_layernorm_rms_is_listed_only_where_the_folded_line_draws_it():
    """signal_decay draws LayerNorm's RMS at layer k only once its line is folded over layer k
    (ln_layers ≥ k: LayerNorm after layers 1 … k gives rms_ln's values there); before the fold
    (ln_layers = 0: intro, slope, sweep) the handout and the values on screen list none of them."""
    from studio.publish.deck.labels import drawn

    row = {"ln_layers": "0.0", "rms_ln_1": "1.0", "rms_plain_1": "0.87"}
    assert not drawn("rms_ln_1", row) and drawn("rms_plain_1", row) and drawn("s", row)
    row["ln_layers"] = "2.5"  # half way over layer 3
    assert drawn("rms_ln_1", row) and drawn("rms_ln_2", row) and not drawn("rms_ln_3", row)
    row["ln_layers"] = "30.0"
    assert drawn("rms_ln_30", row)
    assert not drawn("rms_ln_1", {"rms_ln_1": "1.0"})  # no fold recorded: not drawn
    assert "folded line" in field_label("rms_ln_4", "en") and "摺" in field_label("rms_ln_4", "zh-Hant")
    assert field_label("ln_layers", "zh-Hans")
