"""Moves of layernorm_steps that replay a step for the cue that explains it: γ and β from where training starts
(γ = 1, β = 0: the normalised row itself) to the values shown, and row 1's offset and scale discarded then put back."""
from __future__ import annotations

from scenes.parts.emphasis import read_with
from scenes.parts.glyphmatrix import FixedNumber
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut


def _values(scene, key: str) -> list:
    return [m for p in scene.params for m in p[key][1]]


def _as(scene, mob, value: float, colour):
    """A γ or β cell showing `value`, in the cell's place and font, in `colour` (γ's or β's)."""
    num = FixedNumber(f"{value:.2f}".replace("-", "\u2212"), font=scene.look.font, font_size=scene.label_size,
                      color=colour)
    return num.move_to(mob)


def from_identity(scene) -> None:
    """"Training learns them from γ = 1, β = 0": once its cue says so, every γ cell shows 1.00 and every β 0.00 as the
    bars go back to the normalised row (γ = 1, β = 0 change nothing), then the chosen values come back as the bars
    return to the output (each number replaced whole, never a glyph morphing into another)."""
    pal = scene.pal
    starts = ([_as(scene, m, 1.0, pal.ok) for m in _values(scene, "gamma")]
              + [_as(scene, m, 0.0, pal.bad) for m in _values(scene, "beta")])
    scene.caption(scene.cap["cap_learned"])
    gam, bet = scene.params[0]["gamma"][1], scene.params[0]["beta"][1]
    tint = lambda m: scene.pal.ok if m is gam else scene.pal.bad  # noqa: E731
    while scene._queue and "β = 0" not in scene.cues_log[-1]["text"].replace("\n", " "):  # until its cue says it
        read_with(scene, gam, bet, cue=True, color=tint)
    scene.wait(0.4)
    # the chosen values leave, 1 and 0 come in as the bars go back to the normalised row; then the other way
    groups = [p[key][1] for p in scene.params for key in ("gamma", "beta")]  # whole rows: the groups stay the same
    scene.play(*(QuickFadeOut(g) for g in groups), run_time=0.3)
    scene.shown.update({"gamma_shown": 1.0, "beta_shown": 0.0})
    scene.go("identity", run_time=1.2, extra=[QuickFadeIn(m) for m in starts])
    scene.wait(0.5)
    scene.play(*(QuickFadeOut(m) for m in starts), run_time=0.3)
    scene.remove(*starts)
    scene.shown.pop("gamma_shown"), scene.shown.pop("beta_shown")
    scene.go("learned", run_time=1.2, extra=[QuickFadeIn(g) for g in groups])
    read_with(scene, gam, bet, color=tint)


def discard_and_restore(scene) -> None:
    """"Discards each row's own offset and scale; γ and β put a learned one back": row 1 drops to its normalised row
    (mean 0, variance 1), then γ and β lift it back onto its output, while that cue is read."""
    scene.go("why_drop", run_time=1.4)
    scene.wait(0.4)
    scene.go("why_back", run_time=1.4)
    read_with(scene, *(m for key in ("gamma", "beta") for m in scene.params[1][key] if m is not None), cue=True, grow=1.0)
