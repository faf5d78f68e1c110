"""Text extents at the resolutions a figure is saved at (the figure gate's "outside" and "overlap" rules).

Hinted glyph widths change with the resolution: a heading that fits at the figure's own 100 dpi can run
past the edge in the 200 dpi PNG or the 72 dpi SVG (studio.build.savefig).
"""
from __future__ import annotations

# the resolutions a text is measured at: the SVG's 72 and the PNG's 200 dpi (studio.build.savefig), whose
# hinted glyph widths differ by 1-2 % from those at the figure's own 100 dpi: a heading that fits at one
# can leave the figure at another
MEASURE_DPIS = (72, 200)


def widest_at_saved_dpis(fig, out):
    """Each box grown, about its text's alignment, by how much wider or taller the text's layout is at
    MEASURE_DPIS than at the figure's dpi (hinted glyph widths change with the resolution). The layout
    is not redrawn: only each text's own extent is measured again."""
    dpi = fig.dpi
    own = fig.canvas.get_renderer()
    grown = []
    for d in MEASURE_DPIS:
        if d == dpi:
            continue
        fig.dpi = d
        try:
            renderer = fig.canvas.get_renderer()
            grown.append({id(t): _layout_size(t, renderer, d) for t, _, _ in out})
        finally:
            fig.dpi = dpi
    fig.canvas.get_renderer()
    result = []
    for t, (x0, y0, x1, y1), tick in out:
        w0, h0 = _layout_size(t, own, dpi)
        dw = max([0.0] + [g[id(t)][0] - w0 for g in grown])
        dh = max([0.0] + [g[id(t)][1] - h0 for g in grown])
        if round(t.get_rotation()) % 180 == 90:
            dw, dh = dh, dw
        ha = t.get_horizontalalignment()
        x0, x1 = x0 - dw * {"left": 0, "center": 0.5, "right": 1}.get(ha, 0.5), x1 + dw * {"left": 1, "center": 0.5, "right": 0}.get(ha, 0.5)
        y0, y1 = y0 - dh / 2, y1 + dh / 2
        result.append((t, (x0, y0, x1, y1), tick))
    return result


def _layout_size(t, renderer, dpi) -> tuple[float, float]:
    """(width, height) in points of the text's unrotated lines at the renderer's resolution."""
    bbox, _, _ = t._get_layout(renderer)
    return bbox.width * 72 / dpi, bbox.height * 72 / dpi
    return out
