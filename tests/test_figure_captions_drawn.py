"""Captions of the attention, toy, activation, gradient and size figures: every one
has a caption in every language that states its set-up with the record's own numbers, no caption text
is drawn in the picture, and the SVG's <desc> says more than its <title>."""
from __future__ import annotations

import numpy as np
import pytest
from matplotlib.text import Text

from look import LANGS, Look, fmt_num
from look.formats import fmt_sci
from studio import catalogue
from studio.build.render import short_title
from studio.gates.figures import draw_figure

FIGURES = ("attention_heatmap_fig", "attention_sum_fig", "scores_wx", "toy_permutation", "toy_permutation_sums",
           "gelu_relu", "gelu_relu_dying", "signal_decay_draws", "shortcut_gradients", "param_count", "param_count_sizes", "ffn_shapes",
           "causal_mask")


def _record(name):
    from studio.gates.records import record_of

    return record_of(catalogue.get(name))


@pytest.mark.parametrize("name", FIGURES)
def test_caption_in_every_language_and_not_drawn(name):
    import matplotlib.pyplot as plt

    for lang in LANGS:
        fig, doc = draw_figure(catalogue.get(name), Look("light", lang))
        try:
            drawn = " ".join(t.get_text() for t in fig.findobj(Text))
        finally:
            plt.close(fig)
        caption = doc.get("caption")
        assert caption and len(caption) > 60, (name, lang)
        assert caption[:20] not in drawn, (name, lang)
        if lang != "en":  # no space before full-width punctuation
            assert not any(f" {p}" in caption for p in "，。；：、）」"), (name, lang)


def test_captions_state_the_set_ups_with_the_records_numbers():
    import matplotlib.pyplot as plt

    en = Look("light", "en")
    heat = _record("attention_heatmap_fig")
    text = catalogue.get("attention_heatmap_fig").load().caption(heat, en)
    assert "value matrices are all the identity I" in text and "dₖ = 2" in text and "_" not in text and "e(cat) = (2, 1)" in text
    i, j = heat.cell
    assert fmt_num(heat.A[i, j], 4) in text and fmt_num(heat.exp_row_sums[i], 4) in text
    sums = catalogue.get("attention_sum_fig").load().caption(heat, en)
    assert fmt_num(heat.x[0], 4) in sums and fmt_num(heat.x[1], 4) in sums  # the terms are the heat map's text
    assert sums.count(". ") + 1 <= 3

    sc = _record("shortcut_gradients")
    text = catalogue.get("shortcut_gradients").load().caption(sc, en)
    assert f"torch.manual_seed({sc.seed})" in text and "x = (1, 0, −1)" in text and "GELU" in text
    assert "one input" not in text and text.count(". ") <= 2  # two sentences: the set-up and the dots
    # the dots are the gradients per unit of ∂L/∂ŷ = 2(ŷ − 0) of each run
    assert np.allclose(sc.with_per_dout * abs(2 * sc.output_with), sc.with_shortcut)
    assert np.allclose(sc.weight_grad_ratio_per_dout, sc.weight_grad_ratio * abs(sc.output_without / sc.output_with))

    gr = _record("gelu_relu")
    dying = catalogue.get("gelu_relu_dying").load().caption(gr, en)
    assert f"seed {gr.seed}" in dying and "drift adds the same number" in dying
    assert "mean |f′(z)| over the 24 neurons" in dying and "below 0.001" in dying
    assert "ten times larger, at 0.01, GELU's count reaches at most 5 and is 0 at the title's drift" in dying

    pc = _record("param_count")
    text = catalogue.get("param_count").load().caption(pc, en)
    assert f"{int(pc.model_parts_untied[list(pc.part_names).index('ffn')]):,}" not in text  # a caption, not a table
    assert text.count(". ") <= 4 and len(text) < 950
    # the released GPT-2 small, Q, K, V with biases, first; then what the biases add and the counts without them
    released = int(pc.tied_with_qkv_bias[0])
    assert pc.qkv_bias and pc.model_tied_params.total == released == 124_439_808
    assert pc.qkv_bias_params == 12 * 3 * 768 == 27_648 == released - pc.model_tied_no_bias
    assert (pc.model_tied_no_bias, pc.model_untied_no_bias) == (124_412_160, 163_009_536)
    assert text.startswith("GPT-2 small: 124,439,808 tied, 163,037,184 untied (Q, K, V with biases, as the released "
                           "GPT-2). The Q, K, V biases are 12 × 3 × 768 = 27,648 parameters (12 blocks, 3 bias vectors "
                           "of d_model = 768); without them, as the book's GPTModel builds it, the counts are 27,648 "
                           "smaller: 124,412,160 tied, 163,009,536 untied."), text
    sizes = catalogue.get("param_count_sizes").load().caption(_record("param_count_sizes"), en)
    assert "Every count includes the Q, K, V biases, as in the released models" in sizes  # param_count's convention
    assert "124,412,160" not in sizes
    assert np.isclose(pc.model_other_scaled * pc.model_axis_scale,
                      sum(pc.model_parts_untied[list(pc.part_names).index(k)] for k in ("norms", "final_norm")))
    # the position embedding is a part of its own, drawn and written with its shape C × d_model
    assert pc.model_untied.pos_emb == 1024 * 768 == 786_432
    assert "the position embedding C·d_model is its own part (1,024 × 768 = 786,432)" in text
    assert "V·d_model weights" in text and "·E" not in text  # the width is d_model, as across the set
    # the bar labels give the released counts alone: that they hold the Q, K, V biases is the caption's
    fig, _ = draw_figure(catalogue.get("param_count"), en)
    try:
        rows = [t.get_text() for t in fig.axes[0].get_yticklabels()]
        drawn = " ".join(t.get_text() for t in fig.findobj(Text))
    finally:
        plt.close(fig)
    assert rows == ["untied: own output head\n163.04", "tied: head = token embedding\n124.44"], rows  # the axis' unit
    assert "the figure gives counts in millions, rounded to the nearest 0.01 (exact above)" in text
    assert " M" not in drawn and "M\n" not in drawn and not drawn.endswith("M")  # the unit is the axis label's alone
    # the subtitle names the assumption (Q, K, V with biases); what they add is the caption's alone, no footnote
    assert drawn.count("bias") == 1 and "Q, K, V with biases" in drawn and "27,648" not in drawn
    assert "(a hairline at this scale)" in drawn and "too thin to draw" not in drawn  # the hairline is drawn
    assert "d_model = 768" in drawn and "E = 768" not in drawn


