"""The depth lesson's further widgets (seed 004, 004_bed12ab9efcd69b0.html), computed by the engine.

Lookup widgets, as in studio.publish.pages.widgets (the page's controls join into a key; every
string shown is stored under it):

- layernorm: §4.2 "一步步做正規化", the 2×6 output step by step, nn.LayerNorm's convention or (switch)
  the chapter's own stepper (divide by n − 1); forward, backward: "補充：前向×反向", the 2-3-1 tanh
  net, with a slider for the target (engine.norms:layernorm_example, engine.smallnet:small_net_step);
- ffn: §4.3 "FeedForward：768 → 3072 → 768", x → x W₁ + b₁ → GELU → · W₂ + b₂ on one small token
  vector (engine.ffn:ffn_steps), x chosen with two sliders, the shapes at GPT-2's width beside it
  (engine.ffn:ffn_shapes);
- shortcut: §4.4 the use_shortcut switch and the book's 5-layer net, the gradient walked back layer by
  layer (engine.training:shortcut_gradients);
- block: §4.5 TransformerBlock.forward line by line, with the same switch, every matrix of seed 000's
  worked block inside it (studio.publish.pages.widgets_block; the worked page shows it too);
- lndim: §4.2 the dim = −1 / dim = 0 switch (engine.norms:dim_mean); quiz: the end-of-chapter knowledge
  check (studio.publish.pages.widgets_quiz);
- causal: §4.1 "causal mask" pills: what each position may attend to (engine.causal:causal_mask_table);
- word: §4.1 "動畫：一個英文字如何走進模型": word → token ID → embedding row (engine.generate:embedding_rows),
  with the batch of two sentences as token IDs [2, 4] and the logits' shape [2, 4, 50257] dimension by dimension;
- decode: §4.7 greedy generation, one token per step (engine.generate:prompt_runs).

One widget computes in the page: gpt2, §4.6 "參數計算器" with its four free sliders (width, heads,
layers, vocabulary), the presets and weight tying. Any slider position is allowed, so no table can
hold it: static/depth.js ports engine.gpt2:gpt2_params (a browser test checks the port against it at
random settings); this builder hands the page the presets and the engine's reference counts.
"""
from __future__ import annotations

import numpy as np

from look import fmt_int, fmt_num
from look.formats import superscript
from studio.publish.pages.gpt2_words import marked
from studio.publish.pages.cells import grid_stepper as _grid_stepper, num as _num, vec as _vec
from studio.publish.pages.widgets_block import HEAD_MARK, SUPERSCRIPT, TOKEN_NAMES, block_widget, shape as _shape
from studio.publish.pages.widgets_quiz import quiz_widget

SHORTCUT_BAR_DECADES = (-5.0, 1.0)  # the gradient bars' log10 axis: 10⁻⁵ … 10¹
SHORTCUT_GUESS_BANDS = (2.0, 10.0)  # the prediction pills: under 2× smaller, 2× to 10×, over 10× (layer 1 vs the last)


# -- §4.2 LayerNorm, and the forward and backward pass of the small net --------------------------
SMALLNET_TARGETS = np.round(np.arange(-1.0, 2.0 + 1e-9, 0.25), 10)  # the target slider; the chapter's is 1.0
SMALLNET_X = (-1.0, 1.0, 0.05)  # the x₀, x₁ sliders: min, max, step (the chapter's x = 0.9, −0.4 on it)


LNDIM_DIMS = (-1, 0)  # the two pills: the feature dimension (LayerNorm's), the batch dimension


