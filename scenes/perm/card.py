"""The rows of the permutation scene's closing card (scenes/perm/close.py): each a case in bold and
what it does to the outputs, one text line under another; a deviation written in the text as
1.1×10⁻¹⁶ is typeset instead (TeX, its exponent in text style, as large as its digits)."""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, VGroup

from scenes.perm.layout import TEX, TEXT

LINE_GAP = 0.14  # scene units between the lines of a result (as Text's line spacing 0.8 sets them)


def card_rows(scene, text: str, sci: str, sci_tex: str) -> list:
    """One VGroup(case, result) per block of `text` (blocks apart by a blank line, the case its first
    line); in the result, the plain deviation `sci` is drawn as the TeX `sci_tex`."""
    ink = scene.pal.ink
    rows = []
    for block in text.split("\n\n"):
        case, result = block.split("\n", 1)
        lines = VGroup()
        for line in result.split("\n"):
            if sci and sci in line:
                before, after = line.split(sci, 1)
                scene.shown["card_gap_mantissa"] = float(sci.split("\u00d7")[0])  # as typeset (TeX: 1.1, then × 10^…)
                sci_mob = scene.tex(sci_tex, size=TEX * 1.1, color=ink)  # its digits as tall as the text's
                texts = [scene.txt(t.strip(), size=TEXT, color=ink, **scene.cue_style(t)) if t.strip() else None
                         for t in (before, after)]
                drawn = VGroup(*(m for m in (texts[0], sci_mob, texts[1]) if m is not None)).arrange(RIGHT, buff=0.15)
                if texts[0] is not None:  # the mantissa's first digit on the text's baseline
                    sci_mob.shift((baseline(texts[0]) - sci_mob[0][0].get_bottom()[1]) * UP)
            else:
                drawn = scene.txt(line, size=TEXT, color=ink, **scene.cue_style(line))
            lines.add(drawn)
        lines.arrange(DOWN, aligned_edge=LEFT, buff=LINE_GAP)
        rows.append(VGroup(scene.txt(case, size=TEXT, color=ink, weight="BOLD", **scene.cue_style(case)), lines))
    return rows


def baseline(text) -> float:
    """The baseline of a line of Text: the median bottom of its glyphs (most sit on it; a descender or a
    CJK glyph only a little below)."""
    return float(np.median([g.get_bottom()[1] for g in text]))
