"""The shared scene pieces that make rendering fast must not change what is drawn."""
from __future__ import annotations

import numpy as np
import pytest

manim = pytest.importorskip("manim")
from manim import (DOWN, LEFT, RIGHT, UP, Circle, DashedLine, Line, Rectangle, Square, Text,  # noqa: E402
                   VGroup, tempconfig)
from manim.camera.camera import Camera  # noqa: E402

from scenes.parts.camera import INVISIBLE, BatchingCamera, style_key, subpath_ranges  # noqa: E402


def _picture():
    """Glyphs in two colours, strokes, dashes, fill+stroke, a gradient and translucent overlaps."""
    text = Text("Attention(Q, K, V) 注意力 0.7242", font="Noto Sans CJK SC", font_size=40,
                t2c={"注意力": "#c0392b"}).to_edge(UP)
    lines = VGroup(*(Line(LEFT * 5 + DOWN * k * 0.3, RIGHT * 5 + DOWN * k * 0.3, stroke_width=3) for k in range(5)))
    dashes = DashedLine(LEFT * 5 + DOWN * 2, RIGHT * 5 + DOWN * 2, stroke_color="#2e86c1", stroke_width=4)
    box = Square(1.5, fill_color="#27ae60", fill_opacity=1, stroke_color="#000000", stroke_width=5).shift(LEFT * 4)
    gradient = Rectangle(width=2, height=1, stroke_width=0, fill_opacity=1).set_fill(["#ff0000", "#0000ff"]).shift(RIGHT * 4)
    ghosts = VGroup(*(Circle(0.8, stroke_width=0, fill_color="#8e44ad", fill_opacity=0.4).shift(RIGHT * 0.6 * k + DOWN)
                      for k in range(3)))
    hidden = Rectangle(width=3, height=3, stroke_opacity=0, fill_opacity=0)
    faded = text.copy().set_opacity(0.5).shift(DOWN * 0.05)  # overlaps the text at half opacity
    return [text, lines, dashes, box, gradient, ghosts, hidden, faded]


def _draw(camera_class) -> np.ndarray:
    with tempconfig({"pixel_width": 640, "pixel_height": 360, "background_color": "#f4f1ea"}):
        camera = camera_class()
        camera.capture_mobjects(_picture())
        return camera.pixel_array.astype(int)


def test_batching_camera_draws_what_manim_draws():
    plain, batched = _draw(Camera), _draw(BatchingCamera)
    diff = np.abs(plain - batched).max(axis=2)  # (h, w)
    assert plain.std() > 10  # the picture is not blank
    assert diff.max() <= 12  # anti-aliasing where same-colour shapes touch, nothing more
    assert (diff > 2).mean() < 0.002


def test_style_keys_group_only_plain_styles():
    assert style_key(Text("ab")[0])[0] == "fill"
    assert style_key(Line(LEFT, RIGHT))[0] == "stroke"
    assert style_key(Square(fill_opacity=1)) is None  # fill and stroke: drawn alone
    assert style_key(Rectangle(stroke_width=0, fill_opacity=1).set_fill(["#ff0000", "#0000ff"])) is None
    assert style_key(Rectangle(stroke_opacity=0, fill_opacity=0)) == INVISIBLE


def test_subpaths_split_between_shapes_and_inside_glyphs():
    glyph = Text("o")[0]  # an outer and an inner contour
    inner = subpath_ranges(glyph.points, [0], glyph.tolerance_for_point_equality)
    assert len(inner) == 2
    two = np.concatenate([glyph.points, glyph.points])  # the same outline twice still gives 4 subpaths
    assert len(subpath_ranges(two, [0, len(glyph.points)], glyph.tolerance_for_point_equality)) == 4



def test_glyph_number_follows_its_box_when_the_text_repeats():
    """set_value skips unchanged text in an unchanged place, but re-places glyphs once the number moved."""
    from scenes.parts.glyphs import GlyphNumber

    number = GlyphNumber(0.25, decimals=2, font="Noto Sans CJK SC", font_size=30)
    before = [slot.points.copy() for slot in number.slots]
    number.set_value(0.25)
    assert all(np.array_equal(a, slot.points) for a, slot in zip(before, number.slots))
    number.box.shift(RIGHT * 2)  # an animation moved only the box
    number.set_value(0.25)
    assert all(np.allclose(a + RIGHT * 2, slot.points) for a, slot in zip(before, number.slots) if len(a))
    number.set_value(-0.5)
    assert number.shown == "−0.50"  # fmt_num writes a true minus sign
    assert number.value == -0.5


