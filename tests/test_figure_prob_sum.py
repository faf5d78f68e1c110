"""scores_wx_probs (seed 003, "Scores and probabilities"): the probabilities printed on the bars are
the numbers file's values at their printed precision, and they visibly add to the sum printed beside
them, or the sum says it holds before rounding: at 2 decimals, 0.95 + 0.05 + 0.01 = 1.01 beside "sum = 1 before
rounding", never "1.00"."""
from __future__ import annotations

from decimal import Decimal
from types import SimpleNamespace

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib.text import Text  # noqa: E402

from figures.scores_wx import PROB_DECIMALS, printed_parts_sum, sum_text  # noqa: E402
from look import Look  # noqa: E402
from studio import catalogue  # noqa: E402
from studio.gates.figures import draw_figure  # noqa: E402

SUM_WORD = {"en": "sum = ", "zh-Hant": "總和 = ", "zh-Hans": "总和 = "}
ROUNDED = {"en": "sum = 1 before rounding", "zh-Hant": "四捨五入前總和 = 1", "zh-Hans": "四舍五入前总和 = 1"}


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_printed_parts_are_the_record_and_add_to_the_printed_sum(lang):
    fig, doc = draw_figure(catalogue.get("scores_wx_probs"), Look("light", lang))
    try:
        texts = [t.get_text() for t in fig.findobj(Text)]
    finally:
        plt.close(fig)
    probs = doc["data"]["probs"]
    assert probs["shown"] == ["0.95", "0.05", "0.01"]  # seed 003: softmax(4, 1, −1) to 2 decimals, as a bar reads
    for value, shown in zip(probs["value"], probs["shown"]):
        assert shown == f"{value:.{PROB_DECIMALS}f}"  # each printed part is the record at its precision
        assert shown in texts, (shown, texts)  # and it is on its bar
    total = doc["data"]["prob_sum"]["shown"]
    assert total == "1.00"
    assert sum(Decimal(s) for s in probs["shown"]) == Decimal("1.01")  # the printed parts miss the sum by rounding:
    assert SUM_WORD[lang] + total not in texts  # so no "sum = 1.00" beside them: the sum before rounding
    assert ROUNDED[lang] in texts, texts
    assert "0.9465" in doc["caption"] and "1.0000" in doc["caption"]  # the caption keeps 4 decimals


def test_a_sum_the_rounded_parts_miss_is_said_not_printed():
    """Probabilities whose printed parts add to 0.99 print "sum = 1 before rounding", never "sum = 1.00" beside
    parts that do not reach it."""
    probs = [0.33333, 0.33333, 0.33334]  # 0.3333 + 0.3333 + 0.3333 = 0.9999
    assert printed_parts_sum(probs, 4) == "0.9999"
    assert printed_parts_sum(probs) == "0.99"  # at the bars' 2 decimals
    text = sum_text(SimpleNamespace(probs=probs, prob_sum=1.0), Look("light", "en"))
    assert text == "sum = 1 before rounding"
    assert "1.00" not in text and "0.99" not in text
    ok = sum_text(SimpleNamespace(probs=[0.9464991, 0.0435234, 0.0099775], prob_sum=1.0), Look("light", "en"))
    assert ok == "sum = 1.00"  # 0.95 + 0.04 + 0.01
