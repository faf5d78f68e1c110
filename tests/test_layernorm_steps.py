"""layernorm_steps: the whole computation against torch.nn.LayerNorm with the same weight (γ) and bias
(β), every claim its captions make recomputed here, and its timing (the aside short, the ending a
short hold).

The captions are formatted exactly as the scene shows them (`captions(record, lang)`); each number
in them is recomputed from the rows with torch or numpy, never read back from the caption's source.
"""
from __future__ import annotations

import numpy as np
import pytest

from engine.norms import BOOK_OUT, layernorm_example, row_shift
from look import LANGS, Look, fmt_num
from scenes import layernorm_steps
from scenes.layernorm.strings import STRINGS
from scenes.parts.cues import cues, reading_time

torch = pytest.importorskip("torch")

CASES = {"defaults": {}, "one_row": {"out": [[1.0, 2.0, 3.0, 4.0]], "eps": 0.01},
         "eps_0": {"out": [[1.0, 3.0], [-2.0, 0.5]], "eps": 0.0},
         "eight": {"out": [[0.5, -1.25, 3.0, 0.0, 2.5, -0.75, 1.0, 4.0]], "eps": 1e-5}}


def torch_layernorm(x, gamma, beta, eps):
    """nn.LayerNorm(n, eps) with weight γ and bias β, in float64, applied to the rows x."""
    x = torch.tensor(np.asarray(x, dtype=float))  # (rows, n)
    ln = torch.nn.LayerNorm(x.shape[-1], eps=eps, dtype=torch.float64)
    with torch.no_grad():
        ln.weight.copy_(torch.tensor(gamma))
        ln.bias.copy_(torch.tensor(beta))
        return ln(x).numpy()  # (rows, n)


@pytest.mark.parametrize("case", CASES)
def test_every_step_matches_torch_layernorm(case):
    d = layernorm_example(**CASES[case])
    x = torch.tensor(d.out)  # (rows, n)
    # steps 1–3: the statistics, the centring and the division, as nn.LayerNorm computes them
    mean = x.mean(-1, keepdim=True)  # (rows, 1)
    var = x.var(-1, keepdim=True, unbiased=False)  # (rows, 1)
    np.testing.assert_allclose(d.mean, mean[:, 0].numpy(), atol=1e-12)
    np.testing.assert_allclose(d.var_biased, var[:, 0].numpy(), atol=1e-12)
    np.testing.assert_allclose(d.centred, (x - mean).numpy(), atol=1e-12)
    plain = torch.nn.LayerNorm(d.n, eps=d.eps, elementwise_affine=False, dtype=torch.float64)
    np.testing.assert_allclose(d.scaled_class, plain(x).numpy(), atol=1e-12)
    # step 4 and the whole: nn.LayerNorm with weight γ and bias β gives the bars the scene ends on
    ref = torch_layernorm(d.out, d.gamma, d.beta, d.eps)
    np.testing.assert_allclose(d.affine, ref, atol=1e-12)
    np.testing.assert_allclose(d.scaled_gamma + d.beta, ref, atol=1e-12)
    t = torch.tensor(ref)
    np.testing.assert_allclose(d.mean_affine, t.mean(-1).numpy(), atol=1e-12)
    np.testing.assert_allclose(d.var_affine, t.var(-1, unbiased=False).numpy(), atol=1e-12)


def test_gamma_and_beta_are_not_the_identity():
    """The scene's γ and β are not torch's initial ones and zeros: they change every feature differently,
    and the output's mean and variance leave 0 and 1 in every row."""
    d = layernorm_example()
    init = torch.nn.LayerNorm(d.n)
    assert not np.allclose(d.gamma, init.weight.detach().numpy()) and not np.allclose(d.beta, init.bias.detach().numpy())
    assert len(set(d.gamma)) > 2 and len(set(d.beta)) > 2  # one value per feature, not one for all
    ref = torch_layernorm(BOOK_OUT, d.gamma, d.beta, d.eps)
    for r in range(ref.shape[0]):
        assert fmt_num(ref[r].mean(), 4) != fmt_num(0.0, 4) and fmt_num(ref[r].var(), 4) != fmt_num(1.0, 4)
    assert ref[0].var() < 1 < ref[1].var()  # γ and β can shrink the spread as well as widen it


