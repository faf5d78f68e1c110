"""The draft voice: a cue's caption spoken by the eSpeak NG formant synthesiser, offline.

Captions hold mathematics ("θᵢ = base^(−2i/d)", "ε = 10⁻⁵"); `spoken` turns them into words the
synthesiser can say, by table, in English or Chinese. `synthesise` runs espeak-ng and returns the
recording as the rest of studio.voice handles audio: (n,) float32 mono at 48 kHz, silence trimmed.

Chinese uses eSpeak NG's `cmn-latn-pinyin` voice: in espeak-ng 1.51 the `cmn` voice passes the
pinyin of many characters (編, 碼, 你, 好) to its English voice, which reads "bian one ma three".
"""
from __future__ import annotations

import re
import shutil
import subprocess
from functools import lru_cache

import numpy as np

from studio.errors import MissingDependency, RenderFailed, UserError, clip
from studio.voice.audio import read_audio, trim_silence

VOICES = {"en": "en-us", "zh-Hant": "cmn-latn-pinyin", "zh-Hans": "cmn-latn-pinyin"}
SPEEDS = {"en-us": 165, "cmn-latn-pinyin": 175}  # words per minute (espeak-ng -s)
TIMEOUT_S = 60  # espeak-ng says a caption in well under a second

# Words for symbols, said the same wherever they stand. Chinese is one table for both scripts.
SYMBOLS = {
    "en": {"->": "to", "→": "to", "×": "times", "⋅": "dot", "=": "equals", "≈": "about",
           "≠": "is not equal to", "≤": "less than or equal to", "≥": "greater than or equal to",
           "±": "plus or minus", "∞": "infinity", "+": "plus", "<": "less than", ">": "greater than",
           "∑": "the sum of"},
    "zh": {"->": "到", "→": "到", "×": "乘", "⋅": "點乘", "=": "等於", "≈": "約等於", "≠": "不等於",
           "≤": "小於或等於", "≥": "大於或等於", "±": "正負", "∞": "無窮大", "+": "加", "<": "小於",
           ">": "大於", "∑": "求和"},
}
GREEK = {
    "en": {"α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "Δ": "delta", "ε": "epsilon",
           "ϵ": "epsilon", "η": "eta", "θ": "theta", "λ": "lambda", "μ": "mu", "π": "pi",
           "σ": "sigma", "Σ": "sigma", "τ": "tau", "φ": "phi", "ω": "omega", "Ω": "omega"},
    "zh": {"α": "阿爾法", "β": "貝塔", "γ": "伽馬", "δ": "德爾塔", "Δ": "德爾塔", "ε": "艾普西龍",
           "ϵ": "艾普西龍", "η": "伊塔", "θ": "西塔", "λ": "蘭姆達", "μ": "謬", "π": "派",
           "σ": "西格瑪", "Σ": "西格瑪", "τ": "陶", "φ": "斐", "ω": "歐米伽", "Ω": "歐米伽"},
}
# Phrases around an operand: minus (between two operands, or before one), powers, roots.
PHRASES = {
    "en": {"minus": " minus ", "negative": " minus ", "over": " over ", "dot": " dot ",
           "power": "{base} to the power {exp} ", "squared": "{base} squared ",
           "cubed": "{base} cubed ", "transposed": "{base} transposed ", "root": "root of {x} ",
           "point": "."},
    "zh": {"minus": "減", "negative": "負", "over": "除以", "dot": "點乘",
           "power": "{base}的{exp}次方", "squared": "{base}的平方", "cubed": "{base}的立方",
           "transposed": "{base}的轉置", "root": "{x}的平方根", "point": "點"},
}
ZH_DIGITS = dict(zip("0123456789", "零一二三四五六七八九"))
SUPERSCRIPTS = dict(zip("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺ⁿⁱ", "0123456789−+ni"))
SUBSCRIPTS = dict(zip("₀₁₂₃₄₅₆₇₈₉ₐₑₒₓₕₖₗₘₙₚₛₜᵢⱼᵣᵤᵥ", "0123456789aeoxhklmnpstijruv"))

OPERAND = r"[A-Za-z0-9α-ωΑ-Ωϵ)\]]"  # what ends a term: a Latin or Greek letter, a digit, a bracket
_SUP = "[" + "".join(SUPERSCRIPTS) + "]+"
_SUB = "[" + "".join(SUBSCRIPTS) + "]+"
_GROUP = r"\(([^()]*)\)|([\w.−-]+)"  # an exponent or a root's argument: "(…)" or one term


