"""What prenorm_block's frames record lists: the record's fields of the matrices drawn.

A step names what it shows with show(showing=...) once its animation is done; before that (a
result carried into the next step, a product coming in, the wait while a caption is read) the frame
still shows matrices. So at the start and end of every animation each matrix in the scene is matched
by its values to the record's fields (Q1 = head 1's Q, W_Q1 = its query weights), and any field
drawn but not yet named joins `showing`: the record lists what is drawn, never nothing.
"""
from __future__ import annotations

import re

import numpy as np

PER_HEAD = ("W_Q", "Q", "S", "E", "A", "C", "V")  # (H, ...) fields: one name per head (Q1, Q2, ...)


def named_fields(d, names) -> list[tuple[str, np.ndarray]]:
    """[(name, values)] for the record's 2-D fields in `names` (per-head fields split by head; "F[r]": row r of F)."""
    out = []
    for name in names:
        one = re.fullmatch(r"(\w+)\[(\d+)\]", name)  # "X_in[0]": one row of a field (token a's, in Why Pre-LN's rows)
        if one:
            out.append((name, np.atleast_2d(np.asarray(getattr(d, one[1]), dtype=float)[int(one[2])])))
            continue
        value = getattr(d, name, None)
        if value is None:
            continue
        value = np.asarray(value, dtype=float)
        if name in PER_HEAD and value.ndim == 3:
            out += [(f"{name}{h + 1}", value[h]) for h in range(value.shape[0])]
        elif value.ndim == 2:
            out.append((name, value))
    return out


def drawn_matrices(scene) -> list:
    """The matrices the scene built (scene.made_matrices) with an entry in the scene, in the order
    built: a matrix whose entries travel on their own (a result carried into the next step) counts."""
    ids = {id(m) for top in scene.mobjects for m in top.get_family()}
    return [m for m in getattr(scene, "made_matrices", ()) if any(id(c) in ids for row in m.entries for c in row)]


def field_of(m, fields, prefer=()) -> str | None:
    """The name of the field whose values matrix `m` shows (a name in `prefer` first), or None."""
    try:
        values = np.asarray(m.values, dtype=float)
    except (TypeError, ValueError):
        return None
    for name, v in sorted(fields, key=lambda f: f[0] not in prefer):
        if v.shape == values.shape and np.allclose(v, values, rtol=0, atol=1e-12):
            return name
    return None


class DrawnRecord:
    """Mixed into the scene: needs data, shown, mobjects, made_matrices (every matrix its `mat` built);
    `record_fields` (names of the record's fields)."""

    record_fields: tuple = ()

    def note_drawn(self) -> None:
        """Add to `showing` every field drawn and not yet named there."""
        if not hasattr(self, "_fields"):
            self._fields = named_fields(self.data, self.record_fields)
        named = [n for n in self.shown.get("showing", "").split(",") if n]
        for m in drawn_matrices(self):
            name = field_of(m, self._fields, prefer=named)
            if name is not None and name not in named:
                named.append(name)
        if named:
            self.shown["showing"] = ",".join(named)

    def begin_animations(self) -> None:
        super().begin_animations()
        self.note_drawn()

    def play(self, *animations, **kwargs):
        super().play(*animations, **kwargs)
        self.note_drawn()