def lndim_widget() -> dict:
    """§4.2 "先看 dim 往哪個方向算": the same 2×6 output, out.mean(dim=−1, keepdim=True) (one mean per
    row: LayerNorm) or out.mean(dim=0, keepdim=True) (one per column: BatchNorm), engine.norms.dim_mean."""
    from engine.norms import dim_mean, layernorm_example

    out = layernorm_example().out  # (2, 6)
    rows, n = out.shape
    states = {}
    for k, dim in enumerate(LNDIM_DIMS):
        m = dim_mean(out, dim)  # (rows, 1) or (1, n)
        st = {"code": f"out.mean(dim={dim}, keepdim=True)", "shape": _shape(*m.shape),
              "note": "dim_row_note" if dim == -1 else "dim_col_note", "mode": "rows" if dim == -1 else "cols",
              "n_means": str(m.size)}
        for r in range(rows):
            for c in range(n):
                st[f"o{r}_{c}"] = _num(out[r, c])
            st[f"m{r}"] = _num(m[r, 0]) if dim == -1 else ""
        for c in range(n):
            st[f"c{c}"] = _num(m[0, c]) if dim == 0 else ""
        states[str(k)] = st
    return {"engine": "engine.norms:dim_mean (engine.norms:layernorm_example's out)", "keys": list(states),
            "states": states, "rows": rows, "cols": n, "dims": list(LNDIM_DIMS), "start": 0}


def layernorm_widget() -> dict:
    """LayerNorm stepper on the 2×6 output: out → mean/var → centred → scaled → check (layernorm_example).

    Off: as nn.LayerNorm and the layernorm_steps scene compute it, the population variance (divide by n)
    with ε = 1e-5 under the root, so the check's variance is just under 1. On: the chapter's own stepper
    (divide by n − 1, no ε), whose scaled row is the printed 0.6159, 1.4126, −0.8719 (docs/design.md §3)."""
    from engine.norms import layernorm_example

    ln = layernorm_example()
    rows = range(ln.out.shape[0])
    grid = {}
    for u in (0, 1):
        var, scaled = (ln.var_unbiased, ln.scaled_unbiased) if u else (ln.var_biased, ln.scaled_class)
        mean, chk = (ln.check_mean_unbiased, ln.check_var_unbiased) if u else (ln.check_mean_class, ln.check_var_class)
        tag = "_unbiased" if u else ""
        steps = [("out", [(f"[{r}]", _vec(ln.out[r])) for r in rows]),
                 ("mean_var" + tag, [(f"[{r}]", [_num(ln.mean[r]), _num(var[r])]) for r in rows]),
                 ("centred", [(f"[{r}]", _vec(ln.centred[r])) for r in rows]),
                 ("scaled" + tag, [(f"[{r}]", _vec(scaled[r])) for r in rows]),
                 ("check", [(f"[{r}]", [_num(mean[r]), _num(chk[r])]) for r in rows])]
        grid[str(u)] = [(t, r, {}) for t, r in steps]
    return _grid_stepper("engine.norms:layernorm_example", grid, 5)


def _smallnet(build) -> dict:
    from engine.smallnet import X, small_net_step

    grid = {}
    for i, t in enumerate(SMALLNET_TARGETS):
        value = fmt_num(t, 2)
        grid[str(i)] = [(title, rows, {"t": value, "vt": "target = " + value})
                        for title, rows in build(small_net_step(target=float(t)))]
    return _grid_stepper("engine.smallnet:small_net_step", grid, 5,
                         {"n_t": len(SMALLNET_TARGETS) - 1, "start": _smallnet_start(), "targets": [float(t) for t in SMALLNET_TARGETS],
                          "net": _smallnet_weights(), "x": [float(v) for v in X], "x_range": list(SMALLNET_X)})


def _smallnet_weights() -> dict:
    """The net's weights and learning rate, for the page's port of small_net_step (static/smallnet.js): x₀ and x₁
    move freely there, so the rows' values and the diagram are computed in the page from these."""
    from engine.smallnet import B1, B2, LR, W1, W2

    return {"w1": W1.tolist(), "b1": B1.tolist(), "w2": W2.tolist(), "b2": float(B2), "lr": float(LR)}


def _smallnet_start() -> int:
    """The target the forward and backward steppers open on: the chapter's, 1.0."""
    return int(np.argmin(np.abs(SMALLNET_TARGETS - 1.0)))


