"""seq_number_problems: why the position cannot simply be P_p = [p, p, …, p] (seed 002 §03, 图 4).

Three problems (one figure each: this one, seq_number_dots, seq_number_ratio), each next to the sinusoidal encoding of the same width (d_model = 8):
① the values grow without bound (P_p holds p in every dimension; sin/cos stay within ±1);
② no bounded relative structure (P_p · P_(p+k) = d · p (p + k) changes with p and keeps growing,
   while PE(p) · PE(p + k) is one bounded curve for every p);
③ the position drowns the content (‖P_p‖ / ‖E‖ = p for a content vector of per-dimension RMS 1;
   the sinusoidal ratio stays at 1/√2 = 0.7071), on a log ratio axis where P_p starts at position 1 (its
   ratio 0 at position 0 has no place on it; log–log, so P_p is a line of slope 1); the one-line subtitle states the RMS
   assumption, which sets both ratios, and the 0.71× label repeats it; the derivation is caption text. Seat 12 is
   seed 001's example.
② says "gap k" as pe_distance_gap does; where every start gives one curve, the right panel draws the
curve once and the starts' markers take turns on it, a few each. The sinusoidal panel's axis fits its values and
the bound +d/2 they reach at k = 0, a dashed line named "max = d/2" (−d/2 is drawn only when the values come near
it), its key under the axes.

Any width, positions (8 to 128) and base (studio.catalogue.accepts.clock): the labels are placed relative to
the range drawn, the second panel's scale follows d/2, and the example position moves to the last one
when there are fewer than 13.

Colours: P_p is `bad` (what fails), the sinusoidal encoding `ok` (what works) in every panel, so the two differ
in hue for deuteranopes too; ① draws PE's d dimensions as the band they fill; the starts p of panel ② keep
their panel's colour and differ by marker and dash. ‖E‖ and the bound d/2 come from the record
(content_norm, dot_bound), as every other number drawn.
"""
from __future__ import annotations


import numpy as np

from matplotlib.ticker import MaxNLocator

from figures.common import new_figure, spread, titled
from figures.parts_seq_number_captions import caption_of
from figures.parts_marks import START_MARKERS
from look import Look, fmt_int, fmt_num

COLOUR_ROLES = ("ink", "muted", "background", "ok", "bad")  # the look.palette.ROLES it draws
MEANINGS = ("position_encoding", "counting_position")  # look.palette.MEANINGS it draws

