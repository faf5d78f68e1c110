"""Your own numbers for the sizes-and-costs figures (studio/catalogue/accepts/sizes.py): param_count, ffn_shapes,
causal_mask, pe_combine, rnn_vs_attention, attention_cost.

- the range ends are accepted, and a value just outside exits 2 with one line naming the parameter,
  the value and the range (no traceback);
- real values at non-default parameters equal counts written out here by hand (GPT-2 medium's
  406,212,608), and the figures' titles and tables use the parameters.
"""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.text import Text  # noqa: E402

from tests.conftest import run_here  # noqa: E402
from look import Look  # noqa: E402
from studio import catalogue  # noqa: E402
from studio.catalogue.params import ParamError  # noqa: E402



# -- ranges ---------------------------------------------------------------------------------------
ENDS = [
    ("param_count", {"n_layers": 1}), ("param_count", {"n_layers": 128}),
    ("param_count", {"emb_dim": 1, "n_heads": 1}), ("param_count", {"emb_dim": 16_384, "n_heads": 128}),
    ("param_count", {"vocab_size": 1, "context_length": 1}),
    ("param_count", {"vocab_size": 1_000_000, "context_length": 1_048_576}),
    ("param_count", {"preset": "xl", "qkv_bias": True, "tied": True}),
    ("ffn_shapes", {"emb_dim": 1, "expansion": 1, "batch": 1, "tokens": 1}),
    ("ffn_shapes", {"emb_dim": 2048, "expansion": 8, "batch": 64, "tokens": 4096}),
    ("causal_mask", {"tokens": "我 愛"}), ("causal_mask", {"tokens": "a b c d e f g h", "token_ids": list(range(8))}),
    ("pe_combine", {"widths": [1], "demo_width": 1}), ("pe_combine", {"widths": [65_536] * 3, "demo_width": 16}),
    ("rnn_vs_attention", {"n_tokens": 2}), ("rnn_vs_attention", {"n_tokens": 64}),
    ("attention_cost", {"short": 1, "long": 2, "position_width": 1}),
    ("attention_cost", {"short": 1_048_576, "long": 4_194_304, "position_width": 16_384}),
]


@pytest.mark.parametrize("name,given", ENDS, ids=[f"{n}-{'-'.join(g)}" for n, g in ENDS])
def test_the_range_ends_are_accepted(name, given):
    entry = catalogue.get(name).with_params(given)
    assert set(dict(entry.given)) <= set(given)  # (the grid test below has the engine compute them)


OUTSIDE = [
    ("param_count", {"n_layers": 0}, "n_layers=0"), ("param_count", {"n_layers": 129}, "n_layers=129"),
    ("param_count", {"emb_dim": 16_385, "n_heads": 1}, "emb_dim=16385"),
    ("param_count", {"vocab_size": 1_000_001}, "vocab_size=1000001"),
    ("param_count", {"preset": "huge"}, "preset=huge"),
    ("param_count", {"emb_dim": 1000}, "n_heads=12"),  # 1000 is no multiple of small's 12 heads
    ("ffn_shapes", {"expansion": 9}, "expansion=9"), ("ffn_shapes", {"emb_dim": 2049}, "emb_dim=2049"),
    ("causal_mask", {"tokens": "a"}, "tokens="), ("causal_mask", {"tokens": "a b c d e f g h i"}, "tokens="),
    ("causal_mask", {"token_ids": [1, 2]}, "token_ids="),
    ("pe_combine", {"widths": [1, 2, 3, 4]}, "widths="), ("pe_combine", {"widths": [65_537]}, "widths="),
    ("pe_combine", {"demo_width": 17}, "demo_width=17"),
    ("rnn_vs_attention", {"n_tokens": 1}, "n_tokens=1"), ("rnn_vs_attention", {"n_tokens": 65}, "n_tokens=65"),
    ("attention_cost", {"long": 1024}, "long=1,024"), ("attention_cost", {"position_width": 0}, "position_width=0"),
]


@pytest.mark.parametrize("name,given,says", OUTSIDE, ids=[f"{n}-{s}" for n, _, s in OUTSIDE])
def test_just_outside_the_range_is_refused(name, given, says):
    with pytest.raises(ParamError) as err:
        catalogue.get(name).with_params(given)
    message = str(err.value)
    assert says in message and "\n" not in message


