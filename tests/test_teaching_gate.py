"""The teaching gate (studio.gates.teaching): each rule shown catching the defect it exists for, on
small scenes made to have it, while a well-made scene passes in English and Chinese."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

manim = pytest.importorskip("manim")
from manim import RIGHT, Rectangle  # noqa: E402

from look import LANGS, Look, fmt_num  # noqa: E402
from scenes.parts import lecture  # noqa: E402
from scenes.parts.lecture import LectureScene  # noqa: E402
from studio.gates import teaching  # noqa: E402
from studio.gates.findings import format_findings  # noqa: E402
from studio.gates.scenes import run_gate  # noqa: E402


@dataclass(frozen=True)
class Record:
    value: float = 0.25
    other: float = 0.75


DECIMALS = {"value": 2, "other": 2}
CAPTIONS = {"en": ("The value appears, then we read it: {v}.", "The value moves to the right."),
            "zh-Hant": ("數值出現後，我們讀出它：{v}。", "這個數值向右移動。"),
            "zh-Hans": ("数值出现后，我们读出它：{v}。", "这个数值向右移动。")}


class Clean(LectureScene):
    """A well-made scene: the value is drawn before its cue states it, motion in every section, a
    short final hold, legible sizes. The planted scenes below change one thing each."""

    strings = {lang: {"title": "A small scene"} for lang in LANGS}
    label_size = 30

    def construct(self):
        self.add_title()
        frame = Rectangle(width=6, height=3, stroke_color=self.pal.muted).move_to([0, 0.5, 0])
        self.add(frame)
        self.persist(frame)
        self.frame = frame
        self.value = self.txt(fmt_num(self.data.value, 2), size=self.label_size).move_to([-1, 0.5, 0])
        self.play(manim.FadeIn(self.value), run_time=0.5)
        self.first()
        self.section("two", self.caption_two(), keep=[self.value])
        self.play(self.value.animate.shift(RIGHT), run_time=1.0)
        self.ending()

    def caption_one(self) -> str:
        return CAPTIONS[self.look.lang][0].format(v=fmt_num(self.data.value, 2))

    def caption_two(self) -> str:
        return CAPTIONS[self.look.lang][1]

    def first(self):
        self.section("one", self.caption_one(), keep=[self.value])
        self.play(self.value.animate.scale(1.1), run_time=1.0)
        self.wait(1)

    def ending(self):
        self.wait(1)


class CaptionAhead(Clean):
    """The cue states the other value 0.75, which is drawn only after the cue has left."""

    def caption_one(self):
        return {"en": "Next comes the other value, {v}.", "zh-Hant": "接下來是另一個數值：{v}。",
                "zh-Hans": "接下来是另一个数值：{v}。"}[self.look.lang].format(v=fmt_num(self.data.other, 2))

    def first(self):
        super().first()
        self.read_caption()
        other = self.txt(fmt_num(self.data.other, 2), size=30).move_to([1.5, 1.2, 0])
        self.play(manim.FadeIn(other), run_time=0.5)
        self.play(manim.FadeOut(other), run_time=0.5)


class ValueReplaced(Clean):
    """The value on screen changes to 0.75 while the cue stating 0.25 is still up."""

    def first(self):
        self.section("one", self.caption_one(), keep=[self.value])
        other = self.txt(fmt_num(self.data.other, 2), size=30).move_to(self.value)
        self.play(manim.ReplacementTransform(self.value, other), run_time=0.5)
        self.value = other
        self.wait(2)


class ValueLate(Clean):
    """pe_clock's "3.5091" defect: a long cue (two lines) states the other value, which is drawn 2.3 s
    after the cue appears, before the cue's middle: the middle alone let it pass."""

    late = 1.4  # seconds of motion after the cue's fade-in (0.4 s), before the value fades in (0.5 s)

    def caption_one(self):
        return {"en": "Among all the pairs compared on the left, the largest value is {v}, at the far end.",
                "zh-Hant": "在左邊比較過的每一對座位裡，最大的數值是 {v}。",
                "zh-Hans": "在左边比较过的每一对座位里，最大的数值是 {v}。"}[self.look.lang].format(
            v=fmt_num(self.data.other, 2))

    def first(self):
        self.section("one", self.caption_one(), keep=[self.value])
        self.play(self.value.animate.scale(1.1), run_time=self.late)  # the pair is lifted, its difference drawn
        other = self.txt(fmt_num(self.data.other, 2), size=30).move_to([1.5, 1.2, 0])
        self.play(manim.FadeIn(other), run_time=0.5)
        self.read_caption()
        self.play(manim.FadeOut(other), run_time=0.4)


