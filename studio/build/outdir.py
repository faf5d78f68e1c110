"""One render's files become visible together, or not at all.

A render writes every file into a private staging folder beside its output folder
(OUT/.NAME.staging-XXXXXXXX/) and ends with one atomic exchange of the two folders (Linux
renameat2 with RENAME_EXCHANGE; elsewhere two renames with signals held off between them). The
previous folder, now at the staging name, is then removed. So an interruption at any moment
leaves either the previous output folder untouched or the new one complete, never a mix.

Two renders into one folder at once (`--format png` and `--format svg` started together) take turns
at the end (`commit_turn`): each reads what the folder holds, keeps the other formats and swaps its
folder in while the other waits, so the second keeps the first's file instead of replacing it.

The staging folder holds an advisory lock (flock on the folder itself) while its render runs. A
later render of the same entry removes the staging folders whose lock is free: what a killed
process left behind. A folder in use is never touched.

A render only ever replaces a folder that a render made (`check_owned`): an empty folder, or one
whose manifest (NAME.manifest.json, studio.build.cache) is readable and lists every file in it. A listed
file may be damaged (the cache renders it again); a file the manifest does not list is someone's
own, and the render is refused (exit 2) before any work, naming it. Local renders and the farm
both call it, so `--out ~` with a ~/NAME of your own, or a lesson folder that names one, never
removes a file.
"""
from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import errno
import fcntl
import os
import re
import shutil
import signal
import tempfile
import threading
from pathlib import Path

from studio.build import interrupts
from studio.errors import UserError, clip, clip_path
from studio.catalogue.folder_names import FOLDER_BYTES

STAGING = ".{name}.staging-"


