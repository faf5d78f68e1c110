"""Narration (README, "Narration"): cue ids, recordings timing the cues, the voice mixed into the
video at -16 LUFS, the narration script, and clear answers for bad recordings.

The render test gives rope_rotation a recording of known length for every cue (tones, each its own
pitch) and checks the video as a viewer gets it: every recording starts where its cue starts (within
one frame), audio and video end together, the loudness by an independent meter (libavfilter's
ebur128, tests/voice_meter.py) is -16 LUFS, and the captions follow the voiced timing.
"""
from __future__ import annotations

import json
import wave
from pathlib import Path

import numpy as np
import pytest

from tests.conftest import run_main

SCENE = "rope_rotation"  # 22 cues, the quickest scene to play
FPS = 15
FRAME = 1 / FPS
RATE = 48_000


# -- a scene of three cues, played without pixels --------------------------------------------------
def _tiny_scene(first: str = "One sentence here. Another sentence there.", animation_s: float = 0.0,
                again: bool = False):
    from manim import Square

    from scenes.parts.lecture import LectureScene

    class Tiny(LectureScene):
        def construct(self):
            self.section("a", first)
            if animation_s:
                square = Square()
                self.add(square)
                self.play(square.animate.shift([1, 0, 0]), run_time=animation_s)
            self.wait(1)
            self.section("b", "A third one.")
            self.wait(0.5)
            if again:
                self.section("a", "Back to the first section.")
                self.wait(0.5)

    return Tiny


class FixedVoice:
    """A narration whose recordings last the given seconds (the pause included)."""

    def __init__(self, seconds: dict):
        self.seconds = seconds

    def need(self, cue_id, text):
        return self.seconds.get(cue_id)


def _play(scene_class, voice=None):
    from look import Look
    from studio.build.dryplay import play_dry

    return play_dry(scene_class, None, Look("light", "en"), captions="file", voice=voice).cues_log


def test_cue_ids_are_the_section_and_the_place_in_it():
    cues = _play(_tiny_scene())
    assert [c["id"] for c in cues] == ["a-01", "a-02", "b-01"]
    assert [c["text"] for c in cues] == ["One sentence here.", "Another sentence there.", "A third one."]
    reworded = _play(_tiny_scene("A longer first sentence, said otherwise. Another sentence there."))
    assert [c["id"] for c in reworded] == ["a-01", "a-02", "b-01"]  # another cue's wording changed, not the ids
    assert [c["id"] for c in _play(_tiny_scene(again=True))][-1] == "a-03"  # a section id used again counts on


def test_each_cue_lasts_its_voice_and_an_animation_longer_than_its_voice_wins():
    cues = _play(_tiny_scene(), FixedVoice({"a-01": 4.0, "a-02": 2.0, "b-01": 3.0}))
    shown = [c["end_s"] - c["start_s"] for c in cues]
    assert shown[:2] == pytest.approx([4.0, 2.0], abs=1 / 15)  # the dry play runs at 15 fps
    assert shown[2] >= 3.0  # the last cue also holds the final frame
    slow = _play(_tiny_scene(animation_s=5.0), FixedVoice({"a-01": 1.0, "a-02": 1.0, "b-01": 1.0}))
    assert slow[0]["end_s"] - slow[0]["start_s"] == pytest.approx(5.0, abs=1 / 15)  # its animation, not its voice


# -- recordings ----------------------------------------------------------------------------------------
def _tone(path: Path, seconds: float, hz: float, rate: int = 44_100, amplitude: float = 0.2) -> None:
    """A stereo 16-bit WAV of a tone, faded in and out over 5 ms (no click)."""
    t = np.arange(int(round(seconds * rate))) / rate  # (n,)
    x = amplitude * np.sin(2 * np.pi * hz * t) * np.minimum(1, np.minimum(t, t[::-1]) / 0.005)
    pcm = (np.repeat(x[:, None], 2, axis=1) * 32767).astype("<i2")  # (n, 2) int16
    with wave.open(str(path), "wb") as w:
        w.setnchannels(2)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(pcm.tobytes())


@pytest.fixture(scope="module")
def cues():
    from look import Look
    from studio import catalogue
    from studio.voice.script import render_cues

    return render_cues(catalogue.get(SCENE), Look("light", "en"))


