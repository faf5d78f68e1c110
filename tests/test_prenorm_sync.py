"""prenorm_block shows each value by the middle of the cue that states it (docs/design.md §5 "Teaching,
not only layout"), in English and Chinese: x − μ and X̃ in the LayerNorm step, head 2's scores before
its weights (and the zero-query note gone by then), and the entry the closing cue names.
The scene is played without drawing; `show(showing=…)` is logged once the step's animation is done.
"""
from __future__ import annotations

import pytest

from look import Look
from scenes.parts.cues import reading_time
from scenes.prenorm.strings import captions
from studio import catalogue
from studio.build.dryplay import play_dry


def played(lang: str):
    e = catalogue.get("prenorm_block")
    module, d = e.load(), e.compute()
    log = []

    class Watched(module.SCENE):
        def show(self, **values):
            super().show(**values)
            log.append((self.now, dict(values), [m for m in self.mobjects]))

    scene = play_dry(Watched, d, Look("light", lang))
    return scene, log


@pytest.fixture(scope="module", params=["en", "zh-Hant"])
def run(request):
    scene, log = played(request.param)
    return request.param, scene, log


def cue(scene, fragment: str) -> tuple:
    """(start, end) of the first cue holding `fragment` (spaces ignored)."""
    cues = scene.cues_log
    for k, c in enumerate(cues):
        if fragment in c["text"].replace("\n", " ").replace(" ", ""):
            end = cues[k + 1]["start_s"] if k + 1 < len(cues) else c["start_s"] + reading_time(c["text"])
            return c["start_s"], end
    raise AssertionError(f"no cue holds {fragment!r}")


def first_show(log, key: str, test) -> float:
    return next(t for t, values, _ in log if key in values and test(values[key]))


def test_each_value_is_complete_by_the_middle_of_its_cue(run):
    lang, scene, log = run
    s = scene.strings[lang]
    checks = [
        (s["cue_subtract"], "showing", lambda v: "ln1_centred" in v),
        (s["cue_divide"], "showing", lambda v: "X_tilde" in v and "ln1_centred" not in v),
        ("2.59", "swap_change_at", lambda v: v == "a,2"),
    ]
    for fragment, key, test in checks:
        start, end = cue(scene, fragment)
        assert end - start >= 2.5, f"{fragment}: a {end - start:.2f} s cue"
        shown = first_show(log, key, test)
        assert start - 1e-6 <= shown <= (start + end) / 2 + 1e-6, f"{fragment}: shown at {shown:.2f}, cue {start:.2f}–{end:.2f}"


def test_head_2_scores_come_before_its_weights_and_the_note_is_gone(run):
    lang, scene, log = run
    t_e2 = first_show(log, "showing", lambda v: "E2" in v.split(","))
    t_note = first_show(log, "uniform_row", lambda v: v.startswith("head1"))
    start, _ = cue(scene, captions(scene.data, lang)["cap_head2"][:10].replace(" ", ""))
    assert t_note < start < t_e2
    shown = [values["showing"].split(",") for _, values, _ in log if "showing" in values]
    head2 = next(v for v in shown if "A2" in v)
    assert "E2" in head2  # A⁽²⁾ is on screen with the scores it comes from
    note = scene.s("uniform")
    at_e2 = next(mobs for t, values, mobs in log if t == t_e2)
    texts = [getattr(m, "text", "") for top in at_e2 for m in top.get_family()]
    assert all(note.replace(" ", "") not in (t or "").replace(" ", "") for t in texts)


NEW_NUMBERS = {"en": "outputsarenewnumbers", "zh-Hant": "輸出卻成了新的數值"}


def test_with_p_the_true_swapped_outputs_come_in_with_their_cue(run):
    """With P the swapped pass's own outputs (Y_swapped) are on screen by the middle of the cue that says the
    outputs are new numbers, and no frame before them shows p_Y's rows moved under the swapped words."""
    lang, scene, log = run
    start, end = cue(scene, NEW_NUMBERS[lang])
    shown = first_show(log, "showing", lambda v: "Y_swapped" in v.split(","))
    assert start - 1e-6 <= shown <= (start + end) / 2 + 1e-6, f"Y_swapped at {shown:.2f}, cue {start:.2f}–{end:.2f}"
    assert all("p_Y_swapped" not in values.get("showing", "") for _, values, _ in log)


RESULT_CUES = {  # the cue that states a step's result, and what the frame shows by its middle
    "en": [("eachrowofZ′", "Z_tilde")],
    "zh-Hant": [("Z′的每一列", "Z_tilde")],
}
RELU_CUE = {"en": "ReLUkeeps", "zh-Hant": "ReLU保留"}


def test_layernorm_2_and_relu_results_come_with_their_cues(run):
    """The second LayerNorm's rows (mean 0, variance 1) are on screen by the middle of the cue that states
    them, and not before it starts (the caption never runs ahead of the picture). ReLU's zeros come in the
    first half of the cue that states them, after the negatives they replace are boxed and pointed at (at
    least 1.8 s into it: the box, a second of pointing, then their drop)."""
    lang, scene, log = run
    for fragment, field in RESULT_CUES[lang]:
        start, end = cue(scene, fragment)
        shown = first_show(log, "showing", lambda v: field in v.split(","))
        assert start - 1e-6 <= shown <= (start + end) / 2 + 1e-6, f"{field} at {shown:.2f}, cue {start:.2f}–{end:.2f}"
    start, end = cue(scene, RELU_CUE[lang])
    shown = first_show(log, "showing", lambda v: "R" in v.split(","))
    assert start + 1.8 - 1e-6 <= shown <= (start + end) / 2 + 1e-6, f"R at {shown:.2f}, cue {start:.2f}–{end:.2f}"


