"""The numbers of prenorm_block's closing picture (scenes.prenorm.curve): the whole gradient at each block's input
in one deep stack, for Pre-LN and for Post-LN (seed 000, lesson 03b4 §6; engine.depth_layers.layer_gradients, after
Xiong et al. 2020 §3). The stack has DEPTHS blocks: block 1 is the lesson's, blocks 2 … DEPTHS have their own seeded
weights at its scale; the gradient of token a's first output entry is followed back to every block's input, and its
norm (over every entry of that input) is `.pre_total[k - 1]` / `.post_total[k - 1]` for block k.

With the lesson's input Pre-LN's stays between 0.38 and 1.54 (1.54 at block 1, 0.72 at block 24), while Post-LN's
spans 1,700-fold, 0.68 at block 22 down to 0.00040 at block 2; it is the larger only at blocks 21 and 22. Pre-LN's
skip-line part (its final LayerNorm's factor, the identity inside the blocks) is one value, 0.54, at every block;
Post-LN's passes two LayerNorms a block and is 0.00090 at block 1.

Other inputs (the scene's own-numbers options) give other shapes, so the caption's qualitative words are facts
computed here (recap_facts), and each of its last five sentences is the variant those facts make true (recap_keys;
the words in scenes.prenorm.ending_strings)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from engine.depth_layers import LAYERS, layer_gradients
from look import fmt_num
from scenes.prenorm.ending_strings import ENDING_STRINGS

DEPTHS = LAYERS  # the blocks in the stack drawn
MARKED = 14  # the block marked on the chart with both parts' values (its table sits under the lines, left of the crossing)


@dataclass(frozen=True, eq=False)
class DepthCurves:
    depths: np.ndarray  # 1 … DEPTHS
    pre: np.ndarray  # ‖∂out[a, 0]/∂(block 1's input)‖ for a Pre-LN stack that deep
    post: np.ndarray  # ... Post-LN
    post_skip: np.ndarray | None = None  # Post-LN's skip-line part of that gradient (the LayerNorms' factors alone)
    pre_skip: np.ndarray | None = None  # Pre-LN's skip-line part (its final LayerNorm's factor alone)
    pre_sigma: np.ndarray | None = None  # token a's std at Pre-LN's final LayerNorm's input (the σ that factor divides by)

    @property
    def peak(self) -> int:
        """The index of Post-LN's largest value."""
        return int(np.argmax(self.post))

    @property
    def below_from(self) -> int | None:
        """The index from which Post-LN's value stays under Pre-LN's to the deepest stack (None: it never does)."""
        under = self.post < self.pre
        if not under[-1]:
            return None
        k = len(under) - 1
        while k > 0 and under[k - 1]:
            k -= 1
        return k


@lru_cache(maxsize=8)
def _curves(x: bytes, shape: tuple, positions: tuple | None, eps: float, depths: int) -> DepthCurves:
    X = np.frombuffer(x).reshape(shape)
    r = layer_gradients(X, positions, eps=eps, blocks=depths)
    return DepthCurves(depths=np.arange(1, depths + 1), pre=r.pre_total, post=r.post_total, post_skip=r.post_skip,
                       pre_skip=r.pre_skip)  # no σ: Pre-LN's skip-line part is one value along the stack


def depth_curves(d, depths: int = DEPTHS) -> DepthCurves:
    """Both curves for the record d (PrenormLesson: its X, positions and ε), computed once per input."""
    X = np.ascontiguousarray(d.X, dtype=float)
    positions = None if d.positions is None else tuple(d.positions)  # None: the pass with P = 0
    return _curves(X.tobytes(), X.shape, positions, float(d.eps), int(depths))


def value(v: float) -> str:
    """A gradient as drawn and said: 2 decimals, or 2 significant digits under 0.1 (0.015, 0.0004)."""
    return fmt_num(v, 2) if v >= 0.1 else np.format_float_positional(v, precision=2, fractional=False, trim="-")


SLOW_STEP = 1.5  # Pre-LN's "changes slowly": no added block changes it by this factor or more
WARMUP_POST_FOLD = 100.0  # the warm-up sentence: Post-LN's max/min at least this ...
WARMUP_PRE_FOLD = 10.0  # ... and Pre-LN's under this
SUFFIX = {"en": "en", "zh-Hant": "hant", "zh-Hans": "hans"}  # cap_recap's sentence fields: {recap_pre_en} ...
SLOTS = ("pre", "post", "branch", "cross", "why")