class ReadoutBehind(Clean):
    """pe_clock's old defect: the cue names seat 11 while the seat counter is still at 5.0, on its way there
    (it showed 5.6 a moment later): whole numbers are structure, but not against a counter."""

    seat_text = {"en": "Again from seat {s}: the counter moves.", "zh-Hant": "從座位 {s} 再走一次：計數器移動。",
                 "zh-Hans": "从座位 {s} 再走一次：计数器移动。"}
    move_first = False  # the fixed order: the counter reaches the seat, then the cue names it

    def first(self):
        from scenes.parts.glyphs import GlyphNumber

        self.section("one", self.caption_one(), keep=[self.value])
        seat = GlyphNumber(5.0, decimals=1, width=4, font=self.look.font, font_size=30, color=self.pal.ink,
                           align="left").move_to([1.5, 1.2, 0])
        self.shown.update(seat=5.0, named=11)  # the seat the next cue names is a number of the record
        self.play(manim.FadeIn(seat), run_time=0.5)
        self.read_caption()
        tracker = manim.ValueTracker(5.0)

        def follow(mob):
            mob.set_value(round(tracker.get_value(), 1))
            self.shown["seat"] = round(tracker.get_value(), 1)

        seat.add_updater(follow)
        steps = [lambda: self.play(tracker.animate.set_value(11.0), run_time=0.8),
                 lambda: self.caption(self.seat_text[self.look.lang].format(s=11))]
        for step in (steps if self.move_first else steps[::-1]):
            step()
        self.play(tracker.animate.set_value(14.0), run_time=2.4)
        seat.remove_updater(follow)
        self.read_caption()
        self.play(manim.FadeOut(seat), run_time=0.4)
        self.shown.pop("seat", None)


class ReadoutThere(ReadoutBehind):
    move_first = True


class SmallLabel(Clean):
    label_size = 15  # an em of 2.6 % of the frame height


class SmallScript(Clean):
    """A formula at 30 points: its em (3.9 %) passes, its subscript's (0.7 of it: 2.7 %) does not."""

    measure_scripts = True

    def ending(self):
        formula = self.tex(r"x_q W_Q", size=30).move_to([1.5, 1.2, 0])
        self.play(manim.FadeIn(formula), run_time=0.5)
        self.wait(1)


class SmallCaption(Clean):
    caption_size = 20  # an em of 3.5 %


class LongStill(Clean):
    def first(self):
        super().first()
        self.wait(7)  # nothing moves for 7 s


class LongFinalHold(Clean):
    def ending(self):
        self.wait(6)


class EmptyScreen(Clean):
    def ending(self):
        self.play(manim.FadeOut(self.value), manim.FadeOut(self.frame), run_time=0.5)
        self.wait(2)  # title and caption only


class Fragment(Clean):
    def caption_two(self):
        return "The value moves. x = 0.25."


class AsciiMaths(Clean):
    def caption_two(self):
        return "The value X_in moves to the right."


class MissingGlyph(Clean):
    def caption_two(self):
        return "The value xᵢ moves to the right."  # ᵢ is not in Noto Sans CJK


class SplitWord(Clean):
    """The Chinese cutter before jieba: 變異數 split across two lines."""

    def caption_two(self):
        return "我們先算出這一列數字的平均值與變異數，再做歸一化。"

    def ending(self):  # its longer caption is read while the value moves back: the final hold stays short
        self.play(self.value.animate.shift(-0.5 * RIGHT), run_time=1.0)
        self.wait(1)


