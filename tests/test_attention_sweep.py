"""attention_heatmap's sweep (scenes/attention/sweep.py): after row n's sum, every row's output fills in, one row
per position, with the record's C = V Aᵀ (column i is position i's output; row n is h₁)."""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from look import fmt_num


@lru_cache(maxsize=None)
def _scene():
    from look import Look
    from studio import catalogue
    from studio.build.dryplay import play_dry

    e = catalogue.get("attention_heatmap")
    return play_dry(e.load().SCENE, e.compute(), Look("light", "en"))


def test_every_row_of_the_output_table_is_the_records_output():
    scene = _scene()
    d = scene.d
    rows = scene.output_table
    assert len(rows) == len(d.tokens) == 5
    for i, row in enumerate(rows):
        assert row[0].text.replace(" ", "") == f"{i + 1}{d.tokens[i]}"
        assert [row[1].text, row[2].text] == [fmt_num(d.C[0, i], 4), fmt_num(d.C[1, i], 4)]
    assert np.allclose(d.C[:, -1], d.x)  # the last row is h₁
    assert [rows[1][1].text, rows[1][2].text] == ["1.8884", "1.0000"]  # row 2: 0.0558·(0, 1) + 0.9442·(2, 1)


def test_the_output_table_keeps_clear_of_the_plane_and_under_the_title():
    scene = _scene()
    rows = scene.output_table
    bottom = min(r.get_bottom()[1] for r in rows)
    names = [lab for _, _, lab in scene.plane_values]
    assert bottom > max(m.get_top()[1] for m in names)
    assert max(r.get_top()[1] for r in rows) <= 2.81
    assert min(m.height for r in rows for m in r[1:]) >= 0.2  # digits at least 3 % of the frame height (8 units)
    assert "Rows 1 to 4 do the same" in " ".join(c["text"].replace("\n", " ") for c in scene.cues_log)
