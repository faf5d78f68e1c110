"""Every point signal_decay_fig and gelu_relu_dying draw is a record field written to numbers.json:
signal_decay_fig's medians per s and layer (engine.signal: typical_paths), gelu_relu_dying's smallest |GELU′| per
drift against the cut-off (engine.activations: min_abs_gelu_grad_per_shift), both recomputed here."""
from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from engine.activations import gelu_grad, gelu_relu
from engine.signal import TYPICAL_DRAWS, signal_decay, signal_rms, signal_weights
from look import Look, fmt_num


def test_typical_paths_are_the_median_of_the_200_draws_at_every_s():
    d = signal_decay()
    paths = np.array([signal_rms(1.0, *signal_weights(24, 30, k)) for k in range(1, TYPICAL_DRAWS + 1)])  # (200, 31)
    for row in (0, 4, 10, 12, 20, 30):  # s = 0.5, 0.7, 1.0, 1.1, 1.5, 2.0
        s = d.s_values[row]
        np.testing.assert_allclose(d.typical_paths[row], np.median(paths * s ** np.arange(31), axis=0), rtol=1e-9)
    assert d.typical_paths.shape == (31, 31)
    np.testing.assert_array_equal(d.typical_paths[10], d.typical_s1)  # s = 1: the median drawn in signal_decay_draws
    assert [fmt_num(d.typical_paths[r, -1], "3s") for r in (0, 4, 8, 12, 20, 30)] == [
        "4.68×10⁻¹⁰", "1.13×10⁻⁵", "0.0213", "8.77", "9.64×10⁴", "5.40×10⁸"]


def test_signal_decay_fig_draws_the_record_and_no_second_statistic():
    from figures import signal_decay_fig as fig
    from matplotlib.text import Text

    d = signal_decay()
    f = fig.make(d, Look("light", "en"))
    try:
        lines = [ln for ln in f.axes[0].get_lines() if len(ln.get_xdata()) == 31 and ln.get_linestyle() != "-"]
        drawn = np.array([ln.get_ydata() for ln in lines])
        assert len(lines) == 7  # s = 0.5, 0.7, 0.9, 1.0, 1.1, 1.5, 2.0: s = 1 too, the median the subtitle quotes
        for y in drawn:
            assert any(np.array_equal(y, row) for row in d.typical_paths)
        assert not [ln for ln in f.axes[0].get_lines() if ln.get_marker() == "o"]  # no rings
        text = " ".join(t.get_text() for t in f.findobj(Text))
        assert "rings" not in text and "s = 2.00: 5.40×10$^{8}$" in text and "s = 0.90: 0.0213" in text
        assert "s = 1.00: 0.503" in text and "the median at s = 1 falls to 0.503" in text  # one precision, label and note
        assert "0.50," not in text and "ends at 0.50" not in text
        assert not [ln for ln in f.axes[0].get_lines() if ln.get_marker() == "s"]  # no unexplained squares
        assert f.axes[0].get_legend() is None  # every line named at its end
    finally:
        plt.close(f)
    cap = fig.caption(d, Look("light", "en"))
    assert "Rings" not in cap and "Not drawn: the closed form" in cap


def test_min_abs_gelu_grad_per_shift_is_what_the_count_reads():
    r = gelu_relu()
    want = np.array([np.abs(gelu_grad(r.z0 + s)).min() for s in r.shifts])
    np.testing.assert_allclose(r.min_abs_gelu_grad_per_shift, want, rtol=1e-12)
    below = r.min_abs_gelu_grad_per_shift < r.grad_floor
    np.testing.assert_array_equal(below, r.n_gelu_below_floor > 0)  # the count is 1 exactly where the curve dips under
    assert [fmt_num(v, 1) for v in r.shifts[below]] == ["−3.0", "−2.9", "−1.9", "−1.1"]
    assert [fmt_num(v, "2s") for v in r.min_abs_gelu_grad_per_shift[below]] == [
        "4.8×10⁻⁴", "7.3×10⁻⁴", "4.7×10⁻⁴", "2.9×10⁻⁴"]
    assert len(r.shifts) == 61 and fmt_num(r.shifts[1] - r.shifts[0], 1) == "0.1"  # the slider's grid


