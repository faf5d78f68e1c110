#!/usr/bin/env python3
"""How many text colours the categorical bar leaves room for: a search over candidate colours.

The palette's bar (tests/test_palette.py): colours that tell things apart stay at least 20 CIEDE2000
apart as seen normally and 12 as seen with deuteranopia and protanopia (Machado 2009), and every
colour that carries text reaches 4.5:1 against the paper (light: against white paper too). The
catalogue asks for ink, four roles (accent, cool, ok, bad), four token colours and eight series
colours (and muted): for the series to be far from the roles and the tokens far from the series (the
two strict xfails of tests/test_palette.py) those 17 text colours would all have to keep the bar from
one another.

For each theme this script takes every colour of an sRGB grid (step 1/STEP per channel) that reaches
the contrast, and searches (randomised greedy packing, many restarts) for
  A. the largest set of text colours, ink included, every pair at the bar;
  B. with ink and the four roles as they are, the largest set of colours that can join them (each at
     the bar from those five and from one another): eight are needed for the series to be far from
     the roles;
and prints the smallest pairwise distances of the palette as it is (normal, deuteranopia,
protanopia and greyscale, the last the CIEDE2000 between the colours' CIELAB lightness alone).
A packing search gives a lower bound on what fits (more restarts or a finer grid might add one or
two colours); the gap to 17 is what the result is about.

    python bench/palette_search.py                 # both themes, step 1/24, 2000 restarts
    python bench/palette_search.py --step 32 --restarts 4000 --theme light

Results: bench/palette_search.json. Run by hand, not in the tests (a minute or two per theme).
"""
from __future__ import annotations

import argparse
import json
import sys
from itertools import combinations
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from look import PALETTES  # noqa: E402
from look.colour import _M_XYZ, _WHITE, MACHADO_2009, VISIONS, delta_e2000, delta_e2000_lab, lab  # noqa: E402
from look.colour import simulate  # noqa: E402

BAR = np.array([20.0, 12.0, 12.0])  # normal, deuteranopia, protanopia, as VISIONS
TEXT_CONTRAST = 4.5


def _linear(s):
    return np.where(s <= 0.04045, s / 12.92, ((s + 0.055) / 1.055) ** 2.4)


def _gamma(lin):
    lin = np.clip(lin, 0, 1)
    return np.where(lin <= 0.0031308, 12.92 * lin, 1.055 * lin ** (1 / 2.4) - 0.055)


def _seen(srgb, vision):
    """[N, 3] sRGB as seen with `vision`, rounded to 8 bits as look.colour.simulate does."""
    if vision == "normal":
        return srgb
    return np.round(_gamma(_linear(srgb) @ MACHADO_2009[vision].T) * 255) / 255


def _lab(srgb):
    xyz = _linear(srgb) @ _M_XYZ.T / _WHITE
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], -1)


