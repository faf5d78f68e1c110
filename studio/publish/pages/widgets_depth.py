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
- block: §4.5 TransformerBlock.forward line by line, with the same switch: x after each line on the
  worked example's Pre-LN block (engine.block:prenorm_block, residual on or off);
- causal: §4.1 "causal mask" pills: what each position may attend to (engine.causal:causal_mask_table);
- word: §4.1 "動畫：一個英文字如何走進模型": word → token ID → embedding row (engine.generate:embedding_rows);
- decode: §4.7 greedy generation, one token per step (engine.generate:prompt_runs).

One widget computes in the page: gpt2, §4.6 "參數計算器" with its four free sliders (width, heads,
layers, vocabulary), the presets and weight tying. Any slider position is allowed, so no table can
hold it: static/depth.js ports engine.gpt2:gpt2_params (a browser test checks the port against it at
random settings); this builder hands the page the presets and the engine's reference counts.
"""
from __future__ import annotations

import numpy as np

from look import fmt_int, fmt_num
from studio.publish.pages.cells import num as _num, step as _step, vec as _vec

SHORTCUT_BAR_DECADES = (-5.0, 1.0)  # the gradient bars' log10 axis: 10⁻⁵ … 10¹


def _grid_stepper(engine: str, grid: dict, n_steps: int, extra: dict | None = None) -> dict:
    """A stepper whose steps also depend on other controls: grid = {key prefix: [(title, rows) per step]}."""
    states = {}
    for prefix, steps in grid.items():
        for k, (title, rows, fields) in enumerate(steps):
            states[f"{prefix}|{k}"] = _step(title, rows) | fields
    return {"engine": engine, "keys": sorted(states), "states": states, "max": n_steps - 1} | (extra or {})


# -- §4.2 LayerNorm, and the forward and backward pass of the small net --------------------------
SMALLNET_TARGETS = np.round(np.arange(-1.0, 2.0 + 1e-9, 0.25), 10)  # the target slider; the chapter's is 1.0


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
    from engine.smallnet import small_net_step

    grid = {}
    for i, t in enumerate(SMALLNET_TARGETS):
        value = fmt_num(t, 2)
        grid[str(i)] = [(title, rows, {"t": value, "vt": "target = " + value})
                        for title, rows in build(small_net_step(target=float(t)))]
    return _grid_stepper("engine.smallnet:small_net_step", grid, 5,
                         {"n_t": len(SMALLNET_TARGETS) - 1, "start": _smallnet_start()})


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
                      "ratio": f"{grads[-1] / grads[0]:,.0f}"}
            for i in range(n):
                on = i in reached
                fields[f"bar{i}"] = _log_bar(grads[i]) if on else "0"
                fields[f"g{i}"] = f"{grads[i]:.6g}" if on else ""
                fields[f"print{i}"] = f"{g.layer_names[i]} has gradient mean of {grads[i]:.6g}" if on else ""
                fields[f"at{i}"] = "now" if on and i == n - k else ("on" if on else "off")
            title = "sc_loss" if k == 0 else ("sc_first" if k == n else "sc_layer")
            # before the first step back the chart has no bar yet: it says what Next will draw there
            steps.append((title, [], fields | {"layer": str(n - k + 1) if k else "", "hint": "" if k else "sc_hint"}))
        grid[str(sc)] = steps
    return _grid_stepper("engine.training:shortcut_gradients", grid, n + 1,
                         {"layers": n, "names": list(g.layer_names), "decades": list(SHORTCUT_BAR_DECADES),
                          # what layer 1 gains: its weights' mean |∂L/∂W| here, the signal |∂L/∂h| in shortcut_gradients
                          "measures": {"weights": f"{g.weight_grad_ratio[0]:,.0f}", "signal": f"{g.signal_ratio[0]:,.0f}",
                                       "fading": f"{g.without_shortcut[-1] / g.without_shortcut[0]:,.0f}"}})


# -- §4.5 the transformer block, line by line --------------------------------------------------
BLOCK_LINES = (  # TransformerBlock.forward as the book writes it: (code, what it does)
    ("shortcut = x", "save"), ("x = self.norm1(x)", "norm"), ("x = self.att(x)", "att"),
    ("x = self.drop_shortcut(x)", "drop"), ("x = x + shortcut", "add"),
    ("shortcut = x", "save"), ("x = self.norm2(x)", "norm"), ("x = self.ff(x)", "ff"),
    ("x = self.drop_shortcut(x)", "drop"), ("x = x + shortcut", "add"),
)
HEAD_MARK = "⁽{}⁾"  # a head's number as seed 000 writes it: Q⁽¹⁾
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def _shape(*dims) -> str:
    return "[" + ", ".join(str(n) for n in dims) + "]"


def _rows(name: str, m) -> list:
    """A (T, k) matrix as labelled rows: name[0], name[1], …"""
    return [(f"{name}[{t}]", _vec(m[t])) for t in range(m.shape[0])]


def _head(name: str, m, h: int) -> list:
    """Head h of an (H, T, k) stack as rows, the head numbered from 1 as seed 000 does: name⁽¹⁾[0], …"""
    return _rows(name + HEAD_MARK.format(str(h + 1).translate(SUPERSCRIPT)), m[h])


def _heads(name: str, m) -> list:
    """Every head of an (H, T, k) stack as rows, head after head."""
    return [row for h in range(m.shape[0]) for row in _head(name, m, h)]


def block_steps(r, residual: bool) -> list:
    """The block's forward on one engine.block record, one step per code line and, inside the
    attention and feed-forward lines, one per matrix seed 000 prints (03b4 §1–§7, to 4 decimals):
    [(line index, title key, rows, shape here, the shape in GPT-2 small)]. The rows "x[t]" are x after
    the line; the others are what the line computes on its way."""
    from engine.generate import GPT_CONFIG_124M, PROMPTS

    b, T = len(PROMPTS[1:]), len(PROMPTS[1][2])  # §4.1's batch: two sentences of four tokens
    E, nh = GPT_CONFIG_124M["emb_dim"], GPT_CONFIG_124M["n_heads"]
    H, t, dk, dff = r.Q.shape[0], r.X.shape[0], r.d_k, r.H.shape[1]
    x = lambda m: _rows("x", m)  # noqa: E731
    xs, big = _shape(t, r.X.shape[1]), _shape(b, T, E)
    heads, big_heads, big_scores = f"{H} × {_shape(t, dk)}", _shape(b, nh, T, E // nh), _shape(b, nh, T, T)
    skip = "blk_skip"
    return [
        (0, "blk_in" if residual else skip, _rows("X", r.X) + _rows("P", r.P) + x(r.X_in), xs, big),
        (1, "blk_norm", [(f"μ, σ²[{k}]", [_num(r.ln1_mean[k]), _num(r.ln1_var[k])]) for k in range(t)] + x(r.X_tilde), xs, big),
        (2, "blk_qkv", _heads("Q", r.Q) + _heads("K", r.K) + _heads("V", r.V), heads, big_heads),
        (2, "blk_scores", [row for h in range(H) for row in _head("S", r.S, h) + _head("E", r.E, h)], f"{H} × {_shape(t, t)}", big_scores),
        (2, "blk_weights", _heads("A", r.A), f"{H} × {_shape(t, t)}", big_scores),
        (2, "blk_att", _heads("C", r.C) + x(r.O), xs, big),
        (3, "blk_drop", x(r.O), xs, big),
        (4, "blk_add" if residual else skip, x(r.Z_prime), xs, big),
        (5, "blk_save" if residual else skip, x(r.Z_prime), xs, big),
        (6, "blk_norm", [(f"μ, σ²[{k}]", [_num(r.ln2_mean[k]), _num(r.ln2_var[k])]) for k in range(t)] + x(r.Z_tilde), xs, big),
        (7, "blk_hidden", _rows("Z̃W₁", r.H) + _rows("ReLU", r.R), _shape(t, dff), _shape(b, T, 4 * E)),
        (7, "blk_ff", x(r.F), xs, big),
        (8, "blk_drop", x(r.F), xs, big),
        (9, "blk_add" if residual else skip, x(r.Y), xs, big),
    ]


def block_widget() -> dict:
    """use_shortcut switch and the block's forward, code line by code line, every intermediate matrix
    of seed 000's worked block (X + P, then LN, Q/K/V, scores, A, O, Z′, F, Y) on the record
    engine.block.prenorm_block computes (residual on or off); dropout is off (eval). The depth page
    and the worked page show this one widget."""
    from engine.block import prenorm_block

    grid = {}
    for sc in (0, 1):
        steps = []
        for k, (line, title, rows, shape, big) in enumerate(block_steps(prenorm_block(residual=bool(sc)), bool(sc))):
            fields = {f"line{j}": "now" if j == line else ("done" if j < line else "todo") for j in range(len(BLOCK_LINES))}
            steps.append((title, rows, fields | {"shape": shape, "gpt2_shape": big}))
        grid[str(sc)] = steps
    return _grid_stepper("engine.block:prenorm_block", grid, len(steps), {"lines": [c for c, _ in BLOCK_LINES]})


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

    words = {}
    for _, pieces, ids in PROMPTS[1:]:  # §4.1's batch: two sentences, "Every" in both
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
                fields[f"trow{j}"] = _row_text(row_of[near]) if s >= 2 else ""
                fields[f"tr{j}"] = ("hot" if near == i else "cold") if s >= 2 else "off"
            for stage in range(4):
                fields[f"stage{stage}"] = "on" if stage <= s else "off"
            steps.append((f"word_{s}", [], fields))
        grid[str(k)] = steps
    return _grid_stepper("engine.generate:prompt_runs (embedding_rows)", grid, 4,
                         {"words": list(words), "vocab": emb.vocab_size, "seed": emb.seed})


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
                      "text": "".join(run.prompt_pieces), "new_text": "".join(f" ⟨{i}⟩" for i in new),
                      # before the first step nothing is chosen yet: a dash, not an empty readout
                      "chosen": str(new[-1]) if k else "—", "prob": fmt_num(100 * run.new_prob[k - 1], 4) + " %" if k else "—",
                      "runner": f"{run.runner_up_id[k - 1]} ({fmt_num(100 * run.runner_up_prob[k - 1], 4)} %)" if k else "—",
                      "uniform": fmt_num(100 / run.vocab_size, 4) + " %", "left": str(MAX_NEW_TOKENS - k)}
            steps.append(("dec_start" if k == 0 else ("dec_end" if k == MAX_NEW_TOKENS else "dec_step"), [], fields))
        grid[str(p)] = steps
    return _grid_stepper("engine.generate:prompt_runs", grid, MAX_NEW_TOKENS + 1,
                         {"prompts": [r.prompt for r in runs], "seed": runs[0].seed, "vocab": runs[0].vocab_size})


# -- §4.6 the parameter calculator (computed in the page) --------------------------------------
def gpt2_widget() -> dict:
    """Presets, slider ranges and the engine's reference counts; depth.js computes every other setting."""
    from engine.gpt2 import GPT2_CONTEXT, GPT2_SIZES, GPT2_VOCAB, gpt2_params

    small = dict(emb_dim=768, n_layers=12)
    ref = {"untied": gpt2_params(**small).total, "tied": gpt2_params(**small, tied=True).total,
           "tied_qkv": gpt2_params(**small, tied=True, qkv_bias=True).total}
    presets = [{"name": n, "emb": e, "layers": l, "heads": h, "label": fmt_num(gpt2_params(emb_dim=e, n_layers=l, tied=True).total / 1e6, 0) + "M"}
               for n, e, l, h in GPT2_SIZES]
    return {"engine": "engine.gpt2:gpt2_params (ported to static/depth.js)", "keys": [], "states": {},
            "computed": True, "presets": presets, "vocab": GPT2_VOCAB, "context": GPT2_CONTEXT,
            "emb": [128, 1600, 64], "layers": [1, 48], "heads": [1, 25], "vocab_range": [10000, GPT2_VOCAB],
            "ref": {k: fmt_int(v) for k, v in ref.items()}}


