"""One type scale for the figures of runs, costs and chains (attention_cost, gelu_relu_dying, rnn_vs_attention,
loss_curves, signal_decay_fig): one title size, one subtitle size, one body size (axis labels, ticks, line labels,
keys, panel headings) and one size for small notes beside a mark. At the 7.2 in page width, 9 pt is the smallest
text (3 % of a 4.6 in figure's height is 10 pt on a slide at 720p: the notes are printed matter's, the body a
slide's). tests/test_figure_fonts.py reads every drawn text of the five against this scale."""
from __future__ import annotations

TITLE_PT = 11.0  # the figure's headline, the first line of its suptitle
SUB_PT = 9.5  # the subtitle under it (muted)
BODY_PT = 10.0  # axis labels, tick labels, keys, line labels, panel headings
NOTE_PT = 9.0  # a note or count beside its mark (a marked size, a panel's key row)
SCALE = (NOTE_PT, SUB_PT, BODY_PT, TITLE_PT)
SYMBOLS = ("⋯",)  # a glyph drawn as a mark (a chain's elided steps), sized as a mark, not as text