STRINGS = {
    "en": {
        "title": r"Problem ① of three: the values of $P_p = [p, p, …, p]$ grow without bound",
        "p1": "sinusoidal PE of the same width stays within ±1",
        "p1_naive": r"$P_p$: every dimension holds $p$",
        "p1_sin": "sinusoidal PE: its {d} dimensions fill this band",
        "p1_end": r"$P_{{{i}}}$ = {v} in every dimension",
        "p1_bound": "max |PE| = {v}",
        "p2": "Problem ② of three, the dot product (d = {d}): counting grows with p; sin/cos keep only the gap k",
        "bound": "max = d/2 = {half}",
        "p2_naive": r"$P_p\cdot P_{p+k} = d\,p\,(p+k)$",
        "p2_sin": r"$PE(p)\cdot PE(p+k) = \Sigma_i \cos(k/D_i)$",
        "p2_naive_note": "a different line for each p, no bound",
        "p2_same": "p = {ps}: one curve",
        "p2_sin_starts": "p = {ps}: within ±{half} = ±d/2",
        "start": "p = {p}",
        "gap": "gap k",
        "dot": "dot product",
        "p3": "Problem ③ of three: the position drowns the content it is added to",
        "p3_naive": r"$P_p = [p, …, p]$",
        "p3_sin": "sinusoidal PE",
        "p3_equal": "1× = as large as the content",
        "p3_log": "content vector of RMS {rms} (assumed) · log–log axes, from position 1",
        "p3_mark": "position {i}: {naive}×",
        "p3_mark_sin": "{sin}× (at content RMS {rms})",
        "position": "position p",
        "value": "value",
        "ratio": "‖position‖ / ‖content‖",
    },
    "zh-Hant": {
        "title": r"三個問題之 ①：$P_p = [p, p, …, p]$ 的數值沒有上限",
        "p1": "同樣寬度的正弦位置編碼不超出 ±1",
        "p1_naive": r"$P_p$：每一維都是 $p$",
        "p1_sin": "正弦位置編碼：{d} 個維度都在這條帶內",
        "p1_end": r"$P_{{{i}}}$ 每一維都是 {v}",
        "p1_bound": "|PE| 最大 = {v}",
        "p2": "三個問題之 ②，點積（d = {d}）：計數式隨起點 p 增大，正弦式只看相隔 k",
        "bound": "最大 = d/2 = {half}",
        "p2_naive": r"$P_p\cdot P_{p+k} = d\,p\,(p+k)$",
        "p2_sin": r"$PE(p)\cdot PE(p+k) = \Sigma_i \cos(k/D_i)$",
        "p2_naive_note": "每個 p 一條不同的直線，沒有上限",
        "p2_same": "p = {ps}：同一條曲線",
        "p2_sin_starts": "p = {ps}：不超出 ±{half} = ±d/2",
        "start": "p = {p}",
        "gap": "相隔 k",
        "dot": "點積",
        "p3": "三個問題之 ③：位置蓋過它所加上的內容",
        "p3_naive": r"$P_p = [p, …, p]$",
        "p3_sin": "正弦位置編碼",
        "p3_equal": "1 倍 = 和內容一樣大",
        "p3_log": "假設內容向量的 RMS 為 {rms} · 雙對數刻度，從位置 1 畫起",
        "p3_mark": "位置 {i}：{naive} 倍",
        "p3_mark_sin": "{sin} 倍（內容 RMS 為 {rms} 時）",
        "position": "位置 p",
        "value": "數值",
        "ratio": "‖位置‖ / ‖內容‖",
    },
    "zh-Hans": {
        "title": r"三个问题之 ①：$P_p = [p, p, …, p]$ 的数值没有上限",
        "p1": "同样宽度的正弦位置编码不超出 ±1",
        "p1_naive": r"$P_p$：每一维都是 $p$",
        "p1_sin": "正弦位置编码：{d} 个维度都在这条带内",
        "p1_end": r"$P_{{{i}}}$ 每一维都是 {v}",
        "p1_bound": "|PE| 最大 = {v}",
        "p2": "三个问题之 ②，点积（d = {d}）：计数式随起点 p 增大，正弦式只看相隔 k",
        "bound": "最大 = d/2 = {half}",
        "p2_naive": r"$P_p\cdot P_{p+k} = d\,p\,(p+k)$",
        "p2_sin": r"$PE(p)\cdot PE(p+k) = \Sigma_i \cos(k/D_i)$",
        "p2_naive_note": "每个 p 一条不同的直线，没有上限",
        "p2_same": "p = {ps}：同一条曲线",
        "p2_sin_starts": "p = {ps}：不超出 ±{half} = ±d/2",
        "start": "p = {p}",
        "gap": "相隔 k",
        "dot": "点积",
        "p3": "三个问题之 ③：位置盖过它所加上的内容",
        "p3_naive": r"$P_p = [p, …, p]$",
        "p3_sin": "正弦位置编码",
        "p3_equal": "1 倍 = 和内容一样大",
        "p3_log": "假设内容向量的 RMS 为 {rms} · 双对数刻度，从位置 1 画起",
        "p3_mark": "位置 {i}：{naive} 倍",
        "p3_mark_sin": "{sin} 倍（内容 RMS 为 {rms} 时）",
        "position": "位置 p",
        "value": "数值",
        "ratio": "‖位置‖ / ‖内容‖",
    },
}

DECIMALS = {"sinusoidal_values": 4, "sinusoidal_max_abs": 4, "counting_norm": 4, "sinusoidal_norm": 4,
            "sinusoidal_dots": 4, "counting_dots": 0, "counting_ratio": 4, "sinusoidal_ratio": 4,
            "example_counting_ratio": 0, "example_sinusoidal_ratio": 2, "content_rms": 1, "content_norm": 4,
            "counting_value": 0}


def _num(x: float) -> str:
    """An axis tick: whole numbers without decimals, others as :g."""
    return fmt_int(int(round(x))) if abs(x - round(x)) < 1e-9 else f"{x:g}"