def _de(l1, l2):
    """CIEDE2000 between broadcast CIELAB arrays (look.colour.delta_e2000_lab, vectorised)."""
    L1, a1, b1 = l1[..., 0], l1[..., 1], l1[..., 2]
    L2, a2, b2 = l2[..., 0], l2[..., 1], l2[..., 2]
    cm = (np.hypot(a1, b1) + np.hypot(a2, b2)) / 2
    g = 0.5 * (1 - np.sqrt(cm ** 7 / (cm ** 7 + 25.0 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = np.hypot(a1p, b1), np.hypot(a2p, b2)
    h1p, h2p = np.degrees(np.arctan2(b1, a1p)) % 360, np.degrees(np.arctan2(b2, a2p)) % 360
    zero = c1p * c2p == 0
    dhp = h2p - h1p
    dhp = np.where(zero, 0, np.where(dhp > 180, dhp - 360, np.where(dhp < -180, dhp + 360, dhp)))
    dHp = 2 * np.sqrt(c1p * c2p) * np.sin(np.radians(dhp / 2))
    lpm, cpm, hs = (L1 + L2) / 2, (c1p + c2p) / 2, h1p + h2p
    hpm = np.where(zero, hs, np.where(np.abs(h1p - h2p) <= 180, hs / 2, np.where(hs < 360, (hs + 360) / 2, (hs - 360) / 2)))
    t = (1 - 0.17 * np.cos(np.radians(hpm - 30)) + 0.24 * np.cos(np.radians(2 * hpm))
         + 0.32 * np.cos(np.radians(3 * hpm + 6)) - 0.20 * np.cos(np.radians(4 * hpm - 63)))
    rt = -np.sin(np.radians(60 * np.exp(-(((hpm - 275) / 25) ** 2)))) * 2 * np.sqrt(cpm ** 7 / (cpm ** 7 + 25.0 ** 7))
    sl = 1 + 0.015 * (lpm - 50) ** 2 / np.sqrt(20 + (lpm - 50) ** 2)
    sc, sh = 1 + 0.045 * cpm, 1 + 0.015 * cpm * t
    dl, dc, dh = (L2 - L1) / sl, (c2p - c1p) / sc, dHp / sh
    return np.sqrt(dl ** 2 + dc ** 2 + dh ** 2 + rt * dc * dh)


def _labs(srgb):
    return [_lab(_seen(srgb, v)) for v in VISIONS]


def _reach(la, lb, chunk=512):
    """[len a, len b]: the smallest over the visions of ΔE00 / bar (≥ 1: the pair keeps the bar)."""
    out = np.empty((len(la[0]), len(lb[0])), dtype=np.float32)
    for s in range(0, len(la[0]), chunk):
        part = None
        for k in range(len(VISIONS)):
            d = _de(la[k][s:s + chunk, None, :], lb[k][None, :, :]) / BAR[k]
            part = d if part is None else np.minimum(part, d)
        out[s:s + chunk] = part
    return out


def _rgb(hex_colour):
    h = hex_colour.lstrip("#")
    return np.array([int(h[k:k + 2], 16) / 255 for k in (0, 2, 4)])


def _hex(srgb):
    return "#" + "".join(f"{int(round(c * 255)):02x}" for c in srgb)


def _contrast(srgb, paper):
    y = _linear(srgb) @ np.array([0.2126, 0.7152, 0.0722])
    yp = float(_linear(_rgb(paper)) @ np.array([0.2126, 0.7152, 0.0722]))
    return (np.maximum(y, yp) + 0.05) / (np.minimum(y, yp) + 0.05)


def candidates(theme: str, step: int) -> np.ndarray:
    """Every colour of the grid that carries text in `theme` (light: on its paper and on white paper)."""
    g = np.linspace(0, 1, step + 1)
    grid = np.array(np.meshgrid(g, g, g, indexing="ij")).reshape(3, -1).T
    ok = _contrast(grid, PALETTES[theme].background) >= TEXT_CONTRAST
    if theme == "light":
        ok &= _contrast(grid, "#ffffff") >= TEXT_CONTRAST
    return grid[ok]


def pack(fixed: list[str], cands: np.ndarray, restarts: int, seed: int = 0, normal_only: tuple = ()) -> list[str]:
    """The largest set of `cands` found that keeps the bar from every `fixed` colour (the normal-vision bar
    only from the `normal_only` ones) and within itself."""
    lf = _labs(np.array([_rgb(c) for c in fixed]))
    lc = _labs(cands)
    free = _reach(lc, lf).min(1) >= 1
    if normal_only:
        ln = _lab(np.array([_rgb(c) for c in normal_only]))
        free &= (_de(lc[0][:, None, :], ln[None, :, :]) / BAR[0]).min(1) >= 1
    cands, lc = cands[free], [x[free] for x in lc]
    if not len(cands):
        return []
    apart = _reach(lc, lc) >= 1
    np.fill_diagonal(apart, True)
    rng, best = np.random.default_rng(seed), []
    degree = apart.sum(1)
    for k in range(restarts):  # alternate random orders and "most room first" orders, jittered
        order = rng.permutation(len(cands)) if k % 2 else np.argsort(-degree + rng.random(len(cands)) * 50)
        alive, chosen = np.ones(len(cands), bool), []
        for i in order:
            if alive[i]:
                chosen.append(i)
                alive &= apart[i]
        if len(chosen) > len(best):
            best = chosen
    return [_hex(cands[i]) for i in best]


def _grey_de(a: str, b: str) -> float:
    return delta_e2000_lab((lab(a)[0], 0, 0), (lab(b)[0], 0, 0))


def min_distances(colours: list[str]) -> dict:
    """The smallest pairwise ΔE00 of `colours` under each vision and in greyscale, with the pair."""
    out = {}
    for vision in (*VISIONS, "greyscale"):
        best = (float("inf"), None)
        for a, b in combinations(colours, 2):
            d = _grey_de(a, b) if vision == "greyscale" else delta_e2000(simulate(a, vision), simulate(b, vision))
            best = min(best, (d, (a, b)), key=lambda x: x[0])
        out[vision] = [round(best[0], 1), list(best[1])]
    return out


def palette_report(theme: str) -> dict:
    p = PALETTES[theme]
    sets = {"roles+ink+muted": [*p.categorical(), p.ink, p.muted], "tokens": list(p.tokens),
            "series+ink": [*p.series, p.ink], "diverging ends+neutral": [p.negative, p.neutral, p.positive],
            "every text colour": [*p.categorical(), p.ink, p.muted, *p.tokens, *p.series]}
    return {name: min_distances(cs) for name, cs in sets.items()}


def self_check(n: int = 200, seed: int = 1) -> None:
    """The vectorised arithmetic agrees with look.colour's on random pairs under every vision."""
    rng = np.random.default_rng(seed)
    a, b = np.round(rng.random((2, n, 3)) * 255) / 255
    la, lb = _labs(a), _labs(b)
    for k, vision in enumerate(VISIONS):
        ref = [delta_e2000(simulate(_hex(x), vision), simulate(_hex(y), vision)) for x, y in zip(a, b)]
        assert np.allclose(_de(la[k], lb[k]), ref, atol=1e-6), vision


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--theme", choices=("light", "dark", "all"), default="all")
    ap.add_argument("--step", type=int, default=24)
    ap.add_argument("--restarts", type=int, default=2000)
    ap.add_argument("--out", default=str(ROOT / "bench" / "palette_search.json"))
    args = ap.parse_args()
    self_check()
    results = {"step": args.step, "restarts": args.restarts, "needed_text_colours": 17, "themes": {}}
    for theme in (("light", "dark") if args.theme == "all" else (args.theme,)):
        p = PALETTES[theme]
        cands = candidates(theme, args.step)
        a = pack([p.ink], cands, args.restarts)
        b = pack([p.ink, *p.categorical()], cands, args.restarts)
        results["themes"][theme] = {
            "candidates": int(len(cands)),
            "A_largest_set_with_ink": {"size": len(a) + 1, "colours": [p.ink, *a]},
            "B_joining_ink_and_roles": {"size": len(b), "needed": 8, "colours": b},
            "palette_min_distances": palette_report(theme)}
        print(f"{theme}: {len(cands)} text colours on the grid; at most {len(a) + 1} found mutually at the bar "
              f"(ink included; 17 needed); {len(b)} can join ink and the roles (8 needed)")
        for name, row in results["themes"][theme]["palette_min_distances"].items():
            print(f"  {name:24s} " + "  ".join(f"{v} {d[0]:5.1f}" for v, d in row.items()))
    Path(args.out).write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
