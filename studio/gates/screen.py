"""What a scene shows at one moment, as the scene gates read it: the texts and shapes on screen with
their boxes and opacity (Screen), the numbers a text states (numbers_in), and the numbers the
outputs export at their displayed rounding (Exported), against which a number on screen is checked
(studio.gates.scenes, studio.gates.teaching).
"""
from __future__ import annotations

import re

import numpy as np

from look.formats import FROM_SUPERSCRIPT, superscript
from studio.build.numbers import record_fields

NUMBER = re.compile(r"(?<![A-Za-z_\d.])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?"
                    r"(?:\s*\u00d7\s*10([\u207b\u207a]?[\u2070\u00b9\u00b2\u00b3\u2074-\u2079]+))?(%?)"
                    r"([\u207b\u207a]?[\u2070\u00b9\u00b2\u00b3\u2074-\u2079]+)?")

TEX_POWER = re.compile(r"\\times\s*10\^\{?([-+]?\d+)\}?")  # a formula's m \times 10^{n}: one number, as m × 10ⁿ


# -- what is on screen ------------------------------------------------------------------------
def alpha(m) -> float:
    fill = m.fill_rgbas[:, 3].max() if len(m.fill_rgbas) else 0.0
    stroke = m.stroke_rgbas[:, 3].max() if len(m.stroke_rgbas) and m.get_stroke_width() > 0 else 0.0
    return float(max(fill, stroke))


def visible_points(mob, vm_type) -> np.ndarray:
    pts = [m.points for m in mob.get_family() if isinstance(m, vm_type) and len(m.points) and alpha(m) > 0]
    return np.concatenate(pts) if pts else np.zeros((0, 3))


def label_of(mob, text_types) -> str:
    for attr in ("original_text", "tex_string", "shown"):
        value = getattr(mob, attr, None)
        if isinstance(value, str) and value:
            value = " ".join(value.split())
            return repr(value if len(value) <= 40 else value[:37] + "...")
    return type(mob).__name__


class Screen:
    """The units on screen in one state: texts (with boxes and strings) and stroked shapes. A text or
    shape reachable from two top-level mobjects (a group that also holds it, added to the scene) is
    counted once, as Manim draws it once (the camera drops a family's repeated members)."""

    def __init__(self, scene, text_types, vm_type):
        self.texts, self.shapes = [], []
        self._seen = set()  # ids of the texts and shapes already collected
        for top in scene.mobjects:
            self._top = top
            self._walk(top, text_types, vm_type, id(top) in scene._captions)
        self.boxes = np.array([t["box"] for t in self.texts]).reshape(-1, 4)

    def _walk(self, mob, text_types, vm_type, caption):
        if isinstance(mob, text_types):
            if id(mob) in self._seen:
                return
            self._seen.add(id(mob))
            pts = visible_points(mob, vm_type)
            if len(pts):
                box = (*pts[:, :2].min(axis=0), *pts[:, :2].max(axis=0))
                strings = [getattr(mob, a, "") for a in ("original_text", "tex_string", "shown")]
                self.texts.append({"mob": mob, "box": box, "caption": caption,
                                   "string": next((s for s in strings if isinstance(s, str) and s), ""),
                                   "tex": hasattr(mob, "tex_string") and not hasattr(mob, "text"),
                                   "ids": {id(m) for m in mob.get_family()}})
            return
        if isinstance(mob, vm_type) and len(mob.points) and alpha(mob) > 0 and id(mob) not in self._seen:
            self._seen.add(id(mob))
            self.shapes.append({"mob": mob, "caption": caption, "top": self._top})
        for sub in mob.submobjects:
            self._walk(sub, text_types, vm_type, caption)


_T = np.linspace(0, 1, 9)[:, None]
BEZIER_AT_9 = np.hstack([(1 - _T) ** 3, 3 * (1 - _T) ** 2 * _T, 3 * (1 - _T) * _T ** 2, _T ** 3])  # (9, 4)


