"""The deck's exports beside its index.html (render.py deck ... --export pdf|pptx|html): OUT/decks/NAME/
NAME.pdf, a handout (studio.publish.deck.handout), and NAME.pptx, for PowerPoint
(studio.publish.deck.powerpoint), both made of the deck's pause points (studio.publish.deck.points).
The HTML deck is always written; each export is written whole or not at all (studio.build.atomic).
"""
from __future__ import annotations

import tempfile
from pathlib import Path

from studio.errors import UserError

EXPORTS = ("html", "pdf", "pptx")
HOW = "repeat --export or give a comma list, e.g. --export pdf,pptx"


def parse_exports(values) -> tuple[str, ...]:
    """The formats named by --export values (each one format or a comma list), in EXPORTS order;
    html is always among them. An unknown or empty name is a UserError (exit 2)."""
    chosen = set()
    for value in values or ():
        for part in str(value).split(","):
            name = part.strip().lower().lstrip(".")
            if name not in EXPORTS:
                shown = f"unknown format {part.strip()!r}" if part.strip() else "an empty format"
                raise UserError(f"--export {value!r}: {shown}; choose {', '.join(EXPORTS)} ({HOW})")
            chosen.add(name)
    return tuple(f for f in EXPORTS if f in chosen or f == "html")


def require(exports) -> None:
    """What the exports need, checked before any work (exit 3 naming the package)."""
    if "pptx" in exports:
        from studio.build.deps import require_pptx

        require_pptx()


def write_exports(exports, deck_dir: Path, name: str, title: str, intro: str, slides: list[dict], entries,
                  media: dict, folders: dict, look, out_root: Path, render: bool, result) -> None:
    """Write NAME.pdf and/or NAME.pptx into `deck_dir` for the formats in `exports` besides html;
    add them to `result.pages`, and the figures they lack (no PNG, `render` off) to `result.missing`."""
    wanted = [f for f in exports if f != "html"]
    if not wanted:
        return
    from studio.publish.deck.points import pause_points

    with tempfile.TemporaryDirectory(prefix=".export-", dir=deck_dir) as work:
        pictures, numbers = {}, {}
        if "pdf" in wanted or "pptx" in wanted:  # widget pages and slides show the slide as the deck opens it
            from studio.publish.deck.widget_stills import widget_stills

            pictures = widget_stills(deck_dir / "index.html", slides, Path(work), numbers)
        points, missing = pause_points(slides, entries, media, folders, look, out_root, Path(work), render, pictures,
                                       numbers)
        result.missing.extend(missing)
        if all(p.kind == "widget" for p in points):  # nothing rendered: no handout of widget pages alone
            result.notes.append(f"{', '.join(wanted)} not written: no scene or figure of the deck is rendered")
            return
        for fmt in wanted:
            target = deck_dir / f"{name}.{fmt}"
            if fmt == "pdf":
                from studio.publish.deck.handout import write_handout

                write_handout(points, title, look, target, total=len(slides), intro=intro)
            else:
                from studio.publish.deck.powerpoint import write_pptx

                write_pptx(points, title, intro, look, target, Path(work))
            result.pages.append(target)
