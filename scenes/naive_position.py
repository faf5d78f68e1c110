"""naive_position: adding the seat number to every dimension (seed 001, lesson 5 second station,
"最笨的塞法" and the bar machine).

Sections: idea (E(加) + 12: every one of the 8 numbers raised by 12) → expand ((E + p)·(E′ + q) in
four terms) → bars (the four terms drawn to one scale while p and q move; ④ = p·q·d swallows
the content term ①) → swap (another word in place of 加: ① changes, ④ does not) → summary.
Every number is read from the engine record (engine.naive.NaivePosition) or computed per frame by
engine.naive.naive_terms from the record's vectors.
"""
from __future__ import annotations

import numpy as np
from manim import (
    DOWN, LEFT, RIGHT, UP, Dot, FadeIn, FadeOut, Flash, Indicate, Line, Rectangle,
    Transform, ValueTracker, VGroup, VMobject, Write, smooth,
)

from engine.naive import naive_terms
from scenes.parts.glyphs import GlyphNumber
from scenes.parts.lecture import LectureScene
from scenes.parts.matrix import MatrixTable
from look import fmt_num

DECIMALS = {"e": 2, "e2": 2, "e_swap": 2, "e_plus_seat": 2, "e_sum": 4, "e2_sum": 4, "stop_terms": 3,
            "stop_totals": 3, "stop_content_share": 4, "swap_terms": 3, "seat_terms": 3, "ratio_last": 0}

