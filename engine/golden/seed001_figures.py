"""Recomputations for engine/golden/seed001_figures.toml (seed 001: the positional-encoding figures)."""
import numpy as np

from engine.costs import attention_cost, combine_costs
from engine.pe_geometry import angle_table, distance_profile
from engine.positional import hand_angle

_C = combine_costs()
_ROW = _C.d_models.index(3584)
_DEMO = _C.d_models.index(8)
_A = attention_cost()
_D = distance_profile()
_T = angle_table()


def _width(row, way):
    return int(_C.widths[row, _C.ways.index(way)])


def combine_width_add():
    return _width(_ROW, "add")


def combine_width_concat():
    return _width(_ROW, "concat_fingerprint")


def combine_width_seat():
    return _width(_ROW, "concat_seat")


def combine_demo_fingerprint_width():
    return int(_C.position_widths[_DEMO, _C.ways.index("concat_fingerprint")])


def combine_demo_concat_width():
    return _width(_DEMO, "concat_fingerprint")


def combine_wq_params():
    return [int(_C.wq_params[_ROW, _C.ways.index("add")]),
            int(_C.wq_params[_ROW, _C.ways.index("concat_fingerprint")])]


def cost_score_ratio():
    return _A.score_ratio


def cost_score_entries_1024():
    return _A.short_scores


def cost_position_ratio():
    return _A.position_ratio


def distance_max_over_min_floor():
    return float(np.floor(_D.max_over_adjacent))


def distance_max_rounded():
    return round(_D.max_distance, 4)


def distance_max_pair_count():
    return len(_D.max_pairs)


def distance_runner_up():
    return _D.second_distance


def angle_one_step_2_3():
    return hand_angle(2, 3, 0, 16)


def angle_one_step_28_29():
    return hand_angle(28, 29, 0, 16)


def angle_gap3_all_hands():
    return _T.table[:, 0]


def angle_gap3_spread_all_hands():
    return float(_T.row_spread.max())