def findings_of(scene_class, lang="en"):
    return run_gate(scene_class, Record(), Look("light", lang), name=scene_class.__name__, decimals=DECIMALS)


def rules(scene_class, lang="en"):
    return sorted({f.rule for f in findings_of(scene_class, lang)})


@pytest.mark.parametrize("lang", LANGS)
def test_clean_scene_passes(lang):
    found = findings_of(Clean, lang)
    assert found == [], "\n" + format_findings(found, 1)


@pytest.mark.parametrize("scene_class,rule,words", [
    (CaptionAhead, "sync", "states 0.75, not on screen"),
    (ValueReplaced, "sync", "states 0.25, not on screen"),
    (ValueLate, "sync", "states 0.75, not on screen"),
    (ReadoutBehind, "sync", "states 11 while a readout still shows 5.0"),
    (SmallLabel, "size", "'0.25' is drawn at an em of 2.6 %"),
    (SmallCaption, "size", "caption"),
    (SmallScript, "size", "'x_q W_Q' is drawn at an em of 2.7 %"),
    (LongStill, "stillness", "nothing moves for 8.0 s"),
    (LongFinalHold, "stillness", "the last frame is held"),
    (EmptyScreen, "stillness", "empty but for title and caption"),
    (Fragment, "cues", "'x = 0.25.' is not a clause"),
    (AsciiMaths, "cues", "writes maths in ASCII ('X_i')"),
    (MissingGlyph, "cues", "'ᵢ' not in the caption font"),
], ids=lambda v: v.__name__ if isinstance(v, type) else None)
def test_rule_catches_its_defect(scene_class, rule, words):
    found = findings_of(scene_class)
    assert sorted({f.rule for f in found}) == [rule], "\n" + format_findings(found, 1)
    assert any(words in f.message for f in found), "\n" + format_findings(found, 1)


@pytest.mark.parametrize("lang", LANGS)
def test_a_counter_at_the_seat_its_cue_names_passes(lang):
    found = findings_of(ReadoutThere, lang)
    assert found == [], "\n" + format_findings(found, 1)


def test_a_late_value_is_caught_only_past_the_lag():
    """The late value is drawn 2.3 s after its cue appears, before the cue's middle: the lag catches it; drawn
    within SYNC_LAG of its cue it passes, in every language."""
    class InTime(ValueLate):
        late = teaching.SYNC_LAG - 1.0  # the cue's fade-in (0.4 s), the motion, the value's fade-in (0.5 s)

    late = findings_of(ValueLate)
    cue = [f for f in late if f.rule == "sync"]
    assert len(cue) == 1 and f"not on screen at {0.5 + teaching.SYNC_LAG:.2f} s" in cue[0].message, \
        "\n" + format_findings(late, 1)
    start, stop = (float(v) for v in cue[0].message.split("(")[1].split(" s)")[0].split("-"))
    assert 0.4 + ValueLate.late + 0.5 < (stop - start) / 2, "the value comes before the cue's middle: only the lag catches it"
    for lang in LANGS:
        found = findings_of(InTime, lang)
        assert found == [], "\n" + format_findings(found, 1)


def test_scripts_are_measured_only_where_a_scene_asks():
    class Unmeasured(SmallScript):
        measure_scripts = False

    found = findings_of(Unmeasured)
    assert found == [], "\n" + format_findings(found, 1)


def test_a_word_split_across_lines_is_caught(monkeypatch):
    """With a cutter that breaks between any two Chinese characters, 變|異數 is caught."""
    from scenes.parts import cues

    monkeypatch.setattr(cues, "chinese_words", lambda text: [])
    found = findings_of(SplitWord, "zh-Hant")
    assert [f.rule for f in found] == ["cues"], "\n" + format_findings(found, 1)
    assert "與變' | '異數" in found[0].message and "inside a word" in found[0].message
    monkeypatch.undo()
    assert findings_of(SplitWord, "zh-Hant") == []  # the cutter keeps words whole


