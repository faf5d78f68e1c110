"""What every catalogue entry accepts: its parameters, their ranges and what each one changes.

One module per family of entries that share their parameters; each holds ACCEPTS, a dict from entry
name to studio.catalogue.params.Accepts. A new entry may instead declare its Accepts in its own
catalogue row (`_e(..., accepts=Accepts(...))`, docs/adding-an-entry.md §2). The ranges are the ones in which the entry's layout works (the layout
gates check a grid of values inside them: tests/test_grids.py, `render.py gate NAME --grid`).
"""
from __future__ import annotations

from studio.catalogue.accepts import clock, depth, rotation, sizes, toy, training
from studio.catalogue.params import Accepts

ACCEPTS: dict = {**clock.ACCEPTS, **toy.ACCEPTS, **depth.ACCEPTS, **sizes.ACCEPTS, **rotation.ACCEPTS,
                 **training.ACCEPTS}


def _split_figures() -> None:
    """A figure split from a stacked one (studio.catalogue.split_figures) takes the parameters of the
    figure it follows: one record, several figures."""
    from studio.catalogue.split_figures import PARTS

    for after, row in PARTS:
        if after in ACCEPTS:
            ACCEPTS.setdefault(row[0], ACCEPTS[after])


_split_figures()


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
