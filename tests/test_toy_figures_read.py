"""How the toy and size figures read: attention_sum_fig names each term by its word on one chart, its weight and
value vector in the caption (seed 003, "The last
position supplies our context vector")."""
from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.text import Text

from look import Look
from studio import catalogue
from studio.gates.figures import draw_figure


def _drawn(name, lang="en", theme="light", params=None):
    entry = catalogue.get(name)
    if params:
        entry = entry.with_params(params)
    fig, doc = draw_figure(entry, Look(theme, lang))
    texts = [t.get_text() for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()]
    return fig, doc, texts


def test_attention_sum_names_each_term_by_its_word_and_its_caption_writes_the_terms():
    fig, doc, texts = _drawn("attention_sum_fig")
    A, V = np.asarray(doc["data"]["A"]["value"])[-1], np.asarray(doc["data"]["V"]["value"])
    assert A[1] == pytest.approx(0.2368, abs=5e-5) and A[2] == pytest.approx(0.1550, abs=5e-5)
    assert {"cat", "sat", "on"} <= set(texts) and texts.count("the") == 2  # each arrow named by its word alone
    assert not any("×" in t.get_text() for t in fig.axes[0].texts)  # no derivation in the picture
    for term in ("cat 0.2368 × (2, 1)", "sat 0.1550 × (1, 0.4)", "on 0.1345 × (0, 0.2)"):  # word, α, v: the caption's
        assert term in doc["caption"], term
    assert doc["caption"].count("the 0.2368 × (0, 1)") == 2 and "= (0.6286, 0.7994)" in doc["caption"]
    assert tuple(V[:, 1]) == (2, 1) and len(fig.axes) == 1  # one chart: no key panel of its own scale
    assert fig.get_size_inches()[0] == pytest.approx(3.5) and fig.get_size_inches()[1] <= 4.8  # one 3.5 in column: the
    # arrows long enough to read (the shortest visible one, 0.24, an inch), the inset of the shortest, a one-line key
    unit = fig.axes[0].transData.transform((1.0, 0.0))[0] - fig.axes[0].transData.transform((0.0, 0.0))[0]
    assert 0.24 * unit / fig.dpi > 0.95
    assert " ".join(fig._suptitle.get_text().split("\n")) == "The last word’s output x is the weighted sum of the value vectors"  # two lines in its column
    on = [p for p in fig.axes[0].patches if getattr(p, "chain_term", None) and p.chain_term[0][1] > 0.5
          and p.chain_term[1][1] - p.chain_term[0][1] < 0.03]  # the "on" term, 0.027 long
    assert len(on) == 1 and on[0].get_zorder() > max(p.get_zorder() for p in fig.axes[0].patches if p is not on[0]
                                                     and getattr(p, "chain_term", None))  # over the others
    ax = fig.axes[0]
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    assert x1 < 2 and y1 < 0.9  # the view holds the chain and its labels, not the value vectors' tips
    assert -0.1 < x0 < 0 and x1 < 0.63 + 0.5  # the chain (x from 0 to 0.63) and its labels: no empty band left of 0
    assert not any("tip to tail" in t for t in texts)  # no side table repeating the arrows' labels
    fig.draw_without_rendering()
    r, frame = fig.canvas.get_renderer(), ax.get_window_extent()
    for t in ax.texts:  # every label inside the chart the view was widened for
        b = t.get_window_extent(r)
        assert frame.x0 <= b.x0 and b.x1 <= frame.x1, t.get_text()
    tight = ax.get_tightbbox(r)  # narrower than the page at equal aspect: the chart centred on it
    assert abs((tight.x0 + tight.x1) / 2 - fig.bbox.width / 2) / fig.dpi < 0.3
    x = np.asarray(doc["data"]["x"]["value"])
    assert x0 < 0 < x[0] < x1 and y0 < 0 < x[1] < y1
    assert doc["caption"].count(". ") + doc["caption"].endswith(".") <= 3  # two or three sentences
    plt.close(fig)


