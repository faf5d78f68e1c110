"""The narration's audio core (studio.voice): reading recordings, trimming, loudness, muxing onto
video, and the draft voice. Loudness is checked with an independent EBU R128 meter (libavfilter's
ebur128, tests/voice_meter.py), not with the pyloudnorm meter the code itself uses."""
from __future__ import annotations

import shutil
import wave
from fractions import Fraction
from pathlib import Path

import av
import numpy as np
import pytest

from studio.errors import UserError
from studio.voice.audio import AUDIO_SUFFIXES, RATE, duration_s, read_audio, trim_silence
from studio.voice.loudness import PEAK_CEILING_DBTP, TARGET_LUFS, measure, normalise
from studio.voice.mux import mux_audio, place, slice_track
from tests.voice_meter import decode, ebur128

SOURCE_RATE = 44_100
TONE_S = 1.0
FPS = 15
FRAMES = 30


def tone(seconds: float, rate: int = SOURCE_RATE, amp: float = 0.5, hz: float = 440.0) -> np.ndarray:
    t = np.arange(round(seconds * rate)) / rate  # (n,) seconds
    return (amp * np.sin(2 * np.pi * hz * t)).astype(np.float32)  # (n,) float32 mono


def write_wav(path: Path, x: np.ndarray, rate: int = SOURCE_RATE, channels: int = 2) -> Path:
    pcm = np.round(np.clip(x, -1, 1) * 32767).astype("<i2")  # (n,) int16
    frames = np.repeat(pcm[:, None], channels, axis=1)  # (n, channels) int16, interleaved
    with wave.open(str(path), "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(frames.tobytes())
    return path


def write_encoded(path: Path, codec: str, x: np.ndarray, container: str | None = None,
                  rate: int = SOURCE_RATE) -> Path:
    """`x` (mono, at `rate`) as a stereo file encoded by PyAV; the codec's own rate is `rate`
    where it accepts it (Opus takes 48 kHz only, PyAV resamples the frames for it)."""
    stereo = np.ascontiguousarray(np.stack([x, x]))  # (2, n) float32 planar stereo
    with av.open(str(path), "w", format=container) as out:
        stream = out.add_stream(codec, rate=RATE if codec == "libopus" else rate, layout="stereo")
        for start in range(0, x.size, 1024):
            frame = av.AudioFrame.from_ndarray(stereo[:, start:start + 1024].copy(), format="fltp",
                                               layout="stereo")
            frame.sample_rate = rate
            frame.pts = start
            frame.time_base = Fraction(1, rate)
            for packet in stream.encode(frame):
                out.mux(packet)
        for packet in stream.encode(None):
            out.mux(packet)
    return path


ENCODINGS = {  # suffix: (codec, container)
    ".flac": ("flac", None),
    ".mp3": ("libmp3lame", None),
    ".m4a": ("aac", "mp4"),
    ".ogg": ("libopus", "ogg"),
    ".opus": ("libopus", "ogg"),
}


@pytest.mark.parametrize("suffix", [".wav", *ENCODINGS])
def test_read_audio_formats(tmp_path, suffix):
    x = tone(TONE_S)
    path = tmp_path / f"tone{suffix}"
    if suffix == ".wav":
        write_wav(path, x)
    else:
        codec, container = ENCODINGS[suffix]
        write_encoded(path, codec, x, container)
    y = read_audio(path, path.name)
    assert y.dtype == np.float32 and y.ndim == 1  # mono
    assert abs(duration_s(y) - TONE_S) <= 0.030, duration_s(y)
    assert RATE == 48_000
    # still a 440 Hz tone when counted at 48 kHz: the samples are at the rate they claim
    middle = y[round(0.25 * RATE):round(0.75 * RATE)].astype(np.float64)  # (24000,) 0.5 s
    spectrum = np.abs(np.fft.rfft(middle * np.hanning(middle.size)))  # (12001,) 2 Hz bins
    assert abs(np.argmax(spectrum) * RATE / middle.size - 440) <= 2
    assert 0.3 < np.max(np.abs(y)) < 0.8  # stereo mixed down to one channel at about the same level


def test_read_audio_adts_aac(tmp_path):
    """Raw AAC (ADTS) has nowhere to say how many priming samples to drop: read, a frame longer."""
    path = write_encoded(tmp_path / "tone.aac", "aac", tone(TONE_S), container="adts")
    y = read_audio(path, path.name)
    assert 0 <= duration_s(y) - TONE_S <= 0.030 + 2 * 1024 / SOURCE_RATE


def test_read_audio_from_bytes(tmp_path):
    path = write_wav(tmp_path / "tone.wav", tone(TONE_S))
    assert np.array_equal(read_audio(path.read_bytes(), "tone.wav"), read_audio(path, "tone.wav"))


def test_suffixes():
    assert AUDIO_SUFFIXES == (".wav", ".flac", ".mp3", ".m4a", ".aac", ".ogg", ".opus")


def test_trim_silence():
    x = np.concatenate([np.zeros(round(0.5 * RATE)), tone(1.0, RATE), np.zeros(round(0.7 * RATE))])
    y = trim_silence(x.astype(np.float32))
    assert abs(duration_s(y) - (1.0 + 2 * 0.03)) <= 0.010, duration_s(y)
    assert trim_silence(np.zeros(RATE, np.float32)).size == 0
    assert trim_silence(np.full(RATE, 1e-4, np.float32)).size == 0  # -80 dBFS is silence


def test_bad_files(tmp_path):
    text = tmp_path / "notes.wav"
    text.write_text("this is not a recording\n")
    empty = tmp_path / "empty.wav"
    empty.write_bytes(b"")
    silent = write_wav(tmp_path / "silent.wav", np.zeros(SOURCE_RATE, np.float32))
    missing = tmp_path / "missing.flac"
    for path, words in [(text, "cannot read it as audio"), (empty, "holds no sound"),
                        (silent, "holds no sound"), (missing, "cannot read it as audio")]:
        with pytest.raises(UserError) as caught:
            read_audio(path, path.name)
        assert path.name in str(caught.value) and words in str(caught.value), str(caught.value)


def test_file_without_audio(tmp_path):
    video = make_video(tmp_path / "silent.mp4")
    with pytest.raises(UserError, match=r"silent\.mp4: cannot read it as audio \(it has no audio stream\)"):
        read_audio(video, video.name)


def speech_like(seconds: float, level: float, spikes: bool, seed: int = 0) -> np.ndarray:
    """Voiced sound: a 120-170 Hz harmonic series shaped into 4 syllables a second, with a pause
    every 2.5 s; `spikes` adds sharp clicks far above the speech (a plosive, a clipped edit)."""
    t = np.arange(round(seconds * RATE)) / RATE  # (n,) seconds
    phase = 2 * np.pi * np.cumsum(145 + 25 * np.sin(2 * np.pi * 0.7 * t)) / RATE  # (n,) radians
    x = sum(np.sin(k * phase) / k for k in range(1, 9))  # (n,) float64
    x *= np.clip(np.sin(2 * np.pi * 2.0 * t), 0, None) ** 2 * ((t % 2.5) < 2.0)
    x /= np.max(np.abs(x))
    if spikes:
        rng = np.random.default_rng(seed)
        for i in rng.choice(x.size - 3, 40, replace=False):
            x[i:i + 3] += [2.5, -2.0, 1.5]
        x /= np.max(np.abs(x))
    return (level * x).astype(np.float32)  # (n,) float32 mono, 48 kHz


@pytest.mark.parametrize("case", ["quiet", "loud"])
def test_normalise(case):
    x = speech_like(10.0, 0.02, False) if case == "quiet" else speech_like(10.0, 1.0, True)
    y, info = normalise(x)
    assert y.dtype == np.float32 and y.shape == x.shape
    lufs, peak = ebur128(y)
    assert abs(lufs - TARGET_LUFS) <= 0.3, lufs
    assert peak <= PEAK_CEILING_DBTP, peak
    assert abs(info["integrated_lufs"] - TARGET_LUFS) <= 0.2
    assert info["true_peak_dbtp"] <= PEAK_CEILING_DBTP - 0.5
    assert info["limited"] is (case == "loud")
    assert info["gain_db"] > (25 if case == "quiet" else 5)
    assert normalise(x)[0].tobytes() == y.tobytes()  # deterministic


def test_measure_agrees_with_the_independent_meter():
    x = speech_like(10.0, 0.3, True, seed=3)
    ours = measure(x)
    lufs, peak = ebur128(x)
    assert abs(ours["integrated_lufs"] - lufs) <= 0.2
    assert abs(ours["true_peak_dbtp"] - peak) <= 0.5


def test_unmeasurable_tracks_come_back_unchanged():
    short = tone(0.3, RATE)
    assert measure(short)["integrated_lufs"] is None
    for x in (short, np.zeros(RATE, np.float32)):
        y, info = normalise(x)
        assert np.array_equal(y, x)
        assert info["integrated_lufs"] is None and info["true_peak_dbtp"] is None and not info["limited"]
    assert measure(np.zeros(RATE, np.float32)) == {"integrated_lufs": None, "true_peak_dbtp": None}


def test_place_and_slice():
    a, b = np.ones(RATE, np.float32), np.full(RATE, 0.5, np.float32)
    track = place([(0.5, a), (2.5, b)], 3.0)
    assert track.dtype == np.float32 and track.size == 3 * RATE
    assert track[round(0.5 * RATE) - 1] == 0 and track[round(0.5 * RATE)] == 1
    assert track[round(1.5 * RATE)] == 0 and track[-1] == 0.5  # the second clip is cut at the end
    assert np.array_equal(slice_track(track, 0.5, 1.5), a)
    assert slice_track(track, 2.5, 3.0).size == round(0.5 * RATE)


def make_video(path: Path) -> Path:
    """A small H.264 MP4: 64×48, 15 fps, 30 frames (2.0 s), no audio."""
    with av.open(str(path), "w") as out:
        stream = out.add_stream("libx264", rate=FPS)
        stream.width, stream.height, stream.pix_fmt = 64, 48, "yuv420p"
        for i in range(FRAMES):
            picture = np.full((48, 64, 3), (i * 8) % 256, np.uint8)  # (h, w, rgb)
            picture[:, : i * 2] = 255
            for packet in stream.encode(av.VideoFrame.from_ndarray(picture, format="rgb24")):
                out.mux(packet)
        for packet in stream.encode(None):
            out.mux(packet)
    return path


def video_packets(path: Path) -> list[tuple]:
    with av.open(str(path)) as c:
        return [(bytes(p), p.pts, p.dts, p.is_keyframe) for p in c.demux(c.streams.video[0]) if p.size]


ONSET_S = 0.8


@pytest.fixture(scope="module")
def muxed(tmp_path_factory):
    folder = tmp_path_factory.mktemp("mux")
    video = make_video(folder / "scene.mp4")
    words = speech_like(1.0, 0.5, False)
    words[: round(0.01 * RATE)] = tone(0.01, RATE, amp=0.5, hz=300)  # a sharp start
    track, info = normalise(place([(ONSET_S, words)], 2.0))
    target = folder / "narrated.mp4"
    mux_audio(video, track, target)
    return video, target


def test_mux_streams(muxed):
    video, target = muxed
    with av.open(str(target)) as c:
        assert [s.type for s in c.streams] == ["video", "audio"]
        audio = c.streams.audio[0]
        assert audio.codec_context.name == "aac"
        assert audio.codec_context.sample_rate == 48_000
        assert audio.codec_context.layout.nb_channels == 1
    assert video_packets(target) == video_packets(video)  # copied packet for packet


def test_mux_lengths_match(muxed):
    _, target = muxed
    with av.open(str(target)) as c:
        v, a = c.streams.video[0], c.streams.audio[0]
        video_s = v.frames / v.average_rate
        audio_s = a.duration * a.time_base
    assert video_s == 2
    assert abs(audio_s - video_s) <= Fraction(1, FPS)
    assert abs(decode(target).size / RATE - video_s) <= 1 / FPS


def test_mux_loudness_and_onset(muxed):
    _, target = muxed
    lufs, peak = ebur128(target)
    assert abs(lufs - TARGET_LUFS) <= 1.0, lufs
    assert peak <= PEAK_CEILING_DBTP, peak
    y = decode(target)
    onset = np.argmax(np.abs(y) > 10 ** (-30 / 20)) / RATE
    assert abs(onset - ONSET_S) <= 1 / FPS, onset


def test_mux_in_place_and_cut_to_the_video(tmp_path):
    video = make_video(tmp_path / "scene.mp4")
    packets = video_packets(video)
    noise = (0.1 * np.random.default_rng(0).standard_normal(5 * RATE)).astype(np.float32)  # (n,) 5 s
    mux_audio(video, noise, video)  # longer than the video: cut to 2.0 s
    assert video_packets(video) == packets
    with av.open(str(video)) as c:
        audio = c.streams.audio[0]
        audio_s = audio.duration * audio.time_base
        assert abs(audio_s - 2) <= Fraction(1, FPS)
        size = sum(p.size for p in c.demux(audio))
    assert 0.8 * 128_000 <= 8 * size / audio_s <= 1.1 * 128_000  # noise fills the 128 kb/s
    assert sorted(p.name for p in tmp_path.iterdir()) == ["scene.mp4"]  # no temporary left


def test_mux_bad_video(tmp_path):
    bad = tmp_path / "scene.mp4"
    bad.write_text("not a video")
    with pytest.raises(UserError, match="scene.mp4"):
        mux_audio(bad, tone(1.0, RATE), tmp_path / "out.mp4")
    assert not (tmp_path / "out.mp4").exists()


needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None,
                                  reason="espeak-ng is not installed (the draft voice)")

