"""Words that point at a figure, and what the page says instead when its build has no render of that figure
(render.py page … --no-render, or a figure left out): a no-media page never sends the reader to a figure that is not
there. {figure name: {UI key: {language: (the words, their stand-in)}}}; the quiz's explanations are UI["quiz_items"]."""
from __future__ import annotations

FIGURE_WORDS = {
    "loss_curves": {"tr_axis": {"en": (" (as in the figure below)", ""), "zh-Hant": ("（和下面的圖相同）", ""),
                                "zh-Hans": ("（和下面的图相同）", "")}},
    "shortcut_gradients": {
        "sc_measures": {"en": (", in the figure after this widget", ""), "zh-Hant": ("，這個小工具之後的圖", ""),
                        "zh-Hans": ("，这个小组件之后的图", "")},
        "quiz_items": {"en": ("the figure's ×", "×"), "zh-Hant": ("圖上的 ×", "×"), "zh-Hans": ("图上的 ×", "×")},
    },
}


def _replace(value, old: str, new: str):
    if isinstance(value, str):
        return value.replace(old, new)
    if isinstance(value, (list, tuple)):
        return type(value)(_replace(v, old, new) for v in value)
    if isinstance(value, dict):
        return {k: _replace(v, old, new) for k, v in value.items()}
    return value


def words(ui: dict, lang: str, names, present) -> dict:
    """A copy of one language's UI whose words point only at figures present: for every figure of the page
    (`names`) without a render (`present` lacks it), its pointing words become their stand-ins."""
    out = dict(ui)
    for fig, keys in FIGURE_WORDS.items():
        if fig in names and fig not in present:
            for key, by_lang in keys.items():
                if key in out and lang in by_lang:
                    out[key] = _replace(out[key], *by_lang[lang])
    return out