def test_glyph_number_percent_sign_clears_its_digits():
    """A suffix wider than a digit ("%") gets its own width: it never runs into the digit before it."""
    from scenes.parts.glyphs import GlyphNumber

    for font in ("Noto Sans CJK SC", "Noto Sans CJK TC"):
        number = GlyphNumber(0.07, decimals=2, width=7, suffix="%", font=font, font_size=24, align="left")
        assert number.shown == "0.07%"
        digit, pct = number.slots[3].points, number.slots[4].points  # "7", "%"
        assert pct[:, 0].min() > digit[:, 0].max()
        left, right = number.text_edges()
        assert right >= pct[:, 0].max() - 1e-9 and left <= number.slots[0].points[:, 0].min() + 1e-9


def test_arc_points_match_manims_arc():
    """rope_rotation reshapes its angle arc in place; the points must be the ones Manim's Arc builds."""
    from manim import Arc

    from scenes.parts.geometry import arc_points

    rng = np.random.default_rng(1)
    for _ in range(50):
        centre = np.array([*rng.normal(size=2), 0.0])
        start, angle = rng.uniform(-4, 4), rng.uniform(-6, 6)
        expected = Arc(radius=0.32, arc_center=centre, start_angle=start, angle=angle).points
        assert np.array_equal(arc_points(centre, 0.32, start, angle), expected)


# -- captions cut into cues -------------------------------------------------------------------
def test_cue_lines_never_break_inside_a_formula():
    from scenes.parts.cues import cues

    text = ("兩個位置相加後的點積 (E + p)·(E′ + q) 展開成四項，分母是 n − 1 而不是 n，"
            "分數表卻只是換了位置：新表 = P × 舊表 × Pᵀ。")
    lines = [ln for cue in cues(text, "zh-Hant") for ln in cue.split("\n")]
    for formula in ("(E + p)·(E′ + q)", "n − 1", "P × 舊表 × Pᵀ"):
        assert any(formula in ln for ln in lines), (formula, lines)
    english = cues("Two placed words meet in a dot product (E + p)⋅(E′ + q) and the total is n − 1.", "en")
    assert any("(E + p)⋅(E′ + q)" in ln for cue in english for ln in cue.split("\n"))


def test_cue_lines_never_break_inside_a_short_bracket():
    """The attention scene's closing caption on Chinese words: the point stays on one line."""
    from scenes.parts.cues import cues, wrap_lines

    text = "「咪」的輸出是 x = (1.5901, 0.7476)。"
    assert wrap_lines(text, "zh-Hant") == ["「咪」的輸出是", "x = (1.5901, 0.7476)。"]
    lines = [ln for cue in cues("加權平均之後，" + text, "zh-Hant") for ln in cue.split("\n")]
    assert any("x = (1.5901, 0.7476)" in ln for ln in lines), lines


def test_a_full_width_bracket_stays_in_one_cue_and_on_one_line():
    """A Chinese aside in （…） with a comma inside is never cut into two cues or two lines."""
    from scenes.parts.cues import cues

    aside = "（最快的 ω = 1，主導起伏）"
    text = "但它還會升回來，p − q = 6 時 3.78" + aside + "，所以它不是距離。"
    lines = [ln for cue in cues(text, "zh-Hant") for ln in cue.split("\n")]
    assert any(aside in ln for ln in lines), lines
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_chinese_numbers_and_symbols_stay_with_the_word_after_them():
    """"30 層", "30 次方", "10.9 億", "s = 2.0 時", "s 多少": a number, symbol or formula never ends a
    line whose next line starts with the word it counts or qualifies, and "log s = −0.046" is one formula;
    English is unchanged."""
    from scenes.parts.cues import wrap_lines

    for text, whole in (("二十四個數字組成的訊號穿過 30 層，每層算一次", "30 層"),
                        ("看似無害，但 0.9 的 30 次方 ≈ 0.04", "30 次方 ≈ 0.04"),
                        ("大於 1 就爆掉：最後一層的 RMS 達到 10.9 億。", "10.9 億"),
                        ("大於 1 就爆掉了喔，當 s = 2.0 時，最後一層", "s = 2.0 時"),
                        ("加上這個步驟以後，不管 s 多少都一樣", "s 多少"),
                        ("色帶是一條直線，每層的斜率是 log s = −0.046。", "log s = −0.046")):
        lines = wrap_lines(text, "zh-Hant")
        assert len(lines) > 1 and any(whole in ln for ln in lines), (whole, lines)
    assert wrap_lines("after 30 layers the RMS", "en", 10) == ["after 30", "layers the", "RMS"]