def test_the_fine_drift_grid_catches_every_dip():
    """drift_floor_fine against a 10⁻⁵ grid: the same 20 intervals with |GELU′| < 0.001 and the same most at once (2);
    each marked drift puts one neuron at GELU's minimum, where the smallest |GELU′| is exactly 0."""
    from engine.activations import gelu_minimum

    r = gelu_relu()
    d = np.linspace(-3.0, 3.0, 600001)
    c = np.sum(np.abs(gelu_grad(r.z0[None, :] + d[:, None])) < r.grad_floor, axis=1)

    def intervals(counts):
        b = (np.asarray(counts) > 0).astype(int)
        return int(b[0]) + int(np.sum(np.diff(b) == 1))

    assert intervals(c) == intervals(r.n_gelu_below_floor_fine) == 20 and c.max() == r.n_gelu_below_floor_fine.max() == 2
    assert fmt_num(float(d[np.argmax(c == 2)]), 2) == "−2.86"
    np.testing.assert_allclose(r.gelu_min_drifts, np.sort(gelu_minimum()[0] - r.z0)[-21:], rtol=0, atol=1e-12)
    at = np.isin(r.fine_shifts, r.gelu_min_drifts)
    assert at.sum() == 21 and np.all(r.min_abs_gelu_grad_fine[at] == 0.0) and np.all(r.min_abs_gelu_grad_fine[~at] > 0)
    assert len(r.fine_shifts) == 6001 + 21 and np.all(np.diff(r.fine_shifts) > 0)
    want = np.array([np.abs(gelu_grad(r.z0 + s)).min() for s in r.fine_shifts[~at][::97]])
    np.testing.assert_allclose(r.min_abs_gelu_grad_fine[~at][::97], want, rtol=1e-12)
    np.testing.assert_array_equal(r.n_relu_dead_fine, np.sum(r.z0[None, :] + r.fine_shifts[:, None] <= 0, axis=1))


def test_gelu_relu_dying_draws_the_curve_and_the_labelled_cut_off():
    from figures import gelu_relu_dying as fig
    from matplotlib.text import Text

    r = gelu_relu()
    for lang, label in (("en", "cut-off 0.001"), ("zh-Hant", "門檻 0.001"), ("zh-Hans", "门槛 0.001")):
        f = fig.make(r, Look("light", lang))
        try:
            lower = f.axes[1]
            assert lower.get_yscale() == "log"
            ys = [ln.get_ydata() for ln in lower.get_lines()]
            bottom = lower.get_ylim()[0]  # the curve is held at the axis bottom where it is 0, at the ▲ there
            assert any(np.array_equal(y, np.maximum(r.min_abs_gelu_grad_fine, bottom)) for y in ys)
            assert any(len(y) == 2 and np.allclose(y, r.grad_floor) for y in ys)  # the cut-off line
            tri = [ln for ln in lower.get_lines() if ln.get_marker() == "^"]
            assert len(tri) == 1 and np.array_equal(tri[0].get_xdata(), r.gelu_min_drifts)
            assert not [ln for ln in lower.get_lines() if ln.get_marker() == "D"]  # no samples joined by a line
            upper = [ln.get_ydata() for ln in f.axes[0].get_lines()]
            assert any(np.array_equal(y, r.n_gelu_below_floor_fine) for y in upper)
            assert any(np.array_equal(y, r.n_relu_dead_fine) for y in upper)
            assert any(t.get_text().startswith(label) for t in f.findobj(Text)), lang
        finally:
            plt.close(f)


def test_rnn_vs_attention_draws_every_pair_and_the_one_step():
    """Self-attention: one line per query–key pair, N² of them (the record's pairs), the key x₁ → query x_N one in
    ink with an arrow: the record's attention_longest_path, 1; the chain's numbered hops are its N − 1."""
    from matplotlib.patches import FancyArrowPatch
    from matplotlib.text import Text

    from engine.costs import rnn_vs_attention
    from figures import rnn_vs_attention as fig

    r = rnn_vs_attention(6)
    for lang in ("en", "zh-Hant"):
        f = fig.make(r, Look("light", lang))
        try:
            left, right = f.axes
            lines = [ln for ln in right.get_lines() if len(ln.get_xdata()) == 2]
            arrows = [p for p in right.patches if isinstance(p, FancyArrowPatch)]
            assert len(lines) + len(arrows) == r.pairs == 36 and len(arrows) == 1
            hops = [t.get_text() for t in left.texts if t.get_text().isdigit()]
            assert hops == [str(k) for k in range(1, r.rnn_longest_path + 1)]  # 1 … 5
            text = [t.get_text() for t in f.findobj(Text)]
            if lang == "en":
                assert "1 step\nfor all 6 × 6\n= 36 pairs" in text  # all 36 drawn, as numbers.json
                assert "Self-attention (no causal mask): all pairs" in text  # said once, in the panel's title
                # the target named in the panel's own tokens: the query x₆ (h is the chain's state, not drawn here)
                assert "key $x_1$ reaches query $x_{6}$: 1 step, one arc" in text and not any("h_{6}$," in t for t in text)
                assert "$x_1$ reaches $h_{6}$: 5 steps along the chain" in text
            else:
                assert "自注意力：所有配對，一個矩陣（沒有因果遮罩）" in text and "鍵 $x_1$ 到查詢 $x_{6}$：1 步，一條弧線" in text
            from look.colour import contrast  # the pair lines: opaque, in a colour of text contrast on the paper
            pal = Look("light", lang).palette
            assert all(ln.get_alpha() in (None, 1.0) and contrast(ln.get_color(), pal.background) >= 4.5 for ln in lines)
        finally:
            plt.close(f)


