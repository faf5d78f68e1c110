"""attention_heatmap: the weighted sum drawn large and in colours apart from the ink, the head-width note and the
second part's title (seed 003, "The last position supplies our context vector"; multi-head: heads of width d/h)."""
from __future__ import annotations

import numpy as np
from manim import color_to_rgb

from look import Look
from scenes.attention.context import piece_color
from scenes.attention.strings import STRINGS
from tests.test_scene_claims import record


def test_pieces_never_read_as_ink():
    """Every token's piece α_nj v_j differs from the ink (a navy piece beside black value arrows does not)."""
    d = record("attention_heatmap")
    for theme in ("light", "dark"):
        pal = Look(theme=theme).palette
        ink = np.array(color_to_rgb(pal.ink))
        order = (3, 5, 2, 6, 4, 7, 0, 1)
        for j in range(len(d.tokens)):
            c = pal.series[order[j % len(order)] % len(pal.series)]
            assert np.abs(np.array(color_to_rgb(piece_color(c, pal))) - ink).sum() >= 0.9


def test_head_width_note_states_d_over_h():
    """The note beside the stack: real heads have width d/h, so the stack is back to d; this toy keeps d per
    head, so the stack is h·d wide (the engine's concat)."""
    d = record("attention_heatmap")
    dim, width = len(d.x), len(d.heads_concat)
    assert width == 2 * dim  # two heads of full width here: the note says so, with these numbers
    for lang in ("en", "zh-Hant", "zh-Hans"):
        text = STRINGS[lang]["head_width"].format(d=dim, h=width // dim, w=width)
        assert "d/h" in text and f"d = {dim}" in text and str(width) in text


def test_second_part_has_its_own_title():
    for lang in ("en", "zh-Hant", "zh-Hans"):
        assert STRINGS[lang]["title_heads"] and STRINGS[lang]["title_heads"] != STRINGS[lang]["title"]