def forward_widget() -> dict:
    """Forward stepper on the 2-3-1 tanh net: x → z1 → a1 → ŷ → loss (small_net_step), any target."""
    return _smallnet(lambda s: [("x", [("x", _vec(s.x))]), ("z1", [("z1", _vec(s.z1))]), ("a1", [("a1", _vec(s.a1))]),
                                ("y_hat", [("ŷ", _vec(s.y_hat))]), ("loss", [("loss", _vec(s.loss))])])


def backward_widget() -> dict:
    """Backward stepper on the same net: ∂L/∂ŷ → ∂L/∂a1 → ∂L/∂z1 → weight gradients → update, any target."""
    return _smallnet(lambda s: [
        ("dy", [("∂L/∂ŷ", _vec(s.dy_hat))]), ("da1", [("∂L/∂a1", _vec(s.da1))]), ("dz1", [("∂L/∂z1", _vec(s.dz1))]),
        ("dw", [("∂L/∂W2", _vec(s.dw2)), ("∂L/∂b2", _vec(s.db2))]
         + [(f"∂L/∂W1[{r}]", _vec(s.dw1[r])) for r in range(s.dw1.shape[0])]),
        ("update", [("ŷ", [_num(s.y_hat), _num(s.y_hat_new)]), ("loss", [_num(s.loss), _num(s.loss_new)])])])


# -- §4.3 the FeedForward's arithmetic ---------------------------------------------------------
def ffn_widget() -> dict:
    """x₀, x₁ sliders and four steps: x, h = x W₁ + b₁ (W₁ and b₁ shown), GELU(h), y = g W₂ + b₂."""
    from engine.ffn import FFN_STEP_X, ffn_shapes, ffn_steps

    big = ffn_shapes()  # GPT-2 small: [2, 3, 768] → [2, 3, 3072] → … → [2, 3, 768]
    big_shape = ["[" + ", ".join(str(n) for n in s) + "]" for s in big.shapes]
    grid = {}
    for i0, a in enumerate(FFN_STEP_X):
        for i1, b in enumerate(FFN_STEP_X):
            r = ffn_steps((a, b))
            x_text = fmt_num(a, 1) + ", " + fmt_num(b, 1)
            small = [f"({r.emb_dim},)", f"({r.hidden_dim},)", f"({r.hidden_dim},)", f"({r.emb_dim},)"]
            common = {"x0": fmt_num(a, 1), "x1": fmt_num(b, 1), "vt0": "x₀ = " + fmt_num(a, 1),
                      "vt1": "x₁ = " + fmt_num(b, 1), "x": x_text}
            steps = [
                ("ffn_x", [("x", _vec(r.x))]),
                ("ffn_h", [(f"W₁[{j}]", _vec(r.W1[j])) for j in range(r.emb_dim)] + [("b₁", _vec(r.b1)),
                                                                                       ("h", _vec(r.h))]),
                ("ffn_g", [("h", _vec(r.h)), ("GELU(h)", _vec(r.g))]),
                ("ffn_y", [(f"W₂[:, {j}]", _vec(r.W2[:, j])) for j in range(r.emb_dim)]
                 + [("b₂", _vec(r.b2)), ("y", _vec(r.y))]),
            ]
            grid[f"{i0}|{i1}"] = [(t, rows, common | {"shape": small[k], "big": big_shape[k]})
                                  for k, (t, rows) in enumerate(steps)]
    return _grid_stepper("engine.ffn:ffn_steps + engine.ffn:ffn_shapes", grid, 4,
                         {"n_x": len(FFN_STEP_X) - 1, "start": list(ffn_widget_start())})


def ffn_widget_start() -> tuple:
    """The slider positions the FFN stepper opens on: x = (1.0, −0.5)."""
    from engine.ffn import FFN_STEP_X

    return int(np.argmin(np.abs(FFN_STEP_X - 1.0))), int(np.argmin(np.abs(FFN_STEP_X + 0.5)))


