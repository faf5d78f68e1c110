"""backprop_small (scenes/backprop_small.py, seed 004 "補充：前向傳播 × 反向傳播"): the paths step's sum
against torch's autograd, the captions added with it against the record, and the played scene as a
viewer meets it: every value a cue states is drawn within its own cue (never a cue early), and every
drawn text with digits has digits at least 3 % of the frame height."""
from __future__ import annotations

import re

import numpy as np
import pytest

from look import Look
from studio import catalogue

torch = pytest.importorskip("torch")


def _cross(u, v) -> float:
    """The z component of the cross product of two plane vectors."""
    return float(u[0] * v[1] - u[1] * v[0])


def record():
    return catalogue.get("backprop_small").compute()


def strings(lang="en"):
    return catalogue.get("backprop_small").load().STRINGS[lang]


def test_paths_add_up_to_the_input_gradient_torch_checked():
    from scenes.backprop.strings import path_sum, sum_text

    d = record()
    x = torch.tensor(d.x, dtype=torch.float64, requires_grad=True)
    w1 = torch.tensor(d.w1, dtype=torch.float64)
    y = torch.tensor(d.w2, dtype=torch.float64) @ torch.tanh(w1 @ x + torch.tensor(d.b1, dtype=torch.float64)) + d.b2
    (0.5 * (y - d.target) ** 2).backward()
    np.testing.assert_allclose(d.dx, x.grad.numpy(), rtol=0, atol=1e-12)  # the engine's ∂L/∂x is autograd's
    # "where paths meet, their gradients add": each path's part is W1[i, j]·∂L/∂z1[i], their sum the gradient
    np.testing.assert_allclose(d.dx_paths, d.w1 * d.dz1[:, None], rtol=0, atol=1e-15)
    np.testing.assert_allclose(d.dx_paths.sum(axis=0), x.grad.numpy(), rtol=0, atol=1e-12)
    assert d.w1.shape == (3, 2) and np.all(d.w1[:, 0] != 0)  # "the first input feeds all three hidden nodes"
    dec, terms, total = path_sum(d.dx_paths[:, 0], d.dx[0])
    assert (dec, terms, total) == (3, ["−0.295", "+0.471", "+0.309"], "0.485")
    # the written terms add up to the written sum (at 2 decimals they would not: −0.29 + 0.47 + 0.31 = 0.49)
    assert round(sum(float(t.replace("−", "-")) for t in terms), dec) == float(total)
    assert strings()["cap_paths_sum"].format(terms=sum_text(terms), g=total) == \
        "Where paths meet, their gradients add: −0.295 + 0.471 + 0.309 = 0.485."
    for lang in ("zh-Hant", "zh-Hans"):
        assert "{terms} = {g}" in strings(lang)["cap_paths_sum"]


def test_the_sum_flows_on_to_a_layer_below():
    """"In a deeper net, this sum is what flows on to the layer below": put a layer u → x = W0 u + b0 in
    front (chosen to give the same x); autograd's ∂L/∂u is W0ᵀ times the summed ∂L/∂x."""
    d = record()
    w0 = np.array([[0.5, -1.0, 0.25], [1.5, 0.5, -0.75]])  # (2, 3)
    u0 = np.array([0.2, -0.3, 0.4])
    b0 = d.x - w0 @ u0
    u = torch.tensor(u0, requires_grad=True)
    x = torch.tensor(w0) @ u + torch.tensor(b0)
    h = torch.tanh(torch.tensor(d.w1) @ x + torch.tensor(d.b1))
    (0.5 * (torch.tensor(d.w2) @ h + d.b2 - d.target) ** 2).backward()
    np.testing.assert_allclose(u.grad.numpy(), w0.T @ d.dx_paths.sum(axis=0), rtol=0, atol=1e-12)


def test_other_captions_against_the_record():
    from look import fmt_num
    from scenes.backprop.strings import f2

    d = record()
    s = strings()
    # "the other two hidden nodes get theirs the same way": ∂L/∂ŷ × W2[i] × (1 − a1[i]²)
    np.testing.assert_allclose(d.dz1[1:], d.dy_hat * d.w2[1:] * (1 - d.a1[1:] ** 2), rtol=0, atol=1e-15)
    assert s["cap_back_arrive"].format(dy=f2(d.dy_hat), w=f2(d.w2[0]), da=f2(d.da1[0])) == \
        "At the top hidden node, the gradient with respect to a is −1.10 × 0.80 = −0.88."
    assert s["cap_back_slope"].format(s=f2(d.slope[0]), dz=f2(d.dz1[0])).endswith("1 − a² = 0.56, the gradient with respect to z is −0.49.")
    # "each step is minus lr times its gradient": every new weight is the old one minus lr × its gradient
    np.testing.assert_allclose(d.b1_new, d.b1 - d.lr * d.db1, rtol=0, atol=1e-15)
    assert d.b2_new == pytest.approx(d.b2 - d.lr * d.db2, abs=1e-15)
    # "undo the nudge: back to w = 0.80, and the loss is 0.603 again": the unnudged weight and the record's loss
    at = d.nudge_at
    w = d.w2[at[1]] if at[0] == 2 else d.w1[at[1], at[2]]
    assert d.nudge_w == w and d.nudged_w == pytest.approx(w + d.nudge, abs=1e-15)
    assert s["cap_undo"].format(w=f2(d.nudge_w), l=fmt_num(d.loss, 3)) == \
        "Undo the nudge: w is back to 0.80, the loss to 0.603."
    for lang in ("zh-Hant", "zh-Hans"):
        assert "0.80" in strings(lang)["cap_undo"].format(w=f2(d.nudge_w), l=fmt_num(d.loss, 3))
    # the ending, "the update steps each weight against its gradient": every change has the gradient's other sign
    for w, w_new, g in ((d.w1, d.w1_new, d.dw1), (d.w2, d.w2_new, d.dw2), (d.b1, d.b1_new, d.db1)):
        assert np.all(np.sign(np.asarray(w_new) - w) == -np.sign(g))
    assert np.sign(d.b2_new - d.b2) == -np.sign(d.db2)


@pytest.fixture(scope="module")
def played():
    """The scene played without drawing (en), with what was on screen at every sampled state."""
    manim = pytest.importorskip("manim")
    from studio.build.dryplay import play_dry
    from studio.gates import teaching
    from studio.gates.scenes import GatePlay

    module = catalogue.get("backprop_small").load()
    look = Look("light", "en")
    gate = GatePlay(look, name="backprop_small", decimals=module.DECIMALS)
    texts = []  # (time, string, digit height / frame height) of every drawn text with a digit
    where = []  # (time, string, centre x, centre y) of the same texts
    records = []  # (time, the per-frame record `numbers --at` prints, every drawn non-caption string)
    boxes = []  # (time, string, box (left, bottom, right, top), is caption) of every drawn text
    ratio = {}

    def digits(mob) -> float | None:
        em = teaching.em_height(mob, look.font)
        if em is None:
            return None
        kind = "tex" if hasattr(mob, "tex_string") and not hasattr(mob, "original_text") else "text"
        if kind not in ratio:  # digit height per em, measured on the same kind of text
            ref = manim.MathTex("0123456789", font_size=48) if kind == "tex" else \
                manim.Text("0123456789", font=look.font, font_size=48)
            ratio[kind] = ref.height / teaching.em_height(ref, look.font)
        return em * ratio[kind] / manim.config.frame_height

    class Watch:
        def start(self, scene):
            gate.start(scene)
            sample = gate.observer.teaching.sample

            def spy(scene_, screen, after_play=False):
                for t in screen.texts:
                    if not t["caption"] and re.search(r"\d", t["string"]):
                        texts.append((scene_.now, t["string"], digits(t["mob"])))
                        where.append((scene_.now, t["string"], *t["mob"].get_center()[:2]))
                records.append((scene_.now, dict(scene_.shown), [t["string"] for t in screen.texts if not t["caption"]]))
                boxes.extend((scene_.now, t["string"], tuple(t["box"]), bool(t["caption"])) for t in screen.texts)
                sample(scene_, screen, after_play)

            gate.observer.teaching.sample = spy

        def finish(self, scene):
            gate.finish(scene)

    scene = play_dry(module.SCENE, record(), look, watch=Watch())
    scene.where, scene.records, scene.text_boxes = where, records, boxes
    return scene, gate, texts


def test_gate_finds_nothing(played):
    _, gate, _ = played
    assert gate.findings == []