SPOKEN = [
    ("θᵢ = base^(−2i/d)", "en", "theta i equals base to the power minus 2i over d"),
    ("ε = 10⁻⁵", "en", "epsilon equals 10 to the power minus 5"),
    ("m − n = 6 gives 0.3565", "en", "m minus n equals 6 gives 0.3565"),
    ("q·k = 1.9493", "en", "q dot k equals 1.9493"),
    ("softmax(QKᵀ/√d)\n× V", "en", "softmax(QK transposed over root of d) times V"),
    ("x² ≈ 4, look-up 10-20 and/or a - b", "en",
     "x squared about 4, look-up 10-20 and/or a minus b"),
    ("θᵢ = base^(−2i/d)", "zh-Hant", "西塔 i 等於 base的負2i除以d次方"),
    ("ε = 10⁻⁵", "zh-Hans", "艾普西龍 等於 10的負5次方"),
    ("m − n = 6 得到 0.3565", "zh-Hant", "m減n 等於 6 得到 0點三五六五"),
    ("q·k = 1.9493", "zh-Hant", "q點乘k 等於 1點九四九三"),
    ("√d → ω，約翰·史密斯", "zh-Hant", "d的平方根 到 歐米伽，約翰·史密斯"),
]


@pytest.mark.parametrize("text, lang, words", SPOKEN)
def test_spoken(text, lang, words):
    from studio.voice.draft import spoken

    assert spoken(text, lang) == words


def test_unknown_language():
    from studio.voice.draft import spoken

    with pytest.raises(UserError, match="no draft voice for the language 'fr'"):
        spoken("Bonjour", "fr")


@needs_espeak
@pytest.mark.parametrize("text, lang", [("The clock turns.", "en"), ("位置編碼像一個時鐘。", "zh-Hant")])
def test_draft_voice(text, lang):
    from studio.voice.draft import _synthesise, engine_version, synthesise

    x = synthesise(text, lang)
    assert x.dtype == np.float32 and x.ndim == 1
    assert 0.5 <= duration_s(x) <= 5.0, duration_s(x)
    assert np.sqrt(np.mean(x.astype(np.float64) ** 2)) > 10 ** (-40 / 20)
    assert trim_silence(x).size == x.size  # already trimmed
    assert not x.flags.writeable  # the cached recording cannot be changed by a caller
    assert synthesise(text, lang) is x  # cached
    assert np.array_equal(_synthesise.__wrapped__(text, lang), x)  # run again: the same samples
    assert engine_version().startswith("eSpeak NG")
