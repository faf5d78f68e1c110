"""A widget slide's frames after its question: the widget's controls set to what each frame's words
name (the lecture deck's pause and answer frames, deck.js applies them as the frame is entered).

The training replay asks its own question (its prediction pills, no predict box): its slide steps through the
seed's three runs, each one press to ask (the start set, the question shown) and one to run (Train pressed, the
verdict shown), its opening start first; a run needs a prediction, the deck picks the run's recorded outcome
(static/deck-drive.js play, which keeps it from being called anyone's prediction).

A widget slide with a predict box shows, one key press each: the question (the widget at its opening
values), then `frames` in order, each a set of controls ({data-control name or radio group: value;
"step": a stepper's step, from 0}) taken from the opening values, and whether the answer is open by then.
Every value is read from the widget's own data and the answer's numbers (studio.publish.pages.widgets,
the engine's), never written here: the drift answer's shift is the slider position whose state shows
that shift, the block answer's step the one whose rows hold the weights the answer cites.

Every stepper slide follows one rule (walk): after the question, each press shows the next step, 1 … the last,
the answer open from the step it cites on; a stepper slide without a question (the word, the LayerNorm stepper)
walks its steps the same way with nothing to open (walk_frames), so → never leaves a stepper half shown.
"""
from __future__ import annotations

from studio.errors import UserError


def _key_where(states: dict, field: str, value: str) -> str:
    """The state key whose `field` reads `value` (a slider position)."""
    for k, st in states.items():
        if st.get(field) == value:
            return k
    raise UserError(f"no widget state shows {field} = {value!r}: the deck's answer frame cannot show it")


def _step_where(states: dict, prefix: str, label: str) -> int:
    """The first step of the states keyed `prefix|k` with a row labelled `label`."""
    k = 0
    while f"{prefix}|{k}" in states:
        if label in states[f"{prefix}|{k}"].values():
            return k
        k += 1
    raise UserError(f"no step of the widget shows the row {label!r}: the deck's answer frame cannot show it")


def stepper(w: dict) -> bool:
    """Whether the widget has a stepper: its states keyed `…|step`, the last step `max`."""
    return bool(w and w.get("max") is not None and w.get("states")
                and any(k.endswith(f"|{w['max']}") for k in w["states"]))


def walk(w: dict, at: int | None, fixed: dict | None = None) -> list[dict]:
    """The one rule for a stepper: every step after the opening one, one press each (steps 1 … max), the answer
    open from step `at` on (None: the slide has no answer to open); `fixed`: other controls held meanwhile."""
    return [{"set": {**(fixed or {}), "step": k}, "answer": at is not None and k >= at} for k in range(1, w["max"] + 1)]


def _drift(w, a):  # the answer's shift (seed 004 §4.2: −1.5) on the slider
    return [{"set": {"shift": int(_key_where(w["states"], "shift", a["shift"]))}, "answer": True}]


def _ffn(w, a):  # every step, the answer from GELU(h) (step 3, index 2) on; y is the last step
    return walk(w, 2)


def _last_step(w, a):  # the loss (forward) or the update (backward): their last step
    return walk(w, w["max"])


def _shortcut(w, a):  # the backward pass from layer 5 down to layer 1 without the shortcut, then with it
    return walk(w, w["max"], {"sc": False}) + [{"set": {"sc": True, "step": w["max"]}, "answer": True}]


def _block(w, a):
    """Every line, the answer from the step whose rows hold the zero query's attention weights. The answer gives
    them with and without the causal mask; a widget that opens with the mask on (the depth page: GPT-2's) walks
    with it on, so that step shows the masked weights (1 / 0), and a last frame unticks it at that step: the
    unmasked, uniform weights the answer names first."""
    token, name = a["token"].split(" ", 1)
    k = _step_where(w["states"], "1", f"A{a['mark']}[{token}] {name}")
    if not w.get("masked"):
        return walk(w, k)
    return walk(w, k, {"mask": True}) + [{"set": {"mask": False, "step": k}, "answer": True}]


def _decode(w, a):  # every new token, the answer (the first new token's probability) from the first step on
    return walk(w, _step_where(w["states"], "0", a["prob"]))


def _lndim(w, a):  # the answer is about dim = 0
    return [{"set": {"dim": w["dims"].index(0)}, "answer": True}]


def _training(w, a):  # the seed's three runs, the opening start first: each asked, then run (deck-drive.js play)
    runs = [w["start"]] + [k for k in w["seed_runs"] if k != w["start"]]
    out = []
    for k in runs:
        s, ln = (int(v) for v in k.split("|"))
        out += [{"set": {"s": s, "ln": ln}, "ask": True}, {"set": {"s": s, "ln": ln}, "run": k}]
    return out


# widgets that ask their own question (no predict box): their frames are the whole of the slide's steps
OWN_QUESTION = {"training": _training}

FRAMES = {"drift": _drift, "ffn": _ffn, "forward": _last_step, "backward": _last_step, "shortcut": _shortcut,
          "block": _block, "decode": _decode, "lndim": _lndim}


def answer_frames(wid: str, w: dict, answers: dict) -> list[dict]:
    """The frames after a widget's question: its answer at the opening values, unless FRAMES names them;
    for a widget that asks its own question (OWN_QUESTION), every step of its slide."""
    if wid in OWN_QUESTION and w:
        return OWN_QUESTION[wid](w, answers.get(wid))
    if wid in FRAMES and w and wid in answers:
        return FRAMES[wid](w, answers[wid])
    return [{"set": {}, "answer": True}]


def walk_frames(w: dict) -> list[dict]:
    """A stepper slide with no question (the word, the LayerNorm stepper): its steps walked by the same rule, each
    press one step, nothing to open; [] for a widget without a stepper."""
    return walk(w, None) if stepper(w) else []


# the footer's word for what the next press shows on a walked slide (deck.js showCount), in the deck's languages
NEXT_WORDS = {
    "en": {"next_step": "next: step {k} of {n}", "next_step_answer": "next: step {k} of {n} and the answer",
           "next_set": "next: {what}", "next_run": "next: train this run",
           "left_none": "The next press moves on to the next item",
           "tr_default": "dashed = set to start the run, not a prediction",
           "tr_room": "the room's prediction"},
    "zh-Hant": {"next_step": "下一步：第 {k} 步，共 {n} 步", "next_step_answer": "下一步：第 {k} 步（共 {n} 步）與答案",
                "next_set": "下一步：{what}", "next_run": "下一步：訓練這一回",
                "left_none": "再按一下就進入下一項",
                "tr_default": "虛線＝只為開始這一回，不是預測", "tr_room": "全班的預測"},
    "zh-Hans": {"next_step": "下一步：第 {k} 步，共 {n} 步", "next_step_answer": "下一步：第 {k} 步（共 {n} 步）与答案",
                "next_set": "下一步：{what}", "next_run": "下一步：训练这一回",
                "left_none": "再按一下就进入下一项",
                "tr_default": "虚线＝只为开始这一回，不是预测", "tr_room": "全班的预测"},
}