def test_masked_cells_are_drawn_alike():
    """causal_mask and the attention heatmaps mark a masked cell with the same grey × and no box."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle

    look = Look("light", "en")
    marks = {}
    for name in ("causal_mask", "attention_heatmap_fig", "toy_permutation"):
        fig, _ = draw_figure(catalogue.get(name), look)
        try:
            marks[name] = {(t.get_text(), t.get_color()) for t in fig.findobj(Text) if t.get_text() in ("×", "✗")}
            if name == "causal_mask":
                fills = {r.get_facecolor() for r in fig.axes[0].patches if isinstance(r, Rectangle)}
                assert len(fills) == 1  # allowed cells in one tone: allowed vs masked, no weights
        finally:
            plt.close(fig)
    assert marks["causal_mask"] == marks["attention_heatmap_fig"] == marks["toy_permutation"] == \
        {("×", look.palette.muted)}


def test_assumptions_that_change_drawn_numbers_are_drawn_and_in_the_caption():
    """The set-up a drawn number depends on is in the picture (a short note) and in the caption: the
    width, the words, the seed and the scale; a chosen cut-off is called a choice; equal scores."""
    import matplotlib.pyplot as plt

    en = Look("light", "en")

    def drawn(name):
        fig, doc = draw_figure(catalogue.get(name), en)
        try:
            return " ".join(t.get_text() for t in fig.findobj(Text)), doc["caption"]
        finally:
            plt.close(fig)

    npf = _record("naive_position_fig")
    text, cap = drawn("naive_position_fig")
    assert (npf.d_model, npf.seed, npf.emb_scale, tuple(npf.words[:2])) == (8, 4, 0.5, ("加", "法"))
    # the subtitle states the set-up as the Chinese ones do: two random word vectors E, E′, their d, the one draw
    # ① to ③ depend on (the record's seed), the entries' spread and p = q; the words themselves are the caption's
    assert "one random pair of word vectors E, E′ (one draw: d = 8, seed 4; entries N(0, 0.5$^{2}$)),\nboth at position p = q" in text
    assert "the lines start at p = 1: at p = q = 0 the terms ②, ③ and ④ are 0, which a log scale cannot show" in cap
    assert "p = q only to plot one variable" not in text and "p = q only to plot one variable" in cap
    assert "p = q = 12: ④ = 1,152, ① = 0.795" in text  # top left in one short line, clear of ④
    for lang, setup in (("zh-Hant", "一對隨機的字向量 E、E′（只抽一次：d = 8，種子 4；元素取自 N(0, 0.5$^{2}$)），兩者放在同一個位置 p = q"),
                         ("zh-Hans", "一对随机的字向量 E、E′（只抽一次：d = 8，种子 4；元素取自 N(0, 0.5$^{2}$)），两者放在同一个位置 p = q")):
        fig, _ = draw_figure(catalogue.get("naive_position_fig"), Look("light", lang))
        try:
            assert setup in " ".join(t.get_text() for t in fig.findobj(Text)), lang
        finally:
            plt.close(fig)
    assert "d = 8" in cap and "seed 4" in cap and "N(0, 0.5²)" in cap and "④ = p·q·d depends only on d" in cap

    sd = _record("signal_decay_fig")
    text, cap = drawn("signal_decay_fig")
    assert (sd.d, sd.init, sd.seed) == (24, "gaussian", 0)
    # drawn: d, what W's entries are drawn from, the draws each line is the median of, LayerNorm's one draw
    assert ("d = 24, W's entries from N(0, 1/24); LayerNorm: one draw (seed 0)\neach s: the median of 200 draws of W, "
            "its band their 10th to 90th percentile") in text
    assert "24-dimensional" in cap and "Gaussian entries drawn from N(0, 1/24)" in cap and "seed 0" in cap

    gr = _record("gelu_relu")
    text, cap = drawn("gelu_relu_dying")
    k = int(np.argmin(np.abs(gr.shifts - gr.shown_shift)))
    assert (int(gr.n_relu_dead[k]), int(gr.n_relu_dead[0]), int(gr.n_gelu_zero_grad.max())) == (18, 23, 0)
    below = np.flatnonzero(gr.n_gelu_below_floor)  # GELU: |GELU′| < 0.001 for one neuron at four drifts
    assert [fmt_num(v, 1) for v in gr.shifts[below]] == ["−3.0", "−2.9", "−1.9", "−1.1"]
    assert gr.n_gelu_below_floor.max() == 1 and list(np.flatnonzero(gr.n_gelu_trainable < 24)) == list(below[:2])
    # the title, one line, states the record's drift and its ReLU count, as the guide and its dot do (not
    # the slider's end), and GELU's zeroed gradients there (none); GELU's highest count below the floor over every
    # drift the diamonds draw (1, at four drifts) is the caption's
    from figures.gelu_relu import dying_title

    # GELU's smallest |gradient| at the drift (0.031), not a count that rests on the 0.001 cut-off (the count axis's)
    assert "A drift of −1.5 zeroes 18 of 24 ReLU gradients; GELU's smallest |gradient| there is 0.031" in text
    assert all("\n" not in dying_title(gr, Look("light", lang)) for lang in LANGS)
    assert "at any drift" not in text and "below 0.001 for at most 4 neurons at once" in cap  # the fine grid to −3.3: the tail
    assert int(gr.n_gelu_below_floor_fine.max()) == 2 and len(gr.gelu_min_drifts) == 21
    assert "exactly 0 only at those 21 single drifts (one neuron each)" in cap and "every 0.001 of drift" in cap
    assert "in 21 narrow spikes around those drifts" in cap and "at drifts below −2.82" in cap and "▲" not in cap
    # the slider's four 1s are the coarse view; the caption names the fine grid's dips (asserted below): a neuron near
    # GELU's minimum (the record's gelu_min_x), where GELU′ = 0, or on the far-left tail, z < gelu_tail_edge (drifts −3.0,
    # −2.9); one short note on the chart names the tail and the drifts the contrast holds for
    assert "◇ at height 1" not in text and "< 0.001" not in text  # the cut-off: the caption's
    assert "far-left tail" not in text and "on the far-left tail (z < −3.74" in cap  # the tail: the caption's
    assert f"z < {fmt_num(gr.gelu_tail_edge, 2)}" in cap and f"z = {fmt_num(gr.gelu_min_x, 2)}" in cap
    assert "GELU′ < 0" not in text and "hollow" not in text  # one chart: no neuron-by-neuron panel
    assert "negative left of it" in cap and "bracket" not in cap  # where GELU′ < 0 is caption text
    assert "up to 23" not in text and "0 of GELU" not in text  # not "GELU's gradient is never small"
    # one point: the drift experiment, its range the record's; the GELU drawn is named on the figure
    assert "Every drift" not in text and "neurons whose gradient is exactly 0" in " ".join(text.split())  # the axis label (two lines)
    assert "ReLU's gradient is 0 or 1, so any cut-off gives it the same count" in cap  # why the cut-off is safe
    assert "①" not in text and "②" not in text and "GELU: never exactly 0 over an interval" in " ".join(text.split())  # two lines
    assert "tanh approximation GPT-2 uses, not the exact x·Φ(x) (the two differ by at most 0.00047)" in cap
    assert "18" in text.split()
    # the counts named beside them by their names alone, no legend; what each counts, which drifts and why are the caption's
    assert "GELU:" in text.split() and "ReLU" in text.split() and "per drift" not in text and "dotted" not in text
    assert "the thin vertical line rises to the ringed dot at the title's drift, −1.5" in cap
    assert "only at drifts" not in text and "GELU's the thin one" in cap
    # GELU's brief crossings of 0 are drawn at 0 (no diamonds, no ×n, no tail note): that assumption is the caption's
    assert "◆" not in text and "1 neuron: z <" not in text and "so GELU's line, which counts exact zeros, stays at 0" in cap
    assert "ReLU: 18" in text and "GELU: 0" in text  # the read-out: exact zeros at the drift
    assert "▲" not in text and "smallest |GELU′| here: 0.031" in " ".join(text.split())  # the title's value, drawn at −1.5
    assert "The smallest |GELU′| over the neurons at every drift counted is in the numbers file" in cap
    assert "not dead" not in text and "not a dead neuron" in cap  # the argument is the caption's, not the image's
    assert "GELU′ is exactly 0 only at the single point z = −0.75" in cap and "GELU′ = 0 only at" not in text
    assert "never" not in " ".join(text.split()).replace("GELU: never exactly 0 over an interval", "") and "The 24 neurons after a drift" not in text  # one title states the drift
    assert fmt_num(gr.all_dead_shift, 2) == "−3.25" and gr.n_relu_dead[0] == 23  # all 24 dead only past the slider
    assert "From a drift of −3.25 all 24 ReLU neurons are dead." in cap and "stops at 23" not in cap  # the axis reaches −3.3
    assert "exactly 0 only at those 21 single drifts (one neuron each), and below 0.001 for at most 4" in cap
    assert "6 learn" not in text
    # how the inputs were drawn is the subtitle's (the record's distribution and its seed, which sets the count)
    # the same wording drawn and in the caption (the subtitle's mathtext square is the caption's ²)
    assert "one draw (seed 4): 24 neurons, one input z each from N(1, 1$^{2}$), clipped to ±3.5" in text
    assert "24 neurons, one input z each from N(1, 1²), seed 4, clipped to ±3.5" in cap
    assert "drawn once from a normal distribution with mean 1 and standard deviation 1" in cap
    assert "18 are dead and 6 still learn" in cap and "sits just right of 0, so ReLU still passes" in cap
    assert fmt_num(gr.at_shift.min_abs_gelu_grad, 3) == "0.031" and gr.at_shift.n_gelu_below_floor == 0
    assert "smallest |GELU′| is 0.031" in cap
    assert "just right of 0" not in text and "small but" not in text  # the neuron by z = 0 is the caption's
    assert fmt_num(gr.gelu_min_x, 2) == "−0.75" and np.all(np.abs(gr.at_shift.gelu_grad) > 0)
    assert "seed 4" in cap and "never" not in cap and "z = −0.75" in cap
    assert "on the far-left tail (z < −3.74, where GELU′ fades towards 0) at drifts below −2.82" in cap
    assert ("in 21 narrow spikes around those drifts, each one neuron whose GELU′ passes through 0 at GELU's minimum "
            "z = −0.75, at that single drift only: not a dead neuron, as ReLU's are, whose gradient is 0 for every z < 0; "
            "a drift a little to either side and it learns again") in cap
    # what a spike is: a short note on GELU's line; where the thin line runs inside the thick one: the caption's
    assert "inside ReLU" not in text and "thin line runs inside the thick one" in cap
    assert "ReLU: 18" in text and "at any cut-off" not in text  # exact zeros, no cut-off drawn
    # why those are not dead neurons is the caption's
    assert "GELU′ is 0 at one point only" not in text and "the dips at drifts" not in text
    assert fmt_num(gr.gelu_tail_edge - gr.z0.min(), 2) == "−2.82"
    assert f"is {fmt_num(gr.mean_abs_relu_grad[k], 2)} for ReLU and {fmt_num(gr.mean_abs_gelu_grad[k], 2)} for GELU" in cap

    text, cap = drawn("causal_mask")
    assert "equal scores" not in text and "equal scores" not in cap and "0.25" not in text  # allowed vs masked only
    cm = _record("causal_mask")
    assert np.allclose(cm.uniform_weights[3], 0.25) and np.isclose(cm.uniform_weights[2, 0], 1 / 3)


def test_pe_distance_gap_draws_one_row_and_says_which_gaps_coincide():
    """One series of dots, row p = 0 of the matrix at every whole gap k, nothing drawn between them; the rows
    from p = 11 and p = 21 as hollow rings of two sizes wherever they reach (k = 0 to 20 and 0 to 10), every ring
    on a dot, named in one small key inside the plot; the caption gives the largest difference from the matrix and
    says nothing is drawn between whole gaps (the length axis says whole-number gaps); no line or curve joins them."""
    import matplotlib.pyplot as plt

    entry = catalogue.get("pe_distance_gap")
    data = _record("pe_distance")
    diff = max(float(np.abs(data.matrix[q, q + np.arange(32 - q)] - data.matrix[0, np.arange(32 - q)]).max())
               for q in (11, 21))
    assert diff < 1e-12  # the rows coincide: what the caption states
    for lang in LANGS:
        fig, doc = draw_figure(entry, Look("light", lang))
        try:
            ax = fig.axes[0]
            marked = [ln for ln in ax.lines if ln.get_marker() not in (None, "None", "") and len(ln.get_xdata())]
            dots = [ln for ln in marked if ln.get_marker() == "o" and ln.get_markerfacecolor() != "none"]
            rings = [ln for ln in marked if ln.get_marker() == "o" and ln.get_markerfacecolor() == "none"]
            assert len(dots) == 1, lang  # one series of filled dots
            assert [len(r.get_xdata()) for r in rings] == [21, 11], lang  # p = 11 to k = 20, p = 21 to k = 10
            assert rings[0].get_markersize() < rings[1].get_markersize(), lang  # one size each
            for r, q in zip(rings, (11, 21)):  # each ring sits on a dot
                assert np.allclose(r.get_ydata(), dots[0].get_ydata()[:len(r.get_xdata())], atol=1e-12), lang
                assert np.allclose(r.get_ydata(), data.matrix[q, q + np.arange(32 - q)]), lang
            xs = dots[0].get_xdata()
            assert np.array_equal(xs, np.arange(32)), lang  # every whole gap from p = 0
            joins = [ln for ln in ax.lines if ln.get_marker() in (None, "None", "")]
            assert joins == [] and not ax.collections, lang  # the dots alone: no line implies a fractional gap
            assert "whole-number gaps" in ax.get_xlabel() or "整數" in ax.get_xlabel() or "整数" in ax.get_xlabel(), lang
            assert np.allclose(dots[0].get_ydata(), data.matrix[0, :32]), lang
            assert len(fig.axes) == 1, lang  # the dots and rings named in a small key inside the plot
            key = ax.get_legend()
            legend = " ".join(t.get_text().replace("\n", " ") for t in [*ax.texts, *key.get_texts(), key.get_title()])
        finally:
            plt.close(fig)
        if lang == "en":
            assert "dots: p = 0 against p + k" in legend
            assert [t.get_text() for t in key.get_texts()] == [
                "dots: p = 0 against p + k", "small rings: p = 11, reaching gap 20", "large rings: p = 21, reaching gap 10",
                "ring size tells the two rows apart, not a value"]
            assert key.get_title().get_text() == ""  # why the rings stop is the caption's
            assert "so every ring sits on a dot, and every row stops at p + k = 31, the last position drawn" in doc["caption"]
            assert "reading only" not in legend and "curve" not in legend
            cap = doc["caption"]
            assert "The rows from p = 11 and 21 coincide with it wherever they reach " \
                   "(k = 0 to 20 from p = 11, k = 0 to 10 from p = 21), drawn as hollow rings" in cap
            assert "seed 001" not in cap and "pe_table" not in cap and "pe_dot_distance" not in cap
            assert "the sinusoidal table with d = 16" in cap
            assert f"the largest difference, {fmt_sci(diff, 2)}, is floating-point rounding" in cap
            assert "each distance is a dot, with nothing drawn between whole gaps" in cap and "nested" not in cap and "nested" not in legend
        else:
            assert ("圓圈" in legend or "圆圈" in legend) and "pe_table" not in doc["caption"], lang
    assert "nested" not in entry.describe["en"] and "coincide" in entry.describe["en"]


def test_loss_curves_caption_says_its_runs_are_one_seed():
    """loss_curves trains each start once (no spread over seeds is drawn): its caption says so, with the seed."""
    from figures.loss_curves import caption

    data = _record("loss_curves")
    assert data.seed == 0 and data.loss.shape == (3, 300)
    for lang, words in (("en", "One seed (0): each start is trained once, so the curves show no spread over seeds."),
                        ("zh-Hant", "只用一個亂數種子（0）：每個起點只訓練一次"), ("zh-Hans", "只用一个随机种子（0）：每个起点只训练一次")):
        assert words in caption(data, Look("light", lang)), lang
