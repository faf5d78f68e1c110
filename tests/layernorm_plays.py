"""One play of layernorm_steps a language for the whole test process, logged after every animation:
tests/test_layernorm_batch.py reads the log, tests/test_layernorm_steps.py the played scene (its
sections, cues and time). The logging subclass only watches (it calls the scene's own play first), so
the scene it plays is the one the steps' tests would play themselves. Both modules share one xdist
group, so the plays are made once per run."""
from __future__ import annotations

from functools import lru_cache

from engine.norms import layernorm_example
from look import LANGS, Look
from scenes import layernorm_steps

GROUP = "layernorm_steps dry plays"  # the xdist group of the modules that read these plays


class Logged(layernorm_steps.SCENE):
    """The scene, noting after every play: time, a copy of the record, the texts on screen, the view, the unit."""

    def play(self, *animations, **kwargs):
        super().play(*animations, **kwargs)
        family = [m for top in self.mobjects for m in top.get_family()]
        texts = {getattr(m, "text", None) for m in family} - {None}
        bars = all(any(c.bars is m for m in family) for c in self.cols)
        self.log.append((self.now, dict(self.shown), texts | ({"<bars>"} if bars else set()), self.view,
                         self.cols[0].bars.unit))
        self.unit_pairs.append(tuple(c.bars.unit for c in self.cols))


@lru_cache(maxsize=None)
def logged_plays() -> dict:
    """{lang: (the played scene, its log)} for the book's example (engine.norms.layernorm_example), light;
    the scene's `units_log` holds the columns' units after each play. Made on first call; callers only read."""
    from studio.build.dryplay import play_dry

    class Scene(Logged):
        log = []
        unit_pairs = []

    out = {}
    for lang in LANGS:
        Scene.log, Scene.unit_pairs = [], []
        scene = play_dry(Scene, layernorm_example(), Look("light", lang))
        out[lang] = (scene, list(Scene.log))
        scene.units_log = list(Scene.unit_pairs)
    return out