def test_cue_lines_keep_lesson_words_whole():
    """Words the general dictionary splits (詞元, 同一批, 只差, 對調, 從頭) stay on one line."""
    from scenes.parts.cues import chinese_words, wrap_lines

    for text, word in (("每個詞元進入注意力時都是字向量，這裡畫成一支箭頭。", "詞元"),
                       ("每個都是同一批值向量的加權平均。", "同一批"),
                       ("同一個 P 也重排了輸出：只差捨入誤差。", "只差"),
                       ("現在給每個位置加上位置向量，再對調一次。", "對調"),
                       ("在下方从头算新语序，分数不同了。", "从头"),
                       ("同一個 P 也重排了輸出：只差捨入誤差。", "捨入"),
                       ("從頭算的輸出（橙色）不再落在搬過來的輸出上。", "過來")):
        start = text.index(word)
        assert (start, start + len(word)) in chinese_words(text), (text, word)
        for width in range(6, 17):  # wherever the line ends, the word is not cut
            assert any(word in line for line in wrap_lines(text, "zh-Hant", width)), (text, width)


def test_cues_follow_subtitle_norms_for_every_scene_caption():
    """At most two lines, about 42 characters a line in English and 16 in Chinese (two more at most,
    or a formula or short bracket longer than a line standing alone), and nothing lost or reordered."""
    import re
    import string

    from look import LANGS
    from scenes.parts.cues import LINE_CHARS, cues, whole_spans
    from studio import catalogue

    checked = 0
    for entry in catalogue.ENTRIES:
        if entry.kind != "scene":
            continue
        table = entry.load().STRINGS
        for lang in LANGS:
            for key, template in table[lang].items():
                if not key.startswith("cap_"):
                    continue
                fields = [f for _, f, _, _ in string.Formatter().parse(template) if f]
                text = template.format(**{f: "1.01" for f in fields})  # a typical shown number
                parts = cues(text, lang)
                assert re.sub(r"\s", "", "".join(parts)) == re.sub(r"\s", "", text)
                for cue in parts:
                    lines = cue.split("\n")
                    assert len(lines) <= 2, (entry.name, lang, cue)
                    for line in lines:
                        if len(line) > LINE_CHARS[lang] + 2:
                            assert any(b - a > LINE_CHARS[lang] - 4 for a, b in whole_spans(line)), \
                                (entry.name, lang, line)
                checked += 1
    assert checked > 100


def test_reading_time_uses_the_stated_speeds():
    from scenes.parts.cues import MIN_HOLD, READ_CPS_CJK, READ_CPS_LATIN, reading_time

    assert reading_time("x" * 26) == 26 / READ_CPS_LATIN == 2.0
    assert reading_time("字" * 14) == 14 / READ_CPS_CJK == 2.0
    assert reading_time("ok") == MIN_HOLD


def test_chinese_lines_keep_numbers_quotes_and_a_full_last_line():
    """A number ending a clause stays with its verb, a quoted word with the noun after 的, and a last
    line of three characters or fewer takes more from the line above."""
    from scenes.parts.cues import cues, wrap_lines

    lines = [ln for cue in cues("「狗」的查詢對「人」的鍵得 0.232，反過來得 0.201。", "zh-Hant") for ln in cue.split("\n")]
    assert "得 0.232，" in "".join(lines) and not any(ln.startswith("0.232") for ln in lines)
    assert not any(ln.endswith("得") for ln in lines)
    dog = wrap_lines("所以不論狗咬人還是人咬狗，「狗」的輸出都一樣。", "zh-Hant")
    assert any("「狗」的輸出" in ln for ln in dog), dog
    short = wrap_lines("狗咬人、人咬狗：同樣三個詞，意思相反。", "zh-Hant", 17)
    assert len(short[-1]) > 3 and "".join(short) == "狗咬人、人咬狗：同樣三個詞，意思相反。", short


