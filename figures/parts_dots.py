"""The middle dot in Chinese figures: the CJK faces draw "·" (U+00B7) nearly full width, so a formula
such as p·q·d or sin(u·x) would read as if set with "・" (U+30FB). Every text holding one takes the Latin
face first; its Chinese characters still come from the CJK face, glyph by glyph."""
from __future__ import annotations

import re

_CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")


def half_width_dots(fig) -> None:
    """In a Chinese figure, every text with a middle dot (sin(u·x), α·v, p·q·d) takes the Latin face first:
    the CJK faces draw "·" full width, so it would read as "・" (U+30FB). Its Chinese characters still come
    from the CJK face, glyph by glyph. A text with inline maths and Chinese is left to chinese_beside_maths'
    rule (mathtext takes every glyph from the first face)."""
    import matplotlib
    from matplotlib.text import Text

    from look import LATIN_FONT

    families = list(matplotlib.rcParams["font.family"])
    if "CJK" not in families[0]:
        return
    for t in fig.findobj(Text):
        s = t.get_text()
        if "\u00b7" in s and not (_CJK.search(s) and len(re.findall(r"(?<!\\)\$", s)) >= 2):
            t.set_fontfamily([LATIN_FONT, *[f for f in families if f != LATIN_FONT]])
