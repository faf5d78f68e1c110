"""attention_heatmap, why the scores are divided by √d (seed 003, "Dot products → attention weights"; the engine's
numbers, engine.scaling.scale_spread, in the record's `why_sqrt`): once the table is filled, the worked cell
gives way to a small table of the spread σ of q·k for random queries and keys of widths 2, 8, 32, 128 (it grows
like √d) and of q·k/√d (it stays near 1), each row with the cue that says it, after the cue that asks why; then one
row of five scores at the largest width, named on screen (in the spread table's place) and in the cue (one random query against five random keys),
through softmax, undivided (nearly all the weight on one key) and divided (spread out), as bars, each with
the cue that reads its largest weight.
Mixed into scenes.attention_heatmap.AttentionHeatmap, at the end of the scores section.
"""
from __future__ import annotations

from manim import DOWN, UP, Circumscribe, FadeIn, LaggedStart, Line, Rectangle, VGroup

from look import fmt_num
from scenes.attention.table import LABEL, NOTE, PANEL_RIGHT, TEX, WORDS
from scenes.parts.cues import cues
from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeOut

BAR_W, BAR_GAP, BAR_H = 0.24, 0.07, 1.0  # a weight of 1 is BAR_H tall: room over the bars for their name
BASE = -1.55  # the bars' axis
TOP = 2.75  # the spread table's heads
ROW = 0.42  # its rows
HEAD = TEX  # its heads and the bars' names (TeX): digits 3 % of the frame height