# -- §4.4 shortcut connections -----------------------------------------------------------------
def _log_bar(x: float) -> str:
    lo, hi = SHORTCUT_BAR_DECADES
    v = min(max(np.log10(x), lo), hi)
    return f"{100.0 * (v - lo) / (hi - lo):.2f}"


def shortcut_widget() -> dict:
    """use_shortcut switch and a backward walk: step 0 the loss, step k the gradient reaching layer n − k + 1."""
    from engine.training import shortcut_gradients

    g = shortcut_gradients()
    n = len(g.layer_names)
    grid = {}
    for sc, grads, out in ((0, g.without_shortcut, g.output_without), (1, g.with_shortcut, g.output_with)):
        steps = []
        for k in range(n + 1):
            reached = range(n - k, n)  # the layers the backward pass has reached after k steps
            fields = {"out": _num(out), "first": f"{grads[0]:.3g}", "last": f"{grads[-1]:.3g}",
                      "ratio": f"{grads[-1] / grads[0]:,.0f}×",  # a ratio as the page writes them: 25×
                      "ratio_name": "sc_ratio_on" if sc else "sc_ratio_off"}  # ① is the run without the shortcut
            for i in range(n):
                on = i in reached
                fields[f"bar{i}"] = _log_bar(grads[i]) if on else "0"
                fields[f"g{i}"] = f"{grads[i]:.6g}" if on else ""
                fields[f"v{i}"] = f"{grads[i]:.3g}" if on else ""  # the bar's own label: the answer's 3 digits
                fields[f"print{i}"] = f"{g.layer_names[i]} has gradient mean of {grads[i]:.6g}" if on else ""
                fields[f"at{i}"] = "now" if on and i == n - k else ("on" if on else "off")
            now = n - k  # the layer just reached: its value with and without the shortcut, side by side
            fields |= {"pair_off": f"{g.without_shortcut[now]:.3g}" if k else "",
                       "pair_on": f"{g.with_shortcut[now]:.3g}" if k else "", "pair": "shown" if k else "none"}
            title = "sc_loss" if k == 0 else ("sc_first" if k == n else "sc_layer")
            # before the first step back the chart has no bar yet: it says what Next will draw there
            steps.append((title, [], fields | {"layer": str(n - k + 1) if k else "", "hint": "" if k else "sc_hint"}))
        grid[str(sc)] = steps
    fade = g.without_shortcut[-1] / g.without_shortcut[0]
    lo, hi = SHORTCUT_BAR_DECADES
    return _grid_stepper("engine.training:shortcut_gradients", grid, n + 1,
                         {"layers": n, "names": list(g.layer_names), "decades": list(SHORTCUT_BAR_DECADES),
                          # the chart's y ticks, one a decade: (label, height in percent of the plot)
                          "yticks": [("10" + superscript(e) if e else "1", f"{100.0 * (e - lo) / (hi - lo):.2f}")
                                     for e in range(int(lo), int(hi) + 1)],
                          # the prediction asked before the walk back: the band the engine's fade falls in
                          "guess": {"right": int(np.searchsorted(SHORTCUT_GUESS_BANDS, fade)),
                                    "bands": [fmt_num(v, 0) for v in SHORTCUT_GUESS_BANDS],
                                    "first": f"{g.without_shortcut[0]:.3g}", "last": f"{g.without_shortcut[-1]:.3g}",
                                    "ratio": f"{fade:,.0f}", "layers": n},
                          # what layer 1 gains: its weights' mean |∂L/∂W| here, the signal |∂L/∂h| in shortcut_gradients
                          "measures": {"weights": f"{g.weight_grad_ratio[0]:,.0f}", "signal": f"{g.signal_ratio[0]:,.0f}",
                                       "fading": f"{g.without_shortcut[-1] / g.without_shortcut[0]:,.0f}"}})


