"""The scene layout gate (studio.gates.scenes): zero findings for every scene in every language, and
each rule shown catching the defect it exists for, on small scenes made to have it."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

manim = pytest.importorskip("manim")
from manim import Line, Scene  # noqa: E402

from look import LANGS, Look, fmt_num  # noqa: E402
from scenes.parts.lecture import LectureScene  # noqa: E402
from studio import catalogue  # noqa: E402
from studio.gates.findings import format_findings  # noqa: E402
from studio.gates.scenes import run_gate  # noqa: E402
from tests.conftest import scene_look  # noqa: E402

SCENES = [e.name for e in catalogue.ENTRIES if e.kind == "scene"]  # a new scene is gated as it is listed


def _cases():
    for name in SCENES:
        for lang in LANGS:
            shared = ("light", lang) == scene_look(name)
            yield pytest.param(name, lang, id=f"{name}-{lang}", marks=() if shared else pytest.mark.full)


@pytest.mark.parametrize("name,lang", list(_cases()))
def test_scene_has_no_findings(name, lang, shared_renders):
    """At the defaults, in the look of the scene's shared render (tests.conftest.scene_look), the
    gate watched the render's own play: one play gives the video and its findings. Its grid points
    are gated in the other two languages (tests/test_grids.py); TF_FULL=1 also plays the defaults in
    every language."""
    from studio import catalogue
    from studio.gates.scenes import scene_findings

    if ("light", lang) == scene_look(name):
        lines = shared_renders.gate_findings(name, "light", lang)
        if lines is not None:
            assert lines == [], "\n" + "\n".join(lines)
            return
    findings = scene_findings(catalogue.get(name), Look("light", lang))
    assert not findings, "\n" + format_findings(findings, 1)


# -- each rule catches its defect ----------------------------------------------------------------
@dataclass(frozen=True)
class Record:
    value: float = 0.25


DECIMALS = {"value": 2}


class Clean(LectureScene):
    """A well-behaved scene: what the defective ones below change one thing of."""

    strings = {lang: {"title": "A small scene"} for lang in LANGS}
    caption_text = "A value on screen, read at a comfortable pace."
    label_text = None  # the number, as the record renders it

    def construct(self):
        self.add_title()
        value = self.txt(self.label_text or fmt_num(self.data.value, 2), size=30).move_to([0, 0.5, 0])
        self.section("one", self.caption_text)
        self.play(manim.FadeIn(value), run_time=0.5)
        extras = self.extra()
        self.wait(1)
        self.section("two", "The value stays.", keep=[value, *extras])
        self.wait(1)

    def extra(self) -> list:
        return []


class Clipped(Clean):
    def extra(self):
        label = self.txt("a label at the edge", size=26).move_to([-6.4, 1.5, 0])  # cut by the left edge
        self.add(label)
        return [label]


class Overlapping(Clean):
    def extra(self):
        labels = [self.txt("q", size=30).move_to([2, 1, 0]), self.txt("k", size=30).move_to([2.05, 1.05, 0])]
        self.add(*labels)
        return labels


class TextReachedTwice(Clean):
    """A label also held by a group placed straight in the scene's list (as a group made to point at
    it is): Manim draws the label once, so it overlaps nothing."""

    def extra(self):
        label = self.txt("q", size=30).move_to([2, 1, 0])
        self.add(label)
        pointer = manim.VGroup(label)
        self.mobjects.append(pointer)
        return [label, pointer]


class LeftoverDivider(Clean):
    def construct(self):
        self.add_title()
        divider = Line([0, 2.9, 0], [0, 0.4, 0], stroke_color=self.pal.muted)
        self.section("one", self.caption_text)
        self.play(manim.Create(divider), run_time=0.5)
        self.wait(1)
        label = self.txt("the reordering", size=24).move_to([2.5, 1.0, 0])
        self.section("two", "The value stays.")  # the divider is no longer used, and not declared
        self.play(manim.FadeIn(label), run_time=0.5)
        self.wait(1)


class DividerThroughLabel(Clean):
    def extra(self):
        parts = [self.txt("the reordering", size=24).move_to([0, 1.9, 0]),
                 Line([0, 2.9, 0], [0, 0.9, 0], stroke_color=self.pal.muted)]
        self.add(*parts)
        return parts


class FastCaption(Clean):
    caption_text = ("Every scene closed with a caption of a hundred and seventy characters held four seconds, "
                    "far faster than anyone reads, so the gate must say so.")

    def _flush_cues(self):  # the old behaviour: the next section starts whatever the caption needs
        pass

    def wait(self, duration=1.0, stop_condition=None, frozen_frame=None):
        Scene.wait(self, duration, stop_condition=stop_condition, frozen_frame=frozen_frame)


class SourceNamed(Clean):
    label_text = "0.25 (as the book prints it)"


class SourceNamedChinese(Clean):
    label_text = "0.25（書中的數字）"


class UnexportedNumber(Clean):
    label_text = "0.37"


class InTheBand(Clean):
    def extra(self):
        note = self.txt("a note", size=22).move_to([-5.3, -2.9, 0])
        self.add(note)
        return [note]


def findings_of(scene_class, lang="en"):
    """The layout rules only: the teaching rules have their planted scenes in test_teaching_gate.py."""
    return run_gate(scene_class, Record(), Look("light", lang), name=scene_class.__name__, decimals=DECIMALS,
                    teaching=False)


def rules(scene_class, lang="en"):
    return sorted({f.rule for f in findings_of(scene_class, lang)})


def test_clean_scene_has_no_findings():
    assert findings_of(Clean) == []
    assert findings_of(Clean, "zh-Hant") == []


@pytest.mark.parametrize("scene_class,rule", [
    (Clipped, "outside"), (Overlapping, "overlap"), (LeftoverDivider, "leftover"),
    (DividerThroughLabel, "overlap"), (FastCaption, "pace"), (SourceNamed, "source"),
    (UnexportedNumber, "number"), (InTheBand, "band"),
], ids=lambda v: v if isinstance(v, str) else v.__name__)
def test_rule_catches_its_defect(scene_class, rule):
    assert rules(scene_class) == [rule]


SCENE = Clipped  # this module as a catalogue entry's scene, for the render below


def planted_record() -> Record:
    return Record()


@pytest.mark.render
def test_a_render_watched_by_the_gate_finds_what_the_gate_play_finds(tmp_path, tiny):
    """One play gives the video and its findings (studio.gates.scenes.render_and_gate, as the run's
    shared scene renders are made): a clipped label is found in the rendered play as in the gate's."""
    from studio.build.request import Request
    from studio.catalogue import Entry
    from studio.gates.scenes import render_and_gate

    entry = Entry("clipped", "scene", __name__, f"{__name__}:planted_record",
                  {lang: "a planted defect" for lang in LANGS})
    result, found = render_and_gate(Request(entry, Look("light", "en"), tiny, out_root=tmp_path))
    assert not result.cached and (tmp_path / "clipped" / "clipped.mp4").stat().st_size > 0
    assert sorted({f.rule for f in found}) == rules(Clipped) == ["outside"]
    again, none = render_and_gate(Request(entry, Look("light", "en"), tiny, out_root=tmp_path))
    assert again.cached and none is None  # answered from the cache: nothing was played