class AttentionSqrt:
    """Needs from the scene: d (the record), pal, s, txt, tex, caption, play, shown, panel_left, and the scores
    section's unpack_lines (faded here; the panel drawn here takes their place for the mask to fade)."""

    def why_sqrt(self):
        r, pal = self.d.why_sqrt, self.pal
        if r is None:
            return
        widths = [int(w) for w in r.widths]
        c, w1 = fmt_num(float(r.scaled_std.mean()), 1), fmt_num(float(r.row_weights.max()), 3)
        text = self.s("cap_why_sqrt", d1=widths[0], d2=widths[-1], s1=fmt_num(r.dot_std[0], 1),
                      s2=fmt_num(r.dot_std[-1], 1), c=c, k=r.keys, w1=w1, w2=fmt_num(float(r.row_weights_scaled.max()), 3))
        # the spread table: one row per width, its columns d, σ(q·k), σ(q·k/√d)
        left = self.panel_left
        heads = [self.tex("d", size=HEAD), self.tex(r"\sigma(q\cdot k)", size=HEAD),
                 self.tex(r"\sigma(q\cdot k/\sqrt{d})", size=HEAD)]
        cols = [[self.txt(str(w), size=NOTE, color=pal.muted) for w in widths],
                [self.txt(fmt_num(float(v), 1), size=NOTE, color=pal.accent) for v in r.dot_std],
                [self.txt(fmt_num(float(v), 1), size=NOTE, color=pal.cool) for v in r.scaled_std]]
        col_w = [max(heads[k].width, *(m.width for m in cols[k])) for k in range(3)]
        gap = max(0.1, (PANEL_RIGHT - left - sum(col_w)) / 3)
        x = left + gap / 2
        for k in range(3):
            heads[k].move_to([x + col_w[k] / 2, TOP, 0])
            for row, cell in enumerate(cols[k]):
                cell.move_to([x + col_w[k] / 2, TOP - 0.5 - ROW * row, 0])
            x += col_w[k] + gap
        rule = Line([left, TOP - 0.26, 0], [PANEL_RIGHT, TOP - 0.26, 0], stroke_color=pal.muted, stroke_width=2)
        table = VGroup(VGroup(heads[0], *cols[0]), VGroup(heads[1], *cols[1]), VGroup(heads[2], *cols[2]))
        rows = cols
        # one row of k scores at the largest width through softmax: undivided, divided, side by side
        bars = VGroup()
        group_w = r.keys * BAR_W + (r.keys - 1) * BAR_GAP
        spare = (PANEL_RIGHT - left - 2 * group_w) / 3
        for k, (weights, color, name) in enumerate(((r.row_weights, pal.accent, r"q\cdot k"),
                                                     (r.row_weights_scaled, pal.cool, r"q\cdot k/\sqrt{d}"))):
            x0 = left + spare + k * (group_w + spare)
            cols_k = VGroup(*(Rectangle(width=BAR_W, height=max(1e-3, BAR_H * float(w)), stroke_width=0,
                                        fill_color=color, fill_opacity=0.9)
                              .move_to([x0 + j * (BAR_W + BAR_GAP) + BAR_W / 2, BASE, 0], aligned_edge=DOWN)
                              for j, w in enumerate(weights)))
            axis = Line([x0 - 0.05, BASE, 0], [x0 + group_w + 0.05, BASE, 0], stroke_color=pal.muted, stroke_width=2)
            top = int(weights.argmax())
            value = self.txt(fmt_num(float(weights[top]), 3), size=LABEL, color=color).next_to(cols_k[top], UP, buff=0.08)
            value.set_x(min(max(value.get_x(), x0 + value.width / 2), x0 + group_w - value.width / 2))
            label = self.tex(name, size=HEAD).next_to(axis, DOWN, buff=0.12)
            bars.add(VGroup(axis, cols_k, value, label))
        # where the bars' scores come from: one random query against r.keys random keys at the largest width, in
        # words whose lower-case letters are 3 % of the frame height; it takes the spread table's place, at the
        # panel's top, when that table's cues are over
        width_note = self.txt(self.s("bars_name", k=r.keys, d=r.row_width), size=WORDS, color=pal.ink)
        if width_note.width > PANEL_RIGHT - left - 0.2:  # two long lines: inside the panel
            width_note.scale_to_fit_width(PANEL_RIGHT - left - 0.2)
        width_note.move_to([(left + PANEL_RIGHT) / 2, TOP + 0.2 - width_note.height / 2, 0])
        self.caption(text)
        first = len(self.cues_log) - 1
        self.play(QuickFadeOut(self.unpack_lines), run_time=0.4)
        self.remove(self.unpack_lines)
        # the question first, "why divide by √d?", with the table's formula and its divisor lit; the spreads that
        # answer it come with the next cue
        self.shown["why_sqrt"] = "question"
        self.play(Circumscribe(self.table_name, color=pal.accent, buff=0.1), run_time=1.2)
        self.until_next_cue()
        # "the spread of q·k grows with d": the widths, then q·k's spreads one by one
        self.play(FadeIn(VGroup(table[0], rule)), FadeIn(heads[1]), run_time=0.6)
        self.play(LaggedStart(*(FadeIn(c, shift=0.1 * UP) for c in rows[1]), lag_ratio=0.3), run_time=1.4)
        self.shown["why_sqrt"] = "spread"
        self.read_until(c, VGroup(*rows[1]))
        # "divided by √d, it stays near 1"
        self.play(FadeIn(heads[2]), *(FadeIn(c, shift=0.1 * UP) for c in rows[2]), run_time=1.0)
        self.shown["why_sqrt"] = "spread,scaled"
        # "one random query, 5 random keys, d = 128": the bars' name, where their scores come from, with its cue
        said = cues(text, self.look.lang)
        after = next(k for k, t in enumerate(said) if c in t)
        named = next((k for k, t in enumerate(said) if k > after and str(r.keys) in t), after + 1)
        w2 = fmt_num(float(r.row_weights_scaled.max()), 3)
        divided = next((k for k, t in enumerate(said) if k > named + 1 and w2 in t), named + 2)
        while len(self.cues_log) - 1 < first + named and self._queue:
            read_with(self, VGroup(*rows[2]), cue=True)
        self.shown["bars_scores"] = f"{r.keys} random q·k at d={r.row_width}"
        self.play(QuickFadeOut(VGroup(table, rule)), run_time=0.3)
        self.remove(table, rule)
        self.play(FadeIn(width_note, shift=0.1 * UP), run_time=0.6)
        while len(self.cues_log) - 1 < first + named + 1 and self._queue:  # the bars with the cue after the name
            read_with(self, width_note, cue=True)
        # "their scores through softmax: one key takes nearly all", then with its own cue "divided, the largest
        # weight is w2": each group of bars with the cue that reads its value
        self.shown["why_sqrt"] = "spread,scaled,softmax"  # as the bars start to come
        self.play(FadeIn(bars[0]), run_time=0.8)
        while len(self.cues_log) - 1 < first + divided and self._queue:
            read_with(self, bars[0][2], cue=True)
        self.play(FadeIn(bars[1]), run_time=0.8)
        read_with(self, bars[0][2], bars[1][2])
        self.unpack_lines = VGroup(width_note, bars)

    def read_until(self, mark: str, *mobs) -> None:
        """Read the cues, `mobs` pointed at, until the one that holds `mark` is on screen."""
        while mark not in self.cues_log[-1]["text"] and self._queue:
            read_with(self, *mobs, cue=True)
