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


def _drift(w, a):  # the answer's shift (seed 004 §4.2: −1.5) on the slider
    return [{"set": {"shift": int(_key_where(w["states"], "shift", a["shift"]))}, "answer": True}]


def _ffn(w, a):  # GELU(h) (step 3) with the answer, then y (the last step)
    return [{"set": {"step": 2}, "answer": True}, {"set": {"step": w["max"]}, "answer": True}]


def _last_step(w, a):  # the loss (forward) or the update (backward): their last step
    return [{"set": {"step": w["max"]}, "answer": True}]


def _shortcut(w, a):  # the backward pass from layer 5 down to layer 1 without the shortcut, then with it
    steps = [{"set": {"sc": False, "step": k}, "answer": k == w["max"]} for k in range(1, w["max"] + 1)]
    return steps + [{"set": {"sc": True, "step": w["max"]}, "answer": True}]


def _block(w, a):  # the step whose rows hold the zero query's attention weights, with the shortcut on
    token, name = a["token"].split(" ", 1)
    return [{"set": {"step": _step_where(w["states"], "1", f"A{a['mark']}[{token}] {name}")}, "answer": True}]


def _decode(w, a):  # the first new token's probability: the first step
    return [{"set": {"step": _step_where(w["states"], "0", a["prob"])}, "answer": True}]


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