# -- §4.1 the causal mask ----------------------------------------------------------------------
def causal_widget() -> dict:
    """Pick a query position: the row it may use (✓) and what it is trained to predict."""
    from engine.causal import causal_mask_table

    c = causal_mask_table()
    T = len(c.tokens)
    states = {}
    for q in range(T):
        seen, unseen = c.tokens[:q + 1], c.tokens[q + 1:]
        st = {"q": str(q + 1), "seen": " ".join(seen), "unseen": ", ".join(unseen) or "—", "target": c.targets[q],
              "question": " ".join(seen) + " → ?", "n_seen": str(int(c.visible[q])), "n_unseen": str(len(unseen)),
              "weights": "  ".join(_num(v) for v in c.uniform_weights[q]),
              "blind": "1" if unseen else "0"}
        for r in range(T):
            st[f"row{r}"] = "hot" if r == q else "cold"
        states[str(q)] = st
    return {"engine": "engine.causal:causal_mask_table", "keys": list(states), "states": states,
            "tokens": list(c.tokens), "allowed": c.allowed.astype(int).tolist(), "ids": list(c.token_ids),
            "start": 1}


# -- §4.1 a word into the model ----------------------------------------------------------------
WORD_SHOWN = 4  # leading numbers of a 768-number row written out (then …, then the last)


def _row_text(row) -> str:
    return "[" + ", ".join(_num(v) for v in row[:WORD_SHOWN]) + ", …, " + _num(row[-1]) + "]"


def word_widget() -> dict:
    """Pick a word of the batch; four steps: the word, its token ID, its row of tok_emb, the vector."""
    from engine.generate import PROMPTS, prompt_runs

    words, batch = {}, PROMPTS[1:]
    for _, pieces, ids in batch:  # §4.1's batch: two sentences, "Every" in both
        for piece, i in zip(pieces, ids):
            words.setdefault(piece.strip(), i)
    emb = prompt_runs()[1]  # the rows of every prompt token and its two neighbours
    row_of = dict(zip(emb.ids, emb.rows))
    grid = {}
    for k, (word, i) in enumerate(words.items()):
        steps = []
        for s in range(4):
            fields = {"word": word, "id": str(i) if s >= 1 else "", "vec": _row_text(row_of[i]) if s >= 3 else "",
                      "dim": str(emb.emb_dim)}
            for j, near in enumerate((i - 1, i, i + 1)):
                fields[f"tid{j}"] = str(near) if s >= 2 else ""
                fields[f"tword{j}"] = marked(near) if s >= 2 else ""  # GPT-2's text for that row's ID
                fields[f"trow{j}"] = _row_text(row_of[near]) if s >= 2 else ""
                fields[f"tr{j}"] = ("hot" if near == i else "cold") if s >= 2 else "off"
            for stage in range(4):
                fields[f"stage{stage}"] = "on" if stage <= s else "off"
            for r, (_, _, row_ids) in enumerate(batch):  # the batch's cells holding the picked word's ID
                for c, near in enumerate(row_ids):
                    fields[f"bt{r}_{c}"] = "hot" if near == i else "cold"
            steps.append((f"word_{s}", [], fields))
        grid[str(k)] = steps
    # §4.1's batch as the model takes it: token IDs [2, 4], and the logits' shape [2, 4, vocab] it gives back
    return _grid_stepper("engine.generate:prompt_runs (embedding_rows)", grid, 4,
                         {"words": list(words), "vocab": emb.vocab_size, "seed": emb.seed,
                          "batch": [{"text": text, "pieces": list(pieces), "ids": list(row_ids)} for text, pieces, row_ids in batch],
                          "logits_shape": [len(batch), len(batch[0][2]), emb.vocab_size]})


