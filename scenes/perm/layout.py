"""Where the permutation scene puts things: the arrows on the left (the main picture), the score table
as an inset on the right (scene units; the caption band starts below CONTENT_BOTTOM), and the sizes
of its text: every secondary text at TEXT points (a capital 3.3 % of the frame height as rendered,
above 3.2 %) and every formula at TEX points (Computer Modern digits about 25 px at 720p)."""
from __future__ import annotations

from scenes.parts.panel import Box

MAIN = Box(left=-6.3, right=1.2, top=2.85, bottom=-2.5)
INSET = Box(left=1.6, right=6.3, top=2.85, bottom=-2.5)
Y_POS, Y_TOK, Y_IN, Y_OUT = 2.65, 2.0, 0.75, -1.2  # position numbers, token boxes, the two arrow rows
Y_NOTE = -2.2  # the line under the arrows that says what they draw (its descenders 0.2 clear of the caption)
TEXT = 26  # points: row names, legends, the table's numbers
TEX = 38  # points: formulas
MIDDLE = 1  # the place of the word kept: bites, in the middle of man bites dog and dog bites man
