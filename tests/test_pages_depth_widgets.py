"""The depth page's further widgets (studio.publish.pages.widgets_depth) against the engine, and the
engine functions they use (engine.ffn.ffn_steps, engine.generate) against torch and seed 004."""
from __future__ import annotations

import re

import numpy as np
import pytest

from engine.causal import causal_mask_table
from engine.ffn import FFN_STEP_X, ffn_steps, ffn_weights
from engine.training import shortcut_gradients
from studio.publish.pages import text, widgets_depth
from studio.publish.pages.gpt2_words import PIECES, VOCAB_SIZE, marked, piece
from tests.test_pages import num, nums

torch = pytest.importorskip("torch")

BOOK_IDS = (15496, 11, 314, 716, 27018, 24086, 47843, 30961, 42348, 7267)  # the book's generate_text_simple output
# seed 004 §4.4: the book's printed mean |grad| per layer (G_OFF, G_ON in the page's script)
G_OFF = (0.00020173587836325169, 0.0001201116101583466, 0.0007152041653171182, 0.001398873864673078,
         0.005049646366387606)
G_ON = (0.22169792652130127, 0.20694105327129364, 0.32896995544433594, 0.2665732502937317, 1.3258541822433472)


@pytest.fixture(scope="module")
def runs():
    from engine.generate import prompt_runs

    return prompt_runs()


@pytest.fixture(scope="module")
def built(runs):
    return {name: build() for name, build in widgets_depth.BUILDERS.items()}


# -- engine ------------------------------------------------------------------------------------------
def test_greedy_generation_reproduces_the_books_ids(runs):
    run = runs[0][0]
    assert run.ids == BOOK_IDS and run.prompt_ids == BOOK_IDS[:4]
    assert np.all(run.new_prob > run.runner_up_prob) and np.all(run.new_prob < 1e-3)  # untrained: no ID stands out
    assert [r.prompt_ids for r in runs[0][1:]] == [(6109, 3626, 6100, 345), (6109, 1110, 6622, 257)]
    assert all(len(r.new_ids) == 6 for r in runs[0])


def test_embedding_rows_are_the_models_and_the_ffn_step_is_torchs(runs):
    rows = runs[1]
    assert rows.rows.shape == (len(rows.ids), 768) and {6099, 6100, 6101} <= set(rows.ids)
    assert abs(rows.rows.std() - 1.0) < 0.05  # nn.Embedding's N(0, 1) initialisation
    for x in ((1.0, -0.5), (-2.0, 2.0), (0.0, 0.0)):
        r = ffn_steps(x)
        W1, b1, W2, b2 = ffn_weights(2)
        net = torch.nn.Sequential(torch.nn.Linear(2, 8), torch.nn.GELU(approximate="tanh"), torch.nn.Linear(8, 2)).double()
        with torch.no_grad():
            net[0].weight.copy_(torch.tensor(W1.T)), net[0].bias.copy_(torch.tensor(b1))
            net[2].weight.copy_(torch.tensor(W2.T)), net[2].bias.copy_(torch.tensor(b2))
            want = net(torch.tensor(x, dtype=torch.float64)).numpy()
        np.testing.assert_allclose(r.y, want, rtol=1e-12, atol=1e-14)
        assert r.h.shape == r.g.shape == (8,) and r.y.shape == (2,)
        assert np.all(np.abs(r.W1) <= 1 / np.sqrt(2)) and np.all(np.abs(r.W2) <= 1 / np.sqrt(8))