def test_each_result_appears_within_its_own_cue(played):
    """Every value a cue states (with decimals) that was not on screen when the cue before it came up is drawn
    within this cue: its drawing starts no earlier than EARLY s before the cue and is done by the cue's
    middle (never a cue early, never after the middle of its cue). Drawn means drawn at the precision the cue
    states it (a weight label 0.60 does not count as the loss 0.596)."""
    scene, gate, _ = played
    t = gate.observer.teaching
    early = 0.3

    def has(nums, x, h, exact=False):  # exact: drawn at the stated precision (a weight 0.60 is not the loss 0.596)
        return any(abs(y - x) <= (h if exact else max(h, k)) * (1 + 1e-9) + 1e-12 and (x == 0) == (y == 0)
                   for y, k in nums if not exact or k <= h * (1 + 1e-9))

    ends = {round(m1, 6): m0 for m0, m1 in t.motion}  # when the play that ended at a sample started
    cues, wrong = scene.cues_log, []
    for i, cue in enumerate(cues):
        start, stop = cue["start_s"], cue.get("end_s", scene.now)
        before = cues[i - 1]["start_s"] if i else 0.0
        stated_before = [r[0] for r in t.numbers_in(cues[i - 1]["text"])] if i else []
        for readings in t.numbers_in(cue["text"]):
            x, h = readings[0]
            if h >= 0.5 or (i and has(t._state_at(before + 1e-6), x, h)) or has(stated_before, x, h):
                continue  # a structure count, or a value already there or stated by the cue before
            first = next((w for w, nums, _ in t.samples if w > before and has(nums, x, h, exact=True)), None)
            if first is None:
                continue
            began = ends.get(round(first, 6), first)
            if began < start - early or began > start + early or first > (start + stop) / 2 + 1e-6:
                wrong.append((cue["id"], round(start, 2), x, round(began, 2), round(first, 2)))
    assert wrong == [], "\n".join(map(str, wrong))


def test_digits_are_three_percent_of_the_frame(played):
    _, _, texts = played
    assert texts, "no text with digits was sampled"
    small = sorted({(s, round(h, 4)) for _, s, h in texts if h is not None and h < 0.03 - 1e-4}, key=lambda p: p[1])
    assert small == [], "\n".join(f"{s!r}: {h:.4f}" for s, h in small)


def test_worked_paths_nudge_and_steps_hold_as_written():
    """The panel's worked lines multiply as written: each path term W₁[i, 1] × ∂L/∂z₁[i] (the gradient at
    the terms' decimals), the nudge's prediction (the gradient at the precision the product needs), the
    re-run's new output, and each weight's step −lr × ∂L/∂w, which is the new weight minus the old."""
    from look import fmt_num
    from scenes.backprop.strings import f2, grad_text, path_sum, pred_text

    d = record()
    dec, terms, _ = path_sum(d.dx_paths[:, 0], d.dx[0])
    # each term is the unrounded product (written ≈ beside the two-decimal factors the nodes show, the panel saying so)
    for i, t in enumerate(terms):
        w, g = (float(v.replace("−", "-")) for v in (f2(d.w1[i, 0]), fmt_num(float(d.dz1[i]), dec)))
        assert fmt_num(w * g, dec, signed=True) == t
        assert abs(float(f2(d.w1[i, 0]).replace("−", "-")) * float(f2(d.dz1[i]).replace("−", "-")) - float(t.replace("−", "-"))) < 0.005
    assert [f"{f2(d.w1[i, 0])} × {f2(d.dz1[i])}" for i in range(3)] == ["0.60 × −0.49", "0.90 × 0.52", "−0.70 × −0.44"]
    assert all("≈" in strings(lang)["paths_round"] for lang in ("en", "zh-Hant", "zh-Hans"))
    # "its gradient −0.73 times 0.01 predicts −0.0073": the gradient as its edge writes it, the written product
    # is the written prediction, and that is the engine's dloss_linear at the product's four decimals
    assert (grad_text(d), pred_text(d)) == ("−0.73", "−0.0073")
    assert fmt_num(float(grad_text(d).replace("−", "-")) * d.nudge, 4) == pred_text(d) == fmt_num(d.dloss_linear, 4)
    assert grad_text(d) == f2(d.dw2[d.nudge_at[1]]) == f2(d.nudge_grad)  # one precision: the edge's label
    # the re-run: only W₂[0] moved to 0.81; its output −0.10 → −0.09 gives the loss shown (0.596)
    from engine.smallnet import small_net_forward

    w2 = np.array(d.w2, float)
    w2[0] += d.nudge
    y = small_net_forward(d.x, d.w1, d.b1, w2, d.b2)[2]
    assert y == pytest.approx(d.y_hat_nudged, abs=1e-15) and (f2(d.y_hat), f2(y)) == ("−0.10", "−0.09")
    assert d.loss_nudged == pytest.approx(0.5 * (y - d.target) ** 2, abs=1e-15)
    # each step −lr × gradient, at 2 decimals, is the new value minus the old one (the marked: +0.07)
    np.testing.assert_allclose(d.w1_new - d.w1, -d.lr * d.dw1, rtol=0, atol=1e-15)
    np.testing.assert_allclose(d.w2_new - d.w2, -d.lr * d.dw2, rtol=0, atol=1e-15)
    assert f2(d.w2_new[0] - d.w2[0], True) == "+0.07" and f2(d.w2_new[0]) == "0.87"


def test_captions_name_the_squared_loss_and_the_node_a_weight_feeds():
    for lang, loss_word, feeds in (("en", "squared loss", "the node it feeds into"),
                                   ("zh-Hant", "平方損失", "所連入的節點"), ("zh-Hans", "平方损失", "所连入的节点")):
        s = strings(lang)
        assert loss_word in s["cap_back_out"] and feeds in s["cap_back_w2"]
        # a bias's gradient is its node's (en says so in one cue: "its node's, as z moves one for one with b")
        assert (feeds if lang != "en" else "its node's") in s["cap_back_end"]
        assert "{g}" in s["cap_nudge_close"] and "{g}" in s["cap_nudge_rough"]


def test_undo_is_shown_and_edge_labels_stand_apart(played):
    """The nudge's undo is drawn when its cue comes up (the panel's undo line and the loss box back to the record's
    loss), and the six W₁ labels each sit on their own edge, clear of one another."""
    scene, gate, _ = played
    t = gate.observer.teaching
    cue = next(c for c in scene.cues_log if c["text"].replace("\n", " ").startswith("Undo the nudge"))
    # the loss box's 0.603 back by the end of the cue's first second (the panel no longer keeps "loss 0.603 → 0.596"
    # through the prediction: its seven lines hold the measured and the predicted change only)
    on = {round(y, 3) for y, _ in t._state_at(cue["start_s"] + 1.0 + 1e-6)}
    assert 0.603 in on
    assert any(s.replace(" ", "") == "undo:w=0.81→0.80" for n, s, *_ in scene.where if cue["start_s"] < n <= cue["start_s"] + 1.5)
    boxes = [scene.lab_w[k] for k in scene.lab_w if k[0] == "w1"]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            apart_x = abs(a.get_x() - b.get_x()) >= (a.width + b.width) / 2
            apart_y = abs(a.get_y() - b.get_y()) >= (a.height + b.height) / 2 + 0.1
            assert apart_x or apart_y, (a[1].text, b[1].text)


def _to_segment(p, a, b) -> float:
    a, b, p = (np.asarray(v[:2], dtype=float) for v in (a, b, p))
    t = np.clip(np.dot(p - a, b - a) / np.dot(b - a, b - a), 0.0, 1.0)
    return float(np.linalg.norm(p - (a + t * (b - a))))


