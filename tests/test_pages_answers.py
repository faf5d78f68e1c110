"""The predict-then-reveal answers that hold only at a widget's opening values (text.CASE): each starts
with its case, stated from the same engine records the widget opens on, in every language, and is
marked data-case on the page; answers that hold whatever the controls say carry no case."""
from __future__ import annotations

import pytest

from engine.ffn import FFN_STEP_X
from engine.generate import prompt_runs
from engine.naive import naive_position
from engine.signal import signal_decay
from look import LANGS, fmt_num
from studio.publish.html import environment
from studio.publish.pages.builder import predict_texts
from studio.publish.pages.text import CASE, CASE_CONTROLS, PREDICT, UI
from studio.publish.pages.widgets import gain_opening, predictions
from studio.publish.pages.widgets_depth import ffn_widget_start


@pytest.fixture(scope="module")
def answers():
    return predictions()


def _texts(lang, answers):
    return predict_texts(lang, [w for w in PREDICT[lang] if w not in ("reveal", "hide")], answers)


@pytest.mark.parametrize("lang", LANGS)
def test_every_case_answer_starts_with_its_case(lang, answers):
    t = _texts(lang, answers)
    assert set(CASE[lang]) == set(CASE["en"]) and set(CASE[lang]) <= set(t)
    for w, prefix in CASE[lang].items():
        assert t[w]["a"].startswith(prefix.format(**answers[w])), (lang, w)
        assert t[w]["case"] == CASE_CONTROLS.get(w, "*")
    for w in ("seat", "rope", "combine", "cost", "order", "shortcut", "gpt2", "lndim", "block"):  # hold whatever the controls say
        assert t[w]["case"] == "", w


def test_the_cases_are_the_opening_values(answers):
    t = _texts("en", answers)
    n, sd = naive_position(), signal_decay()
    p, q = (int(v) for v in n.stops[-1])
    assert t["naive"]["a"].startswith(f"For {n.words[2]} at p = {p}, q = {q}: ")
    assert t["gain"]["a"].startswith(f"At s = {fmt_num(sd.s_values[gain_opening(sd)], 1)}: ")
    x = ffn_widget_start()
    assert t["ffn"]["a"].startswith(f"At x = ({fmt_num(FFN_STEP_X[x[0]], 1)}, {fmt_num(FFN_STEP_X[x[1]], 1)}): ")
    assert t["decode"]["a"].startswith(f"For the prompt “{prompt_runs()[0][0].prompt}”: ")
    assert t["gain"]["a"].endswith("0.0431; with LayerNorm it is 1.00.")  # the s = 0.9 numbers, now labelled so


def _ui():
    """The page's own labels (every button the widget frame carries) under the rope widget's short ones."""
    return {**UI["en"], "title_rope": "R", "m": "m", "n": "n", "gap": "g", "score": "s", "gap_score": "gs",
            "abs_score": "a", "abs_gap_score": "ag"}


def test_the_page_marks_case_answers(answers):
    t = _texts("en", answers)
    macro = environment().get_template("pages/views.html").module.widget
    html = str(macro("rope", {"max": 8, "start": [7, 3]}, _ui(),
                     {"rope": "p"}, t))
    assert "data-case" not in html
    t["rope"]["case"] = "m n"
    html = str(macro("rope", {"max": 8, "start": [7, 3]}, _ui(),
                     {"rope": "p"}, t))
    assert 'data-case="m n"' in html
