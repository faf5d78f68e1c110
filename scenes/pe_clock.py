"""pe_clock: clock hands give every seat a fingerprint (seed 001 "fingerprint", "distance" and
"angle table" stations; seed 002 §04).

Sections: intro → hands → run (seat 0 → 31, the [32, 16] table fills) → compare (1.0147 vs 3.5091,
57.2958° per seat, 3162×) → relative (moving 3 seats turns each hand by the same angle) → summary;
the numbers quoted are the seeds' (8 hands, 32 seats, base 10,000).

Any width, number of seats and base (studio.accepts.clock): up to 8 hands each dial has its name, its
speed and its sin/cos; from 9 to 32 hands the dials are small, in a compact grid of 8 columns, with
their index only (the numbers are in the table). The table's cells shrink to fit, and its hand and
seat labels thin out. Every number, and every claim of a caption (ties, "identical rows", how many
times farther), is read from the engine record (engine.positional.Fingerprint) for the values given.
"""
from __future__ import annotations

import numpy as np
from manim import (
    DOWN, LEFT, RIGHT, UP, Arc, Create, FadeIn, Indicate, Line, Rectangle,
    SurroundingRectangle, ValueTracker, VGroup, Write, linear, smooth,
)

from engine.positional import sinusoidal
from scenes.parts.dial import Dial
from scenes.parts.glyphs import GlyphNumber
from scenes.parts.heatmap import HeatmapGrid
from scenes.parts.lecture import LectureScene
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut
from look import fmt_num
from look.formats import fmt_sig

DECIMALS = {"table": 4, "adjacent_distance": 4, "max_distance": 4, "fastest_step_degrees": 4,
            "angle_table": 4, "speeds": 4, "max_over_adjacent": 2}