def test_labels_keep_off_other_edges_and_nodes(played):
    """Each weight's label (and its new value, in its place) sits on its own edge, a W₁ one with its edge's number
    beside it (a ring, whose circle keeps 0.1 off other edges and 0.11 off crossings), and each W₂ gradient under its weight on its edge (the W₁ gradients stand in the table, never in a
    weight's place): clear of every other edge by at least 0.15 (14 px at 720p), at least 0.2 from every point where
    two edges cross, and touching no node."""
    from scenes.backprop.place import box_to_segment

    scene, _, _ = played
    clear, away = 0.15, 0.2
    drawn = {("w1", i, j) for i in range(3) for j in range(2)
             if any(s == scene.lab_g[("w1", i, j)][1].text and np.hypot(x - scene.lab_g[("w1", i, j)].get_x(),
                                                                       y - scene.lab_g[("w1", i, j)].get_y()) < 0.05
                    for _, s, x, y in scene.where)}
    assert drawn == {("w1", i, j) for i in range(3) for j in range(2)}, drawn  # all six, in the table
    for k in drawn:
        assert scene.lab_g[k].get_left()[0] >= scene.table_box()[0] - 1e-6 >= 3.6 - 1e-6

    def box(lab):
        r = lab[0]
        return r.get_left()[0], r.get_right()[0], r.get_bottom()[1], r.get_top()[1]

    nodes = [*scene.nodes_in, *scene.nodes_hid, scene.node_out]
    edges = {**{("w1", i, j): e for (i, j), e in scene.e1.items()}, **{("w2", i): e for i, e in enumerate(scene.e2)}}
    crossings = []
    for k, e in edges.items():
        for q, f in edges.items():
            a, b, c, d = (np.asarray(m)[:2] for m in (e.get_start(), e.get_end(), f.get_start(), f.get_end()))
            den = _cross(b - a, d - c)
            if k < q and abs(den) > 1e-9:
                t, u = _cross(c - a, d - c) / den, _cross(c - a, b - a) / den
                if 0 < t < 1 and 0 < u < 1:
                    crossings.append(a + t * (b - a))
    assert len(crossings) == 3  # x₁ to the middle and bottom nodes cross x₂ to the nodes above them
    wrong = []
    for key, own in edges.items():
        # a W₂ weight (and its new value) over its gradient, the pair on its edge, which runs through one of the two;
        # a W₁ weight on its own edge, which runs through it, and its gradient on the same edge
        w, g = box(scene.lab_w[key]), box(scene.lab_g[key])
        if key[0] == "w2":
            pair = (min(w[0], g[0]), max(w[1], g[1]), min(w[2], g[2]), max(w[3], g[3]))
            assert box_to_segment(pair, own.get_start(), own.get_end()) == 0
            assert w[2] > g[3] and abs(scene.lab_w[key].get_x() - scene.lab_g[key].get_x()) < 1e-6  # weight on top
        else:
            assert box_to_segment(w, own.get_start(), own.get_end()) == 0
        for labels in (scene.lab_w, scene.lab_n) + ((scene.lab_g,) if key[0] == "w2" else (scene.edge_nums,)):
            b, text = box(labels[key]), labels[key][1].text
            if labels is scene.edge_nums:  # a ring (its digit 3 % of the frame): its circle 0.1 clear of the others
                c, r = labels[key].get_center()[:2], labels[key][0].width / 2
                wrong += [(text, "edge", k, round(g, 3)) for k, e in edges.items()
                          if k != key and (g := _to_segment(c, e.get_start(), e.get_end()) - r) < 0.1]
                wrong += [(text, "crossing", round(g, 3)) for p in crossings if (g := np.hypot(*(c - p)) - r) < 0.11]
                continue
            wrong += [(text, "edge", k, round(g, 3)) for k, e in edges.items()
                      if k != key and (g := box_to_segment(b, e.get_start(), e.get_end())) < clear]
            wrong += [(text, "crossing", round(g, 3)) for x, y in crossings
                      if (g := np.hypot(max(b[0] - x, 0, x - b[1]), max(b[2] - y, 0, y - b[3]))) < away]
            for n in nodes:  # the label's box against the node's circle
                cx, cy = n.get_center()[:2]
                dx, dy = max(b[0] - cx, 0, cx - b[1]), max(b[2] - cy, 0, cy - b[3])
                if np.hypot(dx, dy) < n.width / 2:
                    wrong.append((text, "node", round(cx, 2), round(cy, 2)))
    assert wrong == [], wrong


def test_gradients_are_written_as_the_captions_write_them(played):
    """A positive gradient is written without a "+" on the edges, the nodes and the working (0.52, as the captions
    write 0.523): only a change (a step, a path's term in a sum) carries its sign."""
    scene, _, _ = played
    d = record()
    assert all(not scene.lab_g[k][1].text.startswith("+") for k in scene.lab_g)
    shown = {scene.lab_g[("w1", i, j)][1].text for i in range(3) for j in range(2)}
    assert {"0.47", "0.20", "0.18"} <= shown and f"{d.dw1[1, 0]:.2f}" == "0.47"


def test_the_ending_has_its_own_header_one_size_and_apart_zeros(played):
    """The summary card comes under its own header (not the forward pass's), its three lines at one size, and the
    loss chart's two zeros (the loss scale's and the first step's) stand apart at the origin."""
    scene, _, _ = played
    assert scene.mode_key.text.replace(" ", "") == strings()["summary"].replace(" ", "")
    for lang in ("en", "zh-Hant", "zh-Hans"):
        assert strings(lang)["summary"] and strings(lang)["summary"] != strings(lang)["again"]
    sizes = [round(line.font_size, 3) for line in scene.card]
    assert len(set(sizes)) == 1, sizes
    assert scene.card.get_right()[0] <= 6.3 + 1e-6
    a, b = scene.plot.zeros
    assert a.text == b.text == "0"
    gap_x = max(a.get_left()[0] - b.get_right()[0], b.get_left()[0] - a.get_right()[0])
    gap_y = max(a.get_bottom()[1] - b.get_top()[1], b.get_bottom()[1] - a.get_top()[1])
    assert max(gap_x, gap_y) >= 0.08, (gap_x, gap_y)


def test_the_nudged_loss_cue_breaks_at_its_clause(played):
    """"The loss moves from 0.603 to 0.596, / changing by −0.00727.": the line ends where the clause does, never
    after an article."""
    scene, _, _ = played
    cue = next(c for c in scene.cues_log if c["text"].startswith("The loss moves from"))
    lines = cue["text"].split("\n")
    assert lines == ["The loss moves from 0.603 to 0.596,", "changing by −0.00727."], lines


def test_the_nudge_runs_the_forward_pass_in_the_net(played):
    """"What does a gradient say?": the edges keep their weights, and the marked edge and the W₂ edges their gradients,
    through the nudge and into the update (the marked edge's −0.73 is what the prediction works, −0.73 × 0.01 = −0.0073); as the cue says "run the
    forward pass again", the nodes' gradients leave and the net shows the re-run: the hidden nodes the engine's
    re-run values; the output its new ŷ (−0.09) by the middle of the cue that says ŷ moves; the undo puts ŷ back
    (−0.10)."""
    from scenes.backprop.strings import f2, grad_text, pred_text

    scene, _, _ = played
    d = record()
    a = next(s["start_s"] for s in scene.sections_log if s["name"] == "nudge")
    b, _ = _cue(scene, "Each step is minus lr")
    times = sorted({n for n, *_ in scene.where if a + 0.05 <= n < b})
    assert times
    # the nudged edge's gradient (the one the prediction works) and the W₂ edges'; no W₁ gradient but a nudged one's
    at = d.nudge_at
    grads = {f2(v) for v in d.dw2} | ({f2(d.dw1[at[1], at[2]])} if at[0] == 1 else set())
    assert f2(d.nudge_grad) in grads
    for n in times:
        on = {s for m, s, *_ in scene.where if m == n}
        assert grads <= on, (round(n, 2), grads - on)
    n0, n1 = _cue(scene, "Nudge the marked weight")
    nodes = [m.get_center()[:2] for m in (*scene.nodes_hid, scene.node_out)]

    def in_nodes(lo, hi):
        return {s for t, s, x, y in scene.where if lo <= t <= hi
                and any(np.hypot(x - nx, y - ny) < 0.1 for nx, ny in nodes)}

    mid = (n0 + n1) / 2
    late = in_nodes(mid, n1)
    assert {f2(v) for v in d.a1_nudged} <= late and not ({f2(v) for v in d.dz1} | {f2(d.dy_hat)}) & late
    r0, r1 = _cue(scene, "The output moves by")  # the nudge reaches the output with the cue that says so
    assert f2(d.y_hat_nudged) == "−0.09" and f2(d.y_hat_nudged) in in_nodes(r0, (r0 + r1) / 2)
    # under it, in the output name's place, its old and new value at Δŷ's four decimals (−0.0982 → −0.0916: they
    # differ by the +0.0066 the cue states, as −0.10 → −0.09 does not)
    from scenes.backprop.ripple import y_text

    moved = f"ŷ: {y_text(d.y_hat)} → {y_text(d.y_hat_nudged)}"
    assert moved == "ŷ: −0.0982 → −0.0916"
    assert any(s == moved for t, s, *_ in scene.where if r0 <= t <= (r0 + r1) / 2)
    # the undo's one cue: the weight back and the loss ("Undo the nudge: w is back to 0.80, the loss to 0.603.")
    u0, u1 = _cue(scene, "Undo the nudge")
    assert f2(d.y_hat) in in_nodes((u0 + u1) / 2, u1)
    assert (grad_text(d), pred_text(d)) == ("−0.73", "−0.0073")
    p0, p1 = _cue(scene, "Its gradient")
    # set in LaTeX under its formula (its result on a line of its own when the product is long)
    flat = lambda s: "".join(s.split()).replace("\\times", "×").replace("-", "−")  # noqa: E731
    drawn = "".join(flat(s) for n, s, *_ in scene.where if p0 <= n <= p1)
    assert f"={grad_text(d)}×{f2(d.nudge)}" in drawn and f"={pred_text(d)}" in drawn, drawn
    # the cue states the gradient as the marked edge shows it while the cue is up (one precision: −0.73, never −0.729)
    cue = next(c["text"] for c in scene.cues_log if c["start_s"] == p0).replace("\n", " ")
    assert cue == "Its gradient −0.73 times 0.01 predicts −0.0073.", cue
    assert any(s == grad_text(d) and n <= p1 for n, s, *_ in scene.where if p0 <= n)
    assert not any("0.729" in s for n, s, *_ in scene.where)


