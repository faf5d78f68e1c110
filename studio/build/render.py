"""Render one catalogue entry into OUT/NAME/: the output file plus its numbers files.

Figures go through matplotlib (SVG/PNG/PDF, deterministic), here; scenes through Manim
(studio.build.scene: MP4/GIF, a PNG poster of the last frame, the narration). Every file is written into a
staging folder that replaces OUT/NAME in one step (studio.build.outdir), with a manifest of the files
written last (studio.build.cache), so an interrupted render leaves the previous output or the new one,
never a mix, and the cache never serves a folder it cannot verify.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path

from studio.build import deps, interrupts
from studio.build.atomic import atomic_path
from studio.build.cache import SCENE_RENDERER, files_intact, read_manifest, write_manifest
from studio.catalogue import Entry, shared_record
from studio.build.numbers import describe, figure_caption, numbers_document, write_numbers
from studio.build.outdir import check_owned, commit_turn, staged, sweep
from studio.build.request import Request
from studio.errors import UserError
from studio.options import FORMATS


@dataclass
class Result:
    request: Request
    files: list[Path] = field(default_factory=list)
    seconds: float = 0.0
    cached: bool = False

    @property
    def entry(self) -> Entry:
        return self.request.entry


def render_entry(request: Request, watch=None) -> Result:
    """Render one request into OUT/FOLDER/, or answer from the cache when nothing it depends on changed.

    `watch`: for a scene, an object whose start(scene) and finish(scene) are called around the play
    (studio.gates.scenes.GatePlay: the layout gate watching the render's own play); for a figure, one
    whose figure(fig, doc) is called with the saved figure and its numbers document
    (studio.gates.figures.GateFigure)."""
    fmt = request.format  # a format the entry's kind cannot take is bad input, found before any work
    started = time.perf_counter()
    entry, out_dir = request.entry, request.folder
    check_owned(out_dir, entry.name)  # a folder a render did not make is refused, never replaced
    cached = request.up_to_date()
    if cached:
        return Result(request, cached, time.perf_counter() - started, cached=True)
    key = request.key()
    sweep(out_dir)  # what a killed render of this entry left behind
    with staged(out_dir) as stage:
        if entry.kind == "figure":
            files = render_figure(request, fmt, stage.path, key, watch)
        else:  # by name: a figure's content key must not take in Manim's pipeline and the narration
            files = import_module(SCENE_RENDERER).render_scene(request, fmt, stage.path, key, watch)
        names = [f.relative_to(stage.path) for f in files]
        with commit_turn(out_dir):  # another render into this folder waits: neither loses the other's files
            kept = keep_other_formats(request, stage.path, files)
            write_manifest(stage.path, entry.name, key, files, kept)
            interrupts.raise_pending()  # an interrupt a library swallowed still stops the commit
            check_owned(out_dir, entry.name)  # again: nothing of anyone's appeared while it rendered
            stage.commit()
    clear_failed_log(request.log)  # an earlier failure is history now
    return Result(request, [out_dir / n for n in names], time.perf_counter() - started)


def keep_other_formats(request: Request, stage: Path, files: list[Path]) -> dict:
    """Copy into the staging folder the outputs of the entry's other formats that OUT/FOLDER holds and
    that are still up to date (their manifest's key equals what this request would have in that
    format), so `--format png` then `--format svg` leaves both, not only the last. Returns what was
    kept and the current render, {format: {"content_key", "outputs"}}, for the manifest; a file this
    render wrote itself (the numbers files) is never replaced."""
    import shutil

    folder, name = request.folder, request.entry.name
    old = read_manifest(folder, name) or {}
    listing = old.get("files") if isinstance(old.get("files"), dict) else {}
    earlier = {fmt: f for fmt, f in (old.get("formats") or {}).items() if isinstance(f, dict)}
    outputs = old.get("outputs")
    if isinstance(outputs, list) and outputs and old.get("content_key"):
        earlier.setdefault(Path(str(outputs[0])).suffix.lstrip("."), {"content_key": old["content_key"], "outputs": outputs})
    current = request.format
    kept = {current: {"content_key": request.key(), "outputs": [f.relative_to(stage).as_posix() for f in files]}}
    for fmt, record in sorted(earlier.items()):
        rels = record.get("outputs")
        if fmt == current or fmt not in FORMATS[request.entry.kind] or not isinstance(rels, list):
            continue
        try:
            still = request.but(fmt=fmt).key() == record.get("content_key")
        except UserError:  # a format this request cannot take (a voiced scene as PNG)
            continue
        if not still or not files_intact(folder, listing, rels):
            continue
        for rel in rels:
            target = stage / rel
            if not target.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(folder / rel, target)
        kept[fmt] = {"content_key": record["content_key"], "outputs": rels}
    return kept if len(kept) > 1 else {}


def clear_failed_log(log: Path) -> None:
    """Remove an earlier failure's log; a folder at that name (not a log) is left alone."""
    if log.is_symlink() or log.is_file():
        log.unlink(missing_ok=True)


# -- figures --------------------------------------------------------------------------------
def short_title(description: str) -> str:
    """A figure's <title>: its description up to the first colon (the subject), or all of it."""
    for mark in (":", "："):
        head = description.split(mark, 1)[0].strip()
        if mark in description and len(head) >= 8:
            return head
    return description


def render_figure(request: Request, fmt: str, out_dir: Path, key: str, watch=None) -> list[Path]:
    entry, look = request.entry, request.look
    deps.require_font_matplotlib(look.font)
    from figures.common import figure_context, literal_text
    from studio.build.savefig import freeze_layout, save_figure
    import matplotlib.pyplot as plt

    record = entry.compute()
    module = entry.load()
    target = out_dir / f"{entry.name}.{fmt}"
    numbers = out_dir / f"{entry.name}.numbers.json"
    doc = numbers_document(entry, record, look, decimals=getattr(module, "DECIMALS", {}), key=key,
                           shared=shared_record(entry), caption=figure_caption(module, record, look))
    with figure_context(look):
        fig = freeze_layout(module.make(literal_text(record), look))  # user words drawn as written
        try:
            with atomic_path(target) as tmp:
                description = describe(entry, look.lang)
                save_figure(fig, tmp, fmt, svg_text=request.svg_text, title=short_title(description),
                            desc=description, lang=look.lang)
            if watch is not None:
                watch.figure(fig, doc)
        finally:
            plt.close(fig)
    doc["files"] = [target.name, numbers.name]
    write_numbers(numbers, doc)
    return [target, numbers]


