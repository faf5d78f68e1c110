"""How drawn numbers read: pe_angles writes each hand's turn to two significant digits, so a slow hand's
small turn never reads 0°; pe_dot_distance's note of the pointers' values sits clear of the gridlines
and of every mark."""
from __future__ import annotations

import importlib

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.text import Text  # noqa: E402

from figures.placing import crossings, drawn_segments, with_grid  # noqa: E402
from look import Look  # noqa: E402
from studio import catalogue  # noqa: E402
from studio.gates.figures import draw_figure  # noqa: E402
from studio.gates.records import record_of  # noqa: E402


def _texts(fig) -> list[str]:
    return [t.get_text() for t in fig.findobj(Text)]


def test_pe_angles_writes_slow_hands_with_two_significant_digits():
    data = record_of(catalogue.get("pe_angles"))
    assert np.allclose(data.table[:, 0], np.degrees(3 * 10000.0 ** (-np.arange(8) / 8)) % 360, atol=1e-9)
    fig, _ = draw_figure(catalogue.get("pe_angles"), Look("light", "en"))
    try:
        texts = _texts(fig)
    finally:
        plt.close(fig)
    for shown in ("172°", "54°", "17°", "5.4°", "1.7°", "0.54°", "0.17°", "0.054°"):  # every hand, fastest first
        assert shown in texts, (shown, texts)
    assert texts.count("172°") == 3 and texts.count("54°") == 3  # hands 0 and 1: one dial per start
    assert texts.count("0°") == 1 and "1°" not in texts  # 0° only as the dial's reference mark
    assert not any("too small" in t for t in texts)  # pairs 2–7: their angles alone, no dials of slivers
    assert not any("the fastest" in t for t in texts)  # no footer: 1 rad = 57.3° is caption text
    assert "d = 16, 8 pairs" in texts[0]  # the width stated where pairs are compared with pe_waves' d = 8
    cap = importlib.import_module(catalogue.get("pe_angles").module).caption(data, Look("light", "en"))
    for shown in ("pair 4: 1.7°", "pair 5: 0.54°", "pair 6: 0.17°", "pair 7: 0.054°"):
        assert shown in cap, (shown, cap)


def test_pe_dot_distance_notes_name_their_own_points_clear_of_gridlines_and_marks():
    """k = 0 and k = 1 each have a note of their own whose arrow ends on the plotted value (4 and
    3.5353), the note's text clear of the gridlines and of every mark."""
    from matplotlib.text import Text

    look = Look("light", "en")
    fig, _ = draw_figure(catalogue.get("pe_dot_distance"), look)
    try:
        ax = fig.axes[0]
        renderer = fig.canvas.get_renderer()
        notes = {t.get_text(): t for t in ax.texts if t.get_text().startswith("k = ")}
        assert set(notes) == {"k = 0: 4 = d/2", "k = 1: 3.54"}
        for text, xy in (("k = 0: 4 = d/2", (0, 4.0)), ("k = 1: 3.54", (1, 3.5353))):
            note = notes[text]
            np.testing.assert_allclose(note.xy, xy, atol=5e-5)  # the arrow points at the plotted value
            assert note.arrow_patch is not None
            box = Text.get_window_extent(note, renderer)
            assert crossings(*with_grid(ax, drawn_segments(ax)), (box.x0, box.y0, box.x1, box.y1)) == 0
            for line in ax.lines:  # no marker inside the note
                if line.get_marker() in (None, "None", "none", ""):
                    continue
                for x, y in ax.transData.transform(np.column_stack(line.get_data())):
                    assert not (box.x0 < x < box.x1 and box.y0 < y < box.y1)
    finally:
        plt.close(fig)


