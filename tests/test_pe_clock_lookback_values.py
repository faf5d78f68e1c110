"""pe_clock's look-back rows: the values printed above each peak and its two neighbours are the engine's, and the
caption that states them can state one value for every peak and one for every neighbour."""
from __future__ import annotations

import pytest

from look import fmt_num
from scenes.clock.lookback import VALUE_DECIMALS
from scenes.clock.strings import STRINGS
from studio import catalogue


def test_peak_and_neighbours_read_one_value_each():
    d = catalogue.get("pe_clock").compute()
    rows = dict(zip(d.look_back_seats, d.look_back_rows))
    tops, sides = set(), set()
    for p, row in rows.items():
        j = d.look_back_peaks[p]
        assert j == p - 1 and row[j] == pytest.approx(d.look_back_top)
        tops.add(fmt_num(row[j], VALUE_DECIMALS))
        for k in (j - 1, j + 1):
            assert row[k] < row[j]
            sides.add(fmt_num(row[k], VALUE_DECIMALS))
    assert tops == {fmt_num(d.d_model / 2, VALUE_DECIMALS)}  # the peak is PE(p − 1) · PE(p − 1) = d/2
    assert len(sides) == 1 and sides != tops  # the neighbours, lower, read differently at the printed rounding


@pytest.mark.parametrize("lang", sorted(STRINGS))
def test_values_caption_in_every_language(lang):
    text = STRINGS[lang]["cap_look_values"]
    assert "{top}" in text and "{side}" in text and "d/2" in text
