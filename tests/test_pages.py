"""Lesson pages (studio.publish.pages): every widget value equals the engine's over the whole grid, the page
is self-contained and deterministic, and `render.py page` follows the CLI contract.

These tests build pages without rendering (render=False); tests/test_pages_browser.py renders a
scene and drives the pages in a headless browser.
"""
from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pytest

from engine.generate import PROMPTS
from engine.norms import layernorm_example
from engine.activations import DRIFT_SHIFTS, neuron_drift
from engine.positional import hand_angles, sinusoidal
from engine.rope import rope_lesson, rope_score
from engine.signal import S_SWEEP, signal_rms, signal_weights
from engine.smallnet import small_net_step
from engine.toy import LECTURE_PREFIX, toy_attention
from studio import catalogue
from studio.cli import main
from studio.options import TINY
from studio.publish.pages import build_pages
from studio.publish.pages.builder import STATIC
from studio.publish.pages.widgets import topic_widgets
from tests.conftest import scene_look


def num(text: str) -> float:
    """A number as the page writes it: true minus, optional ×10ⁿ (superscript exponent)."""
    text = text.strip().replace("\u2212", "-")
    if "×10" in text:
        mant, exp = text.split("×10")
        exp = exp.translate(str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789"))
        return float(mant) * 10.0 ** int(exp)
    return float(text.replace(",", ""))


def nums(text: str) -> list[float]:
    return [num(t) for t in re.findall(r"[−\-]?\d[\d,]*\.?\d*(?:×10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)?", text)]


@pytest.fixture(scope="module")
def widgets():
    return {w: data for t in catalogue.TOPICS for w, data in topic_widgets(t).items()}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("out")
    return root, build_pages("all", "all", quality=TINY, out_root=root, render=False)


# -- every widget value is the engine's, over the whole grid ----------------------------------
def test_seat_widget_is_the_fingerprint_table_and_hand_angles(widgets):
    w = widgets["seat"]
    assert len(w["states"]) == 32
    table = sinusoidal(np.arange(32), 16)  # (32, 16)
    angles = np.degrees(hand_angles(np.arange(32), 16)) % 360  # (32, 8)
    for p in range(32):
        st = w["states"][str(p)]
        assert [num(st[f"pe{c}"]) for c in range(16)] == pytest.approx(table[p], abs=5e-5)
        # the drawn hand turns anticlockwise from 3 o'clock, as in pe_clock: SVG's clockwise rotate(−angle)
        assert [-float(st[f"rot{h}"]) for h in range(8)] == pytest.approx(angles[p], abs=5e-4)
    assert num(w["states"]["1"]["deg0"].rstrip("°")) == pytest.approx(57.3, abs=0.05)  # 1 rad per seat


def test_rope_widget_scores_depend_only_on_the_gap(widgets):
    w, r = widgets["rope"], rope_lesson()
    assert len(w["states"]) == 100
    for m in range(10):
        for n in range(10):
            st = w["states"][f"{m}|{n}"]
            assert num(st["score"]) == pytest.approx(rope_score(r.q, r.k, m, n, r.base), abs=5e-5)
            assert num(st["gap"]) == m - n
            assert st["gap_score"] == w["states"][f"{max(m - n, 0)}|{max(n - m, 0)}"]["score"]
            # the contrast: position added, not rotated: (q + PE(m))·(k + PE(n)), PE of the same d and base
            pe = sinusoidal([m, n], 4, r.base)  # (2, 4)
            assert num(st["abs_score"]) == pytest.approx((r.q + pe[0]) @ (r.k + pe[1]), abs=5e-5)
            assert st["abs_gap_score"] == w["states"][f"{max(m - n, 0)}|{max(n - m, 0)}"]["abs_score"]
    # the added PE's score moves when both positions move together; RoPE's does not (the stops the video shows)
    stops = {tuple(map(int, mn)): a for mn, a in zip(r.keyframes, r.absolute_scores)}
    for (m, n), a in stops.items():
        assert num(w["states"][f"{m}|{n}"]["abs_score"]) == pytest.approx(a, abs=5e-5)
    assert w["states"]["7|3"]["score"] == w["states"]["4|0"]["score"]
    assert w["states"]["7|3"]["abs_score"] != w["states"]["4|0"]["abs_score"]


def test_reorder_widget_outputs_and_which_stay_fixed(widgets):
    w = widgets["reorder"]
    states = {k[:-2]: st for k, st in w["states"].items() if k.endswith("|0")}  # without P (with P: test_pages_worked)
    assert len(states) == 60 and len(w["states"]) == 120  # 5! / 2!: "the" appears twice
    base = toy_attention(LECTURE_PREFIX)
    fixed_counts = set()
    for key, st in states.items():
        t = toy_attention(key.split())
        fixed = 0
        for i in range(5):
            assert nums(st[f"c{i}"]) == pytest.approx(t.C[:, i], abs=5e-5)
            same = np.allclose(t.C[:, i], base.C[:, i], atol=1e-12)
            assert st[f"same{i}"] == ("1" if same else "0")
            fixed += same
        fixed_counts.add(fixed)
    assert states[w["start"]]["same4"] == "1" and min(fixed_counts) == 0 and max(fixed_counts) == 5
    # position 2 of "cat the sat on the" sees {cat, the, sat} like the lecture order: the same output
    assert states["cat the sat on the"]["same2"] == "1"
    assert states["cat the sat on the"]["same0"] == "0"


def test_gain_widget_is_the_30_layer_rms_with_and_without_layernorm(widgets):
    w = widgets["gain"]
    x0, weights = signal_weights()
    assert len(w["states"]) == len(S_SWEEP) == 31
    for k, s in enumerate(S_SWEEP):
        st = w["states"][str(k)]
        assert num(st["s"]) == pytest.approx(s)
        assert num(st["last_plain"]) == pytest.approx(signal_rms(s, x0, weights)[-1], rel=5e-3)
        assert num(st["last_ln"]) == pytest.approx(signal_rms(s, x0, weights, True)[-1], rel=5e-3)
    assert num(w["states"][str(w["start"])]["s"]) == 0.9  # the signal_decay video opens there (tests/test_pages_conventions.py)
    assert w["axis"] == {"lo": "10⁻¹⁰", "hi": "10¹⁰"}  # the axis reaches s = 2.0's 1.09×10⁹: no bar stops at the top
    top = w["states"][str(len(S_SWEEP) - 1)]
    assert 0 < float(top["p30"]) < 100 and float(top["p29"]) < float(top["p30"])


def test_drift_widget_counts_dead_relu_and_live_gelu_neurons(widgets):
    from engine.activations import gelu_relu

    w, rec = widgets["drift"], gelu_relu()
    assert len(w["states"]) == len(DRIFT_SHIFTS) == 61
    for k, shift in enumerate(DRIFT_SHIFTS):
        st, d = w["states"][str(k)], neuron_drift(float(shift))
        assert num(st["shift"]) == pytest.approx(shift)
        # the gelu_relu_dying figure's two counts, from its record: exactly 0, and |gradient| below 0.001
        assert nums(st["relu_dead"]) == [rec.n_relu_dead[k], 24] == nums(st["relu_below"])
        assert nums(st["gelu_zero"]) == [0, 24] and nums(st["gelu_below"]) == [rec.n_gelu_below_floor[k], 24]
        assert [st[f"relu{i}"] == "dead" for i in range(24)] == list(d.relu_dead)
        assert [st[f"gelu{i}"] == "faded" for i in range(24)] == list(np.abs(d.gelu_grad) < 1e-3)
    assert w["states"]["0"]["gelu_below"] == "1 / 24"  # the shift −3.0: one GELU gradient below 0.001, none 0
    assert w["states"]["0"]["relu_dead"] != w["states"]["60"]["relu_dead"]  # the slider changes the count


def test_steppers_show_layernorm_and_the_small_net(widgets):
    ln, net = layernorm_example(), small_net_step()
    st = widgets["layernorm"]["states"]
    assert nums(st["0|0"]["v0"]) == pytest.approx(ln.out[0], abs=5e-5)
    # as nn.LayerNorm computes it, and as the layernorm_steps scene on the same page shows it
    torch = pytest.importorskip("torch")
    want = torch.nn.LayerNorm(6).double()(torch.tensor(ln.out, dtype=torch.float64)).detach().numpy()  # (2, 6)
    assert nums(st["0|1"]["v1"]) == pytest.approx([ln.mean[1], ln.out[1].var()], abs=5e-5)
    assert nums(st["0|3"]["v0"]) == pytest.approx(want[0], abs=5e-5)
    assert nums(st["0|4"]["v0"]) == pytest.approx([0.0, want[0].var()], abs=5e-5)
    assert nums(st["0|4"]["v0"])[1] < 1.0  # ε under the root: just under 1
    fw, bw = widgets["forward"]["states"], widgets["backward"]["states"]
    t = widgets["forward"]["start"]  # the chapter's target, 1.0
    assert nums(fw[f"{t}|2"]["v0"]) == pytest.approx(net.a1, abs=5e-5)
    assert nums(fw[f"{t}|4"]["v0"]) == pytest.approx([0.6030], abs=5e-4)
    assert nums(bw[f"{t}|0"]["v0"]) == pytest.approx([net.dy_hat], abs=5e-5)
    assert nums(bw[f"{t}|4"]["v1"]) == pytest.approx([net.loss, net.loss_new], abs=5e-5)
    assert nums(bw[f"{t}|4"]["v1"])[1] == pytest.approx(0.278, abs=5e-4)


# -- the pages ---------------------------------------------------------------------------------
class _Refs(HTMLParser):
    def __init__(self):
        super().__init__()
        self.refs, self.labels, self.ids, self.controls = [], set(), set(), []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.refs += [a[k] for k in ("src", "href", "poster") if a.get(k)]
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "label" and a.get("for"):
            self.labels.add(a["for"])
        if tag in ("input", "select"):
            self.controls.append(a.get("id"))


def test_pages_per_topic_and_language_are_self_contained(site):
    root, results = site
    assert [r.topic for r in results] == list(catalogue.TOPICS)
    for r in results:
        assert [p.name for p in r.pages] == ["index.html", "index.zh-Hant.html", "index.zh-Hans.html"]
        assert set(r.missing) == {e.name for e in catalogue.ENTRIES if e.topic == r.topic}
        for page in r.pages:
            text = page.read_text(encoding="utf-8")
            parser = _Refs()
            parser.feed(text)
            for ref in parser.refs:
                assert not re.match(r"^[a-z][a-z0-9+.-]*:", ref) or ref.startswith("data:"), ref
                assert (page.parent / ref.split("#")[0]).exists(), ref
            assert all(c in parser.labels for c in parser.controls), "every control has a <label>"
            data = json.loads(re.search(r'id="page-data">(.*?)</script>', text, re.S).group(1))
            assert data["widgets"] == json.loads((r.folder / "widgets.json").read_text(encoding="utf-8"))
        for asset in ("page.js", "page.css"):
            assert not re.search(r"https?://", (r.folder / asset).read_text(encoding="utf-8"))


def test_chinese_pages_have_no_english_prose_or_labels(site):
    root, _ = site
    html = (root / "pages" / "depth" / "index.zh-Hant.html").read_text(encoding="utf-8")
    ours = re.search(r"<header>.*?</header>", html, re.S).group(0) + "".join(
        re.findall(r'<section class="widget".*?</section>', html, re.S))  # catalogue texts excluded
    body = re.sub(r"<[^>]+>", " ", re.sub(r"<code>.*?</code>", " ", ours))  # code stays as written
    words = set(re.findall(r"\b[A-Za-z]{4,}\b", body))
    allowed = {"LayerNorm", "Block", "float", "tanh", "loss", "token", "target", "English", "RoPE", "ReLU", "GELU"}
    allowed |= {"Transformer", "FeedForward", "Linear", "embedding", "tokenizer", "logits", "argmax", "dropout"}  # as the chapter names them
    allowed |= {"softmax", "BatchNorm", "batch", "tokens", "mean"}  # the chapter's code: softmax, [batch, tokens, emb_dim], out.mean
    allowed |= {"PyTorch"}  # the library the training replay's run was computed with, as the chapter names it
    allowed |= {w.strip() for _, pieces, _ in PROMPTS for w in pieces}  # the English sentences the model reads
    assert words <= allowed, sorted(words - allowed)


def test_build_is_deterministic(site, tmp_path):
    root, _ = site
    build_pages("all", "all", quality=TINY, out_root=tmp_path, render=False)
    for page in sorted((root / "pages").rglob("*")):
        if page.is_file():
            assert page.read_bytes() == (tmp_path / page.relative_to(root)).read_bytes(), page


def test_cli_page_command(tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        main(["page", "nope", "--out", str(tmp_path)])
    assert e.value.code == 2
    with pytest.raises(SystemExit) as e:
        main(["page", "worked", "--no-render", "--lang", "zh-Hans", "--out", str(tmp_path)])
    assert e.value.code == 0
    page = tmp_path / "pages" / "worked" / "index.zh-Hans.html"
    assert '<html lang="zh-Hans"' in page.read_text(encoding="utf-8")
    assert "left out (not rendered): attention_heatmap" in capsys.readouterr().out
    assert {p.name for p in page.parent.iterdir()} == {"index.zh-Hans.html", "widgets.json", *STATIC}


def _nav(page: Path) -> tuple[dict, dict]:
    """({language name: href}, {topic href: hreflang}) of a page's navigation."""
    html = page.read_text(encoding="utf-8")
    langs = dict(re.findall(r'<a href="([^"]+)" hreflang="[^"]+"(?: aria-current=page)?>([^<]+)</a>',
                            re.search(r'class="langs">(.*?)</nav>', html, re.S).group(1)))
    topics = dict(re.findall(r'<a href="([^"]+)" hreflang="([^"]+)"',
                             re.search(r'class="topics">(.*?)</nav>', html, re.S).group(1)))
    return {name: href for href, name in langs.items()}, topics


def test_one_language_at_a_time_keeps_every_page_and_links_the_languages_built(tmp_path):
    pages = tmp_path / "pages"
    build_pages("worked", "en", quality=TINY, out_root=tmp_path, render=False)
    english = (pages / "worked" / "index.html").read_text(encoding="utf-8")
    assert _nav(pages / "worked" / "index.html")[0] == {"English": "index.html"}
    build_pages("worked", "zh-Hant", quality=TINY, out_root=tmp_path, render=False)
    build_pages("positional", "zh-Hant", quality=TINY, out_root=tmp_path, render=False)
    build_pages("positional", "en", quality=TINY, out_root=tmp_path, render=False)
    now = (pages / "worked" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="en"' in now and '<html lang="zh-Hant"' in (pages / "worked" / "index.zh-Hant.html").read_text("utf-8")
    # the English page keeps everything but its navigation, which now names the language built later
    assert NAV_OUT(now) == NAV_OUT(english)
    both = {"English": "index.html", "繁體中文": "index.zh-Hant.html"}
    for topic in ("worked", "positional"):
        for page in ("index.html", "index.zh-Hant.html"):
            assert _nav(pages / topic / page)[0] == both, (topic, page)
    # each topic in the page's language where it exists, else English; depth has no page yet
    topics = _nav(pages / "worked" / "index.zh-Hant.html")[1]
    assert topics == {"../positional/index.zh-Hant.html": "zh-Hant", "../worked/index.zh-Hant.html": "zh-Hant",
                      "../depth/index.zh-Hant.html": "zh-Hant"}
    build_pages("depth", "en", quality=TINY, out_root=tmp_path, render=False)
    assert _nav(pages / "worked" / "index.zh-Hant.html")[1]["../depth/index.html"] == "en"
    assert _nav(pages / "depth" / "index.html")[0] == {"English": "index.html"}


def NAV_OUT(html: str) -> str:
    return re.sub(r"<!--nav-->.*?<!--/nav-->", "", html, flags=re.S)


def test_a_rebuild_removes_media_no_render_gives_any_more(tmp_path):
    from look import Look
    from studio.build.render import render_entry
    from studio.build.request import Request

    render_entry(Request(catalogue.get("causal_mask"), Look("light", "en"), out_root=tmp_path))
    build_pages("depth", "en", quality=TINY, out_root=tmp_path, render=False)
    media = tmp_path / "pages" / "depth" / "media" / "en-light"
    (media / "gone.svg").write_text("<svg/>")  # as a render that no longer exists would leave it
    assert sorted(f.name for f in media.iterdir()) == ["causal_mask.svg", "gone.svg"]
    build_pages("depth", "en", quality=TINY, out_root=tmp_path, render=False)
    assert sorted(f.name for f in media.iterdir()) == ["causal_mask.svg"]
    html = (tmp_path / "pages" / "depth" / "index.html").read_text(encoding="utf-8")
    assert 'src="media/en-light/causal_mask.svg"' in html
    # the figure's box is reserved before the lazy image loads (its viewBox in points, 4/3 px each), so
    # the page does not grow under a reader who scrolls or follows an in-page link
    box = re.search(rb'viewBox="0 0 ([0-9.]+) ([0-9.]+)"', (media / "causal_mask.svg").read_bytes())
    w, h = (round(float(v) * 4 / 3) for v in box.groups())
    assert f'src="media/en-light/causal_mask.svg" alt=' in html and f'width="{w}" height="{h}" loading="lazy"' in html



def test_the_presenter_holds_on_a_full_frame_not_a_fade(shared_renders):
    """Each section's hold is its last frame before the closing fade: a fade to the next step at the
    section's end is skipped; a planted fade-out (the last frames emptied) moves the hold; a picture that
    shrinks mid-section (a zoom) does not pull the hold before the section's later cues."""
    from look import PALETTES
    from studio.publish.pages.holds import EMPTIED, FADING, frame_shares, own_frames, section_holds

    folder = shared_renders.folder("layernorm_steps", *scene_look("layernorm_steps"))
    doc = json.loads((folder / "layernorm_steps.numbers.json").read_text())
    shares = frame_shares(folder / "layernorm_steps.mp4", PALETTES["light"].background)
    starts = [s["start_s"] for s in doc["sections"]]
    fps, duration = doc["render"]["fps"], doc["render"]["duration_s"]
    holds = section_holds(shares, starts, duration, fps)
    for k, hold in enumerate(holds):  # the closing-fade rule alone (holds.stillness is tested in test_deck_holds)
        end = starts[k + 1] if k + 1 < len(starts) else duration
        inside = [(t, s) for t, s in shares if starts[k] <= t < end]
        inside = [inside[i] for i in own_frames(list(range(len(inside))), inside)]  # from the section's first change
        assert starts[k] < hold < end
        at = min(range(len(inside)), key=lambda i: abs(inside[i][0] - hold))
        fullest = max(s for _, s in inside)
        assert inside[at][1] >= EMPTIED * fullest > 0  # a picture, not a cleared screen
        assert all(s <= inside[i - 1][1] + FADING for i, (_, s) in list(enumerate(inside))[at + 1:])  # after it: only fading
    # the last section's final second emptied: the hold moves before it
    faded = [(t, 0.0 if t >= duration - 1.0 else s) for t, s in shares]
    assert section_holds(faded, starts, duration, fps)[-1] < duration - 1.0
    # a section that zooms out halfway and then holds: its hold is at its end, not before the zoom
    zoom = [(k / fps, 0.4 if k < 20 else 0.25) for k in range(40)]
    assert section_holds(zoom, [0.0], 40 / fps, fps) == [round(39.5 / fps, 6)]
    # a section that opens on the previous picture, clears it and builds a smaller summary: the summary
    summary = [(k / fps, 0.27 if k < 2 else (0.09 if k < 4 else 0.1)) for k in range(40)]
    assert section_holds(summary, [0.0], 40 / fps, fps) == [round(39.5 / fps, 6)]
    # a section whose own frames are only a closing fade holds on the picture it inherited
    fade = [(k / fps, 0.3 if k < 30 else 0.3 - 0.02 * (k - 29)) for k in range(40)]
    assert section_holds(fade, [0.0], 40 / fps, fps) == [round(29.5 / fps, 6)]


def test_widgets_ask_before_they_answer(site):
    """Each slider or reorder widget opens with a question whose answer stays folded until asked for,
    and the answer's numbers are the engine's (the ones the widget itself shows at that setting)."""
    from engine.gpt2 import gpt2_params
    from engine.rope import absolute_pe_score

    root, _ = site
    r = rope_lesson()
    for topic, lang in (("positional", "en"), ("depth", "zh-Hant"), ("worked", "zh-Hans")):
        page = (root / "pages" / topic / ("index.html" if lang == "en" else f"index.{lang}.html")).read_text("utf-8")
        asked = re.findall(r'<details class="predict"[^>]*><summary><span class="question">(.*?)</span>', page)
        assert asked and "{" not in "".join(asked), (topic, lang)
        assert "<details class=\"predict\" open" not in page  # folded until the reader opens it
    page = (root / "pages" / "positional" / "index.html").read_text("utf-8")
    rope = re.search(r'id="w-rope".*?<p class="answer">(.*?)</p>', page, re.S).group(1)
    # it opens at m = 7, n = 3 and asks about moving both back to the video's m = 4, n = 0
    assert 'id="w-rope-m" data-control="m" min="0" max="9" step="1" value="7"' in page
    assert nums(rope)[-2:] == pytest.approx([absolute_pe_score(r.q, r.k, 7, 3, r.base),
                                             absolute_pe_score(r.q, r.k, 4, 0, r.base)], abs=5e-5)
    assert f"{r.score_grid[7, 3]:.4f}".replace("-", "−") in rope and r.score_grid[7, 3] == pytest.approx(r.score_grid[4, 0])
    depth = (root / "pages" / "depth" / "index.html").read_text("utf-8")
    gpt2 = re.search(r'id="w-gpt2".*?<p class="answer">(.*?)</p>', depth, re.S).group(1)
    assert nums(gpt2)[:2] == [gpt2_params(tied=False).total, gpt2_params(tied=True).total]
    worked = (root / "pages" / "worked" / "index.html").read_text("utf-8")
    assert "Positions 1, 2 change" in worked  # 'cat' and 'sat' swapped: outputs at p = 1, 2 see another bag


def test_a_page_build_renders_its_figures_in_both_themes(tmp_path, monkeypatch):
    """The theme switch always finds the other theme's figures (cheap SVGs); scenes' videos are rendered
    in the page's theme only (the other theme's videos are used when OUT has them; no poster alone, which
    would sit in front of a video of the other theme), and in both themes with theme="both"."""
    import studio.build.render as render_module
    import studio.publish.pages.builder as builder

    asked = []
    monkeypatch.setattr(builder, "collect_media", lambda *args, **kwargs: {})  # nothing was really rendered
    monkeypatch.setattr(render_module, "render_entry", lambda request: asked.append(
        (request.entry.name, request.entry.kind, request.look.theme, request.format)))
    build_pages("worked", "en", quality=TINY, out_root=tmp_path, render=True)
    figures = {e.name for e in catalogue.ENTRIES if e.topic == "worked" and e.kind == "figure"}
    scenes = {e.name for e in catalogue.ENTRIES if e.topic == "worked" and e.kind == "scene"}
    assert {(n, t) for n, k, t, _ in asked if k == "figure"} == {(n, t) for n in figures for t in ("light", "dark")}
    assert {(n, t, f) for n, k, t, f in asked if k == "scene"} == {(n, "light", "mp4") for n in scenes}
    asked.clear()
    build_pages("worked", "en", theme="both", quality=TINY, out_root=tmp_path, render=True)
    assert {(n, t, f) for n, k, t, f in asked if k == "scene"} == {(n, t, "mp4") for n in scenes for t in ("light", "dark")}
    assert '<html lang="en" data-theme="light"' in (tmp_path / "pages" / "worked" / "index.html").read_text("utf-8")


def test_the_theme_switch_lists_a_scene_only_with_its_video_and_poster(tmp_path, monkeypatch):
    """media_by_theme (what page.js swaps in) names a scene in the other theme only when OUT holds that
    theme's render, and then with both its video and its poster, files the build copied beside the page."""
    import json as json_module

    import studio.publish.pages.builder as builder

    scene = next(e for e in catalogue.ENTRIES if e.topic == "worked" and e.kind == "scene")
    folder = tmp_path / "fake" / scene.name
    folder.mkdir(parents=True)
    for ext in ("mp4", "vtt", "png"):
        (folder / f"{scene.name}.{ext}").write_bytes(b"x")
    (folder / f"{scene.name}.numbers.json").write_text(json_module.dumps(
        {"sections": [], "render": {"duration_s": 1, "fps": 15}}), encoding="utf-8")
    monkeypatch.setattr(builder, "find_render", lambda request: folder if (
        request.entry.name == scene.name and request.look.theme == "dark") else None)
    build_pages("worked", "en", out_root=tmp_path, render=False)
    html = (tmp_path / "pages" / "worked" / "index.html").read_text("utf-8")
    data = json_module.loads(re.search(r'<script[^>]*id="page-data"[^>]*>(.*?)</script>', html, re.S).group(1))
    dark = data["media_by_theme"]["dark"]
    assert dark == {scene.name: {"mp4": f"media/en-dark/{scene.name}.mp4", "poster": f"media/en-dark/{scene.name}.png"}}
    assert all((tmp_path / "pages" / "worked" / f).is_file() for f in dark[scene.name].values())


def test_a_chinese_page_shows_the_english_render_or_leaves_the_slot_out(tmp_path, monkeypatch):
    """No build message reaches a student: a zh page without its own render of a figure shows the
    English one from the same OUT, labelled (English version); an entry with neither is left out."""
    import studio.publish.pages.builder as builder

    figs = [e for e in catalogue.ENTRIES if e.topic == "positional" and e.kind == "figure"]
    english = next(e for e in figs if e.name == "pe_waves")
    none = next(e for e in figs if e.name != "pe_waves")
    folder = tmp_path / "fake" / english.name
    folder.mkdir(parents=True)
    (folder / f"{english.name}.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>", encoding="utf-8")
    (folder / f"{english.name}.numbers.json").write_text("{}", encoding="utf-8")
    monkeypatch.setattr(builder, "find_render", lambda request: folder if (
        request.entry.name == english.name and request.look.lang == "en" and request.look.theme == "light") else None)
    build_pages("positional", "zh-Hant", out_root=tmp_path, render=False)
    html = (tmp_path / "pages" / "positional" / "index.zh-Hant.html").read_text("utf-8")
    assert "尚未" not in html and "not rendered" not in html
    img = re.search(rf'<figure class="fig" id="f-{english.name}".*?</figure>', html, re.S).group(0)
    assert f'src="media/en-light/{english.name}.svg"' in img and 'lang="en"' in img and "（英文版）" in img
    assert (tmp_path / "pages" / "positional" / "media" / "en-light" / f"{english.name}.svg").exists()
    assert "此處 d = 8、底數 10,000：4 根指針" in img  # its convention, next to it (d = 16 on the seat widget)
    assert "此處 d = 16、底數 10,000：8 根指針" in re.search(r'id="w-seat".*?</section>', html, re.S).group(0)
    assert f'id="f-{none.name}"' not in html and 'class="scene' not in html  # no render anywhere: left out
