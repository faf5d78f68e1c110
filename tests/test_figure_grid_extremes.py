"""Two figures at the grid points where their layout once broke, checked by the figure gate's own rules
(studio.gates.figures.figure_findings, as `render.py gate NAME --grid` runs them).

param_count_sizes (seed 004 §4.6) with a model of one's own, large or small, as a fifth bar: the sizes
under the bars, the tied counts, untied totals and shares clear of one another, and a count of one
written in the singular. pe_dot_distance (seed 002 §05) at wide or odd d: the convention line and the
title inside the figure, the k = 0 and k = 1 values apart.
"""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from look import LANGS, Look  # noqa: E402
from studio import catalogue  # noqa: E402
from studio.gates.figures import draw_figure, figure_findings, laid_out_texts  # noqa: E402
from studio.gates.records import record_of  # noqa: E402

EXTREMES = {
    "param_count_sizes": (
        {"emb_dim": 12288, "n_heads": 96, "n_layers": 96, "context_length": 2048},  # GPT-3's shape: 175B
        {"preset": "xl", "n_layers": 1, "tied": True},
        {"emb_dim": 64, "n_heads": 4, "n_layers": 2, "vocab_size": 1000, "context_length": 128},
        {"emb_dim": 1, "n_heads": 1, "n_layers": 1, "vocab_size": 1, "context_length": 1},
        {"emb_dim": 16384, "n_heads": 128, "n_layers": 128, "tied": True},
    ),
    "pe_dot_distance": (
        {"d_model": 64},
        {"d_model": 18},
        {"d_model": 58, "base": 761.687359},
        {"d_model": 64, "base": 500000.0},
    ),
}


def cases():
    for name, points in EXTREMES.items():
        for k, point in enumerate(points):
            yield pytest.param(name, point, id=f"{name}-{k}")


@pytest.mark.parametrize("name,point", list(cases()))
def test_grid_extreme_has_no_findings(name, point):
    entry = catalogue.get(name).with_params(point)
    found = [f for lang in LANGS for f in figure_findings(entry, Look("light", lang))]
    found += figure_findings(entry, Look("dark", "en"))
    assert not found, f"{name} {point!r}\n" + "\n".join(f.line() for f in found)


def drawn_texts(name: str, point: dict, lang: str) -> list[str]:
    entry = catalogue.get(name).with_params(point)
    fig, _doc = draw_figure(entry, Look("light", lang))
    try:
        return [t.get_text() for t, _box, _tick in laid_out_texts(fig)]
    finally:
        plt.close(fig)


def test_a_count_of_one_is_singular():
    texts = " ".join(" ".join(t.split()) for t in drawn_texts("param_count_sizes", {"preset": "xl", "n_layers": 1},
                                                              "en"))
    assert "1 layer 25 heads" in texts and "1 layers" not in texts
    texts = " ".join(" ".join(t.split()) for t in drawn_texts(
        "param_count_sizes", {"emb_dim": 1, "n_heads": 1, "n_layers": 1, "vocab_size": 1, "context_length": 1}, "en"))
    assert "1 layer 1 head" in texts and "1 heads" not in texts
    texts = " ".join(drawn_texts("param_count_sizes", {"preset": "xl", "n_layers": 1}, "zh-Hant"))
    assert "1 層" in texts and "層s" not in texts


def test_the_convention_line_lists_the_first_and_the_last_denominators():
    point = {"d_model": 64}
    record = record_of(catalogue.get("pe_dot_distance").with_params(point))
    line = next(t for t in drawn_texts("pe_dot_distance", point, "en") if t.startswith("d = 64"))
    dens = line.split("\n")[0].split("$ = ")[1].split(", ")
    assert dens[0] == "1" and dens[-2] == "…" and len(dens) < len(record.denominators)
    assert float(dens[-1]) == pytest.approx(float(record.denominators_rounded[-1]))
    assert [float(x) for x in dens[:-2]] == pytest.approx([float(x) for x in record.denominators_rounded[:len(dens) - 2]])
    default = next(t for t in drawn_texts("pe_dot_distance", {}, "en") if t.startswith("d = 8"))
    assert "= 1, 10, 100, 1000\n" in default  # every D_i where they fit (d = 8)
