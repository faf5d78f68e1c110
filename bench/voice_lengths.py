"""Video lengths without and with a voice: each scene's length at reading speed (a play without
pixels at 15 fps, the frame rate of --quality low) beside the length of its narrated render.

    .venv/bin/python render.py SCENES --quality low --lang L --voice draft --out OUT/L
    .venv/bin/python bench/voice_lengths.py OUT en zh-Hant

Prints a Markdown table: scene, language, length without and with the voice, cues whose animations
outlast their voice, the track's integrated loudness and true peak.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main(out: Path, langs: list[str]) -> None:
    from look import Look
    from studio import catalogue
    from studio.voice.script import script_cues

    print("| scene | lang | without voice | with voice | ratio | cues longer than voice | LUFS | dBTP |")
    print("|---|---|---|---|---|---|---|---|")
    for lang in langs:
        for entry in (e for e in catalogue.ENTRIES if e.kind == "scene"):
            numbers = out / lang / entry.name / f"{entry.name}.numbers.json"
            if not numbers.exists():
                continue
            doc = json.loads(numbers.read_text(encoding="utf-8"))
            cues = script_cues(entry, Look("light", lang))
            before = cues[-1]["start_s"] + cues[-1]["duration_s"]
            after = doc["render"]["duration_s"]
            voice = doc["voice"]
            longer = sum("longer_than_voice_s" in c for c in voice["cues"])
            track = voice["track"]
            print(f"| {entry.name} | {lang} | {before:.1f} s | {after:.1f} s | {after / before:.2f} | "
                  f"{longer} of {len(voice['cues'])} | {track['integrated_lufs']} | {track['true_peak_dbtp']} |")


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2:] or ["en"])
