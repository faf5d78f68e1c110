"""Captions cut into subtitle cues: one sentence or clause a cue, at most two lines, timed to be read.

The reading speed is a stated constant, not a guess per scene: 13 characters a second for Latin
text (spaces and symbols included; 15-17 is comfortable for plain subtitles, less while the picture
also asks for the eyes) and 7 characters a second for Chinese characters and full-width punctuation
(subtitle guides give 7-9 for Chinese; the lower end because the text carries formulas). A cue stays at least MIN_HOLD seconds. Lines
hold about 42 characters in English and 16 in Chinese (up to two more where breaking would leave
punctuation at a line start or split a short run such as "Q、K"), and a line never breaks inside
a formula, a short bracket or a word (Chinese words by the jieba segmenter plus TERMS):
"(E + p)·(E′ + q)", "n − 1", "P × 舊表", "x = (1.5901, 0.7476)" and "0.9 的 30 次方 ≈ 0.04" stay whole. In Chinese a number, a
symbol or a formula also stays with the word after it ("30 層", "30 次方", "s = 2.0 時", "s 多少"), a Chinese
line never starts with "的", never ends after "、" (a list "q、k、v" stays on one line) nor after "做", "再" or "所以" before a formula
or a Latin word ("做 softmax", "所以 o = …"): the line ends at the last place before that may end one.
"""
from __future__ import annotations

import re
from functools import lru_cache

READ_CPS_LATIN = 13.0  # characters a second, English and the Latin/maths parts of Chinese text
READ_CPS_CJK = 7.0  # Chinese characters (and full-width punctuation) a second
MIN_HOLD = 1.5  # seconds: no cue shorter than this
LINE_CHARS = {"en": 42, "zh-Hant": 16, "zh-Hans": 16}
MAX_LINES = 2

CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]")
OPS = "=+\u2212\u00d7\u00f7\u00b7/<>\u2248\u2264\u2265\u2192\u2190-"
# a formula: operands joined by operators ("n − 1", "(E + p)·(E′ + q)", "新表 = P × 舊表 × Pᵀ")
OPERAND = r"[\u2212]?[\w\u2032'.()\[\]\u221a\u2202\u1d40\u1d57\u2070-\u209f|]+"  # a sign stays with its number
FUNCTION = r"(?:\b(?:log|ln|exp|sin|cos|tan)[₀-₉]*\s)?"  # "log s = −0.046" stays whole
FORMULA = re.compile(rf"{FUNCTION}{OPERAND}(?:\s*[{re.escape(OPS)}]\s*{OPERAND})+")
CLAUSE_END = re.compile(r"(?<=[。；！？])\s*|(?<=[.:;!?,])\s+|(?<=[：，])\s*")
# a short bracket stays whole, with the name it follows: "(sin, cos)", "[0.90, −0.40]", "PE(q)", "E(加)";
# a full-width one up to a Chinese line long: "（最快的 ω = 1 主導）"
PAREN = re.compile(r"[A-Za-z0-9\u2032']*\([^()\n]{1,40}\)|\[[^\[\]\n]{1,40}\]|\uff08[^\uff08\uff09\n]{1,15}\uff09")
# a power in words stays whole with what it equals: "0.9 的 30 次方 ≈ 0.04", "s 的 ℓ 次方"
POWER_WORDS = re.compile(r"[A-Za-z0-9.\u2113]+ ?的 ?[A-Za-z0-9\u2113]+ ?次方(?:\s*[=\u2248]\s*[\u2212]?[\d.,]+)?")
NO_LINE_START = set("，。、；：？！）」』,.;:?!)%")
NO_LINE_END = set("（「『([")
NO_ZH_LINE_START = ("的",)  # a Chinese line never starts with the particle that ties it to the line above
CLAUSE_MARKS = set("，；：")  # a Chinese line may end after these (wrap_lines prefers it); never after "、"
EN_CLAUSE_MARKS = set(",;:")  # an English line may end after these, before a space
SHORTEST_PART = {"en": 12, "zh-Hant": 4, "zh-Hans": 4}  # characters: neither line of a clause break shorter


