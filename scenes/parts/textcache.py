"""Text and formulas built once per process: a copy of the first one made with the same arguments.

Building a Manim Text asks Pango for an SVG and parses it into outlines: ~0.2 s for a caption,
over half of a scene's play when no frame is drawn (performance.md, "Patterns for a fast scene").
The same words in the same font, size, colour and style give the same outlines, so the first Text
made with given arguments is kept and every later request gets a copy of it (~1 ms; copies share
nothing, so a scene may move, scale or recolour its own freely). A MathTex likewise: LaTeX's SVG is
cached on disk (studio.build.texcache), its parsing here.

The prototype drops what only construction reads: each outline's parsed SVG path (`path_obj`, read
once to make its points) and, for Text, the SVG's id table. A deep copy of a caption then takes
~2 ms instead of ~40 ms, and so does every copy an animation makes of it later (a Transform, a
fade's starting state). Plays of a scene in one process
(a render after a gate, a grid of parameters, the other theme) reuse each other's labels.
"""
from __future__ import annotations

from collections import OrderedDict

from manim import DOWN, RIGHT, MathTex, Text, VGroup

KEEP = 4096  # prototypes kept, least recently used dropped first
_made: OrderedDict = OrderedDict()


def text(s: str, **kwargs) -> Text:
    """Text(s, **kwargs), built the first time and copied after."""
    return _copy_of(Text, (s,), kwargs)


def indexed(base: str, index: str, rest: str = "", *, font_size: float, **kwargs) -> VGroup:
    """A symbol with its index as full-size digits set low (α then 51, then `rest`): a Unicode
    subscript is about half a digit tall, too small to read from the back row. The symbol is drawn
    larger (1.35 ×) so the index reads as an index: VGroup(symbol, index[, rest]). Each character of
    the index is its own text: 51 is the pair 5, 1, not the number fifty-one."""
    sym = text(base, font_size=font_size * 1.35, **kwargs)
    sub = VGroup(*(text(ch, font_size=font_size, **kwargs) for ch in index)).arrange(RIGHT, buff=0.02)
    sub.next_to(sym, RIGHT, buff=0.03).align_to(sym, DOWN).shift(DOWN * sub.height * 0.35)
    group = VGroup(sym, sub)
    if rest:
        tail = text(rest, font_size=font_size, **kwargs).next_to(sub, RIGHT, buff=0.12)
        tail.align_to(sym, DOWN)
        group.add(tail)
    return group


def math_tex(*parts: str, **kwargs) -> MathTex:
    """MathTex(*parts, **kwargs), built the first time and copied after."""
    return _copy_of(MathTex, parts, kwargs)


def _copy_of(kind, args: tuple, kwargs: dict):
    try:
        key = (kind.__name__, args, tuple(sorted((k, _hashable(v)) for k, v in kwargs.items())))
        hash(key)
    except TypeError:  # an argument that cannot be compared as a key: build it
        return kind(*args, **kwargs)
    proto = _made.get(key)
    if proto is None:
        proto = _made[key] = _lean(kind(*args, **kwargs))
        if len(_made) > KEEP:
            _made.popitem(last=False)
    else:
        _made.move_to_end(key)
    return proto.copy()


def _lean(mob):
    """`mob` without the parsed SVG its construction read (see the module docstring)."""
    for part in mob.get_family():
        if getattr(part, "path_obj", None) is not None:
            part.path_obj = None
    if isinstance(mob, Text):  # MathTex finds its parts by id later (set_color_by_tex)
        mob.id_to_vgroup_dict = {}
    return mob


def _hashable(value):
    if isinstance(value, dict):
        return tuple(sorted((k, _hashable(v)) for k, v in value.items()))
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    return value if isinstance(value, (str, int, float, bool, type(None), tuple)) else str(value)
