"""The layout gate's findings: what a reader would trip over in a frame or a figure.

Scenes (studio.gates.scenes) and figures (studio.gates.figures) are checked by walking what is drawn,
not pixels: text boxes outside the safe area, two texts on top of each other, captions too fast to
read, sources named on screen, numbers shown that the numbers file does not hold. Each problem is one
Finding; `render.py gate` prints them and exits 1 when there is any.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Finding:
    entry: str  # catalogue name
    lang: str
    theme: str
    where: str  # scenes: "12.40 s (section heads)"; figures: "figure"
    rule: str  # short id: "outside", "overlap", "leftover", "pace", "source", "number", "small", "width"
    message: str  # one line a person can act on, naming the objects
    boxes: tuple = ()  # the boxes involved, (x0, y0, x1, y1) in scene units or figure points

    def line(self) -> str:
        boxes = "; ".join("(" + ", ".join(f"{v:.2f}" for v in b) + ")" for b in self.boxes)
        return (f"{self.entry} [{self.lang}, {self.theme}] {self.where}: {self.rule}: {self.message}"
                + (f"  boxes {boxes}" if boxes else ""))


def format_findings(findings: list[Finding], checked: int) -> str:
    """The report: one line per finding, then a count."""
    lines = [f.line() for f in findings]
    lines.append(f"{checked} outputs checked: {len(findings)} finding{'s' if len(findings) != 1 else ''}")
    return "\n".join(lines)
