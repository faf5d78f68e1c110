"""What a command is about: the entries with their parameters, languages and themes (from NAMES with
--set, or from a lesson file whose settings the command line overrides), the --out folder, and the
output folder a name stands for."""
from __future__ import annotations

from pathlib import Path


from studio import catalogue
from studio.errors import UserError, clip


def from_command_line(ctx, name: str) -> bool:
    from click.core import ParameterSource

    return ctx.get_parameter_source(name) == ParameterSource.COMMANDLINE


class Plan:
    """What one render command renders: (entry with its parameters, languages, themes) items."""

    def __init__(self, items, quality=None, voices=None):
        self.items = items
        self.quality = quality
        self.voices = voices or {}  # {output folder: "draft" or a recordings folder} a lesson gives


def render_plan(ctx, names, settings, lesson, langs, themes) -> Plan:
    """NAMES with --set, or a lesson file (its languages and themes unless the command line gives them)."""
    from studio.catalogue.values import parse_assignment

    if lesson is None:
        if not names:
            raise UserError("missing NAMES: name what to render (e.g. render.py pe_clock, or 'all'), or give --lesson FILE.toml")
        given = {}
        for key, value in map(parse_assignment, settings):
            if key in given:
                raise UserError(f"--set {key} is given twice; give each parameter once")
            given[key] = value
        entries = catalogue.resolve(names)
        if given:
            entries = [e.with_params(given) for e in entries]
        return Plan([(e, langs, themes) for e in entries])
    if names or settings:
        raise UserError("--lesson renders what the file lists: give no names or --set with it")
    from studio.cli.lesson import read_lesson

    doc = read_lesson(lesson)
    lesson_langs = langs if from_command_line(ctx, "lang") else (doc.langs or langs)
    lesson_themes = themes if from_command_line(ctx, "theme") else (doc.themes or themes)
    items = [(i.entry,
              lesson_langs if from_command_line(ctx, "lang") else (i.langs or lesson_langs),
              lesson_themes if from_command_line(ctx, "theme") else (i.themes or lesson_themes))
             for i in doc.items]
    voices = {i.entry.folder: i.voice or doc.voice for i in doc.items if i.voice or doc.voice}
    return Plan(items, doc.quality, voices)


def out_folder(ctx, param, value: str) -> Path:
    """--out must name a folder (existing or not), not an empty string or a file."""
    if value.strip() == "":
        raise UserError("--out: give a folder name (it is created if missing)")
    path = Path(value)
    if path.exists() and not path.is_dir():
        raise UserError(f"--out {clip(value)} exists and is not a folder")
    for parent in path.parents:  # `afile/sub`: a folder cannot be made below a file
        if parent.exists() and not parent.is_dir():
            raise UserError(f"--out {clip(value)}: {clip(parent)} is a file, so no folder can be made below it")
    return path


OUT_OPTION = dict(type=str, default="out", show_default=True, callback=out_folder)


def rendered_folder(out_root: Path, name: str):
    """(entry, folder) for a catalogue name, a NAME@key=value,... folder or a lesson's folder name."""
    base = name.split("@", 1)[0]
    folder = out_root / name
    if base not in catalogue.names() and folder.is_dir() and "/" not in name:
        found = sorted(folder.glob("*.numbers.json"))
        if len(found) == 1 and found[0].name.removesuffix(".numbers.json") in catalogue.names():
            return catalogue.get(found[0].name.removesuffix(".numbers.json")), folder
    return catalogue.get(base), folder
