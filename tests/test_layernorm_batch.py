"""layernorm_steps, its BatchNorm contrast and its pacing (scenes.layernorm.batch, seed 004 §4.2): the columns'
μ and σ are those of the four rows the table shows, row 1's name says "+ c" exactly when its cells are shifted,
and the captions keep every "symbol = value" on one line.

A play is logged after every animation (what the record says is shown, which texts are on screen, the axis), and
every claim is recomputed from the engine's rows with numpy or torch.
"""
from __future__ import annotations

import re

import numpy as np
import pytest

from engine.norms import layernorm_example, row_shift
from look import LANGS, Look, fmt_num
from scenes import layernorm_steps
from scenes.layernorm.strings import STRINGS
from scenes.parts.cues import cues

torch = pytest.importorskip("torch")


class Logged(layernorm_steps.SCENE):
    """The scene, noting after every play: time, a copy of the record, the texts on screen, the view, the unit."""

    def play(self, *animations, **kwargs):
        super().play(*animations, **kwargs)
        family = [m for top in self.mobjects for m in top.get_family()]
        texts = {getattr(m, "text", None) for m in family} - {None}
        bars = all(any(c.bars is m for m in family) for c in self.cols)
        self.log.append((self.now, dict(self.shown), texts | ({"<bars>"} if bars else set()), self.view,
                         self.cols[0].bars.unit))
        self.unit_pairs.append(tuple(c.bars.unit for c in self.cols))


@pytest.fixture(scope="module")
def logged():
    from studio.build.dryplay import play_dry

    class Scene(Logged):
        log = []
        unit_pairs = []

    out = {}
    for lang in LANGS:
        Scene.log, Scene.unit_pairs = [], []
        scene = play_dry(Scene, layernorm_example(), Look("light", lang))
        out[lang] = (scene, list(Scene.log))
        scene.units_log = list(Scene.unit_pairs)
    return out


def plain(s: str) -> str:
    return s.replace(" ", "").replace("\n", "")