def test_attention_cost_counts_solid_to_gpt2_rows_and_dashed_past_them():
    """Like for like, one table each: the score line counts one score table of GPT-2 small (one layer, one head,
    T × T; a forward pass makes 12 × 12 = 144, from the record, said in the subtitle); the position rows are GPT-2
    small's own, T × 768 (the record's width, the engine's GPT-2 small d_model). They meet at T = d = 768 (the
    caption). Both lines are solid up to GPT-2 small's 1,024 tokens and dashed past them (hypothetical: the model
    takes no longer input), which a key says; the toy width d = 16 is a choice, drawn as a toy with GPT-2 small's
    table thin beside it."""
    from look.palette import LINE_STYLES

    from engine.gpt2 import GPT2_SIZES

    entry = catalogue.get("attention_cost")
    data = record_of(entry)
    width = GPT2_SIZES[0][1]
    assert data.position_width == width == 768 and list(data.real_widths) == [768, 1600]
    assert list(data.real_score_tables) == [144, 1200]
    assert data.pass_tables == 144 and np.array_equal(data.pass_score_entries, 144 * data.lengths ** 2)
    assert np.array_equal(data.position_entries, data.lengths * 768)
    assert np.array_equal(data.score_entries, data.lengths ** 2)
    assert data.crossing == 64 and data.crossing_entries == 49_152 and data.layer_heads == 12  # one layer: 768 / 12
    from figures.attention_cost import drawn

    view = drawn(data)  # the lengths drawn: from T = 8, three octaves below one layer's meeting (T = 64)
    assert view.lengths[0] == 8 and view.lengths[-1] == data.lengths[-1] and view.lengths[0] < data.crossing
    fig, _ = draw_figure(entry, Look("light", "en"))
    try:
        texts = _texts(fig)
        ax = fig.axes[0]
        diamonds = [tuple(np.ravel(ln.get_data())) for ln in ax.lines if ln.get_marker() == "D"]
        rows = int(data.real_rows[0])  # GPT-2's learned table: 1,024 rows, its longest input
        inside = view.lengths[view.lengths <= rows]
        past = np.insert(view.lengths[view.lengths > rows], 0, rows)
        solid = [ln for ln in ax.lines if np.array_equal(ln.get_xdata(), inside)]
        dashed = [ln for ln in ax.lines if np.array_equal(ln.get_xdata(), past)]
        bars = [tuple(np.ravel(ln.get_data())) for ln in ax.lines if ln.get_marker() == "|"]
        solid_y = sorted(tuple(ln.get_ydata()) for ln in solid)
        dashed_y = sorted(tuple(ln.get_ydata()) for ln in dashed)
        styles = [ln.get_linestyle() for ln in solid]
        dashes = {repr(ln.get_linestyle()) for ln in dashed}
        key = [t.get_text() for t in ax.get_legend().get_texts()]
    finally:
        plt.close(fig)
    assert diamonds == [] and bars == []  # the meeting (T = 64) is the caption's, with what it does not mean
    assert len(solid) == 2 and solid_y == sorted([tuple(view.position_entries[view.lengths <= rows]),
                                                  tuple(12 * view.score_entries[view.lengths <= rows])])  # 12 heads
    assert len(dashed) == 2 and dashed_y == sorted([tuple(past * 768), tuple(12 * past ** 2)])
    assert styles == ["-", "-"], styles  # counts by formula over the lengths the model takes: solid
    assert len(dashes) == 1 and dashes != {"'-'"}  # past them: one dash, LINE_STYLES["hypothetical"]
    assert key == ["dashed: past 1,024 tokens"], key
    assert not any(t.endswith(" rows") for t in texts), texts  # the lines are named at their ends
    assert not any("equal" in t or "5.33" in t for t in texts) and not any("toy" in t for t in texts), texts
    # the 144 tables of a pass pass the kept numbers at a whole length: 6 tokens (144·6² > 768·6, 144·5² < 768·5)
    assert not any("a pass: 144 tables" in t for t in texts), texts  # a pass's tables: the caption's
    assert 144 * 6 ** 2 > 768 * 6 and 144 * 5 ** 2 < 768 * 5
    # one line on the axis: what each line counts is named at its end (one head's score table, the position numbers)
    assert "memory if stored (float32, 4 B a value; log scale)" == ax.get_ylabel()  # a unit: bytes, as the caption's
    # sizes and the numbers file's 4 MiB to 4 GiB; how, and the
    # assumption it rests on (a fused kernel never stores the table)
    labelled = [int(v) for v in ax.get_xticks() if ax.get_xlim()[0] <= v <= ax.get_xlim()[1]]
    assert labelled == [32, 1024, 32768]  # no end label crowding 32,768
    assert any("GPT-2 small, d_model = 768, batch 1, float32; score tables counted as if stored whole" in t for t in texts)  # its first line, the counts of the drawn model's record; the second says T × d is one of several tables
    assert not any("dotted" in t for t in texts)
    assert "score tables, 12 × T × T\n1,024× from T = 1,024 to 32,768" in texts  # the yardstick's formula at its end
    assert "input activations, T × 768\n32× from T = 1,024 to 32,768" in texts
    assert any("one stored T × 768 table only as T" in t for t in texts)
    assert not any("rows read" in t for t in texts), texts
    cap = importlib.import_module(entry.module).caption(data, Look("light", "en"))
    assert "one layer of GPT-2 small, one per head: 12 × T × T numbers" in cap and "one layer's input activations, T × d_model" in cap and "not stored weights" in cap
    assert "a forward pass makes 144 tables (12 layers × 12 heads)" in cap
    assert ("one score table in float32 (4 bytes a number) goes from 4 MiB to 4 GiB, the 144 of a forward pass "
            "from 576 MiB to 576 GiB") in cap
    assert "The two lines meet at T = 64, 49,152 numbers each. That crossing only compares these two counts" in cap
    assert "not all that a layer keeps for the backward pass" in cap and "768, 589,824" not in cap
    assert "◇" not in cap and "toy" not in cap
    assert ("has 1,024 rows: it stores all of them, 786,432 numbers, whatever T is, and a pass uses all of them "
            "only at T = 1,024, the longest input it takes; past it both lines are dashed: they count what a longer input "
            "would need") in cap  # 1,024 × 768
    assert "one layer's input activations 32×" in cap and "stored with the weights" in cap
    assert "computed from these formulas, not measured: no model was run" in cap  # no point reads as a measurement
    toy = entry.with_params({"position_width": 16})  # the lesson's toy width: below the axis, GPT-2 beside it
    data = record_of(toy)
    assert data.crossing == 16
    cap = importlib.import_module(entry.module).caption(data, Look("light", "en"))
    assert "The two lines meet at T = 16, 256 numbers each" in cap  # a toy width: one head
    assert "GPT-2 small (d_model = 768) at T = 768" in cap
    assert "GPT-2 XL (d_model = 1,600) at T = 1,600" in cap
    assert "has 1,024 rows: its thin line stops at T = 1,024" in cap


