"""pe_waves_vector: PE(p) and PE(p + 1) as boxes, a figure of pe_waves's record (seed 002 §04, 图 5;
engine.pe_waves.wave_samples).

Two neighbouring positions, one row each, on the fixed ±1 scale: the fast pairs (left) take other values
at the next position, the slow pairs (right) barely move, so "the fast pairs differ" shows in the image.
The second position is the record's next whole position (the one before, when the marked position is the
last); its values are the record's `values` row, as every number drawn. Each wrapped block of up to 8
dimensions has its dimension and function labels above and its pair brackets below; sin and cos are told
apart by the label's text alone (both ink). A negative box prints its own − sign, so its colour bar carries no minus bars
(those key pe_table's unnumbered cells, figures.parts_minus).
"""
from __future__ import annotations

from matplotlib.patches import Rectangle

from figures.common import diverging_cmap, ink_on, new_figure, title_margin
from figures.pe_waves import CELLS_PER_ROW, DECIMALS as WAVE_DECIMALS, STRINGS as WAVE_STRINGS, _caption_fields, _den
from look import Look, fmt_num
from look.formats import subscript

COLOUR_ROLES = ("ink", "muted", "background", "diverging", "sequential")  # the look.palette.ROLES it draws

VECTOR_STRINGS = {
    "en": {
        "vector": "PE({pos}) and PE({nxt}), d = {d}: the {d} values at two neighbouring positions",
        "vector_point": "PE({pos}), PE({nxt}), d = {d}: fast pairs (left) change, slow ones (right) stay near sin 0, cos 1",
        "dim": "dim {j}",
        "row": "PE({p})",
        "cap_vector_point": ("Positions {pos} and {nxt} become these {d} numbers each, their fingerprints: the fast "
                             "pairs on the left change from one position to the next, the slow pairs on the right "
                             "have barely turned (sin near 0, cos near 1) and tell far positions apart. "),
        "cap_vector": ("The {d} values of PE({pos}) and PE({nxt}), sinusoidal positional encoding with d_model = {d} "
                       "and base {base}: dimension 2i holds sin(p/D_i), dimension 2i+1 holds cos(p/D_i), with "
                       "D_i = {dens}. Colour on the fixed diverging scale from −1 to +1 of the colour bar; every box "
                       "prints its value with its sign, so the sign survives greyscale print; the label "
                       "above each column names its function, sin or cos, as the waves of the same record (pe_waves)."),
        "cbar": "value",
    },
    "zh-Hant": {
        "vector": "PE({pos}) 與 PE({nxt})：相鄰兩個位置各 {d} 個值",
        "vector_point": "PE({pos}) 與 PE({nxt})，d = {d}：快的組（左）變了，慢的組（右）仍接近 sin 0、cos 1",
        "dim": "第 {j} 維",
        "row": "PE({p})",
        "cap_vector_point": ("位置 {pos} 與 {nxt} 各變成這 {d} 個數，也就是它們的指紋：左邊快的組從一個位置到下一個位置就變了，"
                             "右邊慢的組幾乎沒轉（sin 接近 0、cos 接近 1），負責分辨遠處的位置。"),
        "cap_vector": ("PE({pos}) 與 PE({nxt}) 的 {d} 個值，正弦位置編碼，d_model = {d}，底數 {base}：第 2i 維是 sin(p/D_i)，"
                       "第 2i+1 維是 cos(p/D_i)，D_i = {dens}。顏色在固定的色階上，從 −1 到 +1，如色條所示；每個格子印出帶正負號的值，"
                       "所以黑白列印也看得出正負；每一欄上方寫著它是 sin 還是 cos，與同一份資料的 sin、cos 波（pe_waves）一致。"),
        "cbar": "值",
    },
    "zh-Hans": {
        "vector": "PE({pos}) 与 PE({nxt})：相邻两个位置各 {d} 个值",
        "vector_point": "PE({pos}) 与 PE({nxt})，d = {d}：快的组（左）变了，慢的组（右）仍接近 sin 0、cos 1",
        "dim": "第 {j} 维",
        "row": "PE({p})",
        "cap_vector_point": ("位置 {pos} 与 {nxt} 各变成这 {d} 个数，也就是它们的指纹：左边快的组从一个位置到下一个位置就变了，"
                             "右边慢的组几乎没转（sin 接近 0、cos 接近 1），负责分辨远处的位置。"),
        "cap_vector": ("PE({pos}) 与 PE({nxt}) 的 {d} 个值，正弦位置编码，d_model = {d}，底数 {base}：第 2i 维是 sin(p/D_i)，"
                       "第 2i+1 维是 cos(p/D_i)，D_i = {dens}。颜色在固定的色阶上，从 −1 到 +1，如色条所示；每个格子印出带正负号的值，"
                       "所以黑白打印也看得出正负；每一栏上方写着它是 sin 还是 cos，与同一份数据的 sin、cos 波（pe_waves）一致。"),
        "cbar": "值",
    },
}
STRINGS = {lang: {**WAVE_STRINGS[lang], **VECTOR_STRINGS[lang]} for lang in WAVE_STRINGS}