def test_the_update_step_moves_during_its_first_cue(played):
    """"Each weight and each bias takes one step against its own gradient": something moves through the cue (no
    still stretch of 2 s or more while it is read)."""
    scene, gate, _ = played
    a, b = _cue(scene, "Each weight and each bias")
    moving = sorted((max(m0, a), min(m1, b)) for m0, m1 in gate.observer.teaching.motion if m1 > a and m0 < b)
    gaps, at = [], a
    for m0, m1 in moving:
        gaps.append(m0 - at)
        at = max(at, m1)
    gaps.append(b - at)
    assert max(gaps) < 2.0, (round(a, 2), round(b, 2), moving)


def test_the_new_loss_is_in_its_box_as_its_cue_comes_up(played):
    """"One step of gradient descent took the loss from 0.603 to 0.278": by the cue's first frame the loss box shows
    0.278 (and no longer 0.603)."""
    from look import fmt_num

    scene, _, _ = played
    d = record()
    a, _ = _cue(scene, "One step of gradient descent")
    box = scene.loss_box.get_center()[:2]
    at = min({n for n, *_ in scene.where if n >= a})
    inside = {s for n, s, x, y in scene.where if n == at and np.hypot(x - box[0], y - box[1]) < 0.3}
    assert inside == {fmt_num(d.loss_new, 3)} == {"0.278"}, (round(at, 2), inside)


def test_node_gradients_keep_one_precision(played):
    """A hidden node's gradient is written at two decimals wherever it is drawn on the net (node and its bias's gradient), from
    the backward pass to the update: never −0.49 in one place and −0.491 in another."""
    from look import fmt_num

    scene, _, _ = played
    d = record()
    three = {fmt_num(float(v), 3) for v in d.dz1}
    on_net = {s.replace("∂L/∂b", "").strip() for n, s, x, y in scene.where if x < 1.9}
    assert not three & on_net, three & on_net


def test_the_bias_step_is_worked_as_written():
    """"Each weight and each bias takes one step against its own gradient": the output's bias, worked in the panel
    as b ← 0.10 − 0.1 × (−1.10) = 0.21, is the engine's new bias, and its gradient is the output's (∂L/∂b = ∂L/∂ŷ)."""
    from scenes.backprop.strings import f2, lr_text

    d = record()
    assert d.db2 == pytest.approx(d.dy_hat, abs=1e-15)
    assert d.b2_new == pytest.approx(d.b2 - d.lr * d.db2, abs=1e-15)
    line = strings()["bias_step"].format(b=f2(d.b2), lr=lr_text(d.lr), g=f2(d.db2), n=f2(d.b2_new))
    assert line == "b ← 0.10 − 0.1 × (−1.10) = 0.21"
    for lang in ("zh-Hant", "zh-Hans"):
        assert strings(lang)["bias_step"] == strings()["bias_step"] and "bias_grad" not in strings(lang)


def test_the_loss_chart_names_every_step_and_has_a_scale(played):
    """The loss chart names each step 0–5 on its axis and has a round loss scale, so every step's loss can be read."""
    scene, _, _ = played
    d = record()
    ticks, scale = scene.plot.frame[2], scene.plot.frame[4]
    assert [t.text for t in ticks] == [str(k) for k in range(len(d.losses))] == ["0", "1", "2", "3", "4", "5"]
    assert [t.text for t in scale if hasattr(t, "text")] == ["0", "0.2", "0.4", "0.6"]


def _cue(scene, start: str):
    i = next(n for n, c in enumerate(scene.cues_log) if c["text"].replace("\n", " ").startswith(start))
    cue = scene.cues_log[i]
    return cue["start_s"], cue.get("end_s", scene.cues_log[i + 1]["start_s"] if i + 1 < len(scene.cues_log) else scene.now)


def test_each_path_shows_the_weight_its_cue_multiplies(played):
    """"Top path: its weight times its node's gradient, 0.60 × (−0.491)": while each path's cue is up (from its first
    second to its end), its weight (0.60) stands on its edge with no gradient beside it (the cue multiplies the weight;
    the edge's own gradient left with the backward pass), and the node keeps its gradient at two decimals (its bias's framed gradient −0.49 under it); no side tag stands for the weight."""
    from look import fmt_num
    from scenes.backprop.strings import f2, path_sum

    scene, gate, _ = played
    d = record()
    dec, _, _ = path_sum(d.dx_paths[:, 0], d.dx[0])
    assert dec == 3
    flat = lambda s: s.replace(" ", "")  # noqa: E731
    assert "w_tag" not in strings()
    for i, start in enumerate(("Top path", "Middle path", "Bottom path")):
        a, b = _cue(scene, start)
        cue = next(c["text"] for c in scene.cues_log if c["start_s"] == a)
        w, g = f2(d.w1[i, 0]), f2(d.dz1[i])  # the node's gradient as the node writes it; the product ≈ (unrounded)
        assert f"{w} × " in cue.replace("\n", " ") and g in cue and " ≈ " in cue.replace("\n", " ")
        wx, wy = scene.lab_w[("w1", i, 0)].get_center()[:2]
        gx, gy = scene.lab_g[("w1", i, 0)].get_center()[:2]
        during = [(n, s, x, y) for n, s, x, y in scene.where if a + 1.0 <= n <= b - 1e-3]
        times = sorted({n for n, *_ in during})
        assert times
        for n in times:
            on = [(flat(s), x, y) for m, s, x, y in during if m == n]
            assert any(s == w and np.hypot(x - wx, y - wy) < 0.05 for s, x, y in on), (start, n)  # on its edge
            # the path's cue talks about its weight: no W₁ gradient stands on the crossing edges
            gs = flat(scene.lab_g[("w1", i, 0)][1].text)
            assert not any(s == gs and np.hypot(x - gx, y - gy) < 0.05 for s, x, y in on), (start, n)
            assert f2(d.dz1[i]) in {s for s, *_ in on}, (start, n)
            assert not any(s.startswith("w=") for s, *_ in on)


def test_no_value_is_written_twice_on_itself(played):
    """A worked result is written on its edge as it lands, never over a label already there: no two texts with the
    same string within 0.3 of each other at any sampled moment (−0.44 over −0.44)."""
    scene, _, _ = played
    by_time = {}
    for n, s, x, y in scene.where:
        by_time.setdefault(round(n, 6), []).append((s, x, y))
    doubled = set()
    for n, items in by_time.items():
        for k, (s, x, y) in enumerate(items):
            doubled |= {(round(n, 2), s) for s2, x2, y2 in items[k + 1:]
                        if s2 == s and 1e-3 < np.hypot(x - x2, y - y2) < 0.3}  # two texts, not one listed twice
    assert doubled == set(), sorted(doubled)[:5]


def test_one_notation_for_the_biases_and_a_key_that_matches(played):
    """The nodes' column titles keep ∂L/∂z and ∂L/∂ŷ (the biases' gradients are framed numbers, which the panel names
    ∂L/∂b₁ = ∂L/∂z₁, ∂L/∂b₂ = ∂L/∂ŷ); the update's key names what is drawn (a step's sign: > 0 rises, < 0 falls, in the steps' colours);
    the loss curve's cue says the steps are on this one example."""
    scene, _, _ = played
    assert not any("partial b" in getattr(m, "tex_string", "") for t in scene.d_titles for m in t.get_family())
    for lang in ("en", "zh-Hant", "zh-Hans"):
        s = strings(lang)
        assert "> 0" in s["key_up"] and "< 0" in s["key_down"] and "↑" not in s["key_up"] + s["key_down"]
        assert "bias_grad" not in s  # a bias's gradient is framed like a weight's: no second name (∇b) for ∂L/∂b
    assert "this one example" in strings()["cap_curve"]
    assert "同一個例子" in strings("zh-Hant")["cap_curve"] and "同一个例子" in strings("zh-Hans")["cap_curve"]


