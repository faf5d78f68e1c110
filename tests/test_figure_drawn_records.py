"""Every point signal_decay_fig and gelu_relu_dying draw is a record field written to numbers.json:
signal_decay_fig's medians per s and layer (engine.signal: typical_paths), gelu_relu_dying's counts per drift on the
fine grid (engine.activations: n_relu_dead_fine, n_gelu_below_floor_fine), and the smallest |GELU′| per drift the
caption points to (min_abs_gelu_grad_per_shift, min_abs_gelu_grad_fine), recomputed here."""
from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from engine.activations import gelu_grad, gelu_relu
from engine.signal import TYPICAL_DRAWS, signal_decay, signal_rms, signal_weights
from figures.rnn_vs_attention import ROUTE_ROLE
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
        # each run's dashes from layer 1 to 30 (its first step, layer 0 to 1, is one thin solid line beneath them)
        lines = [ln for ln in f.axes[0].get_lines() if len(ln.get_xdata()) == 30 and ln.get_linestyle() != "-"]
        drawn = np.array([ln.get_ydata() for ln in lines])
        assert len(lines) == 7  # s = 0.5, 0.7, 0.9, 1.0, 1.1, 1.5, 2.0: s = 1 too, the median the subtitle quotes
        for y in drawn:
            assert any(np.array_equal(y, row[1:]) for row in d.typical_paths)
        assert not [ln for ln in f.axes[0].get_lines() if ln.get_marker() == "o"]  # no rings
        text = " ".join(t.get_text() for t in f.findobj(Text))
        assert "rings" not in text and "s = 2.00\n5.40×10$^{8}$" in text and "s = 0.90\n0.0213" in text
        assert "s = 1.00\n0.503" in text and "the median at s = 1 falls" not in text  # the label, and the why beside
        assert "0.50," not in text  # 3 digits, as the label; why s = 1 ends at 0.503 is the caption's (below)
        assert not [ln for ln in f.axes[0].get_lines() if ln.get_marker() == "s"]  # no unexplained squares
        key = f.axes[0].get_legend()  # every line named at its end but LayerNorm's, in one key row over the plot
        assert [t.get_text() for t in key.get_texts()] == ["LayerNorm, every s: 1.000 ± 0.0001"]
    finally:
        plt.close(f)
    cap = fig.caption(d, Look("light", "en"))
    assert "Rings" not in cap and "Not drawn: the closed form" in cap
    assert "The median at s = 1 falls to 0.503 though each layer keeps the mean squa" in cap


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