# -- builders ----------------------------------------------------------------------------------------
def test_ffn_stepper_shows_the_engine_at_every_x(built):
    w = built["ffn"]
    assert len(w["states"]) == len(FFN_STEP_X) ** 2 * 4 and w["max"] == 3
    rng = np.random.default_rng(4)
    for i0, i1 in rng.integers(0, len(FFN_STEP_X), (12, 2)):
        r = ffn_steps((FFN_STEP_X[i0], FFN_STEP_X[i1]))
        st = [w["states"][f"{i0}|{i1}|{k}"] for k in range(4)]
        assert nums(st[0]["v0"]) == pytest.approx(r.x, abs=5e-5)
        assert nums(st[1]["v0"]) == pytest.approx(r.W1[0], abs=5e-5) and nums(st[1]["v2"]) == pytest.approx(r.b1, abs=5e-5)
        assert nums(st[1]["v3"]) == pytest.approx(r.h, abs=5e-5)
        assert nums(st[2]["v1"]) == pytest.approx(r.g, abs=5e-5)
        assert nums(st[3]["v3"]) == pytest.approx(r.y, abs=5e-5)
        assert [s["big"] for s in st] == ["[2, 3, 768]", "[2, 3, 3072]", "[2, 3, 3072]", "[2, 3, 768]"]


def test_shortcut_walks_the_books_gradients_back_layer_by_layer(built):
    g = shortcut_gradients()
    np.testing.assert_allclose(g.without_shortcut, G_OFF, rtol=1e-6)
    np.testing.assert_allclose(g.with_shortcut, G_ON, rtol=1e-6)
    st = built["shortcut"]["states"]
    assert len(st) == 2 * 6
    for sc, grads in (("0", g.without_shortcut), ("1", g.with_shortcut)):
        assert all(st[f"{sc}|0"][f"g{i}"] == "" for i in range(5))  # the loss: nothing reached yet
        last = st[f"{sc}|5"]
        assert [num(last[f"g{i}"]) for i in range(5)] == pytest.approx(grads, rel=1e-5)
        assert [last[f"at{i}"] for i in range(5)] == ["now", "on", "on", "on", "on"]
        assert st[f"{sc}|2"]["layer"] == "4" and st[f"{sc}|2"]["g3"] and not st[f"{sc}|2"]["g2"]
        heights = [float(last[f"bar{i}"]) for i in range(5)]
        assert np.argsort(heights).tolist() == np.argsort(grads).tolist()
    assert st["0|5"]["ratio"] == f"{round(G_OFF[-1] / G_OFF[0])}×"  # the vanishing gradient: 25×
    for k in range(6):  # each bar's label: its layer's mean |gradient| (3 digits, as the answer), once reached
        assert [st[f"1|{k}"][f"v{i}"] for i in range(5)] == [
            f"{v:.3g}" if i >= 5 - k else "" for i, v in enumerate(g.with_shortcut)]


def test_causal_pills_and_decode_steps_are_the_engines(built, runs):
    c, w = causal_mask_table(), built["causal"]
    for q in range(4):
        st = w["states"][str(q)]
        assert st["seen"].split() == list(c.tokens[:q + 1]) and st["target"] == c.targets[q]
        assert st["question"] == " ".join(c.tokens[:q + 1]) + " → ?"
        assert nums(st["weights"]) == pytest.approx(c.uniform_weights[q], abs=5e-5)
        assert [st[f"row{r}"] for r in range(4)].count("hot") == 1
    assert w["allowed"] == np.tril(np.ones((4, 4), int)).tolist()
    d = built["decode"]["states"]
    for p, run in enumerate(runs[0]):
        assert d[f"{p}|0"]["new_ids"] == "" and d[f"{p}|0"]["chosen"] == "—"
        for k in range(1, 7):
            st = d[f"{p}|{k}"]
            assert [int(i) for i in re.findall(r"\d+", st["new_ids"])] == list(run.new_ids[:k])
            assert num(st["chosen"].split()[0]) == run.new_ids[k - 1]
            assert st["chosen"].endswith(marked(run.new_ids[k - 1]))  # its text in GPT-2's vocabulary beside it
            assert st["new_text"] == "".join(marked(i) for i in run.new_ids[:k])
            assert num(st["prob"].rstrip(" %")) == pytest.approx(100 * run.new_prob[k - 1], abs=5e-5)
    word = built["word"]
    assert word["words"] == ["Every", "effort", "moves", "you", "day", "holds", "a"]
    moves = word["states"]["2|3"]
    assert moves["id"] == "6100" and moves["tid1"] == "6100" and moves["tr1"] == "hot"
    row = runs[1].rows[runs[1].ids.index(6100)]
    assert nums(moves["vec"].replace("…", ""))[:4] == pytest.approx(row[:4], abs=5e-5)
    assert word["states"]["2|0"]["id"] == "" and word["states"]["2|0"]["stage1"] == "off"


