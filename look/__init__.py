"""The bottom layer of the drawing code: themes, palettes, languages, fonts and number formats.

Scenes, figures and the render pipeline all import it; it imports nothing of the project, so the
look of a video frame and of a printed figure comes from one place.
"""
from look.core import CAPTION_MODES, FIGURE_FONTS, FONTS, LANGS, LATIN_FONT, MONO_FONT, Look
from look.formats import fmt_int, fmt_num
from look.palette import PALETTES, THEMES, Palette, diverging_color, sequential_color
from look.tokens import token_colour

__all__ = ["CAPTION_MODES", "FIGURE_FONTS", "FONTS", "LATIN_FONT", "LANGS", "MONO_FONT", "Look", "fmt_int", "fmt_num", "PALETTES", "THEMES", "Palette",
           "diverging_color", "sequential_color", "token_colour"]