def fold_text(f: float) -> str:
    """A factor as said: a whole number to 2 significant digits (3, 8, 10, 63, 110, 1,600); one decimal only under 1.95
    (1.3). Whole numbers, as no picture draws the factor: a stated decimal would read as a value to find on screen."""
    r = float(f"{f:.2g}")
    return f"{int(r):,}" if r >= 10 else str(round(f)) if f >= 1.95 else f"{r:.1f}"


def percent_text(v: np.ndarray) -> str:
    """The largest change from one block to the next, as a whole percentage of the value before it (19 for 0.96 → 0.78)."""
    return str(round(float(np.max(np.abs(np.diff(v)) / v[:-1])) * 100))


def direction(v: np.ndarray) -> str:
    """"falls" / "rises" when every added block moves v the same way, else "both"."""
    step = np.diff(v)
    return "falls" if np.all(step < 0) else "rises" if np.all(step > 0) else "both"


@dataclass(frozen=True)
class RecapFacts:
    pre_dir: str  # falls / rises / both
    pre_step: float  # Pre-LN's largest one-block change factor (≥ 1, up or down)
    pre_fold: float  # Pre-LN's max / min over the depths
    post_fold: float  # Post-LN's max / min
    post_shape: str  # rise_fall (up at every block to a peak after 1 block, down at every block after), falls, rises, up_down
    below_from: int | None  # DepthCurves.below_from
    branch_grows: bool = False  # at Post-LN's peak depth its skip-line part is under 1.00 and the whole gradient over it
    branch_cancels: bool = False  # at the MARKED block both whole gradients are under their skip-line parts
    post_decays: bool = False  # up_down, but falling on the whole from the output back to the input (decays)
    larger_from: int | None = None  # the index from which Post-LN's is the larger up to below_from, when it is the
    # smaller before that index too (smaller, larger, smaller again: the crossing sentence names both ends)


def larger_band(c: DepthCurves) -> int | None:
    """i > 0 when Post-LN's is the smaller at depths [0, i), not the smaller on [i, below_from) and the smaller again
    from below_from on; else None."""
    k, under = c.below_from, c.post < c.pre
    if not k or not under[0]:
        return None
    i = int(np.argmin(under))  # the first index where Post-LN's is not the smaller
    return i if 0 < i < k and not np.any(under[i:k]) else None


def cancels(c: DepthCurves) -> bool:
    """At the MARKED block, both stacks' whole gradient is smaller than its skip-line part alone: the paths' parts,
    added as vectors, partly cancel (the sentence naming both pairs is then true)."""
    if c.post_skip is None or c.pre_skip is None or len(c.depths) < MARKED:
        return False
    k = MARKED - 1
    return bool(c.post[k] < c.post_skip[k] and c.pre[k] < c.pre_skip[k])


def recap_facts(c: DepthCurves) -> RecapFacts:
    """The facts the recap's words state, computed from the curves drawn."""
    ratio = c.pre[1:] / c.pre[:-1]
    k = c.peak
    post_dir = direction(c.post)
    if post_dir != "both":
        shape = post_dir
    elif 0 < k < len(c.post) - 1 and direction(c.post[:k + 1]) == "rises" and direction(c.post[k:]) == "falls":
        shape = "rise_fall"
    else:
        shape = "up_down"
    return RecapFacts(pre_dir=direction(c.pre), pre_step=float(max(ratio.max(), 1 / ratio.min())),
                      pre_fold=float(c.pre.max() / c.pre.min()), post_fold=float(c.post.max() / c.post.min()),
                      post_shape=shape, below_from=c.below_from,
                      branch_grows=bool(c.post_skip is not None and c.post_skip[k] < 1.0 < c.post[k]),
                      branch_cancels=cancels(c), post_decays=shape == "up_down" and decays(c),
                      larger_from=larger_band(c))


def decays(c: DepthCurves) -> bool:
    """Post-LN's, read from the output back to the input, falls on the whole: its largest lies nearer the output than its
    smallest, and a straight line fitted to its log over the blocks rises toward the output."""
    k, lo = c.peak, int(np.argmin(c.post))
    return bool(k > lo and np.polyfit(c.depths.astype(float), np.log(c.post), 1)[0] > 0)