def test_attention_cost_writes_the_marked_counts_from_the_record():
    """The four marked points carry their counts, the record's integers, in 7.2 × 4.6 in."""
    from matplotlib.text import Text

    from engine.costs import attention_cost
    from figures import attention_cost as fig

    r = attention_cost()
    want = [r.short_scores, r.short_positions, r.long_scores, r.long_positions]  # one score table, like the rows
    assert want == [1024 ** 2, 1024 * 768, 32768 ** 2, 32768 * 768]
    for lang in ("en", "zh-Hant"):
        f = fig.make(r, Look("light", lang))
        try:
            assert tuple(f.get_size_inches()) == (7.2, 4.6)
            text = [t.get_text() for t in f.findobj(Text)]
            for v in want:
                assert f"{v:,}" in [t.split("\n")[0] for t in text], (lang, v)
            size = f"{r.long_score_size:,.0f} {r.long_score_unit}"  # 32,768² × 4 bytes = 4 GiB, beside the count
            assert r.long_score_size * 2 ** 30 == 32768 ** 2 * 4 and r.long_score_unit == "GiB"
            assert any(t.startswith(f"{want[2]:,}\n= {size}") for t in text), lang
            ax = f.axes[0]  # 25,165,824 anchored at its own point, a few points off it
            mark = next(t for t in ax.texts if t.get_text() == f"{want[3]:,}")
            assert mark.xy == (32768, want[3]) and max(map(abs, mark.get_position())) <= 34, lang  # one of its spots
        finally:
            plt.close(f)


def test_rnn_vs_attention_draws_the_pair_once_and_every_arrow_with_a_stem():
    """The key x₁ → query x_N pair is the ink arc alone (no grey line under it, the reverse pair x_N → x₁ is its
    own); h₀'s arrow and each hop have a stem at least half their head long (points, as laid out)."""
    from matplotlib.patches import FancyArrowPatch

    from engine.costs import rnn_vs_attention
    from figures import rnn_vs_attention as fig

    r = rnn_vs_attention(6)
    f = fig.make(r, Look("light", "en"))
    try:
        f.canvas.draw()
        left, right = f.axes
        ends = {(tuple(ln.get_xdata()), tuple(ln.get_ydata())) for ln in right.get_lines()}
        assert not any(x == (0.0, 5.0) for x, _ in ends)  # key x₁ (x = 0) to query x₆ (x = 5): the arc only
        assert any(x == (5.0, 0.0) for x, _ in ends)  # key x₆ to query x₁: another pair, drawn once
        flat = [p for p in left.patches if isinstance(p, FancyArrowPatch) and p._posA_posB[0][1] == p._posA_posB[1][1]]
        assert len(flat) == r.rnn_longest_path + 1  # h₀'s arrow and the N − 1 hops
        to_pt = 72 / f.dpi
        for p in flat:
            (xa, _), (xb, _) = (left.transData.transform(v) for v in p._posA_posB)
            length = abs(xb - xa) * to_pt - p.shrinkA - p.shrinkB
            head = 0.4 * p.get_mutation_scale()  # "-|>"'s head_length
            assert length - head >= 0.5 * head, (length, head)
        h0 = min(flat, key=lambda p: p._posA_posB[0][0])
        (xa, _), (xb, _) = (left.transData.transform(v) for v in h0._posA_posB)
        assert abs(xb - xa) * to_pt - 0.4 * h0.get_mutation_scale() >= 12  # h₀'s stem reads as a line
    finally:
        plt.close(f)
