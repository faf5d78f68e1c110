"""signal_decay draws every frame at one s (scenes.decay.apparatus: one ValueTracker of s sets the
counter, the lines and the panel). Rendered at a tiny size, the camera is watched: for every frame the
s each part showed when it was last drawn (Manim keeps parts it does not redraw from an earlier frame)
must be the counter's s, and the frame's record (NAME.frames.csv) must say the same s."""
from __future__ import annotations

import numpy as np
import pytest


@pytest.fixture(scope="module")
def frames(tmp_path_factory):
    import manim

    from look import Look
    from studio import catalogue
    from studio.options import TINY

    entry = catalogue.get("signal_decay")
    module = entry.load()
    media = tmp_path_factory.mktemp("sd-sync")
    settings = {"pixel_width": TINY.width, "pixel_height": TINY.height, "frame_rate": TINY.fps,
                "media_dir": str(media), "write_to_movie": False, "disable_caching": True,
                "verbosity": "ERROR", "progress_bar": "none", "preview": False}
    drawn: dict[str, float] = {}
    seen: list[tuple[dict, dict]] = []  # per frame: (s of each part as last drawn, the frame's record)

    class Watched(module.SCENE):
        def setup(self):
            super().setup()
            camera, display = self.camera, self.camera.display_multiple_non_background_colored_vmobjects

            def spy(vmobjects, pixel_array):
                for vm in vmobjects:
                    if getattr(vm, "drawn_as", None) and len(vm.points):
                        drawn[vm.drawn_as] = vm.drawn_s
                return display(vmobjects, pixel_array)

            camera.display_multiple_non_background_colored_vmobjects = spy
            add_frame = self.renderer.add_frame

            def add(frame, num_frames=1):
                add_frame(frame, num_frames)
                on_screen = {id(m) for m in self.get_mobject_family_members()}
                shown = {name: drawn[name] for name, mob in self.drawn_parts().items()
                         if name in drawn and id(mob) in on_screen and len(mob.points)}  # parts faded out are not compared
                for _ in range(num_frames):
                    seen.append((shown, self.frame_rows[-1] if self.frame_rows else {}))

            self.renderer.add_frame = add

    with manim.tempconfig(settings):
        scene = Watched(data=entry.compute(), look=Look("light", "en"), captions="burn", handover=False)
        scene.render()
    return scene, seen, TINY.fps


def test_every_part_shows_the_counters_s_in_every_frame(frames):
    scene, seen, fps = frames
    starts = {s["name"]: s["start_s"] for s in scene.sections_log}
    moving = checked = 0
    for k, (parts, row) in enumerate(seen):
        t = k / fps
        if not starts["sweep"] <= t < starts["summary"]:
            continue
        s = parts["counter"]
        for name in ("line", "band", "slope", "rms", "rms_sci", "power", "power_sci", "sigma", "line_ln"):
            if name in parts:
                assert parts[name] == pytest.approx(s, abs=1e-12), f"{name} drawn at s = {parts[name]} beside s = {s} ({t:.2f} s)"
        if row:
            assert row["s"] == pytest.approx(s, abs=1e-12)  # the record says what the picture shows
        checked += 1
        if k and seen[k - 1][0]["counter"] != s:
            moving += 1
    assert checked > 100 and moving > 40  # the sweep's frames, many of them with s moving


def test_the_line_tilts_continuously(frames):
    """While s moves, consecutive frames differ by a small step of s: no jumps."""
    _scene, seen, _fps = frames
    s = np.array([parts.get("line", np.nan) for parts, _ in seen])  # (frames,)
    steps = np.abs(np.diff(s[np.isfinite(s)]))
    # at 4 frames a second the fastest move (1.1 → 2.0 in 1.5 s, eased: at most 2.07 times its mean
    # speed) is 0.31 a frame; a jump would be the whole move
    assert steps.max() < 0.32
