"""The redrawn figures show only numbers their record carries, at the rounding numbers.json states.

For each figure, every numeric token in a drawn text (titles, annotations, legends, table cells; axis
tick labels excluded) must be one of:
- a "shown" string of numbers.json (studio.build.numbers.record_fields with the module's DECIMALS);
- an integer of the record (counts, steps, sizes, shapes), or an index up to one of its shapes' sizes
  (position 3, layer 5);
- a numeral written into the module's STRINGS for that language (a formula's constant: "½", "z = 0").
Drawn without saving, in the three languages.
"""
from __future__ import annotations

import importlib
import json
import re

import matplotlib
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.text import Text  # noqa: E402

from look import LANGS, Look, fmt_int, fmt_num  # noqa: E402
from studio import catalogue  # noqa: E402
from studio.gates.figures import WIDTHS_IN  # noqa: E402
from studio.build.numbers import record_fields  # noqa: E402

REDRAWN = ("loss_curves", "shortcut_gradients", "attention_heatmap_fig", "permutation_fig", "gelu_relu",
           "param_count", "naive_position_fig", "toy_permutation", "seq_number_problems")
MIN_PT = 6.5
SCRIPT_SCALE = 0.7  # mathtext sets sub- and superscripts at 0.7 of the text's size
NESTED_SCRIPT = re.compile(r"[_^]\{[^}$]*[_^]")  # e^{z_{3,2}}: a script inside a script (0.49 of the size)

# A number: optional sign (not after a letter or digit: "GPT-2" is no −2), digits, groups of
# ",ddd" (thousands: "3,2" is two numbers), a decimal part; mathtext's commands and braces are not numbers.
NUMBER = re.compile(r"(?:(?<![\w)\]}])[−-])?(?<![\d.])\d+(?:,\d{3}(?!\d))*(?:\.\d+)?")


# m.mm×10ⁿ (look.fmt_sig): one number, as numbers.json's "shown" writes it
SCI = re.compile(r"(?:(?<![\w)\]}])[−-])?(?<![\d.])\d+(?:\.\d+)?×10[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+")


def numbers_in(text: str) -> list[str]:
    text = re.sub(r"\\[A-Za-z]+", " ", text)  # \sqrt, \alpha, \times …
    sci = [m.group(0).replace("-", "−") for m in SCI.finditer(text)]
    text = SCI.sub(" ", text)
    return sci + [m.group(0).replace("-", "−") for m in NUMBER.finditer(text)]


def _walk(node, shown: set, ints: set, dims: set):
    if isinstance(node, dict):
        if "shape" in node:
            dims.update(node["shape"])
        for k, v in node.items():
            if k == "shown" and not isinstance(v, dict):  # a rounding, not a record's field "shown"
                _collect_shown(v, shown)
            else:
                _walk(v, shown, ints, dims)
    elif isinstance(node, list):
        for v in node:
            _walk(v, shown, ints, dims)
    elif isinstance(node, int) and not isinstance(node, bool):
        ints.add(node)
    elif isinstance(node, float) and node.is_integer():  # a whole number is drawn as one (p·q·d, 100 %)
        ints.add(int(node))


def _collect_shown(v, shown: set):
    if isinstance(v, list):
        for x in v:
            _collect_shown(x, shown)
    else:
        shown.add(v)


def allowed_numbers(module, record, lang: str) -> set:
    doc = json.loads(json.dumps(record_fields(record, getattr(module, "DECIMALS", {}))))
    shown, ints, dims = set(), set(), set()
    _walk(doc, shown, ints, dims)
    allowed = set(shown)
    for n in ints:
        allowed |= {str(n).replace("-", "−"), fmt_int(n).replace("-", "−")}
    for d in dims:
        allowed |= {str(k) for k in range(d + 1)}
    for text in module.STRINGS[lang].values():
        allowed.update(numbers_in(text))
    return allowed


def drawn_texts(fig) -> list[str]:
    """Every visible, non-empty text of the figure except axis tick labels and offsets."""
    fig.canvas.draw()
    skip = set()
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            skip.update(id(t) for t in axis.get_ticklabels(minor=False))
            skip.update(id(t) for t in axis.get_ticklabels(minor=True))
            skip.add(id(axis.get_offset_text()))
    return [t.get_text() for t in fig.findobj(Text)
            if id(t) not in skip and t.get_visible() and t.get_text().strip()]


