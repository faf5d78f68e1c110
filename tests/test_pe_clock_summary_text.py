"""pe_clock's summary claim (scenes.clock.summary, seed 001 summary): a bullet line mixing words and maths stands on
one baseline. "• 挪 k 步，…" was measured on the bullet alone, which floats at mid-height, so 挪 sat below k and 步."""
from __future__ import annotations

import pytest


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans", "en"])
def test_a_bullet_piece_stands_on_the_same_line_as_the_words_after_it(lang):
    from manim import Text

    from look import Look
    from scenes.clock.summary import text_foot

    font = Look("light", lang).font
    first, rest = {"en": ("• Moving", "seats: a fixed turn on each dial,"),
                   "zh-Hant": ("• 挪", "步，每根指針轉過固定的角度："),
                   "zh-Hans": ("• 挪", "步，每根指针转过固定的角度：")}[lang]
    a, b = Text(first, font=font, font_size=28), Text(rest, font=font, font_size=28)
    height = b.height
    assert abs(text_foot(a, first) - text_foot(b, rest)) < 0.06 * height
    bullet_bottom = a[0].get_bottom()[1]
    assert bullet_bottom - text_foot(a, first) > 0.15 * height  # the bullet alone would have set the line too high