def test_scores_wx_names_its_angles_and_fits_its_arrows():
    for lang in ("en", "zh-Hant"):
        fig, doc, texts = _drawn("scores_wx", lang)
        shown = doc["data"]["angles_deg"]["shown"]
        assert shown == ["37", "72", "108"]  # whole degrees carry the point
        assert all(f"θ = {a}°" in texts for a in shown)  # each arc named by the engine's angle
        assert fig.axes[0].get_xlim() == (-1.3, 2.3) and fig.axes[0].get_ylim() == pytest.approx((-1.3, 2.3 + 0.06 * 3.6))
        assert any("‖w‖ = √5" in t for t in texts) and any("‖x‖ = √5" in t for t in texts)  # one notation
        assert not any("|w|" in t or "2.2361" in t for t in texts)
        assert "length and angle" in fig._suptitle.get_text() or "長度和夾角" in fig._suptitle.get_text()
        plt.close(fig)


def test_toy_permutation_title_states_its_conditions():
    titles = {}
    for lang in ("en", "zh-Hant", "zh-Hans"):
        fig, doc, texts = _drawn("toy_permutation", lang)
        titles[lang] = fig._suptitle.get_text()
        plt.close(fig)
    assert titles["en"].startswith("Without position information,") and "“the”" in titles["en"]
    assert "沒有位置資訊" in titles["zh-Hant"] and "「the」" in titles["zh-Hant"]
    assert "没有位置信息" in titles["zh-Hans"] and "“the”" in titles["zh-Hans"]


def test_toy_permutation_chips_read_and_are_one_style():
    """Every chip's word reaches CHIP_CONTRAST (6:1, above the 4.5:1 floor) on its chip in both themes; every
    chip is one style, the panel colour outlined in ink with its token's dash (look.tokens.token_dash), no hue
    and no filled against outlined that would mean nothing; the panel titles are the
    tokens as written (lowercase, as toy_permutation_sums names them); no word strip repeats the column
    chips under the last row."""
    from matplotlib.colors import to_hex

    from look.colour import contrast
    from look.palette import CHIP_CONTRAST
    from look.tokens import token_dash

    for theme, lang in (("dark", "zh-Hans"), ("light", "en")):
        fig, doc, texts = _drawn("toy_permutation", lang, theme)
        tables = [ax for ax in fig.axes if ax.images]
        n = len(doc["data"]["A_a"]["value"])
        for ax in tables:
            for label in ax.get_xticklabels() + ax.get_yticklabels():
                patch = label.get_bbox_patch()
                fill, edge = to_hex(patch.get_facecolor()), to_hex(patch.get_edgecolor())
                assert contrast(to_hex(label.get_color()), fill) >= CHIP_CONTRAST, (theme, label.get_text(), fill)
                palette = Look(theme, lang).palette
                dash = token_dash(label.get_text().split()[-1])
                assert edge == palette.ink and fill == palette.panel, (theme, label.get_text())
                assert patch.get_linestyle() == dash, (theme, label.get_text(), patch.get_linestyle())
            # one label per column: the key chip names each framed weight's word, no second word row under it
            assert not [t for t in ax.texts if t.get_text() in {"the", "cat", "sat", "on"}]
            keys = [label.get_text().split()[-1] for label in ax.get_xticklabels()]
            assert sorted(keys) == sorted(["the", "cat", "sat", "on", "the"])
            assert len([t for t in ax.texts if t.get_position()[1] == pytest.approx(n - 1)]) == n
        if lang == "en":
            assert [ax.get_title(loc="left") for ax in tables] == ["“the cat sat on the”", "“on sat cat the the”"]
            # only the framed last row prints its weights (each at its nearest hundredth, no star, no footnote); the
            # rows above are shade alone, listed in the caption (row 4's 0.2343 as 0.23)
            assert not [t for t in tables[0].texts if t.get_position() == (3, 3)]
            cells = [t.get_text() for t in tables[0].texts if t.get_position()[1] == n - 1]
            assert cells == ["0.24", "0.24", "0.15", "0.13", "0.24"] and not any("*" in t.get_text() for ax in tables for t in ax.texts)
            assert "4 on: 0.26, 0.26, 0.24, 0.23;" in doc["caption"]
            # the key under the tables: the × cells, the shades (faded above the framed row), the rounding
            assert fig._supxlabel.get_text() == ("× a future position (weight exactly 0); shade: the weight, 0 to 1, "
                                                 "faded above the framed row\nframed weights rounded to 2 decimals")
            from figures.toy_permutation import FADE
            veils = [p for p in tables[0].patches if p.get_fill() and p.get_alpha() == FADE]  # rows 1–4 faded
            assert len(veils) == 1 and veils[0].get_height() == n - 1 and veils[0].get_y() == -0.5
        plt.close(fig)