def stray_numbers(name: str, lang: str, record=None) -> list[tuple[str, str]]:
    """(number, text) for each drawn number the record does not hold as shown."""
    from figures.common import figure_context

    entry = catalogue.get(name)
    module = importlib.import_module(entry.module)
    record = entry.compute() if record is None else record
    look = Look("light", lang)
    with figure_context(look):
        fig = module.make(record, look)
        try:
            texts = drawn_texts(fig)
        finally:
            plt.close(fig)
    allowed = allowed_numbers(module, record, lang)
    return [(n, t) for t in texts for n in numbers_in(t) if n not in allowed]


_RECORDS: dict = {}


def _record(name):
    if name not in _RECORDS:
        _RECORDS[name] = catalogue.get(name).compute()
    return _RECORDS[name]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", REDRAWN)
def test_every_drawn_number_is_shown_in_the_record(name, lang):
    stray = stray_numbers(name, lang, _record(name))
    assert not stray, f"{name} ({lang}) draws numbers numbers.json does not show: {stray[:8]}"


@pytest.mark.parametrize("name", REDRAWN)
def test_width_is_one_or_two_columns_and_no_text_is_too_small(name):
    from figures.common import figure_context

    entry = catalogue.get(name)
    module = importlib.import_module(entry.module)
    look = Look("light", "zh-Hans")
    with figure_context(look):
        fig = module.make(_record(name), look)
        try:
            fig.canvas.draw()
            width = fig.get_size_inches()[0]
            small = sorted({(t.get_fontsize(), t.get_text()[:40]) for t in fig.findobj(Text)
                            if t.get_visible() and t.get_text().strip() and _smallest_pt(t) < MIN_PT})
        finally:
            plt.close(fig)
    assert round(width, 2) in WIDTHS_IN.values(), f"{name} is {width} in wide, not one of {WIDTHS_IN}"
    assert not small, f"{name}: text under {MIN_PT} pt: {small[:5]}"


def _smallest_pt(t: Text) -> float:
    """The smallest glyph size of a text: its size, or its scripts' size where mathtext sets them."""
    text, size = t.get_text(), t.get_fontsize()
    maths = "".join(re.findall(r"\$[^$]*\$", text))
    if NESTED_SCRIPT.search(maths):
        return size * SCRIPT_SCALE ** 2
    if re.search(r"[_^]", maths):
        return size * SCRIPT_SCALE
    return size


def test_smallest_pt_sees_math_scripts():
    assert _smallest_pt(Text(text="plain", fontsize=7)) == 7
    assert _smallest_pt(Text(text=r"$q_{3}$", fontsize=10)) == pytest.approx(7.0)
    assert _smallest_pt(Text(text=r"$e^{z_{3,2}}$", fontsize=10)) == pytest.approx(4.9)


def test_numbers_in_reads_signs_groups_and_math():
    assert numbers_in(r"$q_{3}^{\top} k_{2} = 1.0 \times 2.0$ = −0.2500") == ["3", "2", "1.0", "2.0", "−0.2500"]
    assert numbers_in("GPT-2 small: 124,412,160 parameters") == ["2", "124,412,160"]
    assert numbers_in("(0.6286, 0.7994)") == ["0.6286", "0.7994"]
    assert numbers_in(r"$\alpha_{3,2}$ 1,024") == ["3", "2", "1,024"]


def test_the_check_catches_a_number_the_record_does_not_show():
    """A figure that writes 6 decimals where numbers.json shows 3 significant digits fails."""
    entry = catalogue.get("shortcut_gradients")
    module = importlib.import_module(entry.module)
    record = _record("shortcut_gradients")
    allowed = allowed_numbers(module, record, "en")
    v = float(record.without_shortcut[0])
    assert fmt_num(v, "3s") in allowed and fmt_num(v, "3s") == "2.02×10⁻⁴"
    assert f"{v:.6f}" not in allowed and numbers_in(f"{fmt_num(v, '3s')} and 0.25") == ["2.02×10⁻⁴", "0.25"]


def test_shortcut_gradient_labels_are_numbers_json_shown_strings():
    """The labels beside the dots are, one for one, the "shown" strings numbers.json exports."""
    from figures import shortcut_gradients as module
    from figures.common import figure_context

    record = _record("shortcut_gradients")
    fields = json.loads(json.dumps(record_fields(record, module.DECIMALS)))
    look = Look("light", "en")
    with figure_context(look):
        fig = module.make(record, look)
        texts = drawn_texts(fig)
        plt.close(fig)
    for field in ("without_shortcut", "with_shortcut"):
        assert fields[field]["shown"] == [t for t in texts if t in fields[field]["shown"]]
    assert [f"×{s}" for s in fields["ratio"]["shown"]] == [t for t in texts if t.startswith("×")]