STRINGS = {
    "en": {
        "title_plain": "Adding the seat number to every dimension",
        "cap_bars_pq": "Four bars on one scale. At p = q = 0 only the content term is there. Move the "
                       "seats and ④ = p⋅q⋅d grows like the product: at p = {p}, q = {q} it is {t4}, against "
                       "a content term of {c}.",
        "cap_swap_small": "Swap the first word for another: term ① changes, term ④ stays {t4} to the last "
                          "digit. It does not depend on the words at all.",
        "cap_summary_later": "A seat number is unbounded and the same in every dimension: at larger seats it "
                             "swamps the content, and it carries no structure. Positions need bounded, varied numbers.",
        "title": "Adding the seat number: the position drowns the word",
        "word": "word vector E({w})",
        "plus": "+ {p} on every one of the {d} numbers (seat {p})",
        "result": "E({w}) + {p}",
        "t1": "① content  E⋅E′",
        "t2": "② word × seat  q⋅ΣE",
        "t3": "③ seat × word  p⋅ΣE′",
        "t4": "④ seat × seat  p⋅q⋅d",
        "words": "E = E({a}),  E′ = E({b})",
        "total": "total",
        "share": "share of ① in the total bar length",
        "scale": "one scale for all four bars: full width = {v}",
        "zoom": "① enlarged: full width = {v}",
        "swap_note": "E({a}) → E({b}): ① {c1} → {c2},  ④ {t1} → {t2}",
        "cap_idea": "The crudest way to add order: take the seat number as one number and add it to "
                    "every dimension. At seat {p}, E({w}) + {p}: all {d} numbers go up by {p}.",
        "cap_expand": "Two placed words meet in a dot product (E + p)⋅(E′ + q). Expand it: four terms, "
                      "and only the first one is about the words.",
        "cap_bars": "Four bars on one scale. At p = q = 0 only the content term is there. Move the "
                    "seats and ④ = p⋅q⋅d grows like the product: at p = q = {p} it is {t4}, against "
                    "a content term of {c}.",
        "cap_swap": "Swap the first word for another: term ① changes, term ④ stays {t4} to the last "
                    "digit. Most of this \"similarity\" is seat number talking to seat number.",
        "cap_summary": "A seat number is unbounded and the same in every dimension: it swamps the "
                       "content and carries no structure. Positions need bounded, varied numbers.",
    },
    "zh-Hant": {
        "title_plain": "把座位號直接加到每一維",
        "cap_bars_pq": "四根長條同一個刻度。座位往後挪，④ = p⋅q⋅d "
                       "照乘積長大：p = {p}、q = {q} 時，它是 {t4}，內容項是 {c}。",
        "cap_swap_small": "把第一個字換成別的字：① 跟著變，④ 一位不差地還是 {t4}。"
                          "它跟字完全無關。",
        "cap_summary_later": "座位號沒有上限，而且每一維都一樣：座位再往後，它就會淹沒內容，也不帶任何結構。"
                             "位置需要有界、各維不同的數。",
        "title": "直接加上座位號：位置把字淹沒了",
        "word": "字向量 E({w})",
        "plus": "{d} 個數每一個都加 {p}（第 {p} 個座位）",
        "result": "E({w}) + {p}",
        "t1": "① 內容  E⋅E′",
        "t2": "② 字 × 座位  q⋅ΣE",
        "t3": "③ 座位 × 字  p⋅ΣE′",
        "t4": "④ 座位 × 座位  p⋅q⋅d",
        "words": "E = E({a})，E′ = E({b})",
        "total": "總和",
        "share": "① 占四根長條總長",
        "scale": "四根長條同一刻度：滿格 = {v}",
        "zoom": "① 放大：滿格 = {v}",
        "swap_note": "E({a}) → E({b})：① {c1} → {c2}，④ {t1} → {t2}",
        "cap_idea": "最笨的塞法：把座位號當成一個數，加到字向量的每一維上。第 {p} 個座位的「{w}」"
                    "就是 E({w}) + {p}，{d} 個數一起加 {p}。",
        "cap_expand": "兩個放好位置的字要量相似度，就是 (E + p)⋅(E′ + q)。展開來是四項，"
                      "只有第一項跟字有關。",
        "cap_bars": "四根長條同一個刻度。座位往後挪，④ = p⋅q⋅d "
                    "照乘積長大：兩個座位都是 {p} 時，它是 {t4}，內容項只有 {c}。",
        "cap_swap": "把第一個字換成別的字：① 跟著變，④ 一位不差地還是 {t4}。"
                    "這個「相似度」的絕大部分，是座位號自己在跟座位號聊天。",
        "cap_summary": "座位號沒有上限，而且每一維都一樣：它淹沒了內容，也不帶任何結構。"
                       "位置需要有界、各維不同的數。",
    },
    "zh-Hans": {
        "title_plain": "把座位号直接加到每一维",
        "cap_bars_pq": "四根长条同一个刻度。座位往后挪，④ = p⋅q⋅d "
                       "照乘积长大：p = {p}、q = {q} 时，它是 {t4}，内容项是 {c}。",
        "cap_swap_small": "把第一个字换成别的字：① 跟着变，④ 一位不差地还是 {t4}。"
                          "它跟字完全无关。",
        "cap_summary_later": "座位号没有上限，而且每一维都一样：座位再往后，它就会淹没内容，也不带任何结构。"
                             "位置需要有界、各维不同的数。",
        "title": "直接加上座位号：位置把字淹没了",
        "word": "字向量 E({w})",
        "plus": "{d} 个数每一个都加 {p}（第 {p} 个座位）",
        "result": "E({w}) + {p}",
        "t1": "① 内容  E⋅E′",
        "t2": "② 字 × 座位  q⋅ΣE",
        "t3": "③ 座位 × 字  p⋅ΣE′",
        "t4": "④ 座位 × 座位  p⋅q⋅d",
        "words": "E = E({a})，E′ = E({b})",
        "total": "总和",
        "share": "① 占四根长条总长",
        "scale": "四根长条同一刻度：满格 = {v}",
        "zoom": "① 放大：满格 = {v}",
        "swap_note": "E({a}) → E({b})：① {c1} → {c2}，④ {t1} → {t2}",
        "cap_idea": "最笨的塞法：把座位号当成一个数，加到字向量的每一维上。第 {p} 个座位的「{w}」"
                    "就是 E({w}) + {p}，{d} 个数一起加 {p}。",
        "cap_expand": "两个放好位置的字要量相似度，就是 (E + p)⋅(E′ + q)。展开来是四项，"
                      "只有第一项跟字有关。",
        "cap_bars": "四根长条同一个刻度。座位往后挪，④ = p⋅q⋅d "
                    "照乘积长大：两个座位都是 {p} 时，它是 {t4}，内容项只有 {c}。",
        "cap_swap": "把第一个字换成别的字：① 跟着变，④ 一位不差地还是 {t4}。"
                    "这个「相似度」的绝大部分，是座位号自己在跟座位号聊天。",
        "cap_summary": "座位号没有上限，而且每一维都一样：它淹没了内容，也不带任何结构。"
                       "位置需要有界、各维不同的数。",
    },
}

