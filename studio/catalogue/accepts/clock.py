"""What the sinusoidal-table entries accept (seeds 001, 002): width, seats and base (studio.catalogue.params).

One D_MODEL, POSITIONS and BASE serve every entry that draws the table; an entry whose layout holds
fewer of something narrows the shared parameter (dataclasses.replace) and keeps its help text.
"""
from __future__ import annotations

from dataclasses import replace

from studio.catalogue.params import Accepts, Param

D_MODEL = Param(
    "d_model", "int", lo=4, hi=64, multiple_of=2, examples=(8, 18),
    help={"en": "width of each fingerprint: d_model / 2 clock hands, each giving a sin and a cos "
                "(2 to 32 hands; beyond 8 the dials are drawn small, in a compact grid)",
          "zh-Hant": "每張指紋的寬度：共 d_model / 2 根時鐘指針，每根給出一個 sin 和一個 cos"
                     "（2 到 32 根；超過 8 根時改用較小的鐘面排成緊湊的格子）",
          "zh-Hans": "每张指纹的宽度：共 d_model / 2 根时钟指针，每根给出一个 sin 和一个 cos"
                     "（2 到 32 根；超过 8 根时改用较小的钟面排成紧凑的网格）"},
)
POSITIONS = Param(
    "positions", "int", arg="n_positions", lo=2, hi=128, examples=(5, 50),
    help={"en": "number of seats, i.e. positions 0 … positions − 1 (the rows of the table)",
          "zh-Hant": "座位數，也就是位置 0 … positions − 1（表的列數）",
          "zh-Hans": "座位数，也就是位置 0 … positions − 1（表的行数）"},
)
BASE = Param(
    "base", "float", lo=2, hi=1e7, examples=(100.0, 500_000.0),
    help={"en": "the base of the denominators base^(2i/d_model): the larger it is, the slower the slow "
                "hands turn (10,000 in the original Transformer)",
          "zh-Hant": "分母 base^(2i/d_model) 的底數：越大，慢指針轉得越慢（原始 Transformer 用 10,000）",
          "zh-Hans": "分母 base^(2i/d_model) 的底数：越大，慢指针转得越慢（原始 Transformer 用 10,000）"},
)

# pe_waves draws one panel per pair and PE(pos) as cells: up to 8 pairs stay readable
D_MODEL_WAVES = replace(
    D_MODEL, hi=16, examples=(6, 16),
    help={"en": "width of the encoding: d_model / 2 pairs, one wave panel each (2 to 8 pairs)",
          "zh-Hant": "編碼的寬度：d_model / 2 組，每組畫一格波形（2 到 8 組）",
          "zh-Hans": "编码的宽度：d_model / 2 组，每组画一格波形（2 到 8 组）"},
)
POSITION = Param(
    "position", "int", lo=0, hi=127, examples=(0, 40),
    help={"en": "the position whose d_model values are written out and marked on every wave "
                "(smaller than positions)",
          "zh-Hant": "寫出 d_model 個值、並在每條波上標出的那個位置（要小於 positions）",
          "zh-Hans": "写出 d_model 个值、并在每条波上标出的那个位置（要小于 positions）"},
)


# seq_number_problems: "the values grow without bound" needs a run of positions to show it
POSITIONS_LONG = replace(POSITIONS, lo=8, examples=(13, 50))


def _position_inside(values: dict) -> str:
    # the engine's defaults (wave_samples: position 3 of 64) where a value is missing: grid_points
    # passes only the values of its point, with_params every value
    pos, n = values.get("position", 3), values.get("positions", 64)
    if pos > n - 1:
        return f"position={pos} is not among the seats 0 … {n - 1} (positions={n})"
    return ""


# the compact layout beyond 8 hands, at a wide example (d_model 64, 50 seats, base 500,000)
_WIDE = {"d_model": 64, "positions": 50, "base": 500_000.0}
_CORNERS = ({"d_model": 64, "positions": 128, "base": 1e7}, {"d_model": 4, "positions": 2, "base": 2.0})

ACCEPTS: dict = {
    "pe_clock": Accepts((D_MODEL, POSITIONS, BASE), grid_examples=(_WIDE, *_CORNERS)),
    "pe_table": Accepts((D_MODEL, POSITIONS, BASE), grid_examples=(_WIDE, *_CORNERS)),
    "pe_distance": Accepts((D_MODEL, POSITIONS, BASE), grid_examples=(_WIDE, *_CORNERS)),
    "pe_angles": Accepts((D_MODEL, POSITIONS, BASE), grid_examples=(_WIDE, *_CORNERS)),
    "pe_waves": Accepts((D_MODEL_WAVES, POSITIONS, POSITION, BASE), check=_position_inside,
                        grid_examples=({"d_model": 16, "positions": 128, "position": 127, "base": 1e7},
                                       {"d_model": 4, "positions": 2, "position": 1, "base": 2.0})),
    "pe_dot_distance": Accepts((D_MODEL, BASE), grid_examples=({"d_model": 64, "base": 500_000.0},
                                                                {"d_model": 4, "base": 2.0})),
    "seq_number_problems": Accepts((D_MODEL, POSITIONS_LONG, BASE),
                                   grid_examples=(_WIDE, _CORNERS[0], {**_CORNERS[1], "positions": 8})),
}