def test_gelu_relu_dying_draws_both_counts_on_one_chart_and_a_thin_guide():
    """One chart: ReLU's count (thick) and GELU's (a line wide enough that its dips read in print) on the fine drift
    grid; no lower panel (the smallest |GELU′| per drift is the record's and the numbers file's); GELU′'s far-left
    tail (z < gelu_tail_edge, −3.74) is the caption's; the title's drift a thin solid guide (no dash: a dash is a
    run's, look.palette); the GELU label over its own line, under ReLU's, in every language."""
    from figures import gelu_relu_dying as fig
    from figures.gelu_relu import GELU_LW, RELU_LW
    from matplotlib.text import Text

    r = gelu_relu()
    assert fmt_num(r.gelu_tail_edge, 2) == "−3.74"
    for lang, label in (("en", "GELU: never exactly 0\nover an interval"), ("zh-Hant", "GELU：在任何區間上都不恰為 0"),
                        ("zh-Hans", "GELU：在任何区间上都不恰为 0")):
        f = fig.make(r, Look("light", lang))
        try:
            assert len(f.axes) == 1
            ax = f.axes[0]
            lines = ax.get_lines()
            from figures.gelu_relu import axis_start, gelu_instants, widened

            held, instants = gelu_instants(r)  # the spikes: brief crossings drawn at 0, not counts that hold
            assert instants == sorted(x for x in r.gelu_min_drifts.tolist() if x > -2.822) and len(instants) == 20 and held.max() == 1 and np.array_equal(held > 0, r.fine_shifts <= -2.822)  # the tail
            # the drift axis carried to −3.3, past all_dead_shift (−3.25): ReLU's staircase reaches all 24
            w = widened(r)
            assert axis_start(r) == w.fine_shifts[0] == -3.3 and w.n_relu_dead_fine[0] == r.n_neurons == 24
            np.testing.assert_array_equal(w.n_relu_dead_fine, np.sum(r.z0[None, :] + w.fine_shifts[:, None] <= 0, axis=1))
            wheld = gelu_instants(w)[0]  # below 0.001 on the tail only: its neurons past z = −3.74, 4 at −3.3 (the caption's)
            assert wheld.max() == 4 and np.array_equal(wheld, np.sum(r.z0[None, :] + w.fine_shifts[:, None] < r.gelu_tail_edge, axis=1))
            from figures.gelu_relu import gelu_exact_zero

            exact = gelu_exact_zero(w)  # what is drawn: GELU's exactly-0 gradients, none at any drift of the fine grid
            assert exact.shape == w.fine_shifts.shape and exact.max() == 0
            assert not [ln for ln in lines if ln.get_marker() == "D"]  # no diamonds: the crossings are the caption's
            gelu = [ln for ln in lines if np.array_equal(ln.get_ydata(), exact) and len(ln.get_ydata()) > 2]
            relu = [ln for ln in lines if np.array_equal(ln.get_ydata(), w.n_relu_dead_fine)]
            assert len(gelu) == len(relu) == 1 and gelu[0].get_linewidth() == GELU_LW >= 1.8
            assert relu[0].get_linewidth() == RELU_LW > GELU_LW
            assert not [ln for ln in lines if ln.get_marker() == "^"] and ax.get_yscale() == "linear"
            texts = {t.get_text(): t for t in f.findobj(Text)}
            assert not any("far-left" in t or "最左" in t for t in texts)  # the tail: the caption's (c_tail)
            assert not ax.get_title(loc="left")  # what is counted: the axis label
            guide = [ln for ln in lines if len(ln.get_xdata()) == 2 and ln.get_xdata()[0] == r.shown_shift]
            # the guide, from the axis up to its dot: thin and solid
            assert len(guide) == 1 and all(g.get_linestyle() == "-" and g.get_linewidth() < GELU_LW for g in guide)
            # the guide reaches the dot, and the dot is drawn over both count lines in a paper ring
            k = int(np.argmin(np.abs(r.shifts - r.shown_shift)))
            assert guide[0].get_ydata()[-1] == r.n_relu_dead[k] == 18
            dots = [ln for ln in lines if ln.get_marker() == "o" and len(ln.get_xdata()) == 1]
            dot = [ln for ln in dots if ln.get_ydata()[0] == r.n_relu_dead[k]]  # ReLU's count; GELU's 0.031 on its 0
            gmin = [ln for ln in dots if ln.get_ydata()[0] == r.at_shift.n_gelu_below_floor]
            assert len(dots) == 2 and len(dot) == len(gmin) == 1 and gmin[0].get_xdata()[0] == r.shown_shift
            assert any(t.endswith(fmt_num(r.at_shift.min_abs_gelu_grad, 3)) and "GELU′" in t for t in texts), lang
            assert dot[0].get_zorder() > max(relu[0].get_zorder(), gelu[0].get_zorder())
            assert dot[0].get_markeredgecolor() == Look("light", lang).palette.background
            f.canvas.draw()
            name = texts[label]  # over a stretch where only GELU's line runs low, ReLU's a quarter of the neurons up,
            x, y = name.xy  # or (the note on a spike makes it three lines) above GELU's line at the right end
            k = int(np.argmin(np.abs(w.fine_shifts - x)))
            assert (y == 1.0 and w.n_relu_dead_fine[k] >= r.n_neurons / 4 and w.fine_shifts[0] < x < 0.9) or (
                y == 0.0 and x == float(r.shifts[-1])), (lang, x, y)
        finally:
            plt.close(f)


def test_rnn_vs_attention_draws_every_pair_and_the_one_step():
    """Self-attention: one line per query–key pair, N² of them (the record's pairs), the key x₁ → query x_N one in
    `accent` with an arrow (the path to look at; ink is text only): the record's attention_longest_path, 1; the chain's numbered hops are its N − 1."""
    from matplotlib.colors import to_hex
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
            assert to_hex(arrows[0].get_edgecolor()) == getattr(Look("light", lang).palette, ROUTE_ROLE)  # x₁'s route
            hops = [t.get_text() for t in left.texts if t.get_text().isdigit()]
            assert hops == [str(k) for k in range(1, r.rnn_longest_path + 1)]  # 1 … 5
            text = [t.get_text() for t in f.findobj(Text)]
            if lang == "en":
                assert "1 step\nfor all 6 × 6\n= 36 pairs" in text  # all 36 drawn, as numbers.json
                assert "Self-attention: all pairs" in text  # "no causal mask" is the caption's
                # the target named in the panel's own tokens: the query x₆ (h is the chain's state, not drawn here)
                # the title counts the moves from position 1 to 6 once; why its hops are serial is the caption's
                assert not any("one after another" in t for t in text)
                assert "each state needs the one before it, so the 5 hops run one after another" in fig.caption(r, Look("light", "en"))
                assert not any(t.startswith("position 1 to") for t in text)
            else:
                assert "自注意力：所有配對" in text and not any("一步接一步" in t for t in text)
            from look.colour import contrast  # the pair lines: opaque, in a colour of text contrast on the paper
            pal = Look("light", lang).palette
            assert all(ln.get_alpha() in (None, 1.0) and contrast(ln.get_color(), pal.background) >= 4.5 for ln in lines)
        finally:
            plt.close(f)


