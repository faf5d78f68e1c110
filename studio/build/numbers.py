"""The reviewer's contract (docs/design.md §2): NAME.numbers.json and NAME.frames.csv.

numbers.json holds every number an output shows, at full precision and as rounded on screen, with
shapes, the engine parameters, the project version and, for scenes, the sections with their start
times. frames.csv has one row per rendered frame with what the scene displayed in that frame.
"""
from __future__ import annotations

import csv
import dataclasses
import io
import json
import math
from pathlib import Path

import numpy as np

from studio import __version__
from studio.build.atomic import write_text
from look import fmt_num


def to_jsonable(value, decimals: int | dict | None = None):
    """Engine values to JSON: arrays keep their shape; `decimals` adds the on-screen rounding.

    `decimals` is a number for one value, or a {field: decimals} map that applies to the fields of
    dataclasses at any depth (records nested in tuples and lists included).
    """
    by_field = decimals if isinstance(decimals, dict) else None
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = by_field or {}
        return {f.name: to_jsonable(getattr(value, f.name), fields.get(f.name, by_field))
                for f in dataclasses.fields(value)}
    if by_field is not None and not isinstance(value, (dict, list, tuple)):
        decimals = None  # a map reaches only nested records
    if isinstance(value, np.ndarray):
        out = {"shape": list(value.shape), "value": _plain(value.tolist())}
        if decimals is not None and value.dtype.kind == "f":
            shown = np.array([fmt_num(float(x), decimals) for x in value.ravel()], dtype=object)  # NaN stays "NaN":
            out["shown"] = shown.reshape(value.shape).tolist() if value.size else []  # no ufunc to flag it invalid
        return out
    if isinstance(value, dict):
        return {str(k): to_jsonable(v, by_field) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_jsonable(v, decimals) for v in value]
    if isinstance(value, (np.floating, float)):
        v = _plain(float(value))
        if decimals is not None and isinstance(v, float):
            return {"value": v, "shown": fmt_num(v, decimals)}
        return v
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.bool_):
        return bool(value)
    return value


def _plain(v):
    """NaN and infinities as strings (JSON has no literal for them): a diverged run stays visible."""
    if isinstance(v, float) and not math.isfinite(v):
        return "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf")
    if isinstance(v, list):
        return [_plain(x) for x in v]
    return v


def record_fields(record, decimals: dict) -> dict:
    """Each field of an engine record, with its on-screen rounding where the output declares one."""
    if not dataclasses.is_dataclass(record):
        return {"value": to_jsonable(record)}
    return {
        f.name: to_jsonable(getattr(record, f.name), decimals.get(f.name, decimals or None))
        for f in dataclasses.fields(record)
    }


def figure_caption(module, record, look) -> str | None:
    """The text a figure leaves to the page (paragraphs, tables, notes), in the look's language: the
    module's caption(record, look), or None when it has none."""
    make_caption = getattr(module, "caption", None)
    return make_caption(record, look) if callable(make_caption) else None


def numbers_document(entry, record, look, *, decimals=None, sections=None, render=None, key=None,
                     shared=(), caption=None) -> dict:
    doc = {
        "name": entry.name,
        "kind": entry.kind,
        "project_version": __version__,
        "engine_function": entry.data,
        "engine_params": to_jsonable(entry.engine_params()),
        "theme": look.theme,
        "lang": look.lang,
        "description": describe(entry, look.lang),
        "data": record_fields(record, decimals or {}),
    }
    if caption:  # what the figure leaves to the text: a note writer pastes it under the figure
        doc["caption"] = caption
    drawn = getattr(entry.load(), "PARAMS_DRAWN", None) if entry.kind == "figure" else None
    if drawn is not None:  # a record shared with other outputs: which of its parameters this one draws
        doc["engine_params_drawn"] = [k for k in doc["engine_params"] if k in drawn]
        doc["engine_params_not_drawn"] = [k for k in doc["engine_params"] if k not in drawn]
    if shared:  # a figure split from a stacked one: the others drawn from this same record
        doc["record_shared_with"] = list(shared)
    if getattr(look, "background", "theme") != "theme" and look.theme == "light":
        doc["background"] = look.background  # a print figure: white paper
    if entry.given:  # your own numbers: what was set, and where it went
        from studio.catalogue.params import jsonable

        doc["params"] = {k: jsonable(v) for k, v in entry.given}
        doc["folder"] = entry.folder
    if render is not None:
        doc["render"] = render
    if sections is not None:
        doc["sections"] = sections
    if key is not None:
        doc["content_key"] = key
    return doc