# -- §4.7 greedy generation --------------------------------------------------------------------
def decode_widget() -> dict:
    """Pick a prompt; step k shows the IDs after k new tokens and what step k chose (argmax, its probability)."""
    from engine.generate import MAX_NEW_TOKENS, prompt_runs

    runs = prompt_runs()[0]
    grid = {}
    for p, run in enumerate(runs):
        n0 = len(run.prompt_ids)
        steps = []
        for k in range(MAX_NEW_TOKENS + 1):
            new = run.ids[n0:n0 + k]
            fields = {"prompt_ids": ", ".join(str(i) for i in run.prompt_ids),
                      "new_ids": "".join(", " + str(i) for i in new), "length": str(n0 + k),
                      # each new token as GPT-2's vocabulary writes it (gpt2_words), in ⟨ ⟩ so the pieces show
                      "text": "".join(run.prompt_pieces), "new_text": "".join(marked(i) for i in new),
                      # before the first step nothing is chosen yet: a dash, not an empty readout
                      "chosen": f"{new[-1]} {marked(new[-1])}" if k else "—", "prob": fmt_num(100 * run.new_prob[k - 1], 4) + " %" if k else "—",
                      "runner": f"{run.runner_up_id[k - 1]} {marked(run.runner_up_id[k - 1])} ({fmt_num(100 * run.runner_up_prob[k - 1], 4)} %)" if k else "—",
                      "uniform": fmt_num(100 / run.vocab_size, 4) + " %", "left": str(MAX_NEW_TOKENS - k)}
            steps.append(("dec_start" if k == 0 else ("dec_end" if k == MAX_NEW_TOKENS else "dec_step"), [], fields))
        grid[str(p)] = steps
    return _grid_stepper("engine.generate:prompt_runs", grid, MAX_NEW_TOKENS + 1,
                         {"prompts": [r.prompt for r in runs], "seed": runs[0].seed, "vocab": runs[0].vocab_size})


# -- §4.6 the parameter calculator (computed in the page) --------------------------------------
RELEASED = {"small": "124M", "medium": "355M", "large": "774M", "xl": "1558M"}  # the seed's (and OpenAI's) size names


def preset_label(name: str, total: int, counted: str = " ({m}M counted)") -> str:
    """A size button's label: its released name, and the count to one decimal where that count rounds to another
    number of millions (xl without the Q, K, V biases: 1558M (1557.4M counted)); static/depth.js does the same."""
    if fmt_num(total / 1e6, 0) + "M" == name:
        return name
    return name + counted.format(m=fmt_num(total / 1e6, 1))


def gpt2_widget() -> dict:
    """Presets, slider ranges and the engine's reference counts; depth.js computes every other setting."""
    from engine.gpt2 import GPT2_CONTEXT, GPT2_SIZES, GPT2_VOCAB, gpt2_params

    small = dict(emb_dim=768, n_layers=12)
    ref = {"untied": gpt2_params(**small).total, "tied": gpt2_params(**small, tied=True).total,
           "tied_qkv": gpt2_params(**small, tied=True, qkv_bias=True).total}
    presets = [{"name": n, "emb": e, "layers": l, "heads": h, "released": RELEASED[n],
                "count_m": fmt_num(gpt2_params(emb_dim=e, n_layers=l, tied=True).total / 1e6, 1),
                "label": preset_label(RELEASED[n], gpt2_params(emb_dim=e, n_layers=l, tied=True).total),
                "total": fmt_int(gpt2_params(emb_dim=e, n_layers=l, tied=True).total)}  # the config table's count
               for n, e, l, h in GPT2_SIZES]
    # the presets count the book's GPTModel (no Q/K/V biases); OpenAI's GPT-2 has them (+3·emb_dim per block), and
    # the seed's labels round that count: where the two round to different millions (XL: 1557M, 1558M), say why
    label_notes = []
    for n, e, l, h in GPT2_SIZES:
        t, q = (gpt2_params(emb_dim=e, n_layers=l, tied=True, qkv_bias=b).total for b in (False, True))
        if round(t / 1e6) != round(q / 1e6):
            label_notes.append({"name": n, "tied": fmt_int(t), "m": fmt_num(t / 1e6, 0), "extra": fmt_int(q - t),
                                "qkv": fmt_int(q), "m_qkv": fmt_num(q / 1e6, 0), "emb": e, "layers": l})
    return {"engine": "engine.gpt2:gpt2_params (ported to static/depth.js)", "keys": [], "states": {},
            "computed": True, "presets": presets, "vocab": GPT2_VOCAB, "context": GPT2_CONTEXT,
            "emb": [128, 1600, 64], "layers": [1, 48], "heads": [1, 25], "vocab_range": [10000, GPT2_VOCAB],
            "ref": {k: fmt_int(v) for k, v in ref.items()}, "label_notes": label_notes}


