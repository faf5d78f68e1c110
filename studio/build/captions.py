"""Closed captions from a scene's cue log: NAME.srt and NAME.vtt with the render's real timings.

Each cue is what the scene showed in its caption band (scenes.parts.cues): one sentence or clause,
at most two lines (about 42 characters a line in English, 16 in Chinese), timed inside its section
for at least its reading time. With --captions file the same cues are the only captions.
"""
from __future__ import annotations

from pathlib import Path

from studio.build.atomic import write_text


def _stamp(seconds: float, sep: str) -> str:
    ms = int(round(seconds * 1000))
    h, ms = divmod(ms, 3_600_000)
    m, ms = divmod(ms, 60_000)
    s, ms = divmod(ms, 1000)
    return f"{h:02d}:{m:02d}:{s:02d}{sep}{ms:03d}"


def to_srt(captions: list[dict]) -> str:
    blocks = []
    for k, c in enumerate(captions, start=1):
        blocks.append(f"{k}\n{_stamp(c['start_s'], ',')} --> {_stamp(c['end_s'], ',')}\n{c['text']}\n")
    return "\n".join(blocks)


def to_vtt(captions: list[dict], lang: str) -> str:
    blocks = [f"WEBVTT\nLanguage: {lang}\n"]
    for c in captions:
        blocks.append(f"{_stamp(c['start_s'], '.')} --> {_stamp(c['end_s'], '.')}\n{vtt_text(c['text'])}\n")
    return "\n".join(blocks)


def vtt_text(text: str) -> str:
    """Cue text as WebVTT reads it: `&`, `<` and `>` escaped, so a word such as "<b>" or "a->b" in a
    caption is shown as written, never taken for a tag or a timing arrow."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def write_captions(folder: Path, name: str, captions: list[dict], lang: str) -> list[Path]:
    srt, vtt = folder / f"{name}.srt", folder / f"{name}.vtt"
    write_text(srt, to_srt(captions))
    write_text(vtt, to_vtt(captions, lang))
    return [srt, vtt]
