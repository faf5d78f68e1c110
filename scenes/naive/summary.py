"""naive_position's conclusion (seed 001, lesson 5, from the bar machine to the clock-hand fingerprint): the kept
bar chart is the conclusion. The ghost of ④'s seat-number bar (1152, p q d) and the bounded sin/cos bar stand side
by side on the one log scale, the gap plot (④ a function of p − q in the raw dot product) moving up beside them and
its curve traced again; over the chart the caveat (the raw dot product, before W_Q and W_K) and two short lines,
seat numbers against sin/cos, their maths set in TeX as the picture's is, at least as large as the caption. The title names the comparison from
here on. Mixed into scenes.naive_position.NaivePosition.
"""
from __future__ import annotations

from manim import LEFT, RIGHT, UP, Create, FadeIn, FadeOut, Indicate, Text, Transform, VGroup, linear, smooth

from look import fmt_num
from scenes.naive.bars import GRID_TOP
from scenes.naive.ending import PE, half_d
from scenes.naive.gapplot import BOX
from scenes.parts.lecture import FINAL_HOLD
from look.colour import legible

TOP = 3.0  # under the title
CAVEAT = 32  # the caveat's formulas (TeX size)
HEAD = 28  # the verdicts' heads and ④ (bold text)
VERDICT = 40  # the verdicts' formulas (TeX size): digits as tall as the caption's 26-point text, or taller
LINE_GAP = 0.08
SHRINK = (0.85, 0.62)  # the gap plot's width and height in the conclusion, over the ghost's row
FINAL_PICTURE = 2.0  # seconds the finished picture stays after the last cue has been read (with the scene's hold)
CHART_TOP = 1.82  # the chart's first row label and the gap plot start under this


