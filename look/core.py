"""A look: theme + language, with the font and the strings for that language."""
from __future__ import annotations

from dataclasses import dataclass

from look.palette import PALETTES, THEMES, Palette

LANGS = ("en", "zh-Hant", "zh-Hans")

# Latin text uses the same family so digits and letters match the Chinese captions.
FONTS = {
    "en": "Noto Sans CJK SC",
    "zh-Hans": "Noto Sans CJK SC",
    "zh-Hant": "Noto Sans CJK TC",
}
MONO_FONT = "DejaVu Sans Mono"

# How a scene shows its captions: drawn into the video (in a band of their own), only as SRT/VTT
# files (the band given back to the content), or not at all.
CAPTION_MODES = ("burn", "file", "none")


@dataclass(frozen=True)
class Look:
    """Theme + language for one output: colours, the font for that language, strings."""

    theme: str = "light"
    lang: str = "en"

    def __post_init__(self):
        if self.theme not in THEMES:
            raise ValueError(f"unknown theme {self.theme!r}; choose from {', '.join(THEMES)}")
        if self.lang not in LANGS:
            raise ValueError(f"unknown language {self.lang!r}; choose from {', '.join(LANGS)}")

    @property
    def palette(self) -> Palette:
        return PALETTES[self.theme]

    @property
    def font(self) -> str:
        return FONTS[self.lang]

    def t(self, strings: dict, key: str, **fmt) -> str:
        """The string `key` of a module's STRINGS table in this language, formatted with `fmt`."""
        text = strings[self.lang][key]
        return text.format(**fmt) if fmt else text