# words of the lessons a general dictionary may not know (Traditional forms included)
TERMS = ("弧度", "正規化", "正规化", "向量", "變異數", "变异数", "方差", "格子", "位置編碼", "位置编码", "注意力", "殘差", "残差",
         "梯度", "矩陣", "矩阵", "指針", "指针", "座位", "詞向量", "词向量", "歸一化", "归一化", "投影",
         "內積", "内积", "點積", "点积", "旋轉", "旋转", "損失", "损失", "權重", "权重", "偏置", "層數", "层数",
         "標準差", "标准差", "虛線", "虚线", "色帶", "色带", "均值", "長條", "长条", "對數", "对数", "刻度",
         "詞元", "词元", "同一批", "只差", "對調", "对调", "從頭", "从头", "捨入", "舍入", "過來", "过来",
         "算出", "指數", "指数", "一個", "一个", "兩個", "两个", "沒有", "没有", "根號", "根号", "現在", "现在",
         "一層", "一层", "下一層", "下一层", "變成", "变成", "說法", "说法", "欄向量", "栏向量", "平均值", "其他",
         "學習率", "学习率", "遠大於", "远大于", "特徵", "特征", "輸出", "输出", "這步", "这步",
         "原封不動", "原封不动", "乘上", "大約", "大约", "隨機", "随机", "查詢", "查询",
         "單位矩陣", "单位矩阵", "另一個", "另一个", "平方根", "不除", "填進", "填进", "跟著", "跟着", "卻是", "却是",
         "各得", "替詞", "替词", "維度", "维度", "寬度", "宽度", "擺盪", "摆荡")
IDEOGRAPH = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
# phrases a line never breaks inside, spaces and all: a term of two words ("dot product") in English; in
# Chinese a measure word with its noun, which the segmenter cuts in two ("兩種|順序"), and "只看" (jieba: 只|看)
PHRASES = {"en": ("dot product", "gap 0", "almost a full circle", "a full circle", "first head", "second head"),
           "zh": ("兩種順序", "两种顺序", "兩個和", "两个和", "只看得到", "只看", "不同的座位", "張開的角度", "张开的角度",
                  "的平方根")}
SEAT_NUMBER = r"seats?\s+\d+"  # "seat 12": a seat stays with its number
PHRASE = {"en": re.compile(r"\b(?:" + "|".join([p.replace(" ", r"\s+") for p in PHRASES["en"]] + [SEAT_NUMBER]) + r")s?\b",
                           re.I),
          "zh": re.compile("|".join(PHRASES["zh"]))}


def phrase_spans(text: str, lang: str) -> list[tuple[int, int]]:
    """[start, end) spans of PHRASES in `text`: a line never breaks inside one, even at a space."""
    return [m.span() for m in PHRASE["en" if lang == "en" else "zh"].finditer(text)]


@lru_cache(maxsize=1)
def _jieba():
    import jieba

    jieba.setLogLevel(60)  # no start-up chatter on stderr
    for term in TERMS:
        jieba.add_word(term)
    return jieba


def chinese_words(text: str) -> list[tuple[int, int]]:
    """[start, end) spans of the Chinese words of two or more characters in `text` (jieba's
    dictionary, no guessing of unknown words, plus TERMS)."""
    spans, pos = [], 0
    for word in _jieba().cut(text, HMM=False):
        if len(word) > 1 and all(IDEOGRAPH.match(c) for c in word):
            spans.append((pos, pos + len(word)))
        pos += len(word)
    return spans


def reading_time(text: str) -> float:
    """Seconds a viewer needs to read `text` at the stated speeds (at least MIN_HOLD)."""
    text = text.replace("\n", " ")
    cjk = len(CJK.findall(text))
    return max(MIN_HOLD, cjk / READ_CPS_CJK + (len(text) - cjk) / READ_CPS_LATIN)


def whole_spans(text: str) -> list[tuple[int, int]]:
    """[start, end) spans a line never breaks inside: formulas and short brackets, merged where
    they overlap, so "x = (1.5901, 0.7476)" is one piece, not "x = (1.5901," and "0.7476)"."""
    spans = sorted((m.start(), m.end()) for rx in (FORMULA, PAREN, POWER_WORDS) for m in rx.finditer(text))
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        if merged and start < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def _atoms(text: str, lang: str) -> list[str]:
    """Pieces a line may break between: formulas, short brackets and PHRASES whole; words in English,
    characters in Chinese."""
    atoms, pos = [], 0
    spans = whole_spans(text)
    for a, b in phrase_spans(text, lang):
        if not any(s < b and a < e for s, e in spans):
            spans.append((a, b))
    for start, end in sorted(spans):
        atoms += _plain_atoms(text[pos:start], lang)
        atoms.append(text[start:end])
        pos = end
    atoms += _plain_atoms(text[pos:], lang)
    atoms = [a for a in atoms if a]
    return atoms if lang == "en" else _hold_quotes(_hold_numbers(_hold_words(atoms)))


LEAD_WORDS = ("做", "再", "所以")  # a line never ends on these before a formula or a Latin word ("做 softmax")
LATIN_START = re.compile(r"[A-Za-z\u221a(]")


NUMBER = re.compile(r"^[\u2212-]?\d[\d.,]*$")


