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


def test_the_cue_stating_one_layers_gains_has_them_on_screen(frames):
    """"one layer alone scales the RMS by 0.76 to 1.42": both gains are written on their steps of the grey
    s = 1 line (the record's layer_gain) for as long as the cue that states them is up."""
    from look import fmt_num

    scene, seen, fps = frames
    g = scene.data.layer_gain
    lo, hi = fmt_num(float(g.min()), 2), fmt_num(float(g.max()), 2)
    assert (lo, hi) == ("0.76", "1.42")
    assert sorted(m[1].text for m in scene.gains) == sorted([f"×{lo}", f"×{hi}"])
    cue = next(c for c in scene.cues_log if f"{lo} to {hi}" in " ".join(c["text"].split()))
    rows = [row for k, (_parts, row) in enumerate(seen) if cue["start_s"] <= k / fps < cue["end_s"]]
    assert rows and all(r.get("layer_gain_min_shown") == lo and r.get("layer_gain_max_shown") == hi for r in rows)
    # each mark sits on its own step of the grey line (from layer k to k + 1) on the zoomed axis it was shown on
    from scenes.decay.axis import AX_Y0, AX_Y1

    z0, z1, _ = scene.zoom
    for mark, k in zip(scene.gains, sorted({int(np.argmin(g)), int(np.argmax(g))})):
        step = mark[0]
        assert step.get_start()[0] == pytest.approx(scene.x_of(k)) and step.get_end()[0] == pytest.approx(scene.x_of(k + 1))
        rise = (AX_Y1 - AX_Y0) / (z1 - z0) * np.log10(g[k])  # the step's height: log₁₀ of its gain
        assert step.get_end()[1] - step.get_start()[1] == pytest.approx(rise, abs=1e-9)


def test_the_s1_line_is_on_screen_from_the_slope_section_to_the_end(frames):
    """Every cue that names "the s = 1 line" or "the grey line" has it on screen, labelled, and it is the
    record's s = 1 line (log₁₀ RMS = wobble at every layer)."""
    scene, seen, fps = frames
    start = next(s["start_s"] for s in scene.sections_log if s["name"] == "slope")
    rows = [row for k, (_parts, row) in enumerate(seen) if k / fps >= start + 1.5]
    assert rows and all(r.get("s1_line_shown") == 1.0 for r in rows)
    named = [c for c in scene.cues_log if "s = 1 line" in " ".join(c["text"].split()) or "grey" in c["text"]]
    assert len(named) >= 4 and all(c["start_s"] >= start for c in named)
    on_screen = {id(m) for m in scene.get_mobject_family_members()}
    assert id(scene.ref_line) in on_screen and id(scene.ref_label) in on_screen and scene.ref_label.text.replace(" ", "") == "s=1"
    pts = scene.ref_line.points  # (4 L, 3): one cubic piece per layer step
    anchors = np.vstack([pts[::4], pts[-1:]])  # (L + 1, 3) layer 0 … L
    np.testing.assert_allclose(anchors[:, 1], scene.y_of(10.0 ** scene.data.wobble), atol=1e-9)
    np.testing.assert_allclose(anchors[:, 0], scene.x_of(np.arange(scene.L + 1)), atol=1e-9)


def test_s_holds_at_09_under_the_pale_band_cue(frames):
    """"The pale band is that tilt alone" is said while s stays at 0.9: the band's tilt is on screen for
    the whole cue (s moves only with "Change s, and band and line tilt together")."""
    scene, seen, fps = frames
    cue = next(c for c in scene.cues_log if c["text"].startswith("The pale band"))
    rows = [row for k, (_parts, row) in enumerate(seen) if cue["start_s"] <= k / fps < cue["end_s"]]
    assert rows and all(r["s"] == pytest.approx(scene.s09) for r in rows)
    assert scene.s09 == pytest.approx(0.9)