def test_attention_cost_marked_points_both_show_and_counts_clear_the_edge_gridline():
    """At T = 1,024 the score count (1,048,576) and the position count (786,432) lie 0.12 decades apart, closer
    than a ring: no ring there (a `muted` one round both sat on the lines' meeting at T = 768, which an open `muted`
    diamond marks where it is, named "lines meet at T = 768"); at 32,768 each count has an open
    ring of one size in its line's colour; no filled dot hides inside a ring. In every language each count's
    box stays clear of the 131,072 gridline at the plot's right edge (zh-Hant's 25,165,824 ran into it)."""
    entry = catalogue.get("attention_cost")
    data = record_of(entry)
    assert (data.short, data.short_scores, data.short_positions) == (1024, 1_048_576, 786_432)
    for lang in ("en", "zh-Hant", "zh-Hans"):
        look = Look("light", lang)
        fig, _ = draw_figure(entry, look)
        try:
            ax = fig.axes[0]
            rings = [ln for ln in ax.lines if ln.get_marker() == "o" and ln.get_markerfacecolor() == "none"]
            by_colour = {}
            for ln in rings:
                by_colour.setdefault(ln.get_color(), []).append(float(ln.get_ydata()[0]))
            from figures.parts_cost_marks import score_colour

            assert sorted(by_colour[score_colour(look.palette)]) == [12 * 1_048_576, 12 * 1_073_741_824]  # one layer's 12 tables
            assert sorted(by_colour[look.palette.stored]) == [786_432, 25_165_824]  # a layer's points part at 1,024
            assert look.palette.muted not in by_colour  # no ring round the pair at 1,024
            assert not [ln for ln in ax.lines if ln.get_marker() == "D"]  # the meeting: the caption's, not a callout
            assert not any("meet" in t.get_text() for t in ax.texts)
            assert len({ln.get_markersize() for ln in rings if ln.get_color() != look.palette.muted}) == 1 and not any(
                ln.get_marker() == "o" and ln.get_markerfacecolor() != "none" and ln.get_markersize() > 3
                for ln in ax.lines)  # no filled dot hides inside a ring
            fig.canvas.draw()
            renderer = fig.canvas.get_renderer()
            edge = ax.transData.transform((131072, 1.0))[0]
            counts = [t for t in ax.texts if t.get_text().split("\n")[0] in ("96 MiB", "3 MiB")]  # 25,165,824 and 786,432 values
            assert len(counts) == 2, lang
            for t in counts:
                box = t.get_window_extent(renderer)
                assert not box.x0 < edge < box.x1, (lang, t.get_text())
        finally:
            plt.close(fig)