def _shown(data, field: str) -> str:
    """A record field as drawn, with the rounding numbers.json shows; a whole number without decimals
    (content RMS 1, max |PE| = 1)."""
    x = float(getattr(data, field))
    return fmt_int(int(x)) if x.is_integer() else fmt_num(x, DECIMALS[field])


def draw_magnitude(ax, data, look: Look) -> None:
    pal = look.palette
    # the d dimensions of PE as the band they fill: from the smallest to the largest value at each position
    # (the engine's table), one outlined shape within ±1 rather than d hairlines
    lo, hi = data.sinusoidal_values.min(axis=1), data.sinusoidal_values.max(axis=1)
    ax.fill_between(data.positions, lo, hi, facecolor=pal.ok, alpha=0.35, edgecolor="none",
                    label=look.t(STRINGS, "p1_sin", d=data.d_model))
    ax.plot(data.positions, hi, color=pal.ok, linewidth=1.0)
    ax.plot(data.positions, lo, color=pal.ok, linewidth=1.0)
    ax.plot(data.positions, data.counting_value, color=pal.bad, linewidth=2.0,
            label=look.t(STRINGS, "p1_naive"), zorder=3)
    last = int(data.positions[-1])
    ax.plot([last], [data.counting_value[-1]], "o", color=pal.bad, markersize=5)
    ax.annotate(look.t(STRINGS, "p1_end", i=last, v=fmt_num(data.counting_value[-1], DECIMALS["counting_value"])),
                xy=(last, data.counting_value[-1]), xytext=(-4, 4), textcoords="offset points",
                ha="right", va="bottom", fontsize=10, color=pal.bad)  # above the rising line, not on it
    top = data.counting_value[-1] * 1.22
    ax.annotate(look.t(STRINGS, "p1_bound", v=_shown(data, "sinusoidal_max_abs")), xy=(last, 1.0),
                xytext=(last - 1.5 * last / 63, 1 + 0.105 * top), ha="right", va="center", fontsize=9,
                color=pal.ok,
                arrowprops=dict(arrowstyle="-", color=pal.ok, linewidth=0.8))
    ax.set_xlim(0, last + 1)
    ax.set_ylim(top=data.counting_value[-1] * 1.22)  # room for the end label above the line
    ax.set_xlabel(look.t(STRINGS, "position"))
    ax.set_ylabel(look.t(STRINGS, "value"))
    ax.grid(True, axis="y")
    handles, labels = ax.get_legend_handles_labels()  # the subject, P_p, first
    ax.legend(handles[::-1], labels[::-1], loc="upper left", fontsize=10)


def subtitle(ax, text: str, pal) -> None:
    """A panel's note as one line under its title, above the plot: no curve or grid line reaches it."""
    ax.annotate(text, (0.5, 1), xycoords="axes fraction", xytext=(0, 3), textcoords="offset points", ha="center",
                va="bottom", fontsize=9, color=pal.muted)