def test_the_layernorm_line_is_named_apart_from_the_s1_label(frames):
    """The blue line carries its own name, "with LayerNorm, any s", in its colour right of its end just above
    it, and the grey "s = 1" just below: outside the plot, where the orange line moving with s never passes,
    and clear of the panel's σ rows. In the summary the LayerNorm conclusion takes over its name. The grey
    line is drawn wide beneath the thin blue one."""
    scene, _seen, _fps = frames
    family = scene.get_mobject_family_members()
    order = {id(m): k for k, m in enumerate(family)}
    label, ref = scene.ln_label, scene.ref_label
    assert label.text.replace(" ", "") == "withLayerNorm,anys" and id(label) not in order  # the conclusion names it now
    assert label.get_color().to_hex().lower() == scene.color["ln"].lower()
    end = scene.line_ln.points[-1]  # the LayerNorm line's end, at layer L
    assert end[0] == pytest.approx(scene.x_of(scene.L))
    assert end[1] == pytest.approx(scene.y_of(scene.data.rms_ln[0, -1]), abs=1e-3)  # level at 1 for any s
    assert label.get_left()[0] > end[0] and label.get_bottom()[1] > end[1]  # right of the end, above it
    assert ref.get_left()[0] > end[0] and ref.get_top()[1] < end[1]  # "s = 1" right of the end, below it
    assert label.get_right()[0] < 6.4  # inside the safe area
    for row in (scene.ln_sigma, scene.ln_formula):  # the panel's LayerNorm rows stay clear of both names
        for name in (label, ref):
            assert row.get_bottom()[1] > name.get_top()[1] or row.get_top()[1] < name.get_bottom()[1]
    # the grey s = 1 line lies wide and pale beneath the thin LayerNorm line, which carries a marker at
    # every layer: where the two coincide both stay visible
    assert order[id(scene.ref_line)] < order[id(scene.line_ln)]
    assert scene.ref_line.get_stroke_width() >= 3 * scene.line_ln.get_stroke_width()
    assert len(scene.marks_ln) == scene.L and all(id(m) in order for m in scene.marks_ln)
    for layer, mark in enumerate(scene.marks_ln, start=1):
        assert mark.get_center()[1] == pytest.approx(scene.y_of(scene.data.rms_ln[0, layer]), abs=1e-3)


def test_the_typical_draw_is_drawn_under_its_cue(frames):
    """"over 200 other draws of W the median path ends near 0.50, this draw at 1.0173": the fan of other draws
    (engine.signal.signal_fan, record.fan_s1) and their per-layer median (record.typical_s1) are on the zoomed
    axis, the median's end labelled 0.50 while the cue is up, this draw's 1.0173 in the panel; the line left at
    s = 0.50 (its name another 0.50) is off screen meanwhile; the next cue says why the median drifts down,
    which the record bears out (mean square of a layer's gain about 1, mean log negative)."""
    from engine.signal import TYPICAL_DRAWS, signal_fan
    from look import fmt_num

    scene, seen, fps = frames
    d = scene.data
    fan = signal_fan(d.d, d.n_layers, d.seed, d.init, eps=d.eps)  # (200, L + 1)
    np.testing.assert_allclose(d.fan_s1, fan[:len(d.fan_s1)], rtol=1e-12)
    np.testing.assert_allclose(d.typical_s1, np.median(fan, axis=0), rtol=1e-12)
    assert fmt_num(d.typical_last_s1, 2) == "0.50" and TYPICAL_DRAWS == 200
    assert d.gain_sq_mean == pytest.approx(1.0, abs=0.01) and d.log_gain_mean < 0
    cue = next(c for c in scene.cues_log if "median path ends near 0.50" in " ".join(c["text"].split()))
    assert "this draw at 1.0173" in " ".join(cue["text"].split())
    mid = (cue["start_s"] + cue["end_s"]) / 2
    rows = [row for k, (_parts, row) in enumerate(seen) if mid <= k / fps < cue["end_s"]]
    assert rows and all(r.get("typical_last_s1_shown") == "0.50" and r["s"] == 1.0 for r in rows)
    assert all(r.get("rms_last_plain_shown") == "1.0173" for r in rows)
    bars = scene.cues_log[scene.cues_log.index(cue) + 1]  # this draw's 30 gains as bars in the panel
    assert " ".join(bars["text"].split()).startswith("The bars are this draw's 30 gains, one per layer")
    why = scene.cues_log[scene.cues_log.index(bars) + 1]
    assert " ".join(why["text"].split()) == "Over the 200 draws a gain has mean square 1.00: the size is kept on average."
    rows = [row for k, (_parts, row) in enumerate(seen) if why["start_s"] <= k / fps < why["end_s"]]
    assert rows and all(r.get("gain_sq_mean_shown") == "1.00" for r in rows)  # on screen from the cue's start
    sinks = scene.cues_log[scene.cues_log.index(why) + 1]  # the typical gain, its 30th power, the median's 0.50
    assert "the geometric mean, is 0.979, and 30 of them multiply to 0.53" in " ".join(sinks["text"].split())
    rows = [row for k, (_parts, row) in enumerate(seen) if sinks["start_s"] <= k / fps < sinks["start_s"] + 3.0]  # while it is read
    assert rows and all(r.get("typical_last_s1_shown") == "0.50" and r.get("typical_gain_shown") == "0.979"
                        and r.get("typical_power_shown") == "0.53" for r in rows)


