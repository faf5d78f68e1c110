"""A drawn text's plain reading: its inline maths ($h_{3}$, $\\sqrt{d}$) written as the characters a reader
sees (h₃, √d), for the <title> of the SVG group that draws it (studio.build.svgtext), so a screen reader
reads and a text search finds "h₃", never "$h_{3}$" or matplotlib's "\\mathdefault".

Scripts become Unicode sub- and superscripts where every character has one (x₁, 10⁻⁹, Kᵀ, sˡ); where
one is missing they keep a plain mark (d_model, e^(z/2)). Commands become their symbols (\\cdot ·,
\\Sigma Σ, \\partial ∂), font switches (\\mathrm, \\mathdefault) their content, spacing a space or
nothing; a literal dollar (\\$) stays a dollar.
"""
from __future__ import annotations

import re
import unicodedata

_SUB = dict(zip("0123456789+-−=()aehijklmnoprstuvxβγρφχ",
                "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓᵦᵧᵨᵩᵪ"))
_SUP = dict(zip("0123456789+-−=()abcdefghijklmnoprstuvwxyzABDEGHIJKLMNOPRTUVWℓ⊤",
                "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂˡᵀ"))
_FONT = {"mathdefault", "mathrm", "mathit", "mathbf", "mathsf", "mathtt", "mathcal", "text", "textrm",
         "operatorname", "boldsymbol", "mathregular"}
_ACCENT = {"hat": "\u0302", "bar": "\u0304", "tilde": "\u0303", "vec": "\u20d7", "dot": "\u0307",
           "widehat": "\u0302", "overline": "\u0305"}
_SYMBOL = {"cdot": "·", "minus": "−", "ldots": "…", "cdots": "⋯", "dots": "…", "lbrace": "{", "rbrace": "}"}
_SPACE = {",": " ", ";": " ", ":": " ", " ": " ", "!": "", "quad": " ", "qquad": " ", "left": "", "right": "",
          "displaystyle": "", "limits": "", "nolimits": ""}
_NAME = re.compile(r"[A-Za-z]+")


def _symbol(name: str) -> str:
    if name in _SYMBOL:
        return _SYMBOL[name]
    from matplotlib._mathtext_data import tex2uni

    return chr(tex2uni[name]) if name in tex2uni else name  # \cos, \exp, \log: the name itself


class _Reader:
    def __init__(self, source: str):
        self.s, self.i = source, 0

    def group(self, stop: str = "") -> str:
        """Everything up to `stop` (a closing brace) or the end, read."""
        out = []
        while self.i < len(self.s) and self.s[self.i] != stop:
            out.append(self.atom())
        self.i += 1 if stop else 0
        return "".join(out)

    def argument(self) -> str:
        while self.i < len(self.s) and self.s[self.i] == " ":
            self.i += 1
        return self.atom()

    def atom(self) -> str:
        c = self.s[self.i]
        self.i += 1
        if c == "{":
            return self.group("}")
        if c in "_^":
            return _script(self.argument(), _SUB if c == "_" else _SUP, c)
        if c != "\\":
            return c
        m = _NAME.match(self.s, self.i)
        if not m:  # \, \! \$ \{ …
            ch = self.s[self.i:self.i + 1]
            self.i += 1
            return _SPACE.get(ch, ch)
        name = m.group(0)
        self.i = m.end()
        while self.i < len(self.s) and self.s[self.i] == " ":  # TeX: a space ends a command's name
            self.i += 1
        if name in _SPACE:
            return _SPACE[name]
        if name in _FONT:
            return self.argument()
        if name in _ACCENT:
            return self.argument() + _ACCENT[name]
        if name == "sqrt":
            arg = self.argument()
            return "√" + (arg if len(arg) <= 1 else f"({arg})")
        if name in ("frac", "dfrac", "tfrac"):
            a, b = self.argument(), self.argument()
            wrap = lambda x: x if len(x) <= 1 or x.isalnum() else f"({x})"  # noqa: E731
            return f"{wrap(a)}/{wrap(b)}"
        return _symbol(name)


def _script(text: str, table: dict, mark: str) -> str:
    """`text` in sub- or superscript characters when each has one; otherwise marked: d_model, e^(z/2)."""
    if text and all(c in table for c in text):
        return "".join(table[c] for c in text)
    return mark + (text if len(text) <= 1 or text.isalnum() else f"({text})")


def plain_reading(text: str) -> str:
    """A drawn text with its $…$ maths read as characters (see the module's docstring)."""
    parts = re.split(r"(?<!\\)\$", text)
    out = []
    for k, part in enumerate(parts):
        if k % 2 and k < len(parts) - 1:  # between two unescaped dollars: maths
            out.append(_Reader(part).group())
        else:
            out.append(part.replace("\\$", "$"))
    return unicodedata.normalize("NFC", re.sub(r"[ \u2009]{2,}", " ", "".join(out)))  # ŷ as one character
