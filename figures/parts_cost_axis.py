"""attention_cost's axes: which powers of two get a label on the length axis (length_ticks), so the two marked lengths
sit on an even series under their guides and no label runs into its neighbour; the y axis in bytes (byte_axis)."""
from __future__ import annotations

import numpy as np

from look import fmt_int

MIN_TICKS = 3  # labelled lengths at least, so the length axis reads as a scale (1,024 and 32,768: every 5th
# octave, 32 to 32,768, each marked length on the series under its guide, none lowered out of line)


def length_ticks(t, marked, axes_pt: float = 340.0, size: float = 8.5) -> tuple[list, list]:
    """The labelled lengths (t: the drawn lengths, a power-of-two series): whole powers of two evenly spaced
    on the log axis, every `step`-th octave, with the step chosen to divide the octaves between the two
    marked lengths so both sit on the series and are named under their guides; the smallest such step whose
    labels keep clear of their neighbours (a label's width from its digits at `size` pt). Returns
    (ticks, lowered): when the two marked lengths are too close for any shared step, the even series runs
    through the long one and the short one is lowered one line, where it has the row to itself; so too when
    a shared step would label fewer than MIN_TICKS lengths (1,024 and 32,768: every 5th octave, three labels)."""
    octave_pt = axes_pt / max(1.0, np.log2(t[-1] / t[0]) + 0.8)  # the axes' width over its octaves
    width = lambda v: 0.62 * size * len(fmt_int(int(v))) + 10  # noqa: E731 (a label's width in points)
    sep = lambda a, b: abs(np.log2(a / b)) * octave_pt >= (width(a) + width(b)) / 2  # noqa: E731
    short, long = sorted(int(m) for m in marked)
    first, last = int(round(np.log2(t[0]))), int(round(np.log2(t[-1])))
    anchor, gap = int(round(np.log2(long))), int(round(np.log2(long / short)))

    def series(step: int) -> list:  # every step-th octave through the long length, within the drawn ones
        return [2 ** e for e in range(first, last + 1) if (e - anchor) % step == 0]

    def clear(ticks: list) -> bool:
        return all(sep(a, b) for a, b in zip(ticks, ticks[1:]))

    for step in range(1, gap + 1):
        if gap % step == 0 and clear(series(step)) and len(series(step)) >= MIN_TICKS:
            return series(step), []  # the series alone: an end label crowded the last (131,072 by 32,768)
    step = 1
    while not clear(series(step)):
        step += 1
    return (ticks := series(step)), ([short] if short not in ticks else [])


def _bytes(value: float, unit: str) -> str:
    """A size as the record holds it, in binary units as memory is counted: 4 MiB, 3.81 MiB."""
    return f"{value:,.0f} {unit}" if abs(value - round(value)) < 1e-9 else f"{value:,.2f} {unit}"


def size_text(count, data) -> str:
    """A count of values as the memory it takes in float32 (record.bytes_per_value), in the engine's binary units:
    one layer's 12 score tables at T = 1,024, 12,582,912 values, are 48 MiB."""
    from engine.costs import binary_size

    return _bytes(*binary_size(int(count) * int(data.bytes_per_value)))


def byte_axis(ax, data) -> None:
    """The y axis in bytes, as the caption and the numbers file give sizes (4 MiB to 4 GiB a table): the lines stay
    counts of values, each labelled tick sits where they take a whole KiB, MiB, GiB or TiB, a minor tick every 32×."""
    from matplotlib.ticker import FixedLocator, NullFormatter

    from engine.costs import BYTE_UNITS

    per = int(data.bytes_per_value)
    lo, hi = ax.get_ylim()
    major = [2 ** p / per for _, p in BYTE_UNITS if p and lo <= 2 ** p / per <= hi]
    minor = [2 ** q / per for q in range(0, 51, 5) if q % 10 and lo <= 2 ** q / per <= hi]
    ax.yaxis.set_major_locator(FixedLocator(major))
    ax.yaxis.set_minor_locator(FixedLocator(minor))
    ax.yaxis.set_major_formatter(lambda v, _: size_text(v, data))
    ax.yaxis.set_minor_formatter(NullFormatter())
