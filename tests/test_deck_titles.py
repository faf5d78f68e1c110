"""Deck slide titles (studio.publish.deck.sections, slides): a scene's pause is titled by its section's
title in the deck's language, never by a caption cut to length; the page's presenter shows the same."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from studio import catalogue
from studio.publish.deck.sections import SECTION_TITLES, fallback, section_title
from studio.publish.deck.slides import scene_slides

LANGS = ("en", "zh-Hant", "zh-Hans")


def test_every_title_is_short_whole_and_in_every_language():
    for scene, sections in SECTION_TITLES.items():
        assert catalogue.get(scene).kind == "scene", scene
        for name, titles in sections.items():
            assert set(titles) == set(LANGS), (scene, name)
            for lang, t in titles.items():
                assert t and len(t) <= 48 and "…" not in t, (scene, name, lang, t)


def test_every_section_a_scene_declares_has_a_title():
    """Section names written as self.section("NAME", …) in a scene's modules (scenes/NAME.py and its
    package), or self.begin("NAME", …) where a scene starts its steps that way (prenorm_block), each
    have a title."""
    root = Path(__file__).resolve().parents[1] / "scenes"
    packages = {"attention_heatmap": "attention", "backprop_small": "backprop", "layernorm_steps": "layernorm",
                "naive_position": "naive", "pe_clock": "clock", "permutation": "perm", "prenorm_block": "prenorm",
                "rope_rotation": "rope",
                "signal_decay": "decay"}
    for scene, package in packages.items():
        files = [root / f"{scene}.py", *sorted((root / package).glob("*.py"))]
        names = {n for f in files for n in re.findall(r'(?:section|begin)\(\s*"([a-z_0-9]+)"', f.read_text(encoding="utf-8"))}
        assert names, scene
        assert names <= set(SECTION_TITLES[scene]), (scene, sorted(names - set(SECTION_TITLES[scene])))


def test_a_scene_slide_takes_its_sections_title_and_its_number():
    entry = catalogue.get("signal_decay")
    item = {"sections": [{"name": n, "start_s": float(k), "hold_s": k + 0.5, "label": "", "same": False}
                         for k, n in enumerate(("intro", "slope", "sweep"))]}
    notes = [["A 24-number signal passes 30 layers,"], ["In grey, the s = 1 line: the same signal through the same layers."], []]
    for lang in LANGS:
        slides = scene_slides(entry, item, notes, ["", "", ""], lang)
        assert [s["title"] for s in slides] == [f"{SECTION_TITLES['signal_decay'][n][lang]} ({k + 1}/3)"
                                                for k, n in enumerate(("intro", "slope", "sweep"))]
        assert not any("…" in s["title"] for s in slides)


def test_a_section_without_a_title_takes_its_first_clause_or_the_scenes_name():
    assert section_title("signal_decay", "new_part", "en", "Now the sweep: s runs from 0.5 to 2.") == "Now the sweep"
    assert fallback("x " * 40) == ""
    entry = catalogue.get("signal_decay")
    item = {"sections": [{"name": "new_part", "start_s": 0.0, "hold_s": 1.0, "label": "", "same": False}]}
    title = scene_slides(entry, item, [["word " * 30]], [""], "en")[0]["title"]
    assert title == "Part 1 (1/1)"  # the description is too long for a title and is not cut