def test_attention_cost_writes_the_marked_counts_from_the_record():
    """The four marked points carry their sizes from the record's integers, in 7.2 × 4.6 in: one layer's score
    tables as one size (12 × 1,048,576 values × 4 B = 48 MiB), like for like with that layer's T × 768 kept numbers; the
    lines' meeting at T = 768 / 12 = 64, a drawn length, with its kept count (49,152, position_entries)."""
    from matplotlib.text import Text

    from engine.costs import attention_cost
    from figures import attention_cost as fig

    r = attention_cost()
    H = int(r.real_heads[0])
    want = [fig.size_text(v, r) for v in (H * r.short_scores, r.short_positions, H * r.long_scores, r.long_positions)]
    assert want == ["48 MiB", "3 MiB", "48 GiB", "96 MiB"]  # float32 (4 B a value): the axis's unit, one number style
    assert r.bytes_per_value == 4 and (r.short_score_size, r.short_score_unit) == (4, "MiB")  # 12 tables of 4 MiB
    assert (H, r.short_scores, r.long_scores) == (12, 1024 ** 2, 32768 ** 2)
    assert fig.layer_meeting(r) == [(64, 49152)] and 64 in r.lengths.tolist() and 49152 in r.position_entries.tolist()
    for lang in ("en", "zh-Hant"):
        f = fig.make(r, Look("light", lang))
        try:
            assert tuple(f.get_size_inches()) == (7.2, 4.6)
            text = [t.get_text() for t in f.findobj(Text)]
            for v in want:
                assert v in text, (lang, v)
            assert not any("49,152" in t for t in text), lang  # no meeting note: the caption states the crossing
            assert not any("768, 589,824" in t.replace("\n", " ") for t in text), lang  # one head against a layer: gone
            ax = f.axes[0]  # 96 MiB (25,165,824 values) anchored at its own point, a few points off it
            mark = next(t for t in ax.texts if t.get_text() == want[3])
            assert mark.xy == (32768, r.long_positions) and max(map(abs, mark.get_position())) <= 34, lang
            mark = next(t for t in ax.texts if t.get_text() == want[2])  # beside its own point, not over T = 1,024
            assert mark.xy == (32768, H * r.long_scores) and max(map(abs, mark.get_position())) <= 10, lang
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


def test_rnn_vs_attention_arc_ends_at_the_query_box_edge():
    """The arc from the key x₁ to the query x_N stops at x_N's box: drawn under the boxes, its head's tip (stroke
    included) at most at the box's bottom edge, not over the box."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import FancyArrowPatch, FancyBboxPatch

    from look import Look
    from studio import catalogue
    from studio.gates.figures import draw_figure

    fig, _ = draw_figure(catalogue.get("rnn_vs_attention"), Look("light", "en"))
    try:
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        arcs = [p for ax in fig.axes for p in ax.patches if isinstance(p, FancyArrowPatch)
                and getattr(p.get_connectionstyle(), "rad", 0.0) != 0.0]  # the one curved arrow
        assert len(arcs) == 1
        arc = arcs[0]
        boxes = [p for p in arc.axes.patches if isinstance(p, FancyBboxPatch)]
        query = max(boxes, key=lambda b: (b.get_window_extent(renderer).y0, b.get_window_extent(renderer).x0))
        top = arc.get_window_extent(renderer).y1 - arc.get_linewidth() * fig.dpi / 72 / 2
        assert top <= query.get_window_extent(renderer).y0 + 0.5
        assert arc.get_zorder() < min(b.get_zorder() for b in boxes)
    finally:
        plt.close(fig)