@pytest.mark.parametrize("name,setting,words", [
    ("param_count", "n_layers=129", ("n_layers=129", "1 to 128")),
    ("param_count", "emb_dim=1000", ("emb_dim=1000", "n_heads=12", "multiple")),
    ("causal_mask", "tokens=[a, b, c, d, e, f, g, h, i]", ("tokens=", "2 to 8 words")),
    ("attention_cost", "short=0", ("short=0", "1 to 1,048,576")),
])
def test_the_cli_says_what_is_wrong_in_one_line(name, setting, words):
    r = run_here(name, "--set", setting, "--out", "/nonexistent-never-written")
    assert r.returncode == 2, r.stderr
    lines = [line for line in r.stderr.strip().splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in r.stderr, r.stderr
    for w in words:
        assert w in lines[0], lines[0]


# -- real values at non-default parameters --------------------------------------------------------
def _texts(name, given, lang="en", caption=True):
    """The visible texts of figure `name` and its caption (the formulas and notes it leaves to the text);
    for param_count, of both figures of its record (the model part by part, and the four sizes:
    param_count_sizes)."""
    from studio.gates.figures import draw_figure

    if name == "param_count":
        return _texts("param_count_parts", given, lang) + _texts("param_count_sizes", given, lang)
    if name == "param_count_parts":
        name = "param_count"
    entry = catalogue.get(name).with_params(given)
    fig, doc = draw_figure(entry, Look("light", lang))
    try:
        return [t.get_text() for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()] + \
            ([doc["caption"]] if caption and doc.get("caption") else [])
    finally:
        plt.close(fig)


def test_gpt2_medium_counts_as_written_out_by_hand():
    """GPT-2 medium: E = 1024, L = 24, V = 50,257, C = 1,024, no Q/K/V biases, head untied."""
    V, C, E, L = 50_257, 1_024, 1_024, 24
    tok = V * E  # 51,463,168
    pos = C * E  # 1,048,576
    attention = 3 * E * E + (E * E + E)  # W_Q, W_K, W_V; W_O with its bias
    feed_forward = (E * 4 * E + 4 * E) + (4 * E * E + E)
    norms = 2 * (E + E)  # two LayerNorms, scale and shift
    block = attention + feed_forward + norms
    assert block == 12_593_152
    untied = tok + pos + L * block + 2 * E + V * E
    assert untied == 406_212_608
    tied = untied - V * E
    assert tied == 354_749_440
    with_biases = tied + L * 3 * E  # OpenAI's checkpoint: Q, K, V biases, head tied → "355M"
    assert with_biases == 354_823_168

    plain = {"preset": "medium", "qkv_bias": False}  # the book's GPTModel; by default the figure draws the released one
    record = catalogue.get("param_count").with_params(plain).compute()
    assert record.model_name == "medium"
    assert record.model_untied.total == untied and record.model_tied_params.total == tied
    assert record.model_untied.per_block == block
    assert record.model_bar == 1 and record.bar_names == ("small", "medium", "large", "xl")
    biased = catalogue.get("param_count").with_params({"preset": "medium", "qkv_bias": True, "tied": True}).compute()
    assert biased.model_tied_params.total == with_biases

    texts = _texts("param_count", plain)
    assert any(t.startswith("GPT-2 medium: the feed forward is largest") for t in texts)  # one line; the shape is the line under it
    assert "vocabulary V = 50,257, 24 blocks, d_model = 1,024, context C = 1,024, Q, K, V without biases" in texts  # colour = part, no shade key
    joined = " ".join(texts)
    assert "untied: own output head\n406.21" in texts  # one number a row (the bias assumption is the footnote's); the bytes are the caption's
    assert any("In float32 (4 bytes a parameter): untied 1.51 GiB = 1.62 GB, tied " in t for t in texts), texts
    assert "302,235,648" not in joined  # the per-block sums are the text's, not a table in the caption
    assert "354.75" in texts and "untied 406.21" in texts  # medium's bar: tied (as released) first, untied above
    # the drawn counts leave the Q, K, V biases out: param_count's caption says so, with the released count;
    # param_count_sizes, whose every bar leaves them out, says so in the figure
    drawn = _texts("param_count_parts", plain, caption=False)  # the assumption in the image too
    assert any(t.startswith("Q, K, V without biases: ") and t.endswith("as released, GPT-2 medium has 354,823,168")
               for t in drawn), drawn
    assert any("(Q, K, V without biases; the released GPT-2 medium has 354,823,168)" in t for t in texts)
    assert "Every bar leaves out the Q, K, V biases (the caption gives the counts with them)" in texts
    from figures.param_count import caption_sizes
    assert caption_sizes(record, Look(lang="en")).endswith(  # every size's released count, not small's alone
        "the tied counts are 124,439,808, 354,823,168, 774,030,080, 1,557,611,200; the figure gives counts in millions, "
        "rounded to the nearest 0.01 (exact in the numbers file).")
    assert "An untied output head is 23.7 % of GPT-2 small's untied total, 4.9 % of XL's" in texts
    assert not any("without biases" in t or "no Q, K, V bias" in t
                   for t in _texts("param_count", {"preset": "medium", "qkv_bias": True}))


def test_48_layers_of_small_is_a_fifth_bar_in_billions_when_large():
    texts = _texts("param_count", {"n_layers": 48})
    E, L, V, C = 768, 48, 50_257, 1_024
    block = 3 * E * E + (E * E + E) + (4 * E * E + 4 * E) + (4 * E * E + E) + 4 * E
    total = V * E + C * E + L * block + 2 * E + V * E
    assert any(t.startswith("A GPT-2-shaped model: the ") and t.split("\n")[0].endswith(" is largest") for t in texts)  # the title's line
    assert any(t.startswith("vocabulary V = 50,257, 48 blocks, d_model = 768, context C = 1,024, Q, K, V with") for t in texts)
    assert f"{total:,}" in " ".join(texts)
    assert "this model\nwidth 768\n48 layers\n12 heads" in texts  # five columns: layers and heads a line each

    big = catalogue.get("param_count").with_params({"emb_dim": 12_288, "n_heads": 96, "n_layers": 96}).compute()
    assert big.bars_axis_unit == "B" and big.model_axis_unit == "B"
    texts = _texts("param_count", {"emb_dim": 12_288, "n_heads": 96, "n_layers": 96}, "zh-Hant")
    assert "參數量（十億）" in texts
    assert f"{big.model_untied.total:,}" in " ".join(texts)


def test_ffn_shapes_at_width_64_and_expansion_2():
    record = catalogue.get("ffn_shapes").with_params({"emb_dim": 64, "expansion": 2, "batch": 4,
                                                      "tokens": 10}).compute()
    assert record.shapes == ((4, 10, 64), (4, 10, 128), (4, 10, 128), (4, 10, 64))
    assert record.params.tolist() == [0, 64 * 128 + 128, 0, 128 * 64 + 64]
    texts = _texts("ffn_shapes", {"emb_dim": 64, "expansion": 2, "batch": 4, "tokens": 10})
    assert "Shape in = shape out: the FeedForward widens 64 to 128 (×2) and back" in texts  # one line, no subtitle
    assert "64 × 128 weights + 128 biases = 8,320" not in texts  # the arithmetic is the caption's
    assert "16,576 parameters\n= ½ of the block" in texts
    assert "Linear 64 → 128: 8,320 parameters" in texts and "GELU: no parameters" in texts  # each arrow, the layer it is
    assert not any(t.startswith("after ") for t in texts)  # each stage named once, by its arrow
    assert "input x" in texts and "output" in texts


def test_ffn_shapes_keeps_the_lesson_numbers():
    record = catalogue.get("ffn_shapes").compute()
    assert record.rms_rows == 6 and record.total_params == 4_722_432


def test_causal_mask_with_a_chinese_sentence_and_no_ids():
    record = catalogue.get("causal_mask").with_params({"tokens": "我 愛 貓"}).compute()
    assert record.tokens == ("我", "愛", "貓") and record.token_ids == ()
    assert record.targets == ("愛", "貓", "")  # the token after the sentence is not named
    np.testing.assert_array_equal(record.visible, [1, 2, 3])
    assert (record.n_allowed, record.n_masked) == (6, 3)
    texts = _texts("causal_mask", {"tokens": "我 愛 貓"}, "zh-Hant")
    assert "因果遮罩：3 個位置一次算完，沒有位置看得到未來" in texts
    drawn = _texts("causal_mask", {"tokens": "我 愛 貓"}, "zh-Hant", caption=False)
    assert "→ 句子之後的詞元" in drawn and not any("Transformer(" in t for t in drawn)  # the rows: the caption's
    text = texts[-1]
    assert "h₃ = Transformer(我, 愛, 貓) 預測句子之後的下一個詞元" in text and "h₂ = Transformer(我, 愛) 預測「貓」" in text
    ids = _texts("causal_mask", {"tokens": "a b", "token_ids": [7, 9], "next_token": "c"})
    assert "1 a" in ids and "id 7" not in " ".join(ids[:-1]) and "a = 7" in ids[-1] and '→ "c"' in ids


def test_pe_combine_at_your_widths():
    record = catalogue.get("pe_combine").with_params({"widths": [768], "demo_width": 4}).compute()
    assert record.d_models == (4, 768)
    assert record.wq_params[1].tolist() == [768 * 768, 769 * 768, 2 * 768 * 768]
    texts = _texts("pe_combine", {"widths": [768], "demo_width": 4})
    assert "width 8" in texts and "d_model = 768" not in texts  # the real widths are text, not picture
    from studio.gates.figures import draw_figure

    _, doc = draw_figure(catalogue.get("pe_combine").with_params({"widths": [768], "demo_width": 4}), Look("light", "en"))
    assert "d_model = 768" in doc["caption"] and "W_Q: d_in × d_model: 589,824 | 590,592 | 1,179,648 (×2)" in doc["caption"]


def test_rnn_vs_attention_at_ten_tokens():
    from studio.gates.figures import draw_figure

    texts = _texts("rnn_vs_attention", {"n_tokens": 10})
    assert "⋯" in texts  # the chain is shortened
    # the picture keeps direct labels; the sentences are the caption's
    assert "10 × 10 = 100 query–key pairs" not in texts and "10 tokens → 10 steps, one after another" not in texts
    drawn = _texts("rnn_vs_attention", {"n_tokens": 10}, caption=False)  # the picture alone, without its caption
    assert not any("one after another" in t for t in drawn)  # why the hops are serial: the caption's (changed on purpose)
    assert not any(t.startswith("position 1 to") for t in texts)  # the title says how far x₁ travels, once
    assert "1 step\nfor all 10 × 10\n= 100 pairs" in texts  # the arc's label: one step, and what it costs
    _, doc = draw_figure(catalogue.get("rnn_vs_attention").with_params({"n_tokens": 10}), Look("light", "en"))
    assert "10 × 10 = 100 query–key pairs" in doc["caption"]
    caption = doc["caption"]  # one sentence that matches the drawing: N − 1 = 9 numbered hops, not N steps
    assert "x₁ reaches h₁₀ only after N − 1 = 9 steps, the numbered hops" in caption and "10 steps" not in caption
    assert "so the 9 hops run one after another" in caption  # why the hops are serial, in words
    assert "initial state h₀" in caption and "\n" not in caption and caption.count(".") == 2  # and how steps are counted
    assert "Both sides count the moves from position 1 to position 10" in caption


def test_attention_cost_at_your_lengths():
    record = catalogue.get("attention_cost").with_params({"short": 512, "long": 4096, "position_width": 64}).compute()
    assert (record.length_ratio, record.score_ratio, record.position_ratio) == (8, 64, 8)
    assert record.long_score_bytes == 4096 * 4096 * 4 and (record.long_score_size, record.long_score_unit) == (64, "MiB")
    assert record.lengths[0] <= 512 and record.lengths[-1] >= 4096
    texts = _texts("attention_cost", {"short": 512, "long": 4096, "position_width": 64})
    assert r"input activations, T × $d_{\mathrm{model}}$, toy width $d_{\mathrm{model}}$ = 64" in texts
    assert "score tables, T × T\n64× from T = 512 to 4,096" in texts  # a toy width: one head
    assert "a toy model, d_model = 64, batch 1, float32; score tables counted as if stored whole" in [
        t.split("\n")[0] for t in texts]  # the subtitle's first line: a toy width has no layers or heads, so no pass count
    from figures import attention_cost

    caption = attention_cost.caption(record, Look("light", "en"))
    assert record.short_pass_scores == 144 * 512 * 512 and (record.long_pass_size, record.long_pass_unit) == (9, "GiB")
    assert "one score table in float32 (4 bytes a number) goes from 1 MiB to 64 MiB, the 144 of a forward pass from 144 MiB to 9 GiB" in caption
    assert "d_model = 64" in caption and "meet at T = 64, 4,096 numbers each" in caption  # a toy width, one head: T² = T · d at T = d


def test_ffn_shapes_draws_the_block_share_and_no_rms():
    """One curly brace over the arrows from the first Linear to the second, the one label: 4,722,432 parameters, ⅔ of the 7,085,568-parameter
    block (the record's block_share 0.6665); the arithmetic is the caption's;
    the RMS of the random input and output bears on no shape, so neither figure nor caption gives it."""
    from studio.gates.figures import draw_figure

    texts = _texts("ffn_shapes", {}, caption=False)
    assert not any("RMS" in t for t in texts)
    d = catalogue.get("ffn_shapes").compute()
    assert (d.total_params, d.block_params, round(d.block_percent, 1)) == (4_722_432, 7_085_568, 66.6)
    assert "4,722,432 parameters\n= ⅔ of the block" in texts
    assert abs(d.block_share - 2 / 3) < 0.005
    assert "Linear 768 → 3,072: 2,362,368 parameters" in texts and "Linear 3,072 → 768: 2,360,064 parameters" in texts
    from matplotlib.patches import PathPatch

    from figures import ffn_shapes as module
    from figures.common import figure_context

    look = Look("light", "en")
    with figure_context(look):
        fig = module.make(d, look)
    braces = [p for p in fig.axes[0].patches if isinstance(p, PathPatch)]
    assert len(braces) == 1 and len(braces[0].get_path().vertices) == 11  # one curly brace, not two brackets
    assert not [line for line in fig.axes[0].lines]
    assert "(batch, tokens, features)" in texts  # the input's three axes named
    assert not any("weights" in t or "7,085,568" in t for t in texts)
    _, doc = draw_figure(catalogue.get("ffn_shapes"), Look("light", "en"))
    assert "RMS" not in doc["caption"] and "7,085,568" in doc["caption"]
    assert "Linear 768 → 3,072: 768 × 3,072 weights + 3,072 biases = 2,362,368" in doc["caption"]
    _, doc = draw_figure(catalogue.get("ffn_shapes").with_params({"batch": 64, "tokens": 4096}), Look("light", "zh-Hant"))
    assert "均方根" not in doc["caption"]


def test_param_count_parts_differ_in_greyscale_and_the_title_makes_one_claim():
    """The token embedding (blue) and the attention output (hatched grey) differ by at least 12 L* on paper,
    so they part in greyscale without the hatch; the title is one claim (the largest part)."""
    from figures.param_count import part_colour
    from figures.parts_param_count_text import STRINGS
    from look import Look
    from look.colour import lab

    for theme in ("light", "dark"):
        look = Look(theme, "en")
        assert abs(lab(part_colour(look, "tok_emb"))[0] - lab(part_colour(look, "attn_out"))[0]) >= 12, theme
    assert STRINGS["en"]["title_model"] == "{name}: the {largest} is largest" and ";" not in STRINGS["zh-Hant"]["title_model"]


def test_param_count_subtitle_names_the_qkv_bias_its_counts_follow():
    """The subtitle says whether Q, K, V carry biases, and the tied count drawn is the record's for that choice."""
    for bias, words, count in ((True, "Q, K, V with biases", "124,439,808"), (False, "Q, K, V without biases", None)):
        record = catalogue.get("param_count").with_params({"qkv_bias": bias}).compute()
        texts = _texts("param_count", {"qkv_bias": bias})
        assert any(t.endswith(", context C = 1,024, " + words) for t in texts), texts
        assert f"{record.model_tied_params.total:,}" in " ".join(texts)
        if count:
            assert f"{record.model_tied_params.total:,}" == count
    hant = _texts("param_count", {"qkv_bias": True}, "zh-Hant")
    assert any(t.endswith("；Q、K、V 帶偏置") for t in hant), hant
