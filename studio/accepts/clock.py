"""What the sinusoidal-table entries accept (seeds 001, 002): width, seats and base (studio.params)."""
from __future__ import annotations

from studio.params import Accepts, Param

D_MODEL = Param(
    "d_model", "int", lo=2, hi=64, multiple_of=2, examples=(2, 8, 64),
    help={"en": "width of each fingerprint: d_model / 2 clock hands (sin and cos of each)",
          "zh-Hant": "每張指紋的寬度：d_model / 2 根指針（各取 sin 與 cos）",
          "zh-Hans": "每张指纹的宽度：d_model / 2 根指针（各取 sin 与 cos）"},
)
POSITIONS = Param(
    "positions", "int", arg="n_positions", lo=2, hi=128, examples=(2, 50, 128),
    help={"en": "number of seats (positions 0 … positions − 1)",
          "zh-Hant": "座位數（位置 0 … positions − 1）", "zh-Hans": "座位数（位置 0 … positions − 1）"},
)
BASE = Param(
    "base", "float", lo=2, hi=1e7, examples=(100.0, 500_000.0),
    help={"en": "the base of the denominators base^(2i/d_model); 10,000 in the original Transformer",
          "zh-Hant": "分母 base^(2i/d_model) 的底數；原始 Transformer 用 10,000",
          "zh-Hans": "分母 base^(2i/d_model) 的底数；原始 Transformer 用 10,000"},
)

ACCEPTS: dict = {
    "pe_clock": Accepts((D_MODEL, POSITIONS, BASE)),
}