def test_every_token_a_widget_shows_has_its_gpt2_text(built, runs):
    """The page prints each token's text beside its ID from a bundled slice of GPT-2's vocabulary: every ID the
    decode and word widgets show is in it (a new ID from the engine fails here, not on the page), the prompts'
    pieces read back as the engine's, and the book's untrained run reads as the book prints it."""
    from engine.generate import GPT_CONFIG_124M, PROMPTS

    assert VOCAB_SIZE == GPT_CONFIG_124M["vocab_size"]
    shown = set(runs[1].ids)
    for run in runs[0]:
        shown |= set(run.ids) | set(run.runner_up_id)
    assert shown <= set(PIECES), sorted(shown - set(PIECES))
    for _, pieces, ids in PROMPTS:
        assert [piece(i) for i in ids] == [p.replace(" ", "␣") for p in pieces]
    book = runs[0][0]  # "Hello, I am Featureiman Byeswickattribute argue" (the book's §4.7 output)
    assert b"".join(PIECES[i] for i in book.ids).decode() == "Hello, I am Featureiman Byeswickattribute argue"
    moves = built["word"]["states"]["2|3"]
    assert [moves[f"tword{j}"] for j in range(3)] == [marked(6099), marked(6100), marked(6101)]
    assert moves["tword1"] == "⟨␣moves⟩" and built["word"]["states"]["2|1"]["tword1"] == ""


def test_gpt2_reference_counts_and_every_label_in_three_languages(built):
    ref = built["gpt2"]["ref"]
    assert (ref["untied"], ref["tied"], ref["tied_qkv"]) == ("163,009,536", "124,412,160", "124,439,808")
    assert [p["label"] for p in built["gpt2"]["presets"]][:1] == ["124M"]
    for lang in ("en", "zh-Hant", "zh-Hans"):
        for wid in widgets_depth.BUILDERS:
            assert text.PROSE[lang][wid] and text.UI[lang][f"title_{wid}"]
        note = text.UI[lang]["qkv_note"].format(**ref)
        assert "124,412,160" in note and "124,439,808" in note
        assert set(text.UI["en"]) <= set(text.UI[lang]) | {"size_small", "size_medium", "size_large", "size_xl"}
        assert set(text.PREDICT[lang]) >= {"shortcut", "decode"}


def test_block_stepper_walks_the_worked_block_with_and_without_its_shortcuts(built):
    from engine.block import prenorm_block

    on, off = prenorm_block(), prenorm_block(residual=False)
    np.testing.assert_allclose(on.Y, [[1.0479, 1.8854, -0.8367, 2.7398], [0.8259, 2.4559, -0.2295, 2.4203]], atol=5e-5)
    np.testing.assert_array_equal(off.Z_prime, off.O)  # no shortcut: x = att(x) only
    np.testing.assert_array_equal(off.Y, off.F)
    st, last = built["block"]["states"], built["block"]["max"]
    assert len(st) == 2 * 2 * 14 and last == 13  # ten code lines, the attention's and the FFN's inside them; mask off/on
    for sc, r in (("1", on), ("0", off)):
        assert nums(st[f"{sc}|{last}"]["v0"]) == pytest.approx(r.Y[0], abs=5e-5)
        assert nums(st[f"{sc}|5"]["v5"]) == pytest.approx(r.O[1], abs=5e-5)
        assert [st[f"{sc}|6"][f"line{j}"] for j in range(5)] == ["done"] * 3 + ["now", "todo"]
        assert [st[f"{sc}|{k}"]["line2"] for k in range(2, 6)] == ["now"] * 4  # Q/K/V, scores, A, O: one line
    assert st["0|7"]["title"] == "blk_skip" and st["1|7"]["title"] == "blk_add"
    # every size named, so GPT-2's 4 tokens are not read as the toy's width 4
    assert st["1|0"]["gpt2_shape"] == "[b=2, num_tokens=4, emb_dim=768]" and st["1|0"]["shape"] == "[num_tokens=2, emb_dim=4]"
    assert st["1|2"]["gpt2_shape"] == "[b=2, num_heads=12, num_tokens=4, head_dim=64]"
    assert st["1|10"]["gpt2_shape"] == "[b=2, num_tokens=4, d_ff=3072]"


