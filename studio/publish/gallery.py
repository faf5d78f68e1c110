"""The note writer's offline gallery: one static page listing every catalogue entry (docs/design.md §2, §4).

`build_gallery(out_root)` reads what `render.py` left in OUT/NAME/ (and in OUT/<lang>-<theme>/NAME/,
where `render.py --lang all --theme all` puts each look) and writes OUT/gallery/:

    index.html              every entry of studio.catalogue.ENTRIES, grouped by catalogue.TOPICS
    assets/gallery.css      hand-written style (colours come from look.PALETTES, inlined by studio.publish.html.palette_css)
    assets/gallery.js       language switch, light/dark switch, filter, frame picker
    media/[LOOK/]NAME/...   the rendered files (hard-linked where possible, else copied)

The language and theme switches change the labels, the descriptions and the caption track, and
show the render in the chosen look when one exists (else the nearest: same language, same theme).

The folder is self-contained (no network, no CDN) and works from file:// as well as from a web
server: the numbers behind each output are written into the page as tables, and each scene's
frames.csv is embedded as JSON (subsampled to at most one row per FRAME_INTERVAL_S seconds), since
a page opened from file:// may not fetch() local files. Caption files (NAME.<lang>.vtt, NAME.vtt)
are linked with <track> and embedded too, because Chromium refuses <track> files from file://.

The page is made of templates (gallery_assets/templates/, Jinja2 macros, studio.publish.html) and the labels
of gallery_assets/ui.json; studio.publish.gallery_scan finds the files, studio.publish.gallery_entry draws one entry's
card, studio.publish.gallery_numbers its numbers tables.

Building is deterministic (the same rendered outputs give the same bytes) and every file lands by
atomic rename (studio.build.atomic).
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

from markupsafe import Markup

from look import LANGS
from studio import __version__, catalogue
from studio.build.atomic import atomic_path
from studio.errors import UserError
from studio.publish.gallery_entry import EntryCard
from studio.publish.gallery_html import ASSETS, LANG_NAMES, LANG_SHORT, OTHER_TOPIC, UI, fill, page, size_text, tr, tr_text
from studio.publish.html import palette_css
from studio.publish.gallery_scan import FRAME_INTERVAL_S, LOOKS, frames_payload, own_renders, read_doc, scan_all

__all__ = ["FRAME_INTERVAL_S", "GalleryResult", "build_gallery", "build_page", "frames_payload", "palette_css"]

ASSET_FILES = ("gallery.css", "gallery.js")  # copied into OUT/gallery/assets/
MANIFEST = ".gallery-files"


@dataclass
class GalleryResult:
    """What build_gallery wrote, how big it is and how long it took."""

    dest: Path
    index: Path
    entries: list[str] = field(default_factory=list)  # every catalogue entry, in page order
    rendered: list[str] = field(default_factory=list)  # entries with an output in OUT/[LOOK/]NAME/
    missing: list[str] = field(default_factory=list)  # entries not rendered yet
    files: list[Path] = field(default_factory=list)  # every file of the gallery
    bytes: int = 0  # the gallery folder's size (media included)
    page_bytes: int = 0  # index.html alone
    linked: int = 0  # media files hard-linked rather than copied
    seconds: float = 0.0

    def summary(self) -> str:
        return (f"gallery {self.index}: {len(self.entries)} entries, {len(self.rendered)} rendered, "
                f"{len(self.files)} files, {size_text(self.bytes)} (page {size_text(self.page_bytes)}), "
                f"built in {self.seconds:.2f} s")



# -- writing --------------------------------------------------------------------------------
def _write_bytes(target: Path, data: bytes) -> bool:
    """Write `data` atomically unless the file already holds exactly it; True if written."""
    if target.is_file() and target.stat().st_size == len(data) and target.read_bytes() == data:
        return False
    with atomic_path(target) as tmp:
        tmp.write_bytes(data)
        os.chmod(tmp, 0o644)
    return True


def _same_bytes(a: Path, b: Path) -> bool:
    if a.stat().st_size != b.stat().st_size:
        return False
    with open(a, "rb") as fa, open(b, "rb") as fb:
        while True:
            x, y = fa.read(1 << 20), fb.read(1 << 20)
            if x != y:
                return False
            if not x:
                return True


def _place_media(source: Path, target: Path) -> bool:
    """Hard-link (or copy) `source` to `target` atomically; True if hard-linked."""
    if target.is_file() and (os.path.samefile(source, target) or _same_bytes(source, target)):
        return target.stat().st_nlink > 1 and os.path.samefile(source, target)
    readable = source.stat().st_mode & 0o044 == 0o044
    with atomic_path(target) as tmp:
        if readable:  # a link shares the mode: only link files others can read
            try:
                tmp.unlink()
                os.link(source, tmp)
                return True
            except OSError:
                pass
        with open(source, "rb") as src, open(tmp, "wb") as dst:
            while chunk := src.read(1 << 20):
                dst.write(chunk)
        os.chmod(tmp, 0o644)
    return False


# -- the page -------------------------------------------------------------------------------
def _header(n_entries: int, n_rendered: int, groups: list) -> Markup:
    langs = [{"lang": lang, "name": LANG_NAMES[lang], "short": LANG_SHORT[lang], "pressed": str(lang == "en").lower()}
             for lang in LANGS]
    themes = [{"theme": t, "label": tr(t), "pressed": str(t == "light").lower()} for t in ("light", "dark")]
    nav = [{"id": tid, "titles": tr_text(titles), "n": len(entries)} for tid, titles, entries in groups]
    return fill("header.top", title=tr("title"), subtitle=tr("subtitle"), filter=UI["en"]["filter"],
                placeholders=[(lang, UI[lang]["filter"]) for lang in LANGS], language_label=UI["en"]["language"],
                language=tr("language"), langs=langs, theme_label=UI["en"]["theme"], theme=tr("theme"),
                themes=themes, nav=nav, count=tr("count", n=n_entries, r=n_rendered))


def build_page(out_root: Path) -> tuple[str, dict, list[str], list[str]]:
    """The page and the media it needs: (html, {gallery path: source}, rendered, missing)."""
    entries = list(catalogue.ENTRIES)
    groups = []
    for tid, titles in catalogue.TOPICS.items():
        members = [e for e in entries if e.topic == tid]
        if members:
            groups.append((tid, titles, members))
    others = [e for e in entries if e.topic not in catalogue.TOPICS]
    if others:
        groups.append(("other", OTHER_TOPIC, others))
    media: dict = {}
    rendered, missing, sections = [], [], []
    for tid, titles, members in groups:
        cards = []
        for e in members:
            renders = scan_all(out_root, e)
            (rendered if renders else missing).append(e.name)
            for r in renders:
                for fname, source in r.files.items():
                    media[f"media/{r.rel}/{fname}"] = source
            cards.append(EntryCard(e, renders).html())
            for folder, own in own_renders(out_root, e).items():  # the same entry with your own numbers
                for r in own:
                    for fname, source in r.files.items():
                        media[f"media/{r.rel}/{fname}"] = source
                cards.append(EntryCard(_with_own_numbers(e, folder, own), own).html())
        sections.append(fill("header.topic", id=tid, titles=tr_text(titles),
                             count=tr("topic_count", n=len(members)), cards=cards))
    html = page(version=__version__, skip=tr("skip"), header=_header(len(entries), len(rendered), groups),
                sections=sections, no_match=fill("header.no_match", text=tr("no_match")),
                footer=tr("footer", v=__version__))
    return html, media, rendered, missing


def _with_own_numbers(entry, folder: str, renders):
    """The entry as rendered into `folder`: with the parameters its numbers file records."""
    from studio.errors import UserError

    doc, _ = read_doc(renders[0])
    params = (doc or {}).get("params")
    try:
        own = entry.with_params(params if isinstance(params, dict) else {})
        return own if own.folder == folder else entry.with_params(dict(own.given), folder)
    except UserError:  # parameters or a folder name this version no longer accepts: shown under the folder's name
        return replace(entry, out_name=folder)


def build_gallery(out_root: Path = Path("out"), dest: Path | None = None) -> GalleryResult:
    """Write the offline gallery of everything in `out_root` to `dest` (default OUT/gallery)."""
    started = time.perf_counter()
    out_root = Path(out_root)
    dest = Path(dest) if dest is not None else out_root / "gallery"
    _check_dest(out_root, dest)
    page, media, rendered, missing = build_page(out_root)
    dest.mkdir(parents=True, exist_ok=True)
    written: list[str] = []
    linked = 0
    for rel in sorted(media):
        linked += _place_media(media[rel], dest / rel)
        written.append(rel)
    for name in ASSET_FILES:
        _write_bytes(dest / "assets" / name, (ASSETS / name).read_bytes())
        written.append(f"assets/{name}")
    _write_bytes(dest / "index.html", page.encode("utf-8"))
    written.append("index.html")
    _prune(dest, written)
    _write_bytes(dest / MANIFEST, ("\n".join(sorted(written)) + "\n").encode("utf-8"))
    files = [dest / rel for rel in sorted(written)]
    result = GalleryResult(
        dest=dest, index=dest / "index.html", entries=[e.name for e in catalogue.ENTRIES],
        rendered=rendered, missing=missing, files=files,
        bytes=sum(p.stat().st_size for p in files), page_bytes=(dest / "index.html").stat().st_size,
        linked=linked,
    )
    result.seconds = time.perf_counter() - started
    return result


def _check_dest(out_root: Path, dest: Path) -> None:
    d, o = dest.resolve(), out_root.resolve()
    if d == o or o.is_relative_to(d):
        raise UserError(f"the gallery folder {dest} must not be {out_root} or contain it")
    for name in catalogue.names():
        for folder in [o / name] + [o / look / name for look in LOOKS]:
            if d.is_relative_to(folder):
                raise UserError(f"the gallery folder {dest} must not be inside the output folder {folder}")


def _prune(dest: Path, written: list[str]) -> None:
    """Remove files an earlier build wrote that this build no longer has (an entry went away)."""
    manifest = dest / MANIFEST
    if not manifest.is_file():
        return
    keep = set(written)
    for rel in manifest.read_text(encoding="utf-8").split():
        if rel in keep or rel.startswith("/") or ".." in Path(rel).parts:
            continue
        path = dest / rel
        if path.is_file():
            path.unlink()
            parent = path.parent
            while parent != dest and parent.is_dir() and not any(parent.iterdir()):
                parent.rmdir()
                parent = parent.parent
