"""A widget slide's scripted steps: what each → does on it after its predict box (seed 004 §4.2 互動②, the
training replay: ask, run s = 3.0 without LayerNorm, run s = 0.3 without it, run s = 0.3 with it, conclude).

Each step sets the widget's own controls and presses its own buttons (static/deck-script.js): the widget
computes nothing new for the deck, and a lecturer can still take it over by hand (E). A step is data:
{"do": "ask" | "run" | "conclude", "s": index into the widget's scales, "ln": 0 or 1, "text": what the
slide shows for an ask, "next": what the slide's counter names as the next press}.
"""
from __future__ import annotations

# the question the training slide asks first; {s} is the widget's own scale, as its pill shows it
ASK = {"en": "What happens to the loss with s = {s} and no LayerNorm?",
       "zh-Hant": "s = {s}、不加 LayerNorm 時，loss 會怎樣？",
       "zh-Hans": "s = {s}、不加 LayerNorm 时，loss 会怎样？"}
# the counter's name for the next press: a run (its s and LayerNorm, the widget's own run name) or the conclusion
NEXT_RUN = {"en": "next: run {name}", "zh-Hant": "下一步：訓練 {name}", "zh-Hans": "下一步：训练 {name}"}
NEXT_CONCLUSION = {"en": "next: the conclusion", "zh-Hant": "下一步：結論", "zh-Hans": "下一步：结论"}


def _run_name(w: dict, ui: dict, s: int, ln: int) -> str:
    return ui["tr_name"].format(s=w["scales"][s], ln=ui["tr_ln_on"] if ln else ui["tr_ln_off"])


def training_script(w: dict, lang: str, ui: dict) -> list[dict]:
    """The seed's demonstration of the training replay: the large start without LayerNorm asked, then run;
    the small start without it; the small start with it; then the three-sentence conclusion."""
    scales = [float(s) for s in w["scales"]]
    big, small = scales.index(max(scales)), scales.index(min(scales))
    runs = [(big, 0), (small, 0), (small, 1)]
    steps = [{"do": "ask", "s": big, "ln": 0, "text": ASK[lang].format(s=w["scales"][big])}]
    steps += [{"do": "run", "s": s, "ln": ln, "next": NEXT_RUN[lang].format(name=_run_name(w, ui, s, ln))}
              for s, ln in runs]
    steps.append({"do": "conclude", "next": NEXT_CONCLUSION[lang]})
    return steps


SCRIPTS = {"training": training_script}


def widget_script(wid: str, w: dict, lang: str, ui: dict, deck: dict) -> list[dict]:
    """The scripted steps of widget `wid` ([] for a widget without a script); an ask is named as the deck
    names a predict box's question."""
    if wid not in SCRIPTS or not w:
        return []
    steps = SCRIPTS[wid](w, lang, ui)
    for step in steps:
        if step["do"] == "ask":
            step["next"] = deck["next_question"]
    return steps