def draw_dots(ax, data, look: Look, which: str) -> None:
    """One panel of ②: every start p drawn with the set's marker for it, named at its line's end; the
    sinusoidal starts give one curve, drawn once, their marks taking turns along k on it (pe_dot_distance's
    way), so each is seen and each lies on the curve."""
    pal = look.palette
    dots = data.counting_dots if which == "naive" else data.sinusoidal_dots
    # the panel's own code (bad = counting, ok = sinusoidal); the start p by the set's marker and dash
    colour = pal.bad if which == "naive" else pal.ok
    dashes = ("-", (0, (4, 2)), (0, (1, 1.5)), (0, (6, 2, 1, 2)))
    starts = list(enumerate(data.dot_starts))
    same = which != "naive" and len(starts) > 1 and np.allclose(dots, dots[0], rtol=0, atol=1e-9)
    idx = np.arange(len(data.gaps))
    if same:  # one curve, Σ cos(k/Dᵢ) between whole k too: drawn once, the starts' marks taking turns on it
        ax.plot(data.fine_gaps, data.fine_sinusoidal_dot, color=colour, linewidth=1.0, zorder=2)
    for r, p in starts:  # every start with the set's marker (figures.parts_marks.START_MARKERS)
        marker, size, face = START_MARKERS[r % len(START_MARKERS)]
        turn = (idx % (2 * len(starts)) == 2 * r) if same else \
            (idx % 3 == r % 3 if which == "naive" else idx >= 0)
        ax.plot(data.gaps, dots[r], color=colour, linestyle="none" if same else dashes[r % len(dashes)],
                linewidth=1.5 if which == "naive" else 0.9, marker=marker, markevery=list(np.nonzero(turn)[0]),
                markersize=size - 1, zorder=3 + r, markerfacecolor=face or colour, markeredgewidth=1.1,
                label=look.t(STRINGS, "start", p=p))
    if which != "naive":  # the starts named in the key, under the axes: the panel stays the data's
        handles, labels = ax.get_legend_handles_labels()
        ax.legend(handles, labels, loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=len(handles), fontsize=9,
                  frameon=False, handletextpad=0.3, handlelength=1.2, columnspacing=1.0, borderaxespad=0.0)
    ax.set_xlabel(look.t(STRINGS, "gap"))
    ax.grid(True, axis="y")
    ax.set_xticks([t for t in MaxNLocator(5, integer=True).tick_values(0, data.gaps[-1]) if 0 <= t <= data.gaps[-1]])
    ax.set_xlim(data.gaps[0] - 1, data.gaps[-1] * (1.22 if which == "naive" else 1.04) + 1)
    if which == "naive":
        ax.set_ylabel(look.t(STRINGS, "dot"))
        ax.set_title(look.t(STRINGS, "p2_naive"), fontsize=10, color=pal.bad, pad=18)
        subtitle(ax, look.t(STRINGS, "p2_naive_note"), pal)
        ax.set_ylim(-0.04 * dots.max(), dots.max() * 1.08)
        ax.yaxis.set_major_formatter(lambda v, _: fmt_int(int(v)) if v >= 0 else "")
        ends = spread(dots[:, -1] / dots.max(), 0.0, 1.0, 0.07) * dots.max()  # direct labels, apart
        for (r, p), y in zip(starts, ends):
            ax.annotate(look.t(STRINGS, "start", p=p), (data.gaps[-1], dots[r, -1]), xytext=(data.gaps[-1] + 1.2, y),
                        textcoords="data", va="center", ha="left", fontsize=9, color=colour)
    else:
        half = data.dot_bound
        # the axis fits the values drawn and the bound +d/2 (reached at k = 0); −d/2 is drawn only when the values
        # come near it, so no half of the panel stands empty; the subtitle states the bound ±d/2 either way
        low = min(0.0, float(dots.min()), float(data.fine_sinusoidal_dot.min()))
        span = half - low
        bottom = low - 0.08 * span
        ax.axhline(half, color=pal.muted, linewidth=0.8, linestyle=(0, (3, 2)))
        ax.annotate(look.t(STRINGS, "bound", half=half), (1.0, half), xycoords=("axes fraction", "data"),
                    xytext=(-2, 3), textcoords="offset points", ha="right", va="bottom", fontsize=9,
                    color=pal.ink)  # the bound named on its line
        if -half >= bottom:
            ax.axhline(-half, color=pal.muted, linewidth=0.8, linestyle=(0, (3, 2)))
        ax.set_ylim(bottom, half + 0.1 * span)
        ax.yaxis.set_major_locator(MaxNLocator(6, integer=True))
        ax.set_title(look.t(STRINGS, "p2_sin"), fontsize=10, color=pal.ok, pad=18)
        ax.set_ylabel(look.t(STRINGS, "dot"))  # the words the left panel uses; its scale ends at the named bound
        key = "p2_same" if same else "p2_sin_starts"
        subtitle(ax, look.t(STRINGS, key, ps=", ".join(str(q) for q in data.dot_starts), half=half), pal)


