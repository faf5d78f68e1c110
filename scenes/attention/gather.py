"""attention_heatmap, the last beat: what attention did for the last word. Row n's weights in both heads (the record's
`A` and `asking.A`) drawn side by side as small bars over the words, head 1's in its plane colour, head 2's in its
own; the cue names the two words head 2 leans to, read from the weights (`gather_words`), and says the last word
now also carries them. Mixed into scenes.attention_heatmap.AttentionHeatmap, at the end of the mix.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, GrowFromEdge, Rectangle, VGroup, smooth

from scenes.attention.cueing import into_cue
from scenes.attention.strings import dims_named, pmatrix
from scenes.attention.table import LABEL, TEX
from scenes.parts.cues import cues
from scenes.parts.emphasis import read_with
from scenes.parts.lecture import CAPTION_TOP
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut

BAR_W = 0.26  # one head's bar
PITCH = 1.05  # from one word's pair of bars to the next
TALLEST = 1.3  # the largest weight's bar, at most
GATHER_RIGHT = 0.0  # head 2's matrices' right end, at most, with no plane on screen


def gather_words(tokens, first, second):
    """The two other words head 2's row leans to most, when the picture says so: head 2 gives them its two
    largest weights (the query word itself aside), head 1 spreads its row more evenly (a lower top and a higher
    floor), and both heads together give those two more than any other word but the query itself. (word, word)
    in the row's order, or None."""
    w1, w2 = np.asarray(first, float), np.asarray(second, float)
    me = tokens[-1]
    others = [c for c in range(len(tokens)) if tokens[c] != me]
    if len(others) < 3 or not (w1.max() < w2.max() and w1.min() > w2.min()):
        return None
    top = sorted(sorted(others, key=lambda c: -w2[c])[:2])
    both = (w1 + w2) / 2
    if sorted(sorted(others, key=lambda c: -both[c])[:2]) != top or w2[top[1]] <= max(w2[c] for c in others if c not in top):
        return None
    return tokens[top[0]], tokens[top[1]]