def per_block(c: DepthCurves) -> float:
    """Post-LN's mean factor a block from its largest back to its smallest (the geometric mean: qlo/qm over the blocks
    between, to the 1/blocks power; under 1 when it decays toward the input)."""
    k, lo = c.peak, int(np.argmin(c.post))
    return float((c.post[lo] / c.post[k]) ** (1.0 / abs(k - lo))) if k != lo else 1.0


def recap_keys(f: RecapFacts) -> dict:
    """{slot: the string key of the variant whose claim holds}: each sentence of the recap, picked by the facts."""
    k = f.below_from
    if f.post_fold >= WARMUP_POST_FOLD and f.pre_fold < WARMUP_PRE_FOLD:
        why = "warmup"
    elif fold_text(f.pre_fold) == fold_text(f.post_fold):
        why = "same"
    else:
        why = "pre_more" if f.pre_fold > f.post_fold else "post_more"
    return {"pre": f"recap_pre_{'slow' if f.pre_step < SLOW_STEP else 'fast'}_{f.pre_dir}",
            "post": "recap_post_decays" if f.post_decays else f"recap_post_{f.post_shape}",
            "branch": f"recap_branch_{'grows' if f.branch_grows else 'cancel' if f.branch_cancels else 'both'}",
            "cross": "recap_cross_none" if k is None else "recap_cross_all" if k == 0
            else "recap_cross_band" if f.larger_from else "recap_cross_from",
            "why": f"recap_why_{why}"}


CUES = {"recap_cross_from": "cue_curve_cross", "recap_cross_band": "cue_curve_cross", "recap_cross_all": "cue_curve_cross_all",
        "recap_cross_none": "cue_curve_cross_none", "recap_why_warmup": "cue_curve_why"}


def recap_cues(c: DepthCurves) -> dict:
    """{slot: the key of the cue fragment that opens the chosen sentence} (every pre / post variant opens alike)."""
    keys = recap_keys(recap_facts(c))
    return {"pre": "cue_curve_pre", "post": "cue_curve_post", "cross": CUES[keys["cross"]],
            "why": CUES.get(keys["why"], "cue_curve_compare")}


def marked_args(c: DepthCurves) -> dict:
    """The values marked at MARKED blocks (the depth section's stacks): M the depth, w3q / w3p Post-LN's and Pre-LN's
    whole gradient there, s3q / s3p their skip-line parts (the depth section's {b3} and {a1}); none without the parts."""
    if c.post_skip is None or c.pre_skip is None or len(c.depths) < MARKED:
        return {}
    k = MARKED - 1
    return {"M": MARKED, "w3q": value(c.post[k]), "w3p": value(c.pre[k]), "s3q": value(c.post_skip[k]),
            "s3p": value(c.pre_skip[k]), "g1": value(c.pre_skip[0]), "gN": value(c.pre_skip[-1])}


def curve_args(d) -> dict:
    """The closing caption's numbers: N the deepest stack; c1 / cN Pre-LN's at 1 and N blocks; q1 Post-LN's at one
    block, qm its largest, at Lm blocks, qN its value at N; Lx the depth from which Post-LN's stays the smaller;
    pf / qf Pre-LN's and Post-LN's max/min, ps Pre-LN's largest one-block change in percent; and recap_<slot>_<en|hant|hans>,
    the recap's sentences in each language, each the variant recap_keys picks, formatted with these numbers."""
    c = depth_curves(d)
    k = c.below_from
    f = recap_facts(c)
    out = {"N": int(c.depths[-1]), "c1": value(c.pre[0]), "cN": value(c.pre[-1]), "q1": value(c.post[0]),
           "qm": value(c.post[c.peak]), "Lm": int(c.depths[c.peak]), "qN": value(c.post[-1]), "qlo": value(c.post.min()), "Llo": int(c.depths[int(np.argmin(c.post))]),
           "Lx": int(c.depths[k]) if k is not None else int(c.depths[-1]),
           "La": int(c.depths[f.larger_from]) if f.larger_from else 0, "Lb": int(c.depths[k - 1]) if k else 0,
           "pf": fold_text(f.pre_fold), "qf": fold_text(f.post_fold), "ps": percent_text(c.pre), "qr": fmt_num(per_block(c), 2),
           **marked_args(c)}
    keys = recap_keys(f)
    sentences = {f"recap_{slot}_{SUFFIX[lang]}": ENDING_STRINGS[lang][keys[slot]].format(**out)
                 for lang in SUFFIX for slot in SLOTS}
    return {**out, **sentences}
