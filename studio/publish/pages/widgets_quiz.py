"""The depth page's end-of-chapter knowledge check (seed 004's 知識檢核): six questions, each explained
once answered; the words are text_depth.QUIZ, the explanations' numbers come from the engine here."""
from __future__ import annotations

import numpy as np

from look import fmt_int, fmt_num
from studio.publish.pages.cells import num as _num

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
                     "ratio": f"{g.weight_grad_ratio[0]:,.0f}",
                     "signal": f"{g.signal_ratio[0]:,.0f}"},
        "tying": {"untied": fmt_int(untied.total), "tied": fmt_int(tied.total), "diff": fmt_int(untied.total - tied.total),
                  "vocab": fmt_int(run.vocab_size), "emb": fmt_int(GPT_CONFIG_124M["emb_dim"])},
        "untrained": {"prompt": "".join(run.prompt_pieces), "prob": fmt_num(100 * run.new_prob[0], 4) + " %",
                      "uniform": fmt_num(100 / run.vocab_size, 4) + " %"},
    }
    return {"engine": "engine.norms, engine.activations, engine.ffn, engine.training, engine.gpt2, engine.generate",
            "keys": [], "states": {},
            "questions": [{"id": q, "options": n, "correct": c, "args": args[q]} for q, n, c in QUIZ],
            "per_part": QUIZ_PER_SLIDE}