WITH_PARAMS = {"en": "{name} with {params}", "zh-Hant": "{name}，參數 {params}", "zh-Hans": "{name}，参数 {params}"}


def describe(entry, lang: str) -> str:
    """The catalogue's line for the seeds' numbers; with your own numbers, the entry and what was set
    (the catalogue's line quotes the seeds' values, which no longer hold)."""
    if not entry.given:
        return entry.describe[lang]
    from studio.catalogue.params import show

    sep = ", " if lang == "en" else "、"
    return WITH_PARAMS[lang].format(name=entry.name, params=sep.join(f"{k} = {show(v)}" for k, v in entry.given))


def write_numbers(path: Path, doc: dict) -> None:
    write_text(path, json.dumps(doc, ensure_ascii=False, indent=1) + "\n")


def write_frames(path: Path, rows: list[dict]) -> None:
    """One row per rendered frame; columns are the union of the rows' keys in first-seen order."""
    columns: list[str] = []
    for row in rows:
        for k in row:
            if k not in columns:
                columns.append(k)
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: _csv_value(v) for k, v in row.items()})
    write_text(path, buf.getvalue())


def _csv_value(v):
    if isinstance(v, (float, np.floating)):
        return repr(float(v))
    if isinstance(v, np.integer):
        return int(v)
    return v


def read_numbers(path: Path, name: str | None = None) -> dict:
    """A numbers file as written by a render; a missing or damaged one is the user's to fix (exit 2)."""
    from studio.errors import UserError

    name = name or Path(path).name.removesuffix(".numbers.json")
    again = f"render it again with 'python render.py {name} --force'"
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UserError(f"{path} does not exist: render it first with 'python render.py {name}'") from None
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise UserError(f"{path} cannot be read ({type(e).__name__}): {again}") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("data"), dict) or doc.get("name") != name:
        raise UserError(f"{path} is not the numbers file of {name}: {again}")
    return doc


def read_frames(path: Path, name: str | None = None) -> list[dict]:
    """The frames table of a scene render; a missing, empty or damaged one is the user's to fix (exit 2)."""
    from studio.errors import UserError

    name = name or Path(path).name.removesuffix(".frames.csv")
    again = f"render it again with 'python render.py {name} --force'"
    try:
        with open(path, newline="", encoding="utf-8") as fh:
            rows = list(csv.DictReader(fh))
    except FileNotFoundError:
        raise UserError(f"{path} does not exist: {again}") from None
    except (OSError, UnicodeDecodeError, csv.Error) as e:
        raise UserError(f"{path} cannot be read ({type(e).__name__}): {again}") from None
    if not rows:
        raise UserError(f"{path} holds no frames: {again}")
    for k, row in enumerate(rows):
        try:
            if float(row.get("time_s") or "nan") != float(row["time_s"]):
                raise ValueError
        except (TypeError, ValueError, KeyError):
            raise UserError(f"{path} row {k + 1} has no valid time_s: {again}") from None
    return rows


def frame_at(rows: list[dict], seconds: float) -> dict | None:
    """The frame on screen at `seconds`: the last frame starting at or before it."""
    best = None
    for row in rows:
        if float(row["time_s"]) <= seconds + 1e-9:
            best = row
        else:
            break
    if best is None or not rows:
        return None
    last = float(rows[-1]["time_s"])
    step = last / (len(rows) - 1) if len(rows) > 1 else 0.0
    if seconds > last + step:
        return None
    return best


def numbers_at(folder: Path, name: str, seconds: float, duration_s: float = 0.0) -> dict:
    """What a scene's render showed at `seconds` (`render.py numbers NAME --at SECONDS`): the row of
    FOLDER/NAME.frames.csv on screen then, every column as written (empty where nothing was shown).
    A time outside the video is the user's to fix (exit 2)."""
    import math

    from studio.errors import UserError

    if not math.isfinite(seconds) or seconds < 0:
        raise UserError(f"--at must be a time of 0 or more seconds, got {seconds}")
    row = frame_at(read_frames(Path(folder) / f"{name}.frames.csv", name), seconds)
    if row is None:
        raise UserError(f"--at {seconds}: the video is {duration_s:.2f} s long")
    return row
