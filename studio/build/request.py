"""One render request: what to make and every option that reaches a pixel or a byte, in one record.

The command line (studio.cli), a lesson file (studio.cli.plan) and the lesson pages (studio.publish.pages) each
build Requests; a Request goes unchanged to a local worker (studio.run.jobs) or a farm worker
(studio.run.farm) and into studio.build.render.render_entry. Its methods give the two things every part of the
pipeline must agree on: the content key (`key`: which fields enter it is decided here and only here)
and the output folder (`folder`). A new option is one more field here, and the cache sees it.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from look import Look
from studio.catalogue import Entry
from studio.errors import UserError
from studio.options import (CAPTIONS, DEFAULT_ENCODER, DEFAULT_FORMAT, DEFAULT_QUALITY, ENCODERS, FORMATS,
                            QUALITIES, SVG_TEXT, Quality)


@dataclass(frozen=True)
class Request:
    """One output: an entry with its parameters, in one look, with every render option."""

    entry: Entry = field(hash=False)  # with its parameters (Entry.with_params), already checked
    look: Look = Look()
    quality: Quality = QUALITIES[DEFAULT_QUALITY]  # scenes: size and frame rate (tests use options.TINY)
    fmt: str | None = None  # None: the kind's default (mp4 for scenes, svg for figures)
    sections: bool = False  # scenes: also one MP4 per section
    captions: str = CAPTIONS[0]  # scenes: burn, file (SRT/VTT only) or none
    svg_text: str = SVG_TEXT[0]  # SVG figures: embed, path or text
    encoder: str = DEFAULT_ENCODER  # scene videos: x264 settings (options.ENCODERS)
    # scene videos: the narration, a studio.voice.source.VoiceSource (recordings or the draft voice);
    # not imported here, so a figure's content key does not take in the narration's code
    voice: object | None = None
    out_root: Path = Path("out")  # the folder that receives the output folder
    force: bool = False  # render even when the cache is up to date (how, not what: not in the key)

    @classmethod
    def of(cls, name: str, *, given: dict | None = None, out_name: str = "", **options) -> "Request":
        """A request for the catalogue entry `name`, with `given` parameters (checked here) and options."""
        from studio import catalogue

        entry = catalogue.get(name)
        if given or out_name:
            entry = entry.with_params(dict(given or {}), out_name)
        return cls(entry, **options)

    def but(self, **changes) -> "Request":
        """The same request with some fields changed (another out_root, force, ...)."""
        return replace(self, **changes)

    @property
    def format(self) -> str:
        """The output format, checked against the entry's kind (UserError, exit 2, otherwise)."""
        fmt = self.fmt or DEFAULT_FORMAT[self.entry.kind]
        if fmt not in FORMATS[self.entry.kind]:
            raise UserError(f"{self.entry.name} is a {self.entry.kind}: --format {fmt} is not possible "
                            f"(choose {', '.join(FORMATS[self.entry.kind])})")
        if self.voice is not None and self.entry.kind == "scene" and fmt != "mp4":
            raise UserError(f"{self.entry.name}: --voice needs an MP4 (a {fmt.upper()} has no sound)")
        return fmt

    @property
    def folder(self) -> Path:
        """OUT/NAME for the seeds' numbers, OUT/NAME@key=value,... (or a lesson's folder) for your own."""
        return Path(self.out_root) / self.entry.folder

    @property
    def log(self) -> Path:
        """Where a failed render's traceback goes: beside the output folder, never inside it."""
        return Path(self.out_root) / f"{self.entry.folder}.log"

    @property
    def label(self) -> str:
        e = self.entry
        return f"{e.folder if e.given or e.out_name else e.name} [{self.look.lang}, {self.look.theme}]"

    def settings(self) -> dict:
        """Every option that reaches a pixel or a byte of this kind of output, and nothing else: what
        the content key covers besides the entry, its sources and the library versions."""
        fmt = self.format
        out = {"theme": self.look.theme, "lang": self.look.lang, "format": fmt}
        if self.entry.kind == "scene":
            out.update(quality=[self.quality.width, self.quality.height, self.quality.fps],
                       sections=self.sections, captions=self.captions)
            if fmt != "png":  # a video: its partial movies go through x264 (a GIF too)
                out["encoder"] = ENCODERS[self.encoder]
            if self.voice is not None:  # the recordings' content, never their folder's path
                out["voice"] = self.voice.key(self.entry.folder, self.look.lang)
        else:  # a light figure on white paper is another figure; dark figures have one background
            if self.look.theme == "light":
                out["background"] = self.look.background
            if fmt == "svg":
                out["svg_text"] = self.svg_text
        return out

    def key(self) -> str:
        """The content key: what the cache and the farm compare (studio.build.cache.content_key)."""
        from studio.build.cache import content_key

        return content_key(self.entry, self.settings())

    def up_to_date(self) -> list[Path] | None:
        """The outputs of an earlier render of this request, if its folder still proves them whole
        (manifest with this key, every file's size and SHA-256), else None; None too with `force`."""
        from studio.build.cache import cached_files

        return None if self.force else cached_files(self.folder, self.key(), self.entry.name)