@pytest.mark.parametrize("lang", LANGS)
def test_caption_claims(lang):
    d = layernorm_example()
    cap = layernorm_steps.captions(d, lang)
    x = BOOK_OUT[0]
    # input: 2 tokens (rows) × 6 features
    assert "2" in cap["cap_input"] and "6" in cap["cap_input"] and BOOK_OUT.shape == (2, 6)
    # centre: the mean becomes 0, the variance does not change
    c = BOOK_OUT - BOOK_OUT.mean(axis=1, keepdims=True)
    np.testing.assert_allclose(c.mean(axis=1), 0, atol=1e-15)
    np.testing.assert_allclose(c.var(axis=1), BOOK_OUT.var(axis=1), rtol=1e-12)
    # "within a row, every bar drops by that row's μ": one drop per row, its μ, and the rows' drops differ
    assert "μ" in cap["cap_drop"]
    assert cap["cap_drop"].startswith({"en": "Within a row", "zh-Hant": "同一列", "zh-Hans": "同一行"}[lang])
    drop = BOOK_OUT - d.centred
    np.testing.assert_allclose(drop, np.repeat(d.mean[:, None], BOOK_OUT.shape[1], axis=1), atol=1e-12)
    assert abs(d.mean[0] - d.mean[1]) > 0.05  # not one shift for both rows (0.1324 and 0.2170)
    # scale: "small values stretched": σ < 1 in every row, so ÷ √(σ² + ε) makes the bars longer; the divisor
    # drawn under each row is √(σ² + ε), what nn.LayerNorm divides the centred row by
    assert cap["cap_band"] == STRINGS[lang]["cap_band"] and np.all(BOOK_OUT.std(axis=1) < 1)
    div = np.sqrt(BOOK_OUT.var(axis=1) + d.eps)  # (rows,)
    np.testing.assert_allclose(d.centred / div[:, None], d.scaled_class, atol=1e-12)
    # ε keeps the division safe when σ² ≈ 0: a constant row gives finite zeros with ε, 0/0 without
    flat = torch.ones(1, 6)
    assert torch.all(torch.nn.functional.layer_norm(flat, (6,), eps=d.eps) == 0) and d.eps > 0
    with np.errstate(invalid="ignore"):
        assert np.all(np.isnan((flat - flat.mean()).numpy() / 0.0))
    assert cap["cap_eps"] == STRINGS[lang]["cap_eps"]
    # check: mean 0.0000 and variance just under 1, because of ε
    y = (x - x.mean()) / np.sqrt(x.var() + d.eps)
    assert fmt_num(y.mean(), 4) in cap["cap_check"] and fmt_num(y.var(), 4) in cap["cap_check"]
    assert y.var() < 1 and fmt_num(y.var(), 4) != fmt_num(1.0, 4)
    # the gap to 1 is ε/(σ² + ε) (≈ 50 ε here), not ε: the caption says "because of ε", never "by ε"
    gap = 1.0 - y.var()
    assert gap == pytest.approx(d.eps / (x.var() + d.eps), rel=1e-9) and gap > 10 * d.eps
    assert any(w in cap["cap_check"] for w in ("just under 1 because of ε", "因 ε 而略小於 1", "因 ε 而略小于 1"))
    assert "by ε" not in cap["cap_check"] and fmt_num(gap, 4) not in cap["cap_check"]
    assert "under, by ε" not in cap["cap_promise"] and "因為 ε 而" not in cap["cap_promise"]
    # γ and β are illustrative values, and the caption says so
    assert any(w in cap["cap_learned"] for w in ("illustration", "說明", "说明"))
    # result: row 0's mean and variance after γ and β, as torch's LayerNorm gives them; not 0 and 1
    out = torch_layernorm(BOOK_OUT, d.gamma, d.beta, d.eps)[0]
    m, v = fmt_num(out.mean(), 4), fmt_num(out.var(), 4)
    assert m in cap["cap_result"] and v in cap["cap_result"]
    assert m != "0.0000" and v != "1.0000" and cap["cap_result"].count("0") >= 2
    # γ and β act per feature; a row's new mean and variance follow from them and its normalised values:
    # both rows share γ and β, yet end with different means and variances
    both = torch_layernorm(BOOK_OUT, d.gamma, d.beta, d.eps)  # (2, 6)
    assert fmt_num(both[0].mean(), 4) != fmt_num(both[1].mean(), 4)
    assert fmt_num(both[0].var(), 4) != fmt_num(both[1].var(), 4)
    np.testing.assert_allclose(both.mean(axis=1), (d.scaled_class * d.gamma + d.beta).mean(axis=1), atol=1e-12)
    # had every γ been g and every β been b, every row would end at mean b and variance g² · σ̂²
    g, b = 1.5, 0.25
    same = torch_layernorm(BOOK_OUT, np.full(6, g), np.full(6, b), d.eps)
    np.testing.assert_allclose(same.mean(axis=1), b, atol=1e-12)
    np.testing.assert_allclose(same.var(axis=1), g**2 * d.check_var_class, atol=1e-12)
    # the squares: row 0's squared distances from μ add up to n·σ², so σ² is their mean (as the caption says)
    t0 = torch.tensor(BOOK_OUT[0])
    total = float(((t0 - t0.mean()) ** 2).sum())
    var0 = float(t0.var(unbiased=False))
    assert total == pytest.approx(6 * var0, rel=1e-12)
    assert fmt_num(total, 4) in cap["cap_sum"] and "6σ²" in cap["cap_sum"]
    assert "σ² = " + fmt_num(var0, 4) in cap["cap_sum_var"]  # the symbol the tag on screen shows with it
    assert fmt_num(total / 6, 4) == fmt_num(var0, 4)
    # the guarantee, in every row: before γ and β, mean 0 and variance just under 1 (because of ε)
    plain = torch.nn.functional.layer_norm(torch.tensor(BOOK_OUT), (6,), eps=d.eps)
    assert torch.all(plain.mean(-1).abs() < 1e-12)
    v = plain.var(-1, unbiased=False)
    assert torch.all((v < 1) & (v > 0.999)) and all(fmt_num(float(x), 4) != "1.0000" for x in v)
    assert cap["cap_promise"] == STRINGS[lang]["cap_promise"] and "ε" in cap["cap_promise"]
    # "just under 1" holds only for rows whose variance is much larger than ε (here ≥ 100 ε), and the caption
    # says so: a row with σ² next to ε comes out with a variance near 0, not near 1
    assert np.all(BOOK_OUT.var(axis=1) >= 100 * d.eps)
    assert any(w in cap["cap_promise"] for w in ("σ² ≫ ε", "σ² 遠大於 ε", "σ² 远大于 ε"))
    flat = torch.nn.functional.layer_norm(torch.tensor([[0.0, 1e-3, 0.0, 1e-3]], dtype=torch.float64), (4,), eps=d.eps)
    assert float(flat.var(unbiased=False)) < 0.1
    assert "γ" in cap["cap_promise"] and "β" in cap["cap_promise"]
    # the per-token check: row 1 shifted by c, its mean rises by c, its variance stays; normalised again (torch)
    # it gives the same output, and row 0's input and output never change
    r = row_shift(d)
    t = torch.tensor(BOOK_OUT).clone()
    t[1] += r.shift
    again = torch_layernorm(t.numpy(), d.gamma, d.beta, d.eps)
    np.testing.assert_allclose(again, torch_layernorm(BOOK_OUT, d.gamma, d.beta, d.eps), atol=1e-9)
    np.testing.assert_array_equal(r.out[0], BOOK_OUT[0])
    np.testing.assert_array_equal(r.affine[0], d.affine[0])
    assert r.max_change.max() < 1e-12 and r.shift > 0
    assert fmt_num(r.shift, 2) in cap["cap_shift_in"] and fmt_num(r.shift, 2) in cap["cap_shift_same"]
    assert fmt_num(float(t[1].mean()), 4) in cap["cap_shift_mean"]
    assert fmt_num(float(t[1].var(unbiased=False)), 4) == fmt_num(BOOK_OUT[1].var(), 4)
    # "still 0.0332, as before the shift": the shifted row's variance is the unshifted row's, at 4 decimals
    assert fmt_num(BOOK_OUT[1].var(), 4) in cap["cap_shift_var"] and fmt_num(r.shift, 2) in cap["cap_shift_var"]
    assert fmt_num(float(t[1].var(unbiased=False)), 4) == fmt_num(d.var_biased[1], 4)
    # subtracting μ absorbs the shift: the same centred bars, then the same scaled values (the engine's steps)
    np.testing.assert_allclose(r.centred[1], d.centred[1], atol=1e-12)
    np.testing.assert_allclose(r.scaled[1], d.scaled_class[1], atol=1e-12)
    assert "1" in cap["cap_shift_out"] and "0" in cap["cap_shift_out"]
    # BatchNorm (training mode) instead normalises each feature over the rows: shifting row 1 moves row 0's output
    bn = torch.nn.BatchNorm1d(d.n, eps=d.eps, affine=False, dtype=torch.float64).train()
    moved = (bn(t) - bn(torch.tensor(BOOK_OUT))).detach().numpy()  # (rows, n)
    assert np.abs(moved[0]).max() > 0.1 and "BatchNorm" in cap["cap_batch"]
    assert "steady" not in cap["cap_why"] and "穩定" not in cap["cap_why"] and "稳定" not in cap["cap_why"]
    # conclusion: γ starts at 1 and β at 0 (nn.LayerNorm's initial weight and bias)
    init = torch.nn.LayerNorm(6)
    assert torch.all(init.weight == 1) and torch.all(init.bias == 0)
    assert "γ = 1" in cap["cap_learned"] and "β = 0" in cap["cap_learned"]
    # the aside says what nn.LayerNorm uses: ÷ n (unbiased=False) with ε
    assert "nn.LayerNorm" in cap["cap_aside"] and "ε" in cap["cap_aside"] and "n" in cap["cap_aside"]
    assert cap["cap_aside"].startswith(STRINGS[lang]["aside"])
    assert torch.nn.LayerNorm(6).eps > 0
    t = torch.tensor(BOOK_OUT)
    np.testing.assert_allclose(torch.nn.functional.layer_norm(t, (6,), eps=0.0).numpy(),
                               ((t - t.mean(-1, keepdim=True)) / t.std(-1, unbiased=False, keepdim=True)).numpy(),
                               atol=1e-12)