def test_block_stepper_applies_gpt2s_causal_mask_checked_by_hand(built):
    """Ticked, the mask switch keys the states "sc|mask|step": every later token's scaled score is −∞ and the
    weights are a plain Python softmax over the earlier keys only (token a: itself alone, 1 / 0)."""
    import math

    from engine.block import prenorm_block
    from studio.publish.pages.widgets import topic_widgets

    st, last = built["block"]["states"], built["block"]["max"]
    assert built["block"]["masked"] is False and topic_widgets("depth")["block"]["masked"] is True
    assert topic_widgets("worked")["block"]["masked"] is False  # seed 000 does not mask
    r = prenorm_block(causal=True)
    assert st["1|mask|3"]["title"] == "blk_scores_masked" and st["1|mask|4"]["title"] == "blk_weights_masked"
    assert st["1|mask|3"]["v2"].split()[1] == "−∞" and st["1|mask|3"]["v6"].split()[1] == "−∞"  # E⁽¹⁾[0], E⁽²⁾[0]
    for h in range(2):
        for t in range(2):
            e = r.E[h, t, :t + 1]  # the keys token t may use
            z = [math.exp(v - max(e)) for v in e]
            by_hand = [v / sum(z) for v in z] + [0.0] * (1 - t)
            assert nums(st["1|mask|4"][f"v{2 * h + t}"]) == pytest.approx(by_hand, abs=5e-5)
    assert nums(st["1|mask|4"]["v0"]) == [1.0, 0.0] and nums(st["1|4"]["v0"]) == [0.5, 0.5]
    assert nums(st[f"1|mask|{last}"]["v0"]) == pytest.approx(r.Y[0], abs=5e-5)
    assert st[f"1|mask|{last}"]["v1"] == st[f"1|{last}"]["v1"]  # the last token sees every key either way


def test_layernorm_switch_and_the_small_nets_target_are_the_engines(built):
    from engine.norms import layernorm_example
    from engine.smallnet import small_net_step

    ln, st = layernorm_example(), built["layernorm"]["states"]
    assert [round(v, 4) for v in nums(st["1|3"]["v0"])[:3]] == [0.6160, 1.4126, -0.8719]  # the chapter's stepper
    assert nums(st["0|3"]["v0"]) == pytest.approx(ln.scaled_class[0], abs=5e-5)  # nn.LayerNorm
    assert nums(st["1|4"]["v1"])[1] == pytest.approx(1.0, abs=5e-5) and nums(st["0|4"]["v1"])[1] < 1.0
    assert st["1|1"]["title"] == "mean_var_unbiased" and st["0|1"]["title"] == "mean_var"
    targets = widgets_depth.SMALLNET_TARGETS
    assert targets[built["forward"]["start"]] == 1.0 and len(built["forward"]["states"]) == 5 * len(targets)
    for i in (0, 5, len(targets) - 1):
        s = small_net_step(target=float(targets[i]))
        assert nums(built["forward"]["states"][f"{i}|4"]["v0"]) == pytest.approx([s.loss], abs=5e-5)
        assert nums(built["backward"]["states"][f"{i}|0"]["v0"]) == pytest.approx([s.dy_hat], abs=5e-5)
        assert nums(built["backward"]["states"][f"{i}|4"]["v1"]) == pytest.approx([s.loss, s.loss_new], abs=5e-5)
    for t in targets:  # the prose: one step of lr 0.1 lowers the loss at every target the slider offers;
        s = small_net_step(target=float(t))  # every gradient is proportional to ŷ − target
        assert s.loss_new < s.loss
        np.testing.assert_allclose(s.dw1 / s.dy_hat, small_net_step().dw1 / small_net_step().dy_hat, rtol=1e-12)


