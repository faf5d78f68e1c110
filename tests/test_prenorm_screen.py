"""prenorm_block draws the numbers it names: each time the scene logs what the frame shows
(`show(showing=...)`, frames.csv), every matrix on screen holds, digit for digit, the values of one
of the record's fields named there (or a weight, γ or β). A result carried into the next step's
input as the wrong matrix (O drawn with X̃'s values) fails here, though its name is right.
"""
from __future__ import annotations

import re

import numpy as np
import pytest

from look import Look
from scenes.parts.glyphmatrix import GlyphMatrix
from studio import catalogue
from studio.build.dryplay import play_dry

PARAMETERS = ("W_O", "W_1", "W_2", "ln_gamma", "ln_beta")  # drawn beside the step that uses them


def texts(values, decimals: int) -> list[list[str]]:
    m = GlyphMatrix(values, font="Noto Sans", decimals=decimals)
    return [[e.shown for e in row] for row in m.entries]


def field_values(d, name: str):
    """The record's values for a name in `showing` ("Q1": head 1's Q), or None for a table (ln1_stats)."""
    head = re.fullmatch(r"([QSEAC])(\d)", name)
    if head:
        return getattr(d, head[1])[int(head[2]) - 1]
    value = getattr(d, name, None)
    return None if value is None else np.atleast_2d(np.asarray(value, dtype=float))


def candidates(d, names) -> list[list[list[str]]]:
    out = []
    for name in list(names) + list(PARAMETERS):
        v = field_values(d, name)
        if v is None:
            continue
        whole = np.allclose(v, np.round(v))
        for decimals in ((0, 1, 2) if whole else (1, 2)):
            out.append(texts(v, decimals))
    return out


def played(params: dict):
    """Play prenorm_block without drawing; at each show(), what every matrix on screen reads."""
    e = catalogue.get("prenorm_block").with_params(params) if params else catalogue.get("prenorm_block")
    module, d = e.load(), e.compute()
    seen = []

    class Watched(module.SCENE):
        def show(self, **values):
            super().show(**values)
            if "showing" not in values:
                return
            family = {id(m) for top in self.mobjects for m in top.get_family()}
            mats = {id(m): m for top in self.mobjects for m in top.get_family() if isinstance(m, GlyphMatrix)}
            drawn = [[[c.shown for c in row] for row in m.entries] for m in mats.values()
                     if any(id(c) in family for row in m.entries for c in row)]
            seen.append((round(self.now, 2), values["showing"], drawn))

    play_dry(Watched, d, Look("light", "en"))
    return d, seen


@pytest.mark.parametrize("params", [pytest.param({}, id="lesson"),
                                    pytest.param({"P": False}, id="P=0", marks=pytest.mark.full),
                                    pytest.param({"X": [[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0]]},
                                                 id="three tokens", marks=pytest.mark.full)])
def test_every_matrix_on_screen_holds_a_field_the_frame_names(params):
    d, seen = played(params)
    assert len(seen) >= 12  # every step logs what it shows
    for t, showing, drawn in seen:
        allowed = candidates(d, showing.split(","))
        for m in drawn:
            assert m in allowed, f"{t} s ({showing}): a matrix on screen reads {m}, no field named there"
