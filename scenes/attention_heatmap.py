"""attention_heatmap: causal attention on "The cat sat on the", computed (seed 003, "Tokens → vectors",
"Dot products → attention weights", "The last position supplies our context vector").

Sections: tokens (2-D embeddings as columns, q = k = v) → scores (z_ij = q_iᵀk_j/√2: one cell
worked out in the empty table, its value moved into its cell, then the rest; E kept beside the table) → mask (× on the future) → softmax (each row sums to 1; then why the
scores are divided by √d: random q·k spreads as √d, divided it spreads as 1, and a wide spread makes softmax one-hot) → context
(x = Σ α_nj v_j, the terms added head to tail while the running sum is shown) → summary (the steps named
in turn; the repeated word's two equal weights, and their equal pieces of the sum trading places); then a second head with A_Q ≠ A_K
(the record's `asking`, seed 003 "Optional: edit the query, key and value matrices"): q and k of one
pair of words on the full-size plane (head 1's table steps out for them; q solid, k dashed, in the word's colour,
named with the word in brackets; the angle between asker's q and answerer's k marked; each z written out as
q·k/√2) → the asymmetric table (z_ij beside z_ji, head 1's symmetric table small beside it) → mask and
softmax → the last row in both heads side by side (what a different query changes) → the last row's weights
scaling each value vector → their sum beside the first head's x, carried over from the context section →
ask_summary → mix: o = ½x + ½x′ drawn on the same plane, and a closing card. Every number is read from
the engine record (engine.toy.attention_lesson).

The pieces, one step each, in scenes/attention/: strings (the words, TeX numbers), table (the grid of scores
and weights), tokens (the opening), scores (the table filled, one cell worked out), sqrt (why √d: strips of random q·k at d = 4, 16, 64, divided by √d, and one row's softmax), weights (mask and softmax),
context (the first head's sum), repeats (the steps named, a repeated word), sweep (every row's output, filled row by row), pair (the switch to the second
head), plane (the one plane of token vectors, kept to the end), asking (the second head's table and weights), asksum (its weighted sum, h₂ beside h₁), rows (the last row across heads), rule (head 2's rule, e_nᵀ W_Qᵀ W_K, drawn), mirror (head 1's table beside head 2's), mix (the ending), gather (row n's weights of both heads as bars over the words, last), residual (o added to token 5's own vector on the plane) and captions (h₁, h₂ in the cues drawn as
the picture sets them); this module holds only
the scene's order.
"""
from __future__ import annotations

from scenes.attention.asking import AttentionAsking
from scenes.attention.asksum import AttentionAskSum
from scenes.attention.captions import HeadNameCaptions
from scenes.attention.context import AttentionContext
from scenes.attention.gather import AttentionGather
from scenes.attention.mirror import AttentionMirror
from scenes.attention.mix import AttentionMix
from scenes.attention.pair import AttentionPair
from scenes.attention.payoff import AttentionPayoff
from scenes.attention.plane import AttentionPlane
from scenes.attention.repeats import AttentionRepeats
from scenes.attention.residual import AttentionResidual
from scenes.attention.rows import AttentionRows
from scenes.attention.rule import AttentionRule
from scenes.attention.scores import AttentionScores
from scenes.attention.sqrt import AttentionSqrt
from scenes.attention.strings import STRINGS
from scenes.attention.sweep import AttentionSweep
from scenes.attention.table import AttentionTable
from scenes.attention.tokens import AttentionTokens
from scenes.attention.weights import AttentionWeights
from scenes.attention.zero import AttentionZero
from scenes.parts.lecture import LectureScene

DECIMALS = {"E": 1, "Q": 1, "K": 1, "V": 1, "dots": 4, "scores": 4, "A": 4, "row_sums": 4, "C": 4,
            "x": 4, "terms": 4, "cell_products": 4, "asking_gap": 4, "scale": 4, "exp_scores": 4, "exp_row_sums": 4,
            "W_O": 4, "heads_concat": 4, "layer_out": 4, "residual_in": 4, "residual_out": 4}


class AttentionHeatmap(HeadNameCaptions, AttentionTable, AttentionTokens, AttentionScores, AttentionSqrt, AttentionWeights, AttentionZero, AttentionContext,
                       AttentionSweep, AttentionRepeats, AttentionPlane, AttentionPair, AttentionAsking, AttentionAskSum, AttentionMirror, AttentionRows, AttentionRule, AttentionMix, AttentionResidual,
                       AttentionGather, AttentionPayoff,
                       LectureScene):
    strings = STRINGS
    zh_every_char = True  # its cues carry numbers and formulas: in Chinese they read at 7 characters a second too
    min_cue_hold = 2.6  # seconds (2.5 and a frame): a short cue ("權重不是參數：", "Row 2 gives itself 0.9442.") stays to be read

    def construct(self):
        self.d = self.data
        self.add_title(self.title_text())
        self.build_table()
        self.tokens()
        self.scores()
        self.mask()
        self.softmax()
        self.why_sqrt()  # once softmax weights are known: scores → softmax → why divide by √d
        self.context()
        self.summary()
        self.sweep_rows()  # every row's own output, the n × 2 table filled row by row
        self.same_words()
        self.asking()
        self.ask_summary()
        self.mix()


SCENE = AttentionHeatmap