def test_a_worked_product_stays_long_enough_to_read(played):
    """A cue that works a product (−1.10 × 0.80 = −0.88) while its result moves stays at least 3.5 s."""
    from scenes.backprop_small import WORKED_MIN_S

    scene, _, _ = played
    short = [(c["id"], round(c["end_s"] - c["start_s"], 2)) for c in scene.cues_log
             if "×" in c["text"] and "end_s" in c and c["end_s"] - c["start_s"] < 3.5 - 1e-6]
    assert WORKED_MIN_S >= 3.5 and short == [], short  # 3.5 s as seen, the caption fades counted


def test_a_small_change_passes_each_step_scaled_by_its_slope():
    """"A small change passes each step scaled by that step's slope, so the slopes multiply": a nudge ε of a hidden
    node's z changes a by slope·ε (tanh's 1 − a²), ŷ by W₂·slope·ε and the loss by ∂L/∂ŷ·W₂·slope·ε, which is the
    node's gradient ∂L/∂z₁ times ε (finite differences on the record's values)."""
    d = record()
    eps = 1e-6
    assert "slopes multiply" in strings()["cap_back_mult"]
    assert all("斜率相乘" in strings(lang)["cap_back_mult"] for lang in ("zh-Hant", "zh-Hans"))

    def loss(z1):
        return 0.5 * (float(d.w2 @ np.tanh(z1) + d.b2) - d.target) ** 2

    for i in range(3):
        z = np.array(d.z1, float)
        z[i] += eps
        da = (np.tanh(z[i]) - np.tanh(d.z1[i])) / eps
        assert da == pytest.approx(d.slope[i], rel=1e-5) == pytest.approx(1 - d.a1[i] ** 2, rel=1e-5)
        assert (loss(z) - loss(np.asarray(d.z1, float))) / eps == pytest.approx(d.dy_hat * d.w2[i] * d.slope[i], rel=1e-4)
        assert d.dy_hat * d.w2[i] * d.slope[i] == pytest.approx(d.dz1[i], abs=1e-12)


def test_the_output_gradient_travels_along_its_edge_and_turns_into_the_node_gradient(played):
    """The chain rule as a number that travels: during the cue that says it carries the gradient back, a copy of
    ∂L/∂ŷ (−1.10) is drawn at points along the top W₂ edge, between the output and the top hidden node; as the
    next cue works −1.10 × 0.80 = −0.88, it becomes −0.88 where it arrived; as the slope's cue
    comes, "× 0.56" (the slope, as at every node) is drawn and −0.49 lands in the top hidden node. The weights stay on the edges."""
    from scenes.backprop.net import HID_POS, OUT_POS
    from scenes.backprop.strings import f2

    scene, _, _ = played
    d = record()
    cue = {c["text"].replace("\n", " "): c for c in scene.cues_log}
    chain = cue[strings()["cap_back_chain"]]
    arrive = next(c for t, c in cue.items() if t.startswith("At the top hidden node"))
    slope = next(c for t, c in cue.items() if t.startswith("Times tanh's slope there"))
    dy, da, dz = f2(d.dy_hat), f2(d.da1[0]), f2(d.dz1[0])
    assert (dy, f2(d.w2[0]), da, f2(d.slope[0]), dz) == ("−1.10", "0.80", "−0.88", "0.56", "−0.49")

    def at(lo, hi, text):
        return [(x, y) for t, s, x, y in scene.where if lo <= t <= hi and s == text]

    xs = sorted({round(x, 1) for x, _ in at(chain["start_s"], chain["end_s"], dy)})
    inside = [x for x in xs if HID_POS[0][0] + 0.5 < x < OUT_POS[0] - 0.5]
    assert inside, xs  # a copy off the output node, arrived by the hidden one (the output keeps its own)
    assert at(arrive["start_s"], arrive["end_s"], da)
    assert not [p for p in at(chain["start_s"], arrive["start_s"] - 0.3, da) if p[0] > HID_POS[0][0] + 0.5]
    assert at(slope["start_s"], slope["end_s"], "× 0.56")
    assert any(abs(x - HID_POS[0][0]) < 0.1 and abs(y - HID_POS[0][1]) < 0.1 for x, y in at(slope["start_s"], slope["end_s"], dz))
    # the weight stays on its edge while the number travels along it
    assert at(chain["start_s"], slope["end_s"], "0.80")
    assert d.dy_hat * d.w2[0] == pytest.approx(d.da1[0]) and d.da1[0] * d.slope[0] == pytest.approx(d.dz1[0])


def test_the_worked_edge_is_labelled_before_the_others(played):
    """The edge whose gradient the cue works out (−1.10 × 0.66 = −0.73 on the top W₂ edge; −0.49 × 0.90 = −0.44 on
    the edge from x₁ to the top node) gets its label as the cue starts, and every other edge of its layer only
    after it (by the end of the backward pass every W₁ edge shows its gradient): the picture never gives away the
    results before the worked one."""
    scene, _, _ = played
    lab = scene.lab_g

    def first(key):
        x, y = lab[key][1].get_center()[:2]
        text = lab[key][1].text
        return min((t for t, s, cx, cy in scene.where if s == text and abs(cx - x) < 0.05 and abs(cy - y) < 0.05),
                   default=None)

    for worked, layer, head in ((("w2", 0), "w2", "Weight 0.80:"), (("w1", 0, 0), "w1", "For a first-layer weight,")):
        start = next(c["start_s"] for c in scene.cues_log if c["text"].startswith(head))
        others = [k for k in lab if k[0] == layer and k != worked]
        assert start - 0.3 <= first(worked) <= start + 1.6, (worked, first(worked), start)
        # the other edges of the layer (the W₁ ones too, each in its weight's place) only after it
        assert all(first(k) is not None and first(k) > first(worked) for k in others), [(k, first(k)) for k in others]


def test_the_nudged_edge_shows_its_weight_beside_its_gradient(played):
    """"Nudge the marked weight from 0.80 to 0.81": the marked edge shows its weight, 0.80 then 0.81, beside its
    gradient −0.73 (never the gradient alone, read as the weight being nudged); the undo puts 0.80 back."""
    from scenes.backprop.strings import f2

    scene, _, _ = played
    d = record()
    lab = scene.lab_g[("w2", 0)][1]
    gx, gy = lab.get_center()[:2]
    n0, n1 = _cue(scene, "Nudge the marked weight")
    u0, u1 = _cue(scene, "Undo the nudge")

    def near(lo, hi, text):
        return [(x, y) for t, s, x, y in scene.where if lo <= t <= hi and s == text
                and 0.2 < np.hypot(x - gx, y - gy) < 0.7]

    assert (f2(d.nudge_w), f2(d.nudged_w), f2(d.nudge_grad)) == ("0.80", "0.81", "−0.73")
    assert near(n0, n1, "0.81") and near(u0, u1, "0.80")
    assert any(s == "−0.73" and abs(x - gx) < 0.05 for t, s, x, y in scene.where if n0 <= t <= n1)


def test_the_new_forward_pass_clears_the_old_gradients(played):
    """"Run the forward pass again with the new weights": as it starts, the nodes' old gradients (∂L/∂z₁, ∂L/∂ŷ)
    leave; no sampled frame of the section shows them beside the new weights."""
    from scenes.backprop.strings import f2

    scene, _, _ = played
    d = record()
    a = next(s["start_s"] for s in scene.sections_log if s["name"] == "again")
    old = {f2(v) for v in d.dz1} | {f2(d.dy_hat)}
    nodes = [n.get_center()[:2] for n in (*scene.nodes_hid, scene.node_out)]
    late = [(round(t, 2), s) for t, s, x, y in scene.where if t > a + 0.7 and s in old
            and any(np.hypot(x - nx, y - ny) < 0.1 for nx, ny in nodes)]
    assert late == []