CELL_GAP = 1.1  # one vector row under the other
HEAD = 0.72  # the dimension and function labels above a block
CELL_PT = 9  # a box's value: "−0.99" keeps room on either side
DECIMALS = {**WAVE_DECIMALS, "values": 2}  # a box's value to 2 decimals, enough to read a fast pair's change and a
# slow pair's stay near 0 and 1 (0.03, 1.00); the caption and pe_waves keep theirs
FOOT = 0.62  # the pair brackets and names below a block
LABEL_SCRIPT_PT = 10  # a column label with a subscript (D₀): the script prints at 7 pt, the smallest allowed


def neighbour(data) -> int:
    """The second position drawn: the next whole position, or the one before when the marked one is last."""
    pos = data.position
    return pos + 1 if pos + 1 < len(data.positions) else pos - 1


def _rows(data) -> list:
    """(position, its d values) for the two rows, in position order, from the record's whole positions."""
    ps = sorted((data.position, neighbour(data)))
    return [(p, data.values[p]) for p in ps]


def slow_still(data) -> bool:
    """Whether the slowest pair has barely turned at both positions shown (sin near 0, cos near 1): the
    point the title and caption make, said only where the numbers make it."""
    return data.d_model >= 4 and all(abs(float(v[-2])) < 0.05 and float(v[-1]) > 0.99 for _, v in _rows(data))


def _block_height(n_vectors: int) -> float:
    return HEAD + CELL_GAP * n_vectors + FOOT