BUILDERS = {"lndim": lndim_widget, "layernorm": layernorm_widget, "forward": forward_widget, "backward": backward_widget, "ffn": ffn_widget, "shortcut": shortcut_widget, "block": block_widget, "causal": causal_widget, "word": word_widget,
            "decode": decode_widget, "gpt2": gpt2_widget, "quiz": quiz_widget}


def depth_predictions() -> dict:
    """The numbers of the predict-then-reveal answers above the shortcut and decode widgets."""
    from engine.generate import prompt_runs
    from engine.training import shortcut_gradients

    from engine.block import prenorm_block
    from engine.ffn import FFN_STEP_X, ffn_steps
    from engine.smallnet import small_net_step

    g, run = shortcut_gradients(), prompt_runs()[0][0]
    s = small_net_step(target=float(SMALLNET_TARGETS[_smallnet_start()]))  # the target the steppers open on
    start = ffn_widget_start()
    f = ffn_steps((FFN_STEP_X[start[0]], FFN_STEP_X[start[1]]))
    neg = int(np.argmin(f.h))  # the most negative entry of h: GELU keeps it negative, ReLU would give 0
    b = prenorm_block()
    zero = [(h, t) for h in range(b.Q.shape[0]) for t in range(b.Q.shape[1]) if not np.any(b.Q[h, t])][0]  # a zero query
    from engine.norms import dim_mean, layernorm_example

    out = layernorm_example().out  # (2, 6)
    cols = dim_mean(out, 0)[0]  # (6,)
    return {
        "lndim": {"rows": str(out.shape[0]), "n": str(cols.size), "c0": _num(cols[0]), "a": _num(out[0, 0]),
                  "b": _num(out[1, 0]), "m0": _num(dim_mean(out, -1)[0, 0])},
        "forward": {"target": fmt_num(s.target, 0), "y": _num(s.y_hat), "loss": _num(s.loss), "x": ", ".join(fmt_num(v, 2) for v in s.x)},
        "backward": {"target": fmt_num(s.target, 0), "x": ", ".join(fmt_num(v, 2) for v in s.x), "y": _num(s.y_hat), "y_new": _num(s.y_hat_new), "loss": _num(s.loss), "loss_new": _num(s.loss_new),
                     "lr": fmt_num(s.lr, 1)},
        "ffn": {"x": fmt_num(f.x[0], 1) + ", " + fmt_num(f.x[1], 1), "h": _num(f.h[neg]), "g": _num(f.g[neg]),
                "n_neg": str(int(np.sum(f.h < 0))), "n": str(f.hidden_dim), "y": ", ".join(_vec(f.y))},
        "block": {"head": str(zero[0] + 1), "mark": HEAD_MARK.format(str(zero[0] + 1).translate(SUPERSCRIPT)), "token": f"{zero[1]} ({TOKEN_NAMES[zero[1]]})", "q": ", ".join(_vec(b.Q[zero])),
                  "weights": " / ".join(_vec(b.A[zero])), "n": str(b.A.shape[2]),
                  "masked": " / ".join(_vec(prenorm_block(causal=True).A[zero]))},
        "shortcut": {"ratio": f"{g.without_shortcut[-1] / g.without_shortcut[0]:,.0f}",
                     "first": f"{g.without_shortcut[0]:.3g}", "last": f"{g.without_shortcut[-1]:.3g}",
                     "first_sc": f"{g.with_shortcut[0]:.3g}"},
        "decode": {"prompt": run.prompt, "prob": fmt_num(100 * run.new_prob[0], 4) + " %", "vocab": fmt_int(run.vocab_size),
                   "uniform": fmt_num(100 / run.vocab_size, 4) + " %"},
    }
