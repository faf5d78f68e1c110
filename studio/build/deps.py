"""What the machine must have for a render, checked up front with the package to install."""
from __future__ import annotations

import shutil
from functools import lru_cache

from studio.errors import MissingDependency, MissingPythonPackage
from look import FONTS

LATEX_PACKAGES = "texlive-latex-base texlive-latex-extra texlive-fonts-recommended"


def require_latex() -> None:
    """Manim's MathTex runs `latex` then `dvisvgm`."""
    if shutil.which("latex") is None:
        raise MissingDependency("LaTeX (needed for formulas)", LATEX_PACKAGES)
    if shutil.which("dvisvgm") is None:
        raise MissingDependency("dvisvgm (needed for formulas)", "dvisvgm")


@lru_cache(maxsize=None)
def _pango_fonts() -> frozenset:
    import manimpango

    return frozenset(manimpango.list_fonts())


def require_font_pango(font: str) -> None:
    """Manim draws Text with Pango: without the font, Chinese would come out as tofu boxes."""
    if font not in _pango_fonts():
        raise MissingDependency(f"The font '{font}'", _font_package(font))


def require_font_matplotlib(font: str) -> None:
    from matplotlib import font_manager

    try:
        font_manager.findfont(font_manager.FontProperties(family=font), fallback_to_default=False)
    except ValueError:
        raise MissingDependency(f"The font '{font}'", _font_package(font)) from None


def require_for(kinds: set, langs) -> None:
    """Everything a render of these kinds in these languages needs, checked before any work starts."""
    fonts = sorted({FONTS[lang] for lang in langs})
    if "scene" in kinds:
        require_latex()
        for font in fonts:
            require_font_pango(font)
    if "figure" in kinds:
        for font in fonts:
            require_font_matplotlib(font)


PPTX_PACKAGE = "python-pptx>=1.0,<2"


def require_pptx() -> None:
    """python-pptx, for the deck's PowerPoint export (render.py deck ... --export pptx)."""
    try:
        import pptx  # noqa: F401
    except ImportError:
        raise MissingPythonPackage("python-pptx (needed for --export pptx)", PPTX_PACKAGE) from None


def _font_package(font: str) -> str:
    return "fonts-noto-cjk" if "CJK" in font else "fonts-dejavu-core"


def report() -> list[tuple[str, bool, str]]:
    """(what, present, how to install) for every external need; `render.py doctor` prints it."""
    rows = []
    rows.append(("latex", shutil.which("latex") is not None, f"apt-get install {LATEX_PACKAGES}"))
    rows.append(("dvisvgm", shutil.which("dvisvgm") is not None, "apt-get install dvisvgm"))
    try:
        fonts = _pango_fonts()
        pango_ok = True
    except Exception:  # manimpango missing or broken
        fonts, pango_ok = frozenset(), False
    rows.append(("pango/cairo (manimpango)", pango_ok,
                 "apt-get install libpango1.0-dev libcairo2-dev pkg-config, then scripts/setup.sh"))
    for font in sorted(set(FONTS.values())):
        rows.append((f"font {font}", font in fonts, f"apt-get install {_font_package(font)}"))
    try:
        import av

        av.codec.Codec("libx264", "w")
        enc_ok = True
    except Exception:
        enc_ok = False
    rows.append(("H.264 encoder (PyAV libx264)", enc_ok, "scripts/setup.sh (reinstalls av)"))
    return rows
