"""Words a user gives never run as HTML or script on the gallery or a lesson page.

Tokens such as `</script>`, `<b>x</b>` or `"><img` are set on a real render of causal_mask and
written into a caption file of pe_clock, then the gallery is built; a lesson page is built with the
same words in its prose and in a widget's table. Each page must show them as text (escaped in the
markup, the same text once parsed), hold no element or attribute they would make, and every JSON
block inside <script> must parse back to them.
"""
from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from look import Look
from studio import catalogue
from studio.publish.gallery import build_gallery
from studio.options import TINY
from studio.publish.pages import build_pages
from studio.build.render import render_entry
from studio.build.request import Request
from studio.build.cache import manifest_path, write_manifest

TOKENS = ["</script>", "<b>x</b>", '"><img', "onerror=a&b'"]  # causal_mask allows 12 characters a word
HOSTILE = '</script><script>alert(1)</script>"><img src=x onerror=alert(1)>'


class _Parsed(HTMLParser):
    """Start tags with their attributes, the text outside <script>, and each <script>'s text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.text, self.scripts, self._in_script = [], [], None

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag == "script":
            self._in_script = dict(attrs)
            self.scripts.append((self._in_script, ""))

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = None

    def handle_data(self, data):
        if self._in_script is not None:
            attrs, text = self.scripts[-1]
            self.scripts[-1] = (attrs, text + data)
        else:
            self.text.append(data)


def relist(folder, name: str) -> None:
    """Record a file added to a render in its manifest (the gallery shows only listed files)."""
    doc = json.loads(manifest_path(folder, name).read_text(encoding="utf-8"))
    write_manifest(folder, name, doc["content_key"], [folder / o for o in doc["outputs"]])


def parse(html: str) -> _Parsed:
    page = _Parsed()
    page.feed(html)
    page.close()
    return page


def assert_inert(html: str) -> _Parsed:
    """No markup made of the words: only the page's own tags and scripts, no event handler."""
    for word in ("<b>x</b>", "onerror=a&b'", HOSTILE, "<script>alert", "<img src=x"):  # '"><img' is the page's own too
        assert word not in html, word
    page = parse(html)
    assert html.count("</script>") == html.count("<script"), "a word closed a <script>"
    assert not any(t == "b" or (t == "img" and a.get("src") == "x") for t, a in page.tags), "a word made an element"
    assert not any(k.startswith("on") for _, a in page.tags for k in a), "an event handler attribute"
    assert not any("alert" in text for attrs, text in page.scripts if attrs.get("type") != "application/json")
    return page


def json_blocks(page: _Parsed) -> list:
    return [json.loads(text) for attrs, text in page.scripts if attrs.get("type") == "application/json"]


def walk(value):
    """Every string inside a JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from walk(v)
    elif isinstance(value, list):
        for v in value:
            yield from walk(v)


@pytest.mark.render
def test_user_words_stay_text_in_the_gallery(tmp_path, shared_renders):
    root = tmp_path / "out"
    entry = catalogue.get("causal_mask").with_params({"tokens": TOKENS})
    render_entry(Request(entry, Look("light", "en"), out_root=root))
    shared_renders.copy_into(root, "pe_clock", "light", "en")
    vtt = "WEBVTT\n\n00:00:00.000 --> 00:00:30.000\n" + " ".join(TOKENS) + " " + HOSTILE + "\n"
    (root / "pe_clock" / "pe_clock.zh-Hans.vtt").write_text(vtt, encoding="utf-8")
    relist(root / "pe_clock", "pe_clock")
    html = build_gallery(root).index.read_text(encoding="utf-8")
    page = assert_inert(html)
    card = [a for t, a in page.tags if t == "article" and a.get("data-name") == entry.folder]
    assert card, "the render with the tokens has its own card"
    text = "".join(page.text)
    for token in TOKENS:
        assert token in text or json.dumps(token, ensure_ascii=False) in text, token
    strings = [s for block in json_blocks(page) for s in walk(block)]
    assert any(" ".join(TOKENS) + " " + HOSTILE in s for s in strings), "the caption parses back from the JSON"


def test_user_words_stay_text_on_a_lesson_page(tmp_path, monkeypatch):
    from studio.publish.pages import builder
    from studio.publish.pages.widgets import topic_widgets

    widgets = topic_widgets("worked")
    reorder = widgets["reorder"]
    start = " ".join(TOKENS[: reorder["n"] - 1] + [HOSTILE])
    reorder["start"] = start
    reorder["states"][start] = {f"tok{i}": word for i, word in enumerate(start.split(" "))}
    prose = {lang: dict(texts, worked=HOSTILE) for lang, texts in builder.PROSE.items()}
    monkeypatch.setattr(builder, "topic_widgets", lambda topic: widgets)
    monkeypatch.setattr(builder, "PROSE", prose)
    [result] = build_pages("worked", "en", quality=TINY, out_root=tmp_path, render=False)
    html = result.pages[0].read_text(encoding="utf-8")
    page = assert_inert(html)
    assert HOSTILE in "".join(page.text), "the prose is shown as text"
    order = [a for t, a in page.tags if a.get("data-control") == "order"]
    assert order[0]["data-start"] == order[0]["data-value"] == start
    [data] = [b for b in json_blocks(page) if "widgets" in b]
    assert data["widgets"]["reorder"]["start"] == start
    assert data["widgets"]["reorder"]["states"][start]["tok0"] == TOKENS[0]
    assert re.search(r'id="page-data">[^<]*</script>', html), "the JSON holds no '<'"