def test_batchnorm_groups_a_feature_across_the_rows():
    """The contrast the scene draws: BatchNorm (training mode) normalises each feature over the batch's rows,
    so every column of its output has mean 0, while its rows do not; LayerNorm's rows do."""
    d = layernorm_example()
    x = torch.tensor(d.out)  # (tokens, features)
    bn = torch.nn.BatchNorm1d(d.n, eps=d.eps, affine=False, dtype=torch.float64).train()
    y = bn(x).detach().numpy()  # (tokens, features)
    np.testing.assert_allclose(y.mean(axis=0), 0, atol=1e-12)
    assert np.abs(y.mean(axis=1)).max() > 1e-3  # its rows are not centred
    np.testing.assert_allclose(d.scaled_class.mean(axis=1), 0, atol=1e-12)
    assert np.abs(d.scaled_class.mean(axis=0)).max() > 0.1  # LayerNorm's columns are not


def test_caption_variants_follow_the_numbers():
    eps0 = layernorm_steps.captions(layernorm_example(out=[[1.0, 3.0], [-2.0, 0.5]], eps=0.0), "en")
    assert "exactly 1, since ε = 0" in eps0["cap_check"]
    assert "variance 1." in eps0["cap_promise"] and "just under" not in eps0["cap_promise"]
    big = layernorm_steps.captions(layernorm_example(out=[[12.0, 40.0, -7.5, 99.0]], eps=1.0), "en")
    assert "shrunk" in big["cap_band"] and "The row" in big["cap_result"]
    tiny = layernorm_example(out=[[0.001, 0.004, 0.002]], eps=1.0)  # ε swamps σ²: the band stays small
    assert "well under 1" in layernorm_steps.captions(tiny, "en")["cap_check"] and tiny.check_var_class[0] < 0.9
    assert "only where ε is small" in layernorm_steps.captions(tiny, "en")["cap_promise"]


