"""pe_combine: three ways to put the position into a token's vector, and what each costs
(seed 001, "three ways to combine"; seed 002 §02 图 3).

The figure: a small example (by default 8 content numbers, a fingerprint of 8): adding keeps 8 numbers,
appending the position number makes 9, appending the fingerprint makes 16 (drawn to scale; any width from
1 to 16). The caption in the numbers file (caption()): the same for real model widths (by default d_model = 512, seed 002, and 3,584, seed
001; one to three of them): the input width, and the weights of the projection that reads it,
W_Q = d_in × d_model (W_K and W_V alike). Concatenating the fingerprint doubles both.
"""
from __future__ import annotations

from matplotlib.lines import Line2D
from matplotlib.patches import Patch, Rectangle

from figures.common import new_figure, title_margin
from look import Look, fmt_int, fmt_num

COLOUR_ROLES = ("ink", "muted", "background", "ok", "bad", "cool")  # the look.palette.ROLES it draws
MEANINGS = ("content", "counting_position", "position_encoding")  # look.palette.MEANINGS it draws

STRINGS = {
    "en": {
        "title": "Adding keeps the width at {d}; appending the fingerprint doubles it to {w}",
        "demo": "Three ways to give a token its position; E and PE hold d = {d} numbers each (to scale)",
        "add": "① add",
        "concat_seat": "② append the position number",
        "concat_fingerprint": "③ append the fingerprint",
        "f_add": "x = E + PE",
        "f_concat_seat": "x = [E; p]",
        "f_concat_fingerprint": "x = [E; PE]",
        "width": "width {w}",
        "content": "content (E)",
        "position_seat": "position number p",
        "position_fingerprint": "fingerprint PE",
        "both": "content + fingerprint in one number",
        "cap_demo": ("The figure: a content vector E of {d} numbers and a sinusoidal fingerprint PE of {d} "
                     "numbers, one cell per number, drawn to scale; the fingerprint's cells are dotted, the position number's ringed. Adding keeps "
                     "{d} numbers, appending the position number p makes {d} + 1, appending the fingerprint "
                     "makes {w}."),
        "table_title": "In real models: input width d_in and the projection that reads it",
        "col_add": "add",
        "col_concat_seat": "append position no.",
        "col_concat_fingerprint": "append fingerprint",
        "model": "d_model = {d}",
        "model_001": "d_model = {d}: the width the lesson gives for a real model's token vectors (it names no single model)",
        "model_002": "d_model = {d}: the lesson's worked example width",
        "times": "×{r}",
        "c_width": "input width d_in",
        "c_wq": "W_Q: d_in × d_model",
        "c_qkv": "W_Q + W_K + W_V",
        "note": "A projection from d_in to d_model holds d_in × d_model weights (no bias) and costs as many "
                "multiply-adds per token. Adding keeps [T,\u00a0d_model], so every later layer keeps its shape; "
                "concatenating the fingerprint widens the input to 2 × d_model.",
    },
    "zh-Hant": {
        "title": "相加時寬度仍是 {d}；拼接指紋時寬度加倍成 {w}",
        "demo": "把位置交給 token 的三種做法；內容 E 與指紋 PE 各有 d = {d} 個數（按比例畫）",
        "add": "① 逐位相加",
        "concat_seat": "② 拼接位置編號",
        "concat_fingerprint": "③ 拼接整張指紋",
        "f_add": "x = E + PE",
        "f_concat_seat": "x = [E; p]",
        "f_concat_fingerprint": "x = [E; PE]",
        "width": "寬度 {w}",
        "content": "內容（E）",
        "position_seat": "位置編號 p",
        "position_fingerprint": "指紋 PE",
        "both": "同一個數裡既有內容也有指紋",
        "cap_demo": "圖中：內容向量 E 有 {d} 個數，正弦指紋 PE 有 {d} 個數，每格一個數，按比例畫；指紋的格子畫上圓點，位置編號的格子畫上小圓圈。"
                    "相加仍是 {d} 個數，拼接位置編號 p 變成 {d} + 1 個，拼接指紋變成 {w} 個。",
        "table_title": "真實模型：輸入寬度 d_in，以及讀它的投影矩陣",
        "col_add": "相加",
        "col_concat_seat": "拼接位置編號",
        "col_concat_fingerprint": "拼接指紋",
        "model": "d_model = {d}",
        "model_001": "d_model = {d}：課文給真實模型 token 向量的寬度（沒有指明是哪一個模型）",
        "model_002": "d_model = {d}：課文算例用的寬度",
        "times": "×{r}",
        "c_width": "輸入寬度 d_in",
        "c_wq": "W_Q：d_in × d_model",
        "c_qkv": "W_Q + W_K + W_V",
        "note": "從 d_in 投影到 d_model 的矩陣有 d_in × d_model 個權重（不含偏置），每個 token 也要做同樣多次乘加。"
                "相加後仍是 [T,\u00a0d_model]，後面每一層的形狀都不用改；拼接指紋則把輸入撐寬到 2 × d_model。",
    },
    "zh-Hans": {
        "title": "相加时宽度仍是 {d}；拼接指纹时宽度加倍成 {w}",
        "demo": "把位置交给 token 的三种做法；内容 E 与指纹 PE 各有 d = {d} 个数（按比例画）",
        "add": "① 逐位相加",
        "concat_seat": "② 拼接位置编号",
        "concat_fingerprint": "③ 拼接整张指纹",
        "f_add": "x = E + PE",
        "f_concat_seat": "x = [E; p]",
        "f_concat_fingerprint": "x = [E; PE]",
        "width": "宽度 {w}",
        "content": "内容（E）",
        "position_seat": "位置编号 p",
        "position_fingerprint": "指纹 PE",
        "both": "同一个数里既有内容也有指纹",
        "cap_demo": "图中：内容向量 E 有 {d} 个数，正弦指纹 PE 有 {d} 个数，每格一个数，按比例画；指纹的格子画上圆点，位置编号的格子画上小圆圈。"
                    "相加仍是 {d} 个数，拼接位置编号 p 变成 {d} + 1 个，拼接指纹变成 {w} 个。",
        "table_title": "真实模型：输入宽度 d_in，以及读它的投影矩阵",
        "col_add": "相加",
        "col_concat_seat": "拼接位置编号",
        "col_concat_fingerprint": "拼接指纹",
        "model": "d_model = {d}",
        "model_001": "d_model = {d}：课文给真实模型 token 向量的宽度（没有指明是哪一个模型）",
        "model_002": "d_model = {d}：课文算例用的宽度",
        "times": "×{r}",
        "c_width": "输入宽度 d_in",
        "c_wq": "W_Q：d_in × d_model",
        "c_qkv": "W_Q + W_K + W_V",
        "note": "从 d_in 投影到 d_model 的矩阵有 d_in × d_model 个权重（不含偏置），每个 token 也要做同样多次乘加。"
                "相加后仍是 [T,\u00a0d_model]，后面每一层的形状都不用改；拼接指纹则把输入撑宽到 2 × d_model。",
    },
}

