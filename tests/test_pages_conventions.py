"""One convention per quantity across video, figure and widget on a page (issue 28): each widget
that shares a quantity with a scene on its page opens on that scene's values and draws them on its
scale, read from what the scene's numbers file holds (studio.build.numbers.record_fields of the
catalogue entry's engine record), never typed twice."""
from __future__ import annotations

import re

import numpy as np
import pytest

from look import fmt_num
from studio import catalogue
from studio.build.numbers import record_fields
from studio.options import TINY
from studio.publish.pages import build_pages
from studio.publish.pages.widgets import predictions, topic_widgets
from studio.publish.pages.widgets_positional import share_text


def numbers_data(name: str) -> dict:
    """The "data" block of NAME.numbers.json, as render writes it (no rendering needed)."""
    return record_fields(catalogue.get(name).compute(), {})


def value(field):
    return np.asarray(field["value"] if isinstance(field, dict) else field)


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """English pages built without rendering; every figure stands in as an empty SVG so it is placed."""
    import studio.publish.pages.builder as builder

    root = tmp_path_factory.mktemp("out")
    fake = {}
    for e in catalogue.ENTRIES:
        if e.kind == "figure":
            folder = fake[e.name] = root / "fake" / e.name
            folder.mkdir(parents=True)
            (folder / f"{e.name}.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>", encoding="utf-8")
            (folder / f"{e.name}.numbers.json").write_text("{}", encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(builder, "find_render", lambda request: fake.get(request.entry.name) if (
            request.look.lang == "en" and request.look.theme == "light") else None)
        build_pages("all", "en", quality=TINY, out_root=root, render=False)
    return root / "pages"


def test_naive_machine_opens_on_the_videos_closing_word_seats_and_terms():
    video, w = numbers_data("naive_position"), topic_widgets("positional")["naive"]
    assert w["words"][w["word"]] == video["words"][2]  # the swapped-in word (十) the poster shows
    np.testing.assert_array_equal(w["vectors"][w["word"]], value(video["e_swap"]))
    np.testing.assert_array_equal(w["start"], value(video["stops"])[-1])  # seats (12, 12)
    np.testing.assert_allclose(w["check"]["naive"], value(video["swap_terms"]), rtol=0, atol=1e-12)
    np.testing.assert_allclose(w["check"]["sincos"], value(video["sincos_terms"]), rtol=0, atol=1e-12)
    assert w["decades"] == value(video["decades"]).tolist()  # the same fixed log axis, 10⁻¹ … 10⁴


def test_naive_page_selects_that_word_and_draws_the_log_axis(pages):
    html = (pages / "positional" / "index.html").read_text(encoding="utf-8")
    video = numbers_data("naive_position")
    section = re.search(r'id="w-naive".*?</section>', html, re.S).group(0)
    assert re.search(r'<option value="1" selected>' + video["words"][2], section)
    assert 'value="12"' in section
    ticks = re.findall(r"10<sup>(−?-?\d+)</sup>", re.search(r'class="term-axis".*?</span></span>', section).group(0))
    assert [int(t.replace("−", "-")) for t in ticks] == value(video["decades"]).tolist()
    assert "hollow = negative" in section


def test_naive_answer_is_about_the_opening_word():
    video = numbers_data("naive_position")
    terms = value(video["swap_terms"])
    a = predictions()["naive"]
    assert a["word"] == video["words"][2]
    assert a["share"] == share_text(100 * abs(terms[0]) / np.abs(terms).sum())


def test_gain_slider_opens_on_the_videos_first_gain():
    video, w = numbers_data("signal_decay"), topic_widgets("depth")["gain"]
    s0 = float(value(video["reference_s"])[0])  # 0.9: the scene's opening and first pause
    opening = w["states"][str(w["start"])]
    assert opening["s"] == fmt_num(s0, 2)
    # the layer-30 RMS the video reads out at that s is the widget's opening readout
    assert float(opening["last_plain"]) == pytest.approx(value(video["reference_rms_plain"])[0], rel=5e-3)
    assert predictions()["gain"]["s"] == fmt_num(s0, 1)


def test_gain_page_slider_starts_there(pages):
    html = (pages / "depth" / "index.html").read_text(encoding="utf-8")
    w = topic_widgets("depth")["gain"]
    assert re.search(rf'id="w-gain-s"[^>]*value="{w["start"]}"', html)


# -- predict, then reveal: the figure that states an answer comes after the question ----------------
def test_a_figure_stating_a_widgets_answer_comes_after_it_on_the_page_and_in_the_deck(pages):
    from studio.catalogue.order import lesson_steps
    from studio.publish.pages.text import REVEALED_BY

    for topic in catalogue.TOPICS:
        order = [s.name for s in lesson_steps(topic)]
        html = (pages / topic / "index.html").read_text(encoding="utf-8")
        for widget, figs in REVEALED_BY.items():
            if widget not in order:
                continue
            assert f'id="w-{widget}"' in html
            for fig in figs:
                assert order.index(fig) > order.index(widget), (topic, widget, fig)
                assert html.index(f'id="f-{fig}"') > html.index(f'id="w-{widget}"'), (topic, widget, fig)
                block = re.search(rf'<figure class="fig" id="f-{fig}".*?</figure>', html, re.S).group(0)
                assert "Check your prediction" in block


# -- the width d: one per quantity, and each piece names its own (the positional page has three) ----
def test_every_piece_with_a_width_names_the_d_its_numbers_file_holds():
    """Each scene and figure of the positional topic whose record holds a d_model is named with that
    d (and its base, where the record has one) by conventions(), read from the same record the
    numbers file is written from; the pieces that draw the same quantity share one d."""
    from studio.publish.pages.widgets_positional import conventions

    conv = conventions()
    seen = set()
    for e in catalogue.ENTRIES:
        if e.topic != "positional":
            continue
        f = numbers_data(e.name)
        if "d_model" not in f:
            assert e.name not in conv, e.name
            continue
        d = int(value(f["d_model"]))
        seen.add(d)
        assert conv[e.name]["d"] == str(d), e.name
        if "base" in f:
            assert conv[e.name]["base"] == f"{int(value(f['base'])):,}", e.name
        else:
            assert conv[e.name]["base"] is None, e.name
    assert seen == {4, 8, 16}  # seed 001's fingerprint, seed 002's vectors, RoPE's two pairs
    # one d per quantity: the fingerprint of 32 seats is d = 16 wherever it is drawn (video, figures,
    # widgets); seed 002's vectors are d = 8 wherever they are drawn
    for names, d in ((("pe_clock", "pe_table", "pe_distance", "pe_distance_gap", "pe_angles", "seat", "angles", "cost"), "16"),
                     (("pe_waves", "pe_waves_vector", "pe_dot_distance", "seq_number_problems", "seq_number_dots",
                       "seq_number_ratio", "naive_position", "naive_position_fig", "naive", "combine", "order",
                       "permutation", "permutation_fig"), "8")):
        assert {n: conv[n]["d"] for n in names} == {n: d for n in names}
    widgets = topic_widgets("positional")
    for w in ("order", "naive", "combine"):
        assert str(widgets[w]["d"]) == conv[w]["d"], w


def test_each_figure_and_widget_on_the_page_says_its_d_beside_it(pages):
    from studio.publish.pages.text import UI
    from studio.publish.pages.widgets_positional import conventions

    html = (pages / "positional" / "index.html").read_text(encoding="utf-8")
    top = re.search(r'<aside class="conventions.*?</aside>', html, re.S).group(0)
    assert all(f"d = {d}" in top for d in ("16", "8", "4"))
    for name, c in conventions().items():
        note = UI["en"]["convention" if c["base"] else "convention_width"].format(**c)
        fig = re.search(rf'<figure class="fig" id="f-{name}".*?</figure>', html, re.S)
        widget = re.search(rf'<section[^>]*id="w-{name}".*?</section>', html, re.S)
        if fig:
            assert f'<span class="convention">{note}' in fig.group(0), name  # first in the figure's note
        if name in topic_widgets("positional"):
            assert widget and note in widget.group(0), name
    figures = [e.name for e in catalogue.ENTRIES if e.topic == "positional" and e.kind == "figure"
               and "d_model" in numbers_data(e.name)]
    for name in figures:  # every figure drawn with a width is placed, with its note
        assert f'id="f-{name}"' in html, name
