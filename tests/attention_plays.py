"""One English play of attention_heatmap for the whole test process, watched by two test files at once:
the gate with tests/test_attention_digits.py's digit and side-note size rules, and
tests/test_attention_sqrt.py's record of the σ drawn beside the why-√d strips. Both watchers only
read (the labels are noted before the scene's own step runs, the sizes by the gate), so the play is
the one each file would make alone. The tests that read it share one xdist group (ENGLISH_PLAY), so
it is made once per run."""
from __future__ import annotations

from functools import lru_cache

ENGLISH_PLAY = "attention_heatmap en play"


@lru_cache(maxsize=None)
def english_play() -> dict:
    """{"sizes": each size rule's findings (test_attention_digits._size_findings), "seen": the σ drawn
    beside the strips, undivided and divided (test_attention_sqrt.watching)}, from one gate play in English, light."""
    from studio import catalogue
    from tests.test_attention_digits import _size_findings
    from tests.test_attention_sqrt import watching

    seen: dict = {}
    sizes = _size_findings("en", watching(catalogue.get("attention_heatmap").load().SCENE, seen))
    return {"sizes": sizes, "seen": seen}