DECIMALS = {"width_ratio": 0}  # drawn as "×2"



def content_style(look: Look) -> dict:
    """A content number: a plain cell in the second colour."""
    return {"facecolor": look.palette.cool, "edgecolor": "none"}


def position_style(look: Look, kind: str = "fingerprint") -> dict:
    """A position cell, patterned in the paper colour so that it stays apart from a content cell in greyscale
    (dots and rings, not stripes: stripes mean "below zero" in pe_table, pe_waves_vector and permutation_fig).
    The set's colour for what it is: the sinusoidal fingerprint PE in `ok` with dots (as in pe_waves,
    pe_dot_distance, seq_number_*, attention_cost), the appended position number p in `bad` with small rings
    (the counting position Pₚ of seq_number_* and naive_position_fig), so that pattern, not only lightness,
    tells the two apart in print."""
    if kind == "fingerprint":
        return {"facecolor": look.palette.ok, "edgecolor": look.palette.background, "hatch": "..",
                "hatch_linewidth": 1.2, "linewidth": 0}  # coarse dots: they survive print
    return {"facecolor": look.palette.bad, "edgecolor": look.palette.background, "hatch": "oo",
            "hatch_linewidth": 1.0, "linewidth": 0}  # small rings: not the fingerprint's dots


def both_style(look: Look) -> dict:
    """A number that is a sum E + PE: the whole cell in the content colour (no pattern of its own); the
    fingerprint is drawn over it by both_dot_style, so every number reads as holding both (not half and
    half)."""
    return {"facecolor": look.palette.cool, "edgecolor": "none", "linewidth": 0}


def both_dot_style(look: Look) -> dict:
    """The fingerprint's mark inside a sum cell: a dot in the fingerprint's colour with a thick ring in the
    paper colour. The blue and the teal have nearly one lightness, so plain teal dots vanish in greyscale;
    the paper ring keeps every dot visible there, and dots (not rings or stripes) still say "fingerprint"."""
    return {"marker": "o", "markersize": 6.0, "markerfacecolor": look.palette.ok,
            "markeredgecolor": look.palette.background, "markeredgewidth": 1.2, "linestyle": "none"}


BOTH_DOTS = ((0.3, 0.14), (0.7, 0.31), (0.3, 0.48))  # where a sum cell's dots sit: (x, y) in cell widths


def draw_both_cell(ax, x: float, y: float, cell: float, height: float, look: Look) -> None:
    """One sum cell at (x, y): the content colour, then the fingerprint's ringed dots over it."""
    ax.add_patch(Rectangle((x, y), cell, height, **both_style(look)))
    ax.plot([x + dx * cell for dx, _ in BOTH_DOTS], [y + dy for _, dy in BOTH_DOTS], **both_dot_style(look))


DEMO_MIN_CELLS = 16  # the demo's scale: 2d cells, but never wider than 16 cells' worth of room


