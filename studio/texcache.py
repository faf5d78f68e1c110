"""A LaTeX result cache shared by all renders on this machine.

Each scene renders in a private media folder (studio/render.py), so Manim's own Tex folder starts
empty every time and every `MathTex` pays a latex + dvisvgm run (~0.35 s; a cached one ~0.02 s).
Manim names each SVG by a hash of the whole .tex file (template and expression), so the SVGs can be
shared safely: before a render the cached ones are linked into the private Tex folder, after it the
new ones are copied back, each through a temporary name and a rename, so two renders running side
by side never read a half-written file. Every entry is checked before it is used (it must parse as
an SVG document): a damaged one is removed, said once on stderr, and rebuilt by the render.
Location: $XDG_CACHE_HOME/transformer-frames/tex (~/.cache/...); deleting it only costs time.
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path
from xml.etree import ElementTree

_told = False


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        try:
            base = Path.home() / ".cache"
        except RuntimeError:  # no home directory (a bare service account): the temporary folder
            base = Path(tempfile.gettempdir())
    return Path(base) / "transformer-frames" / "tex"


def fill(tex_dir: Path) -> set[str]:
    """Link (or copy) every cached SVG into `tex_dir`; returns the names it found."""
    tex_dir.mkdir(parents=True, exist_ok=True)
    names = set()
    try:
        cached = sorted(cache_dir().glob("*.svg"))
    except OSError:
        return names
    bad = [svg for svg in cached if not is_svg(svg)]
    if bad:
        _drop(bad)
    for svg in cached:
        if svg in bad:
            continue
        try:
            os.link(svg, tex_dir / svg.name)
        except OSError:
            try:
                shutil.copyfile(svg, tex_dir / svg.name)
            except OSError:
                continue
        names.add(svg.name)
    return names


def keep(tex_dir: Path, known: set[str]) -> int:
    """Copy the SVGs that `tex_dir` gained into the cache; returns how many. Never raises."""
    added = 0
    try:
        target = cache_dir()
        target.mkdir(parents=True, exist_ok=True)
        for svg in sorted(tex_dir.glob("*.svg")):
            if svg.name in known or not is_svg(svg):
                continue
            tmp = target / f".{svg.name}.{os.getpid()}.tmp"
            shutil.copyfile(svg, tmp)
            os.replace(tmp, target / svg.name)
            added += 1
    except OSError:
        pass  # a cache that cannot be written only costs time
    return added


def is_svg(path: Path) -> bool:
    """True if the file parses as an SVG document (what Manim will read)."""
    try:
        return ElementTree.parse(path).getroot().tag.rpartition("}")[2] == "svg"
    except (OSError, ElementTree.ParseError):
        return False


def _drop(bad: list[Path]) -> None:
    """Remove damaged entries so they are rebuilt; say so once per process."""
    global _told
    for svg in bad:
        try:
            svg.unlink()
        except OSError:
            pass
    if not _told:
        _told = True
        names = ", ".join(p.name for p in bad[:3]) + (" …" if len(bad) > 3 else "")
        print(f"note: {len(bad)} damaged LaTeX cache entr{'y' if len(bad) == 1 else 'ies'} in {bad[0].parent} "
              f"removed ({names}); rebuilding", file=sys.stderr)