class NaiveSummary:
    """Needs from the scene: the sin/cos ending (scenes.naive.ending.NaiveEnding) and its gap plot."""

    def caveat_line(self) -> VGroup:
        """x_p = E + PE(p), x_q = E′ + PE(q) and x_p⋅x_q → (x_p W_Q)⋅(x_q W_K), in ink under the title: the
        dot product the chart measures, and what attention takes instead."""
        pal = self.pal
        raw = self.tex(r"x_p\cdot x_q", r"\ \longrightarrow\ ", r"(x_p W_Q)\cdot(x_q W_K)", size=CAVEAT, color=pal.ink)
        raw_def = self.tex(rf"x_p=E+{PE}(p),\ \ x_q=E'+{PE}(q)", size=CAVEAT, color=pal.ink)
        caveat = VGroup(raw_def, raw).arrange(RIGHT, buff=0.7)
        if caveat.width > 12.4:
            caveat.scale_to_fit_width(12.4)
        return caveat.move_to([0, TOP - caveat.height / 2, 0])

    def verdict_lines(self, t4: str, hb: str, top: float) -> list:
        """The two verdicts, one a line, as a small table under the caveat: each head (seat numbers, sin/cos)
        right-aligned in one column, ④ and its formula after it. The formulas' digits at least as tall as the
        caption's, in ④'s and sin/cos's colours made legible on the theme's background (look.colour.legible:
        7:1, the dark theme's ④ colour lifted toward the ink)."""
        pal, d = self.pal, self.data
        lines = []
        for key, color, form in (("concl_seat_head", self.term_colors[3], rf"=p\,q\,d={t4}"),
                                 ("concl_sincos_head", pal.accent, rf"={PE}(p)\cdot {PE}(q)\le {hb.replace(' ', '')}")):
            c = legible(color, pal.background, pal.ink)
            head = self.txt(self.s(key), size=HEAD, color=c, weight="BOLD")
            rhs = VGroup(self.txt("④", size=HEAD, color=c), self.tex(form, size=VERDICT, color=c)).arrange(RIGHT, buff=0.14)
            lines.append((head, rhs))
        col = max(h.width for h, _ in lines)  # the heads' right edge, from the table's left
        y = top
        for head, rhs in lines:
            h = max(head.height, rhs.height)
            head.move_to([col, y - h / 2, 0], aligned_edge=RIGHT)
            rhs.move_to([col + 0.3, y - h / 2, 0], aligned_edge=LEFT)
            y -= h + LINE_GAP
        table = VGroup(*(VGroup(head, rhs) for head, rhs in lines))
        room = top - CHART_TOP
        if table.height > room:  # a long formula (a wide model's bound) shrinks to the room left
            table.scale_to_fit_height(room).move_to([0, top, 0], aligned_edge=UP)
        if table.width > 12.4:
            table.scale_to_fit_width(12.4).move_to([0, top, 0], aligned_edge=UP)
        table.set_x(0)
        return list(table)

    def conclusion(self, gap) -> None:
        """The kept chart is the conclusion: the ghost of ④'s seat-number bar (1152) and the bounded sin/cos bar
        stand side by side on the one log scale, the gap plot moving up beside them, the caveat (the raw dot
        product, before W_Q and W_K) and two short lines over the chart: seat numbers ④ = p q d against sin/cos
        ④ = PE(p)⋅PE(q) ≤ d/2."""
        pal, d = self.pal, self.data
        hb = half_d(d.d_model, d.sincos_bound)
        plot, ghost = self.gap_plot, self.ghost
        self.section("conclusion", self.s("cap_conclusion"), keep=[*self.kept_bars, plot, self.bound_dash])
        t4 = fmt_num(d.stop_terms[-1, 3], 0)  # ④ at the last stop with seat numbers
        caveat = self.caveat_line()
        parts = self.verdict_lines(t4, hb, top=caveat.get_bottom()[1] - 0.1)
        plot[1].remove(self.gap_dot)  # the seats are no longer on screen: no dot for them
        self.remove(self.gap_dot)
        # drawn again in a smaller box than its first (narrow beside the fast pair's dial, or wide): its lines
        # shrink, its values and names stay at their size (never under the bars' smallest text)
        x0, x1, y0, y1 = BOX
        self.gap_box = (x0, x0 + SHRINK[0] * (x1 - x0), y0, y0 + SHRINK[1] * (y1 - y0))
        target = self.build_gap_plot()
        target[1].remove(self.gap_dot)
        self.shown["gap_plot_text_pt"] = round(min(m.font_size for m in target.get_family() if isinstance(m, Text)), 1)
        target.move_to([6.3, GRID_TOP, 0], aligned_edge=RIGHT + UP)  # over the ghost's row: the ghost in sight
        floor = ghost[0].get_top()[1] + 0.03  # the plot's card stops over the ghost's top edge: its outline stays whole
        if target[0].get_bottom()[1] < floor < target[0].get_top()[1]:
            target[0].stretch_to_fit_height(target[0].get_top()[1] - floor, about_edge=UP)
        kept = {id(m) for k in (*self.kept_bars, plot, self.bound_dash, self.title_mob) for m in k.get_family()}
        leaving = [m for m in self.mobjects if id(m) not in kept and id(m) not in self._captions]
        unfold = self.unfold_chart()
        for m in plot.get_family():  # the plot's words on its own card, over the gridlines coming back
            self.label_on(m, self.axis[0])
        # "this is still the raw dot product": the PE rows and notes leave, the plot moves up, the caveat comes
        # the leaving things gone in the first half, the plot moving up in the second (never the one over the other)
        self.play(*(FadeOut(m, rate_func=lambda t: smooth(min(1.0, 2.0 * t))) for m in leaving),
                  Transform(plot, target, rate_func=lambda t: smooth(max(0.0, 2.0 * t - 1.0))), *self.new_title("title_concl"),
                  *unfold,  # the whole axis back, the ghost whole at its true length beside ④'s bar
                  FadeIn(caveat[0], shift=0.1 * UP, rate_func=lambda t: smooth(max(0.0, 2.0 * t - 1.0))), run_time=1.2)
        self.remove(*leaving)
        self.title_done()
        self.pe_shown = False  # the PE rows have left: the record says so
        self.pair_dials = None  # and so has the fast pair's dial
        self.shown.pop("pair_dials", None)
        self.shown.pop("pe_rows", None)
        # "… before the query and key matrices": the matrices' line while the same cue is read
        self.play(FadeIn(caveat[1], shift=0.1 * UP), run_time=0.8)
        self.play(Indicate(caveat[1][2], color=self.emph, scale_factor=1.1), run_time=1.2)
        self.until_cue("p × q")  # "seat numbers: ④ grows with p × q until it swamps ①": the ghost, 1152
        box = self._box(ghost)
        self.play(FadeIn(parts[0], shift=0.1 * UP), Create(box), run_time=0.8)
        self.until_cue("sin")  # "with sin and cos, every term is bounded": ④'s bar under the dashed line
        self.play(FadeIn(parts[1], shift=0.1 * UP), Transform(box, self._box(self.bars[3])), run_time=0.8)
        self.until_cue("p − q")  # "and in the raw dot product ④ depends only on p − q": the curve traced again
        trace = self.gap_curve.copy().set_stroke(width=8, opacity=0.6)
        self.play(FadeOut(box), Create(trace), run_time=2.5, rate_func=linear)
        self.remove(box)
        self.read_caption()
        self.wait(max(0.0, FINAL_PICTURE - FINAL_HOLD))  # the finished picture held after the last cue is read