@pytest.fixture(scope="module")
def plays():
    from studio.build.dryplay import play_dry

    return {lang: play_dry(layernorm_steps.SCENE, layernorm_example(), Look("light", lang)) for lang in LANGS}


@pytest.mark.parametrize("lang", LANGS)
def test_the_aside_is_short_and_the_ending_states_the_conclusion(plays, lang):
    scene = plays[lang]
    names = [s["name"] for s in scene.sections_log]
    assert names == ["input", "stats", "aside", "centre", "scale", "affine", "why", "conclusion"]
    starts = [s["start_s"] for s in scene.sections_log] + [scene.now]
    aside = starts[names.index("aside") + 1] - starts[names.index("aside")]
    assert aside <= 0.10 * scene.now, f"the aside takes {aside:.1f} s of {scene.now:.1f} s"
    # the last section's caption is the conclusion, and once it is read the frame is held at most 4 s
    last = [c for c in scene.cues_log if c["section"] == "conclusion"]
    said = "".join(c["text"] for c in last).replace("\n", "").replace(" ", "")
    assert said == layernorm_steps.captions(layernorm_example(), lang)["cap_conclusion"].replace(" ", "")
    assert scene.now - (last[-1]["start_s"] + reading_time(last[-1]["text"])) <= 4.0


# -- the picture: one axis, readable numbers that never touch, no misleading 0.00 -------------------------
def glyph_box(label):
    """The box of a number's visible glyphs (its slots' outlines), (left, bottom, right, top)."""
    pts = np.vstack([slot.points for slot in label.slots if len(slot.points)])  # (k, 3)
    return (*pts[:, :2].min(axis=0), *pts[:, :2].max(axis=0))


