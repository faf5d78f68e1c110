"""pe_clock writes its vectors as rows in every formula (the rotation's cue says so): a turn is PE(p) R_k, the matrix
on the right, never the column form R_k PE(p). Checked on the scene's source (every MathTex string) and on its
captions in every language."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = [ROOT / "scenes" / "pe_clock.py", *sorted((ROOT / "scenes" / "clock").glob("*.py"))]
# a matrix R (R_k, R_{-1}, R_3, R₃, R₋₁) standing left of a fingerprint PE(…), with TeX spacing or a space between
TEX_COLUMN = re.compile(r"R_(\{[^}]*\}|\w)\s*(\\[,;: ]|~|\s)*\s*(\\cdot\s*)?PE\(")
TEXT_COLUMN = re.compile(r"\bR[_{}₋₊₀-₉0-9a-z]*\s*(·\s*)?PE\(")


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_no_formula_in_the_scene_puts_the_matrix_left_of_the_fingerprint(path):
    text = path.read_text(encoding="utf-8")
    hits = [m.group(0) for m in TEX_COLUMN.finditer(text)] + [m.group(0) for m in TEXT_COLUMN.finditer(text)]
    assert not hits, f"{path.name}: column form {hits}"


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_no_caption_puts_the_matrix_left_of_the_fingerprint(lang):
    from scenes.clock.strings import STRINGS

    for key, value in STRINGS[lang].items():
        if isinstance(value, str):
            assert not TEXT_COLUMN.search(value) and not TEX_COLUMN.search(value), (key, value)


def test_the_patterns_catch_the_column_form():
    assert TEX_COLUMN.search(r"PE(p+k)=R_k\,PE(p)") and TEX_COLUMN.search(r"R_{-1}\,PE(p)")
    assert TEXT_COLUMN.search("PE(p + k) = R_k PE(p)") and TEXT_COLUMN.search("R₋₁ PE(p)")
    assert not TEX_COLUMN.search(r"PE(p+k)=PE(p)\,R_k") and not TEXT_COLUMN.search("PE(p) R₋₁ = PE(p − 1)")