def spoken(text: str, lang: str) -> str:
    """`text` as the draft voice should say it in `lang`: one line, symbols in words."""
    table = _table(lang)
    phrase = PHRASES[table]
    s = " ".join(str(text).split())  # line breaks and runs of spaces: one space
    s = re.sub(r"([^\s/]+)/([^\s/]+)", lambda m: _ratio(m, phrase), s)
    s = re.sub(r"(\S?)ᵀ", lambda m: phrase["transposed"].format(base=m[1]), s)
    s = re.sub(r"(\S?)(" + _SUP + ")", lambda m: _power(m[1], m[2], phrase), s)
    s = re.sub(_SUB, lambda m: " " + " ".join(re.findall(r"\d+|\D", _plain(m[0], SUBSCRIPTS))), s)
    s = re.sub(r"(?<=\w)_(?:\{([^{}]*)\}|\(([^()]*)\)|([A-Za-z0-9]+))",
               lambda m: " " + next(g for g in m.groups() if g is not None) + " ", s)  # d_k, x_{ij}
    s = re.sub(r"(\S?)\^(?:" + _GROUP + ")", lambda m: phrase["power"].format(
        base=m[1], exp=m[2] if m[2] is not None else m[3]), s)
    s = re.sub(r"√(?:" + _GROUP + ")", lambda m: phrase["root"].format(
        x=m[1] if m[1] is not None else m[2]), s)
    s = _minus(s, phrase)
    s = re.sub(r"(?<=" + OPERAND + r")\s*·\s*(?=[A-Za-z0-9α-ωΑ-Ωϵ(])", phrase["dot"], s)
    for symbol, word in SYMBOLS[table].items():
        s = s.replace(symbol, f" {word} " if table == "en" else word)
    for letter, name in GREEK[table].items():
        s = s.replace(letter, f" {name} " if table == "en" else name)
    if table == "zh":
        s = re.sub(r"(\d)\.(\d+)", lambda m: m[1] + phrase["point"] + _plain(m[2], ZH_DIGITS), s)
    s = re.sub(r"\s+", " ", s).strip()
    s = re.sub(r"\(\s+", "(", s)
    return re.sub(r"\s+([,.;:!?，。；：！？)])", r"\1", s)


def synthesise(text: str, lang: str) -> np.ndarray:
    """The draft voice saying `text` in `lang`: a (n,) float32 mono track at 48 kHz, silence at
    the ends trimmed. The same call gives the same samples; results are kept for the process,
    read-only (copy before changing one)."""
    return _synthesise(str(text), lang)


@lru_cache(maxsize=1)
def engine_version() -> str:
    """eSpeak NG's version line ("eSpeak NG text-to-speech: 1.51"), without its data path."""
    result = subprocess.run([_espeak(), "--version"], capture_output=True, timeout=TIMEOUT_S)
    line = result.stdout.decode("utf-8", "replace").strip().splitlines()[0:1]
    return line[0].split("Data at:")[0].strip() if line else "espeak-ng (version unknown)"


@lru_cache(maxsize=512)
def _synthesise(text: str, lang: str) -> np.ndarray:
    words = spoken(text, lang)
    if not words:
        raise UserError(f"the cue {clip(text)!r} has no words for the draft voice to say")
    voice = VOICES[lang]
    command = [_espeak(), "-v", voice, "-s", str(SPEEDS[voice]), "-b", "1", "--stdout"]
    try:
        result = subprocess.run(command, input=words.encode("utf-8"), capture_output=True,
                                timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        raise RenderFailed(f"espeak-ng took over {TIMEOUT_S} s to say {clip(text)!r}") from None
    if result.returncode != 0 or not result.stdout:
        reason = clip(result.stderr.decode("utf-8", "replace").strip() or f"exit {result.returncode}")
        raise RenderFailed(f"espeak-ng could not say {clip(text)!r} ({reason})")
    x = read_audio(result.stdout, f"the draft voice's recording of {clip(text)!r}")  # (n,) float32
    x = np.array(trim_silence(x), dtype=np.float32)  # (n,) float32 mono, 48 kHz, its own memory
    x.flags.writeable = False
    return x


def _espeak() -> str:
    path = shutil.which("espeak-ng")
    if path is None:
        raise MissingDependency("espeak-ng (the draft voice)", "espeak-ng")
    return path


def _table(lang: str) -> str:
    if lang not in VOICES:
        known = ", ".join(VOICES)
        raise UserError(f"no draft voice for the language {clip(lang)!r} (known: {known})")
    return "en" if lang == "en" else "zh"


def _plain(chars: str, table: dict) -> str:
    return "".join(table.get(c, c) for c in chars)


def _power(base: str, superscript: str, phrase: dict) -> str:
    """`base` raised to a run of superscript characters: "²" squared, "³" cubed, else a power."""
    exp = _plain(superscript, SUPERSCRIPTS)
    if exp == "2":
        return phrase["squared"].format(base=base)
    if exp == "3":
        return phrase["cubed"].format(base=base)
    return phrase["power"].format(base=base, exp=exp)


def _minus(s: str, phrase: dict) -> str:
    """Minus signs in words: "−" always; an ASCII "-" between spaces ("m - n") or starting a
    number ("-3"), never one joining words ("look-up") or a range ("10-20")."""
    s = re.sub(r"(?<=\s)-(?=\s)", "−", s)
    s = re.sub(r"(?:^|(?<=[\s(\[=]))-(?=\d)", "−", s)
    s = re.sub(r"(?<=" + OPERAND + r")\s*−\s*", phrase["minus"], s)  # between two terms
    return s.replace("−", phrase["negative"])  # before a term: its sign


def _ratio(m: re.Match, phrase: dict) -> str:
    """"a/b" as "a over b", unless both sides are words of two letters or more ("and/or")."""
    a, b = m[1], m[2]
    if all(len(t) > 1 and t.isalpha() for t in (a, b)):
        return m[0]
    return a + phrase["over"] + b