def draw_vector(ax, data, look: Look) -> None:
    """图 5 at two neighbouring positions: each row the d values of one PE(p) as coloured cells, wrapped
    into blocks of up to 8 cells."""
    pal = look.palette
    cmap = diverging_cmap(look)
    d = data.d_model
    rows = _rows(data)
    per_row = min(d, CELLS_PER_ROW)
    n_blocks = -(-d // per_row)
    block = _block_height(len(rows))
    den = [_den(data, i) for i in range(d // 2)]
    head_size = 8
    if max(len(t) for t in den) > 5:  # too long for a column label: D_i (the caption gives the values)
        den = ["D" + subscript(i) for i in range(d // 2)]
        head_size = LABEL_SCRIPT_PT  # its subscript, drawn at 0.7 of the label's size, stays readable
    for j in range(d):
        x, top = j % per_row, -block * (j // per_row)
        fn = "sin" if j % 2 == 0 else "cos"
        label = f"{fn}(p/{den[j // 2]})"
        ax.text(x + 0.47, top + 0.08, look.t(STRINGS, "dim", j=j) + "\n" + (label if len(label) <= 11 else fn),
                ha="center", va="bottom", fontsize=head_size, color=pal.ink, linespacing=1.25)
        for r, (p, vec) in enumerate(rows):
            y = top - CELL_GAP * r - 1.0
            v = float(vec[j])
            color = cmap((v + 1.0) / 2.0)
            ax.add_patch(Rectangle((x, y), 0.94, 1.0, facecolor=color, edgecolor=pal.muted, linewidth=0.8))
            ax.text(x + 0.47, y + 0.5, fmt_num(v, DECIMALS["values"]), ha="center", va="center", fontsize=CELL_PT,
                    color=ink_on(color, look), zorder=3)  # a negative value's own − is its mark
    for w in range(n_blocks):  # each block's rows named on the left
        for r, (p, _) in enumerate(rows):
            ax.text(-0.12, -block * w - CELL_GAP * r - 0.5, look.t(STRINGS, "row", p=p), ha="right", va="center",
                    fontsize=10, color=pal.ink)
    bottom = CELL_GAP * len(rows) - 0.1  # the last row's lower edge, below a block's top
    for i in range(d // 2):  # bracket each pair under its block
        x, top = (2 * i) % per_row, -block * ((2 * i) // per_row)
        ax.plot([x + 0.05, x + 1.89], [top - bottom - 0.15] * 2, color=pal.muted, linewidth=2.0,
                solid_capstyle="butt")
        ax.text(x + 0.97, top - bottom - 0.25, look.t(STRINGS, "pair", i=i), ha="center", va="top", fontsize=8,
                color=pal.muted)
    ax.set_xlim(-1.15, per_row + BAR_ROOM)
    ax.set_ylim(-block * (n_blocks - 1) - bottom - FOOT + 0.1, HEAD)
    ax.axis("off")
    p, q = rows[0][0], rows[1][0]
    ax.set_title(look.t(STRINGS, "vector_point" if slow_still(data) else "vector", pos=p, nxt=q, d=d), loc="left",
                 fontsize=10.5, pad=6)


BAR_ROOM = 1.0  # data units right of the boxes for the colour bar, its ticks and its label


def scale_key(fig, ax, data, look: Look) -> None:
    """The boxes' fixed scale, −1 … +1, as a colour bar beside the first block's rows, exactly as tall as they
    are, labelled; each box prints its own sign."""
    from matplotlib.cm import ScalarMappable
    from matplotlib.colors import Normalize

    per_row = min(data.d_model, CELLS_PER_ROW)
    low = -CELL_GAP * (len(_rows(data)) - 1) - 1.0  # the lower edge of the block's last row
    cax = ax.inset_axes([per_row + 0.12, low, 0.16, -low], transform=ax.transData)
    cb = fig.colorbar(ScalarMappable(Normalize(-1, 1), diverging_cmap(look)), cax=cax, ticks=[-1, 0, 1])
    cb.outline.set_edgecolor(look.palette.muted)
    cb.ax.tick_params(labelsize=8)
    cb.set_label(look.t(STRINGS, "cbar"), fontsize=9)


def caption(data, look: Look) -> str:
    rows = _rows(data)
    fields = dict(_caption_fields(data, look), pos=rows[0][0], nxt=rows[1][0])
    point = look.t(STRINGS, "cap_vector_point", **fields) if slow_still(data) else ""
    return point + look.t(STRINGS, "cap_vector", **fields)


def make(data, look: Look):
    """pe_waves_vector: PE(p) and PE(p + 1) as coloured boxes on the fixed ±1 scale (the pairs' curves: pe_waves)."""
    n_blocks = -(-data.d_model // CELLS_PER_ROW)
    fig, ax = new_figure(7.2, 0.6 + 0.62 * _block_height(2) * n_blocks)
    draw_vector(ax, data, look)
    scale_key(fig, ax, data, look)
    title_margin(fig)  # the title starts 5.2 pt in, as every figure's
    return fig


__all__ = ["DECIMALS", "STRINGS", "caption", "make"]