class Staging:
    """A locked, private folder that becomes OUT/NAME on commit()."""

    def __init__(self, out_dir: Path):
        self.target = Path(out_dir)
        self.target.parent.mkdir(parents=True, exist_ok=True)
        while True:
            path = Path(tempfile.mkdtemp(prefix=STAGING.format(name=self.target.name), dir=self.target.parent))
            try:
                fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
            except FileNotFoundError:  # a sweeper took and removed it before it could be opened
                continue
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:  # a sweeper took it between mkdtemp and here: take another name
                os.close(fd)
                continue
            if os.fstat(fd).st_nlink > 0:
                break
            os.close(fd)  # removed by a sweeper just before the lock: take another name
        os.chmod(path, 0o777 & ~_umask())  # mkdtemp makes 0700; outputs are ordinary folders
        interrupts.open_staging.add(str(path))  # removed by an interrupt's deadline if the clean-up hangs
        self.path = path
        self._fd = fd
        self.committed = False

    def commit(self) -> None:
        """Swap the staging folder in as OUT/NAME; the previous folder is removed."""
        with signals_held():
            if self.target.exists() or self.target.is_symlink():
                _exchange(self.path, self.target)
            else:
                os.rename(self.path, self.target)
                interrupts.open_staging.discard(str(self.path))
                self.path = None
            self.committed = True
        self.close()

    def close(self) -> None:
        """Release the lock and remove what is at the staging name (the old folder or a failed render)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        if self.path is not None:
            shutil.rmtree(self.path, ignore_errors=True)
            interrupts.open_staging.discard(str(self.path))
            self.path = None


@contextlib.contextmanager
def commit_turn(out_dir: Path):
    """Hold OUT/NAME's parent folder's lock (flock, blocking) while a render reads what OUT/NAME holds
    and swaps its staging folder in: renders into one OUT take turns there, never overlapping. A parent
    that is itself a staging folder (a farm worker's private scratch, locked by its Staging) has one
    render only and is not locked again."""
    parent = Path(out_dir).parent
    if parent.name.startswith(".") and ".staging-" in parent.name:
        yield  # a private staging folder (a farm worker's scratch): one render only, and its own lock is held
        return
    fd = os.open(parent, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing the last descriptor releases the lock


@contextlib.contextmanager
def staged(out_dir: Path):
    """Yield a Staging; the caller writes into `.path` and calls `.commit()` when complete.

    Whatever happens before the commit (an error, Ctrl-C, SIGTERM), the staging folder is removed
    and OUT/NAME is left as it was.
    """
    stage = Staging(out_dir)
    try:
        yield stage
    finally:
        stage.close()


def sweep(out_dir: Path) -> int:
    """Remove staging folders of OUT/NAME left by killed renders (their lock is free). Never raises."""
    out_dir = Path(out_dir)
    removed = 0
    try:
        candidates = sorted(out_dir.parent.glob(STAGING.format(name=out_dir.name) + "*"))
    except OSError:
        return 0
    for path in candidates:
        try:
            fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # a render is using it
            os.close(fd)
            continue
        try:
            shutil.rmtree(path, ignore_errors=True)
            removed += 1
        finally:
            os.close(fd)
    return removed


# -- folder names ----------------------------------------------------------------------------
FOLDER_NAME = re.compile(r"(?!\.)[\w.\-@,=]+")  # what a lesson's folder = "..." may hold


def layout_folders() -> set:
    """The folders OUT/ holds for itself: one per look (render.py --lang all --theme all puts each
    look's renders there), the gallery, the lesson pages and the narration scripts."""
    from look import LANGS, THEMES

    return {f"{lang}-{theme}" for lang in LANGS for theme in THEMES} | {"gallery", "pages", "scripts"}


def check_folder_name(name: str) -> None:
    """A folder name a lesson gives (folder = "..."): one plain path component that is none of the
    layout's own folders and cannot be taken for a failed render's log (FOLDER.log); UserError (exit 2) otherwise."""
    shown = clip(name)
    if not FOLDER_NAME.fullmatch(name):
        raise UserError(f"folder name {shown!r}: use letters, digits, '_', '-', '.', '@', ',', '=' "
                         "(no '/' or spaces, not starting with '.')")
    if len(name.encode("utf-8")) > FOLDER_BYTES:
        raise UserError(f"folder name {shown!r} is too long ({len(name.encode('utf-8'))} bytes; "
                         f"at most {FOLDER_BYTES}): choose a shorter one")
    if name.casefold() in {f.casefold() for f in layout_folders()}:
        raise UserError(f"folder name {shown!r} is one of OUT's own folders (each LANG-THEME, gallery, "
                         "pages, scripts): choose another")
    if name.casefold().endswith(".log"):
        raise UserError(f"folder name {shown!r} ends in .log, the name of a failed render's log "
                         "beside its folder: choose another")


# -- ownership -------------------------------------------------------------------------------
def check_owned(out_dir: Path, name: str) -> None:
    """Refuse (UserError, exit 2) unless OUT/FOLDER is absent, empty, or made by a render of `name`.

    Called before any work and again just before the swap, so a file that appears meanwhile is
    refused too. Nothing is hashed: a damaged file a render listed is the cache's business."""
    out_dir = Path(out_dir)
    if out_dir.is_symlink() or (out_dir.exists() and not out_dir.is_dir()):
        raise UserError(f"{clip_path(out_dir)} exists and is not a folder: move it away or choose another --out")
    if not out_dir.exists():
        return
    foreign = foreign_files(out_dir, name)
    if foreign:
        from studio.build.cache import manifest_path

        shown = ", ".join(clip_path(f, 40) for f in foreign[:3]) + (f" and {len(foreign) - 3} more" if len(foreign) > 3 else "")
        manifest = manifest_path(out_dir, name)
        why = f"its {manifest.name} cannot be read; " if manifest.name in foreign and manifest.exists() else ""
        raise UserError(f"{clip_path(out_dir)} exists and was not made by a render ({why}it holds {shown}); "
                        "move it away or choose another folder/--out")


def foreign_files(folder: Path, name: str) -> list[str]:
    """What in `folder` a render of `name` did not make, relative and sorted: every file when its
    manifest (NAME.manifest.json) is missing or unreadable, else the files it does not list, plus
    anything that is not a plain file or folder (a link, a socket) and any folder that cannot be read.
    Empty folders inside are not counted."""
    from studio.build.cache import MANIFEST

    folder = Path(folder)
    manifest = MANIFEST.format(name=name)
    listed = _listed(folder / manifest)
    if listed is not None:
        listed.add(manifest)
    foreign = []
    unreadable = []
    for top, dirs, files in os.walk(folder, onerror=unreadable.append):
        base = Path(top)
        for d in dirs:
            if (base / d).is_symlink():  # os.walk does not follow it; a render never makes one
                foreign.append((base / d).relative_to(folder).as_posix())
        for f in files:
            path = base / f
            rel = path.relative_to(folder).as_posix()
            if listed is None or rel not in listed or path.is_symlink() or not path.is_file():
                foreign.append(rel)
    foreign += [Path(e.filename).relative_to(folder).as_posix() or "." for e in unreadable
                if getattr(e, "filename", None)]
    return sorted(set(foreign))


def _listed(manifest: Path) -> set | None:
    """The files a render's manifest lists, or None when there is no readable manifest."""
    import json

    try:
        doc = json.loads(manifest.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if manifest.is_symlink() or not isinstance(doc, dict) or not isinstance(doc.get("files"), dict):
        return None
    return {rel for rel in doc["files"] if isinstance(rel, str)}


# -- the exchange ----------------------------------------------------------------------------
_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _renameat2():
    libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
    return getattr(libc, "renameat2", None)


_RENAMEAT2 = _renameat2()


def _exchange(a: Path, b: Path) -> None:
    """Atomically swap two paths (both exist). Falls back to two renames where the kernel or the
    file system cannot exchange; signals are held off by the caller, so only SIGKILL or a power cut
    can land between them, and then OUT/NAME is missing but the previous folder survives beside it."""
    if _RENAMEAT2 is not None:
        rc = _RENAMEAT2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
        if rc == 0:
            return
        err = ctypes.get_errno()
        if err not in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
            raise OSError(err, os.strerror(err), str(b))
    aside = Path(tempfile.mkdtemp(prefix=STAGING.format(name=Path(b).name), dir=Path(b).parent))
    os.rmdir(aside)
    os.rename(b, aside)
    os.rename(a, b)
    os.rename(aside, a)


@contextlib.contextmanager
def signals_held():
    """Hold SIGINT and SIGTERM off for a few system calls, then deliver them as usual."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught = []
    previous = {s: signal.signal(s, lambda n, _f: caught.append(n)) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
        for s in caught[:1]:
            os.kill(os.getpid(), s)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