def curves_of(shape) -> np.ndarray:
    """(k, 4, 2) the control points of a shape's cubic curves."""
    pts = shape.points
    return pts[:len(pts) // 4 * 4, :2].reshape(-1, 4, 2)


def samples(shape) -> np.ndarray:
    """Points along a shape's visible stroke (9 per cubic curve), (n, 2)."""
    curves = curves_of(shape)  # (k, 4, 2) control points
    if not len(curves):
        return np.zeros((0, 2))
    return np.einsum("sc,kcd->ksd", BEZIER_AT_9, curves).reshape(-1, 2)


def samples_of(shapes: list) -> tuple[np.ndarray, np.ndarray]:
    """The samples of several shapes at once, by curve: ((k, 9, 2) every shape's curves in turn, 9
    points each, as `samples` gives them; (len(shapes),) how many curves each shape has)."""
    curves = [curves_of(shape) for shape in shapes]
    counts = np.array([len(c) for c in curves], dtype=int)
    if not counts.sum():
        return np.zeros((0, 9, 2)), counts
    return np.einsum("sc,kcd->ksd", BEZIER_AT_9, np.concatenate(curves)), counts


def curves_inside(points: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """(k, m) whether a sample of curve i lies strictly inside box j (x0, y0, x1, y1), for the (k, 9, 2)
    samples of k curves. A curve whose samples' own box misses box j has none inside it, so the
    samples are compared only where the two boxes meet: the same answer as comparing them all."""
    lo, hi = points.min(axis=1), points.max(axis=1)  # (k, 2) each curve's samples' box
    meet = ((hi[:, None, 0] > boxes[None, :, 0]) & (lo[:, None, 0] < boxes[None, :, 2])
            & (hi[:, None, 1] > boxes[None, :, 1]) & (lo[:, None, 1] < boxes[None, :, 3]))  # (k, m)
    i, j = np.nonzero(meet)
    p, b = points[i], boxes[j][:, None, :]  # (n, 9, 2), (n, 1, 4)
    hit = ((p[..., 0] > b[..., 0]) & (p[..., 0] < b[..., 2])
           & (p[..., 1] > b[..., 1]) & (p[..., 1] < b[..., 3])).any(axis=1)  # (n,)
    out = np.zeros(meet.shape, bool)
    out[i[hit], j[hit]] = True
    return out


# -- numbers the outputs export ---------------------------------------------------------------
class Exported:
    """Every number the outputs hold: the record's fields and values (numbers.json) and `shown`."""

    def __init__(self, record, decimals: dict):
        values, ints, dims = [], set(), [0]
        self._collect(record_fields(record, decimals), values, ints, dims)
        self.values, self.ints, self.max_dim = values, ints, max(dims)

    def _collect(self, node, values, ints, dims):
        if isinstance(node, dict):
            if "shape" in node and isinstance(node["shape"], list):
                dims.extend(int(s) for s in node["shape"])
            for v in node.values():
                self._collect(v, values, ints, dims)
        elif isinstance(node, list):
            dims.append(len(node))
            for v in node:
                self._collect(v, values, ints, dims)
        elif isinstance(node, bool):
            return
        elif isinstance(node, (int, float)):
            values.append(abs(float(node)))
            if float(node).is_integer():
                ints.add(abs(int(node)))
        elif isinstance(node, str):
            for readings in numbers_in(node):
                values.append(readings[0][0])

    def with_shown(self, shown: dict) -> "tuple[np.ndarray, set]":
        extra = []
        self._collect(list(shown.values()), extra, set(), [0])
        ints = set(self.ints) | {int(x) for x in extra if float(x).is_integer()}
        return np.array(self.values + extra, dtype=float), ints


def numbers_in(text: str) -> list[list[tuple[float, float]]]:
    """Each number in `text` (signs dropped) as its readings [(value, half a unit of its last shown
    digit), ...]: one reading, or two for a percentage (37 % is 37 or 0.37). "2.2 × 10⁻¹⁶" is one
    number; "10⁻⁵" is 1e-05; in "0.9³⁰" the base is checked and the exponent is structure."""
    out = []
    text = TEX_POWER.sub(lambda m: "\u00d710" + superscript(int(m.group(1))), text)
    for whole, frac, exp, pct, power in NUMBER.findall(text.replace("\u2212", "-")):
        digits = len(frac) - 1 if frac else 0
        x = float(whole.replace(",", "") + (frac or ""))
        half = 0.5 * 10.0 ** -digits
        if exp:
            scale = 10.0 ** int(exp.translate(FROM_SUPERSCRIPT))
            x, half = x * scale, half * scale
        elif power and whole == "10" and not frac:
            x = 10.0 ** int(power.translate(FROM_SUPERSCRIPT))
            half = abs(x) * 1e-9
        out.append([(x, half), (x / 100, half / 100)] if pct else [(x, half)])
    return out


def is_exported(x: float, half: float, is_int: bool, values: np.ndarray, ints: set, max_dim: int) -> bool:
    if is_int and (int(x) in ints or x <= max_dim):
        return True
    if not len(values):
        return False
    return bool(np.any(np.abs(values - x) <= half * (1 + 1e-9) + 1e-12))