def test_the_record_lists_only_what_is_on_screen(played):
    """`render.py numbers --at T` prints the per-frame record: at every cue's middle, each number it lists is drawn
    (outside the caption) in that frame, and each worked line, tag or card line it lists is drawn as written; a
    value that left the screen (the paths' weight tags, the undone nudge, the update's worked rule) is not listed."""
    scene, _, _ = played
    num = re.compile(r"[−-]?\d+(?:\.\d+)?")
    wrong = []
    for cue in scene.cues_log:
        mid = (cue["start_s"] + cue.get("end_s", scene.now)) / 2
        t, shown, drawn = max((r for r in scene.records if r[0] <= mid + 1e-9), key=lambda r: r[0])
        tokens = {n.replace("-", "−") for s in drawn for n in num.findall(s)}  # LaTeX writes its minus "-"
        flat = "".join("".join(s.split()) for s in drawn)
        for field, value in shown.items():
            # losses_shown: the loss curve's points, plotted, not written
            if field in ("phase", "section", "edges", "losses_shown") or not isinstance(value, str):
                continue
            missing = [n for n in num.findall(value) if n not in tokens]
            if field in ("work", "weight_tag", "nudge_shown", "card"):
                missing += [p for p in value.split(" | ") if p and "".join(p.split()) not in flat]
            if missing:
                wrong.append((round(mid, 2), field, value, missing))
    assert wrong == [], "\n".join(map(str, wrong))


def test_the_weighted_sums_stay_through_the_cue_that_makes_them(played):
    """"Each hidden node sums its weighted inputs plus a bias" (the Chinese cue: "得到 z"): the top node's sum z₁[0] is
    in its node from the end of the cue's first second (it comes in with it, worked in the panel), the other two join
    it, and all three stand in their nodes for the cue's last 2 s at least, until the next cue turns them into a₁; the
    Chinese cue names z."""
    from scenes.backprop.strings import f2

    scene, _, _ = played
    d = record()
    a, b = _cue(scene, "Forward: each hidden node")
    z = [f2(v) for v in d.z1]
    nodes = [n.get_center()[:2] for n in scene.nodes_hid]
    times = sorted({t for t, *_ in scene.where if a + 1.0 - 1e-6 <= t <= b - 1e-3})  # from the end of its reveal
    assert b - a >= 2.0 + 1.0 and times

    def inside(t, i):
        return any(m == t and s == z[i] and np.hypot(x - nodes[i][0], y - nodes[i][1]) < 0.1 for m, s, x, y in scene.where)

    assert all(inside(t, 0) for t in times), [round(t, 2) for t in times if not inside(t, 0)]
    full = [t for t in times if all(inside(t, i) for i in range(3))]
    assert full and full[0] <= b - 2.0 and full == [t for t in times if t >= full[0]], (round(a, 2), round(b, 2), full)
    assert all("z" in strings(g)["cap_forward_how"].split("。")[0] for g in ("zh-Hant", "zh-Hans"))


def test_the_top_nodes_sum_is_worked_with_the_engines_numbers(played):
    """The forward pass works one node's sum: with the cue that says each node sums its weighted inputs plus a bias,
    the panel writes z = W₁[1,1]x₁ + W₁[1,2]x₂ + b₁[1] = 0.60 × 0.90 + (−0.40) × (−0.40) + 0.10 = 0.80 for the top node (its weights,
    the inputs and its bias as the net writes them, its z as its node shows it: the seed's numbers), before the other
    two nodes show theirs; with the next cue, tanh(0.80) = 0.66."""
    from scenes.backprop.maths import full_scripts
    from scenes.backprop.strings import f2

    scene, _, _ = played
    d = record()
    m = lambda t: t.replace("−", "-")  # noqa: E731
    assert [f2(v) for v in (*d.w1[0], *d.x, d.b1[0], d.z1[0], d.a1[0])] == \
        ["0.60", "−0.40", "0.90", "−0.40", "0.10", "0.80", "0.66"]
    assert 0.60 * 0.90 + (-0.40) * (-0.40) + 0.10 == pytest.approx(float(f2(d.z1[0])), abs=0.005)
    a, b = _cue(scene, "Forward: each hidden node")
    flat = lambda s: "".join(s.split()).replace("{}", "")  # noqa: E731  ("{}+": a line's leading plus, spaced)
    terms = flat(r"= 0.60 \times 0.90")
    during = {flat(s) for t, s, *_ in scene.where if a - 1e-6 <= t <= b}
    assert {terms, flat(r"+ (-0.40) \times (-0.40)"), flat("+ 0.10 = " + m(f2(d.z1[0])))} <= during, sorted(during)
    # the symbols name the layer W₁'s weights into node 1 (never a bare w₂, which reads as the layer W₂)
    assert {flat(full_scripts(r"z = W_1[1,1]\,x[1]")), flat(full_scripts(r"+ W_1[1,2]\,x[2] + b_1[1]"))} <= during, \
        sorted(during)  # its indices at full size (scenes.backprop.maths)
    assert not any("w_2" in s for s in during), sorted(during)
    first = min(t for t, s, *_ in scene.where if flat(s) == terms)
    others = [min((t for t, s, x, y in scene.where if s == f2(d.z1[i]) and np.hypot(
        x - scene.nodes_hid[i].get_x(), y - scene.nodes_hid[i].get_y()) < 0.1), default=None) for i in (1, 2)]
    assert all(t is not None and t > first for t in others), (first, others)
    a2, b2 = _cue(scene, "then applies tanh")
    assert flat(rf"a = \tanh({f2(d.z1[0])}) = {f2(d.a1[0])}") in {flat(s) for t, s, *_ in scene.where if a2 <= t <= b2}


def test_a_chinese_caption_never_splits_this_step():
    """"都要乘上這步的斜率": the word 這步 ("this step") is never broken across two caption lines."""
    from scenes.parts.cues import cues, wrap_lines

    for lang, word in (("zh-Hant", "這步"), ("zh-Hans", "这步")):
        lines = [line for c in cues(strings(lang)["cap_back_mult"], lang) for line in wrap_lines(c, lang)]
        assert any(word in line for line in lines), lines


def test_every_first_layer_weight_shows_its_gradient_and_takes_its_step(played):
    """"Each weight and each bias takes one step against its own gradient": through that cue all six ∂L/∂W₁ are on
    their edges (the engine's dw1, as drawn), and through "Each step is minus lr times its gradient" every W₁
    weight's step −lr·∂L/∂W₁ (the engine's new weight minus the old) is drawn, before it becomes its weight; a bias's
    step says whose it is (Δb)."""
    scene, _, _ = played
    d = record()
    from scenes.backprop.strings import f2
    grads = [f2(float(v)) for v in d.dw1.ravel()]  # dw1: [3, 2]
    steps = [f2(float(v), True) for v in (d.w1_new - d.w1).ravel()]
    for start, want in (("Each weight and each bias", grads), ("Each step is minus lr", steps)):
        a, b = _cue(scene, start)
        mid = (a + b) / 2
        _, shown, drawn = max((r for r in scene.records if r[0] <= mid + 1e-9), key=lambda r: r[0])
        tokens = [n for s in drawn for n in re.findall(r"[+−-]?\d+\.\d+", s)]
        assert all(g in tokens for g in want), (want, tokens)
        assert all(g in shown["edge_values"] for g in want), (want, shown["edge_values"])
    assert any(s.startswith("Δb") for s in drawn)


@pytest.mark.parametrize("w2", [None, [2.0, 1.0, 1.0]])
def test_the_nudge_ripples_node_by_node_as_the_rerun_minus_the_original(w2):
    """The nudge's per-node changes (Δz, Δa, Δŷ, ΔL) are the re-run's values minus the original's, and each step's
    ratio is the chain-rule factor the backward pass multiplied there, up to a term of the order of the nudge
    (a W₂ nudge: ŷ and the loss; a W₁ nudge — W₂ = [2, 1, 1] makes one the largest — z, a, ŷ and the loss)."""
    from engine.smallnet import small_net_forward, small_net_step

    d = small_net_step() if w2 is None else small_net_step(w2=w2)
    w1, w2n = d.w1.copy(), d.w2.copy()
    at = d.nudge_at
    if at[0] == 1:
        w1[at[1], at[2]] += d.nudge
    else:
        w2n[at[1]] += d.nudge
    z1, a1, y = small_net_forward(d.x, w1, d.b1, w2n, d.b2)
    loss = 0.5 * (y - d.target) ** 2
    np.testing.assert_allclose(d.dz1_nudge, z1 - d.z1, atol=1e-15)
    np.testing.assert_allclose(d.da1_nudge, a1 - d.a1, atol=1e-15)
    assert d.dy_hat_nudge == pytest.approx(y - d.y_hat, abs=1e-15)
    assert d.dloss_nudge == pytest.approx(loss - d.loss, abs=1e-15)
    nodes = [n for n, *_ in d.ripple]
    assert nodes == (["z", "a", "y", "L"] if at[0] == 1 else ["y", "L"]), nodes
    if at[0] == 1:
        i, j = at[1], at[2]
        assert (d.ripple[0][1], d.ripple[1][1]) == (d.dz1_nudge[i], d.da1_nudge[i])
        assert [f for *_, f in d.ripple] == pytest.approx([d.x[j], d.slope[i], d.w2[i], d.dy_hat])
    else:
        assert [f for *_, f in d.ripple] == pytest.approx([d.a1[at[1]], d.dy_hat])
    assert (d.ripple[-2][1], d.ripple[-1][1]) == (d.dy_hat_nudge, d.dloss_nudge)
    before = d.nudge
    for _, delta, ratio, factor in d.ripple:
        assert ratio == pytest.approx(delta / before)
        assert abs(ratio - factor) <= 10 * d.nudge * max(1.0, abs(factor))
        before = delta