# -- the end-of-chapter knowledge check ----------------------------------------------------------
QUIZ_PER_SLIDE = 2  # questions on one deck slide (studio.publish.deck.slides.WIDGET_PARTS)
QUIZ = (  # (question id, number of options, the correct option's index); words: text_depth.QUIZ
    ("ln_dim", 3, 2), ("gelu", 4, 1), ("ffn", 4, 1), ("shortcut", 3, 2), ("tying", 4, 1), ("untrained", 4, 1),
)


def quiz_widget() -> dict:
    """Seed 004's "知識檢核" (six questions, each explained as soon as it is answered): one question per
    idea of the chapter, with the numbers of each explanation from the engine (the words and options
    are text_depth.QUIZ, in the page's language)."""
    from engine.activations import gelu_grad, relu_grad
    from engine.ffn import ffn_shapes
    from engine.generate import GPT_CONFIG_124M, prompt_runs
    from engine.gpt2 import gpt2_params
    from engine.norms import dim_mean, layernorm_example
    from engine.training import shortcut_gradients

    out = layernorm_example().out  # (2, 6)
    means = dim_mean(out, -1)[:, 0]  # (2,)
    z = -1.5  # the drift widget's question: every input shifted to −1.5
    shapes = ["[" + ", ".join(str(n) for n in sh) + "]" for sh in ffn_shapes().shapes]
    g = shortcut_gradients()
    untied, tied = gpt2_params(tied=False), gpt2_params(tied=True)
    run = prompt_runs()[0][0]
    args = {
        "ln_dim": {"m0": _num(means[0]), "m1": _num(means[1])},
        "gelu": {"z": fmt_num(z, 1, signed=True), "gelu": fmt_num(float(gelu_grad(np.array([z]))[0]), 4),
                 "relu": fmt_num(float(relu_grad(np.array([z]))[0]), 0)},
        "ffn": {"x": shapes[0], "h": shapes[1], "y": shapes[-1]},
        "shortcut": {"off": f"{g.without_shortcut[0]:.3g}", "on": f"{g.with_shortcut[0]:.3g}",
                     "ratio": f"{g.weight_grad_ratio[0]:,.0f}"},
        "tying": {"untied": fmt_int(untied.total), "tied": fmt_int(tied.total), "diff": fmt_int(untied.total - tied.total),
                  "vocab": fmt_int(run.vocab_size), "emb": fmt_int(GPT_CONFIG_124M["emb_dim"])},
        "untrained": {"prompt": "".join(run.prompt_pieces), "prob": fmt_num(100 * run.new_prob[0], 4) + " %",
                      "uniform": fmt_num(100 / run.vocab_size, 4) + " %"},
    }
    return {"engine": "engine.norms, engine.activations, engine.ffn, engine.training, engine.gpt2, engine.generate",
            "keys": [], "states": {},
            "questions": [{"id": q, "options": n, "correct": c, "args": args[q]} for q, n, c in QUIZ],
            "per_part": QUIZ_PER_SLIDE}


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
        "forward": {"target": fmt_num(s.target, 0), "y": _num(s.y_hat), "loss": _num(s.loss)},
        "backward": {"y": _num(s.y_hat), "y_new": _num(s.y_hat_new), "loss": _num(s.loss), "loss_new": _num(s.loss_new),
                     "lr": fmt_num(s.lr, 1)},
        "ffn": {"x": fmt_num(f.x[0], 1) + ", " + fmt_num(f.x[1], 1), "h": _num(f.h[neg]), "g": _num(f.g[neg]),
                "n_neg": str(int(np.sum(f.h < 0))), "n": str(f.hidden_dim), "y": ", ".join(_vec(f.y))},
        "block": {"head": str(zero[0] + 1), "mark": HEAD_MARK.format(str(zero[0] + 1).translate(SUPERSCRIPT)), "token": str(zero[1]), "q": ", ".join(_vec(b.Q[zero])),
                  "weights": " / ".join(_vec(b.A[zero])), "n": str(b.A.shape[2])},
        "shortcut": {"ratio": f"{g.without_shortcut[-1] / g.without_shortcut[0]:,.0f}",
                     "first": f"{g.without_shortcut[0]:.3g}", "last": f"{g.without_shortcut[-1]:.3g}",
                     "first_sc": f"{g.with_shortcut[0]:.3g}"},
        "decode": {"prob": fmt_num(100 * run.new_prob[0], 4) + " %", "vocab": fmt_int(run.vocab_size),
                   "uniform": fmt_num(100 / run.vocab_size, 4) + " %"},
    }