def test_tokens_are_named_from_the_input_on(run):
    """The first cue names the tokens a and b, and the input section draws them beside X's rows."""
    lang, scene, log = run
    first = scene.cues_log[0]["text"].replace("\n", " ")
    assert ("a and b" in first) if lang == "en" else ("a、b" in first)
    t_input = first_show(log, "showing", lambda v: v.startswith("X,P"))
    mobs = next(m for t, values, m in log if t == t_input and "showing" in values)
    drawn = {getattr(m, "text", None) for top in mobs for m in top.get_family()}
    assert {"a", "b"} <= drawn


def test_rows_are_named_by_token_never_by_index(run):
    """Every caption names a row by its token (a, b), never "row 1" or "token 0" (by index), and the
    LayerNorm step's σ is that token's row of the record."""
    lang, scene, log = run
    text = " ".join(c["text"].replace("\n", " ") for c in scene.cues_log)
    for bad in ("Row 1", "row 1", "token 0", "token 1", "第 1 列", "詞元 0", "詞元 1"):
        assert bad not in text, bad
    d = scene.data
    r = scene.cap["cap_ln1"]["row"]
    assert scene.cap["cap_ln1"]["t"] == "ab"[r] and scene.cap["cap_ln1"]["s"] == f"{d.ln1_std[r]:.4f}"
    assert scene.cap["cap_uniform"]["t"] == "a"  # head 1's zero query is token a's


def test_every_token_row_matrix_carries_its_token_names(run):
    """At every logged frame from LayerNorm 1 to the swap test, the token names a and b are drawn (a alone while
    Why Pre-LN shows token a's rows only)."""
    lang, scene, log = run
    for t, values, mobs in log:
        if "showing" not in values or values["showing"].startswith(("X,", "X_in,ln1_stats")) or values["showing"] in ("depth", "depth_curve"):
            continue  # the input (X's own tags) and LayerNorm 1's start, logged before X_in arrives; the stacks over depth
            # and the closing curves over depth draw no matrix
        drawn = [getattr(m, "text", None) for top in mobs for m in top.get_family()]
        if all("[0]" in n for n in values["showing"].split(",")):  # Why Pre-LN's rows: token a's row alone, named a
            assert drawn.count("a") >= 1, f"{t:.1f} s ({values['showing']}): no token name"
            continue
        assert drawn.count("a") >= 1 and drawn.count("b") >= 1, f"{t:.1f} s ({values['showing']}): no token names"


def test_sigma_column_is_on_screen_by_the_middle_of_its_cue(run):
    lang, scene, log = run
    start, end = cue(scene, scene.s("std").split()[-1] if lang == "en" else "標準差σ")
    shown = first_show(log, "ln1_stats", lambda v: "std" in v)
    assert start - 1e-6 <= shown <= (start + end) / 2 + 1e-6, f"σ column at {shown:.2f}, cue {start:.2f}–{end:.2f}"


def test_symmetry_is_claimed_of_e_while_a_nonzero_mirror_pair_is_boxed(run):
    """cap_head2 says each head's scores E are symmetric; a head's E is on screen and its mirror entries, not
    0.00 = 0.00 (which any table would show), are boxed by the middle of that cue; E is symmetric in the record."""
    import numpy as np

    lang, scene, log = run
    start, end = cue(scene, scene.s("cue_sym"))
    shown = first_show(log, "symmetric", lambda v: v.startswith("E"))
    assert start - 1e-6 <= shown <= (start + end) / 2 + 1e-6
    values = next(v for t, v, _ in log if t == shown and "symmetric" in v)
    h = int(values["symmetric"][1:]) - 1
    i, j = map(int, values["symmetric_pair"].split(","))
    at = [v["showing"].split(",") for t, v, _ in log if "showing" in v and t <= shown]
    assert f"E{h + 1}" in set(at[-1])
    d = scene.data
    np.testing.assert_allclose(d.E[h], d.E[h].T, atol=1e-12)
    assert f"{d.E[h][i, j]:.2f}" not in ("0.00", "-0.00")
    np.testing.assert_allclose(d.C[0], d.A[0] @ d.V[0], atol=1e-12)  # (T, d_k): what the second line shows


def test_relu_zero_strikes_the_row_of_w2_with_the_same_index(run):
    """cap_ffn_down: a 0 in column j multiplies row j of W₂ by 0. The rows struck are the columns of
    ReLU(Z̃W₁) that are 0 for every token, and dropping them leaves F unchanged; shown during that cue."""
    import numpy as np

    lang, scene, log = run
    d = scene.data
    dead = [c for c in range(d.R.shape[1]) if np.all(d.R[:, c] == 0)]
    shown = next(v for _, values, _ in log for k, v in values.items() if k == "dead_rows")
    assert shown == ",".join(map(str, dead)) and dead == [0, 3, 4, 7]
    keep = [c for c in range(d.R.shape[1]) if c not in dead]
    np.testing.assert_allclose(d.R[:, keep] @ d.W_2[keep], d.F, atol=1e-12)  # (T, d): the struck rows add nothing
    t = first_show(log, "dead_rows", lambda v: True)
    start, end = cue(scene, "ReLU" + ("zeroaddsnothing" if lang == "en" else "給的0沒有貢獻"))
    assert start - 1e-6 <= t <= end + 1e-6
    start, end = cue(scene, scene.s("cue_dead").replace(" ", ""))  # the cue saying it: the marks stay while it is read
    gone = first_show(log, "showing", lambda v: v == "R,F")
    assert t <= (start + end) / 2 + 1e-6 <= gone + 1e-6, f"marks {t:.2f}–{gone:.2f}, cue {start:.2f}–{end:.2f}"
