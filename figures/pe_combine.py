"""pe_combine: three ways to put the position into a token's vector, and what each costs
(seed 001, "three ways to combine"; seed 002 §02 图 3).

The figure: a small example (by default 8 content numbers, a fingerprint of 8): adding keeps 8 numbers,
appending the seat number makes 9, appending the fingerprint makes 16 (drawn to scale; any width from
1 to 16). The caption in the numbers file (caption()): the same for real model widths (by default d_model = 512, seed 002, and 3,584, seed
001; one to three of them): the input width, and the weights of the projection that reads it,
W_Q = d_in × d_model (W_K and W_V alike). Concatenating the fingerprint doubles both.
"""
from __future__ import annotations

from matplotlib.patches import Polygon, Rectangle

from figures.common import new_figure
from look import Look, fmt_int, fmt_num

STRINGS = {
    "en": {
        "title": "Add or concatenate? Three ways to give a token its position",
        "demo": "A small example: content vector E of {d} numbers, fingerprint PE of {d} numbers (drawn to scale)",
        "add": "① add",
        "concat_seat": "② append the seat number",
        "concat_fingerprint": "③ append the fingerprint",
        "f_add": r"$x = E + PE$",
        "f_concat_seat": r"$x = [\,E\ ;\ p\,]$",
        "f_concat_fingerprint": r"$x = [\,E\ ;\ PE\,]$",
        "width": "width {w}",
        "content": "content (E)",
        "position": "position (p or PE)",
        "both": "content + position in the same number",
        "table_title": "In real models: input width d_in and the projection that reads it",
        "col_add": "add",
        "col_concat_seat": "append seat no.",
        "col_concat_fingerprint": "append fingerprint",
        "model": "d_model = {d}",
        "times": "×{r}",
        "c_width": "input width d_in",
        "c_wq": "W_Q: d_in × d_model",
        "c_qkv": "W_Q + W_K + W_V",
        "note": "A projection from d_in to d_model holds d_in × d_model weights (no bias) and costs as many "
                "multiply-adds per token. Adding keeps [T,\u00a0d_model], so every later layer keeps its shape; "
                "concatenating the fingerprint widens the input to 2 × d_model.",
    },
    "zh-Hant": {
        "title": "相加還是拼接？把位置交給 token 的三種做法",
        "demo": "小例子：內容向量 E 有 {d} 個數，指紋 PE 有 {d} 個數（按比例畫）",
        "add": "① 逐位相加",
        "concat_seat": "② 拼接座位號",
        "concat_fingerprint": "③ 拼接整張指紋",
        "f_add": r"$x = E + PE$",
        "f_concat_seat": r"$x = [\,E\ ;\ p\,]$",
        "f_concat_fingerprint": r"$x = [\,E\ ;\ PE\,]$",
        "width": "寬度 {w}",
        "content": "內容（E）",
        "position": "位置（p 或 PE）",
        "both": "同一個數裡既有內容也有位置",
        "table_title": "真實模型：輸入寬度 d_in，以及讀它的投影矩陣",
        "col_add": "相加",
        "col_concat_seat": "拼接座位號",
        "col_concat_fingerprint": "拼接指紋",
        "model": "d_model = {d}",
        "times": "×{r}",
        "c_width": "輸入寬度 d_in",
        "c_wq": "W_Q：d_in × d_model",
        "c_qkv": "W_Q + W_K + W_V",
        "note": "從 d_in 投影到 d_model 的矩陣有 d_in × d_model 個權重（不含偏置），每個 token 也要做同樣多次乘加。"
                "相加後仍是 [T,\u00a0d_model]，後面每一層的形狀都不用改；拼接指紋則把輸入撐寬到 2 × d_model。",
    },
    "zh-Hans": {
        "title": "相加还是拼接？把位置交给 token 的三种做法",
        "demo": "小例子：内容向量 E 有 {d} 个数，指纹 PE 有 {d} 个数（按比例画）",
        "add": "① 逐位相加",
        "concat_seat": "② 拼接座位号",
        "concat_fingerprint": "③ 拼接整张指纹",
        "f_add": r"$x = E + PE$",
        "f_concat_seat": r"$x = [\,E\ ;\ p\,]$",
        "f_concat_fingerprint": r"$x = [\,E\ ;\ PE\,]$",
        "width": "宽度 {w}",
        "content": "内容（E）",
        "position": "位置（p 或 PE）",
        "both": "同一个数里既有内容也有位置",
        "table_title": "真实模型：输入宽度 d_in，以及读它的投影矩阵",
        "col_add": "相加",
        "col_concat_seat": "拼接座位号",
        "col_concat_fingerprint": "拼接指纹",
        "model": "d_model = {d}",
        "times": "×{r}",
        "c_width": "输入宽度 d_in",
        "c_wq": "W_Q：d_in × d_model",
        "c_qkv": "W_Q + W_K + W_V",
        "note": "从 d_in 投影到 d_model 的矩阵有 d_in × d_model 个权重（不含偏置），每个 token 也要做同样多次乘加。"
                "相加后仍是 [T,\u00a0d_model]，后面每一层的形状都不用改；拼接指纹则把输入撑宽到 2 × d_model。",
    },
}

