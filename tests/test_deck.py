"""The lecture deck's command line and files, without a browser: bad input, what is left out, the
slides a lesson file gives, and assets that reach no network."""
from __future__ import annotations

import re

from studio.publish.deck.builder import deck_json
from studio.publish.deck.slides import WIDGET_PARTS
from studio.publish.pages.widgets import TOPIC_WIDGETS
from tests.conftest import run_main


def test_cli_deck_command(tmp_path):
    code, out, err = run_main(["deck", "nope", "--out", tmp_path])
    assert code == 2 and "unknown topic 'nope'" in err and "lesson file" in err
    code, out, err = run_main(["deck", "missing.toml", "--out", tmp_path])
    assert code == 2 and "no such lesson file" in err
    code, out, err = run_main(["deck", "depth", "--voice", "nowhere", "--no-render", "--out", tmp_path])
    assert code == 2 and "--voice nowhere" in err
    code, out, err = run_main(["deck", "worked", "--no-render", "--lang", "zh-Hant", "--out", tmp_path])
    assert code == 0, err
    assert "left out (not rendered): attention_heatmap" in out
    page = tmp_path / "decks" / "worked" / "index.html"
    assert '<html lang="zh-Hant"' in page.read_text(encoding="utf-8")
    slides = deck_json(page.parent)["slides"]
    parts = sum(len(WIDGET_PARTS.get(w, ("",))) for w in TOPIC_WIDGETS["worked"])  # a tall widget part by part
    assert [s["kind"] for s in slides] == ["title"] + ["widget"] * parts  # nothing rendered: the title and the widgets
    assert [s["part"] for s in slides if s.get("widget") == "toy"] == ["tokens", "embedding", "matrices", "scores", "outputs"]
    code, out, err = run_main(["deck", "lessons/week3.toml", "--no-render", "--out", tmp_path])
    assert code == 0, err
    assert "week3:" in out and "left out (not rendered): pe_clock, pe_table" in out
    assert [s["kind"] for s in deck_json(tmp_path / "decks" / "week3")["slides"]] == ["title"]


def test_deck_assets_name_no_network(tmp_path):
    code, out, err = run_main(["deck", "depth", "--no-render", "--out", tmp_path])
    assert code == 0, err
    folder = tmp_path / "decks" / "depth"
    for f in ("index.html", "deck.js", "deck.css", "page.js", "page.css"):
        assert not re.search(r"https?://", (folder / f).read_text(encoding="utf-8")), f
    kinds = [s["kind"] for s in deck_json(folder)["slides"]]
    assert kinds == ["title"] + ["widget"] * sum(len(WIDGET_PARTS.get(w, ("",))) for w in TOPIC_WIDGETS["depth"])


def test_deck_help_names_the_keys():
    code, out, err = run_main(["deck", "--help"])
    assert code == 0 and "TOPIC|LESSON.toml" in out and "speaker view" in out


def test_a_lesson_deck_refuses_an_entry_listed_twice_and_builds_the_same_twice(tmp_path):
    lesson = tmp_path / "twice.toml"
    lesson.write_text('[[entry]]\nname = "pe_table"\n\n[[entry]]\nname = "pe_table"\nfolder = "pe_table_b"\n'
                      'set = { d_model = 8 }\n', encoding="utf-8")
    code, out, err = run_main(["deck", lesson, "--no-render", "--out", tmp_path])
    assert code == 2 and "pe_table is listed twice" in err
    for out_dir in ("a", "b"):
        argv = ["deck", "positional", "--no-render", "--lang", "zh-Hans", "--out", tmp_path / out_dir]
        code, out, err = run_main(argv)
        assert code == 0, err
    a, b = tmp_path / "a" / "decks" / "positional", tmp_path / "b" / "decks" / "positional"
    assert sorted(p.name for p in a.iterdir()) == sorted(p.name for p in b.iterdir())
    for f in a.iterdir():
        assert f.read_bytes() == (b / f.name).read_bytes(), f.name


def test_a_widget_lines_left_to_the_lecturer_are_in_its_notes_filled_in():
    """The lines a dense widget slide leaves off (slides.TO_NOTES: the order widget's findings and second
    question, the score table's formulas, the guide's instructor's notes, …) are in its first slide's
    speaker notes in every language, their numbers the engine's (no placeholder left)."""
    from studio.publish.deck.slides import TO_NOTES, widget_slides
    from studio.publish.pages.text import PROSE, UI
    from studio.publish.pages.widgets import topic_widgets

    widgets = {}
    for topic in ("positional", "worked", "depth"):
        widgets.update(topic_widgets(topic))
    for wid in TO_NOTES:
        for lang in ("en", "zh-Hant", "zh-Hans"):
            notes = widget_slides(wid, widgets[wid], lang, UI, PROSE)[0]["notes"]
            assert len(notes) > len(TO_NOTES[wid]), (wid, lang)
            assert all(n.strip() and "{" not in n for n in notes), (wid, lang, notes)
    order = widget_slides("order", widgets["order"], "en", UI, PROSE)[0]["notes"]
    assert str(widgets["order"]["pe_deviation"]) in " ".join(order)


def test_a_deck_renders_the_other_themes_figures(monkeypatch, tmp_path):
    """A deck built with renders gets the other theme's figures too (cheap; T and the system's look swap them in),
    never the other theme's scene videos (those only when OUT holds them)."""
    from look import Look
    from studio.options import TINY
    from studio.publish.deck import builder
    from studio.publish.pages.builder import topic_entries

    calls = []

    def gather(entries, look, quality, out_root, render, result, voice=None):
        calls.append((look.theme, sorted({e.kind for e in entries}), render))
        return {}

    monkeypatch.setattr(builder, "gather", gather)
    entries = topic_entries("depth")
    builder._alternates({}, entries, Look("light", "en"), TINY, tmp_path, tmp_path, None, render=True)
    assert ("dark", ["figure"], True) in calls
    assert not [c for c in calls if c[2] and "scene" in c[1]], calls
    calls.clear()
    builder._alternates({}, entries, Look("dark", "en"), TINY, tmp_path, tmp_path, None, render=False)
    assert calls and not [c for c in calls if c[2]], calls


def test_a_slide_answer_names_nothing_the_slide_does_not_show():
    """The shortcut's answer on the page points at "the note under the widget" (② and ③); on its slide that note
    is the lecturer's, so the slide's answer stops at ①. Each cut is still in the page's answer (it cannot drift)."""
    from look import LANGS
    from studio.publish.deck.slides import SLIDE_CUTS, slide_answers
    from studio.publish.pages.builder import predict_texts
    from studio.publish.pages.widgets import predictions, topic_widgets

    widgets, answers = topic_widgets("depth"), predictions()
    for lang in LANGS:
        page = predict_texts(lang, widgets, answers)
        slide = slide_answers(page, lang)
        for w, cuts in SLIDE_CUTS.items():
            assert cuts[lang] in page[w]["a"], (lang, w)
            assert cuts[lang] not in slide[w]["a"] and "①" in slide[w]["a"], slide[w]["a"]
            assert slide[w]["a"].endswith(("network.", "衰減。", "衰减。")), slide[w]["a"]
        assert {w: v for w, v in page.items() if w not in SLIDE_CUTS} == \
            {w: v for w, v in slide.items() if w not in SLIDE_CUTS}