def test_a_formula_split_across_cues_is_caught(monkeypatch):
    """A cutter that cuts every 30 characters breaks "(E + p)·(E′ + q)" and a word."""
    text = "Expand the product (E + p)·(E′ + q) into four terms."

    def naive(caption, lang):
        return [caption[i:i + 30].strip() for i in range(0, len(caption), 30)]

    class Split(Clean):
        def caption_two(self):
            return text

    monkeypatch.setattr(lecture, "cues", naive)
    messages = [f.message for f in findings_of(Split) if f.rule == "cues"]
    assert any("inside a formula" in m and "(E + p)·(E′' | '+ q)" in m for m in messages), messages
    assert any("inside a word" in m and "we rea' | 'd it" in m for m in messages), messages


@pytest.mark.parametrize("lang,text,cut", [
    ("en", "The two arrows meet in their dot product: the value moves to the right.", "dot "),
    ("zh-Hant", "注意力頭把兩個和各自投影，數值向右移動。", "把兩"),
    ("zh-Hant", "不經注意力頭，兩種順序都是同一個數值。", "兩種"),
    ("zh-Hant", "這個數值只看相隔幾步，不看座位。", "值只"),
    ("zh-Hans", "不经注意力头，两种顺序都是同一个数值。", "两种"),
])
def test_a_phrase_split_across_lines_is_caught(monkeypatch, lang, text, cut):
    """pe_clock's breaks "dot | product", "兩 | 個", "兩種 | 順序", "只 | 看": a cutter that breaks there is
    caught, and the project's cutter keeps them whole."""
    at = text.index(cut) + len(cut)

    def cutter(caption, lang_):
        return [caption[:at].strip() + "\n" + caption[at:].strip()] if caption == text else lecture_cues(caption, lang_)

    lecture_cues = lecture.cues

    class Split(Clean):
        def caption_two(self):
            return text

        def ending(self):  # its longer caption is read while the value moves back: the final hold stays short
            self.play(self.value.animate.shift(-0.5 * RIGHT), run_time=1.0)
            self.wait(1)
            self.play(self.value.animate.shift(0.5 * RIGHT), run_time=1.0)

    monkeypatch.setattr(lecture, "cues", cutter)
    found = [f for f in findings_of(Split, lang) if f.rule == "cues"]
    assert any("inside a word" in f.message and cut.strip() in f.message for f in found), \
        "\n" + format_findings(found, 1)
    monkeypatch.undo()
    found = findings_of(Split, lang)
    assert found == [], "\n" + format_findings(found, 1)


def test_pace_is_tighter_than_the_cutter_used_to_time(monkeypatch):
    """Cues timed at the old 15 / 8 characters a second are too fast for a section that animates."""
    from scenes.parts import cues

    old = lambda text: max(1.5, len(text.replace("\n", " ")) / 15.0)  # noqa: E731
    monkeypatch.setattr(lecture, "reading_time", old)
    monkeypatch.setattr(cues, "reading_time", old)

    class Long(Clean):
        def caption_two(self):
            return "A long caption, read while the value moves, at the old speed of fifteen a second."

        def ending(self):
            self.play(self.value.animate.shift(RIGHT), run_time=2)
            self.play(self.value.animate.shift(-RIGHT), run_time=2)

    found = findings_of(Long)
    assert sorted({f.rule for f in found}) == ["pace"], "\n" + format_findings(found, 1)
    assert any("at 13/7 characters a second" in f.message for f in found)
    assert teaching.reading_time("a" * 26) == pytest.approx(2.0)
    assert teaching.reading_time("字" * 14) == pytest.approx(2.0)


def test_em_is_measured_on_the_drawn_glyphs():
    """At the caption size (26) the em is 4.5 % of the frame height; scaling a text scales its em."""
    with manim.tempconfig({"pixel_width": 256, "pixel_height": 144}):
        t = manim.Text("Hg", font="Noto Sans CJK SC", font_size=26)
        em = teaching.em_height(t, "Noto Sans CJK SC")
        assert 0.044 < em / manim.config.frame_height < 0.047
        t.scale(0.5)
        assert teaching.em_height(t, "Noto Sans CJK SC") == pytest.approx(em / 2, rel=1e-6)


