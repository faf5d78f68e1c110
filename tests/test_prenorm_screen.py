"""prenorm_block draws the numbers it names: each time the scene logs what the frame shows
(`show(showing=...)`, frames.csv), every matrix on screen holds, digit for digit, the values of one
of the record's fields named there (or a weight, γ or β). A result carried into the next step's
input as the wrong matrix (O drawn with X̃'s values) fails here, though its name is right.
"""
from __future__ import annotations

import re

import numpy as np
import pytest

from look import Look
from scenes.parts.glyphmatrix import GlyphMatrix
from studio import catalogue
from studio.build.dryplay import play_dry

PARAMETERS = ("W_O", "W_1", "W_2", "ln_gamma", "ln_beta")  # drawn beside the step that uses them


def texts(values, decimals: int) -> list[list[str]]:
    m = GlyphMatrix(values, font="Noto Sans", decimals=decimals)
    return [[e.shown for e in row] for row in m.entries]


def field_values(d, name: str):
    """The record's values for a name in `showing` ("Q1": head 1's Q), or None for a table (ln1_stats)."""
    head = re.fullmatch(r"(W_Q|[QSEACV])(\d)", name)
    if head:
        return getattr(d, head[1])[int(head[2]) - 1]
    one = re.fullmatch(r"(\w+)\[(\d+)\]", name)  # "X_in[0]": row 0 of X_in, as Why Pre-LN's rows show it
    if one:
        return np.atleast_2d(np.asarray(getattr(d, one[1]), dtype=float)[int(one[2])])
    value = getattr(d, name, None)
    return None if value is None else np.atleast_2d(np.asarray(value, dtype=float))


def candidates(d, names) -> list[list[list[str]]]:
    out = []
    for name in list(names) + list(PARAMETERS):
        v = field_values(d, name)
        if v is None:
            continue
        whole = np.allclose(v, np.round(v))
        for decimals in ((0, 1, 2) if whole else (1, 2)):
            out.append(texts(v, decimals))
    return out


def played(params: dict):
    """Play prenorm_block without drawing; at each show(), what every matrix on screen reads."""
    e = catalogue.get("prenorm_block").with_params(params) if params else catalogue.get("prenorm_block")
    module, d = e.load(), e.compute()
    seen = []

    class Watched(module.SCENE):
        def show(self, **values):
            super().show(**values)
            if "showing" not in values:
                return
            family = {id(m) for top in self.mobjects for m in top.get_family()}
            mats = {id(m): m for top in self.mobjects for m in top.get_family() if isinstance(m, GlyphMatrix)}
            drawn = [[[c.shown for c in row] for row in m.entries] for m in mats.values()
                     if any(id(c) in family for row in m.entries for c in row)]
            seen.append((round(self.now, 2), values["showing"], drawn))

    play_dry(Watched, d, Look("light", "en"))
    return d, seen


@pytest.mark.parametrize("params", [pytest.param({}, id="lesson"),
                                    pytest.param({"P": False}, id="P=0", marks=pytest.mark.full),
                                    pytest.param({"X": [[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0]]},
                                                 id="three tokens", marks=pytest.mark.full)])
def test_every_matrix_on_screen_holds_a_field_the_frame_names(params):
    d, seen = played(params)
    assert len(seen) >= 12  # every step logs what it shows
    for t, showing, drawn in seen:
        allowed = candidates(d, showing.split(","))
        for m in drawn:
            assert m in allowed, f"{t} s ({showing}): a matrix on screen reads {m}, no field named there"


# -- legible from the back row: every label's capitals at 3.2 % of the frame height ---------------------
CAP_MIN = 0.032  # capital (or digit) height / frame height


def label_heights(lang: str) -> list[tuple[float, str, float]]:
    """Play without drawing; after every play, each drawn text's capital height over the frame height:
    Pango text and digits by the gate's em (studio.gates.teaching) times the font's cap height, MathTex
    (bank copies included, which the gate cannot measure) by its point size and how far it was scaled."""
    from manim import Text, config

    from studio.gates.teaching import TEX_CAP, _em_per_point, _font_tables, em_height

    e = catalogue.get("prenorm_block")
    module, d = e.load(), e.compute()
    tex_em = _em_per_point("tex", "")
    out = []

    class Measured(module.SCENE):
        def tex(self, *s, size=36, color=None, own=False):
            m = super().tex(*s, size=size, color=color, own=own)
            m.measured = (size, m.height, " ".join(s))
            return m

        def play(self, *animations, **kwargs):
            super().play(*animations, **kwargs)
            cap = _font_tables(self.look.font)[0]
            for top in self.mobjects:
                if id(top) in self._captions:
                    continue
                for m in top.get_family():
                    if getattr(m, "measured", None) and m.height > 0:
                        size, h0, label = m.measured
                        out.append((self.now, label, size * tex_em * TEX_CAP * m.height / h0 / config.frame_height))
                    elif isinstance(m, Text) or (hasattr(m, "digit_height") and hasattr(m, "box")):
                        em = em_height(m, self.look.font)
                        if em is not None:
                            out.append((self.now, getattr(m, "text", "") or getattr(m, "shown", ""),
                                        em * cap / config.frame_height))

    play_dry(Measured, d, Look("dark", lang))
    return out


ARROWS = {r"\longrightarrow"}  # a drawn arrow, not a label


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_every_label_is_legible_from_the_back_row(lang):
    small = [(round(t, 1), label, round(100 * h, 2)) for t, label, h in label_heights(lang)
             if h < CAP_MIN - 1e-4 and label not in ARROWS]
    assert not small, f"labels under {100 * CAP_MIN} % of the frame height: {small[:8]}"


def test_weights_are_drawn_at_two_decimals_like_every_matrix():
    """W_O (0.5 and 0 in the lesson) reads 0.50 / 0.00 on screen, as the matrices beside it."""
    from scenes.prenorm_block import DECIMALS

    d, seen = played({})
    assert DECIMALS["W_O"] == DECIMALS["W_1"] == DECIMALS["W_2"] == DECIMALS["O"] == 2
    wo = texts(d.W_O, 2)
    assert wo[0][0] == "0.50" and wo[0][1] == "0.00"
    assert any(wo in drawn for _, showing, drawn in seen if "W_O" in showing)
    assert not any(texts(d.W_O, 1) in drawn for _, _, drawn in seen)
