"""The render cache: a content key for everything that reaches the screen, and a manifest that
proves an output folder is whole before it is served again.

The content key hashes the entry (name, module, engine function and parameters, descriptions), the
look, quality and format, the library versions, and every project file the output depends on: the
import closure of the entry's module and engine function (read statically, nothing is imported),
the render pipeline, and the data files beside any module in that closure (the golden TOML tables).

Every render ends by writing OUT/NAME/NAME.manifest.json: the content key and each file's size and
SHA-256. A cache hit needs a manifest with the same key and every file as listed, so a truncated
video, an edited sidecar or a folder from another run is rendered again, never served.
"""
from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from importlib import metadata
from pathlib import Path

from studio import __version__
from studio.build.atomic import write_text
from studio.build.numbers import to_jsonable

ROOT = Path(__file__).resolve().parents[2]  # the folder that holds engine/, look/, ..., studio/
MANIFEST = "{name}.manifest.json"
PIPELINE = tuple(f"studio.build.{m}" for m in ("render", "numbers", "captions", "atomic", "outdir", "savefig",
                                                "svgtext", "texcache"))
SCENE_RENDERER = "studio.build.scene"  # imported by name (studio.build.render), so listed here
KIND_PIPELINE = {"scene": (SCENE_RENDERER,), "figure": ()}  # what only one kind of output goes through
PACKAGES = ("engine", "look", "scenes", "figures", "studio")
# The catalogue's entry (name, descriptions, parameters) is hashed as data, not the whole file.
NOT_HASHED = ("studio.catalogue",)
DATA_SUFFIXES = (".toml", ".json", ".csv", ".txt")


def source_files(entry) -> list[Path]:
    """The project files an entry's output depends on: its modules' import closure, the render
    pipeline, and the data files that sit beside any of those modules.

    The walk is kept per process with the modification time and size of every file and folder it
    read; it is walked again as soon as one of them changes (an edited module may import others, a
    new file may sit in a folder), so a page build that keys 27 requests walks each closure once."""
    roots = (ROOT, entry.module, entry.data.split(":")[0], entry.kind)
    kept = _CLOSURES.get(roots)
    if kept is not None and _stamps(kept[1]) == kept[2]:
        return list(kept[0])
    files = _walk(roots)
    read = tuple(files) + tuple(sorted({p.parent for p in files}))
    _CLOSURES[roots] = (files, read, _stamps(read))
    return list(files)


_CLOSURES: dict = {}  # (project folder, module, data module, kind) -> (files, paths read, their stamps)


def _stamps(paths) -> tuple:
    out = []
    for path in paths:
        try:
            st = path.stat()
        except OSError:
            return ()
        out.append((st.st_mtime_ns, st.st_size))
    return tuple(out)


def _walk(roots) -> tuple[Path, ...]:
    _, module, data, kind = roots
    todo = [module, data, *PIPELINE, *KIND_PIPELINE[kind]]
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
    files = set(seen.values())
    for folder in {p.parent for p in files}:
        files.update(p for p in folder.iterdir() if p.suffix in DATA_SUFFIXES and p.is_file())
    return tuple(sorted(files))


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
    """The project modules `source` imports; cached on the text, so `render.py all` parses each file once.

    Read from the compiled bytecode (each IMPORT_NAME with the level and names loaded just before
    it), not from `ast.parse`: CPython 3.11 keeps one AST-building depth counter per interpreter, and
    an `ast.parse` here while another thread of a Dask worker builds an AST fails with "SystemError:
    AST constructor recursion depth mismatch" (python/cpython#106905), which failed a farm render.
    The bytecode is walked directly (a cached re-render reads some 30 files: `dis` took 0.3 s)."""
    import types

    found = []
    codes = [compile(source, "<source>", "exec", dont_inherit=True)]
    while codes:
        code = codes.pop()
        for module, level, names in _import_instructions(code):
            if level:  # relative import
                parts = package.split(".")[: len(package.split(".")) - level + 1]
                module = ".".join(parts + ([module] if module else []))
            found.append(module)
            found += [f"{module}.{n}" for n in names or ()]  # "from pkg import module"
        codes += [c for c in code.co_consts if isinstance(c, types.CodeType)]  # functions, classes
    return tuple(m for m in found if m.split(".")[0] in PACKAGES)