def _recordings(folder: Path, cues, skip=()) -> dict:
    """One tone per cue, 1.2 s to 3.3 s long; {cue id: seconds}."""
    folder.mkdir(parents=True, exist_ok=True)
    lengths = {}
    for k, cue in enumerate(cues):
        if cue["id"] in skip:
            continue
        lengths[cue["id"]] = 1.2 + 0.15 * k
        _tone(folder / f"{cue['id']}.wav", lengths[cue["id"]], 300 + 40 * k, amplitude=0.05 + 0.02 * (k % 5))
    return lengths


def _onsets(x: np.ndarray, threshold: float = 10 ** (-30 / 20), quiet_s: float = 0.2) -> list[float]:
    """Seconds where sound starts after at least `quiet_s` of silence."""
    loud = np.flatnonzero(np.abs(x) > threshold)
    if loud.size == 0:
        return []
    after_quiet = loud[1:][np.diff(loud) > quiet_s * RATE]  # (k,) sample indices, whole arrays at once
    return [s / RATE for s in [loud[0], *after_quiet]]


def _decode(path: Path) -> tuple[np.ndarray, float, float]:
    """(the audio track as float32 mono at 48 kHz, audio seconds, video seconds) of an MP4."""
    import av

    with av.open(str(path)) as c:
        video, audio = c.streams.video[0], c.streams.audio[0]
        video_s = float(video.duration * video.time_base)
        assert (audio.codec_context.name, audio.rate, audio.channels) == ("aac", RATE, 1)
        x = np.concatenate([f.to_ndarray().reshape(-1) for f in c.decode(audio)]).astype(np.float32)
    return x, len(x) / RATE, video_s


@pytest.mark.render
def test_recordings_time_the_cues_and_are_heard_where_they_start(tmp_path, cues):
    from look import Look
    from studio.build.render import render_entry
    from studio.build.request import Request
    from studio.options import Quality
    from studio.voice.narration import PAUSE_S
    from studio.voice.source import VoiceSource
    from tests.voice_meter import ebur128

    lengths = _recordings(tmp_path / "rec", cues)
    request = Request.of(SCENE, look=Look("light", "en"), quality=Quality("voice-test", 256, 144, FPS),
                         sections=True, voice=VoiceSource.of(str(tmp_path / "rec")), out_root=tmp_path / "out")
    render_entry(request)
    folder = request.folder
    doc = json.loads((folder / f"{SCENE}.numbers.json").read_text(encoding="utf-8"))
    voiced = doc["voice"]
    assert voiced["source"] == "recordings" and voiced["draft"] is False
    by_id = {c["id"]: c for c in voiced["cues"]}
    assert list(by_id) == [c["id"] for c in cues]
    for cue_id, seconds in lengths.items():
        row = by_id[cue_id]
        assert row["voice"] == "recording" and row["file"] == f"{cue_id}.wav"
        assert row["duration_s"] == pytest.approx(seconds, abs=0.01)  # no silence to trim from a tone
        assert row["shown_s"] >= seconds + PAUSE_S - FRAME - 1e-6  # the cue lasts its recording and a pause
        if "longer_than_voice_s" not in row:
            assert row["shown_s"] == pytest.approx(seconds + PAUSE_S, abs=FRAME + 1e-6)

    # each recording is heard where its cue starts, within one frame
    x, audio_s, video_s = _decode(folder / f"{SCENE}.mp4")
    onsets = _onsets(x)
    starts = [by_id[c["id"]]["start_s"] for c in cues]
    assert len(onsets) == len(starts)
    assert np.max(np.abs(np.array(onsets) - starts)) <= FRAME
    assert abs(audio_s - video_s) <= FRAME  # the streams end together
    assert video_s == pytest.approx(doc["render"]["duration_s"], abs=FRAME)

    lufs, peak = ebur128(x)  # an independent meter: libavfilter's EBU R128
    assert lufs == pytest.approx(-16.0, abs=1.0)
    assert peak <= -1.0
    assert voiced["track"]["integrated_lufs"] == pytest.approx(lufs, abs=0.5)

    # the captions and sections follow the voiced timing
    srt = (folder / f"{SCENE}.srt").read_text(encoding="utf-8")
    first = srt.split("\n")[1].split(" --> ")
    assert len([b for b in srt.split("\n\n") if b.strip()]) == len(cues)
    assert doc["cues"][1]["start_s"] == pytest.approx(by_id[cues[1]["id"]]["start_s"])
    assert first[0] == "00:00:00,000"
    index = json.loads((folder / "sections" / "index.json").read_text(encoding="utf-8"))
    assert [s["name"] for s in index] == [s["name"] for s in doc["sections"]]
    for section in index:  # every clip carries its part of the voice
        _, clip_audio_s, clip_video_s = _decode(folder / "sections" / section["file"])
        assert abs(clip_audio_s - clip_video_s) <= FRAME


