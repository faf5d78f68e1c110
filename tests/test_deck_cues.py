"""A widget slide's speaker notes open with the lecturer's cues (studio.publish.deck.cues): the question to pose,
the answer with the engine's numbers, the step of the walk where the answer's row shows; a stepper without a
question: how to walk it. In every language, no placeholder left."""
from __future__ import annotations

import pytest

from studio.publish.deck.builder import build_deck, deck_json
from studio.options import TINY


@pytest.fixture(scope="module", params=["en", "zh-Hant"])
def slides(request, tmp_path_factory):
    root = tmp_path_factory.mktemp("out")
    build_deck("depth", request.param, quality=TINY, out_root=root, render=False)
    return request.param, deck_json(root / "decks" / "depth")["slides"]


def test_the_first_slide_of_a_widget_opens_with_what_to_ask_answer_and_point_at(slides):
    lang, slides = slides
    block = next(s for s in slides if s.get("widget") == "block")
    ask, answer, point = block["notes"][:3]
    assert block["question"].split(":", 1)[-1].split("：", 1)[-1].strip() in ask and not ask.startswith(("Predict", "先猜"))
    assert block["answer"] in answer and "0.5000 / 0.5000" in answer  # the engine's uniform weights
    at = next(j for j, f in enumerate(block["frames"]) if f["answer"])
    assert f"{block['frames'][at]['set']['step'] + 1}" in point and "14" in point and str(at + 1) in point
    word = next(s for s in slides if s.get("widget") == "word")
    assert "→" in word["notes"][0] and str(len(word["frames"]) + 1) in word["notes"][0]
    for s in slides:
        assert all("{" not in n for n in s["notes"]), (s["title"], s["notes"])
