"""What the lecturer does on a widget slide, first in its speaker notes: the question to pose to the room, the
answer to give once the room has guessed, and where the slide shows that answer's number (the step of its walk,
and how many presses after the question it comes), or for a stepper without a question how to walk it. The
question and the answer are the page's own (studio.publish.pages.builder.predict_texts, filled in with the
engine's numbers); the step is the slide's frames' (studio.publish.deck.frames). The widget's prose, the page's
introduction to it, follows these lines in the notes."""
from __future__ import annotations

# the page's own opening word for a question ("Predict:"), left off: the lecturer asks it
LEAD = {"en": "Predict:", "zh-Hant": "先猜：", "zh-Hans": "先猜："}
WORDS = {
    "en": {"ask": "Ask the room: {q} Let two or three people answer before you press on.",
           "answer": "Then give the answer: {a}",
           "point": "The answer opens on step {k} of {n}, press {p} after the question: point at that row.",
           "walk": "Walk it with →, one step a press ({n} steps); before each press ask what the next step will show."},
    "zh-Hant": {"ask": "先問全班：{q} 讓兩三位同學回答，再往下按。",
                "answer": "再公布答案：{a}",
                "point": "答案在第 {k} 步（共 {n} 步）打開，問題之後第 {p} 下：指著那一列。",
                "walk": "用 → 一步一步走（共 {n} 步）；每按一下之前，先問下一步會出現什麼。"},
    "zh-Hans": {"ask": "先问全班：{q} 让两三位同学回答，再往下按。",
                "answer": "再公布答案：{a}",
                "point": "答案在第 {k} 步（共 {n} 步）打开，问题之后第 {p} 下：指着那一行。",
                "walk": "用 → 一步一步走（共 {n} 步）；每按一下之前，先问下一步会出现什么。"},
}


def cue_lines(slide: dict, predict: dict | None, widget: dict | None, lang: str) -> list[str]:
    """The lecturer's lines for one widget slide (its first part): ask, answer, where to point; [] for a widget
    with neither a question nor a stepper."""
    words, frames = WORDS[lang], slide.get("frames") or []
    steps = (widget or {}).get("max")
    out = []
    if predict:
        q = predict["q"].removeprefix(LEAD[lang]).strip()
        out += [words["ask"].format(q=q), words["answer"].format(a=predict["a"])]
        at = next((j for j, f in enumerate(frames) if f.get("answer") and "step" in f.get("set", {})), None)
        if at is not None and steps is not None and len(frames) > 1:
            out.append(words["point"].format(k=frames[at]["set"]["step"] + 1, n=steps + 1, p=at + 1))
    elif frames and steps is not None and all("step" in f.get("set", {}) for f in frames):
        out.append(words["walk"].format(n=steps + 1))
    return out
