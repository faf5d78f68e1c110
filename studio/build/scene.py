"""Render one scene request with Manim: the video (with its narration, studio.voice), its sections,
a PNG poster of the last frame, the frames, captions and numbers files.

Manim renders in a private, temporary media folder inside the staging folder (studio.build.render
commits it); studio.build.render imports this module by name, so only scenes' content keys take in
Manim's pipeline and the narration (studio.build.cache.KIND_PIPELINE).
"""
from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from studio.build import deps, interrupts, outlines, texcache
from studio.build.atomic import atomic_path, move_into_place, write_text
from studio.build.captions import write_captions
from studio.build.numbers import numbers_document, write_frames, write_numbers
from studio.build.request import Request
from studio.options import ENCODERS


def render_scene(request: Request, fmt: str, out_dir: Path, key: str, watch=None) -> list[Path]:
    """Render with Manim in a private media folder; move the results into place when complete."""
    entry, look, quality = request.entry, request.look, request.quality
    sections, captions, encoder = request.sections, request.captions, request.encoder
    deps.require_latex()
    deps.require_font_pango(look.font)
    import manim

    outlines.install()
    record = entry.compute()
    module = entry.load()
    name = entry.name
    narration = _narration(request)
    still = fmt == "png"  # only the last frame: Manim skips the animations
    files: list[Path] = []
    with tempfile.TemporaryDirectory(prefix=".media-", dir=out_dir) as media:
        tex_dir = Path(media) / "Tex"
        known_tex = texcache.fill(tex_dir)
        settings = {
            "pixel_width": quality.width,
            "pixel_height": quality.height,
            "frame_rate": quality.fps,
            "media_dir": media,
            "tex_dir": str(tex_dir),
            "output_file": name,
            "format": "gif" if fmt == "gif" else "mp4",
            "write_to_movie": not still,
            "save_last_frame": still,
            "save_sections": sections and not still,
            "disable_caching": True,
            # encode an animation's frames while the next one is set up (1080p60: ~15 % faster)
            "max_inflight_encoders": 2,
            "video_encoder_options": dict(ENCODERS[encoder]),  # x264 settings (docs/encoder.md)
            "verbosity": "ERROR",
            "progress_bar": "none",
            "preview": False,
            "background_color": look.palette.background,
        }
        with manim.tempconfig(settings):
            # `manim`: Manim's x264 settings and its own frame hand-over, as every render was before
            scene = module.SCENE(data=record, look=look, captions=captions, handover=encoder != "manim",
                                 voice=narration)
            _stop_between_frames(scene)
            if watch is not None:
                watch.start(scene)
            scene.render()
            if watch is not None:
                watch.finish(scene)
            texcache.keep(tex_dir, known_tex)
            writer = scene.renderer.file_writer
            poster = scene.renderer.get_frame()  # the last frame, (h, w, 4) uint8
            track = voiced = None
            if narration is not None:  # the voice placed where its cues started, at -16 LUFS
                track, loudness = narration.track(scene.cues_log, len(scene.frame_rows) / quality.fps)
                voiced = narration.report(scene.cues_log, loudness, 1 / quality.fps)
            if not still:
                target = out_dir / f"{name}.{fmt}"
                _place_video(Path(writer.movie_file_path), target, track)
                files.append(target)
                if sections:
                    files.append(_collect_sections(writer, scene, out_dir, name, track))
        png = out_dir / f"{name}.png"
        _write_png(poster, png)
        files.append(png)
    fps = quality.fps
    doc = numbers_document(entry, record, look, decimals=getattr(module, "DECIMALS", {}),
                           sections=scene.sections_log, key=key)
    if not still:
        doc["render"] = {"quality": quality.name, "width": quality.width, "height": quality.height,
                         "fps": fps, "frames": len(scene.frame_rows),
                         "duration_s": round(len(scene.frame_rows) / fps, 6)}
        doc["render"]["encoder"] = {"name": encoder, "codec": "libx264", "pixel_format": "yuv420p",
                                    "options": dict(ENCODERS[encoder]),
                                    # how frames reach x264 (scenes/parts/handover.py); the same bytes either way
                                    "frame_handover": "copy" if encoder == "manim" else "view"}
        doc["captions"] = scene.captions_log
        doc["cues"] = scene.cues_log  # the captions as shown: one sentence or clause, two lines at most
        doc["caption_mode"] = captions
        if voiced is not None:
            doc["voice"] = voiced
            for warning in voiced["warnings"]:
                sys.stderr.write(f"{request.label}: warning: {warning}\n")
            longer = [f"{c['id']} +{c['longer_than_voice_s']:.1f} s" for c in voiced["cues"] if "longer_than_voice_s" in c]
            if longer:  # the voice could not shorten these: their animations set their length
                sys.stderr.write(f"{request.label}: {len(longer)} of {len(voiced['cues'])} cues last longer than "
                                 f"their voice, for their animations: {', '.join(longer)}\n")
        frames = out_dir / f"{name}.frames.csv"
        write_frames(frames, [{"frame": k, "time_s": round(k / fps, 6), **row}
                              for k, row in enumerate(scene.frame_rows)])
        files.append(frames)
        if captions != "none":  # cues as shown (burn) or as the only captions (file)
            files += write_captions(out_dir, name, scene.cues_log, look.lang)
    numbers = out_dir / f"{name}.numbers.json"
    doc["files"] = sorted(str(f.relative_to(out_dir)) for f in files + [numbers])
    write_numbers(numbers, doc)
    return files + [numbers]


