"""A LaTeX result cache shared by all renders on this machine, content-addressed and verified.

Each scene renders in a private media folder (studio/build/scene.py), so Manim's own Tex folder starts
empty every time and every `MathTex` pays a latex + dvisvgm run (~0.35 s; a cached one ~0.02 s).
Manim names each SVG by a hash of the whole .tex file it writes (template and expression:
manim.utils.tex_file_writing.tex_hash, the first 16 hex digits of its SHA-256) and, when an SVG of
that name is already in the Tex folder, uses it without compiling anything. So a cached SVG is only
as good as the claim that it belongs to its name; that claim is kept beside it and checked:

    NAME.svg    what dvisvgm wrote for the .tex whose hash is NAME
    NAME.json   {"tex": the whole .tex source, "svg_sha256": the SHA-256 of NAME.svg}

An entry is trusted only if its .tex re-hashes to NAME, the SVG's bytes match the recorded hash, and
the SVG parses as an SVG document with something to draw. Anything else (empty, truncated, swapped
with another entry, copied in from elsewhere, or an entry of the older unrecorded form) is removed
before the render, said once on stderr per process, and rebuilt by the render. Before a render the
trusted SVGs are linked into the private Tex folder; after it the new ones are recorded, each file
through a temporary name and a rename (the record before its SVG, so an SVG is never seen without
the record it needs), so two renders side by side never read a half-written file.
Location: $XDG_CACHE_HOME/transformer-frames/tex (~/.cache/...); deleting it only costs time.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path
from xml.etree import ElementTree

_told = False
NAME_DIGITS = 16  # manim.utils.tex_file_writing.tex_hash keeps this many hex digits
DRAWN = {"path", "use", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "image"}


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        try:
            base = Path.home() / ".cache"
        except RuntimeError:  # no home directory (a bare service account): the temporary folder
            base = Path(tempfile.gettempdir())
    return Path(base) / "transformer-frames" / "tex"


def tex_name(tex_source: str) -> str:
    """The name Manim gives the SVG of this .tex source (manim 0.22: utils.tex_file_writing.tex_hash)."""
    return hashlib.sha256(tex_source.encode()).hexdigest()[:NAME_DIGITS]


def fill(tex_dir: Path) -> set[str]:
    """Link (or copy) every trusted cached SVG into `tex_dir`; returns the names it linked.
    Entries that cannot be trusted are removed (see the module docstring)."""
    tex_dir.mkdir(parents=True, exist_ok=True)
    names = set()
    try:
        cached = sorted(cache_dir().glob("*.svg"))
    except OSError:
        return names
    bad = [(svg, why) for svg, why in ((svg, problem(svg)) for svg in cached) if why]
    if bad:
        _drop(bad)
    dropped = {svg for svg, _ in bad}
    for svg in cached:
        if svg in dropped:
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
    """Record the SVGs that `tex_dir` gained in the cache, each with its .tex source and hash;
    returns how many. An SVG whose .tex is missing or does not hash to its name is not kept.
    Never raises."""
    added = 0
    try:
        target = cache_dir()
        target.mkdir(parents=True, exist_ok=True)
        for svg in sorted(tex_dir.glob("*.svg")):
            if svg.name in known:
                continue
            try:
                tex = svg.with_suffix(".tex").read_bytes().decode("utf-8")  # as written: no newline translation
                data = svg.read_bytes()
            except (OSError, UnicodeDecodeError):
                continue
            if tex_name(tex) != svg.stem or not drawable(data):
                continue
            record = {"tex": tex, "svg_sha256": hashlib.sha256(data).hexdigest()}
            _write(target / f"{svg.stem}.json", json.dumps(record, ensure_ascii=False).encode("utf-8"))
            _write(target / svg.name, data)
            added += 1
    except OSError:
        pass  # a cache that cannot be written only costs time
    return added


def problem(svg: Path) -> str:
    """Why the cached `svg` cannot be trusted ('' when it can): see the module docstring."""
    try:
        record = json.loads(svg.with_suffix(".json").read_text(encoding="utf-8"))
        data = svg.read_bytes()
    except FileNotFoundError:
        return "no record"
    except (OSError, ValueError):
        return "unreadable"
    if not isinstance(record, dict) or not isinstance(record.get("tex"), str):
        return "bad record"
    if tex_name(record["tex"]) != svg.stem:
        return "record of another name"
    if hashlib.sha256(data).hexdigest() != record.get("svg_sha256"):
        return "SVG differs from its record"
    if not drawable(data):
        return "nothing to draw"
    return ""


def drawable(data: bytes) -> bool:
    """True if `data` parses as an SVG document with at least one drawn element outside <defs>
    (Manim fails on an SVG without one)."""
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError:
        return False
    if _local(root.tag) != "svg":
        return False
    stack = list(root)
    while stack:
        node = stack.pop()
        tag = _local(node.tag) if isinstance(node.tag, str) else ""
        if tag in DRAWN:
            return True
        if tag != "defs":
            stack.extend(node)
    return False


def is_svg(path: Path) -> bool:
    """True if the file parses as an SVG document with something to draw."""
    try:
        return drawable(Path(path).read_bytes())
    except OSError:
        return False


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


def _write(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_bytes(data)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def _drop(bad: list[tuple[Path, str]]) -> None:
    """Remove entries that cannot be trusted (with why) so they are rebuilt; say so once per process."""
    global _told
    for svg, _ in bad:
        for path in (svg, svg.with_suffix(".json")):
            try:
                path.unlink()
            except OSError:
                pass
    if not _told:
        _told = True
        names = ", ".join(f"{p.name}: {why}" for p, why in bad[:3]) + (" …" if len(bad) > 3 else "")
        print(f"note: {len(bad)} damaged LaTeX cache entr{'y' if len(bad) == 1 else 'ies'} in {bad[0][0].parent} "
              f"removed ({names}); rebuilding", file=sys.stderr)