def test_a_text_reachable_twice_is_counted_once():
    """(a) one text reachable from two top-level mobjects overlaps nothing; (b) two distinct texts
    drawn over each other still do."""
    assert [f for f in findings_of(TextReachedTwice) if f.rule == "overlap"] == []
    assert rules(Overlapping) == ["overlap"]


def test_source_names_are_caught_in_chinese():
    assert rules(SourceNamedChinese, "zh-Hant") == ["source"]


def test_findings_name_time_objects_and_boxes():
    f = next(f for f in findings_of(Overlapping) if f.rule == "overlap")
    line = f.line()
    assert f.where.endswith("(section one)") and "'q'" in line and "'k'" in line and len(f.boxes) == 2
    (lx0, ly0, lx1, ly1), _ = f.boxes
    assert lx0 < 2 < lx1 and ly0 < 1 < ly1


def test_reading_speed_paces_the_captions():
    """LectureScene holds each cue for its reading time, so the same long caption passes when paced."""
    class Paced(Clean):
        caption_text = FastCaption.caption_text

    assert findings_of(Paced) == []


def test_caption_file_mode_gives_the_band_back():
    """With captions in a file only, nothing is drawn in the band and content may use it; the cues are
    still timed for reading (they go to NAME.srt / NAME.vtt)."""
    found = run_gate(InTheBand, Record(), Look("light", "en"), name="InTheBand", decimals=DECIMALS,
                     captions="file", teaching=False)
    assert found == []
    assert rules(InTheBand) == ["band"]
