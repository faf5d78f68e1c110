"""attention_heatmap: the weighted sum drawn large and in colours apart from the ink, the head-width note and the
second part's title (seed 003, "The last position supplies our context vector"; multi-head: heads of width d/h)."""
from __future__ import annotations

import numpy as np
from manim import color_to_rgb

from types import SimpleNamespace

from look import Look, diverging_color
from scenes.attention.context import piece_color
from scenes.attention.strings import STRINGS
from scenes.attention.table import HEAT_GAP, AttentionTable, hue
from tests.test_scene_claims import record


def test_pieces_never_read_as_ink():
    """Every token's piece α_nj v_j differs from the ink (a navy piece beside black value arrows does not)."""
    d = record("attention_heatmap")
    for theme in ("light", "dark"):
        pal = Look(theme=theme).palette
        ink = np.array(color_to_rgb(pal.ink))
        for c in AttentionTable.token_colors(SimpleNamespace(pal=pal), 8):
            assert np.abs(np.array(color_to_rgb(piece_color(c, pal))) - ink).sum() >= 0.9


def test_green_means_a_large_weight_only():
    """The table's high weights are green (look.diverging_color) in the light theme; no token colour (its weight's
    name, its piece) shares that hue while the table is on screen with up to seven tokens; all eight stay apart."""
    d = record("attention_heatmap")
    for theme in ("light", "dark"):
        pal = Look(theme=theme).palette
        heat = hue(diverging_color(1.0, pal, 1.0))
        colors = AttentionTable.token_colors(SimpleNamespace(pal=pal), 7)
        assert len(set(colors)) == 7 and len(set(AttentionTable.token_colors(SimpleNamespace(pal=pal), 8))) == 8
        for c in colors:
            gap = abs(hue(c) - heat)
            assert min(gap, 360 - gap) >= HEAT_GAP, (theme, c)
    assert len(d.tokens) <= 7


def test_head_width_note_states_d_over_h():
    """The note beside the stack: real heads (H of them) have width d/H, so the stack is back to d; this toy keeps d per
    head, so the stack is H·d wide (the engine's concat)."""
    d = record("attention_heatmap")
    dim, width = len(d.x), len(d.heads_concat)
    assert width == 2 * dim  # two heads of full width here: the note says so, with these numbers
    for lang in ("en", "zh-Hant", "zh-Hans"):
        text = STRINGS[lang]["head_width"].format(d=dim, h=width // dim, w=width)
        assert "d/H" in text and "d/h" not in text and f"d = {dim}" in text and str(width) in text


def test_second_part_has_its_own_title():
    for lang in ("en", "zh-Hant", "zh-Hans"):
        assert STRINGS[lang]["title_heads"] and STRINGS[lang]["title_heads"] != STRINGS[lang]["title"]
