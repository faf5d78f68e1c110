"""attention_heatmap's captions name the heads' outputs h₁ and h₂ as the picture's TeX sets them (seed 003,
"The last position supplies our context vector"): the h slanted, its index smaller and set low. The caption
faces (Noto Sans CJK) have no subscript digits, so a cue writes h1, h2 (subtitles too) and is drawn with the
face's own digit in the index's place, that glyph then scaled and lowered (h₁, h₂ written with subscript digits are
drawn the same way).
"""
from __future__ import annotations

import re

from manim import DOWN, ITALIC, LEFT

INDEX = {"₁": "1", "₂": "2"}
NAME = re.compile(r"(?<![A-Za-z])h(?=[₁₂12](?![0-9]))")  # the h of h₁, h₂ (or of its drawn form h1, h2)
# a matrix's W, slanted as the picture's TeX sets it: of WQ, WK (the index then drawn small and low, as h's) and of "W = I"
MATRIX = re.compile(r"(?<![A-Za-z])W(?=[QK](?![A-Za-z])| = )")
# the maths letters a cue names as the picture's TeX sets them, slanted (LectureScene.math_letters): a score z, q·k,
# the width d, v, the output o, the identity I, the embeddings E, e of e^−∞, H heads; never the article 'a'
MATH_LETTER = re.compile(r"(?<![A-Za-z'’])[zqkdvoIEeH](?![A-Za-z])")
SMALL, LOW = 0.7, 0.3  # the index's size, and its drop below the baseline, in its own height


class HeadNameCaptions:
    """Mixed in before scenes.parts.lecture.LectureScene: its cues' h₁, h₂ drawn typeset."""

    math_letters = MATH_LETTER  # slanted in the captions as in the picture (scenes.parts.italics)

    def cue_style(self, cue: str) -> dict:
        heads = {f"[{m.start()}:{m.end()}]": ITALIC for m in (*NAME.finditer(cue), *MATRIX.finditer(cue))}
        heads.update(super().cue_style(cue).get("t2s", {}))
        # one glyph per character (no "fi", "ff" ligatures), so each index is found by its place in the cue
        return {"t2s": heads, "disable_ligatures": True} if heads else {"t2s": heads}

    def _cue_mobject(self, cue: str):
        drawn = cue.translate(str.maketrans(INDEX))
        mob = super()._cue_mobject(drawn)
        heads = {m.start() + 1 for m in (*NAME.finditer(cue), *MATRIX.finditer(cue)) if not cue[m.start() + 1].isspace()}
        # where an index follows a head's h or a matrix's W, in `cue`
        # the Text's glyphs: without ligatures one per character (a space or line break is an empty dot), else
        # every character but spaces and line breaks
        at = [k for k, ch in enumerate(cue) if heads or not ch.isspace()]  # each glyph's place in `cue`
        glyphs = "".join(cue[k] for k in at)
        if len(glyphs) != len(mob.submobjects):
            return mob
        line = [cue.count("\n", 0, at[k]) for k in range(len(at))]  # each glyph's line, by the cue's line breaks
        for k, ch in enumerate(glyphs):
            if ch in INDEX or at[k] in heads:
                digit = mob.submobjects[k]
                right, high = digit.get_right()[0], digit.height
                low = high * LOW
                digit.scale(SMALL, about_edge=DOWN + LEFT).shift(DOWN * low)
                gap = right - digit.get_right()[0]  # the width the index gave up: the rest of its line closes up
                # only its own line (by line break, not by height: a low glyph such as '.' is still on it)
                for after, row in zip(mob.submobjects[k + 1:], line[k + 1:]):
                    if row == line[k] and after.get_left()[0] >= right - 1e-6:
                        after.shift(LEFT * gap)
        return mob
