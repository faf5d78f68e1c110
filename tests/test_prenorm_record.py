"""prenorm_block's frames record is never empty while a matrix is drawn: at the start and end of every
animation (what the frames of that animation are written with), each matrix with an entry on screen
is named in `showing` by a field of the record that holds its values. Between a step's start and its
first show() (a carried result moving in, a product coming, a caption being read) the record used to
list nothing though matrices were on screen.
"""
from __future__ import annotations

import numpy as np
import pytest

from look import Look
from scenes.parts.glyphmatrix import GlyphMatrix
from studio import catalogue
from studio.build.dryplay import play_dry
from tests.test_prenorm_screen import field_values


def unnamed_matrices(params: dict):
    e = catalogue.get("prenorm_block").with_params(params) if params else catalogue.get("prenorm_block")
    module, d = e.load(), e.compute()
    missing, checked = [], [0]

    class Watched(module.SCENE):
        def check(self, when: str):
            ids = {id(m) for top in self.mobjects for m in top.get_family()}
            names = [n for n in self.shown.get("showing", "").split(",") if n]
            for m in self.made_matrices:
                if not isinstance(m, GlyphMatrix) or np.asarray(m.values).size < 2:
                    continue  # a single statistic, γ or β: named by its table
                if not any(id(c) in ids for row in m.entries for c in row):
                    continue
                checked[0] += 1
                values = np.asarray(m.values, dtype=float)
                held = [n for n in names if (v := field_values(d, n)) is not None and v.shape == values.shape
                        and np.allclose(v, values, atol=1e-12)]
                if not held:
                    missing.append((round(self.now, 2), when, self.shown.get("section"), ",".join(names), values.shape))

        def begin_animations(self):
            super().begin_animations()
            self.check("start")

        def play(self, *animations, **kwargs):
            super().play(*animations, **kwargs)
            self.check("end")

    play_dry(Watched, d, Look("light", "en"))
    return missing, checked[0]


@pytest.mark.parametrize("params", [pytest.param({}, id="lesson"),
                                    pytest.param({"P": False}, id="P=0", marks=pytest.mark.full)])
def test_the_record_names_every_matrix_on_screen(params):
    missing, checked = unnamed_matrices(params)
    assert checked > 100  # matrices were on screen through the whole scene
    assert not missing, f"matrices on screen the frames record does not name: {missing[:6]}"