@pytest.mark.parametrize("lang", LANGS)
def test_every_step_on_its_view_with_numbers_apart_and_honest(plays, lang):
    """Each step's state is put back on the played columns, on its view: steps 1–2 zoomed to their data, then
    one fixed axis that ends on ticks past every value shown (the 2.49 of row 1 included); two numbers at the
    tips are never closer than a gap, equal numbers side by side stand at one height, no value that is not 0
    reads as 0.00 (the centred −0.0037 of row 1), and every number is at least 22 px tall at 720p (3 % of the
    frame)."""
    from scenes.layernorm_steps import CONTENT

    scene = plays[lang]
    d = layernorm_example()
    assert len({(c.bars.unit, c.bars.y0) for c in scene.cols}) == 1  # one axis for both rows
    zoom, fixed = scene.views["zoom"], scene.views["fixed"]
    assert (scene.cols[0].bars.unit, scene.cols[0].bars.y0) == (fixed.unit, fixed.y0) and scene.view == "fixed"  # zoomed back out
    assert zoom.unit >= 3 * fixed.unit  # steps 1–2 drawn at least 3 times larger
    assert (fixed.hi - fixed.lo) * fixed.unit >= 0.55 * CONTENT.height
    shown_all = np.concatenate([d.out, d.centred, d.scaled_class, d.scaled_gamma, d.affine])
    assert fixed.lo <= shown_all.min() and fixed.hi >= shown_all.max() >= 2.49
    assert zoom.lo <= min(d.out.min(), d.centred.min()) and zoom.hi >= d.out.max()
    for v in (zoom, fixed):  # the axis ends on ticks
        assert abs(v.hi / v.step - round(v.hi / v.step)) < 1e-9 and abs(v.lo / v.step - round(v.lo / v.step)) < 1e-9
    min_digit = 22 / 720 * 8  # scene units: the frame is 8 units tall
    for c in scene.cols:
        assert all(label.digit_height >= min_digit for label in c.labels)
        assert c.mean_num.digit_height >= min_digit and c.var_num.digit_height >= min_digit
    for axis in scene.axes.values():
        assert all(t.height >= min_digit for t in axis.ticks[0])  # the axis's values (digits, no descenders)
    assert all(g[0][1].height >= min_digit for g in scene.divisors)  # ÷ 0.1387 under each row
    assert len({g[0][1].get_color().to_hex() for g in scene.divisors}) == 1  # one colour for the divisor in every row
    seen_small = seen_equal = False
    for key, states in scene.states.items():
        view = zoom if key in ("input", "stats", "centre") else fixed
        boxes = []
        for c, state in zip(scene.cols, states):
            c.set_scale(view.y0, view.unit)
            c.use_decimals(state.values)
            c.set_state(state)
            for k, (label, v) in enumerate(zip(c.labels, state.values)):
                shown = float(label.shown.replace("\u2212", "-"))
                assert abs(shown - v) <= 0.5 * 10.0 ** -label.decimals + 1e-12
                if v != 0:
                    assert shown != 0, (key, v, label.shown)
                seen_small |= v != 0 and abs(v) < 0.005
                boxes.append(glyph_box(label) + (label.shown,))
                if k and label.shown == c.labels[k - 1].shown and v < 0:  # equal value, equal height
                    seen_equal = True
                    assert label.box.get_top()[1] == pytest.approx(c.labels[k - 1].box.get_top()[1], abs=1e-9)
        for i in range(len(boxes)):
            for j in range(i + 1, len(boxes)):
                a, b = boxes[i], boxes[j]
                gap = 0.1  # equal neighbours too: "−0.95 −0.95", never "−0.95−0.95"
                apart = a[2] + gap <= b[0] or b[2] + gap <= a[0] or a[3] + 0.03 <= b[1] or b[3] + 0.03 <= a[1]
                assert apart, (key, i, j, a, b)
    assert seen_small and abs(d.centred[1, 0]) < 0.005  # the case the rule is for is in the scene
    assert seen_equal  # the twin −0.13, −0.95 of row 0


def test_the_squares_are_the_squared_distances_and_add_up_to_n_variance(plays):
    """The squares drawn for the variance: side ∝ |x − μ| (one factor for both rows), area ∝ (x − μ)²,
    large enough to see, and their areas add up to n·σ² in the same units."""
    from scenes.layernorm.marks import squares

    scene = plays["en"]
    d = layernorm_example()
    side_unit = 0.85 / float(np.max(np.abs(d.centred)))
    for r, c in enumerate(scene.cols):
        c.set_state(scene.states["stats"][r])
        sq = squares(scene, c, side_unit, top=0.0)
        areas = np.array([m.width * m.height for m in sq]) / side_unit**2
        big = np.abs(d.centred[r]) * side_unit > 0.05
        np.testing.assert_allclose(areas[big], d.sq_dev[r][big], rtol=1e-6)
        assert areas.sum() == pytest.approx(d.n * d.var_biased[r], abs=1e-4)
        assert max(m.width for m in sq) >= 0.5  # the largest is at least 45 px wide at 720p
    np.testing.assert_allclose(d.sum_sq_dev, d.n * d.var_biased, rtol=1e-12)


def test_one_number_format_per_step():
    """Every tip number of a step has the same decimals: 2 in general, 3 in the centring step, where row 1's
    −0.0037 would otherwise read as 0.00 (it is shown as −0.004, the other numbers with 3 decimals too)."""
    from scenes.layernorm.columns import value_decimals

    d = layernorm_example()
    assert value_decimals(*d.out) == 2 and value_decimals(*d.scaled_class) == 2 and value_decimals(*d.affine) == 2
    assert value_decimals(*d.centred) == 3 and fmt_num(d.centred[1, 0], 3) == "\u22120.004"


