"""attention_heatmap is legible from the back row measured on the digits, not the em: every drawn
number and label (captions included) has digits at least 3 % of the frame height (22 px at 720p).

The teaching gate (studio.gates.teaching, rule "size") measures the font's em; digits are about 0.76
of the em in Noto Sans CJK and 0.70 in Computer Modern, so the gate's 3 % em lets digits fall to
2.1 %. Here the same gate run measures each text's digit height instead (the em times its font's
digit/em ratio, measured on "0123456789"), with the threshold at 3 %.

One play a language serves both rules of this file: every text the gate sizes is measured by each
rule in turn, each with its own findings (found once per text, as the gate finds them).
"""
from __future__ import annotations

from functools import lru_cache

import pytest

from look import LANGS, Look
from studio import catalogue
from tests.attention_plays import ENGLISH_PLAY, english_play

pytestmark = pytest.mark.xdist_group(ENGLISH_PLAY)  # one worker: the play is shared with test_attention_sqrt.py


@lru_cache(maxsize=None)
def _digit_ratio(kind: str, family: str) -> float:
    from manim import MathTex, Text

    from studio.gates.teaching import _em_per_point

    if kind == "tex":
        return MathTex("0123456789", font_size=48).height / (48 * _em_per_point("tex", ""))
    return Text("0123456789", font=family, font_size=48).height / (48 * _em_per_point("text", family))


def _is_tex(mob) -> bool:
    return hasattr(mob, "tex_string") and not hasattr(mob, "original_text")


def _rules(em_height, teaching):
    """The two measures of this file: name -> (height of a text, text minimum, caption minimum)."""

    def digit_height(mob, family, scripts=False):
        em = em_height(mob, family)  # the whole text's em (a formula's scripts not apart)
        if em is None:
            return None
        if hasattr(mob, "digit_height") and hasattr(mob, "box"):  # a GlyphNumber: its box is the digits
            return mob.box.height
        return em * (_digit_ratio("tex", "") if _is_tex(mob) else _digit_ratio("text", getattr(mob, "font", "") or family))

    def cap_height(mob, family, scripts=False):
        em = em_height(mob, family)  # the whole text's em (a formula's scripts not apart)
        if em is None or _is_tex(mob):
            return em  # formulas: measured by the digits rule
        return em * _digit_ratio("text", getattr(mob, "font", "") or family)

    return {"digits": (digit_height, 0.032, 0.03), "side notes": (cap_height, 0.032, teaching.CAPTION_MIN)}


def _size_findings(lang: str, scene_class=None) -> dict:
    """One gate play of attention_heatmap in `lang` (of `scene_class`, a subclass of its scene that only
    watches, when given): each rule's "size" findings, by rule name."""
    from studio.gates import teaching
    from studio.gates.records import record_of
    from studio.gates.scenes import run_gate

    rules = _rules(teaching.em_height, teaching)
    found = {name: {} for name in rules}
    sized = {name: set() for name in rules}
    check = teaching.Teaching._check_size

    def check_each(self, scene, t, minimum):
        own, seen = self.findings, self._sized
        try:
            for name, (height, text_min, caption_min) in rules.items():
                self.findings, self._sized = found[name], sized[name]
                with pytest.MonkeyPatch.context() as mp:
                    mp.setattr(teaching, "em_height", height)
                    check(self, scene, t, caption_min if t["caption"] else text_min)
        finally:
            self.findings, self._sized = own, seen

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(teaching.Teaching, "_check_size", check_each)
        entry = catalogue.get("attention_heatmap")  # as studio.gates.scenes.scene_findings plays it
        module = entry.load()
        run_gate(scene_class or module.SCENE, record_of(entry), Look("light", lang), name=entry.folder,
                 decimals=getattr(module, "DECIMALS", {}))
    return {name: [f for f in found[name].values() if f.rule == "size"] for name in rules}


@pytest.fixture(scope="module")
def en_sizes():
    """The English play's findings; the same play gives test_attention_sqrt.py its σ beside the strips
    (tests/attention_plays.py)."""
    return english_play()["sizes"]


@pytest.mark.parametrize("lang", [pytest.param(lang, marks=() if lang == "en" else pytest.mark.full) for lang in LANGS])
def test_attention_heatmap_digits_are_three_percent(en_sizes, lang):
    """One full play a language: English in every run (the gate's 3 % em rule covers the Chinese plays),
    the Chinese ones under TF_FULL=1."""
    found = (en_sizes if lang == "en" else _size_findings(lang))["digits"]
    assert not found, "\n".join(f.line() for f in found)


def test_attention_heatmap_side_notes_are_large(en_sizes):
    """The small pieces beside a picture read from the back row: the query/key legend, the "'cat' asks,
    'the' answers" notes, the parked value plane's name and the last row's scores in both heads have
    capitals at least 3.2 % of the frame height (measured as the test above measures digits)."""
    from look import fmt_num
    from scenes.attention.strings import STRINGS

    en = STRINGS["en"]
    d = catalogue.get("attention_heatmap").compute()
    a = d.asking
    notes = {en["legend_q"], en["legend_k"]}
    notes |= {en["asks"].format(qi=q, kj=k) for q, k in (("cat", "the"), ("the", "cat"))}
    table = {en["head_1"], en["head_2"], *a.tokens, *(fmt_num(v, 4) for v in (*d.scores[-1], *a.scores[-1]))}
    small = {"asking": notes, "ask_table": notes, "ask_weights": notes, "ask_summary": table}  # section: its pieces
    found = [f for f in en_sizes["side notes"]
             if any(f"(section {sec})" in f.where and any(repr(t) in f.message for t in texts)
                    for sec, texts in small.items())]
    assert not found, "\n".join(f.line() for f in found)
    assert small["ask_summary"] and len(notes) == 4