def draw_demo(ax, data, look: Look, row: int = 0) -> None:
    """The three results for the demo width, one cell per number, to scale."""
    pal = look.palette
    d = data.d_models[row]
    room = max(2 * d, DEMO_MIN_CELLS)  # cells' room; labels and legend scale with it
    u = room / DEMO_MIN_CELLS  # one unit of the 16-cell layout
    cell = 1.0
    x0 = 0.0
    ys = (2.0, 1.0, 0.0)
    for y, way, w, pw in zip(ys, data.ways, data.widths[row], data.position_widths[row]):
        for j in range(int(w)):
            x = x0 + j * cell
            if way == "add":  # every number holds both: the whole cell content, the position's dots over it
                draw_both_cell(ax, x, y, cell, 0.62, look)
            else:
                style = content_style(look) if j < d else position_style(look, way.removeprefix("concat_"))
                ax.add_patch(Rectangle((x, y), cell, 0.62, **style))
            ax.add_patch(Rectangle((x, y), cell, 0.62, fill=False, edgecolor=pal.background,
                                   linewidth=1.2 if room <= 24 else 0.8))
        if way == "concat_seat":
            ax.text(x0 + (w - 0.5) * cell, y + 0.31, "p", ha="center", va="center", fontsize=9 if room <= 24 else 7,
                    color=pal.ink, fontstyle="italic",  # on a solid paper-coloured patch over the dots
                    bbox={"facecolor": pal.background, "edgecolor": "none", "boxstyle": "round,pad=0.25"})
        ax.text(x0 - 0.4 * u, y + 0.44, look.t(STRINGS, way), ha="right", va="center", fontsize=10)
        ax.text(x0 - 0.4 * u, y + 0.17, look.t(STRINGS, f"f_{way}"), ha="right", va="center", fontsize=9.5,
                color=pal.muted)
        ax.text(x0 + w * cell + 0.4 * u, y + 0.31, look.t(STRINGS, "width", w=fmt_int(int(w))), ha="left",
                va="center", fontsize=10, color=pal.ink,
                fontweight="bold" if w == 2 * d else "normal")
    # the key: one row under the ways, each swatch with its name (matplotlib's legend lays them out)
    items = ((content_style(look), "content"), (position_style(look, "seat"), "position_seat"),
             (position_style(look, "fingerprint"), "position_fingerprint"))
    handles = [Patch(label=look.t(STRINGS, key), **style) for style, key in items]
    handles.append((Patch(**both_style(look)), Line2D([], [], **both_dot_style(look))))  # the sum: cell + dot
    labels = [h.get_label() for h in handles[:-1]] + [look.t(STRINGS, "both")]
    ax.legend(handles=handles, labels=labels, loc="upper center", bbox_to_anchor=(0.5, 0.0), ncol=len(handles), frameon=False,
              fontsize=8.5, labelcolor=pal.muted, handlelength=1.8, handleheight=2.2, columnspacing=1.6,
              handletextpad=0.5, borderaxespad=0.0)
    ax.set_xlim(-9.5 * u, room + 4.0 * u)
    ax.set_ylim(-0.1, 2.9)
    ax.axis("off")
    ax.set_title(look.t(STRINGS, "title", d=fmt_int(int(data.widths[row][0])), w=fmt_int(int(data.widths[row][2]))),
                 loc="left", fontsize=12, pad=20)
    ax.text(0.0, 1.02, look.t(STRINGS, "demo", d=d), transform=ax.transAxes, ha="left", va="bottom", fontsize=10,
            color=pal.muted)


def caption(data, look: Look) -> str:
    """The real model widths as text for the numbers file (the figure draws only the small example):
    per width, the input width and the projection weights of each way, then the note on cost."""
    en = look.lang == "en"
    sep, colon, lp, rp = (" | ", ": ", " (", ")") if en else ("｜", "：", "（", "）")
    cols = sep.join(look.t(STRINGS, f"col_{way}") for way in data.ways)
    lines = [look.t(STRINGS, "cap_demo", d=data.d_models[0], w=fmt_int(int(data.widths[0][2]))),
             f"{look.t(STRINGS, 'table_title')}{lp}{cols}{rp}"]
    for r in range(1, len(data.d_models)):
        named = {"001": "model_001", "002 §02": "model_002"}.get(data.sources[r], "model")  # where the width comes from
        lines.append(look.t(STRINGS, named, d=fmt_int(data.d_models[r])))
        for key, values in (("c_width", data.widths[r]), ("c_wq", data.wq_params[r]), ("c_qkv", data.qkv_params[r])):
            cells = [fmt_int(int(v)) for v in values]
            cells[2] += f"{lp}{look.t(STRINGS, 'times', r=fmt_num(data.width_ratio[r][2], 0))}{rp}"
            lines.append(f"  {look.t(STRINGS, key)}{colon}{sep.join(cells)}")
    return "\n".join(lines + [look.t(STRINGS, "note")])


def make(data, look: Look):
    fig, ax = new_figure(7.2, 3.9)
    draw_demo(ax, data, look)
    title_margin(fig)  # the title starts 5.2 pt in, in Chinese as in English
    return fig
