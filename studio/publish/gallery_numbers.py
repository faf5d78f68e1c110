"""The gallery's numbers tables: one numbers.json `data` block as HTML (templates/numbers.html).

Every field gets a row: its shape and its values as shown on screen (the declared rounding), with
the full precision beside a rounded scalar; large grids are cut to MAX_GRID_ROWS × MAX_GRID_COLS and
folded, higher-dimensional arrays shown as a few 2-D slices. The numbers file keeps everything.
"""
from __future__ import annotations

import json
import math

from markupsafe import Markup

from studio.publish.gallery_html import UI, fill, join, tr

MAX_GRID_ROWS = 64  # a grid shows at most this many rows ...
MAX_GRID_COLS = 48  # ... and columns of a field; the numbers file has all of them
MAX_SLICES = 8  # 3-D and higher arrays: at most this many 2-D slices
MAX_LIST_ITEMS = 40  # lists of records
OPEN_GRID_CELLS = 64  # grids this small are shown open, larger ones folded
SIG_DIGITS = 6  # fields without a declared on-screen rounding


def _num_text(v) -> str:
    """A value with no declared rounding: ints as they are, floats to SIG_DIGITS digits."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        s = f"{v:.{SIG_DIGITS}g}"
        return "0" if s == "-0" else s.replace("-", "\u2212")
    if v is None:
        return "—"
    return str(v)


def _full_text(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return repr(v)
    if v is None:
        return "null"
    return str(v)


def _is_scalar(v) -> bool:
    return v is None or isinstance(v, (int, float, str, bool))


def _decimals_of(shown: str) -> int | None:
    s = str(shown).lstrip("+-\u2212")
    if "." in s:
        frac = s.split(".", 1)[1]
        digits = len(frac) - len(frac.lstrip("0123456789"))
        return digits or None
    return 0 if s.isdigit() else None


def _list_shape(v) -> list[int] | None:
    """The shape of a rectangular nested list of scalars, else None."""
    if _is_scalar(v):
        return []
    if not isinstance(v, list):
        return None
    if not v:
        return [0]
    shapes = [_list_shape(x) for x in v]
    if any(s is None for s in shapes) or any(s != shapes[0] for s in shapes):
        return None
    return [len(v), *shapes[0]]


def _is_array_field(v) -> bool:
    return isinstance(v, dict) and "shape" in v and "value" in v


def _is_shown_scalar(v) -> bool:
    return isinstance(v, dict) and "value" in v and "shown" in v and "shape" not in v and len(v) == 2


def _unravel(k: int, shape: list[int]) -> list[int]:
    idx = []
    for n in reversed(shape):
        idx.append(k % n)
        k //= n
    return idx[::-1]


def _has_float(v) -> bool:
    if isinstance(v, list):
        return any(_has_float(x) for x in v)
    return isinstance(v, float)


def _first_decimals(shown) -> int | None:
    while isinstance(shown, list):
        if not shown:
            return None
        shown = shown[0]
    return _decimals_of(shown) if shown is not None else None


def _shape(shape: list[int]) -> Markup:
    return fill("numbers.shape", dims=shape)


def _note(text: str) -> Markup:
    return fill("numbers.note", text=text)


class Numbers:
    """Renders one numbers.json `data` block as HTML tables."""

    def __init__(self, file_name: str):
        self.file = file_name

    def field_rows(self, data: dict) -> Markup:
        rows = []
        for key, value in data.items():
            try:
                shape, body, notes = self.value(value)
            except Exception:  # a form this page does not know: show the JSON as it is
                text = json.dumps(value, ensure_ascii=False)
                shape, body, notes = "", fill("numbers.raw", text=text[:2000] + ("…" if len(text) > 2000 else "")), ""
            rows.append({"key": key, "shape": shape, "body": body, "notes": notes})
        return fill("numbers.fields", field=tr("field"), shape=tr("shape"), value=tr("value"), rows=rows)

    def value(self, v) -> tuple:
        """(shape cell, value html, notes html) for one field value of any form."""
        if _is_array_field(v) and isinstance(v["shape"], list) and _list_shape(v["value"]) == v["shape"]:
            shape = list(v["shape"])
            shown = v.get("shown")
            if shown is not None and _list_shape(shown) != shape:
                shown = None  # an on-screen copy that does not fit: show the values instead
            if not shape:
                return _shape(shape), self.scalar(v["value"], shown), ""
            return (_shape(shape),) + self.grid(v["value"], shown, shape)
        if _is_shown_scalar(v):
            return tr("scalar"), self.scalar(v["value"], v["shown"]), ""
        if _is_scalar(v):
            return tr("scalar"), self.scalar(v, None), ""
        if isinstance(v, list):
            shape = _list_shape(v)
            if shape is not None and len(shape) > 0 and all(shape):
                return (_shape(shape),) + self.grid(v, None, shape)
            return _shape([len(v)]), self.items(v), ""
        if isinstance(v, dict):
            return fill("numbers.keys", n=len(v)), fill("numbers.nested", inner=self.field_rows(v)), ""
        return "", str(v), ""

    def scalar(self, value, shown) -> Markup:
        if shown is not None:
            full = _full_text(value)
            d = _decimals_of(shown)
            title = UI["en"]["rounding"].format(d=d) if d is not None else ""
            return fill("numbers.shown", title=title, shown=shown, full_title=UI["en"]["full"],
                        full=full if full != str(shown) else None)
        if isinstance(value, str):
            return fill("numbers.str", text=value)
        return fill("numbers.num", text=_full_text(value))

    def items(self, values: list) -> Markup:
        out = [self.value(v)[1:] for v in values[:MAX_LIST_ITEMS]]
        note = ""
        if len(values) > MAX_LIST_ITEMS:
            note = _note(tr("cut_items", k=MAX_LIST_ITEMS, K=len(values), file=self.file))
        return fill("numbers.items", items=out, note=note)

    def grid(self, value, shown, shape: list[int]) -> tuple[Markup, Markup]:
        """A 1-D or 2-D grid (higher: a few 2-D slices), folded when large."""
        cells = math.prod(shape)
        notes = []
        if shown is None:
            if _has_float(value):
                notes.append(_note(tr("sig", d=SIG_DIGITS)))
        else:
            d = _first_decimals(shown)
            if d is not None:
                notes.append(_note(tr("rounding", d=d)))
        if len(shape) <= 2:
            body, cut = self.grid2(value, shown, shape)
            if cut:
                notes.append(_note(cut))
        else:
            lead = shape[:-2]
            count = math.prod(lead)
            parts = []
            for k in range(min(count, MAX_SLICES)):
                idx = _unravel(k, lead)
                sub_v, sub_s = value, shown
                for i in idx:
                    sub_v = sub_v[i]
                    sub_s = sub_s[i] if sub_s is not None else None
                table, cut = self.grid2(sub_v, sub_s, shape[-2:])
                label = "[" + ", ".join(map(str, idx)) + ", :, :]"
                parts.append(fill("numbers.slice", label=label, table=table, cut=_note(cut) if cut else ""))
            body = join(parts)
            if count > MAX_SLICES:
                notes.append(_note(tr("cut_slices", k=MAX_SLICES, K=count, file=self.file)))
        if cells <= OPEN_GRID_CELLS:
            return fill("numbers.wrap", body=body), join(notes)
        return fill("numbers.fold", label=tr("show_values", n=cells), body=body), join(notes)

    def grid2(self, value, shown, shape: list[int]) -> tuple[Markup, Markup | str]:
        if len(shape) == 1:
            value, shown, shape = [value], ([shown] if shown is not None else None), [1, shape[0]]
            one_row = True
        else:
            one_row = False
        n_rows, n_cols = shape
        r, c = min(n_rows, MAX_GRID_ROWS), min(n_cols, MAX_GRID_COLS)
        rows = []
        for i in range(r):
            row_v = value[i]
            row_s = shown[i] if shown is not None else None
            cells = []
            for j in range(c):
                v = row_v[j]
                text = row_s[j] if row_s is not None else _num_text(v)
                cells.append((text, isinstance(v, (int, float)) and not isinstance(v, bool) and v < 0))
            rows.append(("" if one_row else str(i), cells))
        table = fill("numbers.grid", cols=range(c), rows=rows, more_cols=c < n_cols, more_rows=r < n_rows)
        cut = ""
        if r < n_rows or c < n_cols:
            cut = tr("cut", r=r, R=n_rows, c=c, C=n_cols, file=self.file)
        return table, cut
