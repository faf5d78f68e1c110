"""The caption of prenorm_block's depth section: one argument, the three-deep stacks (cap_depth, scenes.prenorm.depth)
then the same block 1 … N deep (cap_recap, scenes.prenorm.curve), in one section."""
from __future__ import annotations

from scenes.prenorm.depth_numbers import depth_args, depth_numbers
from scenes.prenorm.strings import STRINGS, caption_args


def depth_caption(d, lang: str) -> str:
    """The stacks' caption, then the chart's (its sentences picked and its numbers put in by scenes.prenorm.curve_numbers)."""
    table = STRINGS[lang]
    sep = " " if lang == "en" else ""
    return table["cap_depth"].format(**depth_args(depth_numbers(d))) + sep + table["cap_recap"].format(**caption_args(d, lang)["cap_close"])
