"""The rows of the permutation scene's closing card (scenes/perm/close.py): each a case in bold and
what it does to the outputs, one text line under another; a deviation written in the text as
1.1×10⁻¹⁶ is typeset instead (TeX, its exponent in text style, as large as its digits)."""
from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, VGroup

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
                parts = [scene.txt(before.rstrip(), size=TEXT, color=ink, **scene.cue_style(before))] if before.strip() else []
                parts.append(scene.tex(sci_tex, size=TEX * 0.95, color=ink))
                if after.strip():
                    parts.append(scene.txt(after.strip(), size=TEXT, color=ink, **scene.cue_style(after)))
                drawn = VGroup(*parts).arrange(RIGHT, buff=0.15)
                for p in parts[1:]:  # on the text's baseline: the digits' bottoms level
                    p.align_to(parts[0], DOWN)
            else:
                drawn = scene.txt(line, size=TEXT, color=ink, **scene.cue_style(line))
            lines.add(drawn)
        lines.arrange(DOWN, aligned_edge=LEFT, buff=LINE_GAP)
        rows.append(VGroup(scene.txt(case, size=TEXT, color=ink, weight="BOLD", **scene.cue_style(case)), lines))
    return rows
