"""The <title> of every drawn formula in a figure's SVG is its plain reading (studio.build.plainmath):
what a screen reader reads and a text search finds is "h₃" and "10⁻⁹", never "$h_{3}$" or matplotlib's
"\\mathdefault{…}"."""
from __future__ import annotations

import html
import re

import pytest

from studio import catalogue
from studio.build.plainmath import plain_reading
from tests.conftest import FIGURE_LOOK

FIGURES = [e.name for e in catalogue.ENTRIES if e.kind == "figure"]
TEX = re.compile(r"\$|\\[A-Za-z,;!]|[_^]\{")


@pytest.mark.parametrize("source,reading", [
    ("h$_{3}$ = Transformer(Every)", "h₃ = Transformer(Every)"),
    (r"$\mathdefault{10^{-9}}$", "10⁻⁹"),
    (r"$d_{\mathrm{model}}$", "d_model"),
    (r"score $QK^{\top}\!/\sqrt{d}$", "score QKᵀ/√d"),
    (r"$PE(p)\cdot PE(p+k) = \Sigma_i \cos(k/D_i)$", "PE(p)·PE(p+k) = Σᵢ cos(k/Dᵢ)"),
    (r"loss $\mathrm{mean}((\hat{y} - t)^2)\,/\,2$", "loss mean((ŷ - t)²) / 2"),
    (r"closed form $s^{\ell}$ (dotted)", "closed form sˡ (dotted)"),
    (r"mean |$\partial L/\partial W$|", "mean |∂L/∂W|"),
    (r"$\sqrt{d_k}$ and $\frac{1}{2}$", "√(dₖ) and 1/2"),
    (r"a token \$5 costs \$6", "a token $5 costs $6"),
    ("no maths at all", "no maths at all"),
])
def test_plain_reading(source, reading):
    assert plain_reading(source) == reading


@pytest.mark.parametrize("name", FIGURES)
def test_every_formula_title_is_plain_text(name, shared_renders):
    theme, lang = FIGURE_LOOK
    svg = (shared_renders.folder(name, theme, lang) / f"{name}.svg").read_text(encoding="utf-8")
    titles = [html.unescape(t) for t in re.findall(r"<title>([^<]*)</title>", svg)]
    assert titles, f"{name}.svg has no <title>"
    raw = [t for t in titles if TEX.search(t)]
    assert not raw, f"{name}.svg: <title> with TeX in it: {raw[:5]}"