def test_the_layernorm_panel_holds_only_what_its_cues_use(frames):
    """In the LayerNorm section the panel keeps s, y = sWx, LayerNorm's step and the orange line's name: the
    slope, s^L and the layer-L read-outs leave (the record stops listing them), and σ_L, σ_L / s come with the
    cue that names σ's dependence on s."""
    scene, seen, fps = frames
    start = next(s["start_s"] for s in scene.sections_log if s["name"] == "layernorm")
    cancel = next(c for c in scene.cues_log if c["text"].startswith("That σ is exactly s times"))
    rows = [(k / fps, row) for k, (_parts, row) in enumerate(seen) if start + 0.5 <= k / fps < scene.sections_log[-1]["start_s"]]
    assert rows and not any({"slope_shown", "s_pow_L_shown", "rms_last_plain_shown"} & set(r) for _t, r in rows)
    assert all(("ln_divisor_L_shown" in r) == (t >= cancel["start_s"]) for t, r in rows)


def test_sigma_over_s_stays_at_its_s1_value_while_s_runs(frames):
    """"That σ is exactly s times its value at s = 1": under that cue s runs over the sweep while the panel's
    σ_L / s stays at σ_L(1) from the engine (engine.signal.signal_ln_divisor), to its 3 decimals."""
    from engine.signal import signal_ln_divisor
    from look import fmt_num

    scene, seen, fps = frames
    d = scene.data
    at_one = float(signal_ln_divisor(1.0, d.x0, d.weights, eps=d.eps)[-1])
    cue = next(c for c in scene.cues_log if c["text"].startswith("That σ is exactly s times"))
    rows = [row for k, (_parts, row) in enumerate(seen) if cue["start_s"] <= k / fps < scene.sections_log[-1]["start_s"]]
    assert rows and max(r["s"] for r in rows) - min(r["s"] for r in rows) > 0.4  # s runs
    assert {r["ln_divisor_over_s_shown"] for r in rows} == {fmt_num(at_one, 3)}
    sig = [float(signal_ln_divisor(r["s"], d.x0, d.weights, eps=d.eps)[-1]) for r in rows[::10]]
    np.testing.assert_allclose(np.array(sig) / np.array([r["s"] for r in rows[::10]]), at_one, rtol=1e-3)