def test_every_stepper_asks_for_a_prediction_answered_by_the_engine(built):
    """Forward, backward, FFN, block, decode (and the shortcut) each ask before they show, in every
    language; the answers' numbers are the engine's at the stepper's opening values."""
    from engine.block import prenorm_block
    from engine.ffn import FFN_STEP_X, ffn_steps
    from engine.smallnet import small_net_step
    from studio.publish.pages.widgets import predictions

    answers = predictions()
    for lang in text.PREDICT:
        for wid in ("forward", "backward", "ffn", "block", "decode", "shortcut"):
            q, a = text.PREDICT[lang][wid]
            assert q.format(**answers[wid]) and "{" not in a.format(**answers[wid]), (lang, wid)
    s = small_net_step(target=1.0)
    assert num(answers["forward"]["loss"]) == pytest.approx(s.loss, abs=5e-5)
    assert num(answers["backward"]["loss_new"]) == pytest.approx(s.loss_new, abs=5e-5)
    x0, x1 = built["ffn"]["start"]
    f = ffn_steps((FFN_STEP_X[x0], FFN_STEP_X[x1]))
    assert int(answers["ffn"]["n_neg"]) == int(np.sum(f.h < 0)) and num(answers["ffn"]["g"]) < 0  # GELU: not 0
    b = prenorm_block()
    assert answers["block"]["weights"] == "0.5000 / 0.5000" and not np.any(b.Q[0, 0])
    assert answers["block"]["masked"] == "1.0000 / 0.0000"


def test_no_stepper_opens_on_an_empty_panel(built):
    """At step 1 every stepper shows something in each of its panels: rows of numbers, or (the shortcut's
    chart before the first step back, the decoder's readouts before the first token) a line saying so."""
    for wid, w in built.items():
        if "max" not in w or not w.get("states"):
            continue
        first = [k for k in w["states"] if k.endswith("|0")]
        for k in first:
            st = w["states"][k]
            if wid == "shortcut":
                assert st["hint"] == "sc_hint" and st["out"], k
            elif wid == "decode":
                assert all(st[f] for f in ("chosen", "prob", "runner", "prompt_ids")), k
            elif wid == "word":
                assert st["word"], k
            else:
                assert int(st["rows"]) > 0 and st["v0"].strip(), (wid, k)
    sc = built["shortcut"]["states"]
    assert all(not sc[k]["hint"] for k in sc if not k.endswith("|0"))


def test_dim_toggle_shows_row_means_or_column_means_from_the_engine(built):
    """Seed 004 §4.2's dim = −1 / dim = 0 switch on the 2×6 output: two row means (LayerNorm's direction)
    or six column means (BatchNorm's), as torch's out.mean(dim, keepdim=True) gives them."""
    from engine.norms import dim_mean, layernorm_example

    torch.manual_seed(0)
    out = layernorm_example().out
    t = torch.tensor(out)
    np.testing.assert_allclose(dim_mean(out, -1), t.mean(dim=-1, keepdim=True).numpy(), atol=1e-12)
    np.testing.assert_allclose(dim_mean(out, 0), t.mean(dim=0, keepdim=True).numpy(), atol=1e-12)
    rows, cols = built["lndim"]["states"]["0"], built["lndim"]["states"]["1"]
    assert [num(rows[f"m{r}"]) for r in range(2)] == pytest.approx(out.mean(axis=1), abs=5e-5)
    assert [num(cols[f"c{c}"]) for c in range(6)] == pytest.approx(out.mean(axis=0), abs=5e-5)
    assert rows["shape"] == "[2, 1]" and cols["shape"] == "[1, 6]" and not cols["m0"] and not rows["c0"]
    assert rows["o1_3"] == cols["o1_3"] == "0.5198"  # the book's output, the same in both
    for lang in text.PREDICT:
        assert text.PREDICT[lang]["lndim"][1].format(**__import__("studio.publish.pages.widgets", fromlist=["x"]).predictions()["lndim"])


