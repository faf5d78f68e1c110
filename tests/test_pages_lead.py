"""The depth page reads as a lesson (seed 004): before each widget, the lesson's claim that the widget
tests (studio.publish.pages.text_lead.LEAD), in every language, as a p.lead right above the widget's
section; no number in those words (every number a reader checks is the widget's, from the engine)."""
from __future__ import annotations

import re

import pytest

from look import LANGS
from studio.catalogue.order import lesson_widgets
from studio.options import TINY
from studio.publish.pages import build_pages
from studio.publish.pages.links import page_name
from studio.publish.pages.text_lead import LEAD

WIDGETS = [w for w in lesson_widgets("depth") if w != "quiz"]  # the quiz's own line says what it is


def test_every_depth_widget_has_its_claim_in_every_language():
    for lang in LANGS:
        assert sorted(LEAD[lang]) == sorted(WIDGETS), lang
        for wid, text in LEAD[lang].items():
            assert len(text) > 40, (lang, wid)
            assert not re.search(r"\d", text), (lang, wid, text)  # numbers come from the widgets


def test_zh_leads_keep_the_pages_terms():
    for lang in ("zh-Hant", "zh-Hans"):
        text = "".join(LEAD[lang].values())
        assert "區塊" not in text and "模块" not in text  # the page says "Transformer Block"
        assert not re.search(r"[\u4e00-\u9fff][A-Za-z]|[A-Za-z][\u4e00-\u9fff]", text), lang  # a space between


@pytest.fixture(scope="module")
def depth_pages(tmp_path_factory):
    root = tmp_path_factory.mktemp("out")
    build_pages("depth", "all", quality=TINY, out_root=root, render=False)
    return root / "pages" / "depth"


@pytest.mark.parametrize("lang", LANGS)
def test_each_claim_sits_right_above_its_widget(depth_pages, lang):
    html = (depth_pages / page_name(lang)).read_text(encoding="utf-8")
    for wid in WIDGETS:
        m = re.search(rf'<p class="lead" id="lead-{wid}">(.*?)</p>\s*<section class="widget" id="w-{wid}"', html, re.S)
        assert m, (lang, wid)
        assert m.group(1) == LEAD[lang][wid].replace("'", "&#39;") or m.group(1).replace("&#39;", "'") == LEAD[lang][wid]
    assert html.count('<p class="lead"') == len(WIDGETS)


def test_other_pages_have_no_leads(tmp_path):
    build_pages("positional", "en", quality=TINY, out_root=tmp_path, render=False)
    assert '<p class="lead"' not in (tmp_path / "pages" / "positional" / "index.html").read_text(encoding="utf-8")