ZERO_X = -0.7  # the bars' zero line
POS_ROOM = 6.9  # room to the right of zero (to x = 6.2)
NEG_ROOM = 1.2  # room to the left of zero
BAR_YS = (1.1, 0.25, -0.6, -1.45)
BAR_H = 0.36
ZOOM_X0, ZOOM_W = 2.3, 3.7  # the inset that enlarges term ①: its zero and full width
SLIDER = {"p": (-5.4, -1.5), "q": (1.5, 5.1)}
SLIDER_Y = 2.65
ROW_MAX = 8  # numbers of a word vector shown in full; a wider one shows its first and last ones around "…"
ROW_WIDTH = 12.2  # the "E + p" rows never get wider than this (the safe area is 12.8)
LABEL_STEPS = (1, 2, 3, 5, 10, 20, 25, 50, 100, 200, 250, 500)


def shown_entries(v) -> list:
    """A word vector as its row shows it: every number up to ROW_MAX, else the first ROW_MAX − 2, "…"
    and the last one."""
    v = list(v)
    return v if len(v) <= ROW_MAX else v[:ROW_MAX - 2] + ["…"] + v[-1:]


def content_decimals(x: float) -> int:
    """Decimals for the content term: 3 (the lesson's), more when it is tiny (small embeddings)."""
    if x <= 0 or x >= 0.05:
        return 3
    return int(min(6, 2 - np.floor(np.log10(x))))


def slots(bound: float, decimals: int) -> int:
    """GlyphNumber slots for any value of magnitude up to `bound`."""
    return len(fmt_num(-abs(bound) - 0.5 * 10.0 ** -decimals, decimals))


