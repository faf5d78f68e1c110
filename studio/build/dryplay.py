"""A scene's play without pixels: everything it says and shows, with its timing, in a few seconds.

Manim runs construct() with its animations skipped (each play() jumps to its end state) at a tiny
resolution and draws no frame, so what is on screen after every play, the sections and the caption
cues with their times are all there, and nothing is encoded. The scene gate watches such a play
(studio.gates.scenes.run_gate); the narration script is read from one (studio.voice.script).
"""
from __future__ import annotations

import atexit
import shutil
import tempfile
from functools import lru_cache
from pathlib import Path

DRY_FPS = 15  # the play's frame rate: cue and section times are multiples of 1/15 s


@lru_cache(maxsize=1)
def _media_dir() -> str:
    """One scratch folder per process for the plays' Pango and LaTeX files, removed at exit."""
    folder = tempfile.mkdtemp(prefix="tf-dry-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def draw_no_pixels(renderer) -> None:
    """Manim's Cairo renderer still draws a still frame at every play while skipping animations
    (update_frame ignores skipping by default), ~15 % of a dry play; this renderer draws none."""
    renderer.update_frame = lambda *args, **kwargs: None
    renderer.save_static_frame_data = lambda *args, **kwargs: None


def play_dry(scene_class, record, look, *, captions: str = "burn", watch=None, voice=None):
    """Play `scene_class` on `record` without drawing; the played scene (its sections_log, cues_log).

    `watch`: start(scene)/finish(scene) around the play, inside its Manim config (the gate)."""
    import manim

    from studio.build import outlines, texcache

    outlines.install()
    media = Path(_media_dir())
    tex_dir = media / "Tex"
    known = texcache.fill(tex_dir)
    settings = {"pixel_width": 256, "pixel_height": 144, "frame_rate": DRY_FPS, "media_dir": str(media),
                "tex_dir": str(tex_dir), "write_to_movie": False, "save_last_frame": False,
                "disable_caching": True, "verbosity": "ERROR", "progress_bar": "none", "preview": False}
    with manim.tempconfig(settings):
        scene = scene_class(data=record, look=look, captions=captions, voice=voice, skip_animations=True)
        draw_no_pixels(scene.renderer)
        if watch is not None:
            watch.start(scene)
        scene.render()
        texcache.keep(tex_dir, known)
        if watch is not None:
            watch.finish(scene)
    return scene