def _import_instructions(code):
    """(module, level, names) of each IMPORT_NAME in one code object (not the ones nested in it):
    its name, and the two constants loaded just before it (level, then the names of a `from`)."""
    import dis

    load_const, import_name, extended = dis.opmap["LOAD_CONST"], dis.opmap["IMPORT_NAME"], dis.opmap["EXTENDED_ARG"]
    cache = dis.opmap.get("CACHE", 0)
    raw, before, high = code.co_code, [(None, 0), (None, 0)], 0
    for k in range(0, len(raw), 2):
        op, arg = raw[k], raw[k + 1] | high
        if op == extended:
            high = arg << 8
            continue
        high = 0
        if op == cache:
            continue
        if op == import_name:
            yield code.co_names[arg], *(code.co_consts[a] if o == load_const else None for o, a in before)
        before = [before[1], (op, arg)]


def content_key(entry, settings: dict) -> str:
    """A hash of everything that decides the output: the entry (sources, data, parameters), the
    request's settings (studio.build.request.Request.settings: look, format, quality, ...) and versions."""
    hashed = {
        "name": entry.name, "kind": entry.kind, "module": entry.module, "data": entry.data,
        "params": to_jsonable(entry.params), "describe": entry.describe, "settings": settings,
        "version": __version__,
        "libraries": [_version(p) for p in ("manim", "matplotlib", "numpy", "torch", "fonttools")],
    }
    h = hashlib.sha256(json.dumps(hashed, sort_keys=True).encode())
    for path in source_files(entry):
        h.update(path.relative_to(ROOT).as_posix().encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:24]


@lru_cache(maxsize=None)
def _version(package: str) -> str:
    try:
        return f"{package}=={metadata.version(package)}"
    except metadata.PackageNotFoundError:
        return f"{package} missing"


# -- the manifest ----------------------------------------------------------------------------
def _digest(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def manifest_path(folder: Path, name: str) -> Path:
    return Path(folder) / MANIFEST.format(name=name)


def write_manifest(folder: Path, name: str, key: str, outputs: list[Path], formats: dict | None = None) -> None:
    """Record the key, the outputs a render reports (in order) and every file below `folder` with
    its size and hash; written last. `formats`: the other formats' outputs kept beside this render's
    (studio.build.render.keep_other_formats), {format: {"content_key": key, "outputs": [relative path]}}."""
    folder = Path(folder)
    target = manifest_path(folder, name)
    listing = {}
    for f in sorted(p for p in folder.rglob("*") if p.is_file() and p != target):
        rel = Path(f).relative_to(folder).as_posix()
        listing[rel] = {"size": Path(f).stat().st_size, "sha256": _digest(Path(f))}
    reported = [Path(f).relative_to(folder).as_posix() for f in outputs]
    doc = {"content_key": key, "outputs": reported, "files": listing}
    if formats:
        doc["formats"] = formats
    write_text(target, json.dumps(doc, indent=1) + "\n")


def read_manifest(folder: Path, name: str) -> dict | None:
    """The manifest of OUT/FOLDER as a dict, or None when it is missing or unreadable."""
    try:
        manifest = json.loads(manifest_path(folder, name).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return manifest if isinstance(manifest, dict) else None


def files_intact(folder: Path, listing: dict, rels) -> bool:
    """Every relative path in `rels` is a plain file below `folder` with its listed size and SHA-256."""
    for rel in rels:
        meta = listing.get(rel) if isinstance(rel, str) else None
        if not isinstance(meta, dict) or ".." in Path(rel).parts:
            return False
        path = Path(folder) / rel
        try:
            if path.is_symlink() or path.stat().st_size != meta.get("size") or _digest(path) != meta.get("sha256"):
                return False
        except OSError:
            return False
    return True


def cached_files(out_dir: Path, key: str, name: str | None = None) -> list[Path] | None:
    """The reported outputs in out_dir if its manifest (NAME.manifest.json; NAME defaults to the
    folder's name) has this key, for the last render or for another format kept beside it, and every
    file below it is as listed, else None."""
    manifest = read_manifest(out_dir, name or Path(out_dir).name)
    if manifest is None:
        return None
    listing = manifest.get("files")
    if not isinstance(listing, dict) or not listing:
        return None
    if manifest.get("content_key") == key:
        outputs = manifest.get("outputs")
    else:
        kept = [f for f in (manifest.get("formats") or {}).values() if isinstance(f, dict) and f.get("content_key") == key]
        if not kept:
            return None
        outputs = kept[0].get("outputs")
    if not isinstance(outputs, list) or not all(isinstance(o, str) and o in listing for o in outputs):
        return None
    if not files_intact(out_dir, listing, list(listing)):
        return None
    return [Path(out_dir) / o for o in outputs]