def test_text_keeps_clear_of_the_caption(played):
    """Every drawn text keeps at least 0.2 of clear space from the caption's text, at every sampled state."""
    scene, _, _ = played
    by_time = {}
    for t, s, b, cap in scene.text_boxes:
        by_time.setdefault(t, []).append((s, b, cap))
    close = set()
    for t, items in by_time.items():
        caps = [b for _, b, cap in items if cap]
        for s, b, cap in items:
            if cap or not s.strip():
                continue
            for c in caps:
                gap = float(np.hypot(max(b[0] - c[2], c[0] - b[2], 0.0), max(b[1] - c[3], c[1] - b[3], 0.0)))
                if gap < 0.2 - 1e-6:
                    close.add((s, round(gap, 3)))
    assert close == set(), sorted(close)


def test_the_tangent_on_tanh_has_the_engines_slope(played):
    """"There it is multiplied by the slope of tanh": the tangent line on the small tanh curve rises, in the plot's
    scales, by the engine's slope 1 − a₁² per unit of z, at the point (z₁, tanh z₁) of the last node it was drawn for,
    and its text states that node's slope as the engine gives it, worked as 1 − a² from the node's a (the label
    changed on purpose: the slope's value is now shown to be 1 − a²)."""
    from scenes.backprop.strings import f2
    from scenes.backprop.tangent import HEIGHT, WIDTH, Z_MAX

    scene, _, _ = played
    d = record()
    line, dot, say, _ = scene.tangent_plot[-1]
    (x0, y0, _), (x1, y1, _) = line.get_start(), line.get_end()
    slope = ((y1 - y0) / (HEIGHT / 2)) / ((x1 - x0) / (WIDTH / (2 * Z_MAX)))
    assert abs(slope - float(d.slope[2])) < 1e-6
    assert np.allclose(dot.get_center(), scene.tangent_at(float(d.z1[2]), float(np.tanh(d.z1[2]))))
    # its text states the slope and works it as 1 − a² from the node's a at the node's two decimals (the words as
    # text, the working in LaTeX, its square at full size): "=" when the square of that a rounds to the slope, else
    # "≈" (1 − 0.65² = 0.5775 beside the slope 0.57: a's third decimal is not on the node), changed on purpose
    head, work = say
    a = re.search(r"1\s*-\s*([0-9.]+)\^", work.tex_string).group(1)  # |a|: its square is a²
    assert f2(d.slope[2]) in head.text and a == f2(abs(float(d.a1[2])))
    holds = f2(1 - float(a) ** 2) == f2(d.slope[2])
    assert ("approx" in work.tex_string) == (not holds)


def test_first_layer_gradients_stand_in_a_table_never_in_a_weights_place(played):
    """The W₁ gradients (the engine's dw1) stand in the table at the lower right, one row per numbered edge (number,
    w, ∂L/∂w), never on an edge: at every sampled moment the spot of a W₁ weight's label shows the weight, its new
    value or the nudged weight, never its gradient; the table (its digits 3 % of the frame) keeps right of x = 3.6 and
    clear of the caption."""
    from scenes.backprop.strings import f2

    scene, _, _ = played
    d = record()
    left, right, bottom, top = scene.table_box()
    assert left >= 3.6 and right <= 6.3 + 1e-6 and bottom >= -2.42
    for n, k in enumerate(scene.w1_order(), 1):
        i, j = k[1:]
        assert scene.lab_g[k][1].text == f2(float(d.dw1[i, j]))
        assert scene.edge_nums[k][1].text == str(n)
        assert abs(scene.lab_g[k].get_y() - scene.table_rows[k]) < 1e-6
        row = [s for _, s, x, y in scene.where if abs(y - scene.table_rows[k]) < 0.05 and left <= x <= right]
        assert f2(float(d.w1[i, j])) in row and str(n) in row
    allowed = {k: {f2(float(d.w1[k[1:]])), f2(float(d.w1_new[k[1:]]))} for k in scene.w1_order()}
    wrong = set()
    for k in scene.w1_order():
        cx, cy = scene.lab_w[k][1].get_center()[:2]
        wrong |= {(round(t, 1), k, s) for t, s, x, y in scene.where
                  if np.hypot(x - cx, y - cy) < 0.12 and s not in allowed[k]}
    assert wrong == set(), sorted(wrong)[:5]


def test_the_update_uses_the_weights_gradients_not_the_inputs(played):
    """The update steps the weights: while it runs, no input gradient (∂L/∂x₁, the paths' sum) is drawn, and every
    W₁ step starts in its table row (−lr × its gradient, the engine's new weight minus the old)."""
    from scenes.backprop.strings import f2

    scene, _, _ = played
    d = record()
    a = next(s["start_s"] for s in scene.sections_log if s["name"] == "update")
    b = next(s["start_s"] for s in scene.sections_log if s["name"] == "again")
    sums = {f2(float(d.dx[0])), f2(float(d.dx[1]))} | {r[1]["dx_shown"] for r in scene.records if r[1].get("dx_shown")}
    inputs = [n.get_center()[:2] for n in scene.nodes_in]
    near = [(round(t, 2), s) for t, s, x, y in scene.where if a < t < b and s in sums
            and any(np.hypot(x - nx, y - ny) < 0.1 for nx, ny in inputs)]
    assert near == []
    left = scene.table_box()[0]
    for k in scene.w1_order():
        step = f2(float(d.w1_new[k[1:]] - d.w1[k[1:]]), True)
        assert any(s == step and x >= left and abs(y - scene.table_rows[k]) < 0.05
                   for t, s, x, y in scene.where if a < t < b), (k, step)


