"""backprop_small's per-frame record of the texts it draws: `render.py numbers backprop_small --at T` lists every
number on screen. The scene's fields (edge_values, work, loss_shown, …) name what each value is; `also_shown` lists,
as drawn, each text with a digit whose numbers no field lists (a table cell, a panel line, a tag). Updated after each
play, from what is drawn then (the caption band left out)."""
from __future__ import annotations

import re

from manim import MarkupText, SingleStringMathTex, Text

TEXT_TYPES = (Text, MarkupText, SingleStringMathTex)
NUM = re.compile(r"[−-]?\d+(?:\.\d+)?")


def _alpha(m) -> float:
    fill = m.fill_rgbas[:, 3].max() if len(m.fill_rgbas) else 0.0
    stroke = m.stroke_rgbas[:, 3].max() if len(m.stroke_rgbas) and m.get_stroke_width() > 0 else 0.0
    return float(max(fill, stroke))


def drawn_strings(scene) -> list[str]:
    """The strings of the visible texts on screen (a text reached twice counted once), outside the caption band."""
    out, seen = [], set()

    def walk(mob):
        if isinstance(mob, TEXT_TYPES):
            if id(mob) not in seen:
                seen.add(id(mob))
                if any(len(m.points) and _alpha(m) > 0 for m in mob.get_family()):
                    s = getattr(mob, "original_text", "") or getattr(mob, "tex_string", "")
                    if s:
                        out.append(" ".join(s.split()))
            return
        for sub in mob.submobjects:
            walk(sub)

    for top in scene.mobjects:
        if id(top) not in scene._captions:
            walk(top)
    return out


def unlisted(shown: dict, strings: list[str]) -> str:
    """The strings with a number that none of the record's other fields lists, joined by " | " (minus as "−")."""
    listed = {n.replace("-", "−") for k, v in shown.items() if k != "also_shown" and isinstance(v, str)
              for n in NUM.findall(v)}
    keep = []
    for s in strings:
        s = s.replace("-", "−")
        if any(n not in listed for n in NUM.findall(s)) and s not in keep:
            keep.append(s)
    return " | ".join(keep)
