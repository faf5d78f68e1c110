"""signal_decay_draws: the words about the band (catalogue line, SVG description, subtitle, caption) give the
band that is drawn: the 10th–90th percentile of the 200 other draws at layer 30 (engine.signal.signal_decay)."""
from __future__ import annotations

import numpy as np
import pytest

from figures import signal_decay_draws as fig
from look import fmt_num
from studio.catalogue import get


@pytest.fixture(scope="module")
def record():
    return get("signal_decay_draws").compute()


def test_band_words_are_the_drawn_band(record):
    lo, hi = record.band_lo_s1[-1], record.band_hi_s1[-1]
    assert (fmt_num(lo, 2), fmt_num(hi, 2)) == ("0.18", "1.45")  # the seeds' numbers, to their printed precision
    words = fig._draws(record)
    assert (words["lo"], words["hi"], words["med"], words["v"], words["T"]) == (
        fmt_num(lo, 2), fmt_num(hi, 2), fmt_num(record.typical_s1[-1], 2), fmt_num(record.rms_plain[fig.one_row(record)][-1], 2),
        record.typical_draws)
    entry = get("signal_decay_draws")
    for lang, line in entry.describe.items():
        for key in ("lo", "hi", "med", "v", "T", "p0", "p1"):
            assert str(words[key]) in line, (lang, key, line)
        assert "2.50" not in line and "0.14" not in line  # the 20-draw fan is not what is drawn


def test_y_axis_reaches_a_tick_above_the_band(record):
    assert fig.step_above(record.band_hi_s1.max()) == 2.0
    assert fig.step_above(0.5) == 0.5 and fig.step_above(0.51) == 1.0
