"""The PE rows grow out of the sliders (naive_position, seed 001, lesson 5, from the bar machine to the
clock-hand fingerprint): "encode the seat with sin and cos" drawn as one move. Each slider's name "p ="
and its number travel to the head of its row ("p = 12"), its track and ticks fold into the knob, and the
knob, the seat itself, splits into d sparks that fly to the row's d places and become its sines and
cosines PE(p) (engine.naive.sincos_rows at that seat). The seat a row was grown from is the seat it
shows. Mixed into scenes.naive_position.NaivePosition.
"""
from __future__ import annotations

import numpy as np
from manim import UP, Dot, UpdateFromAlphaFunc, VGroup, smooth

from scenes.parts.glyphs import GlyphNumber

NAME_MOVE = (0.0, 0.45)  # the name and the seat's number travel to the row's head
FOLD = (0.0, 0.35)  # the track and its ticks fold into the knob
SPARKS = (0.25, 0.75)  # the knob's sparks fly to the row's places
CELLS = (0.6, 1.0)  # the row's numbers come in as the sparks arrive (and fade)


def window(a: float, span: tuple[float, float]) -> float:
    """The move's progress a (0 → 1) inside one phase `span`, eased (0 before it, 1 after it)."""
    lo, hi = span
    return smooth(float(np.clip((a - lo) / (hi - lo), 0.0, 1.0)))


def set_seen(mob, opacity: float) -> None:
    """Opacity of what is drawn: a GlyphNumber's glyphs only (its box stays invisible)."""
    if isinstance(mob, GlyphNumber):
        for g in mob.slots:
            g.set_fill(opacity=opacity)
        return
    mob.set_opacity(opacity)


class RowsFromSliders:
    """Needs from the scene: the bar machine's sliders (bar_statics[0:2], p_knob, q_knob, p_num, q_num),
    the PE rows (scenes.naive.ending.pe_rows), pal, play, add, remove, shown, set_pe_rows, seats_now."""

    def rows_from_sliders(self, rows, *others, run_time: float = 2.4) -> None:
        """One move: each slider becomes its PE row (see the module's docstring); `others` play alongside.
        The sliders' parts are left invisible where they were (the seats still drive the knobs)."""
        card, block = rows
        sliders = ((self.bar_statics[0], self.p_knob, self.p_num), (self.bar_statics[1], self.q_knob, self.q_num))
        plan = []  # per slider: what moves where
        sparks = VGroup()
        for (static, knob, num), line in zip(sliders, block):
            head, lab, row = line
            track = [m for part in static[:3] for m in part.get_family() if len(m.points)]
            cells = list(row)
            flock = VGroup(*(Dot(radius=knob.radius, color=knob.get_color()).move_to(knob) for _ in cells))
            sparks.add(flock)
            plan.append({
                "name": static[3], "name_from": static[3].get_center(), "name_to": head[0].get_center(),
                "name_h": (static[3].height, head[0].height),
                "num": num, "num_from": num.get_center(), "num_to": head[1].get_center(),
                "track": track, "track_points": [m.points.copy() for m in track], "track_x": knob.get_x(),
                "knob": knob, "flock": flock, "from": knob.get_center(),
                "to": [c.get_center() for c in cells], "cells": cells, "lab": lab, "head": head,
            })
        for line in block:
            for part in (*line[0], line[1], *line[2]):
                set_seen(part, 0.0)
        card.set_fill(opacity=0.0)
        self.add(rows, sparks)
        logged = []

        def move(_, a):
            fold, name_a = window(a, FOLD), window(a, NAME_MOVE)
            fly, come = window(a, SPARKS), window(a, CELLS)
            done = a >= 0.999
            card.set_fill(opacity=1.0 if done else 0.0)  # over nothing up here: it would hide the name and seat
            for s in plan:
                h0, h1 = s["name_h"]
                s["name"].scale_to_fit_height(h0 + name_a * (h1 - h0))
                s["name"].move_to(s["name_from"] + name_a * (s["name_to"] - s["name_from"]))
                s["num"].move_to(s["num_from"] + name_a * (s["num_to"] - s["num_from"]))
                for m, pts in zip(s["track"], s["track_points"]):  # folded into the knob as it fades
                    m.points = pts.copy()
                    m.points[:, 0] = s["track_x"] + (pts[:, 0] - s["track_x"]) * max(1e-3, 1.0 - fold)
                    m.set_stroke(opacity=1.0 - fold) if m.get_stroke_width() > 0 else m.set_fill(opacity=1.0 - fold)
                set_seen(s["knob"], 1.0 - window(a, (0.2, 0.3)))  # the knob is now its sparks
                n = len(s["to"])
                for j, (dot, to) in enumerate(zip(s["flock"], s["to"])):
                    lag = 0.25 * j / max(1, n - 1)  # they leave one after another, left to right
                    f = float(np.clip((fly - lag) / 0.75, 0.0, 1.0))
                    dot.move_to(s["from"] + f * (to - s["from"]) + 0.35 * np.sin(np.pi * f) * UP)
                    dot.set_opacity((1.0 if a > 0.2 else 0.0) * (1.0 - come))
                for c in s["cells"]:
                    set_seen(c, come)
                set_seen(s["lab"], come)
                for m in s["head"]:  # the name and the seat hand over to the row's head where they arrive
                    set_seen(m, 1.0 if done else 0.0)
                set_seen(s["name"], 0.0 if done else 1.0)
                set_seen(s["num"], 0.0 if done else 1.0)
            if come > 0 and not logged:  # the rows' numbers in the record from their first visible frame
                logged.append(True)
                self.set_pe_rows(*self.seats_now)

        moving = [m for s in plan for m in (s["name"], s["num"], s["knob"], *s["track"])]
        self.play(UpdateFromAlphaFunc(sparks, move), *(UpdateFromAlphaFunc(m, lambda *_: None) for m in (*moving, rows)),
                  *others, run_time=run_time)
        move(None, 1.0)
        self.remove(sparks)
        for s in plan:  # left invisible where they were: the seats still drive the knobs and numbers
            s["name"].scale_to_fit_height(s["name_h"][0]).move_to(s["name_from"])
            s["num"].move_to(s["num_from"])
            for m, pts in zip(s["track"], s["track_points"]):
                m.points = pts.copy()
        self.pe_shown = True