def _meet(a, b) -> bool:
    """Whether two boxes (left, bottom, right, top) overlap."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_the_travelling_gradient_never_crosses_the_outputs_label(played):
    """The copies of ∂L/∂ŷ that travel back (as the chain rule is said, and again as the slopes multiply) come in
    beside the output, clear of its "∂L/∂ŷ = −1.10": at no sampled moment is a −1.10 drawn over that label (it read
    "= −1.1010" when the copy left from the label's own place)."""
    from scenes.backprop.strings import f2

    scene, _, _ = played
    dy = f2(record().dy_hat)
    assert dy == "−1.10"
    tag = scene.d_titles[1]
    label = (tag.get_left()[0], tag.get_bottom()[1], tag.get_right()[0], tag.get_top()[1])
    chips = [(round(t, 2), box) for t, s, box, cap in scene.text_boxes
             if s == dy and not cap and not (abs(box[0] - label[0]) < 0.05 and abs(box[1] - label[1]) < 0.05)]
    assert len({t for t, _ in chips}) >= 5  # the copies are drawn: as the rule is said and as the slopes multiply
    assert [c for c in chips if _meet(c[1], label)] == []


def _box(m):
    return (m.get_left()[0], m.get_bottom()[1], m.get_right()[0], m.get_top()[1])


def _gap(a, b) -> float:
    """The clearance between two boxes (left, bottom, right, top): negative when they overlap."""
    return max(a[0] - b[2], b[0] - a[2], a[1] - b[3], b[1] - a[3])


def test_the_output_gradient_stands_a_line_under_the_w2_gradients_header(played):
    """∂L/∂ŷ = −1.10 over the output keeps a line's gap (0.3) under the boxed ∂L/∂W₂ header (at 0.04 the two read as
    one expression), 0.25 clear of the word "loss" and 0.4 clear of the top W₂ edge's labels."""
    scene, _, _ = played
    tag = _box(scene.d_titles[1])
    assert _gap(tag, _box(scene.heads["g"]["2"])) >= 0.3
    assert _gap(tag, _box(scene.col_titles[3])) >= 0.25 - 1e-9
    for lab in (scene.lab_w[("w2", 0)], scene.lab_g[("w2", 0)]):
        assert _gap(tag, _box(lab)) >= 0.4 - 1e-9


def test_the_ending_card_stands_clear_of_the_loss_boxs_labels(played):
    """The summary card's lines start at least 0.3 right of "after step 1" and the word "loss" over the loss box (at
    0.0 the last line read "after step 1update:"), at full size, inside the title-safe edge."""
    scene, _, _ = played
    card = _box(scene.card)
    for lab in (scene.loss_step, scene.col_titles[3]):
        assert _gap(card, _box(lab)) >= 0.3, (card, _box(lab))
    assert scene.card.get_right()[0] <= 6.3 + 1e-6
    assert {round(line.font_size, 3) for line in scene.card} == {round(scene.loss_step.font_size, 3)}  # not shrunk


def test_the_nudge_sets_measured_and_predicted_side_by_side(played):
    """The nudge's measured ΔL and the gradient's prediction on one line with ≈ between them, at the precision the
    record lists them (dloss_shown, predicted_shown), under the worked prediction and clear of it."""
    from scenes.backprop.strings import f5, pred_text

    scene, _, _ = played
    d = record()
    line = scene.nudge_compare
    measured, predicted = f5(d.dloss_nudge), pred_text(d)
    assert (measured, predicted) == ("−0.00727", "−0.0073")
    assert line.text.endswith("−0.00727≈−0.0073") or line.original_text.endswith("−0.00727 ≈ −0.0073")
    assert line.height < 0.6  # one line
    assert abs(d.dloss_nudge - float(predicted.replace("−", "-"))) < 0.05 * abs(d.dloss_nudge)


def test_the_slopes_multiply_as_one_change_followed_hop_by_hop(played):
    """"A small change passes each step scaled by that step's slope, so the slopes multiply": during that cue the
    change is followed on the net (the top node's z 0.80 → 0.81 in the node, then a, ŷ and the loss ticking, ΔL ≈
    −0.0049 beside the loss box) while the panel gathers the three slopes on one line (tanh's slope 0.56, the edge's
    weight 0.80, ∂L/∂ŷ = −1.10: the record's) and their product under it, ΔL/Δz = the node's gradient −0.49 (the
    record's dz1); the pieces come in one after another, the first within 1.5 s of the cue's start."""
    from scenes.backprop.hops import hop_texts, loss_change
    from scenes.backprop.strings import f2

    d = record()
    texts = hop_texts(d)
    assert texts == ["0.56", "× 0.80", "× (−1.10)", "= −0.49 ≈ ΔL/Δz"]
    assert loss_change(d) == "ΔL ≈ −0.0049"
    assert float(d.slope[0]) * float(d.nudge) == pytest.approx(0.0056, abs=5e-5)
    assert float(d.dy_hat * d.w2[0] * d.slope[0]) * 0.01 == pytest.approx(-0.0049, abs=5e-5)
    assert f2(d.dz1[0]) == "−0.49"
    scene, _, _ = played
    a, b = _cue(scene, "A small change passes")
    first = [min((t for t, s, *_ in scene.where if s == text and a - 1e-6 <= t <= b), default=None)
             for text in [f2(d.z1[0] + d.nudge), *texts, loss_change(d)]]
    assert all(t is not None for t in first), first
    assert first[1:5] == sorted(first[1:5]) and first[0] - a < 1.5, (a, first)
    # the node shows z, then the nudged z, at the top hidden node's place
    nx, ny = scene.nodes_hid[0].get_center()[:2]
    assert any(s == f2(d.z1[0] + d.nudge) and np.hypot(x - nx, y - ny) < 0.1 for t, s, x, y in scene.where if a <= t <= b)


def test_each_edge_label_is_nearest_its_own_edge(played):
    """Each weight's label (its value, and its new value, in the same spot) is matched to its edge by position: its
    centre lies on its own edge (within 0.2) and at least twice as far from every other edge (measured on seed 004:
    own ≤ 0.19, any other ≥ 0.51)."""
    scene, _, _ = played
    edges, _ = scene.edge_segments()

    def gap(p, a, b):
        a, b, p = (np.asarray(v[:2], dtype=float) for v in (a, b, p))
        t = np.clip(np.dot(p - a, b - a) / np.dot(b - a, b - a), 0.0, 1.0)
        return float(np.linalg.norm(p - (a + t * (b - a))))

    for labels in (scene.lab_w, scene.lab_n):
        for k, lab in labels.items():
            if k == "b2" or k[0] == "b1":
                continue
            own = (k[1], k[2]) if k[0] == "w1" else k
            c = lab.get_center()
            mine = gap(c, *edges[own])
            other = min(gap(c, *e) for j, e in edges.items() if j != own)
            assert mine < 0.2 and other > 2 * mine, (k, mine, other)


def test_the_ratio_nears_the_gradient_as_the_nudge_shrinks():
    """"The smaller the nudge, the closer the ratio ΔL/Δz comes to it": the forward pass re-run with the top node's z
    moved by 0.01 and by 0.001 (its bias moved, z moves one for one with it) measures ΔL/Δz = −0.487, then −0.491,
    nearer the backward pass's ∂L/∂z = −0.491 each time; checked against a forward pass written out here."""
    from look import fmt_num
    from scenes.backprop.hops import rerun_ratios

    d = record()
    runs = rerun_ratios(d)
    assert [h for h, _ in runs] == pytest.approx([0.01, 0.001])
    for h, r in runs:
        z = np.asarray(d.w1) @ d.x + d.b1
        z[0] += h
        loss = 0.5 * (float(np.asarray(d.w2) @ np.tanh(z) + d.b2) - d.target) ** 2
        assert r == pytest.approx((loss - d.loss) / h, abs=1e-12)
    gaps = [abs(r - float(d.dz1[0])) for _, r in runs]
    assert gaps[1] < gaps[0] / 5
    assert [fmt_num(r, 3) for _, r in runs] + [fmt_num(float(d.dz1[0]), 3)] == ["−0.487", "−0.491", "−0.491"]


def test_the_input_keeps_its_value_while_the_paths_add_up(played):
    """While the paths add up at x₁, its node still shows the input 0.90 (the input does not change); the running sum
    ∂L/∂x₁ (−0.295, 0.176, 0.485) is drawn over it, never in the node."""
    from scenes.backprop.strings import f2

    scene, _, _ = played
    d = record()
    a = next(s["start_s"] for s in scene.sections_log if s["name"] == "paths")
    b = next(s["start_s"] for s in scene.sections_log if s["name"] == "nudge")
    nx, ny = scene.nodes_in[0].get_center()[:2]
    at_node = {s for t, s, x, y in scene.where if a < t < b and np.hypot(x - nx, y - ny) < 0.1}
    assert at_node == {f2(d.x[0])}, at_node
    sums = {r[1]["dx_shown"] for r in scene.records if a < r[0] < b and r[1].get("dx_shown")}
    assert {"−0.295", "0.176", "0.485"} <= sums, sums
    above = [y for t, s, x, y in scene.where if a < t < b and s.lstrip("= ") == "0.485"]
    assert above and min(above) > ny + 0.4


def test_the_paths_factors_keep_their_roles_colours(played):
    """The paths' panel: each weight in the weights' ink, each node gradient (0.52, −0.44, …) and the "∂L/∂z" column
    header in the gradients' blue, as the net draws them; only the product after "≈" is in the paths' own colour."""
    from scenes.backprop.strings import f2, paren

    scene, _, _ = played
    pal, d = scene.pal, record()
    hexa = lambda c: str(c).lower()  # noqa: E731
    assert scene.path_head[0].get_color().to_hex().lower() == hexa(pal.ink)
    assert all(m.get_color().to_hex().lower() == hexa(pal.cool) for m in scene.path_head[1].get_family() if m.has_points())
    for i, w in enumerate(scene.path_works):
        k, g = len(f2(d.w1[i, 0])), len(paren(f2(d.dz1[i])))
        assert {c.get_color().to_hex().lower() for c in w[:k]} == {hexa(pal.ink)}, i
        assert {c.get_color().to_hex().lower() for c in w[k + 1:k + 1 + g]} == {hexa(pal.cool)}, i
        assert {c.get_color().to_hex().lower() for c in w[k + 1 + g:]} == {hexa(pal.ok)}, i