class NaivePosition(LectureScene):
    strings = STRINGS

    def construct(self):
        d = self.data
        self.swamped = bool(d.stop_percent[-1, 3] > 50.0)  # ④ is most of the last bar
        self.add_title(None if self.swamped else self.s("title_plain"))
        self.vmax_seat = float(d.stops.max())
        self.c_dec = content_decimals(float(max(np.abs(d.stop_terms[:, 0]).max(), abs(d.swap_terms[0]))))
        self.idea()
        self.expand()
        self.build_bars()
        self.run_bars()
        self.swap()
        summary = self.s("cap_summary" if self.swamped else "cap_summary_later")
        self.section("summary", summary, keep=[self.bar_statics, self.word_label, self.live, self.swap_note])
        self.wait(4)

    # -- 1. E(加) + 12 ---------------------------------------------------------------------
    def idea(self):
        pal, d = self.pal, self.data
        w = d.words[0]
        p = d.demo_seat
        row_e = MatrixTable(shown_entries(d.e), font=self.look.font, decimals=2, font_size=24, color=pal.ink,
                            bracket_color=pal.muted)
        row_p = MatrixTable(shown_entries(d.e_plus_seat), font=self.look.font, decimals=2, font_size=24,
                            color=pal.bad, bracket_color=pal.muted)
        lab_e = self.txt(self.s("word", w=w), size=24, color=pal.cool)
        lab_p = self.txt(self.s("result", w=w, p=p), size=24, color=pal.bad)
        plus = self.txt(self.s("plus", p=p, d=d.d_model), size=22, color=pal.bad)
        VGroup(lab_e, row_e).arrange(RIGHT, buff=0.3).move_to(UP * 1.3)
        plus.move_to(UP * 0.35)
        VGroup(lab_p, row_p).arrange(RIGHT, buff=0.3).move_to(DOWN * 0.6)
        lab_p.align_to(lab_e, RIGHT)
        row_p.next_to(lab_p, RIGHT, buff=0.3)
        row_e.align_to(row_p, LEFT)
        block = VGroup(lab_e, row_e, lab_p, row_p)
        if block.width > ROW_WIDTH:  # wide numbers (a far seat): the two rows shrink together
            block.scale_to_fit_width(ROW_WIDTH)
        if block.get_left()[0] < -ROW_WIDTH / 2 or block.get_right()[0] > ROW_WIDTH / 2:
            block.set_x(0)  # the wider lower row stays on screen
        self.section("idea", self.s("cap_idea", p=p, w=w, d=d.d_model))
        self.play(FadeIn(lab_e), FadeIn(row_e), run_time=1.0)
        self.wait(1.5)
        self.play(FadeIn(plus, shift=0.1 * DOWN), run_time=0.8)
        copies = [row_e.cell(0, c).copy() for c in range(row_e.shape[1])]
        self.play(FadeIn(lab_p), FadeIn(row_p.brackets),
                  *(Transform(cp, row_p.cell(0, c)) for c, cp in enumerate(copies)), run_time=1.6)
        self.remove(*copies)
        self.add(row_p)
        self.wait(4)
        self.read_caption()
        self.play(FadeOut(VGroup(lab_e, row_e, lab_p, row_p, plus)), run_time=0.6)

    # -- 2. four terms -----------------------------------------------------------------------
    def expand(self):
        pal = self.pal
        self.term_colors = (pal.cool, pal.series[4], pal.series[2], pal.bad)
        f = self.tex(r"(E+p\mathbf{1})\cdot(E'+q\mathbf{1})", "=", r"E\cdot E'", "+", r"q\textstyle\sum_j E_j",
                     "+", r"p\textstyle\sum_j E'_j", "+", r"p\,q\,d", size=34)
        for part, color in zip((2, 4, 6, 8), self.term_colors):
            f[part].set_color(color)
        f.move_to(UP * 0.9)
        nums = VGroup(*(self.txt(ch, size=24, color=c).next_to(f[part], DOWN, buff=0.2)
                        for ch, part, c in zip("①②③④", (2, 4, 6, 8), self.term_colors)))
        self.section("expand", self.s("cap_expand"))
        self.play(Write(f), run_time=2.0)
        self.play(FadeIn(nums, lag_ratio=0.2), run_time=1.0)
        self.play(Indicate(f[2], color=pal.cool), run_time=1.0)
        self.wait(3)
        self.read_caption()
        self.play(FadeOut(VGroup(f, nums)), run_time=0.6)

    # -- 3. the bar machine -----------------------------------------------------------------
    def slider(self, name, color):
        pal = self.pal
        x0, x1 = SLIDER[name]
        n_slots = max(5, slots(self.vmax_seat, 2) - 1)
        if name == "q":  # a wider number (a far seat) keeps the right edge: the track gives way
            x1 -= 0.2 * (n_slots - 5)
        self.slider_x[name] = (x0, x1)
        track = Line([x0, SLIDER_Y, 0], [x1, SLIDER_Y, 0], stroke_color=pal.muted, stroke_width=3)
        ticks = VMobject(stroke_color=pal.muted, stroke_width=2)
        labels = VGroup()
        top = int(self.vmax_seat)
        if top <= 12:
            label_step = 3 if top >= 6 else 1  # the lesson's 0, 3, 6, 9, 12
        else:
            label_step = next((s for s in LABEL_STEPS if top / s <= 6), LABEL_STEPS[-1])
        tick_step = 1 if top <= 40 else label_step
        for v in range(0, top + 1, tick_step):
            x = x0 + (x1 - x0) * v / top
            ticks.start_new_path(np.array([x, SLIDER_Y - 0.06, 0.0]))
            ticks.add_line_to(np.array([x, SLIDER_Y + 0.06, 0.0]))
            if v % label_step == 0:
                labels.add(self.txt(str(v), size=13, color=pal.muted).move_to([x, SLIDER_Y - 0.22, 0]))
        knob = Dot(radius=0.09, color=color).move_to([x0, SLIDER_Y, 0])
        lab = self.tex(f"{name} =", size=32, color=color)
        num = GlyphNumber(0.0, decimals=2, width=n_slots, font=self.look.font, font_size=24, color=color)
        lab.next_to(track, LEFT, buff=0.25)
        num.next_to(track, RIGHT, buff=0.2)
        lab.align_to(num, DOWN)
        return VGroup(track, ticks, labels, lab), knob, num

    def build_bars(self):
        pal, d = self.pal, self.data
        self.slider_x = {}
        sp_static, self.p_knob, self.p_num = self.slider("p", pal.accent)
        sq_static, self.q_knob, self.q_num = self.slider("q", pal.ok)
        self.bars, self.values = [], []
        statics = VGroup(sp_static, sq_static)
        # the largest value each number can show while the seats move (|ΣE| of either first word)
        top_p, top_q = d.stops[:, 0].max(), d.stops[:, 1].max()
        sum_e = max(abs(d.e_sum), abs(float(d.e_swap.sum())))
        bounds = (float(max(np.abs(d.stop_terms[:, 0]).max(), abs(d.swap_terms[0]))), top_q * sum_e,
                  top_p * abs(d.e2_sum), top_p * top_q * d.d_model)
        self.bounds = bounds
        for k, y in enumerate(BAR_YS):
            color = self.term_colors[k]
            lab = self.txt(self.s(f"t{k + 1}"), size=19, color=color)
            lab.move_to([ZERO_X - NEG_ROOM - 0.2, y + 0.16, 0], aligned_edge=RIGHT)
            dec = self.c_dec if k == 0 else 3
            val = GlyphNumber(0.0, decimals=dec, width=max(9, slots(bounds[k], dec)), font=self.look.font,
                              font_size=20, color=color)
            val.move_to([ZERO_X - NEG_ROOM - 0.2, y - 0.2, 0], aligned_edge=RIGHT)
            bar = Rectangle(width=0.01, height=BAR_H, stroke_width=0, fill_color=color, fill_opacity=0.9)
            bar.move_to([ZERO_X, y, 0])
            statics.add(lab)
            self.bars.append(bar)
            self.values.append(val)
        axis = Line([ZERO_X, BAR_YS[0] + 0.35, 0], [ZERO_X, BAR_YS[-1] - 0.35, 0], stroke_color=pal.ink,
                    stroke_width=2)
        statics.add(axis)
        self.word_label = self.txt(self.s("words", a=d.words[0], b=d.words[1]), size=18, color=pal.muted)
        self.word_label.move_to([-6.3, 1.9, 0], aligned_edge=LEFT)
        # the zoomed inset: on the common scale term ① is a sliver, so it is drawn again enlarged
        self.zoom_full = float(max(np.abs(d.stop_terms[:, 0]).max(), abs(d.swap_terms[0])))
        frame = Rectangle(width=ZOOM_W + 0.2, height=BAR_H + 0.2, stroke_color=pal.muted, stroke_width=1.5)
        frame.move_to([ZOOM_X0 + ZOOM_W / 2, BAR_YS[0], 0])
        zoom_lab = self.txt(self.s("zoom", v=fmt_num(self.zoom_full, self.c_dec)), size=15, color=pal.muted)
        zoom_lab.next_to(frame, UP, buff=0.06).align_to(frame, LEFT)
        self.zoom_bar = Rectangle(width=0.01, height=BAR_H, stroke_width=0, fill_color=self.term_colors[0],
                                  fill_opacity=0.9).move_to([ZOOM_X0, BAR_YS[0], 0])
        statics.add(frame, zoom_lab)
        tot_lab = self.txt(self.s("total"), size=20)
        tot_f = self.tex(r"(E+p)\cdot(E'+q) =", size=28)
        self.total_num = GlyphNumber(0.0, decimals=3, width=max(9, slots(sum(bounds), 3)), font=self.look.font,
                                     font_size=22, color=pal.ink)
        share_lab = self.txt(self.s("share") + " =", size=20)
        self.share_num = GlyphNumber(0.0, decimals=3, width=7, font=self.look.font, font_size=22,
                                     color=pal.cool)
        pct = self.txt("%", size=20, color=pal.cool)
        row = VGroup(tot_lab, tot_f, self.total_num).arrange(RIGHT, buff=0.15)
        row.move_to([-6.3, -2.0, 0], aligned_edge=LEFT)
        self.total_num.align_to(tot_lab, DOWN)
        VGroup(share_lab, self.share_num, pct).arrange(RIGHT, buff=0.1).move_to([6.3, -2.0, 0], aligned_edge=RIGHT)
        self.share_num.align_to(share_lab, DOWN)
        pct.align_to(share_lab, DOWN)
        scale_lab = self.txt(self.s("scale", v=""), size=16, color=pal.muted)
        full_bound = max(bounds) * max(1.0, POS_ROOM / NEG_ROOM)  # the full width is set by the longest bar
        self.scale_num = GlyphNumber(0.0, decimals=3, width=max(9, slots(full_bound, 3)), font=self.look.font,
                                     font_size=16, color=pal.muted)
        VGroup(scale_lab, self.scale_num).arrange(RIGHT, buff=0.1).move_to([-6.3, -2.36, 0], aligned_edge=LEFT)
        self.scale_num.align_to(scale_lab, DOWN)
        statics.add(tot_lab, tot_f, share_lab, pct, scale_lab)
        self.bar_statics = statics
        self.live = VGroup(*self.bars, self.zoom_bar, *self.values, self.p_knob, self.q_knob, self.p_num, self.q_num,
                           self.total_num, self.share_num, self.scale_num)
        self.e_now = d.e
        self.word_now = d.words[0]
        self.set_seats(0.0, 0.0)

    def set_seats(self, p: float, q: float) -> None:
        """Draw the four terms for seats p, q (fractional while moving) on one scale; log them."""
        d = self.data
        terms = naive_terms(self.e_now, d.e2, p, q)  # (4,)
        total = float(terms.sum())
        pos = max(terms.max(), 0.0)
        neg = max(-terms.min(), 0.0)
        unit = max(pos / POS_ROOM, neg / NEG_ROOM, 1e-12)  # value per scene unit: one scale for all bars
        for k, (bar, val, y) in enumerate(zip(self.bars, self.values, BAR_YS)):
            width = abs(terms[k]) / unit
            bar.stretch_to_fit_width(max(width, 1e-4))
            bar.move_to([ZERO_X + np.sign(terms[k]) * width / 2, y, 0])
            val.set_value(terms[k])
            self.shown[f"term_{k + 1}"] = float(terms[k])
        zoom = abs(terms[0]) / self.zoom_full * ZOOM_W
        self.zoom_bar.stretch_to_fit_width(max(zoom, 1e-4)).move_to([ZOOM_X0 + zoom / 2, BAR_YS[0], 0])
        share = 100.0 * abs(terms[0]) / np.abs(terms).sum()
        full = unit * POS_ROOM
        for name, v, knob in (("p", p, self.p_knob), ("q", q, self.q_knob)):
            x0, x1 = self.slider_x[name]
            knob.move_to([x0 + (x1 - x0) * v / self.vmax_seat, SLIDER_Y, 0])
        self.p_num.set_value(p)
        self.q_num.set_value(q)
        self.total_num.set_value(total)
        self.share_num.set_value(share)
        self.scale_num.set_value(full)
        self.shown.update({"p": p, "q": q, "word": self.word_now, "total": total, "content_share_pct": share,
                           "full_width_value": full})

    def run_bars(self):
        d = self.data
        p_t, q_t = ValueTracker(0.0), ValueTracker(0.0)
        k_pq = len(d.stops) - 1  # the last stop: the seats p, q
        pq = d.stops[k_pq]
        key = "cap_bars" if pq[0] == pq[1] else "cap_bars_pq"
        self.section("bars", self.s(key, p=f"{pq[0]:g}", q=f"{pq[1]:g}", t4=fmt_num(d.stop_terms[k_pq, 3], 3),
                                    c=fmt_num(d.stop_terms[k_pq, 0], self.c_dec)))
        self.play(FadeIn(self.bar_statics), FadeIn(self.word_label), FadeIn(self.live), run_time=1.0)
        self.wait(2.5)

        def follow(group):
            self.set_seats(p_t.get_value(), q_t.get_value())

        self.live.add_updater(follow)
        for k, (p, q) in enumerate(d.stops[1:], start=1):
            span = max(abs(p - p_t.get_value()), abs(q - q_t.get_value()))
            self.play(p_t.animate.set_value(float(p)), q_t.animate.set_value(float(q)),
                      run_time=float(np.clip(0.5 * span, 1.5, 3.5)), rate_func=smooth)
            self.shown["stop"] = k
            self.wait(1.6 if k < len(d.stops) - 1 else 2.5)
        self.live.remove_updater(follow)
        self.shown.pop("stop", None)
        self.p_t, self.q_t = p_t, q_t

    # -- 4. another word --------------------------------------------------------------------
    def swap(self):
        pal, d = self.pal, self.data
        p, q = d.stops[-1]
        before = d.stop_terms[-1]
        after = d.swap_terms
        self.section("swap", self.s("cap_swap" if self.swamped else "cap_swap_small", t4=fmt_num(after[3], 3)),
                     keep=[self.bar_statics, self.word_label, self.live])
        new_label = self.txt(self.s("words", a=d.words[2], b=d.words[1]), size=18, color=pal.accent)
        new_label.move_to(self.word_label, aligned_edge=LEFT)
        self.e_now = d.e_swap
        self.word_now = d.words[2]
        self.play(Transform(self.word_label, new_label), run_time=0.8)
        self.set_seats(float(p), float(q))
        self.play(Flash(self.values[0], color=pal.cool), Indicate(self.values[3], color=pal.bad), run_time=1.0)
        note = self.txt(self.s("swap_note", a=d.words[0], b=d.words[2], c1=fmt_num(before[0], self.c_dec),
                               c2=fmt_num(after[0], self.c_dec), t1=fmt_num(before[3], 3), t2=fmt_num(after[3], 3)),
                        size=20, color=pal.accent).move_to([6.3, 1.9, 0], aligned_edge=RIGHT)
        self.play(FadeIn(note, shift=0.1 * UP), run_time=0.8)
        self.swap_note = note
        self.wait(5)


SCENE = NaivePosition
