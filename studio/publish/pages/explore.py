"""Explore this frame: from a scene's held frame, the widget on the same page opened at that frame's
values. For each scene that shares its quantities with a widget, `EXPLORE` names the widget and reads
the values of its controls (data-control, as page.js keys them) from the scene's frames table at the
hold (studio.build.numbers.numbers_at: the row `render.py numbers NAME --at SECONDS` prints), so the
widget shows what the frame shows. A hold whose row does not fit the widget (no word on screen yet, a
seat outside the slider) has no link.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path


def _num(row: dict, key: str) -> float | None:
    try:
        return float(str(row.get(key, "")).replace("\u2212", "-"))
    except ValueError:
        return None


def _seat(x: float | None, top: int) -> int | None:
    """A whole seat in 0 … top, or None for a value between seats or outside the slider."""
    if x is None or abs(x - round(x)) > 1e-6 or not 0 <= round(x) <= top:
        return None
    return int(round(x))


def _gain(row: dict, w: dict) -> dict | None:
    s = _num(row, "s")
    if s is None:
        return None
    k = min(range(len(w["keys"])), key=lambda i: abs(float(w["states"][w["keys"][i]]["s"]) - s))
    return {"s": str(k)} if abs(float(w["states"][w["keys"][k]]["s"]) - s) < 1e-6 else None


def _naive(row: dict, w: dict) -> dict | None:
    word, p, q = row.get("word", ""), _seat(_num(row, "p"), w["max"]), _seat(_num(row, "q"), w["max"])
    if word not in w["words"] or p is None or q is None:
        return None
    return {"word": str(w["words"].index(word)), "p": str(p), "q": str(q)}


def _seat_widget(row: dict, w: dict) -> dict | None:
    seat = _seat(_num(row, "position"), w["max"])
    return None if seat is None else {"seat": str(seat)}


def _rope(row: dict, w: dict) -> dict | None:
    m, n = _seat(_num(row, "m"), w["max"]), _seat(_num(row, "n"), w["max"])
    return None if m is None or n is None else {"m": str(m), "n": str(n)}


def _pe_clock(row: dict) -> dict | None:
    """The clock video's sections open the widget that draws what the frame shows: the wrap frame
    ("No two fingerprints alike") the fingerprint table at the seat that hand 0 nearly brings back to
    seat 0; the angle table ("Same gap, same turn") at the gap the frame's table uses (the angles
    widget's opening gap, the same engine.pe_geometry.angle_table); the fingerprint added to the word
    and the order's score (十五 then 五十) the 十五 vs 五十 widget with positions added; any other
    frame the fingerprint table at the seat on screen."""
    section = row.get("section", "")
    gap = _seat(_num(row, "wrap_gap"), _widget("seat")["max"])
    if section == "compare" and gap is not None:
        return {"widget": "seat", "values": {"seat": str(gap)}}
    if section == "relative" and _num(row, "angle_table_column") is not None:
        return {"widget": "angles", "values": {"gap": str(_widget("angles")["start"])}}
    if section == "use" and _num(row, "order_pe_a") is not None:
        return {"widget": "order", "values": {"flip": "0", "pos": "1"}}
    values = _seat_widget(row, _widget("seat"))
    return None if values is None else {"widget": "seat", "values": values}


# scene: (widget id, values of its controls from a frames-table row and the widget's record); a scene
# whose sections open different widgets reads its row alone and names the widget (ROUTED)
EXPLORE = {"signal_decay": ("gain", _gain), "naive_position": ("naive", _naive), "pe_clock": ("seat", _seat_widget),
           "rope_rotation": ("rope", _rope)}
ROUTED = {"pe_clock": _pe_clock}


@lru_cache(maxsize=None)
def _widget(wid: str) -> dict:
    from studio.publish.pages.widgets import BUILDERS

    return BUILDERS[wid]()


def explore_values(scene: str, row: dict) -> dict | None:
    """{"widget": id, "values": {control: value}} for a frames-table row of `scene`, or None."""
    if scene in ROUTED:
        return ROUTED[scene](row)
    if scene not in EXPLORE:
        return None
    wid, read = EXPLORE[scene]
    values = read(row, _widget(wid))
    return None if values is None else {"widget": wid, "values": values}


def explore_holds(scene: str, folder: Path, holds, duration_s: float) -> list:
    """For each hold (seconds) of `scene`'s render in `folder`: its explore link, or None."""
    if scene not in EXPLORE or not (Path(folder) / f"{scene}.frames.csv").is_file():
        return [None] * len(holds)
    from studio.build.numbers import numbers_at

    return [explore_values(scene, numbers_at(folder, scene, h, duration_s)) for h in holds]