@pytest.mark.parametrize("lang", LANGS)
def test_shifted_row_goes_through_the_steps(plays, lang):
    """The per-token check shows row 1's input + 0.50 going through the steps: its mean rises by 0.50, subtracting
    it gives the same centred bars, then the same scaled values and output (engine.norms.row_shift); row 0 never
    moves."""
    scene, d = plays[lang], layernorm_example()
    r = row_shift(d)
    st = scene.states
    assert st["why_in"][1].mean == pytest.approx(d.mean[1] + r.shift, abs=1e-12)
    np.testing.assert_allclose(st["why_centre"][1].values, d.centred[1], atol=1e-12)
    np.testing.assert_allclose(st["why_scale"][1].values, d.scaled_class[1], atol=1e-12)
    np.testing.assert_allclose(st["why_out"][1].values, d.affine[1], atol=1e-12)
    for key in ("why_raw", "why_in", "why_centre", "why_scale", "why_out"):
        np.testing.assert_array_equal(st[key][0].values, d.affine[0])
    assert scene.cap["cap_shift_out"] == layernorm_steps.captions(d, lang)["cap_shift_out"]


def test_the_check_draws_both_rows_on_one_scale(plays):
    """The per-token check draws both rows on one scale (scenes.layernorm.check): zoomed in from the shared axis,
    holding every value and band of the check's steps in both rows, its one axis left of row 0 and its faint lines
    across both rows (equal heights are equal values)."""
    scene = plays["en"]
    check, fixed = scene.views["check"], scene.views["fixed"]
    assert check.unit > 1.5 * fixed.unit
    for key in ("why_raw", "why_in", "why_centre"):
        for s in scene.states[key]:
            assert check.lo <= min(s.values.min(), s.mean - s.half) and max(s.values.max(), s.mean + s.half) <= check.hi
    c0 = scene.cols[0].bars
    axis = scene.axes["check"]
    assert axis.ticks.get_right()[0] < c0.x_left
    assert all(len(lines) in (0, 2) for _v, _label, _tick, lines in axis.items)


def test_step_3_draws_the_unit_scale_and_the_variance_it_gives(plays):
    """After the division: dashed lines at ±1 in every row (the scale the band opens to), and under each row
    σ²/(σ² + ε) with the row's variance after step 3 (the read-out's number, from the record)."""
    scene, d = plays["en"], layernorm_example()
    fixed = scene.views["fixed"]
    for r, (units, ratio) in enumerate(zip(scene.units, scene.ratios)):
        ys = sorted(line.get_center()[1] for line in units)
        assert ys == pytest.approx([fixed.y0 - fixed.unit, fixed.y0 + fixed.unit])
        assert ratio[1].text == fmt_num(d.check_var_class[r], 4) and 0.999 < d.check_var_class[r] < 1


def test_a_square_opens_out_of_its_distance():
    """Each square of step 1 starts as a thin strip exactly where its distance xᵢ − μ is drawn, in its own style."""
    from manim import Line, Rectangle

    from scenes.layernorm.marks import TINY, strip

    seg = Line([1.0, 0.2, 0], [1.0, 0.9, 0])
    sq = Rectangle(width=0.5, height=0.5, fill_color="#aa6600", fill_opacity=0.85, stroke_width=2)
    s = strip(seg, sq)
    assert s.height == pytest.approx(0.7) and s.width == pytest.approx(TINY)
    np.testing.assert_allclose(s.get_center(), seg.get_center())


@pytest.mark.parametrize("lang", LANGS)
def test_gamma_and_beta_are_shared_by_every_token(plays, lang):
    """γ and β are one value per feature (nn.LayerNorm's weight and bias have the shape of one row), the same for
    every token: the rows under both columns show the same numbers, and the cue says so."""
    scene, d = plays[lang], layernorm_example()
    assert d.gamma.shape == d.beta.shape == (d.n,)
    ln = torch.nn.LayerNorm(d.n)
    assert tuple(ln.weight.shape) == tuple(ln.bias.shape) == (d.n,)
    for key in ("gamma", "beta"):
        shown = [[m.shown for m in p[key][1]] for p in scene.params]
        assert shown[0] == shown[1] == [f"{v:.2f}".replace("-", "\u2212") for v in getattr(d, key)]
    cap = scene.cap["cap_shared"]
    assert "γ" in cap and "β" in cap and cap == layernorm_steps.captions(d, lang)["cap_shared"]


@pytest.mark.parametrize("lang", LANGS)
def test_batchnorm_column_is_named_before_its_statistics_and_moves_with_the_shift(plays, lang):
    """The BatchNorm contrast (scenes.layernorm.batch): the table and LayerNorm's row first, then BatchNorm's column,
    the batch of four, each column's μ and σ, row 0's two outputs, the + c, and what it changed, in that order."""
    from engine.norms import batch_contrast

    scene, d = plays[lang], layernorm_example()
    cap = layernorm_steps.captions(d, lang)
    said = [c["text"].replace("\n", "").replace(" ", "") for c in scene.cues_log]
    order = []
    for key in ("cap_batch_table", "cap_batch", "cap_batch_more", "cap_batch_col", "cap_batch_out", "cap_batch_move",
                "cap_batch_row0"):
        first = cues(cap[key], lang)[0].replace("\n", "").replace(" ", "")
        order.append(said.index(first))
    assert order == sorted(order)
    b = batch_contrast(d)
    assert b.col_mean_after[0] - b.col_mean[0] == pytest.approx(b.shift / b.rows.shape[0])


