"""naive_position's conclusion (seed 001, lesson 5, from the bar machine to the clock-hand fingerprint): the kept
bar chart is the conclusion. The ghost of ④'s seat-number bar (1152, p q d) and the bounded sin/cos bar stand side
by side on the one log scale, the gap plot (④ a function of p − q in the raw dot product) moving up beside them and
its curve traced again; over the chart the caveat (the raw dot product, before W_Q and W_K) and one short line,
seat numbers against sin/cos, their maths set in TeX as the picture's is. The title names the comparison from
here on. Mixed into scenes.naive_position.NaivePosition.
"""
from __future__ import annotations

from manim import RIGHT, UP, Create, FadeIn, FadeOut, Indicate, Transform, VGroup, linear, smooth

from look import fmt_num
from scenes.naive.bars import GRID_TOP
from scenes.naive.ending import PE, half_d
from scenes.naive.gapplot import BOX


class NaiveSummary:
    """Needs from the scene: the sin/cos ending (scenes.naive.ending.NaiveEnding) and its gap plot."""

    def conclusion(self, gap) -> None:
        """The kept chart is the conclusion: the ghost of ④'s seat-number bar (1152) and the bounded sin/cos bar
        stand side by side on the one log scale, the gap plot moving up beside them, the caveat (the raw dot
        product, before W_Q and W_K) and one short line over the chart: seat numbers ④ = p q d against sin/cos
        ④ = PE(p)⋅PE(q) ≤ d/2."""
        pal, d = self.pal, self.data
        hb = half_d(d.d_model, d.sincos_bound)
        plot, ghost = self.gap_plot, self.ghost
        self.section("conclusion", self.s("cap_conclusion"), keep=[*self.kept_bars, plot, self.bound_dash])
        t4 = fmt_num(d.stop_terms[-1, 3], 0)  # ④ at the last stop with seat numbers
        parts = []
        for key, color, form in (("concl_seat_head", self.term_colors[3], rf"=p\,q\,d={t4}"),
                                 ("concl_sincos_head", pal.accent, rf"={PE}(p)\cdot {PE}(q)\le {hb.replace(' ', '')}")):
            parts.append(VGroup(self.txt(self.s(key), size=26, color=color, weight="BOLD"),
                                self.txt("④", size=28, color=color), self.tex(form, size=34, color=color))
                         .arrange(RIGHT, buff=0.14))
        line = VGroup(*parts).arrange(RIGHT, buff=0.9)
        raw = self.tex(r"x_p\cdot x_q", r"\ \longrightarrow\ ", r"(x_p W_Q)\cdot(x_q W_K)", size=32, color=pal.ink)
        raw_def = self.tex(rf"x_p=E+{PE}(p),\ \ x_q=E'+{PE}(q)", size=32, color=pal.muted)
        caveat = VGroup(raw_def, raw).arrange(RIGHT, buff=0.7)
        for m in (line, caveat):
            if m.width > 12.4:
                m.scale_to_fit_width(12.4)
        caveat.move_to([0, 2.75, 0])
        line.move_to([0, 2.02, 0])
        plot[1].remove(self.gap_dot)  # the seats are no longer on screen: no dot for them
        self.remove(self.gap_dot)
        if self.gap_box != BOX:  # drawn narrow beside the fast pair's dial: it comes back at its full width
            self.gap_box = BOX
            target = self.build_gap_plot()
            target[1].remove(self.gap_dot)
            target.scale(0.85)
        else:
            target = plot.copy().scale(0.85)
        target.move_to([6.3, GRID_TOP, 0], aligned_edge=RIGHT + UP)  # over the ghost's row: the ghost in sight
        kept = {id(m) for k in (*self.kept_bars, plot, self.bound_dash, self.title_mob) for m in k.get_family()}
        leaving = [m for m in self.mobjects if id(m) not in kept and id(m) not in self._captions]
        unfold = self.unfold_chart()
        for m in plot.get_family():  # the plot's words on its own card, over the gridlines coming back
            self.label_on(m, self.axis[0])
        # "this is still the raw dot product": the PE rows and notes leave, the plot moves up, the caveat comes
        self.play(*(FadeOut(m) for m in leaving), Transform(plot, target), *self.new_title("title_concl"),
                  *unfold,  # the whole axis back, the ghost whole at its true length beside ④'s bar
                  FadeIn(caveat[0], shift=0.1 * UP, rate_func=lambda t: smooth(max(0.0, 2.0 * t - 1.0))), run_time=1.2)
        self.remove(*leaving)
        self.title_done()
        self.pe_shown = False  # the PE rows have left: the record says so
        self.pair_dials = None  # and so has the fast pair's dial
        self.shown.pop("pair_dials", None)
        self.shown.pop("pe_rows", None)
        self.next_cue()  # "real attention first multiplies both by the query and key matrices"
        self.play(FadeIn(caveat[1], shift=0.1 * UP), run_time=0.8)
        self.play(Indicate(raw[2], color=self.emph, scale_factor=1.1), run_time=1.2)
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