class RevealWithCue(Clean):
    """The other value comes in with the cue that states it: caption(..., with_=...) runs its fade-in beside the
    cue's, and records it as it starts."""

    timing: list = []

    def first(self):
        super().first()
        other = self.txt(fmt_num(self.data.other, 2), size=30).move_to([1.5, 1.2, 0])
        self.caption(CaptionAhead.caption_one(self), with_=[manim.FadeIn(other)], run_time=0.6,
                     shown={"other": fmt_num(self.data.other, 2)})
        RevealWithCue.timing.append((self.cues_log[-1]["start_s"], self.now, dict(self.shown)))
        self.read_caption()
        self.play(manim.FadeOut(other), run_time=0.5)


def test_a_value_revealed_with_its_cue_passes_and_starts_with_it():
    RevealWithCue.timing.clear()
    found = findings_of(RevealWithCue)
    assert found == [], "\n" + format_findings(found, 1)
    start, done, shown = RevealWithCue.timing[0]
    # the new cue replaces the old in one frame, so the value's 0.6 s start with it: 0.6 s, not 0.8
    assert done - start == pytest.approx(0.6, abs=0.05) and shown["other"] == "0.75"


class NamedCount(Clean):
    """A count n drawn as a whole number, which the cue names: "n = 3". In this clean version the count is at 3
    before the cue that says so comes; NamedCountLate moves it there while the cue is already up (a slider still
    on 2 while "let n = 3" is read: numbers without decimals, which the value rule leaves alone)."""

    late = False

    def first(self):
        self.count = 2
        self.shown["counts"] = [2, 3]  # the numbers it draws, exported
        self.count_mob = self.txt("2", size=30).move_to([1.5, 0.5, 0])
        self.play(manim.FadeIn(self.count_mob), run_time=0.5)
        if not self.late:
            self.to_three(0.5)
        self.section("one", {"en": "Let n = 3: the count of the cells.", "zh-Hant": "讓 n = 3：格子的個數。",
                             "zh-Hans": "让 n = 3：格子的个数。"}[self.look.lang], keep=[self.value, self.count_mob])
        if self.late:
            self.to_three(1.0)
        self.play(self.value.animate.scale(1.1), run_time=1.0)
        self.wait(1)
        self.play(manim.FadeOut(self.count_mob), run_time=0.3)
        self.remove(self.count_mob)
        del self.count

    def to_three(self, run_time):
        three = self.txt("3", size=30).move_to(self.count_mob)
        self.count = 3  # drawn at the end of the play (the gate samples each play's end)
        self.play(manim.ReplacementTransform(self.count_mob, three), run_time=run_time)
        self.count_mob = three

    def drawn_names(self) -> dict:
        return {"n": self.count} if hasattr(self, "count") else {}


class NamedCountLate(NamedCount):
    late = True


@pytest.mark.parametrize("lang", LANGS)
def test_a_named_whole_number_is_held_to_the_picture(lang):
    """The sync rule's named values (studio.gates.teaching.stated_names): "n = 3" while the picture draws n = 2 is
    caught from the cue's first quarter second; drawn 3 before the cue, it passes."""
    assert findings_of(NamedCount, lang) == []
    found = findings_of(NamedCountLate, lang)
    assert [f.rule for f in found] == ["sync"], "\n" + format_findings(found, 1)
    assert "states n = 3, the picture draws n = 2" in found[0].message


def test_stated_names_reads_the_longest_name_first():
    names = {"p", "q", "p − q"}
    assert teaching.stated_names("At p − q = 6 it is back; at p = q = 0 both.", names) == [("p − q", 6), ("q", 0)]
    assert teaching.stated_names("Here q = 10: the angle a − b, p = 12.5.", names) == [("q", 10)]
    assert teaching.stated_names("這裡 q = 10：兩點", names) == [("q", 10)]