def test_chinese_lines_never_end_after_a_list_comma_or_a_lead_word():
    """A line never ends after "、" ("q、k、" over "v") nor after 做/再/所以 before a formula or a Latin word
    ("做" over "softmax", "所以" over "o = …"); no line is longer than the limit for it."""
    from scenes.parts.cues import LINE_CHARS, cues

    for text in ("這裡查詢、鍵、值三個矩陣都是單位矩陣 I，所以每個詞元的 q、k、v 都是它自己的向量。",
                 "每個頭都先算分數、加遮罩，再做 softmax、求加權和。",
                 "這個玩具的投影把兩個頭平均：o = (h1 + h2)/2，座標是 (0.8304, 0.7508)。",
                 "兩個頭的輸出疊起來，h1 在上、h2 在下，成為一個長度 4 的向量。"):
        lines = [ln for cue in cues(text, "zh-Hant") for ln in cue.split("\n")]
        assert not any(ln.endswith("、") for ln in lines), lines
        assert not any(ln.endswith(("做", "再", "所以")) for ln in lines), lines
        assert all(len(ln) <= LINE_CHARS["zh-Hant"] + 2 for ln in lines), lines


def test_chinese_two_line_cues_break_where_a_clause_ends():
    """Two lines either way: the break goes after the clause mark nearest the middle, not into the next
    phrase ("每一列加總 / 為 1"); a mark inside a formula or bracket is no break, and a cue with no mark
    keeps its greedy lines."""
    from scenes.parts.cues import wrap_lines

    assert wrap_lines("看得到的權重都是正的，每一列加總為 1。", "zh-Hant") == ["看得到的權重都是正的，", "每一列加總為 1。"]
    assert wrap_lines("每一行再做一次 softmax，加总仍为 1。", "zh-Hans") == ["每一行再做一次 softmax，", "加总仍为 1。"]
    bracket = wrap_lines("輸出的向量很長很長 x = (0.1, 0.2)，也很長很長", "zh-Hant")
    assert not any(ln.endswith("(0.1,") for ln in bracket), bracket
    plain = "這一句話完全沒有任何的標點符號所以照常換行吧"
    assert wrap_lines(plain, "zh-Hant") == ["這一句話完全沒有任何的標點符號", "所以照常換行吧"]  # by words


def test_english_two_line_cues_break_where_a_clause_ends():
    """An English cue of two lines breaks after the comma, semicolon or colon nearest the middle when
    both lines fit and neither is shorter than 12 characters, so a word and its number stay on one
    line ("man 0.26"); a comma inside a number or a bracket is no break; no mark, greedy lines."""
    from scenes.parts.cues import wrap_lines

    most = "Largest change per word: dog 0.52, man 0.26, bites 0.13."
    assert wrap_lines(most, "en") == ["Largest change per word:", "dog 0.52, man 0.26, bites 0.13."]
    assert wrap_lines("And bites stays at position 2, so 0.311 keeps its value.", "en") == [
        "And bites stays at position 2,", "so 0.311 keeps its value."]
    pair = wrap_lines("The output of the last word is x = (0.6286, 0.7994), as before.", "en")
    assert not any(ln.endswith("(0.6286,") for ln in pair), pair
    assert wrap_lines("From 1,024 to 32,768 tokens the score table grows by far", "en") == [
        "From 1,024 to 32,768 tokens the score", "table grows by far"]
    assert wrap_lines("Yes, the scores of every pair of tokens are computed at once", "en")[0] != "Yes,"


def test_heatmap_text_on_every_shade_reaches_4_5_to_1():
    """A number on a filled cell (attention weights from 0 to 1, both themes) reaches the WCAG 4.5:1:
    ink or paper by contrast, pure white or black on a mid-tone neither reaches."""
    from look.colour import contrast
    from look.palette import PALETTES
    from scenes.parts.heatmap import TEXT_CONTRAST, HeatmapGrid

    for name, pal in PALETTES.items():
        grid = HeatmapGrid(np.linspace(0.0, 1.0, 97)[None, :], cell_w=1, cell_h=1, palette=pal)
        ratios = [contrast(grid.text_color(0, c, (pal.ink, pal.background)), grid.fills[int(grid.shade[0, c])])
                  for c in range(97)]
        assert min(ratios) >= TEXT_CONTRAST, (name, min(ratios))
        # where the palette's own ink reaches it, the ink is kept
        assert grid.text_color(0, 0, (pal.ink, pal.background)) in (pal.ink, pal.background)
