"""layernorm_steps' layout (scenes.layernorm_steps and its steps, e.g. scenes.layernorm.stats): where the bars,
their labels and the rows under them go, in scene units, and the size of every number."""
from __future__ import annotations

from scenes.parts.panel import CONTENT_BOTTOM, SAFE_HALF_WIDTH, Box

BASE = CONTENT_BOTTOM + 0.3  # the lowest content: a clear margin above the caption
CONTENT = Box(-SAFE_HALF_WIDTH + 0.1, SAFE_HALF_WIDTH - 0.1, 2.85, BASE)
LABEL_ROOM = 0.36  # above the highest and below the lowest bar, for the numbers at the tips
NAME_W = 0.8  # left of the first row's bars: the axis's values (as wide as "−0.4"), the names γ and β
GAP = 0.8  # between the rows' columns: room for the check's own axis (scenes.layernorm.check)
BOTTOM = 0.86  # below the bars: the rows γ and β (the aside, the divisor, then the formula in their place)
NAMES_H = 0.30  # between the plot and that band: the feature names f0 … f5 under the bars
MOVE = 2.0  # seconds a step takes to re-shape the bars
SIZE = 25  # every number and label: digits 24 px tall at 720p (over 3 % of the frame height)
TICK_SIZE = SIZE + 2  # the axes' values: over 3 % of the frame height at 480p too
SQUARE_MAX = 0.85  # scene units: the side of the largest squared distance
