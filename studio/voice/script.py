"""The narration script of a scene: every caption cue with its id, section, text and present length.

`render.py script NAME` writes OUT/scripts/FOLDER.LANG.md (to read aloud from: one block per cue,
the file name to record it into) and FOLDER.LANG.json (for tools). The cues come from a play of the
scene without pixels (studio.build.dryplay), so they are exactly the cues a render shows, with the
same ids (scenes.parts.lecture: SECTION-NN, unchanged when another cue's wording changes) and the
lengths a render without a voice gives them (their reading time, or their animations where longer).
"""
from __future__ import annotations

import json
from pathlib import Path

from studio.build.atomic import write_text
from studio.voice.audio import AUDIO_SUFFIXES


def script_cues(entry, look, captions: str = "burn") -> list[dict]:
    """[{id, section, text, start_s, duration_s}] of `entry` in `look`, in order."""
    from studio.build.dryplay import play_dry

    return _cues(play_dry(entry.load().SCENE, entry.compute(), look, captions=captions))


def _cues(scene) -> list[dict]:
    return [{"id": c["id"], "section": c["section"], "text": c["text"], "start_s": round(c["start_s"], 3),
             "duration_s": round(c["end_s"] - c["start_s"], 3)} for c in scene.cues_log]


_CUES: dict[tuple, list[dict]] = {}


def render_cues(entry, look) -> list[dict]:
    """The cues ({id, text}) a render of `entry` in `look` shows (the caption mode changes no cue,
    the theme neither); one dry play per entry, parameters and language in a process."""
    key = (entry.name, repr(entry.given), look.lang)
    if key not in _CUES:
        _CUES[key] = [{"id": c["id"], "text": c["text"]} for c in script_cues(entry, look, captions="file")]
    return _CUES[key]


def _clock(seconds: float) -> str:
    m, s = divmod(int(round(seconds)), 60)
    return f"{m}:{s:02d}"


def markdown(entry, look, cues: list[dict], title: str) -> str:
    """The script to read aloud under the scene's title as drawn: a heading per section, a block per cue
    with the file to record it into."""
    title = title.replace("\n", " ")
    total = cues[-1]["start_s"] + cues[-1]["duration_s"] if cues else 0.0
    formats = ", ".join(s.lstrip(".") for s in AUDIO_SUFFIXES)
    lines = [f"# {title}", "",
             f"{entry.folder} · {look.lang} · {len(cues)} cues · {_clock(total)} without a voice", "",
             f"Record each cue into its own file named by its id ({formats}), all in one folder, then "
             f"`render.py {entry.name} --lang {look.lang} --voice FOLDER`. Each cue then lasts as long as its "
             "recording (silence at either end is trimmed) plus a short pause.", ""]
    section = None
    for cue in cues:
        if cue["section"] != section:
            section = cue["section"]
            lines += [f"## {section}", ""]
        lines += [f"**{cue['id']}** · now {cue['duration_s']:.1f} s", ""]
        lines += [f"> {line}" for line in cue["text"].split("\n")] + [""]
    return "\n".join(lines)


def write_script(entry, look, out_root: Path) -> list[Path]:
    """OUT/scripts/FOLDER.LANG.md and .json for one entry and language; the files written."""
    from studio.build.dryplay import play_dry

    scene = play_dry(entry.load().SCENE, entry.compute(), look, captions="burn")
    cues = _cues(scene)
    folder = Path(out_root) / "scripts"
    stem = f"{entry.folder}.{look.lang}"
    doc = {"entry": entry.name, "folder": entry.folder, "lang": look.lang, "params": dict(entry.given),
           "cues": cues}
    md, js = folder / f"{stem}.md", folder / f"{stem}.json"
    write_text(md, markdown(entry, look, cues, scene.title_words or entry.name))
    write_text(js, json.dumps(doc, ensure_ascii=False, indent=1, sort_keys=True) + "\n")
    return [md, js]