def test_layernorm_folds_the_line_down_layer_by_layer(frames):
    """"… divided by its own σ: layer by layer, the line folds down to 1": under that cue the blue line is
    the stack with LayerNorm after layers 1 … k (engine.signal.signal_rms), k running 0 → L at s_max:
    it starts on the plain line's layer-L RMS and ends level at 1."""
    from engine.signal import signal_rms

    scene, seen, fps = frames
    d, L = scene.data, scene.L
    start = next(s["start_s"] for s in scene.sections_log if s["name"] == "layernorm")
    cue = next(c for c in scene.cues_log if "folds down" in " ".join(c["text"].split()))
    rows = [row for k, (_parts, row) in enumerate(seen) if start <= k / fps and "ln_layers" in row
            and row["ln_layers"] < L]
    folding = [k / fps for k, (_p, r) in enumerate(seen) if start <= k / fps and 0 < r.get("ln_layers", 0) < L]
    assert rows and folding and cue["start_s"] < folding[-1] and folding[0] < cue["end_s"]  # it folds under the cue
    assert all(r["s"] == pytest.approx(d.s_values[-1]) for r in rows)  # at s_max, where the line is highest
    ks = [r["ln_layers"] for r in rows]
    assert ks == sorted(ks) and len({round(k) for k in ks}) > L // 2  # the fold moves on, layer by layer
    for r in rows[::5]:
        k = r["ln_layers"]
        if k == int(k):
            np.testing.assert_allclose([r[f"rms_ln_{j}"] for j in range(1, L + 1)],
                                       signal_rms(r["s"], d.x0, d.weights, int(k), eps=d.eps)[1:], rtol=1e-9)
    assert rows[0][f"rms_ln_{L}"] == pytest.approx(d.rms_plain[-1, -1], rel=1e-9)  # it starts on the plain line
    assert rows[-1][f"rms_ln_{L}"] < 10  # one layer's growth left: s once, not s to the power L


def test_the_set_up_is_drawn_under_the_first_cue(frames):
    """"A signal x of 24 numbers …": x (24 cells), W (24 × 24) and y are on screen with that cue,
    named with their sizes, and "s scales every W" beside the formula under the cue that defines s."""
    scene, _seen, _fps = frames
    pic, labels, _signs = scene.setup_pic
    assert (pic[0].n_rows, pic[0].n_cols) == (24, 24) and (pic[1].n_rows, pic[1].n_cols) == (24, 1)
    np.testing.assert_allclose(pic[1].values[:, 0], scene.data.x0)
    np.testing.assert_allclose(pic[2].values[:, 0], 0.9 * scene.data.weights[0] @ scene.data.x0)
    assert [m.text.replace(" ", "") for m in labels] == ["W:24×24,random", "x:24numbers", "y:24numbers"]
    first = scene.cues_log[0]
    assert "24 numbers" in first["text"] and first["start_s"] < 0.5
    defining = next(c for c in scene.cues_log if "s scales the weights" in " ".join(c["text"].split()))
    assert defining["start_s"] < next(s["start_s"] for s in scene.sections_log if s["name"] == "slope")


def test_plot_labels_are_readable_from_the_back_row(frames):
    """The plot's small labels: a digit or a capital of each ("1" of "s = 1", "0" of the wobble's 0.17, "L"
    of the LayerNorm line's name, "W" of the set-up) at least 3.2 % of the frame height."""
    from manim import config

    scene, _seen, _fps = frames
    glyphs = {"s = 1": scene.ref_label[-1], "0.17": scene.wobble_label[0], "LayerNorm": scene.ln_label[4],
              "W": scene.setup_pic[1][0][0]}
    for name, glyph in glyphs.items():
        assert glyph.height / config.frame_height >= 0.032, name


def test_maths_letters_are_slanted_and_possessives_are_not():
    """Labels and captions set s, x, y, W (and sWx) slanted as the picture's TeX does; the s of a possessive
    ("the signal's size", "each layer's gain") and letters inside words stay upright."""
    from scenes.decay.apparatus import MATH_STYLE

    def slanted(text):
        return [text[int(a):int(b)] for a, b in (k.strip("[]").split(":") for k in MATH_STYLE(text)["t2s"])]

    assert slanted("Each layer computes y = sWx, where s scales the weights") == ["y", "sWx", "s"]
    assert slanted("in this stack the weights' scale no longer sets the signal's size.") == []
    assert slanted("Each layer's gain has mean square 1") == []
    assert slanted("with LayerNorm, any s") == ["s"] and slanted("s = 1") == ["s"]


