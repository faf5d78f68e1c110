"""A caption's maths letters set slanted, as the picture's TeX sets them (LectureScene.math_letters,
scenes.parts.cues.italic_letters). The caption font has no italic, so the slant is synthetic: each letter is sheared
about its baseline, its top leaning right, and it reads as standing right of where an upright letter would, the gap
before it wider than the one after ("q ·  k", "Mgives"). Each slanted glyph is moved left by half its shear at the
height of its middle (SHIFT_EM of an em), so the gaps on both sides read even; nothing else on the line moves."""
from __future__ import annotations

from functools import lru_cache

SHIFT_EM = 0.06  # a slanted letter's lean at half its x-height (a shear of about 0.2 over half of 0.54 em), in em


@lru_cache(maxsize=None)
def _em_per_point(font: str) -> float:
    """The caption font's em in scene units per point: an em dash's width at 100 points, over 100."""
    from scenes.parts.textcache import text

    return text("\u2014", font=font, font_size=100).width / 100


def even_italic_gaps(mob, cue: str, pattern, font: str):
    """`mob`, the Text of `cue` (one glyph per character that is not white space), with every match of `pattern` (a
    slanted letter) moved left by SHIFT_EM of an em at the size it is drawn. Returns `mob`."""
    glyphs = mob.submobjects
    if len(glyphs) != sum(1 for c in cue if not c.isspace()):
        return mob  # a glyph per character is what the offsets below count on
    em = _em_per_point(font) * float(mob.font_size)
    for m in pattern.finditer(cue):
        i = sum(1 for c in cue[:m.start()] if not c.isspace())
        glyphs[i].shift([-SHIFT_EM * em, 0, 0])
    return mob