# -- bad recordings --------------------------------------------------------------------------------------
def _render_with(folder: Path, tmp_path: Path, *extra):
    return run_main([SCENE, "--quality", "low", "--voice", folder, "--out", tmp_path / "out", *extra])


def test_missing_recordings_are_listed_and_nothing_renders(tmp_path, cues):
    rec = tmp_path / "rec"
    _recordings(rec, cues, skip={cues[0]["id"], cues[3]["id"]})
    code, out, err = _render_with(rec, tmp_path)
    assert code == 2
    assert f"no recording for 2 of {len(cues)} cues: {cues[0]['id']}, {cues[3]['id']}" in err
    assert "--voice-missing" in err and "render.py script" in err
    assert not (tmp_path / "out" / SCENE).exists()


def test_a_file_that_matches_no_cue_is_named(tmp_path, cues):
    rec = tmp_path / "rec"
    _recordings(rec, cues)
    _tone(rec / "input-01.wav", 1.0, 440)  # rope_rotation has no section "input"
    code, out, err = _render_with(rec, tmp_path)
    assert code == 2
    assert "1 file matches no cue: input-01.wav" in err
    assert not (tmp_path / "out" / SCENE).exists()


def test_an_unreadable_recording_is_named(tmp_path, cues):
    rec = tmp_path / "rec"
    _recordings(rec, cues)
    (rec / f"{cues[2]['id']}.wav").write_text("not a sound at all\n", encoding="utf-8")
    code, out, err = _render_with(rec, tmp_path)
    assert code == 2
    assert f"error: {cues[2]['id']}.wav: cannot read it as audio" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("content", ["zero bytes", "silence"])
def test_an_empty_recording_is_named(tmp_path, cues, content):
    rec = tmp_path / "rec"
    _recordings(rec, cues)
    target = rec / f"{cues[4]['id']}.wav"
    if content == "zero bytes":
        target.write_bytes(b"")
    else:
        _tone(target, 2.0, 440, amplitude=0.0)
    code, out, err = _render_with(rec, tmp_path)
    assert code == 2
    assert f"error: {target.name}: " in err
    assert ("holds no sound" in err) or ("cannot read it as audio" in err and content == "zero bytes")


def test_a_missing_cue_may_be_drafted_or_left_silent(tmp_path, cues):
    from studio.voice.narration import Narration
    from studio.voice.source import VoiceSource

    rec = tmp_path / "rec"
    _recordings(rec, cues[:3], skip={cues[1]["id"]})
    for missing in ("draft", "silent"):
        narration = Narration(VoiceSource.of(str(rec), missing), "en", SCENE)
        narration.check_cues(cues[:3])  # nothing refused
        assert narration.need(cues[0]["id"], cues[0]["text"]) == pytest.approx(1.2 + 0.35, abs=0.01)
    assert narration.need(cues[1]["id"], cues[1]["text"]) is None  # silent: its reading time
    log = [{"id": c["id"], "start_s": 3.0 * k, "end_s": 3.0 * k + 3.0} for k, c in enumerate(cues[:3])]
    for c in cues[:3]:
        narration.need(c["id"], c["text"])
    report = narration.report(log, {}, FRAME)
    assert [c["voice"] for c in report["cues"]] == ["recording", "silent", "recording"]
    assert report["warnings"] == [f"1 of 3 cues have no recording and are silent (shown for their reading time): "
                                  f"{cues[1]['id']}"]


def test_a_recording_far_longer_than_its_cue_is_warned_about(tmp_path, cues):
    from studio.voice.narration import Narration
    from studio.voice.source import VoiceSource

    rec = tmp_path / "rec"
    rec.mkdir()
    _tone(rec / f"{cues[0]['id']}.wav", 30.0, 440)
    narration = Narration(VoiceSource.of(str(rec), "silent"), "en", SCENE)
    narration.check_cues(cues)
    assert narration.warnings and narration.warnings[0].startswith(f"{cues[0]['id']}.wav lasts 30.0 s")