def draw_dominance(ax, data, look: Look) -> None:
    """③ on log–log axes: P_p's ratio p/RMS is a straight line of slope 1 (a power law), the sinusoidal ratio
    1/(√2·RMS) a flat line below the 1× line. Both start at position 1: position 0 has no place on a log axis
    (the subtitle says so). The P_p line is p/RMS, straight on these axes, so nothing is bent or smoothed;
    it carries no dot per position (63 of them crowd into a bead chain on the log axis), only the example's.
    The title is the claim; the ratios' derivation is the caption's (figures.parts_seq_number_captions)."""
    pal = look.palette
    pos = data.positions[1:]
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.plot(pos, data.counting_ratio[1:], color=pal.bad, linewidth=2.0, label=look.t(STRINGS, "p3_naive"))
    ax.plot(pos, data.sinusoidal_ratio[1:], color=pal.ok, linewidth=2.0, linestyle=(0, (5, 2)),
            label=look.t(STRINGS, "p3_sin"))  # dashed: apart from the P_p line in greyscale too
    ax.axhline(1.0, color=pal.muted, linewidth=0.9, linestyle=(0, (3, 2)))
    last = int(pos[-1])
    ax.text(last, 1.06, look.t(STRINGS, "p3_equal"), ha="right", va="bottom", fontsize=9, color=pal.muted)
    i = data.example_position
    marks = dict(i=i, naive=_shown(data, "example_counting_ratio"), sin=_shown(data, "example_sinusoidal_ratio"),
                 rms=_shown(data, "content_rms"))
    ax.plot([i], [data.example_counting_ratio], "o", color=pal.bad, markersize=6)
    ax.plot([i], [data.example_sinusoidal_ratio], "o", color=pal.ok, markersize=6)
    ax.annotate(look.t(STRINGS, "p3_mark", **marks), xy=(i, data.example_counting_ratio), xytext=(10, -6),
                textcoords="offset points", ha="left", va="top", fontsize=10, color=pal.bad)  # under the rising line
    ax.annotate(look.t(STRINGS, "p3_mark_sin", **marks), xy=(i, data.example_sinusoidal_ratio), xytext=(0, -10),
                textcoords="offset points", ha="center", va="top", fontsize=10, color=pal.ok)
    low = float(data.sinusoidal_ratio.min()) / 2.2  # room for the 0.71× label under its line
    ax.set_xlim(0.9, last * 1.1)
    ax.set_ylim(low, float(data.counting_ratio[-1]) * 2.2)
    ax.set_xticks([t for t in (1, 2, 5, 10, 20, 50, 100, 200, 500) if t <= last])
    ax.xaxis.set_major_formatter(lambda v, _: _num(v) if v >= 1 else "")
    ax.xaxis.set_minor_formatter(lambda v, _: "")
    ax.yaxis.set_major_formatter(lambda v, _: (_num(v) + "×") if v > 0 else "")
    ax.yaxis.set_minor_formatter(lambda v, _: "")
    ax.set_xlabel(look.t(STRINGS, "position"))
    ax.set_ylabel(look.t(STRINGS, "ratio"))
    ax.grid(True, axis="both", which="major")
    ax.legend(loc="upper left", fontsize=10, frameon=False)  # above the flat PE line, left of where P_p rises
    # the title and, aligned under it, the assumption that sets both ratios and what the log axes leave out
    titled(ax.figure, look.t(STRINGS, "p3") + "\n" + look.t(STRINGS, "p3_log", **marks), look, x=0.01, ha="left",
           fontsize=11)  # the subtitle at 10 pt: its subscript i at 7 pt


def make(data, look: Look):
    """Problem ①, the values grow; ② is seq_number_dots, ③ seq_number_ratio (the same record)."""
    fig, ax1 = new_figure(7.2, 3.9)
    draw_magnitude(ax1, data, look)
    titled(fig, look.t(STRINGS, "title", d=data.d_model) + "\n" + look.t(STRINGS, "p1"), look, x=0.01, ha="left",
           fontsize=12)  # the subtitle aligned with the title
    return fig


def caption(data, look: Look, part: str = "problems") -> str:
    """The caption of seq_number_problems, or of seq_number_dots / seq_number_ratio (`part`)."""
    return caption_of(part, data, look, DECIMALS)


def make_dots(data, look: Look):
    """seq_number_dots: ② the dot product of positions p and p + k, counting against sinusoidal."""
    fig, (ax2, ax3) = new_figure(7.2, 4.0, ncols=2)
    draw_dots(ax2, data, look, "naive")
    draw_dots(ax3, data, look, "sinusoidal")
    fig.suptitle(look.t(STRINGS, "p2", d=data.d_model), x=0.01, ha="left", fontsize=10.5, linespacing=1.3)
    return fig


def make_ratio(data, look: Look):
    """seq_number_ratio: ③ the position's size against the content's."""
    fig, ax4 = new_figure(7.2, 4.2)
    draw_dominance(ax4, data, look)
    return fig
