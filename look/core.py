"""A look: theme + language, with the font and the strings for that language."""
from __future__ import annotations

from dataclasses import dataclass

from look.palette import BACKGROUNDS, PALETTES, THEMES, Palette, on_white

LANGS = ("en", "zh-Hant", "zh-Hans")

# Latin text uses the same family so digits and letters match the Chinese captions. English takes the
# family's Japanese face: its Latin letters and digits are the same, but it sets · ’ “ at their Latin
# widths where the Chinese faces set them full width ("q · k" would read "q ・ k").
FONTS = {
    "en": "Noto Sans CJK JP",
    "zh-Hans": "Noto Sans CJK SC",
    "zh-Hant": "Noto Sans CJK TC",
}
MONO_FONT = "DejaVu Sans Mono"
# Figures set English in a Latin face, Chinese text in it falling back to the CJK face (the CJK faces'
# "·", "–" and quotes are full width); Chinese figures the other way round. DejaVu Sans ships with
# matplotlib, so an English figure is laid out with the same face on every machine.
LATIN_FONT = "DejaVu Sans"
FIGURE_FONTS = {
    "en": (LATIN_FONT, FONTS["zh-Hans"]),  # a Chinese word in an English figure: the Chinese face
    "zh-Hans": (FONTS["zh-Hans"], LATIN_FONT),
    "zh-Hant": (FONTS["zh-Hant"], LATIN_FONT),
}

# How a scene shows its captions: drawn into the video (in a band of their own), only as SRT/VTT
# files (the band given back to the content), or not at all.
CAPTION_MODES = ("burn", "file", "none")


@dataclass(frozen=True)
class Look:
    """Theme + language for one output: colours, the font for that language, strings; and the
    background of a light figure ("theme": the paper colour; "white": white paper for print)."""

    theme: str = "light"
    lang: str = "en"
    background: str = BACKGROUNDS[0]

    def __post_init__(self):
        if self.theme not in THEMES:
            raise ValueError(f"unknown theme {self.theme!r}; choose from {', '.join(THEMES)}")
        if self.lang not in LANGS:
            raise ValueError(f"unknown language {self.lang!r}; choose from {', '.join(LANGS)}")
        if self.background not in BACKGROUNDS:
            raise ValueError(f"unknown background {self.background!r}; choose from {', '.join(BACKGROUNDS)}")

    @property
    def palette(self) -> Palette:
        if self.background == "white" and self.theme == "light":
            return on_white(PALETTES[self.theme])
        return PALETTES[self.theme]

    @property
    def font(self) -> str:
        return FONTS[self.lang]

    def faces(self, text: str) -> dict:
        """Pango's per-character faces (Manim's t2f) for a text in this language's font: the middle dot
        (q·k, m·θ) from the English face, since the Chinese faces draw "·" as a wide bullet where the
        typeset q · k beside it has a small centred dot (DejaVu's, set in through Pango, sits too high)."""
        return {"·": FONTS["en"]} if "·" in text and self.font != FONTS["en"] else {}

    @property
    def figure_fonts(self) -> tuple:
        """A figure's font stack, body face first (FIGURE_FONTS)."""
        return FIGURE_FONTS[self.lang]

    @property
    def figure_bold(self) -> str:
        """The weight of a figure's bold line: "bold" where the body face has a bold cut (DejaVu Sans), else
        "normal", since the CJK faces here come in one weight and a bold line would fall back to DejaVu Sans
        Bold for its Latin letters, digits and symbols (a second face in the line)."""
        return "bold" if self.figure_font == LATIN_FONT else "normal"

    @property
    def figure_font(self) -> str:
        """A figure's body face: its texts and inline maths are set in it."""
        return FIGURE_FONTS[self.lang][0]

    def t(self, strings: dict, key: str, **fmt) -> str:
        """The string `key` of a module's STRINGS table in this language, formatted with `fmt`."""
        text = strings[self.lang][key]
        return text.format(**fmt) if fmt else text