def test_a_tiny_terms_leader_is_not_in_line_with_it():
    from figures.placing import in_line

    assert in_line((0, 30), (0, 0.027)) and in_line((0, -50), (0, 1)) and not in_line((-24, 18), (0, 0.027))
    for name in ("toy_permutation_sums", "attention_sum_fig"):
        fig, _, _ = _drawn(name)
        for ax in fig.axes:
            for label in ax.texts:
                along = getattr(label, "leader_not_along", None)
                if along is not None and label.get_visible():  # the leader runs at an angle to its term
                    assert not in_line(label.xyann, along), (name, label.get_text(), label.xyann)
        plt.close(fig)


def test_attention_heatmap_names_its_outlined_cell():
    fig, doc, texts = _drawn("attention_heatmap_fig")
    i, j = doc["data"]["cell"]["value"] if isinstance(doc["data"]["cell"], dict) else doc["data"]["cell"]
    assert doc["data"]["A_printed"]["shown"][i][j] == "0.60"  # the cells at two decimals, each its nearest hundredth
    assert doc["data"]["A_printed"]["shown"][3][3] == "0.23"  # row 4's 0.2343, as toy_permutation prints it
    texts = [t for t in texts if t.strip()]
    assert "Outlined: “sat” looking at “cat”, α = 0.60" in fig._suptitle.get_text()
    assert "1.0000" not in texts and sum("sums to 1\nbefore" in t for t in texts) == 1  # one note, not a column
    assert doc["engine_params_not_drawn"] == ["ask_Q", "ask_K", "W_O"]
    plt.close(fig)


def test_permutation_fig_draws_one_example_with_distinct_readable_cells():
    """One example (dog bites man / man bites dog), each cell to 4 decimals: no two different scores
    print alike (at 3, −0.2552 and −0.2546 both read −0.255), and every number reaches 4.5:1 on its cell
    or on its plate in both themes."""
    from matplotlib.colors import to_hex

    from look.colour import contrast

    for theme in ("light", "dark"):
        fig, doc, texts = _drawn("permutation_fig", "zh-Hans", theme)
        tables = [ax for ax in fig.axes if len(ax.images)]
        assert len(tables) == 2  # one example: order a and order b
        cells = [t for ax in tables for t in ax.texts if t.get_text().strip()]
        shown = [t.get_text() for t in cells]
        assert "\u22120.2552" in shown and "\u22120.2546" in shown and "0.7874" in shown
        assert len(set(shown)) == len(shown) // 2  # each value twice (both orders), no two values alike
        for t in cells:
            bbox = t.get_bbox_patch()
            under = to_hex(bbox.get_facecolor()) if bbox is not None else None
            if under is None:
                ax = t.axes
                x, y = t.get_position()
                im = ax.images[0]
                under = to_hex(im.cmap(im.norm(im.get_array()[int(round(y)), int(round(x))])))
            assert contrast(to_hex(t.get_color()), under) >= 4.5, (theme, t.get_text())
        plt.close(fig)
