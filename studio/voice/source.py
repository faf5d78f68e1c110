"""Where a render's voice comes from: the lecturer's recordings in a folder, or the draft voice.

A folder of recordings holds one file per cue, named by the cue's id ("intro-01.wav", "rotate-03.m4a";
`render.py script NAME` lists them). One folder may serve many scenes and languages: a render of
FOLDER in LANG reads the first of DIR/FOLDER/LANG, DIR/FOLDER, DIR/LANG and DIR that holds
recordings. The recordings' names and content (SHA-256), never the folder's path, enter the
render's content key: re-recording a cue re-renders, moving the folder does not.

For a farm (studio.run.farm) the recordings a request uses travel with it (`packed`), so a worker on
another machine hears the same files.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from pathlib import Path

from studio.errors import UserError, clip_path
from studio.voice.audio import AUDIO_SUFFIXES

MISSING = ("error", "draft", "silent")  # a cue without a recording: refuse, speak it, or leave it silent


@dataclass(frozen=True)
class VoiceSource:
    kind: str  # "draft" (espeak-ng) or "recordings"
    folder: Path | None = None  # the recordings' folder (kind "recordings")
    missing: str = "error"  # what a cue without a recording gets (MISSING)
    packed: tuple = ()  # ((file name, bytes), ...): the recordings of one request, shipped to a worker

    @classmethod
    def of(cls, value: str | None, missing: str = "error", base: Path | None = None) -> "VoiceSource | None":
        """`--voice draft`, `--voice DIR` or `voice = "DIR"` in a lesson (relative to `base`), else None."""
        if value is None or value == "":
            return None
        if missing not in MISSING:
            raise UserError(f"--voice-missing {missing}: choose from {', '.join(MISSING)}")
        if value == "draft":
            return cls("draft", missing=missing)
        folder = Path(value).expanduser()
        if base is not None and not folder.is_absolute():
            folder = base / folder
        if not folder.is_dir():
            raise UserError(f"--voice {clip_path(value)}: no such folder (give a folder of recordings, "
                            "one file per cue id, or 'draft')")
        return cls("recordings", folder, missing)

    @property
    def draft(self) -> bool:
        return self.kind == "draft"

    def recordings(self, entry_folder: str, lang: str) -> dict[str, tuple[str, object]]:
        """{cue id: (file name, Path or bytes)} of the recordings for one output (none for draft).

        Two files for one cue (intro-01.wav and intro-01.mp3) are refused: which one is meant?"""
        if self.kind != "recordings":
            return {}
        if self.packed:
            found = list(self.packed)
        else:
            folder = recordings_folder(self.folder, entry_folder, lang)
            found = [(p.name, p) for p in sorted(folder.iterdir())
                     if p.is_file() and p.suffix.lower() in AUDIO_SUFFIXES and not p.name.startswith(".")]
        out: dict[str, tuple[str, object]] = {}
        for name, data in found:
            cue = Path(name).stem
            if cue in out:
                raise UserError(f"two recordings for cue {cue}: {out[cue][0]} and {name}; keep one")
            out[cue] = (name, data)
        return out

    def key(self, entry_folder: str, lang: str) -> dict:
        """What of the voice reaches the video: for the content key."""
        out = {"kind": self.kind, "missing": self.missing}
        if self.kind == "recordings":
            out["files"] = {name: sha256(data) for name, data in self.recordings(entry_folder, lang).values()}
        if self.kind == "draft" or self.missing == "draft":
            from studio.voice.draft import engine_version

            out["draft_engine"] = engine_version()
        return out

    def pack(self, entry_folder: str, lang: str) -> "VoiceSource":
        """The same source with its recordings' bytes inside, to travel to another machine."""
        if self.kind != "recordings" or self.packed:
            return self
        files = self.recordings(entry_folder, lang).values()
        return replace(self, packed=tuple((name, data.read_bytes()) for name, data in files))


def recordings_folder(root: Path, entry_folder: str, lang: str) -> Path:
    """The first of ROOT/FOLDER/LANG, ROOT/FOLDER, ROOT/LANG, ROOT holding audio files (else ROOT)."""
    for sub in (Path(entry_folder) / lang, Path(entry_folder), Path(lang), Path()):
        folder = root / sub
        if folder.is_dir() and any(p.suffix.lower() in AUDIO_SUFFIXES for p in folder.iterdir() if p.is_file()):
            return folder
    return root


def sha256(data) -> str:
    """SHA-256 of a recording (a Path or its bytes)."""
    raw = data if isinstance(data, bytes) else Path(data).read_bytes()
    return hashlib.sha256(raw).hexdigest()