# -- the script ----------------------------------------------------------------------------------------
def test_the_script_lists_every_cue_with_the_file_to_record(tmp_path, cues):
    code, out, err = run_main(["script", SCENE, "--out", tmp_path])
    assert code == 0, err
    md = (tmp_path / "scripts" / f"{SCENE}.en.md").read_text(encoding="utf-8")
    doc = json.loads((tmp_path / "scripts" / f"{SCENE}.en.json").read_text(encoding="utf-8"))
    assert [c["id"] for c in doc["cues"]] == [c["id"] for c in cues]
    assert [c["text"] for c in doc["cues"]] == [c["text"] for c in cues]
    assert all(c["duration_s"] >= 1.5 for c in doc["cues"])  # at least a cue's shortest hold
    for cue in cues:
        assert f"**{cue['id']}**" in md
    assert md.index(f"**{cues[0]['id']}**") < md.index(f"**{cues[-1]['id']}**")


def test_the_script_is_headed_by_the_title_as_drawn(tmp_path):
    """A title with numbers in it (its tokens, its depth) reads as the video shows it, not as its template."""
    code, out, err = run_main(["script", "signal_decay", "--lang", "zh-Hant", "--set", "layers=12", "--out", tmp_path])
    assert code == 0, err
    md = next((tmp_path / "scripts").glob("signal_decay*.zh-Hant.md")).read_text(encoding="utf-8")
    assert md.splitlines()[0] == "# 訊號穿過 12 層"


def test_a_figure_has_no_script():
    code, out, err = run_main(["script", "pe_table"])
    assert code == 2 and "a figure has no narration" in err


# -- the key, the farm, a lesson -------------------------------------------------------------------------
def test_the_recordings_content_is_in_the_key_and_their_folder_is_not(tmp_path):
    import shutil

    from studio.build.request import Request
    from studio.run.farm import shipped
    from studio.voice.source import VoiceSource

    rec = tmp_path / "rec"
    rec.mkdir()
    _tone(rec / "input-01.wav", 1.0, 440)

    def key(folder):
        return Request.of(SCENE, voice=VoiceSource.of(str(folder))).key()

    before = key(rec)
    assert before != Request.of(SCENE).key()
    shutil.copytree(rec, tmp_path / "moved")
    assert key(tmp_path / "moved") == before
    request = Request.of(SCENE, voice=VoiceSource.of(str(rec)))
    travelling = shipped(request)
    assert travelling.voice.packed == (("input-01.wav", (rec / "input-01.wav").read_bytes()),)
    assert travelling.key() == before  # a worker computes the same key from the bytes
    _tone(rec / "input-01.wav", 1.1, 440)  # re-recorded
    assert key(rec) != before


def test_a_lesson_gives_a_voice_to_the_lesson_or_one_entry(tmp_path):
    from studio.cli.lesson import read_lesson

    (tmp_path / "rec").mkdir()
    lesson = tmp_path / "week3.toml"
    lesson.write_text('voice = "rec"\n[[entry]]\nname = "pe_clock"\n[[entry]]\nname = "layernorm_steps"\n'
                      'voice = "draft"\n', encoding="utf-8")
    doc = read_lesson(lesson)
    assert doc.voice == str(tmp_path / "rec") and doc.items[1].voice == "draft"
    lesson.write_text('voice = "nowhere"\n[[entry]]\nname = "pe_clock"\n', encoding="utf-8")
    code, out, err = run_main(["--lesson", lesson])
    assert code == 2 and "voice = 'nowhere': no such folder" in err


def test_a_voice_needs_a_video():
    code, out, err = run_main([SCENE, "--voice", "draft", "--format", "gif"])
    assert code == 2 and "--voice needs an MP4" in err


def test_the_lesson_pages_ask_for_narrated_scenes_and_plain_figures(tmp_path):
    from look import Look
    from studio import catalogue
    from studio.options import TINY
    from studio.publish.pages.builder import page_request
    from studio.voice.source import VoiceSource

    draft = VoiceSource.of("draft")
    scene = page_request(catalogue.get(SCENE), Look("light", "en"), TINY, tmp_path, draft)
    figure = page_request(catalogue.get("pe_table"), Look("light", "en"), TINY, tmp_path, draft)
    assert scene.voice == draft and figure.voice is None
    assert scene.key() != page_request(catalogue.get(SCENE), Look("light", "en"), TINY, tmp_path).key()
    code, out, err = run_main(["page", "depth", "--voice", "nowhere", "--no-render", "--out", tmp_path])
    assert code == 2 and "--voice nowhere: no such folder" in err
