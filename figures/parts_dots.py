"""The middle dot in Chinese figures: the CJK faces draw "·" (U+00B7) nearly full width, so a formula
such as p·q·d or sin(u·x) would read as if set with "・" (U+30FB). A plain text keeps the CJK face and
writes its dot as "⋅" (U+22C5), which the Latin face sets; a text mathtext sets takes the Latin face first."""
from __future__ import annotations

import re

_CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")


DOT_OPERATOR = "\u22c5"  # ⋅: the CJK faces have no glyph for it, so it comes from the Latin face, half width
_SCRIPTS = re.compile(r"[\u00b2\u00b3\u00b9\u2070-\u209f\u1d62-\u1d6a\u2c7c]")  # sub- and superscripts


def half_width_dots(fig) -> None:
    """In a Chinese figure, every text with a middle dot (sin(u·x), α·v, p·q·d) keeps the dot half width:
    the CJK faces draw "·" full width, so it would read as "・" (U+30FB). A plain text stays in the CJK face,
    its "·" written as the dot operator "⋅", which that face lacks, so the Latin face sets the dot alone and
    the line is one face (no DejaVu digits beside Noto ones). A text that mathtext will set (inline maths, or
    sub- and superscripts scripts_as_maths turns into maths) takes the Latin face first instead, its Chinese
    characters from the CJK face glyph by glyph; one with inline maths and Chinese is left to
    chinese_beside_maths' rule (mathtext takes every glyph from the first face)."""
    import matplotlib
    from matplotlib.text import Text

    from look import LATIN_FONT

    families = list(matplotlib.rcParams["font.family"])
    if "CJK" not in families[0]:
        return
    for t in fig.findobj(Text):
        s = t.get_text()
        if "\u00b7" not in s:
            continue
        maths = len(re.findall(r"(?<!\\)\$", s)) >= 2
        first = next(iter(t.get_fontfamily()), families[0])
        if not maths and not _SCRIPTS.search(s) and first in (*families, "sans-serif"):
            t.set_text(s.replace("\u00b7", DOT_OPERATOR))  # the CJK face's line, the Latin face's dot
        elif not (_CJK.search(s) and maths):
            t.set_fontfamily([LATIN_FONT, *[f for f in families if f != LATIN_FONT]])
