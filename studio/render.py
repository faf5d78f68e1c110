"""Render one catalogue entry into out/<name>/: the output file plus its numbers files.

Figures go through matplotlib (SVG/PNG/PDF, deterministic); scenes through Manim in a private,
temporary media folder (MP4/GIF, plus a PNG poster of the last frame). Everything lands by atomic
rename, so an interrupted render leaves the previous good output or nothing.
"""
from __future__ import annotations

import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from studio import deps
from studio.atomic import atomic_path, move_into_place
from studio.catalogue import Entry
from studio.errors import UserError
from studio.numbers import numbers_document, write_frames, write_numbers
from studio.style import Look


@dataclass(frozen=True)
class Quality:
    name: str
    width: int
    height: int
    fps: int


QUALITIES = {
    "low": Quality("low", 854, 480, 15),
    "medium": Quality("medium", 1280, 720, 30),
    "high": Quality("high", 1920, 1080, 60),
    "4k": Quality("4k", 3840, 2160, 60),
}
DEFAULT_QUALITY = "high"
# Tests render scenes this small; not offered on the command line.
TINY = Quality("tiny", 256, 144, 4)

FORMATS = {"scene": ("mp4", "gif", "png"), "figure": ("svg", "png", "pdf")}
DEFAULT_FORMAT = {"scene": "mp4", "figure": "svg"}


@dataclass
class Result:
    entry: Entry
    files: list[Path] = field(default_factory=list)
    seconds: float = 0.0
    note: str = ""


def output_dir(out_root: Path, entry: Entry) -> Path:
    return Path(out_root) / entry.name


def check_format(entry: Entry, fmt: str | None) -> str:
    fmt = fmt or DEFAULT_FORMAT[entry.kind]
    if fmt not in FORMATS[entry.kind]:
        raise UserError(
            f"{entry.name} is a {entry.kind}: --format {fmt} is not possible "
            f"(choose {', '.join(FORMATS[entry.kind])})"
        )
    return fmt


def render_entry(entry: Entry, look: Look, *, quality: Quality | None = None, fmt: str | None = None,
                 out_root: Path = Path("out")) -> Result:
    fmt = check_format(entry, fmt)
    started = time.perf_counter()
    out_dir = output_dir(out_root, entry)
    if entry.kind == "figure":
        files = render_figure(entry, look, fmt, out_dir)
    else:
        files = render_scene(entry, look, quality or QUALITIES[DEFAULT_QUALITY], fmt, out_dir)
    return Result(entry, files, time.perf_counter() - started)


# -- figures --------------------------------------------------------------------------------
def render_figure(entry: Entry, look: Look, fmt: str, out_dir: Path) -> list[Path]:
    deps.require_font_matplotlib(look.font)
    from figures.common import figure_context, save_metadata
    import matplotlib.pyplot as plt

    record = entry.compute()
    module = entry.load()
    target = out_dir / f"{entry.name}.{fmt}"
    with figure_context(look):
        fig = module.make(record, look)
        try:
            with atomic_path(target) as tmp:
                fig.savefig(tmp, format=fmt, metadata=save_metadata(fmt),
                            dpi=200 if fmt == "png" else "figure")
        finally:
            plt.close(fig)
    numbers = out_dir / f"{entry.name}.numbers.json"
    write_numbers(numbers, numbers_document(entry, record, look, decimals=getattr(module, "DECIMALS", {})))
    return [target, numbers]


# -- scenes ---------------------------------------------------------------------------------
def render_scene(entry: Entry, look: Look, quality: Quality, fmt: str, out_dir: Path) -> list[Path]:
    deps.require_latex()
    deps.require_font_pango(look.font)
    import manim

    record = entry.compute()
    module = entry.load()
    files: list[Path] = []
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".media-", dir=out_dir) as media:
        settings = {
            "pixel_width": quality.width,
            "pixel_height": quality.height,
            "frame_rate": quality.fps,
            "media_dir": media,
            "output_file": entry.name,
            "format": "gif" if fmt == "gif" else "mp4",
            "write_to_movie": True,
            "save_last_frame": False,
            "disable_caching": True,
            "verbosity": "ERROR",
            "progress_bar": "none",
            "preview": False,
            "background_color": look.palette.background,
        }
        with manim.tempconfig(settings):
            scene = module.SCENE(data=record, look=look)
            scene.render()
            movie = Path(scene.renderer.file_writer.movie_file_path)
            poster = scene.renderer.get_frame()  # the last frame, (h, w, 4) uint8
        if fmt != "png":
            target = out_dir / f"{entry.name}.{fmt}"
            move_into_place(movie, target)
            files.append(target)
        png = out_dir / f"{entry.name}.png"
        _write_png(poster, png)
        files.append(png)
    render_info = {"quality": quality.name, "width": quality.width, "height": quality.height,
                   "fps": quality.fps, "frames": len(scene.frame_rows),
                   "duration_s": round(len(scene.frame_rows) / quality.fps, 6)}
    numbers = out_dir / f"{entry.name}.numbers.json"
    write_numbers(numbers, numbers_document(
        entry, record, look, decimals=getattr(module, "DECIMALS", {}),
        sections=scene.sections_log, render=render_info) | {"captions": scene.captions_log})
    frames = out_dir / f"{entry.name}.frames.csv"
    rows = [{"frame": k, "time_s": round(k / quality.fps, 6), **row} for k, row in enumerate(scene.frame_rows)]
    write_frames(frames, rows)
    return files + [numbers, frames]


def _write_png(pixels, target: Path) -> None:
    from PIL import Image

    with atomic_path(target) as tmp:
        Image.fromarray(pixels).save(tmp, format="PNG")