STRINGS = {
    "en": {
        "title": "Positional encoding: a fingerprint for every seat",
        "same": "same two vectors, same scores",
        "hand": "hand {i}",
        "speed": "{w} rad / seat",
        "seat": "seat  p =",
        "table": "[{n}, {d}] fingerprint",
        "adjacent": "neighbours {a}–{b}: distance {v}",
        "adjacent_note": "all {n} adjacent pairs tie",
        "adjacent_only": "the only pair of seats",
        "farthest": "farthest {a}–{b} (gap {gap}): distance {v}",
        "farthest_note": "{n} pairs tie at gap {gap}",
        "farthest_one": "no other pair is as far apart",
        "fastest": "fastest hand: {deg}° per seat (1 rad)",
        "ratio": "fastest / slowest speed: {ratio}×",
        "angles": "angle turned in {gap} seats",
        "start": "{a} → {b}",
        "and": " and ",
        "sep": ", ",
        "cap_intro": "Attention alone cannot tell 十五 (fifteen) from 五十 (fifty): the same two vectors give "
                     "the same scores. So every seat gets a fingerprint made by {h} clock hands.",
        "cap_hands": "Hand i turns {base}^(−2i/{d}) radians per seat: the fastest 1 rad, the slowest "
                     "{ratio} times slower. Each hand's (sin, cos) gives two of the {d} numbers.",
        "cap_run": "The seat runs from 0 to {last}. At every seat the hands stop somewhere new, and "
                   "their {d} coordinates fill one row of the table.",
        "cap_compare": "No two fingerprints are equal. Neighbours differ by {adj}, the farthest "
                       "seats by {max}: {ratio} times as much.",
        "cap_compare_two": "The two fingerprints differ: the two seats are {adj} apart.",
        "cap_relative": "Move {gap} seats from anywhere and each hand turns by the same angle: starts "
                        "{starts} give identical rows. The angle encodes the distance.",
        "cap_relative_one": "From seat {a} to seat {b} each hand turns by the gap times its speed, "
                            "wherever it starts: the angle encodes the distance.",
        "cap_summary": "Fast hands tell neighbours apart, slow hands tell far seats apart. The "
                       "fingerprint is computed, not trained: no parameters, any length.",
    },
    "zh-Hant": {
        "title": "位置編碼：每個座位一張指紋",
        "same": "同樣兩個向量，同樣的分數",
        "hand": "指針 {i}",
        "speed": "{w} 弧度 / 座位",
        "seat": "座位  p =",
        "table": "[{n}, {d}] 指紋表",
        "adjacent": "相鄰 {a}–{b}：距離 {v}",
        "adjacent_note": "{n} 對相鄰座位全部並列",
        "adjacent_only": "只有這一對座位",
        "farthest": "最遠 {a}–{b}（相隔 {gap}）：距離 {v}",
        "farthest_note": "相隔 {gap} 的 {n} 對並列",
        "farthest_one": "沒有別的一對隔得這麼遠",
        "fastest": "最快的指針：每個座位轉 {deg}°（1 弧度）",
        "ratio": "最快 / 最慢轉速：{ratio} 倍",
        "angles": "挪 {gap} 步轉過的夾角",
        "start": "{a} → {b}",
        "and": "、",
        "sep": "、",
        "cap_intro": "只靠注意力，分不出「十五」和「五十」：同樣兩個向量，算出同樣的分數。"
                     "所以每個座位都發一張指紋，由 {h} 根時鐘指針轉出來。",
        "cap_hands": "第 i 根指針每個座位轉 {base}^(−2i/{d}) 弧度：最快的轉 1 弧度，最慢的慢 {ratio} 倍。"
                     "每根指針的 (sin, cos) 是 {d} 個數中的兩個。",
        "cap_run": "座位從 0 走到 {last}。每到一個座位，指針停在新的地方，{d} 個座標填進表的一列。",
        "cap_compare": "沒有兩張指紋相同。相鄰座位差 {adj}，最遠的座位差 {max}，是前者的 {ratio} 倍。",
        "cap_compare_two": "兩張指紋不一樣：兩個座位相距 {adj}。",
        "cap_relative": "從哪裡出發都一樣：往後挪 {gap} 步，每根指針轉過同樣的角度。"
                        "起點 {starts}，同一列的格子完全相同——夾角記下的是距離。",
        "cap_relative_one": "從座位 {a} 到座位 {b}，每根指針轉過「相隔步數 × 轉速」，"
                            "跟從哪裡出發無關——夾角記下的是距離。",
        "cap_summary": "快的指針分辨相鄰，慢的指針分辨遠處。指紋是算出來的，不是訓練出來的："
                       "不占參數，要多長算多長。",
    },
    "zh-Hans": {
        "title": "位置编码：每个座位一张指纹",
        "same": "同样两个向量，同样的分数",
        "hand": "指针 {i}",
        "speed": "{w} 弧度 / 座位",
        "seat": "座位  p =",
        "table": "[{n}, {d}] 指纹表",
        "adjacent": "相邻 {a}–{b}：距离 {v}",
        "adjacent_note": "{n} 对相邻座位全部并列",
        "adjacent_only": "只有这一对座位",
        "farthest": "最远 {a}–{b}（相隔 {gap}）：距离 {v}",
        "farthest_note": "相隔 {gap} 的 {n} 对并列",
        "farthest_one": "没有别的一对隔得这么远",
        "fastest": "最快的指针：每个座位转 {deg}°（1 弧度）",
        "ratio": "最快 / 最慢转速：{ratio} 倍",
        "angles": "挪 {gap} 步转过的夹角",
        "start": "{a} → {b}",
        "and": "、",
        "sep": "、",
        "cap_intro": "只靠注意力，分不出「十五」和「五十」：同样两个向量，算出同样的分数。"
                     "所以每个座位都发一张指纹，由 {h} 根时钟指针转出来。",
        "cap_hands": "第 i 根指针每个座位转 {base}^(−2i/{d}) 弧度：最快的转 1 弧度，最慢的慢 {ratio} 倍。"
                     "每根指针的 (sin, cos) 是 {d} 个数中的两个。",
        "cap_run": "座位从 0 走到 {last}。每到一个座位，指针停在新的地方，{d} 个坐标填进表的一行。",
        "cap_compare": "没有两张指纹相同。相邻座位差 {adj}，最远的座位差 {max}，是前者的 {ratio} 倍。",
        "cap_compare_two": "两张指纹不一样：两个座位相距 {adj}。",
        "cap_relative": "从哪里出发都一样：往后挪 {gap} 步，每根指针转过同样的角度。"
                        "起点 {starts}，同一行的格子完全一样——夹角记下的是距离。",
        "cap_relative_one": "从座位 {a} 到座位 {b}，每根指针转过“相隔步数 × 转速”，"
                            "跟从哪里出发无关——夹角记下的是距离。",
        "cap_summary": "快的指针分辨相邻，慢的指针分辨远处。指纹是算出来的，不是训练出来的："
                       "不占参数，要多长算多长。",
    },
}

