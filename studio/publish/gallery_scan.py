"""What render.py left in OUT/: each entry's files, per look, and its frames.csv made compact.

`scan_all(out_root, entry)` finds OUT/NAME/ and OUT/<lang>-<theme>/NAME/ (where `render.py --lang all
--theme all` puts each look). Only a whole render is shown: its manifest (NAME.manifest.json,
studio.build.cache) must verify, every file with its size and SHA-256, and only the files it lists are
published; a truncated video or an edited file makes the entry "not rendered" until it is rendered
again (`verified_files`). `frames_payload` subsamples a frames.csv to at most one row per
FRAME_INTERVAL_S seconds for the page's frame slider.
"""
from __future__ import annotations

import csv
import json
import math
from dataclasses import dataclass, field
from pathlib import Path

from look import LANGS, THEMES
from studio.build.cache import cached_files, manifest_path

FRAME_INTERVAL_S = 0.1  # embed at most one frames.csv row per 0.1 s of video
MAX_FRAME_ROWS = 2000  # and at most this many rows per scene (a 6-minute scene at 4 fps keeps every frame)
# render.py --lang all / --theme all renders into OUT/<lang>-<theme>/NAME/: each is a "look" of the entry
LOOKS = tuple(f"{lang}-{theme}" for lang in LANGS for theme in THEMES)
MEDIA_KINDS = ("mp4", "gif", "svg", "png", "pdf")  # copied into the gallery when present


def _csv_cell(text: str):
    if text == "":
        return None
    try:
        if text.lstrip("-").isdigit():
            return int(text)
        v = float(text)
    except ValueError:
        return text
    return v if math.isfinite(v) else text


def frames_payload(path: Path, fps: float | None) -> dict:
    """frames.csv as compact JSON: columns, then at most one row per FRAME_INTERVAL_S seconds."""
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.reader(fh)
        columns = next(reader, [])
        rows = [r for r in reader if r]
    total = len(rows)
    if not fps:
        times = [float(r[1]) for r in rows[:2]] if len(columns) > 1 else []
        fps = 1.0 / (times[1] - times[0]) if len(times) == 2 and times[1] > times[0] else 1.0
    step = max(1, math.ceil(fps * FRAME_INTERVAL_S - 1e-9))
    while total and math.ceil(total / step) > MAX_FRAME_ROWS:
        step += 1
    keep = list(range(0, total, step))
    if total and keep[-1] != total - 1:
        keep.append(total - 1)
    return {
        "columns": columns,
        "rows": [[_csv_cell(rows[k][j]) if j < len(rows[k]) else None for j in range(len(columns))]
                 for k in keep],
        "total": total,
        "step": step,
        "fps": fps,
    }


def changes_only(rows: list[list]) -> list:
    """Frame rows as the page embeds them: the first whole, each later one as {column index: value} of the cells
    that differ from the row before (a frame changes a few of a scene's ~100 columns; gallery.js expands them)."""
    return rows[:1] + [{str(j): v for j, (a, v) in enumerate(zip(prev, row)) if a != v or type(a) is not type(v)}
                       for prev, row in zip(rows, rows[1:])]


def whole_rows(rows: list) -> list[list]:
    """The inverse of changes_only."""
    out = [list(rows[0])] if rows else []
    for change in rows[1:]:
        out.append(out[-1][:])
        for j, v in change.items():
            out[-1][int(j)] = v
    return out


@dataclass
class Rendered:
    """What OUT/NAME/ holds for one entry."""

    files: dict  # file name -> source path, every file the gallery copies
    rel: str = ""  # the folder below OUT/ (and below the gallery's media/): NAME or LOOK/NAME
    media: str | None = None  # the main output's file name
    poster: str | None = None
    vtt: dict = field(default_factory=dict)  # lang ("" for NAME.vtt) -> file name
    numbers: str | None = None
    frames: str | None = None
    clips: dict = field(default_factory=dict)  # section name -> "sections/NAME_00_id.mp4"

    @property
    def any(self) -> bool:
        return bool(self.files)