class AttentionGather:
    """Needs from the scene: d1 (the record), pal, s, txt, caption, play, shown."""

    def gather_bars(self, first, second, colors, box) -> VGroup:
        """Two bars a word (heights ∝ the weights, one scale for both heads) on a base line, the words under
        them, the heads' names over them, fitted into `box` (left, bottom, right, top); built, not shown."""
        pal, tokens = self.pal, self.d1.tokens
        n = len(tokens)
        words = VGroup(*(self.txt(f"{j + 1} {tokens[j]}", size=LABEL, color=pal.ink).next_to([j * PITCH, 0, 0], DOWN, buff=0.12)
                         for j in range(n)))
        keys = VGroup(*(VGroup(Rectangle(width=BAR_W, height=BAR_W, stroke_width=0, fill_color=c, fill_opacity=0.9),
                               self.txt(self.s(name), size=LABEL, color=c)).arrange(RIGHT, buff=0.1)
                        for name, c in (("head_1", colors[0]), ("head_2", colors[1]))))
        # the chart's name (whose weights) on its own line over the two heads' keys it sets side by side
        pair = VGroup(keys[0], self.txt(self.s("gather_vs"), size=LABEL, color=pal.ink), keys[1]).arrange(RIGHT, buff=0.2)
        keys = VGroup(self.txt(self.s("gather_title", r=n), size=LABEL, color=pal.ink), pair).arrange(DOWN, buff=0.12, aligned_edge=LEFT)
        # the bars give up height before the text gives up size: the tallest takes what the words and keys leave
        room = (box[3] - box[1]) - (words.get_top()[1] - words.get_bottom()[1] + 0.12) - keys.height - 0.25 - 0.05
        unit = max(0.5, min(TALLEST, room)) / max(max(first), max(second))
        bars = VGroup()
        for j in range(n):
            pair = VGroup(*(Rectangle(width=BAR_W, height=max(w[j] * unit, 0.02), stroke_width=0, fill_color=c,
                                      fill_opacity=0.9) for w, c in ((first, colors[0]), (second, colors[1]))))
            pair.arrange(RIGHT, buff=0.04, aligned_edge=DOWN)
            pair.move_to([j * PITCH, 0, 0], aligned_edge=DOWN)
            bars.add(pair)
        keys.next_to(bars, UP, buff=0.25, aligned_edge=LEFT)
        view = VGroup(bars, words, keys)
        left, bottom, right, top = box
        if view.width > right - left or view.height > top - bottom:
            view.scale(min((right - left) / view.width, (top - bottom) / view.height))
        view.move_to([left + view.width / 2, (bottom + top) / 2, 0])
        return view

    def gather_why(self, r: int, words) -> str:
        """Why head 2 leans so: fixed by its query and key matrices, not chosen at run time; with the toy's own
        embeddings, and when the two words it leans to are exactly the earlier content words (dim 1 > 0), the rule
        in those words: a 'the' looks for the content words before it."""
        d1 = self.d1
        E = np.asarray(d1.E, float)
        content = {d1.tokens[j] for j in range(r) if E[0, j] > 0}
        if dims_named(d1.tokens, E) and d1.tokens[r] == "the" and set(words) == content:
            return self.s("gather_rule", w=d1.tokens[r])
        return self.s("gather_fixed")

    def gather(self, clear, box, aside=None):
        """Row n's weights of both heads side by side, as `clear` (what stood in `box`) leaves; with the cues that
        read them: head 1 spreads, head 2 leans to two words, which the last word now also carries; head 2's W_Q and
        W_K take `aside`'s place while the cues speak of them. Returns (the bars, the line over them), or None."""
        d1, pal = self.d1, self.pal
        r = len(d1.tokens) - 1
        first, second = [float(v) for v in d1.A[r]], [float(v) for v in d1.asking.A[r]]
        words = gather_words(d1.tokens, first, second)
        if words is None:
            return
        box = (box[0], max(box[1], CAPTION_TOP + 0.3), box[2], box[3])
        view = self.gather_bars(first, second, (pal.muted, pal.accent), box)
        bars, names, keys = view
        self.play(QuickFadeOut(clear), run_time=0.4)
        self.remove(*clear)
        self.play(*(GrowFromEdge(b, DOWN) for pair in bars for b in pair), QuickFadeIn(names), QuickFadeIn(keys),
                  run_time=0.8)
        self.shown["gather"] = ";".join(f"{a:.6f},{b:.6f}" for a, b in zip(first, second))
        text = self.s("cap_gather", r=r + 1, w=d1.tokens[r], a=words[0], b=words[1], why=self.gather_why(r, words))
        self.caption(text)
        lean = [j for j in range(r + 1) if d1.tokens[j] in words]
        lit = [VGroup(*(p[0] for p in bars)), VGroup(*(bars[j][1] for j in lean)), VGroup(*(names[j] for j in lean))]
        mats = self.gather_matrices(text, aside, lit)  # head 2's W_Q and W_K, in `aside`'s place, as the cues name them
        read_with(self, *([mats] if mats is not None else []), *lit, outline=True, whole=True)  # framed: the bars keep their heads' colours
        return bars, (mats if mats is not None else aside)  # the bars, and the read line above them

    def gather_matrices(self, text: str, aside, lit):
        """Head 2's W_Q and W_K (the record's asking.A_Q, A_K) on one line where `aside` (the verdict, read by now)
        stood, left-aligned with it, coming as the first cue naming them comes up (that cue and the ones after it speak
        of them); None, nothing changed, where no cue names them or the line does not fit the room `aside` leaves."""
        if aside is None:
            return None
        said = cues(text, self.look.lang)
        at = next((k for k, c in enumerate(said) if "WQ" in c.replace("\n", " ")), None)
        a = self.d1.asking
        mats = self.tex(rf"W_{{\textstyle Q}} = {pmatrix(a.A_Q)},\; W_{{\textstyle K}} = {pmatrix(a.A_K)}", size=TEX,
                        color=self.pal.ink)
        origin = getattr(self, "ask_at", None)
        right = origin((0.0, 0.0))[0] - 0.3 if callable(origin) else GATHER_RIGHT  # clear of the plane's upright axis
        if at is None or mats.width > right - aside.get_left()[0]:
            return None
        mats.move_to(aside).align_to(aside, LEFT)
        first = len(self.cues_log) - 1  # this caption's first cue
        for _ in range(at - 1):  # the cues before the one before: the bars framed in turn, as before
            read_with(self, *lit, outline=True, whole=True, cue=True)
        out = lambda t: smooth(min(1.0, 2 * t))  # noqa: E731  (the verdict gone in the first half,
        late = lambda t: smooth(max(0.0, 2 * t - 1))  # noqa: E731  the matrices in the second: never one on the other)
        into_cue(self, first + at, QuickFadeOut(aside, rate_func=out), QuickFadeIn(mats, rate_func=late), run_time=0.8,
                 point=lit[-1],
                 shown={"gather_matrices": ";".join(",".join(f"{v:g}" for v in m.ravel()) for m in (a.A_Q, a.A_K))})
        self.remove(aside)
        return mats

    def gather_room(self, clear, above) -> tuple:
        """Where the bars go: from the frame's left, under `above`, over the caption, up to what stands right of
        `clear` (the plane's names and its origin), `clear` itself leaving: (left, bottom, right, top)."""
        top = above.get_bottom()[1] - 0.3
        gone = {id(m) for m in clear.get_family()}
        right = clear.get_right()[0]
        for m in self.texts_on_screen():
            if id(m) not in gone and m.get_left()[0] > clear.get_left()[0] + 1.0 and m.get_bottom()[1] < top:
                right = min(right, m.get_left()[0] - 0.25)
        at = getattr(self, "ask_at", None)
        if callable(at):
            right = min(right, at((0.0, 0.0))[0] - 0.3)
        return (-6.2, CAPTION_TOP + 0.3, right, top)
