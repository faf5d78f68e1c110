"""English glosses of the Chinese examples, written after them in the English editions only.

Seed 001, lesson 5, first station (十五 vs 五十: the same characters, another order, another number);
the naive-position lesson's 加 / 法 pair (engine.naive).
"""
from __future__ import annotations

GLOSSES = {"十五": "fifteen", "五十": "fifty", "加法": "addition", "十": "ten", "五": "five", "加": "add",
           "法": "method"}


def gloss(tokens, lang: str) -> str:
    """What follows Chinese tokens in English: " (fifteen)" (the phrase if it is glossed, else word by word);
    '' in Chinese, or when a token has no gloss."""
    if lang != "en":
        return ""
    tokens = [tokens] if isinstance(tokens, str) else list(tokens)
    whole = "".join(tokens)
    if whole in GLOSSES:
        return f" ({GLOSSES[whole]})"
    if tokens and all(t in GLOSSES for t in tokens):
        return " (" + " ".join(GLOSSES[t] for t in tokens) + ")"
    return ""