def test_knowledge_check_has_six_explained_questions_in_each_language(built):
    """Seed 004's 知識檢核: six questions, each option list and explanation in every page language, the
    explanations' numbers from the engine (GPT-2's tied and untied counts, the shortcut's gradients)."""
    from engine.gpt2 import gpt2_params

    qs = built["quiz"]["questions"]
    assert len(qs) == 6
    tying = next(q for q in qs if q["id"] == "tying")["args"]
    assert num(tying["untied"]) - num(tying["tied"]) == num(tying["diff"]) == 50257 * 768
    assert num(tying["tied"]) == gpt2_params(tied=True).total
    g = shortcut_gradients()
    sc = next(q for q in qs if q["id"] == "shortcut")["args"]
    assert float(sc["off"]) == pytest.approx(G_OFF[0], rel=2e-3) and float(sc["on"]) == pytest.approx(G_ON[0], rel=2e-3)
    assert float(sc["on"]) > float(sc["off"]) and g.with_shortcut[0] > g.without_shortcut[0]
    for lang in text.UI:
        items = text.UI[lang]["quiz_items"]
        for q in qs:
            question, options, why = items[q["id"]]
            assert len(options) == q["options"] and 0 <= q["correct"] < len(options), (lang, q["id"])
            for t in (question, why, *options):
                assert "{" not in t.format(**q["args"]), (lang, q["id"])
        assert len({items[q["id"]][0] for q in qs}) == 6
    from studio.publish.deck.slides import WIDGET_PARTS

    # the deck shows the check two questions a slide: one deck part per pair
    per = built["quiz"]["per_part"]
    assert len(WIDGET_PARTS["quiz"]) == -(-len(qs) // per) and per * len(WIDGET_PARTS["quiz"]) >= len(qs)


def test_each_shortcut_ratio_says_what_it_divides_wherever_it_appears(built):
    """The depth page shows three ratios of one run of the book's 5-layer net, numbered in the order
    the widget's slide shows them: ① without the shortcut, the last layer's mean |∂L/∂W| ÷ layer 1's
    (the widget's readout, the predict answer); ② with ÷ without the shortcut, layer 1's weights' mean
    |∂L/∂W| (the widget's note, the quiz); ③ with ÷ without, the backward signal |∂L/∂h| at layer 1's
    output (the figure). Each place names its ratio by its mark and what it divides, with the engine's
    value."""
    g = shortcut_gradients()
    weights, signal, fading = (f"{g.weight_grad_ratio[0]:,.0f}", f"{g.signal_ratio[0]:,.0f}",
                               f"{g.without_shortcut[-1] / g.without_shortcut[0]:,.0f}")
    assert (weights, signal, fading) == ("1,099", "90", "25")  # seed 004's run: three different numbers
    m = built["shortcut"]["measures"]
    assert m == {"weights": weights, "signal": signal, "fading": fading}
    quiz = next(q for q in built["quiz"]["questions"] if q["id"] == "shortcut")
    answers = widgets_depth.depth_predictions()["shortcut"]
    assert answers["ratio"] == fading
    for lang in ("en", "zh-Hant", "zh-Hans"):
        ui = text.UI[lang]
        fig = ui["sc_fig_measures"].format(**m)  # under the figure
        assert f"×{signal}" in fig and "|∂L/∂h|" in fig and "③" in fig.split(f"×{signal}")[1][:60], lang
        assert f"① " in fig and f"{weights}×" in fig and "② " in fig and f"{fading}×" not in fig, lang  # the question's answer
        assert ui["sc_measures"].count("{fading}×") == 1, lang  # the note masks "25×" whole (views_depth.html)
        note = ui["sc_measures"].format(**m)  # under the widget
        assert [note.index(f"{k} ") for k in "①②③"] == sorted(note.index(f"{k} ") for k in "①②③") and all(v in note for v in (weights, signal, fading)), lang
        assert ui["sc_ratio"].startswith("① ") and "|∂L/∂W|" in ui["sc_ratio"], lang  # the readout
        predict = text.PREDICT[lang]["shortcut"][1].format(**answers)
        assert f"{fading}×" in predict and "①" in predict, lang
        explain = ui["quiz_items"]["shortcut"][2].format(**quiz["args"])
        assert f"{weights}" in explain and "②" in explain and f"×{signal}" in explain and "③" in explain, lang


def test_shortcut_readout_names_what_it_shows_and_the_references_follow_the_order(built):
    """The ratio readout is ① (without the shortcut) only when the shortcut is off; ticked, it says it shows the
    run with the shortcut (6×, not ①'s 25×). The widget comes before its figure (REVEALED_BY): the widget's list
    points to the figure after it, the figure's note to the widget before it. The switch reads as words."""
    st = built["shortcut"]["states"]
    assert st["0|5"]["ratio"] == "25×" and st["1|5"]["ratio"] == "6×"  # with its ×, as every ratio on the page
    assert all(st[f"0|{k}"]["ratio_name"] == "sc_ratio_off" and st[f"1|{k}"]["ratio_name"] == "sc_ratio_on"
               for k in range(6))
    assert text.REVEALED_BY["shortcut"] == ("shortcut_gradients",)
    after = {"en": ("after this widget", "before this figure"), "zh-Hant": ("這個小工具之後", "這張圖前面"),
             "zh-Hans": ("这个小组件之后", "这张图前面")}
    for lang, (to_fig, to_widget) in after.items():
        ui = text.UI[lang]
        assert ui["sc_ratio_off"].startswith("① ") and "①" not in ui["sc_ratio_on"].replace("（不是 ①）", "").replace(
            "(not ①)", ""), lang
        assert to_fig in ui["sc_measures"] and to_widget in ui["sc_fig_measures"], lang
        for wrong in ("above", "below", "上面", "下面"):
            assert wrong not in ui["sc_measures"].split("③")[1] and wrong not in ui["sc_fig_measures"], lang
        assert "use_shortcut" not in ui["use_shortcut"] and ui["use_shortcut"].strip(), lang


def test_word_widget_holds_the_batch_as_token_ids_and_the_logits_shape(built):
    """§4.1's batch under the word widget: the two sentences' token IDs as engine.generate.PROMPTS has them (shape
    [2, 4]), the logits' shape [2, 4, 50257] (the vocabulary of the embedding record), and the picked word's ID
    marked in every cell that holds it ("Every" starts both sentences)."""
    from engine.generate import PROMPTS

    w = built["word"]
    assert [b["ids"] for b in w["batch"]] == [list(p[2]) for p in PROMPTS[1:]]
    assert w["logits_shape"] == [2, 4, w["vocab"]] and w["vocab"] == 50257
    every = w["words"].index("Every")
    st = w["states"][f"{every}|0"]
    assert [st[f"bt{r}_0"] for r in range(2)] == ["hot", "hot"] and st["bt0_1"] == st["bt1_3"] == "cold"


def test_calculator_says_why_xl_reads_1557m_where_the_seed_says_1558m(built):
    """The presets count the book's GPTModel (qkv_bias=False); only XL rounds to another million with GPT-2's Q/K/V
    biases (3 · 1600 · 48 = 230,400 more): 1,557,380,800 ≈ 1557M here, 1,557,611,200 ≈ 1558M in the seed."""
    from engine.gpt2 import gpt2_params

    notes = built["gpt2"]["label_notes"]
    assert [n["name"] for n in notes] == ["xl"] and notes[0]["m"] == "1557" and notes[0]["m_qkv"] == "1558"
    q, t = (gpt2_params(emb_dim=1600, n_layers=48, tied=True, qkv_bias=b).total for b in (True, False))
    assert q - t == 3 * 1600 * 48 and notes[0]["extra"] == "230,400" and notes[0]["qkv"] == "1,557,611,200"
    assert "{m_qkv}M" in text.UI["en"]["size_note"] and "qkv_bias" in text.UI["zh-Hant"]["size_note"]
