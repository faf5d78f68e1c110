"""The transformer block stepper (seed 004 §4.5 and seed 000's worked block), shared by the depth and
worked pages: TransformerBlock.forward line by line, with every matrix seed 000 prints inside the
attention and feed-forward lines, on the engine.block.prenorm_block record (residual on or off)."""
from __future__ import annotations

from scenes.prenorm.strings import TOKEN_NAMES  # the video's names for the tokens: a, b, …
from studio.publish.pages.cells import grid_stepper as _grid_stepper, num as _num, vec as _vec

# -- §4.5 the transformer block, line by line --------------------------------------------------
BLOCK_LINES = (  # TransformerBlock.forward as the book writes it: (code, what it does)
    ("shortcut = x", "save"), ("x = self.norm1(x)", "norm"), ("x = self.att(x)", "att"),
    ("x = self.drop_shortcut(x)", "drop"), ("x = x + shortcut", "add"),
    ("shortcut = x", "save"), ("x = self.norm2(x)", "norm"), ("x = self.ff(x)", "ff"),
    ("x = self.drop_shortcut(x)", "drop"), ("x = x + shortcut", "add"),
)
HEAD_MARK = "⁽{}⁾"  # a head's number as seed 000 writes it: Q⁽¹⁾
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def shape(*dims) -> str:
    return "[" + ", ".join(str(n) for n in dims) + "]"


def named(*dims) -> str:
    """A shape with each size named as the book's code names it, so a 4 that counts tokens in one shape
    is not read as the 4 that is a width in another: named(("num_tokens", 2), ("emb_dim", 4)) is
    "[num_tokens=2, emb_dim=4]" (the legend under the readout, text.UI["shape_names"], says what each is)."""
    return "[" + ", ".join(f"{name}={n}" for name, n in dims) + "]"


def _rows(name: str, m) -> list:
    """A (T, k) matrix as labelled rows, row t being token t (position t, from 0) with the name the
    prenorm_block video gives it: name[0] (a), name[1] (b), …"""
    return [(f"{name}[{t}] ({TOKEN_NAMES[t]})", _vec(m[t])) for t in range(m.shape[0])]


def _head(name: str, m, h: int) -> list:
    """Head h of an (H, T, k) stack as rows, the head numbered from 1 as seed 000 does: name⁽¹⁾[0], …"""
    return _rows(name + HEAD_MARK.format(str(h + 1).translate(SUPERSCRIPT)), m[h])


def _heads(name: str, m) -> list:
    """Every head of an (H, T, k) stack as rows, head after head."""
    return [row for h in range(m.shape[0]) for row in _head(name, m, h)]


MASKED = "−∞"  # a score the causal mask removes, as E shows it before the softmax


def _masked_head(name: str, m, h: int, causal: bool) -> list:
    """Head h of an (H, T, T) score stack as rows; with the causal mask every later key's score (j > i) is
    written −∞, the value GPT-2's mask puts there before the softmax."""
    rows = _head(name, m, h)
    if causal:
        rows = [(label, [MASKED if j > i else v for j, v in enumerate(vals)]) for i, (label, vals) in enumerate(rows)]
    return rows


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
    tok, toks = ("num_tokens", t), ("num_tokens", T)
    xs, big = named(tok, ("emb_dim", r.X.shape[1])), named(("b", b), toks, ("emb_dim", E))
    heads = f"num_heads={H} × {named(tok, ('head_dim', dk))}"
    big_heads = named(("b", b), ("num_heads", nh), toks, ("head_dim", E // nh))
    scores, big_scores = f"num_heads={H} × {named(tok, tok)}", named(("b", b), ("num_heads", nh), toks, toks)
    skip, causal = "blk_skip", r.causal
    masked = "_masked" if causal else ""
    return [
        (0, "blk_in" if residual else skip, _rows("X", r.X) + _rows("P", r.P) + x(r.X_in), xs, big),
        (1, "blk_norm", [(f"μ, σ²[{k}]", [_num(r.ln1_mean[k]), _num(r.ln1_var[k])]) for k in range(t)] + x(r.X_tilde), xs, big),
        (2, "blk_qkv", _heads("Q", r.Q) + _heads("K", r.K) + _heads("V", r.V), heads, big_heads),
        (2, "blk_scores" + masked, [row for h in range(H) for row in _head("S", r.S, h) + _masked_head("E", r.E, h, causal)], scores, big_scores),
        (2, "blk_weights" + masked, _heads("A", r.A), scores, big_scores),
        (2, "blk_att", _heads("C", r.C) + x(r.O), xs, big),
        (3, "blk_drop", x(r.O), xs, big),
        (4, "blk_add" if residual else skip, x(r.Z_prime), xs, big),
        (5, "blk_save" if residual else skip, x(r.Z_prime), xs, big),
        (6, "blk_norm", [(f"μ, σ²[{k}]", [_num(r.ln2_mean[k]), _num(r.ln2_var[k])]) for k in range(t)] + x(r.Z_tilde), xs, big),
        (7, "blk_hidden", _rows("Z̃W₁", r.H) + _rows("ReLU", r.R), named(tok, ("d_ff", dff)), named(("b", b), toks, ("d_ff", 4 * E))),
        (7, "blk_ff", x(r.F), xs, big),
        (8, "blk_drop", x(r.F), xs, big),
        (9, "blk_add" if residual else skip, x(r.Y), xs, big),
    ]


def block_widget() -> dict:
    """use_shortcut switch and the block's forward, code line by code line, every intermediate matrix
    of seed 000's worked block (X + P, then LN, Q/K/V, scores, A, O, Z′, F, Y) on the record
    engine.block.prenorm_block computes (residual on or off, causal mask on or off); dropout is off (eval).
    The depth page and the worked page show this one widget. The mask switch is an optional control
    (page.js): unticked it leaves the key as "sc|step", seed 000's unmasked block; ticked the key is
    "sc|mask|step", the block with GPT-2's causal mask (every later token's score −∞, its weight exactly 0)."""
    from engine.block import prenorm_block

    grid = {}
    for causal in (False, True):
        for sc in (0, 1):
            steps = []
            r = prenorm_block(residual=bool(sc), causal=causal)
            for k, (line, title, rows, shape, big) in enumerate(block_steps(r, bool(sc))):
                fields = {f"line{j}": "now" if j == line else ("done" if j < line else "todo") for j in range(len(BLOCK_LINES))}
                steps.append((title, rows, fields | {"shape": shape, "gpt2_shape": big}))
            grid[str(sc) + ("|mask" if causal else "")] = steps
    # "masked": whether the switch starts ticked; seed 000's block (the worked page) has no mask,
    # GPT-2 masks (the depth page: widgets.TOPIC_START)
    return _grid_stepper("engine.block:prenorm_block", grid, len(steps), {"lines": [c for c, _ in BLOCK_LINES], "masked": False})
