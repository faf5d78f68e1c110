"""attention_heatmap, the opening (seed 003, "Tokens → vectors"): the title (the sentence, or its length), the
tokens in boxes over the columns of E, q, k, v named as W_Q, W_K, W_V times each column (the names the design uses; the record calls them A_Q, A_K, A_V;
the matrices themselves come with the scores' cue), and a
repeated word's identical columns boxed as the cue says they share one vector. Mixed into
scenes.attention_heatmap.AttentionHeatmap, first.
"""
from __future__ import annotations

from collections import Counter

from manim import DOWN, RIGHT, UP, Arrow, Create, Rectangle, SurroundingRectangle, VGroup

from engine.toy import sentence, text_columns
from scenes.attention.cueing import into_cue
from scenes.attention.strings import dims_named, dims_words, places
from scenes.attention.table import LABEL, TEX
from scenes.parts.emphasis import read_with
from scenes.parts.lecture import CONTENT_BOTTOM
from scenes.parts.matrix import MatrixTable
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut

TITLE_CHARS = 32  # a longer sentence is named by its length in the title (the tokens are shown)


class AttentionTokens:
    """Needs from the scene: d (the record), pal, look, s, txt, tex, section, caption, play, shown."""

    def title_text(self) -> str:
        """The sentence in quotes, or (a long one) the number of its tokens."""
        text = sentence(self.d.tokens)
        text = text[:1].upper() + text[1:]
        if text_columns(text) <= TITLE_CHARS:
            return self.s("title", text=text)
        return self.s("title_n", n=len(self.d.tokens))

    def tokens_caption(self) -> str:
        """What the tokens section says: the toy's tokenization, which words repeat (one vector), and (the toy's
        own embeddings) what each dimension means for these words."""
        toks = self.d.tokens
        text = self.s("tokenize") if all(t.isascii() and t.isalpha() for t in toks) else ""
        text += self.s("cap_tokens")
        for w, k in Counter(toks).items():
            if k > 1:
                text += self.s("shared_2" if k == 2 else "shared_k", w=w, k=k)
        if dims_named(toks, self.d.E):  # what the two rows of E mean for these words
            text += self.s("cap_dims", **dims_words())
        return text


    # 1. tokens -----------------------------------------------------------------------------
    def tokens(self):
        d, pal = self.d, self.pal
        n = len(d.tokens)
        E = MatrixTable(d.E, font=self.look.font, decimals=places(d.E.ravel()), font_size=30, color=pal.ink,
                        bracket_color=pal.muted, col_gap=0.9)
        E.remove(E.brackets)  # the brackets clear of a boxed end column (its box 0.08 out from the digits)
        E.brackets = E._brackets(pal.muted, pad=0.34)
        E.add(E.brackets)
        if E.width > 12.0:
            E.scale_to_fit_width(12.0)
        E.move_to([0, 0.55, 0])
        words = VGroup()
        for j, tok in enumerate(d.tokens):
            t = self.txt(tok, size=28)
            box = Rectangle(width=max(1.15, t.width + 0.3), height=0.6, stroke_color=pal.ink, stroke_width=2,
                            fill_color=pal.panel, fill_opacity=1)
            t.move_to(box)
            idx = self.txt(str(j + 1), size=LABEL, color=pal.muted).next_to(box, UP, buff=0.08)
            words.add(VGroup(box, t, idx))
        # one box above each column of E where they fit, else side by side across the width
        gaps = [E.col(j + 1).get_center()[0] - E.col(j).get_center()[0] for j in range(n - 1)]
        # staggered rows: E narrows (about its centre, x = 0) until the outer boxes stay in the frame
        ends = [E.col(j).get_center()[0] for j in (0, n - 1)]
        narrow = min(1.0, *((6.25 - words[j][0].width / 2) / max(abs(x), 1e-6) for j, x in zip((0, n - 1), ends)))
        gaps2 = [narrow * (E.col(j + 2).get_center()[0] - E.col(j).get_center()[0]) for j in range(n - 2)]
        if all((words[j][0].width + words[j + 1][0].width) / 2 + 0.1 <= g for j, g in enumerate(gaps)):
            for j, cell in enumerate(words):
                cell.move_to([E.col(j).get_center()[0], 2.2, 0])
        elif all((words[j][0].width + words[j + 2][0].width) / 2 + 0.1 <= g for j, g in enumerate(gaps2)):
            E.scale(narrow)
            for j, cell in enumerate(words):  # long words: two staggered rows, each box still above its column
                cell.move_to([E.col(j).get_center()[0], 2.55 if j % 2 == 0 else 1.6, 0])
        else:
            words.arrange(RIGHT, buff=0.12)
            if words.width > 12.4:
                words.scale_to_fit_width(12.4)
            words.move_to([0, 2.2, 0])
        arrows = VGroup(*(Arrow(words[j][0].get_bottom(), E.col(j).get_top() + UP * 0.05, buff=0.08,
                                stroke_width=3, color=pal.muted, max_tip_length_to_length_ratio=0.3)
                          for j in range(n)))
        name = self.tex(rf"E = [\,e_{{\textstyle 1}}\ \cdots\ e_{{\textstyle {n}}}\,] \in \mathbb{{R}}^{{2\times {n}}}", size=TEX)
        name.move_to([0, -0.75, 0])
        # every index at full size, set low (\textstyle): a script-size index is 2 % of the frame height at 480p
        qkv = (r"q_{\textstyle i} = W_{\textstyle Q}\,e_{\textstyle i},\quad k_{\textstyle j} = W_{\textstyle K}\,"
               r"e_{\textstyle j},\quad v_{\textstyle j} = W_{\textstyle V}\,e_{\textstyle j}")
        # the matrices themselves (W_Q = W_K = W_V = I, or their values) come once, with the scores' cue that names them
        ident = VGroup(self.tex(qkv, size=TEX))
        if ident.width > 12.2:
            ident.scale_to_fit_width(12.2)
        ident.next_to(name, DOWN, buff=0.3)
        low = CONTENT_BOTTOM + 0.05 - ident.get_bottom()[1]  # a tall matrix line: the pair moves up, clear of the captions
        if low > 0:
            VGroup(name, ident).shift(UP * min(low, max(0.0, E.get_bottom()[1] - 0.2 - name.get_top()[1])))
            if ident.get_bottom()[1] < CONTENT_BOTTOM + 0.05:  # still too low: smaller, from the top down
                ident.scale((ident.get_top()[1] - CONTENT_BOTTOM - 0.05) / ident.height, about_edge=UP)
        self.add(words)  # the tokens come with the first cue, never a caption over an empty frame
        self.section("tokens", keep=[words])
        # the vectors come with the cue that says each token is one
        self.caption(self.tokens_caption(), with_=[Create(arrows), QuickFadeIn(E)], run_time=1.0,
                     shown={"showing": "tokens,E"})
        self.play(QuickFadeIn(name), QuickFadeIn(ident), run_time=0.8)
        # a repeated word: its identical columns boxed as the cue says they share one vector
        twins = [j for j, t in enumerate(d.tokens) if d.tokens.count(t) > 1]
        shared = VGroup(*(SurroundingRectangle(E.col(j), buff=0.08, color=pal.accent, stroke_width=4) for j in twins))
        if twins:  # drawn by the time the cue that says they share one vector comes up
            into_cue(self, len(self.cues_log), Create(shared), run_time=0.6,
                     shown={"shared_columns": ",".join(str(j + 1) for j in twins)})
        kept = VGroup(arrows, E, name, ident, shared)
        if dims_named(d.tokens, d.E):  # each dimension's row of E boxed as its cue names it (the columns' box gone)
            lit = shared
            for r in range(2):
                self.until_next_cue()
                row = SurroundingRectangle(E.row(r), buff=0.08, color=pal.accent, stroke_width=4)
                self.play(*([QuickFadeOut(lit)] if len(lit.get_family()) > 1 or r else []), Create(row), run_time=0.6)
                self.remove(lit)
                self.shown["row_lit"] = r + 1
                lit = row
            read_with(self, E, words)
            self.play(QuickFadeOut(lit), run_time=0.4)
            self.remove(lit)
            kept.submobjects[4] = VGroup()  # the columns' box is gone (the next step reads its place, empty)
        else:
            read_with(self, E, words)
        self.tokens_view = (kept, words)