@pytest.mark.parametrize("lang", LANGS)
def test_the_batch_table_shows_the_values_its_statistics_are_taken_over(logged, lang):
    """Whenever the columns' μ and σ are in the record, the table on screen holds the four rows they are computed
    over (at the precision they are given: 4 decimals, as step 1 shows them) and every column's μ and σ (3 decimals), before and after row 1 + c; row 1's name says
    "+ c" exactly when its cells are shifted; the captions quote feature k's μ and σ as the table shows them."""
    from engine.norms import batch_contrast

    scene, log = logged[lang]
    d = layernorm_example()
    b = batch_contrast(d)
    k = 0
    tag = plain(scene.s("shifted", c=fmt_num(b.shift, 2)))
    seen = set()
    for _t, shown, texts, _view, _unit in log:
        if "batch_col_mean" not in shown:
            continue
        shifted = bool(shown.get("row_1_shifted"))
        x = b.shifted if shifted else b.rows
        on = {plain(t) for t in texts}
        np.testing.assert_allclose(shown["batch_rows"], x, atol=1e-12)
        np.testing.assert_allclose(shown["batch_col_mean"], x.mean(axis=0), atol=1e-12)
        np.testing.assert_allclose(shown["batch_col_sigma"], torch.tensor(x).std(dim=0, unbiased=False).numpy(),
                                   atol=1e-12)
        if not all(fmt_num(float(v), 3) in on for v in shown["batch_col_mean"]):
            continue  # mid-swap
        assert all(fmt_num(float(v), 4) in on for v in x.ravel()), shifted
        assert (tag in on) == shifted
        seen.add(shifted)
    assert seen == {False, True}
    cap = layernorm_steps.captions(d, lang)
    assert fmt_num(float(b.rows[:, k].mean()), 3) in cap["cap_batch_col"]
    assert fmt_num(float(b.rows[:, k].std()), 3) in cap["cap_batch_col"]
    assert fmt_num(float(b.shifted[:, k].mean()), 3) in cap["cap_batch_move"]
    assert fmt_num(float(b.shifted[:, k].std()), 3) in cap["cap_batch_move"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_stretch_runs_on_one_fixed_axis(logged, lang):
    """Step 3's division runs on the axis that holds every value (the zoom-out closes step 2, with its own cue,
    the values unchanged, after step 2's centred bars have had their pause): while the bars divide the unit
    stays the fixed view's, so the stretch is seen."""
    scene, log = logged[lang]
    fixed = scene.views["fixed"]
    during = [(view, unit) for _t, shown, _texts, view, unit in log if shown.get("moving_to") == "scale"]
    assert during and all(view == "fixed" and unit == pytest.approx(fixed.unit) for view, unit in during)
    zoom_out = [unit for _t, shown, _texts, _view, unit in log if shown.get("moving_to") == "centre"]
    assert zoom_out[-1] == pytest.approx(fixed.unit) and zoom_out[0] > 3 * fixed.unit  # the zoom-out: a move of its own
    said = [plain(c["text"]) for c in scene.cues_log]
    cap = layernorm_steps.captions(layernorm_example(), lang)
    order = [said.index(plain(cues(cap[key], lang)[0])) for key in ("cap_drop", "cap_zoom", "cap_scale")]
    assert order == sorted(order)
    d = layernorm_example()  # ~7×: the stretch the fixed axis shows
    assert np.abs(d.scaled_class).max() / np.abs(d.centred).max() > 5


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_comes_in_with_the_first_caption_and_unfolds_into_bars(logged, lang):
    """No empty frame under the first caption: the 2 × 6 table (its numbers at the precision they are given, as the bars will show them) is on screen
    by the end of the play that brings it in; the bars stand while the second cue is up."""
    scene, log = logged[lang]
    d = layernorm_example()
    assert scene.cues_log[0]["start_s"] == 0.0
    t, shown, texts, _view, _unit = log[0]
    assert t <= 0.6 and shown["showing"] == "input"
    on = {plain(x) for x in texts}
    assert all(fmt_num(float(v), 4) in on for v in d.out.ravel())  # as given: μ and σ² work out from them by hand
    second = scene.cues_log[1]
    assert any("<bars>" in texts for t, _s, texts, *_ in log if second["start_s"] < t <= second["end_s"])


@pytest.mark.parametrize("lang", LANGS)
def test_no_cue_breaks_a_symbol_from_its_value(lang):
    """Every "symbol = value" (μ = 0.4697, γ = 1, β = 0, σ² = 0.9995 …) of every caption stays on one line of one cue."""
    for d in (layernorm_example(), layernorm_example(out=[[1.0, 2.0, 3.0, 4.0]], eps=0.01)):
        for key, text in layernorm_steps.captions(d, lang).items():
            lines = [line for c in cues(text, lang) for line in c.split("\n")]
            for m in re.finditer(r"[μσγβε]²? = [−\-]?[\d.]+", text):
                assert any(m.group() in line for line in lines), (key, m.group(), lines)


def test_the_centred_bars_keep_their_numbers_apart_on_the_fixed_axis(logged):
    """Zoomed out before step 3, the centred bars' numbers (3 decimals) still never touch: 0.1 apart side by side."""
    scene, _log = logged["en"]
    fixed = scene.views["fixed"]
    for col, state in zip(scene.cols, scene.states["centre"]):
        col.set_scale(fixed.y0, fixed.unit)
        col.use_decimals(state.values)
        col.set_state(state)
        boxes = []
        for label in col.labels:
            pts = np.vstack([slot.points for slot in label.slots if len(slot.points)])  # (k, 3)
            boxes.append((*pts[:, :2].min(axis=0), *pts[:, :2].max(axis=0)))
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                assert a[2] + 0.1 <= b[0] or b[2] + 0.1 <= a[0] or a[3] + 0.03 <= b[1] or b[3] + 0.03 <= a[1], (a, b)


@pytest.mark.parametrize("lang", LANGS)
def test_the_shift_is_shown_while_its_cue_is_read_and_never_through_made_up_statistics(logged, lang):
    """Row 1's + c lands during the cue that says it (the bars are at input + c before the next cue starts); row 1's
    output gives way to its input without passing through in-between rows (no play moves from the output to the
    raw input); the two rows keep one scale throughout, but for row 1 × k, which zooms out on an axis of its own
    while row 0's scale stays the shared one."""
    scene, log = logged[lang]
    d, r = layernorm_example(), row_shift(layernorm_example())
    starts = {plain(c["text"]): c["start_s"] for c in scene.cues_log}
    cap = layernorm_steps.captions(d, lang)
    t_in = starts[plain(cues(cap["cap_shift_in"], lang)[0])]
    t_next = starts[plain(cues(cap["cap_shift_mean"], lang)[0])]
    during = [shown for t, shown, *_ in log if t_in < t <= t_next + 1e-6]
    assert any(s.get("showing") == "why_in" and "moving_to" not in s for s in during)
    assert scene.states["why_in"][1].mean == pytest.approx(d.mean[1] + r.shift, abs=1e-12)
    assert not any(s.get("moving_to") == "why_raw" and s.get("showing") == "affine" for _t, s, *_ in log)
    fixed = scene.views["fixed"].unit
    big = 0
    for (_t, s, *_), (u0, u1) in zip(log, scene.units_log):
        if "row_1_big" in s:  # row 1 × k on its own axis: row 0's never changes
            assert u0 == pytest.approx(fixed)
            big += u1 < 0.9 * fixed
        else:
            assert u0 == pytest.approx(u1)
    assert big  # row 1's own axis did zoom out


@pytest.mark.parametrize("lang", LANGS)
def test_row_0_moves_under_batch_norm_only_while_its_cue_is_read(logged, lang):
    """Row 0's BatchNorm output in the record (and on screen, 2 decimals) is torch's BatchNorm1d of the four rows;
    it changes in the play that shifts row 1 and moves the columns' statistics, and the cue that says it changed
    quotes its old and new values; its LayerNorm output keeps the same numbers throughout."""
    from engine.norms import batch_contrast

    scene, log = logged[lang]
    d = layernorm_example()
    b = batch_contrast(d)
    cap = layernorm_steps.captions(d, lang)
    starts = {plain(c["text"]): c["start_s"] for c in scene.cues_log}
    t_row0 = starts[plain(cues(cap["cap_batch_move"], lang)[0])]  # the output changes with the statistics
    bn = torch.nn.BatchNorm1d(d.n, eps=d.eps, affine=False, dtype=torch.float64).train()
    after = d.gamma * bn(torch.tensor(b.shifted)).detach().numpy()[0] + d.beta
    before = d.gamma * bn(torch.tensor(b.rows)).detach().numpy()[0] + d.beta
    for t, s, texts, *_ in log:
        if "batchnorm_row_0" not in s:
            continue
        np.testing.assert_allclose(s["layernorm_row_0"], d.affine[0], atol=1e-12)
        np.testing.assert_allclose(s["batchnorm_row_0"], after if t > t_row0 + 1e-6 else before, atol=1e-9)
    landed = [texts for t, s, texts, *_ in log if t_row0 + 1.5 < t and "batchnorm_row_0" in s]
    assert landed and all(fmt_num(float(v), 2) in {plain(x) for x in landed[0]} for v in after)
    assert fmt_num(float(after[0]), 2) in cap["cap_batch_row0"]
    assert fmt_num(float(before[0]), 2) in cap["cap_batch_row0"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_batch_norm_output_shown_follows_from_the_statistics_shown(logged, lang):
    """After every play and at every cue's start, row 0's BatchNorm output in the record is (x − μ)/√(σ² + ε)·γ + β
    of the row 0 and the columns' μ and σ the record shows at that moment, and the screen holds those statistics
    (3 decimals) and that output (2 decimals): never a frame with new statistics over an old output. Once row 1 has
    moved, the earlier output stays on screen as a labelled ghost."""
    scene, log = logged[lang]
    d = layernorm_example()
    ghost = plain(scene.s("bn_before"))
    checked = shifted = 0
    times = [c["start_s"] for c in scene.cues_log]
    for t, s, texts, *_ in log:
        if "batchnorm_row_0" not in s:
            continue
        x0, mu, sd = (np.array(s[k], dtype=float) for k in ("batch_rows", "batch_col_mean", "batch_col_sigma"))
        want = (x0[0] - mu) / np.sqrt(sd ** 2 + d.eps) * d.gamma + d.beta
        np.testing.assert_allclose(s["batchnorm_row_0"], want, atol=1e-9)
        on = {plain(x) for x in texts}
        assert all(fmt_num(float(v), 3) in on for v in (*mu, *sd)), t
        assert all(fmt_num(float(v), 2) in on for v in want), t
        checked += 1
        if s.get("row_1_shifted"):
            shifted += 1
            assert ghost in on
            assert all(fmt_num(float(v), 2) in on for v in s["batchnorm_row_0_before"])
    assert checked and shifted
    # the record changes only with a play: what a cue's start shows is what the last play before it left
    spans = [c for c in times if any("batchnorm_row_0" in s for t, s, *_ in log if t <= c + 1e-6)]
    assert len(spans) >= 2  # the output's cue and the shift's cue, at least


@pytest.mark.parametrize("lang", LANGS)
def test_the_division_and_beta_land_while_their_cues_are_read(logged, lang):
    """Step 3's stretch runs under its own cue "Step 3: divide …" (not before it, not left for a later cue), and + β has landed before
    its cue ends: every move to a step starts after the cue that states it and ends before the next cue."""
    scene, log = logged[lang]
    d = layernorm_example()
    cap = layernorm_steps.captions(d, lang)
    starts = sorted(c["start_s"] for c in scene.cues_log)
    by_text = {plain(c["text"]): c["start_s"] for c in scene.cues_log}
    for key, step in (("cap_scale", "scale"), ("cap_beta", "affine")):
        t0 = by_text[plain(cues(cap[key], lang)[0])]
        t1 = next(t for t in starts if t > t0 + 1e-6)
        moving = [t for t, shown, *_ in log if shown.get("moving_to") == step]
        assert moving and all(t0 - 1e-6 <= t <= t1 + 1e-6 for t in moving), (key, t0, t1, moving)
        assert max(moving) < t1 - 0.3, key  # the move's last frame, well before the next cue


def test_a_zero_bar_has_its_number_above_the_line(logged):
    """A bar at 0 (row 1's inputs 2 and 5) has its number above the zero line, where a value that is not negative
    stands, in every step that shows it."""
    scene, _log = logged["en"]
    c = scene.cols[1]
    view = scene.views["zoom"]
    c.set_scale(view.y0, view.unit)
    c.use_decimals(scene.states["input"][1].values)
    c.set_state(scene.states["input"][1])
    zeros = [k for k, v in enumerate(scene.states["input"][1].values) if v == 0]
    assert zeros
    for k in zeros:
        assert c.labels[k].box.get_bottom()[1] > c.bars.y0


@pytest.mark.parametrize("lang", LANGS)
def test_rows_and_columns_are_named_and_the_table_lasts_its_cue(logged, lang):
    """Every bar of both rows carries its feature's name f0 … f5 under it, legible (digits at least 3 % of the frame
    height); row 0's BatchNorm output is in the record until the cue that says it changed has ended."""
    scene, log = logged[lang]
    d = layernorm_example()
    for c, names in zip(scene.cols, scene.fnames):
        assert [n.text for n in names] == [STRINGS[lang]["feature"].format(k=k) for k in range(d.n)]
        assert all(abs(n.get_x() - c.bars.x(k)) < 1e-6 for k, n in enumerate(names))
        digit = scene.txt("0", size=scene.label_size).height
        assert digit >= 0.03 * 8.0  # the frame is 8 units tall
    cap = layernorm_steps.captions(d, lang)
    last = [c for c in scene.cues_log if plain(c["text"]) == plain(cues(cap["cap_batch_row0"], lang)[-1])][0]
    held = [t for t, s, *_ in log if "batchnorm_row_0" in s]  # the table's last values
    from studio.gates.teaching import reading_time

    # still drawn once that cue has been read (the table then gives way to the charts, under the same cue, as
    # its section ends), gone soon after
    assert max(held) >= last["start_s"] + reading_time(last["text"]) - 1e-6
    assert all(t <= last["end_s"] + 1.5 for t in held)


@pytest.mark.parametrize("lang", LANGS)
def test_the_read_out_says_sigma_squared_only_of_the_input_while_the_bars_divide(logged, lang):
    """While the bars divide by √(σ² + ε) the read-out keeps "σ² = " with the input's own variance (0.0192 for row 0),
    never a running value under the input's name; it reads "Var = " with the new variance only with the cue that
    states it ("scale_var", under cap_check), never before."""
    scene, log = logged[lang]
    d = layernorm_example()
    for c, r in zip(scene.cols, range(d.out.shape[0])):
        start, end = scene.states["centre"][r], scene.states["scale"][r]
        for a in (0.0, 0.25, 0.5, 0.75, 0.99):
            s = start.lerp(end, a)
            assert s.name == "variance" and s.var == pytest.approx(float(d.var_biased[r]))
        s = start.lerp(end, 1.0)
        assert s.name == "variance" and s.var == pytest.approx(float(d.var_biased[r]))  # landed: still the input's
        s = scene.states["scale_var"][r]
        assert s.name == "var_now" and s.var == pytest.approx(float(d.check_var_class[r]))
    check = next(c["start_s"] for c in scene.cues_log if "Var" in c["text"] and c["section"] == "scale")
    var_word = plain(scene.s("var_now"))
    assert not any(var_word in {plain(x) for x in texts} for t, _s, texts, *_ in log if t < check)
    during = [texts for _t, shown, texts, *_ in log if shown.get("moving_to") == "scale"]
    sigma = plain(scene.s("variance"))
    assert during and all(sigma in {plain(x) for x in texts} for texts in during)



@pytest.mark.parametrize("lang", LANGS)
def test_a_large_row_is_shown_shrunk_to_the_same_bars(logged, lang):
    """"Discards each row's own offset and scale": the scale half shown too. While its cue is read, the record holds
    σ of row 1 × 10 (ten times row 1's σ, the tag on screen at 3 decimals), and LayerNorm of row 1 × 10 gives the
    bars on screen (torch, 2 decimals, γ and β as shown)."""
    from scenes.layernorm.strings import BIG_FACTOR

    scene, log = logged[lang]
    d = layernorm_example()
    said = [(t, s, texts) for t, s, texts, *_ in log if "row_1_big_sigma" in s]
    assert said
    sigma = BIG_FACTOR * float(np.std(d.out[1]))
    tag = plain(scene.s("times", k=BIG_FACTOR, s=fmt_num(sigma, 3)))
    for _t, s, texts in said:
        assert s["row_1_big_sigma"] == pytest.approx(sigma, abs=1e-12)
        assert tag in {plain(x) for x in texts}
    x = torch.tensor(BIG_FACTOR * d.out[1:2])
    big = torch.nn.functional.layer_norm(x, (d.n,), weight=torch.tensor(d.gamma), bias=torch.tensor(d.beta),
                                         eps=d.eps).numpy()[0]
    assert [fmt_num(float(v), 2) for v in big] == [fmt_num(float(v), 2) for v in d.affine[1]]
    assert fmt_num(sigma, 3) in layernorm_steps.captions(d, lang)["cap_shift_big"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_large_row_line_stays_while_its_cue_is_up(logged, lang):
    """The × 10 line and its values (the factor, σ) are on screen and in the record until the cue stating them ends
    (the sync rule: a value a cue states stays while the cue is up), and to the end of its caption (in English a
    last cue follows: "and LayerNorm gives it these same bars"); they leave as the next caption comes in."""
    from scenes.layernorm.strings import BIG_FACTOR

    scene, log = logged[lang]
    d = layernorm_example()
    sigma = BIG_FACTOR * float(np.std(d.out[1]))
    tag = plain(scene.s("times", k=BIG_FACTOR, s=fmt_num(sigma, 3)))
    cue = next(c for c in scene.cues_log if fmt_num(sigma, 3) in c["text"])
    # (start_s is rounded to 6 decimals: the play that ends as the cue comes in is not "during" it)
    up = [(s, texts) for t, s, texts, *_ in log if cue["start_s"] + 1e-6 < t <= cue["end_s"] + 1e-6]
    assert up
    for s, texts in up:
        assert s.get("row_1_big_sigma") == pytest.approx(sigma, abs=1e-12) and s.get("row_1_big_factor") == BIG_FACTOR
        assert tag in {plain(x) for x in texts}
    end = next(c["end_s"] for c in scene.captions_log if c["start_s"] <= cue["start_s"] < c["end_s"])
    assert all("row_1_big_sigma" in s for t, s, *_ in log if cue["start_s"] + 1e-6 < t <= end + 1e-6)
    after = [s for t, s, *_ in log if t > end + 1e-6]
    assert after and not any("row_1_big_sigma" in s or "row_1_big_factor" in s for s in after)


def test_the_final_formula_is_legible_and_clear_of_the_feature_names(logged):
    """The closing formula: (x − μ)/√(σ² + ε) on the line at full size, its x (a lowercase letter, the shortest
    glyph but the superscript) at least 3 % of the frame height (no script-sized fraction), 0.15 or more under the
    feature names above it."""
    scene, _log = logged["en"]
    formula = [m for m in scene.mobjects if type(m).__name__ == "MathTex"]
    assert formula
    f = formula[-1]
    x = f[4][1]  # "(" then "x"
    assert x.height >= 0.03 * 8.0 and x.height < f[4][0].height
    lowest_name = min(n.get_bottom()[1] for n in scene.fnames)
    assert lowest_name - f.get_top()[1] >= 0.15