def test_the_sigma_reading_ends_where_s_is_not_1(frames):
    """The LayerNorm section leaves s at s_max (2.0), where σ₃₀ and σ₃₀ / s differ (1.921 and 0.961): "At s = 2.0,
    σ is 1.921 and σ/s is 0.961, the same as at s = 1" is up while both read-outs show those values, from the
    engine's divisor (engine.signal.signal_ln_divisor); at s = 1 the two would read the same and prove nothing."""
    from engine.signal import signal_ln_divisor
    from look import fmt_num

    scene, seen, fps = frames
    d = scene.data
    at_two, at_one = (float(signal_ln_divisor(s, d.x0, d.weights, eps=d.eps)[-1]) for s in (2.0, 1.0))
    assert (fmt_num(at_two, 3), fmt_num(at_two / 2, 3), fmt_num(at_one, 3)) == ("1.921", "0.961", "0.961")
    cue = next(c for c in scene.cues_log if " ".join(c["text"].split()).startswith("At s = 2.0, σ is 1.921"))
    assert "σ/s is 0.961, the same as at s = 1" in " ".join(cue["text"].split())
    rows = [row for k, (_parts, row) in enumerate(seen) if cue["start_s"] <= k / fps < cue["end_s"]]
    assert rows and all(r["s"] == 2.0 and r.get("ln_divisor_L_shown") == "1.921"
                        and r.get("ln_divisor_over_s_shown") == "0.961" for r in rows)
    # the σ rows sit clear of the "no LayerNorm" legend below them
    assert scene.ln_sigma.get_bottom()[1] - scene.legend[0].get_top()[1] > 0.25


def test_the_axis_reads_in_rms_units(frames):
    """"Folds down to 1", "ends near 0.50": the decades are labelled as RMS values (0.01 … 10 on the zoomed axis,
    10⁻¹⁰ … 10¹⁰ on the full one), under the title "RMS (log scale)", each label at its decade's height."""
    scene, _seen, _fps = frames

    def read(grid):
        return ["".join(m.text for m in label) for label in grid[1]]

    assert scene.zoom == (-2.0, 1.0, 1) and read(scene.grid_zoom) == ["0.01", "0.1", "1", "10"]
    lo, hi, step = scene.full
    assert read(scene.grid_full) == [f"10{e}".replace("-", "−") if e not in (0,) else "1"
                                     for e in range(int(lo), int(hi) + 1, step)]
    assert scene.frame_lines[1].text.replace(" ", "") == "RMS(logscale)"
    one = read(scene.grid_full).index("1")
    assert scene.grid_full[1][one][0].get_y() == pytest.approx(scene.y_of(1.0), abs=0.05)  # "1" beside RMS = 1
    # the axis title clear of the scene title, "layer" clear of the lowest decade's label
    assert scene.title_mob.get_bottom()[1] - scene.frame_lines[1].get_top()[1] > 0.1
    word, lowest = scene.frame_lines[2][-1], scene.grid_zoom[1][0]
    assert word.get_left()[0] > lowest.get_right()[0] + 1.0
    top = scene.grid_full[1][-1]  # 10 with its raised exponent, left of the axis title
    assert top.get_right()[0] < scene.frame_lines[1].get_left()[0]


def test_the_ending_says_what_this_stack_leaves_out(frames):
    """The caption before the last limits the claim: LayerNorm fixes the scale, not every problem of depth; the
    stack is linear; real deep networks also rely on residual paths and careful initialisation (LayerNorm alone
    does not make a deep net train). The last one restates the conclusion."""
    scene, _seen, _fps = frames
    caveat, last = (" ".join(c["text"].split()) for c in scene.captions_log[-2:])
    assert "not every problem of depth: this stack is linear," in caveat and "residual paths and careful initialisation" in caveat
    assert "shrinks or grows with depth" in last and "s drops out" in last and "not every problem" not in last
