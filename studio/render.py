"""Render one catalogue entry into out/<name>/: the output file plus its numbers files.

Figures go through matplotlib (SVG/PNG/PDF, deterministic); scenes through Manim in a private,
temporary media folder (MP4/GIF, plus a PNG poster of the last frame). Everything lands by atomic
rename, so an interrupted render leaves the previous good output or nothing.
"""
from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import metadata
from pathlib import Path

from studio import __version__, deps, texcache
from studio.atomic import atomic_path, move_into_place, write_text
from studio.captions import write_captions
from studio.catalogue import Entry
from studio.errors import UserError
from studio.numbers import numbers_document, to_jsonable, write_frames, write_numbers
from look import Look

ROOT = Path(__file__).resolve().parent.parent


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
    cached: bool = False


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
                 out_root: Path = Path("out"), sections: bool = False, force: bool = False) -> Result:
    """Render one entry into out_root/NAME/, or answer from the cache when nothing it depends on changed."""
    fmt = check_format(entry, fmt)
    quality = quality or QUALITIES[DEFAULT_QUALITY]
    started = time.perf_counter()
    out_dir = output_dir(out_root, entry)
    key = content_key(entry, look, quality, fmt, sections)
    if not force:
        cached = cached_files(entry, out_dir, key)
        if cached:
            return Result(entry, cached, time.perf_counter() - started, cached=True)
    if entry.kind == "figure":
        files = render_figure(entry, look, fmt, out_dir, key)
    else:
        files = render_scene(entry, look, quality, fmt, out_dir, key, sections)
    return Result(entry, files, time.perf_counter() - started)


# -- the cache ------------------------------------------------------------------------------
PIPELINE = ("studio.render", "studio.numbers", "studio.captions", "studio.atomic")
PACKAGES = ("engine", "look", "scenes", "figures", "studio")
# The catalogue's entry (name, descriptions, parameters) is hashed as data, not the whole file.
NOT_HASHED = ("studio.catalogue",)


def source_files(entry: Entry) -> list[Path]:
    """The project files an entry's output depends on: the import closure of its module and its
    engine function's module (read statically, nothing is imported), plus the render pipeline."""
    todo = [entry.module, entry.data.split(":")[0], *PIPELINE]
    seen: dict[str, Path] = {}
    while todo:
        name = todo.pop()
        if name in seen or name in NOT_HASHED:
            continue
        path = _module_path(name)
        if path is None:
            continue
        seen[name] = path
        todo.extend(_project_imports(path, name))
    return sorted(set(seen.values()))


def _module_path(name: str) -> Path | None:
    base = ROOT / name.replace(".", "/")
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _project_imports(path: Path, name: str) -> tuple[str, ...]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    return _imports_in(path.read_text(encoding="utf-8"), package)


@lru_cache(maxsize=None)
def _imports_in(source: str, package: str) -> tuple[str, ...]:
    """The project modules `source` imports; cached on the text, so `render.py all` parses each file once."""
    import ast

    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:  # relative import
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(parts + ([module] if module else []))
            found.append(module)
            found += [f"{module}.{a.name}" for a in node.names]  # "from pkg import module"
    return tuple(m for m in found if m.split(".")[0] in PACKAGES)


