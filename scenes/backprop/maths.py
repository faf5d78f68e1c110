"""backprop_small's maths in one face: its LaTeX set in a sans (sfmath's Helvetica, italic letters), as the labels'
and the captions' maths letters are set in the text face's italic (scenes.backprop_small.MATH_LETTER), with every sub-
and superscript at its formula's own size (at TeX's script size a subscript digit was 8 px high at 480p, under the
3 % of the frame every other glyph keeps). Mixed into scenes.backprop.net.BackpropNet.
"""
from __future__ import annotations

import re

from manim import RIGHT, TexTemplate, VGroup

from scenes.parts.textcache import math_tex

SMALL, TEX = 24, 38  # the words' size beside a formula (and keys, titles), and LaTeX's
LEGEND = 27  # a legend's words (what ⊤, ⊙ and ≈ mean): above 3.2 % of the frame, never shrunk to fit

# TeX's letters and digits in a sans; ∂, ⊙ and ⊤ stay TeX's
SANS_MATH = TexTemplate()
SANS_MATH.add_to_preamble(r"\usepackage[helvet]{sfmath}")
STACKED = re.compile(r"([A-Za-z])_(\{[^{}]*\}|[A-Za-z0-9])\^")  # a_1^2: the square after the index, not over it
SCRIPT = re.compile(r"([_^])(\{[^{}]*\}|\\[A-Za-z]+|[A-Za-z0-9])")


def full_scripts(formula: str) -> str:
    """`formula` with every sub- and superscript set in \textstyle (z_1 → z_{\textstyle 1}) and \tfrac as \frac:
    the same glyphs, raised or lowered, at the size of the symbols beside them."""
    def big(m):
        inner = m.group(2)[1:-1] if m.group(2).startswith("{") else m.group(2)
        return f"{m.group(1)}{{\\textstyle {inner}}}"
    formula = STACKED.sub(lambda m: f"{{{m.group(1)}_{m.group(2)}}}^", formula.replace(r"\tfrac", r"\frac"))
    return SCRIPT.sub(big, formula)


class Maths:
    """Needs LectureScene (pal, txt)."""

    def tex(self, *parts: str, size: float = 36, color: str | None = None):
        """LaTeX in the labels' sans face (SANS_MATH), its sub- and superscripts at the formula's own size
        (`full_scripts`): at TeX's script size a subscript digit was 8 px high at 480p, under the 3 % every other
        glyph keeps."""
        return math_tex(*(full_scripts(p) for p in parts), font_size=size, color=color or self.pal.ink,
                        tex_template=SANS_MATH)

    def mtex(self, formula: str, color: str, size: float = TEX):
        return self.tex(formula, size=size, color=color)

    def words_with(self, words: str, formula, color: str) -> VGroup:
        """Words with a LaTeX formula at their "{g}" ("{g} at each node", "各節點的 {g}"): ∂ and subscripts
        come from LaTeX, the words from the language's font."""
        before, after = (w.strip() for w in words.split("{g}"))
        parts = [self.txt(w, size=SMALL, color=color) for w in (before,) if w] + [formula]
        parts += [self.txt(w, size=SMALL, color=color) for w in (after,) if w]
        return VGroup(*parts).arrange(RIGHT, buff=0.12)

    def legend(self, words: str, room: float, color: str | None = None):
        """A legend's words at LEGEND size: wider than `room`, they break into two lines at the space (or, with
        none, the character) nearest their middle instead of shrinking."""
        m = self.txt(words, size=LEGEND, color=color)
        if m.width <= room or "\n" in words:
            return m
        cuts = [i for i, c in enumerate(words) if c == " "] or list(range(1, len(words)))
        at = min(cuts, key=lambda i: abs(i - len(words) / 2))
        head, tail = words[:at].rstrip(), words[at:].lstrip()
        return self.txt(head + "\n" + tail, size=LEGEND, color=color, line_spacing=0.9)
