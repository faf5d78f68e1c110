"""The moved word's score with itself opened into its parts (scenes/perm/close.py, Close.moved_cell):
under x + p_a → x + p_b, in the place of |p_a − p_b|, the same sum in numbers, term by term:
(x with x) + (the terms with p) at the old place → the same at the new one (engine.word_order.
self_score_parts). The x-with-x term is the cell the table without p held; only the terms with p change."""
from __future__ import annotations

from manim import RIGHT, FadeIn, FadeOut

from engine.word_order import self_score_parts
from look import fmt_num
from scenes.perm.aside import one_then_other
from scenes.perm.layout import TEX


def addend_as_printed(first: float, second: float, decimals: int) -> float:
    """The second of two parts as a student checks it against the cell they make: the printed sum
    minus the printed first part (0.502 − 0.305 = 0.197, where the part alone rounds to 0.198). It
    stays within one unit of the last place of the part's own value."""
    return round(round(first + second, decimals) - round(first, decimals), decimals)


def open_self_score(scene, rev, i: int, s: int, dist, decimals: int = 3, form=None, right: float | None = None):
    """Word i of `rev`'s order a (dog, at place i there and s after the swap back): its self-score's
    parts at both places, typeset at `dist`'s scale in its place (dist leaves), with its own cue.
    Returns the line, left on screen."""
    word = rev.tokens_a[i]
    (xx, pa), (_, pb) = (self_score_parts(scene.data, word, rev.pe[n]) for n in (i, s))
    pa, pb = (addend_as_printed(xx, v, decimals) for v in (pa, pb))  # printed parts add to the printed cell
    shown = [fmt_num(v, decimals) for v in (xx, pa, pb)]
    scene.shown["self_score_parts"] = [word, *shown]  # x with x, the terms with p at place i, at place s
    ref = scene.tex(rf"|p_{{\textstyle {i}}}-p_{{\textstyle {s}}}| = 0.00", size=TEX)  # dist as built, unscaled
    tex = lambda v: fmt_num(v, decimals).replace("\u2212", "-")  # noqa: E731  (TeX's minus)
    signed = lambda v: ("-" if v < 0 else "+", fmt_num(abs(v), decimals))  # noqa: E731  (never "+ −0.1")
    line = scene.tex(tex(xx), *signed(pa), r"\;\to\;", tex(xx), *signed(pb), size=TEX)
    for k in (2, 6):
        line[k].set_color(scene.pal.accent)  # the terms with p in p's colour
    line.scale(dist.height / ref.height).move_to(dist)
    if form is not None and right is not None and dist.get_left()[0] > form.get_right()[0]:  # dist beside x + p
        room = right - form.get_right()[0] - 0.35
        if line.width > room:  # no room at dist's size beside x + p: |p_a − p_b| stays, the score is not opened
            scene.shown.pop("self_score_parts", None)
            return dist
        line.next_to(form, RIGHT, buff=0.35).set_y(dist.get_y())
    leave, come = one_then_other()
    scene.play(FadeOut(dist, rate_func=leave), FadeIn(line, rate_func=come), run_time=0.8)
    scene.caption(scene.s("cap_pe_split", w=scene.word(word), xx=shown[0], pa=shown[1], pb=shown[2]))
    scene.read(line)
    return line