def test_tip_numbers_clear_the_unit_lines_and_the_row_ends(plays):
    """While the dashed ±1 are drawn no number sits on them; no number reaches past its row's ends (the band's
    edges)."""
    from scenes.layernorm.columns import EDGE

    scene, d = plays["en"], layernorm_example()
    fixed = scene.views["fixed"]
    try:
        for col, state in zip(scene.cols, scene.states["scale"]):  # the dashed ±1 of step 3
            col.avoid, col.avoid_a = (-1.0, 1.0), 1.0
            col.set_scale(fixed.y0, fixed.unit)
            col.use_decimals(state.values)
            col.set_state(state)
            for label in col.labels:
                _, bottom, _, top = glyph_box(label)
                assert all(not (bottom < col.bars.level(u) < top) for u in (-1.0, 1.0)), label.shown
        for key in ("centre", "scale"):  # the −0.004 and −0.02 at row 1's left end
            for col, state in zip(scene.cols, scene.states[key]):
                col.use_decimals(state.values)
                col.set_state(state)
                for label in col.labels:
                    left, _, right, _ = glyph_box(label)
                    assert left >= col.bars.x_left + EDGE - 0.02 and right <= col.bars.x_left + col.bars.span
    finally:
        for col in scene.cols:
            col.clear, col.avoid, col.avoid_a = None, (), 0.0


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_batchnorm_key_keeps_its_contrast(theme):
    """The outlines' key is drawn on the paper's colour: its violet keeps 4.5:1 whatever band lies under it."""
    from look.colour import contrast
    from look.palette import PALETTES
    from scenes.layernorm.batch import batch_colour

    pal = PALETTES[theme]
    assert contrast(batch_colour(pal), pal.background) >= 4.5


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("lang", LANGS)
def test_sigma_squared_is_only_ever_the_input_variance(case, lang):
    """σ² names the input's variance in every caption: "σ² = v" states some row's input variance (before or after
    the + c, which leaves it), never the normalised row's or the output's (those are "Var")."""
    import re
    d = layernorm_example(**CASES[case])
    inputs = {fmt_num(float(v), 4) for v in d.var_biased}
    if d.out.shape[0] > 1:
        inputs |= {fmt_num(float(v), 4) for v in row_shift(d).var}
    cap = layernorm_steps.captions(d, lang)
    for text in cap.values():
        for v in re.findall(r"σ² = (−?[0-9.]+[0-9])", text):
            assert v in inputs, (text, inputs)
    assert "Var = " + fmt_num(float(d.check_var_class[0]), 4) in cap["cap_check"]
    assert "Var = " + fmt_num(float(d.var_affine[0]), 4) in cap["cap_result"]
    # the read-out's word follows the same rule: σ² before step 3, then Var for the bars on screen
    from engine.layernorm_extra import row_scaled
    from scenes.layernorm.states import step_states
    from scenes.layernorm.strings import BIG_FACTOR
    assert STRINGS[lang]["variance"].startswith("σ²") and STRINGS[lang]["var_now"].startswith("Var")
    states, _ = step_states(d)
    for step, rows in states.items():
        for r, st in enumerate(rows):
            if st.name == "variance":  # σ²: the input's variance (its centred row has the same)
                # (or row 1 × 10's, the input of the scale check: engine.layernorm_extra.row_scaled)
                assert any(np.isclose(st.var, v) for v in (*d.var_biased, *(row_shift(d).var if d.out.shape[0] > 1
                                                                              else ()),
                                                            *((row_scaled(d, 1, BIG_FACTOR).var,)
                                                              if d.out.shape[0] > 1 else ()))), (step, r)
            else:
                assert st.name == "var_now"  # Var: of the bars from step 3 on, never the input's σ²
                after = {"scale": d.check_var_class, "gamma": d.var_scaled_gamma, "affine": d.var_affine}
                if step in after:
                    assert st.var == pytest.approx(float(after[step][r]))


