"""Manim's parsed SVG outlines kept on disk: a Text or MathTex that any earlier play on this machine
built is read back instead of parsed again.

Building a Text (or MathTex) writes an SVG (Pango's, or LaTeX's through studio.build.texcache) and
parses it into outlines with svgelements: ~0.25 s for a caption, about two thirds of a scene's play
when no frame is drawn. scenes.parts.textcache shares outlines within one process; this module shares
them between processes (every render, gate and farm worker starts cold).

`install()` wraps `SVGMobject.generate_mobject`, the step that reads the SVG file and adds its
outlines. An entry is named by the SHA-256 of the SVG file's bytes (with the number cairo gives its
drawing surface set to 0: cairo counts surfaces over the whole process, so the same text drawn after
another history would otherwise name another entry) and of everything else that step reads (the class, its SVG defaults and path settings, the renderer, Manim's version), so a different
font, size or formula gives a different SVG and so a different entry, and a stale entry cannot be
found. It holds the outlines as they stand after the step (points, style, and the id → group table
MathTex uses), without the parsed SVG path each outline was made from (read only while it is made;
scenes.parts.textcache drops it too). A render with and without the cache gives the same bytes.

Each file is `MAGIC`, the SHA-256 of the rest, and the zlib-compressed pickle. It is trusted only if
the hash holds, the pickle names nothing but Manim mobject, colour and enum classes and NumPy's array
rebuilders, and every outline's points are finite; anything else is removed and the SVG parsed as
usual. Files are written through a temporary name and a rename, so two plays side by side never read
a half-written one. Location: beside the LaTeX cache (texcache.cache_dir()'s parent)/outlines;
deleting it only costs time.
"""
from __future__ import annotations

import enum
import hashlib
import io
import os
import pickle
import re
import zlib
from pathlib import Path

import numpy as np

from studio.build import texcache

MAGIC = b"tf-outlines-1\n"
SURFACE_ID = re.compile(rb'<g id="surface\d+"')  # cairo's process-wide surface counter in Pango's SVG
_installed = False


def cache_dir() -> Path:
    return texcache.cache_dir().parent / "outlines"


def install() -> None:
    """Route every SVGMobject's parse through the cache (once per process)."""
    global _installed
    if _installed:
        return
    from manim import SVGMobject

    parse = SVGMobject.generate_mobject

    def generate_mobject(self):
        key = _key(self)
        if key is not None and _read(self, key):
            return self
        parse(self)
        if key is not None:
            _keep(self, key)
        return self

    SVGMobject.generate_mobject = generate_mobject
    _installed = True


def _key(mob) -> str | None:
    """The entry's name for `mob`'s SVG and settings, or None if its file cannot be read."""
    import manim

    try:
        data = Path(mob.get_file_path()).read_bytes()
    except (OSError, ValueError):
        return None
    settings = repr((type(mob).__module__, type(mob).__qualname__, sorted(mob.svg_default.items()),
                     sorted(mob.path_string_config.items()), str(manim.config.renderer), manim.__version__))
    data = SURFACE_ID.sub(b'<g id="surface0"', data)
    return hashlib.sha256(settings.encode() + b"\0" + data).hexdigest()


def _read(mob, key: str) -> bool:
    """Add the cached outlines of `key` to `mob`; False (and the entry removed if bad) otherwise."""
    path = cache_dir() / key[:2] / key
    try:
        blob = path.read_bytes()
    except OSError:
        return False
    outlines = _trusted(blob)
    if outlines is None:
        try:
            path.unlink()
        except OSError:
            pass
        return False
    parts, groups = outlines
    mob.add(*parts)
    mob.id_to_vgroup_dict = groups
    return True


def _trusted(blob: bytes):
    """(outlines, id → group) from an entry's bytes, or None if any check fails (module docstring)."""
    from manim import VGroup, VMobject

    head, digest, body = blob[:len(MAGIC)], blob[len(MAGIC):len(MAGIC) + 32], blob[len(MAGIC) + 32:]
    if head != MAGIC or hashlib.sha256(body).digest() != digest:
        return None
    try:
        parts, groups = _Unpickler(io.BytesIO(zlib.decompress(body))).load()
    except Exception:  # noqa: BLE001 - any failure to read means: parse the SVG instead
        return None
    if not isinstance(parts, list) or not isinstance(groups, dict):
        return None
    if not all(isinstance(p, VMobject) for p in parts) or not all(isinstance(g, VGroup) for g in groups.values()):
        return None
    for part in parts:
        for sub in part.get_family():
            points = getattr(sub, "points", None)
            if not isinstance(points, np.ndarray) or points.ndim != 2 or points.shape[1:] != (3,) \
                    or not np.isfinite(points).all():
                return None
    return parts, groups


class _Unpickler(pickle.Unpickler):
    """Only Manim's mobject, colour and enum classes and NumPy's array rebuilders may be named."""

    NUMPY = {("numpy", "dtype"), ("numpy.core.numeric", "_frombuffer"), ("numpy._core.numeric", "_frombuffer"),
             ("numpy.core.multiarray", "_reconstruct"), ("numpy._core.multiarray", "_reconstruct"),
             ("numpy", "ndarray")}

    def find_class(self, module, name):
        if (module, name) in self.NUMPY:
            return super().find_class(module, name)
        if module == "manim" or module.startswith("manim."):
            from manim import ManimColor, Mobject

            found = super().find_class(module, name)
            if isinstance(found, type) and issubclass(found, (Mobject, ManimColor, enum.Enum)):
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not an outline's part")


def _keep(mob, key: str) -> None:
    """Write `mob`'s outlines as entry `key`. Never raises: a cache that cannot be written costs time."""
    for part in mob.get_family():
        if getattr(part, "path_obj", None) is not None:
            part.path_obj = None  # read only while the outline is made
    try:
        body = zlib.compress(pickle.dumps((list(mob.submobjects), mob.id_to_vgroup_dict), protocol=5), 1)
        folder = cache_dir() / key[:2]
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / key
        tmp = path.with_name(f".{key}.{os.getpid()}.tmp")
        try:
            tmp.write_bytes(MAGIC + hashlib.sha256(body).digest() + body)
            os.replace(tmp, path)
        finally:
            tmp.unlink(missing_ok=True)
    except Exception:  # noqa: BLE001 - e.g. a full disk, or an outline that cannot be pickled
        pass
