"""The on-disk outline cache (studio.build.outlines): what it reads back equals what the SVG parse
makes, and a damaged or foreign entry is never used (nor run), only removed and parsed again."""
from __future__ import annotations

import hashlib
import pickle
import zlib
from pathlib import Path

import numpy as np
import pytest

from studio.build import outlines


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """An empty cache, the hook installed, and Manim's in-process SVG table cleared before each build
    (so every build reaches the parse or the cache)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.chdir(tmp_path)  # Manim writes its SVGs under ./media
    outlines.install()
    return outlines.cache_dir()


def _fresh(build):
    from manim.mobject.svg import svg_mobject

    svg_mobject.SVG_HASH_TO_MOB_MAP.clear()
    return build()


def _entries(folder):
    return sorted(p for p in folder.rglob("*") if p.is_file())


def _same(a, b):
    fa, fb = a.get_family(), b.get_family()
    assert [type(x) for x in fa] == [type(x) for x in fb]
    for x, y in zip(fa, fb):
        np.testing.assert_array_equal(x.points, y.points)
        np.testing.assert_array_equal(x.get_fill_rgbas(), y.get_fill_rgbas())
        np.testing.assert_array_equal(x.get_stroke_rgbas(), y.get_stroke_rgbas())


def test_a_text_read_back_equals_the_parsed_one(cache):
    from manim import Text

    def build():
        return Text("LayerNorm: 均值 0", font="Noto Sans CJK SC", font_size=30)

    parsed = _fresh(build)
    assert len(_entries(cache)) == 1
    again = _fresh(build)
    assert len(_entries(cache)) == 1
    _same(parsed, again)
    other = _fresh(lambda: Text("LayerNorm: 均值 1", font="Noto Sans CJK SC", font_size=30))
    assert len(_entries(cache)) == 2 and len(other.get_family()) == len(parsed.get_family())


def test_a_text_drawn_after_another_history_is_found(cache):
    """Pango's SVG names its group after cairo's process-wide surface count ("surface1", then
    "surface5" after other texts): the same text is one entry whatever the process drew before it."""
    import glob

    from manim import Text, config

    svgs = str(config.get_dir("text_dir") / "*.svg")  # Pango's SVGs, in this worker's media folder

    def build():
        return Text("softmax", font="Noto Sans", font_size=30)

    def drop_svgs():  # the next build draws its SVG again, on a later surface
        for svg in glob.glob(svgs):
            Path(svg).unlink()

    first = _fresh(build)
    first_svg = Path(glob.glob(svgs)[0]).read_bytes()
    drop_svgs()
    for k in range(3):
        _fresh(lambda: Text(f"another {k}", font="Noto Sans", font_size=30))
    assert len(_entries(cache)) == 4
    drop_svgs()
    again = _fresh(build)
    assert Path(glob.glob(svgs)[0]).read_bytes() != first_svg  # another surface number
    assert len(_entries(cache)) == 4  # read back, not a fifth entry
    _same(first, again)


def test_a_formula_keeps_its_parts(cache):
    from manim import MathTex

    def build():
        return MathTex(r"\hat{x}", "=", r"\frac{x - \mu}{\sigma}")

    parsed = _fresh(build)
    again = _fresh(build)
    _same(parsed, again)
    assert list(again.id_to_vgroup_dict) == list(parsed.id_to_vgroup_dict)
    family = {id(m) for m in again.get_family()}
    for name, group in again.id_to_vgroup_dict.items():  # the groups hold the outlines drawn, not copies
        _same(group, parsed.id_to_vgroup_dict[name])
        assert all(id(m) in family for m in group.family_members_with_points()), name


@pytest.mark.parametrize("damage", ["flip", "truncate", "foreign", "empty"])
def test_a_damaged_entry_is_removed_and_parsed_again(cache, damage, tmp_path):
    from manim import Text

    def build():
        return Text("Q·Kᵀ", font_size=30)

    parsed = _fresh(build)
    (entry,) = _entries(cache)
    blob = entry.read_bytes()
    ran = tmp_path / "ran"
    if damage == "flip":
        blob = blob[:-10] + bytes([blob[-10] ^ 1]) + blob[-9:]
    elif damage == "truncate":
        blob = blob[: len(blob) // 2]
    elif damage == "empty":
        blob = b""
    else:  # a well-formed entry whose pickle would run a command when loaded
        class Run:
            def __reduce__(self):
                return (__import__("os").system, (f"touch {ran}",))

        body = zlib.compress(pickle.dumps((Run(), {})), 1)
        blob = outlines.MAGIC + hashlib.sha256(body).digest() + body
    entry.write_bytes(blob)
    again = _fresh(build)
    _same(parsed, again)
    assert not ran.exists()
    assert entry.read_bytes() != blob  # removed, then written again by the parse