def content_key(entry: Entry, look: Look, quality: Quality, fmt: str, sections: bool) -> str:
    """A hash of everything that decides the output: sources, parameters, look, quality, versions."""
    settings = {
        "name": entry.name, "kind": entry.kind, "module": entry.module, "data": entry.data,
        "params": to_jsonable(entry.params), "describe": entry.describe, "theme": look.theme, "lang": look.lang, "format": fmt,
        "quality": [quality.width, quality.height, quality.fps] if entry.kind == "scene" else None,
        "sections": sections and entry.kind == "scene", "version": __version__,
        "libraries": [_version(p) for p in ("manim", "matplotlib", "numpy", "torch")],
    }
    h = hashlib.sha256(json.dumps(settings, sort_keys=True).encode())
    for path in source_files(entry):
        h.update(str(path.relative_to(ROOT)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:24]


@lru_cache(maxsize=None)
def _version(package: str) -> str:
    try:
        return f"{package}=={metadata.version(package)}"
    except metadata.PackageNotFoundError:
        return f"{package} missing"


def cached_files(entry: Entry, out_dir: Path, key: str) -> list[Path] | None:
    """The existing outputs if out_dir holds a complete render with this key, else None."""
    numbers = out_dir / f"{entry.name}.numbers.json"
    try:
        doc = json.loads(numbers.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if doc.get("content_key") != key:
        return None
    files = [out_dir / f for f in doc.get("files", [])]
    if not files or not all(f.exists() for f in files):
        return None
    return files


# -- figures --------------------------------------------------------------------------------
def render_figure(entry: Entry, look: Look, fmt: str, out_dir: Path, key: str) -> list[Path]:
    deps.require_font_matplotlib(look.font)
    from figures.common import figure_context
    from studio.savefig import freeze_layout, save_figure
    import matplotlib.pyplot as plt

    record = entry.compute()
    module = entry.load()
    target = out_dir / f"{entry.name}.{fmt}"
    with figure_context(look):
        fig = freeze_layout(module.make(record, look))
        try:
            with atomic_path(target) as tmp:
                save_figure(fig, tmp, fmt)
        finally:
            plt.close(fig)
    numbers = out_dir / f"{entry.name}.numbers.json"
    doc = numbers_document(entry, record, look, decimals=getattr(module, "DECIMALS", {}), key=key)
    doc["files"] = [target.name, numbers.name]
    write_numbers(numbers, doc)
    return [target, numbers]


# -- scenes ---------------------------------------------------------------------------------
def render_scene(entry: Entry, look: Look, quality: Quality, fmt: str, out_dir: Path, key: str,
                 sections: bool = False) -> list[Path]:
    """Render with Manim in a private media folder; move the results into place when complete."""
    deps.require_latex()
    deps.require_font_pango(look.font)
    import manim

    record = entry.compute()
    module = entry.load()
    name = entry.name
    still = fmt == "png"  # only the last frame: Manim skips the animations
    files: list[Path] = []
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".media-", dir=out_dir) as media:
        tex_dir = Path(media) / "Tex"
        known_tex = texcache.fill(tex_dir)
        settings = {
            "pixel_width": quality.width,
            "pixel_height": quality.height,
            "frame_rate": quality.fps,
            "media_dir": media,
            "tex_dir": str(tex_dir),
            "output_file": name,
            "format": "gif" if fmt == "gif" else "mp4",
            "write_to_movie": not still,
            "save_last_frame": still,
            "save_sections": sections and not still,
            "disable_caching": True,
            # encode an animation's frames while the next one is set up (1080p60: ~15 % faster)
            "max_inflight_encoders": 2,
            "verbosity": "ERROR",
            "progress_bar": "none",
            "preview": False,
            "background_color": look.palette.background,
        }
        with manim.tempconfig(settings):
            scene = module.SCENE(data=record, look=look)
            scene.render()
            texcache.keep(tex_dir, known_tex)
            writer = scene.renderer.file_writer
            poster = scene.renderer.get_frame()  # the last frame, (h, w, 4) uint8
            if not still:
                target = out_dir / f"{name}.{fmt}"
                move_into_place(Path(writer.movie_file_path), target)
                files.append(target)
                if sections:
                    files.append(_collect_sections(writer, scene, out_dir, name))
        png = out_dir / f"{name}.png"
        _write_png(poster, png)
        files.append(png)
    fps = quality.fps
    doc = numbers_document(entry, record, look, decimals=getattr(module, "DECIMALS", {}),
                           sections=scene.sections_log, key=key)
    if not still:
        doc["render"] = {"quality": quality.name, "width": quality.width, "height": quality.height,
                         "fps": fps, "frames": len(scene.frame_rows),
                         "duration_s": round(len(scene.frame_rows) / fps, 6)}
        doc["captions"] = scene.captions_log
        frames = out_dir / f"{name}.frames.csv"
        write_frames(frames, [{"frame": k, "time_s": round(k / fps, 6), **row}
                              for k, row in enumerate(scene.frame_rows)])
        files.append(frames)
        files += write_captions(out_dir, name, scene.captions_log, look.lang)
    numbers = out_dir / f"{name}.numbers.json"
    doc["files"] = sorted(str(f.relative_to(out_dir)) for f in files + [numbers])
    write_numbers(numbers, doc)
    return files + [numbers]


def _collect_sections(writer, scene, out_dir: Path, name: str) -> Path:
    """Move Manim's per-section videos into out_dir/sections/ with an index of stable names."""
    final = out_dir / "sections"
    staging = Path(tempfile.mkdtemp(prefix=".sections-", dir=out_dir))
    try:
        index = []
        starts = {s["name"]: s["start_s"] for s in scene.sections_log}
        videos = [s for s in writer.sections if s.video is not None]
        for k, section in enumerate(videos):
            file = f"{name}_{k:02d}_{section.name}.mp4"
            shutil.move(str(writer.sections_output_dir / section.video), staging / file)
            index.append({"index": k, "name": section.name, "file": file,
                          "start_s": starts.get(section.name)})
        write_text(staging / "index.json", json.dumps(index, ensure_ascii=False, indent=1) + "\n")
        if final.exists():
            shutil.rmtree(final)
        staging.rename(final)
    finally:
        if staging.exists():
            shutil.rmtree(staging)
    return final / "index.json"


def _write_png(pixels, target: Path) -> None:
    from PIL import Image

    with atomic_path(target) as tmp:
        Image.fromarray(pixels).save(tmp, format="PNG")
