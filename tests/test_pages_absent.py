"""A page built without a figure's render does not point the reader at that figure (studio.publish.pages.absent);
with the render, its words stay."""
from __future__ import annotations

from studio.publish.pages import absent
from studio.publish.pages.text import UI

POINTING = {lang: [old for keys in absent.FIGURE_WORDS.values() for by_lang in keys.values() for old, _ in [by_lang[lang]]]
            for lang in UI}


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)


def test_every_pointing_phrase_is_in_the_words_it_edits():
    """A phrase that no longer matches its string would silently stop being removed."""
    for fig, keys in absent.FIGURE_WORDS.items():
        for key, by_lang in keys.items():
            for lang, (old, _) in by_lang.items():
                assert any(old in s for s in _strings(UI[lang][key])), (fig, key, lang, old)


def test_words_drop_only_the_figures_not_built():
    names = set(absent.FIGURE_WORDS)
    for lang in UI:
        kept = absent.words(UI[lang], lang, names, present=names)
        assert kept == UI[lang]
        gone = absent.words(UI[lang], lang, names, present=set())
        text = " ".join(_strings(gone))
        assert not any(p in text for p in POINTING[lang]), lang
        assert gone["tr_axis"] != UI[lang]["tr_axis"] and "{n}" in gone["tr_axis"]


def test_a_no_media_depth_page_points_at_no_figure(tmp_path):
    from studio.options import QUALITIES
    from studio.publish.pages import build_pages

    build_pages("depth", "all", quality=QUALITIES["low"], out_root=tmp_path, render=False)
    for lang in UI:
        name = "index.html" if lang == "en" else f"index.{lang}.html"
        html = (tmp_path / "pages" / "depth" / name).read_text(encoding="utf-8")
        assert not any(p in html for p in POINTING[lang]), lang
