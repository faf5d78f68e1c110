"""A Cairo camera that draws runs of same-style shapes as one path.

Manim's camera sets up a Cairo path, colour and fill for every VMobject separately, which costs
~50–90 µs of Python per shape whatever its size. A caption is ~100 glyph shapes and a numbers
panel hundreds, so per-frame drawing was dominated by that overhead (rope_rotation at 720p: 164
shapes a frame, 17 ms; performance.md "Patterns for a fast scene" 4 does the same merge by hand).

`BatchingCamera` keeps Manim's order and output but draws each run of consecutive shapes that have
one plain style (fill-only in one colour, or stroke-only with one colour, width, joint and cap) as
a single path with one fill or stroke. Shapes that are fully transparent are skipped; anything
else (fill and stroke together, gradients, non-finite points) is drawn by Manim's own code.
Opaque shapes give the same pixels up to anti-aliasing where two shapes of a run touch or cross
(measured on every scene: a few hundred edge pixels at most). A translucent shape (mid-fade) joins
a run only if its bounding box overlaps none of the run's, since an overlap drawn as one shape
would be composited once instead of twice (two captions cross-fading at equal opacity).
"""
from __future__ import annotations

import numpy as np
from manim import VMobject
from manim.camera.camera import CAP_STYLE_MAP, LINE_JOIN_MAP, Camera

NPPCC = 4  # points per cubic Bézier curve
RTOL = 1.0e-5  # numpy.isclose's default, as Manim uses for "same anchor"

INVISIBLE = "invisible"


def _visible(rgbas: np.ndarray, width: float = 1.0) -> bool:
    return width > 0 and max(rgbas[:, 3].tolist(), default=0.0) > 0


def style_key(vm: VMobject):
    """What a shape must share with its neighbours to be drawn in the same path (None: alone)."""
    if len(vm.points) % NPPCC or _visible(vm.background_stroke_rgbas, vm.get_stroke_width(background=True)):
        return None
    fill_rgbas, stroke_rgbas = vm.fill_rgbas, vm.stroke_rgbas  # (k, 4) each; k > 1: a gradient
    width = vm.get_stroke_width()
    stroke = _visible(stroke_rgbas, width)
    if _visible(fill_rgbas):
        if stroke or len(fill_rgbas) != 1:
            return None
        return ("fill", tuple(fill_rgbas[0].tolist()))
    if stroke:
        if len(stroke_rgbas) != 1:
            return None
        return ("stroke", tuple(stroke_rgbas[0].tolist()), float(width), vm.joint_type, vm.cap_style)
    return INVISIBLE


def _bbox(vm: VMobject) -> tuple[float, float, float, float]:
    xy = vm.points[:, :2]  # (n, 2)
    (x0, y0), (x1, y1) = xy.min(axis=0).tolist(), xy.max(axis=0).tolist()
    return x0, y0, x1, y1


def _overlap(a, b) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _union(a, b):
    if a is None or b is None:
        return a or b
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


def subpath_ranges(points: np.ndarray, starts: list[int], atol: float) -> list[tuple[int, int]]:
    """[start, end) point ranges of the subpaths of concatenated shapes.

    Within a shape a new subpath begins where a curve's end anchor is not (numpy.isclose) the next
    curve's start anchor, as in Manim; a new shape always begins a new subpath.
    """
    n = len(points)  # points: (n, 3), n a multiple of 4
    bounds = np.arange(NPPCC, n, NPPCC)  # (curves - 1,) index of each curve's first point
    ends = points[bounds - 1, :2]  # (curves - 1, 2)
    begins = points[bounds, :2]  # (curves - 1, 2)
    split = ~np.all(np.abs(ends - begins) <= atol + RTOL * np.abs(begins), axis=1)
    split |= np.isin(bounds, starts)
    cuts = bounds[split].tolist()
    return list(zip([0, *cuts], [*cuts, n]))


class BatchingCamera(Camera):
    """Manim's Cairo camera with same-style runs drawn as one path (see the module docstring)."""

    def display_multiple_non_background_colored_vmobjects(self, vmobjects, pixel_array) -> None:
        ctx = self.get_cairo_context(pixel_array)
        run: list[VMobject] = []
        run_key = run_box = None
        for vm in vmobjects:
            key = style_key(vm)
            translucent = key not in (None, INVISIBLE) and key[1][3] < 1.0
            box = _bbox(vm) if translucent else None
            if key is not None and key == run_key and (box is None or not _overlap(box, run_box)):
                run.append(vm)
                run_box = _union(run_box, box)
                continue
            self._draw_run(ctx, run, run_key)
            run, run_key, run_box = [], None, None
            if key is None:
                self.display_vectorized(vm, ctx)
            elif key != INVISIBLE:
                run, run_key, run_box = [vm], key, box
        self._draw_run(ctx, run, run_key)

    def _draw_run(self, ctx, run: list[VMobject], key) -> None:
        if not run:
            return
        sizes = [len(vm.points) for vm in run]
        points = np.concatenate([vm.points for vm in run]) if len(run) > 1 else run[0].points  # (n, 3)
        if len(points) == 0:
            return
        if not np.all(np.isfinite(points)):
            for vm in run:
                self.display_vectorized(vm, ctx)
            return
        starts = np.cumsum([0, *sizes[:-1]]).tolist()
        xy = points[:, :2].ravel().tolist()  # [x0, y0, x1, y1, ...]
        ctx.new_path()
        move_to, curve_to, close_path, new_sub_path = ctx.move_to, ctx.curve_to, ctx.close_path, ctx.new_sub_path
        atol = run[0].tolerance_for_point_equality
        for lo, hi in subpath_ranges(points, starts, atol):
            if hi - lo < NPPCC:
                continue
            new_sub_path()
            move_to(xy[2 * lo], xy[2 * lo + 1])
            for i in range(lo + 1, hi - NPPCC + 2, NPPCC):
                b = 2 * i
                curve_to(xy[b], xy[b + 1], xy[b + 2], xy[b + 3], xy[b + 4], xy[b + 5])
            x0, y0, x1, y1 = xy[2 * lo], xy[2 * lo + 1], xy[2 * hi - 2], xy[2 * hi - 1]
            if abs(x0 - x1) <= atol + RTOL * abs(x1) and abs(y0 - y1) <= atol + RTOL * abs(y1):
                close_path()
        r, g, b_, a = key[1]
        ctx.set_source_rgba(b_, g, r, a)  # Manim's surface stores BGRA: it sets colours reversed too
        if key[0] == "fill":
            ctx.fill()
            return
        _, _, width, joint, cap = key
        ctx.set_line_width(width * self.cairo_line_width_multiple)
        ctx.set_line_join(LINE_JOIN_MAP[joint])
        ctx.set_line_cap(CAP_STYLE_MAP[cap])
        ctx.stroke()
