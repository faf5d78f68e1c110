"""A lesson file: a course's own numbers for many entries, in one TOML file kept with the course.

    # Week 3: position, with our course's sizes
    lang = "all"                  # en, zh-Hant, zh-Hans, a list of them, or "all" (default en)
    theme = "light"               # light, dark or all
    quality = "high"              # low, medium, high, 4k
    voice = "recordings"          # optional: narrate the scenes (a folder beside this file, or "draft")

    [[entry]]
    name = "pe_clock"
    set = { d_model = 64, positions = 50 }

    [[entry]]
    name = "attention_heatmap"
    folder = "attention_wo_ai_mao"          # optional: the output folder's name
    lang = ["zh-Hant", "zh-Hans"]           # optional: this entry's own languages
    set = { tokens = ["我", "愛", "貓"], embeddings = { "我" = [1, 0], "愛" = [0, 1], "貓" = [1, 1] } }
    voice = "voice/heatmap"                 # optional: this entry's own recordings

`render.py --lesson FILE` renders every entry with its parameters; options given on the command line
win over the file's. Every parameter is checked before anything renders (exit 2, naming the file,
the entry and the problem). Values are written as in studio.catalogue.params.

Each entry's folder is checked too (studio.build.outdir.check_folder_name): one plain path component, not
one of OUT's own folders (each LANG-THEME, gallery, pages), not ending in .log (a failed render's
log is FOLDER.log beside its folder), and not another entry's folder (letter case ignored).
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from look import LANGS, THEMES
from studio import catalogue
from studio.errors import UserError, clip
from studio.options import QUALITIES

TOP_KEYS = {"title", "lang", "theme", "quality", "voice", "entry"}
ENTRY_KEYS = {"name", "set", "folder", "lang", "theme", "voice"}


@dataclass(frozen=True)
class LessonItem:
    entry: catalogue.Entry  # with its parameters, checked
    langs: tuple | None  # None: the lesson's (or the command line's)
    themes: tuple | None
    voice: str | None = None  # "draft" or a folder (relative ones already resolved against the file's folder)


@dataclass(frozen=True)
class Lesson:
    path: Path
    title: str
    items: tuple
    langs: tuple | None  # None when the file does not say
    themes: tuple | None
    quality: str | None
    voice: str | None = None


def _choices(value, allowed: tuple, what: str, where: str) -> tuple:
    values = list(allowed) if value == "all" else [value] if isinstance(value, str) else value
    if not isinstance(values, list) or not values or any(v not in allowed for v in values):
        raise UserError(f"{where}: {what} = {clip(repr(value))}: choose from {', '.join(allowed)} or \"all\"")
    return tuple(dict.fromkeys(values))


def read_lesson(path: Path) -> Lesson:
    """Read and check a lesson file; every problem is a UserError (exit 2) naming where it is."""
    path = Path(path)
    try:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UserError(f"--lesson {path}: no such file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise UserError(f"--lesson {path}: cannot read it ({e})") from None
    except tomllib.TOMLDecodeError as e:
        raise UserError(f"{path}: not valid TOML ({e})") from None
    except RecursionError:
        raise UserError(f"{path}: lists or tables nest too deeply to read") from None
    unknown = set(doc) - TOP_KEYS
    if unknown:
        raise UserError(f"{path}: unknown setting {', '.join(sorted(unknown))} "
                        f"(a lesson file has {', '.join(sorted(TOP_KEYS))})")
    raw = doc.get("entry", [])
    if not isinstance(raw, list) or not raw or not all(isinstance(e, dict) for e in raw):
        raise UserError(f"{path}: no entries; add [[entry]] tables with name = \"...\"")
    quality = doc.get("quality")
    if quality is not None and (not isinstance(quality, str) or quality not in QUALITIES):
        raise UserError(f"{path}: quality = {clip(repr(quality))}: choose from {', '.join(QUALITIES)}")
    items, folders = [], set()
    for k, spec in enumerate(raw, 1):
        where = f"{path}, entry {k}"
        unknown = set(spec) - ENTRY_KEYS
        if unknown:
            raise UserError(f"{where}: unknown key {', '.join(sorted(unknown))} "
                            f"(an entry has {', '.join(sorted(ENTRY_KEYS))}; parameters go in set = {{...}})")
        if not isinstance(spec.get("name"), str):
            raise UserError(f"{where}: give the entry's name, e.g. name = \"pe_clock\"")
        given = spec.get("set", {})
        if not isinstance(given, dict):
            raise UserError(f"{where}: set must be a table, e.g. set = {{ d_model = 64 }}")
        folder = spec.get("folder", "")
        if not isinstance(folder, str):
            raise UserError(f"{where}: folder must be a string")
        try:
            entry = catalogue.get(spec["name"]).with_params(given, folder)
        except UserError as e:
            raise UserError(f"{where}: {e}") from None
        if entry.folder.casefold() in folders:  # one folder on a disk that ignores case, too
            raise UserError(f"{where}: a second entry would write into {clip(entry.folder)}/; "
                            "give it folder = \"...\"")
        folders.add(entry.folder.casefold())
        langs = _choices(spec["lang"], LANGS, "lang", where) if "lang" in spec else None
        themes = _choices(spec["theme"], THEMES, "theme", where) if "theme" in spec else None
        items.append(LessonItem(entry, langs, themes, _voice(spec, path, where)))
    return Lesson(
        path=path, title=str(doc.get("title", path.stem)), items=tuple(items),
        langs=_choices(doc["lang"], LANGS, "lang", str(path)) if "lang" in doc else None,
        themes=_choices(doc["theme"], THEMES, "theme", str(path)) if "theme" in doc else None,
        quality=quality, voice=_voice(doc, path, str(path)),
    )


def _voice(table: dict, path: Path, where: str) -> str | None:
    """voice = "draft" or a folder of recordings (relative to the lesson file), checked."""
    value = table.get("voice")
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise UserError(f"{where}: voice must be \"draft\" or a folder of recordings, e.g. voice = \"voice\"")
    if value == "draft":
        return value
    folder = path.parent / Path(value).expanduser()
    if not folder.is_dir():
        raise UserError(f"{where}: voice = {clip(repr(value))}: no such folder ({clip(str(folder))})")
    return str(folder)
