"""A scene's narration: each cue timed by its voice, then the voice track mixed under the video.

The scene asks `need(cue_id, text)` when a cue starts (scenes.parts.lecture): the recording's
length after its silence is trimmed, plus PAUSE_S, so the next cue starts after a breath; the
scene's waits stretch to it. A cue whose animations outlast its voice lasts as long as they do: the
render reports it (`report()["cues"][k]["longer_than_voice_s"]`). After the play each recording is
placed where its cue started (`track`), and the whole track is brought to -16 LUFS integrated with
true peaks at or below -1 dBTP (studio.voice.loudness).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from studio.errors import UserError, clip_path
from studio.voice.audio import RATE, duration_s, read_audio, trim_silence
from studio.voice.source import VoiceSource, sha256

PAUSE_S = 0.35  # seconds of quiet after each recording before the next cue
TOO_LONG = 3.0  # a recording this many times its cue's reading time is probably the wrong file


@dataclass
class Clip:
    cue_id: str
    samples: np.ndarray  # (n,) float32 mono, 48 kHz, silence trimmed
    voice: str  # "recording" or "draft"
    file: str | None = None
    sha256: str | None = None

    @property
    def seconds(self) -> float:
        return duration_s(self.samples)


class Narration:
    """The voice of one render (an entry's output folder in one language)."""

    def __init__(self, source: VoiceSource, lang: str, entry_folder: str):
        self.source, self.lang, self.entry_folder = source, lang, entry_folder
        self.files = source.recordings(entry_folder, lang)
        self.clips: dict[str, Clip | None] = {}
        self.warnings: list[str] = []

    # -- before the play ---------------------------------------------------------------------------
    def check_cues(self, cues: list[dict]) -> None:
        """Every cue ({id, text}) has a recording and every recording a cue, else a UserError naming
        them all; then every recording is read, so an unreadable or empty one stops the render before
        it starts."""
        if self.source.kind != "recordings":
            return
        cue_ids = [c["id"] for c in cues]
        wanted = set(cue_ids)
        missing = [c for c in cue_ids if c not in self.files]
        extra = sorted(name for cue, (name, _) in self.files.items() if cue not in wanted)
        problems = []
        if missing and self.source.missing == "error":
            problems.append(f"no recording for {len(missing)} of {len(cue_ids)} cues: {', '.join(missing)}")
        if extra:
            problems.append(f"{len(extra)} {'files match' if len(extra) > 1 else 'file matches'} no cue: "
                            f"{', '.join(extra)}")
        if problems:
            where = clip_path(self.source.folder) if self.source.folder else "the recordings"
            hint = "render.py script NAME lists the cue ids"
            if missing and self.source.missing == "error":
                hint += "; --voice-missing draft or silent renders without the missing ones"
            raise UserError(f"--voice {where} ({self.entry_folder}, {self.lang}): {'; '.join(problems)} ({hint})")
        for cue in cues:
            if cue["id"] in self.files:
                self.clip(cue["id"], cue["text"])

    # -- during the play -----------------------------------------------------------------------------
    def need(self, cue_id: str, text: str) -> float | None:
        """Seconds the cue must last (its voice and a pause), or None: no voice, read it."""
        clip = self.clip(cue_id, text)
        return None if clip is None else clip.seconds + PAUSE_S

    def clip(self, cue_id: str, text: str) -> Clip | None:
        if cue_id not in self.clips:
            self.clips[cue_id] = self._load(cue_id, text)
        return self.clips[cue_id]

    def _load(self, cue_id: str, text: str) -> Clip | None:
        from scenes.parts.cues import reading_time

        if cue_id in self.files:
            name, data = self.files[cue_id]
            samples = trim_silence(read_audio(data, name))  # (n,) float32
            if samples.size == 0:
                raise UserError(f"{name}: holds no sound (empty or silent)")
            clip = Clip(cue_id, samples, "recording", name, sha256(data))
            read = reading_time(text)
            if clip.seconds > TOO_LONG * read:
                self.warnings.append(f"{name} lasts {clip.seconds:.1f} s for a cue read in {read:.1f} s "
                                     f"(over {TOO_LONG:g}×): is it the right recording?")
            return clip
        if self.source.draft or self.source.missing == "draft":
            from studio.voice.draft import synthesise

            return Clip(cue_id, synthesise(text, self.lang), "draft")
        return None  # --voice-missing silent: read, not heard

    # -- after the play --------------------------------------------------------------------------------
    def track(self, cues_log: list[dict], total_s: float) -> tuple[np.ndarray, dict]:
        """The voice track of the whole video, normalised: ((n,) float32 at 48 kHz, loudness report)."""
        from studio.voice.loudness import normalise
        from studio.voice.mux import place

        placed = [(cue["start_s"], clip.samples) for cue in cues_log
                  if (clip := self.clips.get(cue["id"])) is not None]
        track = place(placed, total_s)  # (round(total_s * 48 kHz),) float32
        return normalise(track)

    def report(self, cues_log: list[dict], loudness: dict, frame_s: float) -> dict:
        """numbers.json's "voice": each cue's audio (file, hash, length, loudness) and the track's."""
        from scenes.parts.lecture import FINAL_HOLD
        from studio.voice.loudness import measure

        cues = []
        for k, cue in enumerate(cues_log):
            clip = self.clips.get(cue["id"])
            shown = cue["end_s"] - cue["start_s"] - (FINAL_HOLD if k == len(cues_log) - 1 else 0.0)
            row = {"id": cue["id"], "start_s": cue["start_s"], "shown_s": round(shown, 6)}
            if clip is None:
                row["voice"] = "silent"
            else:
                measured = measure(clip.samples)["integrated_lufs"]
                row.update(voice=clip.voice, file=clip.file, sha256=clip.sha256, duration_s=round(clip.seconds, 3),
                           loudness_lufs=None if measured is None else round(measured, 2))
                over = row["shown_s"] - clip.seconds - PAUSE_S
                if over > frame_s + 1e-6:  # its animations, not its voice, set its length
                    row["longer_than_voice_s"] = round(over, 3)
            cues.append(row)
        voices = {c["voice"] for c in cues}
        warnings = list(self.warnings)
        silent = [c["id"] for c in cues if c["voice"] == "silent"]
        if silent:
            warnings.append(f"{len(silent)} of {len(cues)} cues have no recording and are silent "
                            f"(shown for their reading time): {', '.join(silent)}")
        return {"source": self.source.kind, "draft": "draft" in voices, "pause_s": PAUSE_S,
                "track": {**loudness, "sample_rate": RATE, "channels": 1, "codec": "aac"},
                "cues": cues, "warnings": warnings}