def _stop_between_frames(scene) -> None:
    """Check for a pending Ctrl-C or SIGTERM before each frame is written (studio.build.interrupts)."""
    add_frame = scene.renderer.add_frame

    def add_frame_or_stop(*args, **kwargs):
        interrupts.raise_pending()
        return add_frame(*args, **kwargs)

    scene.renderer.add_frame = add_frame_or_stop


def _narration(request: Request):
    """The render's narration (studio.voice), its recordings checked against the scene's cues
    before anything renders; None without a voice."""
    if request.voice is None:
        return None
    from studio.voice.narration import Narration
    from studio.voice.script import render_cues

    narration = Narration(request.voice, request.look.lang, request.entry.folder)
    if request.voice.kind == "recordings":
        narration.check_cues(render_cues(request.entry, request.look))
    return narration


def _place_video(video: Path, target: Path, track, start_s: float = 0.0) -> None:
    """Move a finished video into place; with a voice track, its part from `start_s` muxed in."""
    if track is None:
        move_into_place(video, target)
        return
    from studio.voice.audio import RATE
    from studio.voice.mux import mux_audio, slice_track

    # the rest of the track from the clip's start; mux_audio cuts it to the clip's own length
    mux_audio(video, slice_track(track, start_s, len(track) / RATE), target)


def _collect_sections(writer, scene, out_dir: Path, name: str, track=None) -> Path:
    """Move Manim's per-section videos into out_dir/sections/ with an index of stable names."""
    folder = out_dir / "sections"
    folder.mkdir()
    index = []
    starts = {s["name"]: s["start_s"] for s in scene.sections_log}
    videos = [s for s in writer.sections if s.video is not None]
    for k, section in enumerate(videos):
        file = f"{name}_{k:02d}_{section.name}.mp4"
        _place_video(writer.sections_output_dir / section.video, folder / file, track, starts.get(section.name, 0.0))
        index.append({"index": k, "name": section.name, "file": file, "start_s": starts.get(section.name)})
    write_text(folder / "index.json", json.dumps(index, ensure_ascii=False, indent=1) + "\n")
    return folder / "index.json"


def _write_png(pixels, target: Path) -> None:
    from PIL import Image

    with atomic_path(target) as tmp:
        Image.fromarray(pixels).save(tmp, format="PNG")