DIAL_RADIUS = 0.5
DIAL_XS = (-5.55, -3.85, -2.15, -0.45)
DIAL_YS = (1.35, -0.95)
ROOMY_HANDS = 8  # up to this many hands: big dials with their speed and sin/cos; beyond: a compact grid
COMPACT_COLS = 8
COMPACT_DX = 0.8  # column spacing of the compact grid (8 columns: x from -5.9 to -0.3)
TABLE_W, TABLE_H = 4.48, 4.1  # the fingerprint table's largest size; cells shrink to fit
TABLE_X, TABLE_TOP = 4.1, 1.85


def dial_layout(n_hands: int) -> tuple[list, float, bool]:
    """Where each hand's dial goes: ([(x, y)], radius, compact). Up to ROOMY_HANDS the four-column
    layout with room for labels and numbers; beyond it, COMPACT_COLS columns of small dials."""
    if n_hands <= ROOMY_HANDS:
        return [(DIAL_XS[i % 4], DIAL_YS[i // 4]) for i in range(n_hands)], DIAL_RADIUS, False
    rows = -(-n_hands // COMPACT_COLS)
    cols = -(-n_hands // rows)  # rows as even as they can be: 9 hands are 5 + 4, not 8 + 1
    radius = 0.36 if rows <= 2 else 0.3
    ys = (0.9, -0.7) if rows <= 2 else tuple(1.75 - 1.2 * r for r in range(rows))
    xs = [-3.1 + COMPACT_DX * (c - (cols - 1) / 2) for c in range(cols)]  # centred on x = -3.1
    return [(xs[i % cols], ys[i // cols]) for i in range(n_hands)], radius, True


def nice_step(raw: float) -> int:
    """The smallest of 1, 2, 4, 8, … that is at least `raw` (label every k-th row or column)."""
    step = 1
    while step < raw:
        step *= 2
    return step


def base_text(base: float) -> str:
    """The base as a formula writes it: 10000, 500000; two decimals when it is not whole."""
    return f"{base:.0f}" if float(base).is_integer() else f"{base:.2f}"


def ratio_text(ratio: float) -> str:
    """A speed ratio: whole with separators from 100 up (3,162), else two decimals (1.41)."""
    return f"{ratio:,.0f}" if ratio >= 100 else f"{ratio:.2f}"


class PeClock(LectureScene):
    strings = STRINGS

    def construct(self):
        d = self.data
        self.n_hands = d.d_model // 2
        self.add_title()
        self.intro()
        self.build_dials()
        self.build_table()
        self.run_seats()
        self.compare()
        self.relative()
        self.section("summary", self.s("cap_summary"), keep=[self.relative_view, self.seat_label, self.seat_num])
        self.wait(4)

    # -- 1. framing --------------------------------------------------------------------------
    def intro(self):
        pal = self.pal
        left = self.token_strip("十", "五")
        right = self.token_strip("五", "十")
        pair = VGroup(left, right).arrange(RIGHT, buff=2.6).move_to(UP * 1.5)
        bag = self.token_strip("五", "十", boxed=False)
        bag_box = SurroundingRectangle(bag, buff=0.25, corner_radius=0.3, color=pal.accent)
        bag_group = VGroup(bag, bag_box).move_to(DOWN * 0.5)
        arrows = VGroup(
            *(Line(s.get_bottom() + DOWN * 0.1, bag_box.get_top() + UP * 0.1, stroke_color=pal.muted,
                   stroke_width=3).add_tip(tip_length=0.2) for s in (left, right)))
        same = self.txt(self.s("same"), size=26, color=pal.accent).next_to(bag_box, DOWN, buff=0.25)
        self.section("intro", self.s("cap_intro", h=self.n_hands))
        self.play(FadeIn(pair, shift=0.2 * DOWN), run_time=1.0)
        self.play(Create(arrows), QuickFadeIn(bag_group), run_time=1.2)
        self.play(QuickFadeIn(same), run_time=0.6)
        self.wait(5)
        self.read_caption()
        self.play(QuickFadeOut(VGroup(pair, bag_group, arrows, same)), run_time=0.6)

    def token_strip(self, *chars, boxed=True):
        pal = self.pal
        cells = VGroup()
        for ch in chars:
            t = self.txt(ch, size=56)
            if boxed:
                box = Rectangle(width=1.0, height=1.0, stroke_color=pal.ink, stroke_width=2.5,
                                fill_color=pal.panel, fill_opacity=1)
                cells.add(VGroup(box, t.move_to(box)))
            else:
                cells.add(t)
        return cells.arrange(RIGHT, buff=0.15 if boxed else 0.5)

    # -- 2. the hands ----------------------------------------------------------------------
    def speed_label(self, i: int, color: str):
        """ω of one roomy dial: as TeX while every speed reads without an exponent, else as text
        with ×10ⁿ (the same form for every dial of the scene; its name above says which hand)."""
        w = self.data.speeds[i]
        if self.data.speeds.min() >= 1e-4:
            return self.tex(rf"\omega_{i}={w:.4g}", size=22, color=color)
        return self.txt(f"ω = {fmt_sig(w, 4)}", size=17, color=color)

    def build_dials(self):
        pal, d = self.pal, self.data
        self.dials, self.sin_nums, self.cos_nums, labels = [], [], [], VGroup()
        statics = VGroup()
        places, radius, compact = dial_layout(self.n_hands)
        self.compact = compact
        for i, (cx, cy) in enumerate(places):
            color = pal.series[i % len(pal.series)]
            dial = Dial(radius, ink=pal.ink, face=pal.panel, hand_color=color).move_to([cx, cy, 0])
            self.dials.append(dial)
            if compact:  # the index only; the speeds are in the formula, the numbers in the table
                dial.hand.set_stroke(width=3.5)
                labels.add(self.txt(str(i), size=16, color=color).next_to(dial, UP, buff=0.06))
                continue
            name = self.txt(self.s("hand", i=i), size=18, color=color)
            speed = self.speed_label(i, pal.muted)
            VGroup(name, speed).arrange(DOWN, buff=0.06).next_to(dial, UP, buff=0.08)
            labels.add(name, speed)
            for row, (tag, store) in enumerate((("sin", self.sin_nums), ("cos", self.cos_nums))):
                y = cy - DIAL_RADIUS - 0.3 - 0.27 * row
                tag_text = self.txt(tag, size=16, color=pal.muted).move_to([cx - 0.6, y + 0.06, 0])
                num = GlyphNumber(0.0, decimals=4, font=self.look.font, font_size=18, color=pal.ink)
                num.move_to([cx + 0.2, y, 0], aligned_edge=DOWN)
                statics.add(tag_text)
                store.append(num)
        self.speed_labels = labels
        slots = len(f"{d.n_positions - 1:.2f}")  # the last seat's digits: 31.00, 127.00
        self.seat_num = GlyphNumber(0.0, decimals=2, width=slots, font=self.look.font, font_size=30,
                                    color=pal.accent, align="left")
        self.dial_statics = statics
        formula = self.tex(r"PE(p,2i)=\sin(p\,\omega_i)\quad PE(p,2i+1)=\cos(p\,\omega_i)\quad"
                           rf"\omega_i={base_text(d.base)}^{{-2i/{d.d_model}}}", size=24)
        if formula.width > 8.3:  # a long base: keep clear of the seat counter on the right
            formula.scale_to_fit_width(8.3)
        formula.move_to([0, 2.75, 0]).align_to([-6.3, 0, 0], LEFT)
        self.formula = formula
        self.dial_group = VGroup(*self.dials)
        self.number_group = VGroup(*self.sin_nums, *self.cos_nums)
        self.section("hands", self.s("cap_hands", ratio=ratio_text(d.speed_ratio), base=base_text(d.base),
                                     d=d.d_model))
        self.play(Write(formula), run_time=1.5)
        self.play(FadeIn(self.dial_group, lag_ratio=0.1), FadeIn(labels, lag_ratio=0.05), run_time=2.0)
        if not compact:  # compact: no sin/cos under the dials, the table holds the numbers
            self.play(QuickFadeIn(statics), QuickFadeIn(self.number_group), run_time=0.8)
        self.set_seat(0.0)
        self.wait(4)

    # -- the table -------------------------------------------------------------------------
    def build_table(self):
        pal, d = self.pal, self.data
        n, dm = d.table.shape
        cell_h = min(0.3, TABLE_H / n)
        cell_w = min(0.28, TABLE_W / dm)
        grid = HeatmapGrid(d.table, cell_w=cell_w, cell_h=cell_h, palette=pal)
        grid.move_to([TABLE_X, 0, 0]).align_to([0, TABLE_TOP, 0], UP)
        self.grid = grid
        every_hand = nice_step(0.34 / (2 * cell_w))  # hand numbers at least 0.34 apart
        heads = VGroup(*(self.txt(str(i), size=16, color=pal.series[i % len(pal.series)]).move_to(
            (grid.cell(0, 2 * i).get_center() + grid.cell(0, 2 * i + 1).get_center()) / 2 + UP * 0.25)
            for i in range(0, dm // 2, every_hand)))
        every_row = nice_step(0.3 / cell_h)  # seat numbers at least 0.3 apart
        rows = VGroup(*(self.txt(str(r), size=14, color=pal.muted).next_to(grid.cell(r, 0), LEFT, buff=0.12)
                        for r in range(0, n, every_row)))
        title = self.txt(self.s("table", n=n, d=dm), size=22).next_to(heads, UP, buff=0.12)
        seat_label = self.txt(self.s("seat"), size=26, color=pal.accent)
        seat_label.move_to([3.1, 2.8, 0])
        self.seat_label = seat_label
        self.seat_num.next_to(seat_label, RIGHT, buff=0.15).align_to(seat_label, DOWN)
        title.next_to(heads, UP, buff=0.12).set_x(grid.get_center()[0])
        self.marker = Rectangle(width=grid.width + 0.08, height=cell_h + 0.04, stroke_color=pal.accent,
                                stroke_width=3).move_to(grid.cell(0, 0).get_center()).align_to(grid, LEFT).shift(LEFT * 0.04)
        self.table_labels = VGroup(title, heads, rows)
        self.play(QuickFadeIn(grid), QuickFadeIn(self.table_labels), QuickFadeIn(seat_label), QuickFadeIn(self.seat_num),
                  run_time=1.0)

    def set_seat(self, p: float) -> None:
        """Put everything at seat p (fractional while moving) and log what is shown."""
        d = self.data
        angles = p * d.speeds  # (d/2,)
        row = sinusoidal([p], d.d_model, d.base)[0]  # (d,)
        self.shown["position"] = p
        for i, dial in enumerate(self.dials):
            dial.set_angle(angles[i])
            if i < len(self.sin_nums):
                self.sin_nums[i].set_value(row[2 * i])
                self.cos_nums[i].set_value(row[2 * i + 1])
            self.shown[f"angle_deg_{i}"] = float(np.degrees(angles[i]) % 360.0)
            self.shown[f"sin_{i}"] = float(row[2 * i])
            self.shown[f"cos_{i}"] = float(row[2 * i + 1])
        self.seat_num.set_value(p)

    # -- 3. the run ------------------------------------------------------------------------
    def run_seats(self):
        d = self.data
        seat = ValueTracker(0.0)
        grid, marker = self.grid, self.marker
        first_row_y = grid.cell(0, 0).get_center()[1]
        cell_h = grid.cell(0, 0).height

        def follow(group):
            p = seat.get_value()
            self.set_seat(p)
            filled = int(np.floor(p + 1e-9)) + 1
            grid.show_rows(filled)
            marker.set_y(first_row_y - (filled - 1) * cell_h)
            self.shown["rows_filled"] = filled

        live = VGroup(self.dial_group, self.number_group, grid, marker, self.seat_num)
        last = d.n_positions - 1
        self.section("run", self.s("cap_run", last=last, d=d.d_model),
                     keep=[self.formula, self.dial_group, self.number_group, self.speed_labels,
                           self.dial_statics, grid, self.table_labels, self.seat_label, self.seat_num])
        live.add_updater(follow)
        self.add(live)
        self.play(QuickFadeIn(marker), run_time=0.3)
        slow = min(4, last)  # the first seats slowly, one and a half seconds each
        self.play(seat.animate.set_value(slow), run_time=1.5 * slow, rate_func=linear)
        if last > slow:
            self.play(seat.animate.set_value(last), run_time=16, rate_func=linear)
        self.wait(1)
        live.remove_updater(follow)

    # -- 4. how far apart fingerprints are -------------------------------------------------
    def compare(self):
        pal, d, grid = self.pal, self.data, self.grid
        a = min(3, d.n_positions - 2)  # seed 001's "3 and 4"; every adjacent pair gives the same value
        b = a + 1
        fa, fb = d.max_pairs[0]
        adj_tie = fmt_num(d.adjacent_spread, 4) == fmt_num(0.0, 4)  # every adjacent pair at the shown rounding
        if d.adjacent_pairs == 1:
            adj_note = self.s("adjacent_only")
        else:
            adj_note = self.s("adjacent_note", n=d.adjacent_pairs) if adj_tie else ""
        lines = [(self.s("adjacent", a=a, b=b, v=fmt_num(d.adjacent_distance, 4)), adj_note, pal.cool, (a, b))]
        if d.max_gap > 1:  # with two seats the farthest pair is the adjacent one
            far_note = (self.s("farthest_note", n=len(d.max_pairs), gap=d.max_gap) if len(d.max_pairs) > 1
                        else self.s("farthest_one"))
            lines.append((self.s("farthest", a=fa, b=fb, gap=d.max_gap, v=fmt_num(d.max_distance, 4)),
                          far_note, pal.bad, (fa, fb)))
            caption = self.s("cap_compare", adj=fmt_num(d.adjacent_distance, 4), max=fmt_num(d.max_distance, 4),
                             ratio=fmt_num(d.max_over_adjacent, 2))
        else:
            caption = self.s("cap_compare_two", adj=fmt_num(d.adjacent_distance, 4))
        self.section("compare", caption,
                     keep=[grid, self.table_labels, self.formula, self.seat_label, self.seat_num])
        self.play(QuickFadeOut(VGroup(self.dial_group, self.number_group, self.speed_labels,
                                 self.dial_statics)),
                  QuickFadeOut(self.marker), run_time=0.6)
        panel = VGroup()
        y = 1.6
        right = grid.get_left()[0] - 0.7  # clear of the table's seat numbers
        for text, note, color, (r1, r2) in lines:
            main = self.txt(text, size=28, color=color)
            block = VGroup(main)
            if note:
                block.add(self.txt(note, size=20, color=pal.muted))
            block.arrange(DOWN, buff=0.1, aligned_edge=LEFT)
            if block.width > right + 6.3:
                block.scale_to_fit_width(right + 6.3)
            block.move_to([-3.6, y, 0], aligned_edge=LEFT).align_to([-6.3, 0, 0], LEFT)
            rows = (r1,) if r1 == r2 else (r1, r2)
            boxes = VGroup(*(SurroundingRectangle(grid.row_group(r), buff=0.02, color=color,
                                                  stroke_width=4) for r in rows))
            self.play(FadeIn(block, shift=0.1 * RIGHT), Create(boxes), run_time=1.0)
            self.wait(3)
            panel.add(block, boxes)
            y -= 1.3
        fastest = self.txt(self.s("fastest", deg=fmt_num(d.fastest_step_degrees, 4)), size=26)
        ratio = self.txt(self.s("ratio", ratio=ratio_text(d.speed_ratio)), size=26)
        facts = VGroup(fastest, ratio).arrange(DOWN, buff=0.25, aligned_edge=LEFT)
        if facts.width > right + 6.3:
            facts.scale_to_fit_width(right + 6.3)
        facts.move_to([0, y - 0.2, 0]).align_to([-6.3, 0, 0], LEFT)
        self.play(FadeIn(facts, shift=0.1 * RIGHT), run_time=0.8)
        self.wait(4)
        self.read_caption()
        self.play(QuickFadeOut(panel), QuickFadeOut(facts), run_time=0.6)

    # -- 5. the angle depends only on the gap ----------------------------------------------
    def relative_caption(self) -> str:
        d = self.data
        starts = d.angle_starts
        agree = all(len({fmt_num(v, 4) for v in row}) == 1 for row in d.angle_table)
        if len(starts) < 2 or not agree:
            return self.s("cap_relative_one", a=starts[0], b=starts[0] + d.angle_gap)
        names = [str(s) for s in starts]
        listed = self.s("sep").join(names[:-1]) + self.s("and") + names[-1]
        return self.s("cap_relative", gap=d.angle_gap, starts=listed)

    def relative(self):
        pal, d = self.pal, self.data
        gap = d.angle_gap
        hands = d.angle_hands
        n_starts = len(d.angle_starts)
        shown_dials = [self.dials[h] for h in hands]
        xs = (-5.5, -3.3, -1.1)
        for dial, x in zip(shown_dials, xs):
            dial.scale(0.85 / (dial.face.width / 2)).move_to([x, 0.3, 0])
            dial.hub.scale(0.0765 / (dial.hub.width / 2))  # the hub as big dials have it, whatever the layout
            dial.hand.set_stroke(width=5)
        names = VGroup(*(self.txt(self.s("hand", i=h), size=22, color=pal.series[h]).next_to(
            dial, UP, buff=0.15) for h, dial in zip(hands, shown_dials)))
        # the angle table replaces the fingerprint table
        title = self.txt(self.s("angles", gap=gap), size=26)
        header = [self.txt(self.s("start", a=s0, b=s0 + gap), size=22, color=pal.muted) for s0 in d.angle_starts]
        row_names = [self.txt(self.s("hand", i=h), size=22, color=pal.series[h]) for h in hands]
        cells = [[self.txt(fmt_num(d.angle_table[r, c], 4) + "°", size=22) for c in range(n_starts)]
                 for r in range(len(hands))]
        col_x = [2.2 + 1.6 * c for c in range(n_starts)]
        row_y = [0.9 - 0.75 * r for r in range(len(hands))]
        for c, h in enumerate(header):
            h.move_to([col_x[c], 1.7, 0])
        for r, nm in enumerate(row_names):
            nm.move_to([0.85, row_y[r], 0])
            for c in range(n_starts):
                cells[r][c].move_to([col_x[c], row_y[r], 0])
        title.move_to([sum(col_x) / n_starts, 2.4, 0])
        rule = Line([0.2, 1.35, 0], [6.3, 1.35, 0], stroke_color=pal.muted, stroke_width=1.5)
        self.section("relative", self.relative_caption(),
                     keep=[self.grid, self.table_labels, self.formula, self.seat_label, self.seat_num])
        seat_w = VGroup(self.seat_label, self.seat_num).width  # three-digit seats are wider
        seat_to = [max(-5.0, -6.25 + seat_w / 2), 2.5, 0]
        self.play(QuickFadeOut(self.grid), QuickFadeOut(self.table_labels), QuickFadeOut(self.formula),
                  VGroup(self.seat_label, self.seat_num).animate.move_to(seat_to), run_time=0.6)
        seat = ValueTracker(float(d.angle_starts[0]))
        self.set_seat(seat.get_value())
        self.play(QuickFadeIn(VGroup(*shown_dials)), QuickFadeIn(names), QuickFadeIn(title), QuickFadeIn(rule),
                  *(QuickFadeIn(h) for h in header), *(QuickFadeIn(n) for n in row_names), run_time=1.0)

        def follow(group):
            self.set_seat(seat.get_value())

        live = VGroup(*shown_dials, self.seat_num)
        live.add_updater(follow)
        self.add(live)
        for c, s0 in enumerate(d.angle_starts):
            self.play(seat.animate.set_value(float(s0)), run_time=0.8, rate_func=smooth)
            arcs = VGroup()
            for h, dial in zip(hands, shown_dials):
                start = s0 * d.speeds[h]
                arcs.add(Arc(radius=dial.face.width * 0.36, start_angle=start, angle=gap * d.speeds[h],
                             arc_center=dial.face.get_center(), stroke_color=pal.accent, stroke_width=5))
            self.play(seat.animate.set_value(float(s0 + gap)), Create(arcs), run_time=2.4, rate_func=linear)
            self.play(*(FadeIn(cells[r][c], shift=0.1 * UP) for r in range(len(hands))), run_time=0.5)
            self.shown["angle_table_column"] = c
            self.wait(0.8)
            self.play(QuickFadeOut(arcs), run_time=0.3)
        live.remove_updater(follow)
        view = VGroup(*shown_dials, names, title, rule, *header, *row_names, *(c for row in cells for c in row))
        if n_starts > 1:
            same = VGroup(*(SurroundingRectangle(VGroup(*cells[r]), buff=0.1, color=pal.ok)
                            for r in range(len(hands))))
            self.play(Create(same), run_time=0.8)
            self.play(Indicate(VGroup(*cells[0]), color=pal.ok), run_time=1.0)
            view.add(same)
        self.relative_view = view
        self.wait(3)


SCENE = PeClock