def _hold_numbers(atoms: list[str]) -> list[str]:
    """A number that ends a clause stays with the verb of one or two characters before it ("得 0.232，", "各得 0.333。",
    never "得" at a line's end and "0.232" alone at the next line's start)."""
    out: list[str] = []
    for k, atom in enumerate(atoms):
        after = next((a for a in atoms[k + 1:] if not a.isspace()), "")
        ends = not after or after[0] in NO_LINE_START
        if NUMBER.match(atom) and ends and len(out) >= 2 and out[-1] == " " and len(out[-2]) <= 2 \
                and all(IDEOGRAPH.match(c) for c in out[-2]):
            out.pop()
            out[-1] += " " + atom
        else:
            out.append(atom)
    return out


def _hold_quotes(atoms: list[str]) -> list[str]:
    """A closing quote stays with the word after it, and with the noun after a "的" or "之":
    "「狗」的輸出" stays whole."""
    out: list[str] = []
    for atom in atoms:
        if out and atom.startswith("」") and "「" in out[-1] and "」" not in out[-1] and len(out[-1]) <= 5:
            out[-1] += atom  # a short quoted word is one piece with its closing quote
        elif out and out[-1].endswith("」") and IDEOGRAPH.match(atom[:1]):
            out[-1] += atom
            if atom in ("的", "之"):
                out[-1] += "\x01"  # the noun after it joins too
        elif out and out[-1].endswith("\x01") and IDEOGRAPH.match(atom[:1]):
            out[-1] = out[-1][:-1] + atom
        else:
            out.append(atom)
    return [a.replace("\x01", "") for a in out]


def _hold_words(atoms: list[str]) -> list[str]:
    """Chinese atoms with each number, symbol or formula joined to the word after it (across one space):
    "30 次方", never "30" at a line's end and "次方" at the next line's start."""
    out: list[str] = []
    for atom in atoms:
        if out and IDEOGRAPH.match(atom) and re.search(r"[A-Za-z0-9)\]′]\s?$", out[-1]):
            out[-1] += atom
        elif out and atom.isspace() and "\n" not in atom and re.search(r"[A-Za-z0-9)\]′]$", out[-1]):
            out[-1] += atom  # the space waits: joined only if a word follows
        else:
            if out and out[-1].endswith(" ") and not out[-1].isspace():
                out[-1], space = out[-1][:-1], " "
                out.append(space)
            out.append(atom)
    return out


def _plain_atoms(text: str, lang: str) -> list[str]:
    if lang == "en":
        return re.findall(r"\S+|\s+", text)
    inside = {i for start, end in chinese_words(text) for i in range(start + 1, end)}
    atoms: list[str] = []
    for m in re.finditer(r"\u221a?[A-Za-z0-9_.,^'\u2032()\[\]]+|\s+|.", text):  # "√d" whole
        if atoms and (m.start() in inside or atoms[-1] in NO_LINE_END):
            atoms[-1] += m.group()  # the rest of a word stays with its first character, an opening bracket with what it opens
        else:
            atoms.append(m.group())
    return atoms


def wrap_lines(text: str, lang: str, width: int | None = None) -> list[str]:
    """Greedy lines of at most `width` characters (a formula longer than a line stands alone); in
    Chinese a last line of three characters or fewer ("相反。") takes more from the line above."""
    width = width or LINE_CHARS[lang]
    lines = _greedy(text, lang, width)
    if lang != "en":
        loose = _greedy(text, lang, width, strict=False)
        longest = lambda ls: max(map(len, ls), default=0)  # noqa: E731
        if len(loose) < len(lines) or longest(lines) > width + 2 >= longest(loose):
            lines = loose  # a list longer than a line ("1、1/10、1/100、1/1000"): broken as before
    if len(lines) == 2 and lines[0][-1] not in CLAUSE_MARKS | EN_CLAUSE_MARKS:
        at = _clause_break(text.strip(), width, lang)
        if at is not None:  # two lines either way: break where the clause ends, not inside the phrase
            return [text.strip()[:at].strip(), text.strip()[at:].strip()]
    if lang != "en" and len(lines) > 1 and len(lines[-1]) <= 3:
        for narrower in range(width - 1, max(width - 6, 1), -1):
            again = _greedy(text, lang, narrower)
            if len(again) > len(lines):
                break
            if len(again[-1]) > 3:
                return again
    return lines


def _clause_break(text: str, width: int, lang: str = "zh-Hant") -> int | None:
    """Where a two-line cue breaks at a clause mark (Chinese: after "，", "；" or "："; English:
    after ",", ";" or ":" before a space), both lines fitting `width` and neither shorter than
    SHORTEST_PART; the break nearest the middle, or None. A mark inside a formula or a bracket is not
    a break (whole_spans), nor is a comma inside a number ("1,024")."""
    inside = whole_spans(text)
    marks, shortest = (EN_CLAUSE_MARKS, SHORTEST_PART["en"]) if lang == "en" else (CLAUSE_MARKS, SHORTEST_PART[lang])
    best = None
    for k, ch in enumerate(text):
        at = k + 1
        if ch not in marks or any(a < at < b for a, b in inside):
            continue
        if lang == "en" and not text[at:at + 1].isspace():
            continue
        first, second = text[:at].strip(), text[at:].strip()
        if shortest <= len(first) <= width and shortest <= len(second) <= width:
            if best is None or abs(at - len(text) / 2) < abs(best - len(text) / 2):
                best = at
    return best