def verified_files(folder: Path, name: str) -> set | None:
    """The files (relative, '/'-separated) of the whole render of `name` in `folder`: what its
    manifest lists, when every listed file has the size and SHA-256 it records; else None."""
    try:
        doc = json.loads(manifest_path(folder, name).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    key = doc.get("content_key") if isinstance(doc, dict) else None
    if not isinstance(key, str) or cached_files(folder, key, name) is None:
        return None
    return set(doc["files"])


def _section_clips(folder: Path, files: dict, listed: set) -> dict:
    """render.py --sections: one MP4 per section in NAME/sections/ (index.json names them)."""
    index = folder / "sections" / "index.json"
    clips = {}
    try:
        items = json.loads(index.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return clips
    for item in items if isinstance(items, list) else []:
        fname = item.get("file") if isinstance(item, dict) else None
        if not isinstance(fname, str) or "/" in fname or fname.startswith("."):
            continue
        path = folder / "sections" / fname
        if f"sections/{fname}" in listed and path.is_file():
            files[f"sections/{fname}"] = path
            clips[str(item.get("name"))] = f"sections/{fname}"
    return clips


def scan(out_root: Path, entry, look: str = "", folder: str = "") -> Rendered:
    """What OUT/NAME/ (or OUT/LOOK/NAME/, or a render with its own numbers in OUT/[LOOK/]FOLDER/)
    holds for `entry`: the files of a whole render (verified_files), else nothing."""
    folder = folder or entry.name
    rel = f"{look}/{folder}" if look else folder
    folder = Path(out_root) / rel
    files: dict = {}
    name = entry.name
    listed = verified_files(folder, name) if folder.is_dir() and not folder.is_symlink() else None
    if listed is None:  # nothing there, or not a whole render: shown as not rendered
        return Rendered(files, rel=rel)
    found = {p.name: p for p in folder.iterdir()
             if p.name in listed and p.is_file() and not p.name.startswith(".")}
    for ext in MEDIA_KINDS:
        if f"{name}.{ext}" in found:
            files[f"{name}.{ext}"] = found[f"{name}.{ext}"]
    vtt = {}
    for fname in sorted(found):
        if fname == f"{name}.vtt":
            vtt[""] = fname
        elif fname.startswith(f"{name}.") and fname.endswith(".vtt"):
            lang = fname[len(name) + 1 : -4]
            if lang in LANGS:
                vtt[lang] = fname
    for fname in vtt.values():
        files[fname] = found[fname]
    for fname in sorted(found):  # SubRip copies of the captions, for video editors
        if fname.startswith(f"{name}.") and fname.endswith(".srt"):
            files[fname] = found[fname]
    rendered = Rendered(files, rel=rel, vtt=vtt)
    rendered.clips = _section_clips(folder, files, listed)
    for extra in ("numbers.json", "frames.csv"):
        if f"{name}.{extra}" in found:
            files[f"{name}.{extra}"] = found[f"{name}.{extra}"]
    rendered.numbers = f"{name}.numbers.json" if f"{name}.numbers.json" in files else None
    rendered.frames = f"{name}.frames.csv" if f"{name}.frames.csv" in files else None
    order = ("mp4", "gif", "svg", "png") if entry.kind == "scene" else ("svg", "png")
    for ext in order:
        if f"{name}.{ext}" in files:
            rendered.media = f"{name}.{ext}"
            break
    if rendered.media and rendered.media.endswith(".mp4") and f"{name}.png" in files:
        rendered.poster = f"{name}.png"
    return rendered


def scan_all(out_root: Path, entry) -> list[Rendered]:
    """Every render of `entry`: OUT/NAME/ first, then OUT/<lang>-<theme>/NAME/ in LOOKS order."""
    found = [scan(out_root, entry)] + [scan(out_root, entry, look) for look in LOOKS]
    return [r for r in found if r.any]


def own_renders(out_root: Path, entry) -> dict:
    """Renders of `entry` with its own numbers: folder name -> [Rendered], for every OUT/FOLDER/ and
    OUT/LOOK/FOLDER/ other than NAME that holds NAME.manifest.json (NAME@key=value,... or a lesson's
    folder), in LOOKS order."""
    found: dict = {}
    for look in ("", *LOOKS):
        base = Path(out_root) / look if look else Path(out_root)
        if not base.is_dir():
            continue
        for d in sorted(base.iterdir()):
            if (d.name != entry.name and not d.name.startswith(".") and d.is_dir() and not d.is_symlink()
                    and d.name not in LOOKS and (d / f"{entry.name}.manifest.json").is_file()):
                r = scan(out_root, entry, look, d.name)
                if r.any:
                    found.setdefault(d.name, []).append(r)
    return found


def read_doc(r: Rendered):
    """(numbers document or None, error text or None)."""
    if not r.numbers:
        return None, None
    try:
        doc = json.loads(r.files[r.numbers].read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        return None, str(err)
    return (doc, None) if isinstance(doc, dict) else (None, "not a JSON object")


def vtt_language(path: Path) -> str | None:
    """The "Language: xx" line of a WebVTT header, if any."""
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                line = line.strip()
                if not line:
                    break  # the header ends at the first blank line
                if line.lower().startswith("language:"):
                    return line.split(":", 1)[1].strip() or None
    except (OSError, UnicodeDecodeError):
        return None
    return None