@pytest.mark.parametrize("lang", LANGS)
def test_batchnorm_claims_name_training_mode_and_the_ending_says_why(lang):
    """BatchNorm couples the rows only with batch statistics (training mode; torch's eval mode uses running
    statistics and row 0 would not move): the captions that make the claim say so. The ending states why
    per-token normalisation matters: it never looks at the batch and works the same at inference."""
    d = layernorm_example()
    cap = layernorm_steps.captions(d, lang)
    mode = {"en": "training mode", "zh-Hant": "訓練模式", "zh-Hans": "训练模式"}[lang]
    stats = {"en": "batch statistics", "zh-Hant": "批次統計量", "zh-Hans": "批次统计量"}[lang]
    assert mode in cap["cap_batch"] and stats in cap["cap_batch"] and mode in cap["cap_batch_row0"]
    infer = {"en": ("batch", "inference"), "zh-Hant": ("批次", "推論"), "zh-Hans": ("批次", "推理")}[lang]
    assert all(w in cap["cap_conclusion"] for w in infer)
    # the claim itself: in eval mode with running statistics the + c on row 1 leaves row 0's output alone
    sh = row_shift(d)
    bn = torch.nn.BatchNorm1d(d.n, eps=d.eps, affine=False, dtype=torch.float64).eval()
    a = bn(torch.tensor(d.out)).detach().numpy()
    b = bn(torch.tensor(sh.out)).detach().numpy()
    np.testing.assert_allclose(a[0], b[0])
    assert not np.allclose(sh.batch_before[0], sh.batch_after[0])  # training mode: it moves


@pytest.mark.parametrize("lang", LANGS)
def test_no_caption_draws_a_plain_text_root(lang):
    """A caption never writes the radical as a glyph (its bar misses the argument): it says "square root"."""
    cap = layernorm_steps.captions(layernorm_example(), lang)
    assert all("√" not in text for text in cap.values())


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_the_opening_cues_stay_up_long_enough(lang):
    """The first caption's cues are up at least 2.5 s each where the picture does not change yet."""
    cap = layernorm_steps.captions(layernorm_example(), lang)
    parts = cues(cap["cap_input"], lang)
    assert all(reading_time(c) >= 2.5 for c in parts[:1]) and reading_time(parts[2]) >= 2.5


@pytest.mark.parametrize("lang", LANGS)
def test_the_shift_check_states_its_two_claims_apart(lang):
    """The +0.50 check makes two claims, each in a cue of its own: row 1's output is unchanged (shift invariance:
    the offset is discarded, torch agrees) and row 0 did not move (independence); the first cue is about the
    shift, the independence cue comes last and names row 0."""
    d = layernorm_example()
    r = row_shift(d)
    cap = layernorm_steps.captions(d, lang)
    parts = cues(cap["cap_shift_out"], lang)
    assert len(parts) >= 3
    assert "1" in parts[0] and "0" in parts[-1] and "1" not in parts[1]
    # the discarded offset: LayerNorm of row 1 + c equals LayerNorm of row 1 (torch, the seed's eps)
    x = torch.tensor(BOOK_OUT)
    ln = torch.nn.functional.layer_norm
    np.testing.assert_allclose(ln(x + r.shift, (d.n,), eps=d.eps).numpy()[1], ln(x, (d.n,), eps=d.eps).numpy()[1],
                               atol=1e-9)
    # … and its scale: 3·row gives the same normalised row when σ² ≫ ε
    np.testing.assert_allclose(ln(3 * x, (d.n,), eps=d.eps).numpy(), ln(x, (d.n,), eps=d.eps).numpy(), atol=1e-3)


@pytest.mark.parametrize("lang", LANGS)
def test_the_why_picture_says_where_layernorm_sits(lang):
    """The why-normalise picture says where LayerNorm sits, over the picture of a residual stream whose copies it
    keeps at unit scale: at the Transformer block's attention and feed-forward sublayers."""
    cap = layernorm_steps.captions(layernorm_example(), lang)["cap_residual_ln"]
    assert "Transformer" in cap
    assert any(w in cap for w in ("attention", "注意力")) and any(w in cap for w in ("feed-forward", "前饋", "前馈"))


def test_the_residual_stream_grows_while_each_layernorm_copy_stays_at_unit_scale():
    """Why normalise (engine.layernorm_extra.residual_growth): x_{ℓ+1} = x_ℓ + W_ℓ LN(x_ℓ) from row 0, the stream's RMS
    grows at every layer (as the caption says, from its first to its last value) while LN(x_ℓ), torch's layer_norm
    of each layer, keeps RMS 1 up to ε; the captions state those numbers."""
    from engine.layernorm_extra import residual_growth

    d = layernorm_example()
    g = residual_growth(d)
    assert g.stream.shape == (6, d.n)
    np.testing.assert_allclose(g.stream[0], d.out[0])
    assert np.all(np.diff(g.rms) > 0) and g.rms[-1] > 5 * g.rms[0]
    ln = torch.nn.functional.layer_norm(torch.tensor(g.stream), (d.n,), eps=d.eps).numpy()
    np.testing.assert_allclose(g.normed, ln, atol=1e-9)
    np.testing.assert_allclose(g.normed_rms, np.sqrt((ln ** 2).mean(axis=1)), atol=1e-12)
    assert np.all(np.abs(g.normed_rms - 1) < 1e-3)
    for lang in LANGS:
        cap = layernorm_steps.captions(d, lang)
        assert fmt_num(float(g.rms[0]), 2) in cap["cap_residual"] and fmt_num(float(g.rms[-1]), 2) in cap["cap_residual"]
        assert fmt_num(1.0, 2) in cap["cap_residual_ln"]