def _may_break(parts: list[str], cut: int, atom: str) -> bool:
    """Whether a Chinese line may end after parts[:cut] (the next line starting with parts[cut:], then `atom`): never
    after "、" (a list such as "q、k、v" stays on one line), nor after "做", "再" or "所以" before a formula or a Latin
    word ("做 softmax", "所以 o = …"), nor on a measure word before its noun ("一個 / 輸出"), nor before "的"."""
    before = "".join(parts[:cut]).rstrip()
    after = next((p for p in parts[cut:] if not p.isspace()), atom)
    if not before or after[0] in NO_LINE_START or after.startswith(NO_ZH_LINE_START) or before[-1] in NO_LINE_END or before.endswith(("\u3001", "個", "个")):
        return False
    return not (before.endswith(LEAD_WORDS) and LATIN_START.match(after))


def _greedy(text: str, lang: str, width: int, strict: bool = True) -> list[str]:
    lines, parts = [], []  # the line being filled, atom by atom (spaces included)
    for atom in _atoms(text, lang):
        line = "".join(parts)
        if atom.isspace():
            if line:
                parts.append(" " if lang == "en" else atom)
            continue
        fits = len(line.rstrip()) + (1 if lang == "en" and line else 0) + len(atom) <= width
        if line.strip() and not fits and atom[0] not in NO_LINE_START and line.rstrip()[-1] not in NO_LINE_END:
            cut = len(parts)
            if lang != "en" and strict:  # back to the last place a Chinese line may end; nowhere: here, as before
                while cut > 0 and not _may_break(parts, cut, atom):
                    cut -= 1
                cut = cut or len(parts)
            lines.append("".join(parts[:cut]).rstrip())
            parts = parts[cut:]
            while parts and parts[0].isspace():
                parts.pop(0)
        parts.append(atom)
    line = "".join(parts)
    if line.strip():
        lines.append(line.rstrip())
    return [ln.strip() for ln in lines]


def clauses(text: str) -> list[str]:
    """Sentences, or clauses where a sentence is long, each with the space that followed it; never
    split inside a formula or a short bracket."""
    protected = {}

    def hide(m):
        key = f"\x00{len(protected)}\x00"
        whole, stop = m.group(), ""
        if whole.endswith(".") and (m.end() == len(m.string) or m.string[m.end()].isspace()):
            whole, stop = whole[:-1], "."  # "here d = 2. Here …": the full stop ends the sentence, not the formula
        protected[key] = whole
        return key + stop

    hidden = FORMULA.sub(hide, PAREN.sub(hide, text))  # brackets first: "x = (0.87, 0.75)" is one piece
    out, start = [], 0
    for m in CLAUSE_END.finditer(hidden):
        if m.end() > start:
            out.append(hidden[start:m.end()])
            start = m.end()
    out.append(hidden[start:])
    result = []
    for p in out:
        for key, val in reversed(protected.items()):  # a formula may hold a hidden bracket
            p = p.replace(key, val)
        if p.strip():
            result.append(p)
    return result


def cues(text: str, lang: str) -> list[str]:
    """The caption as cues of at most two lines ("\\n" between lines), in reading order.

    Clauses are packed together while the cue still fits in two lines; a sentence end always ends
    a cue in English (one sentence or clause a cue)."""
    width = LINE_CHARS[lang]
    out: list[str] = []
    current = ""
    for clause in clauses(text):
        joined = current + clause
        sentence_end = current.rstrip().endswith((".", "?", "!", "。", "？", "！"))
        if current.strip() and (sentence_end or len(wrap_lines(joined.strip(), lang, width)) > MAX_LINES):
            out.append(current.strip())
            current = clause
        else:
            current = joined
    if current.strip():
        out.append(current.strip())
    result = []
    for cue in out:
        lines = wrap_lines(cue, lang, width)
        while len(lines) > MAX_LINES:  # a clause longer than two lines: cut it between lines
            result.append("\n".join(lines[:MAX_LINES]))
            lines = lines[MAX_LINES:]
        result.append("\n".join(lines))
    return result


def italic_letters(cue: str, pattern) -> dict:
    """Text settings (t2s) for a cue: every match of `pattern` (its maths letters) slanted, as the
    picture's TeX sets them."""
    from manim import ITALIC

    return {"t2s": {f"[{m.start()}:{m.end()}]": ITALIC for m in pattern.finditer(cue)}}
