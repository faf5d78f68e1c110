"""What every catalogue entry accepts: its parameters, their ranges and what each one changes.

One module per family of entries that share their parameters; each holds ACCEPTS, a dict from entry
name to studio.catalogue.params.Accepts. A new entry may instead declare its Accepts in its own
catalogue row (`_e(..., accepts=Accepts(...))`, docs/adding-an-entry.md §2). The ranges are the
ones in which the entry's layout works (the layout gates check a grid of values inside them:
tests/test_grids.py, `render.py gate NAME --grid`).
"""
from __future__ import annotations

from studio.catalogue.accepts import clock, depth, rotation, sizes, toy, training
from studio.catalogue.params import Accepts

ACCEPTS: dict = {**clock.ACCEPTS, **toy.ACCEPTS, **depth.ACCEPTS, **sizes.ACCEPTS, **rotation.ACCEPTS,
                 **training.ACCEPTS}


# A figure split from a stacked one reads the same record and takes the same parameters.
SPLIT_FROM = {"pe_distance_gap": "pe_distance", "pe_waves_vector": "pe_waves",
              "seq_number_dots": "seq_number_problems", "seq_number_ratio": "seq_number_problems",
              "param_count_sizes": "param_count", "attention_sum_fig": "attention_heatmap_fig",
              "toy_permutation_sums": "toy_permutation", "scores_wx_probs": "scores_wx",
              "gelu_relu_dying": "gelu_relu", "signal_decay_draws": "signal_decay_fig"}
ACCEPTS.update({part: ACCEPTS[whole] for part, whole in SPLIT_FROM.items() if whole in ACCEPTS})


def accepts_of(name: str) -> Accepts:
    return ACCEPTS.get(name, Accepts())


def engine_keywords(accepts: Accepts, given: dict) -> dict:
    """The engine function's keywords for parameters as given (their own names and forms)."""
    if accepts.engine is not None:
        return accepts.engine(given)
    return {accepts.get(k).keyword: v for k, v in given.items()}


def defaults_of(accepts: Accepts, engine: dict) -> dict:
    """Each parameter in `accepts`: its default in its own form: the declared one, else the
    engine's (`engine`: the engine function's keywords as the catalogue row sets them)."""
    out = {}
    for p in accepts.params:
        value = p.default if p.default is not None else engine.get(p.keyword)
        try:
            out[p.name] = p.coerce(value) if value is not None else None
        except Exception:  # a default outside the user's range (never expected) is shown as it is
            out[p.name] = value
    return out
