"""Values on screen: for a scene of the deck, every number its frames table shows, as a compact table
the deck carries offline (the HTML deck cannot read NAME.frames.csv from file://). It is the row that
`render.py numbers NAME --at SECONDS` prints (studio.build.numbers.numbers_at: the last frame starting at
or before the time), labelled and rounded as the handout lists them (studio.publish.deck.points), kept
only where a value changes. static/onscreen.js shows the row at the video's paused time (key V).
"""
from __future__ import annotations

from pathlib import Path

from studio.build.numbers import read_frames
from studio.publish.deck.labels import drawn, field_label
from studio.publish.deck.points import HIDDEN, _decimals, column_decimals, shown


def onscreen_table(folder: Path, name: str, lang: str) -> dict:
    """{"labels": [...], "t": [start of each run, s], "rows": [[value as shown, or ""], ...]}: the frames
    table of FOLDER/NAME.frames.csv with its labelled columns only, one row per run of equal rows."""
    folder = Path(folder)
    frames = read_frames(folder / f"{name}.frames.csv", name)
    places = column_decimals(folder / f"{name}.numbers.json")
    cols = [k for k in frames[0] if k not in HIDDEN and field_label(k, lang)]
    times, rows, last = [], [], None
    for frame in frames:
        row = [shown(frame[k], _decimals(k, places)) if frame.get(k, "") != "" and drawn(k, frame) else "" for k in cols]
        if row != last:
            times.append(round(float(frame["time_s"]), 4))
            rows.append(row)
            last = row
    used = [j for j in range(len(cols)) if any(r[j] for r in rows)]  # a column never shown is left out
    return {"labels": [field_label(cols[j], lang) for j in used], "t": times,
            "rows": [[r[j] for j in used] for r in rows]}