DECIMALS = {"width_ratio": 0}  # drawn as "×2"



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
            if way == "add":  # every number holds both: split each cell diagonally
                ax.add_patch(Polygon([(x, y), (x + cell, y), (x, y + 0.62)], closed=True,
                                     facecolor=pal.cool, edgecolor="none"))
                ax.add_patch(Polygon([(x + cell, y), (x + cell, y + 0.62), (x, y + 0.62)], closed=True,
                                     facecolor=pal.accent, edgecolor="none"))
            else:
                color = pal.cool if j < d else pal.accent
                ax.add_patch(Rectangle((x, y), cell, 0.62, facecolor=color, edgecolor="none"))
            ax.add_patch(Rectangle((x, y), cell, 0.62, fill=False, edgecolor=pal.background,
                                   linewidth=1.2 if room <= 24 else 0.8))
        if way == "concat_seat":
            ax.text(x0 + (w - 0.5) * cell, y + 0.31, "p", ha="center", va="center", fontsize=9 if room <= 24 else 7,
                    color=pal.background, fontstyle="italic")
        ax.text(x0 - 0.4 * u, y + 0.47, look.t(STRINGS, way), ha="right", va="center", fontsize=10)
        ax.text(x0 - 0.4 * u, y + 0.05, look.t(STRINGS, f"f_{way}"), ha="right", va="center", fontsize=9.5,
                color=pal.muted)
        ax.text(x0 + w * cell + 0.4 * u, y + 0.31, look.t(STRINGS, "width", w=fmt_int(int(w))), ha="left",
                va="center", fontsize=10, color=pal.bad if w == 2 * d else pal.ink,
                fontweight="bold" if w == 2 * d else "normal")
    # legend swatches
    ly = -0.75
    items = ((pal.cool, "content"), (pal.accent, "position"))
    x = x0
    for color, key in items:
        ax.add_patch(Rectangle((x, ly), 0.6 * u, 0.4, facecolor=color, edgecolor="none"))
        ax.text(x + 0.8 * u, ly + 0.2, look.t(STRINGS, key), va="center", fontsize=8.5, color=pal.muted)
        x += 6.0 * u
    ax.add_patch(Polygon([(x, ly), (x + 0.6 * u, ly), (x, ly + 0.4)], closed=True, facecolor=pal.cool))
    ax.add_patch(Polygon([(x + 0.6 * u, ly), (x + 0.6 * u, ly + 0.4), (x, ly + 0.4)], closed=True,
                         facecolor=pal.accent))
    ax.text(x + 0.8 * u, ly + 0.2, look.t(STRINGS, "both"), va="center", fontsize=8.5, color=pal.muted)
    ax.set_xlim(-9.5 * u, room + 4.0 * u)
    ax.set_ylim(-0.95, 2.9)
    ax.axis("off")
    ax.set_title(look.t(STRINGS, "demo", d=d), loc="left", fontsize=10, color=pal.muted)


def caption(data, look: Look) -> str:
    """The real model widths as text for the numbers file (the figure draws only the small example):
    per width, the input width and the projection weights of each way, then the note on cost."""
    en = look.lang == "en"
    sep, colon, lp, rp = (" | ", ": ", " (", ")") if en else ("｜", "：", "（", "）")
    cols = sep.join(look.t(STRINGS, f"col_{way}") for way in data.ways)
    lines = [f"{look.t(STRINGS, 'table_title')}{lp}{cols}{rp}"]
    for r in range(1, len(data.d_models)):
        lines.append(look.t(STRINGS, "model", d=fmt_int(data.d_models[r])))
        for key, values in (("c_width", data.widths[r]), ("c_wq", data.wq_params[r]), ("c_qkv", data.qkv_params[r])):
            cells = [fmt_int(int(v)) for v in values]
            cells[2] += f"{lp}{look.t(STRINGS, 'times', r=fmt_num(data.width_ratio[r][2], 0))}{rp}"
            lines.append(f"  {look.t(STRINGS, key)}{colon}{sep.join(cells)}")
    return "\n".join(lines + [look.t(STRINGS, "note")])


def make(data, look: Look):
    fig, ax = new_figure(7.2, 3.9)
    draw_demo(ax, data, look)
    fig.suptitle(look.t(STRINGS, "title"), x=0.01, ha="left", fontsize=12)
    return fig
