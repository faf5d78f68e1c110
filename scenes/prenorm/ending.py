"""The ending of prenorm_block (mixed into scenes.prenorm_block.PrenormBlock): the block itself again.

After the swap test's conclusion the two swap lines and the conclusion leave and the block diagram comes back with the
walkthrough's output Y (the record's numbers) beside its output node. As the closing cues name
x + F(LN(x)) twice, each sublayer lights with its skip line (attention and the first add, then the
feed-forward layer and the second add; both lines stay lit). With the last cue a second, ghosted
block stands at the right, its input node named Y, and Y travels into it: what comes out has the shape
that went in, so it is the next block's input. Last, as the caption says that the residual stream is never
normalised inside the blocks, the stack's end: last block → LN → output layer (GPT-2's ln_f), the LN lit; then the
recap over depth (scenes.prenorm.curve).
"""
from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, Arrow, Indicate, RoundedRectangle, ShowPassingFlash, VGroup, VMobject, there_and_back

from look.colour import contrast, rgb, to_hex
from scenes.parts.emphasis import read_with
from scenes.parts.panel import SAFE_HALF_WIDTH
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut
from scenes.prenorm.steps import LABEL_TXT, window

GHOST = 0.5  # the second block's ink mixed this far toward the background: it is the next block, not this one
GHOST_CONTRAST = 3.5  # ... but never below 3.5:1 against the background (3:1 and a margin: its thin strokes must still be read)
SUBLAYERS = (("ln1", "head1", "head2", "concat", "add1"), ("ln2", "ffn", "add2"))


def faded(color, background: str, k: float = GHOST, floor: float = GHOST_CONTRAST) -> str:
    """`color` mixed toward `background` by `k`, or by less where that would fall under `floor`:1 contrast with it
    (a colour already under it stays as it is)."""
    c = color.to_hex() if hasattr(color, "to_hex") else str(color)
    if contrast(c, background) < floor:
        return c
    for step in range(int(round(k * 20)), -1, -1):
        mixed = to_hex((1.0 - step / 20) * rgb(c) + (step / 20) * rgb(background))
        if contrast(mixed, background) >= floor:
            return mixed
    return c


def ghostly(mob, background: str, k: float = GHOST):
    """`mob` drawn faded toward the background (faded: at least GHOST_CONTRAST:1 against it), so it reads as a block to come,
    yet can be read; opacities unchanged (an unfilled box stays unfilled)."""
    for m in mob.family_members_with_points():  # each drawn part on its own: a group's default white (no points) must
        if m.get_stroke_opacity() > 0:          # not be faded and pushed down onto every part under it
            m.set_stroke(faded(m.get_stroke_color(), background, k), family=False)
        if m.get_fill_opacity() > 0:
            m.set_fill(faded(m.get_fill_color(), background, k), family=False)
    return mob


class PrenormEnding:
    """Needs what PrenormSwap needs, and block_diagram (scenes.prenorm_block)."""

    def step_ending(self):
        """The block again, lit sublayer by sublayer as the closing cues name x + F(LN(x)); then Y into a second block."""
        d, pal = self.data, self.pal
        path = self.path
        self.until_cue(self.s("cue_block"))  # "The block itself: first x + F(LN(x)), with attention as F."
        held = self.panel[-1]  # the swap's boxed conclusion
        inside = {id(m) for m in held.get_family()}
        gone = [m for m in self.panel if id(m) not in inside]  # its text and box were also put one by one
        path.light(done=tuple(path.nodes))  # every step done: the whole block in ink
        y = self.named(self.mat(d.Y, color=pal.accent, tokens="left"), "Y", color=pal.accent)
        out = path.nodes["out"]
        y.next_to(out, RIGHT, buff=0.45).align_to(out, [0, -1, 0])
        # the swap test's lines and its boxed conclusion leave together: nothing of it under the block's new title
        self.play(*(QuickFadeOut(m) for m in [*gone, held]), run_time=0.8)
        self.remove(*gone, held)
        self.panel = []
        self.add(path)
        self.play(QuickFadeIn(path), *self.new_title("closing", maths=("x + F(LN(x))", r"x + F(\mathrm{LN}(x))")), run_time=1.0)  # the title becomes the block's form
        self.title_done()
        self.play(QuickFadeIn(y), run_time=0.7)
        self.panel = [y]
        self.show(showing="Y")
        for k, keys in enumerate(SUBLAYERS):
            if k == 1:
                self.to_cue_saying("cue_again")  # "Then x + F(LN(x)) again, with the feed-forward layer as F."
            path.light(*keys, done=tuple(key for key in path.nodes if key not in keys))
            if k == 1:  # the first skip line stays lit beside the second
                path.skips["add1"].set_stroke(pal.accent, width=4)
            skip = path.skips[keys[-1]]
            self.play(ShowPassingFlash(skip.copy().set_stroke(pal.accent, width=8), time_width=0.6),
                      *(Indicate(path.nodes[key], color=path.node_color(key), scale_factor=1.05) for key in keys),
                      run_time=1.4)
            self.show(showing="Y", lit="+".join(keys))
        self.to_cue_saying("cue_next")  # "... so it becomes the next block's input."
        ghost = self.block_diagram(SAFE_HALF_WIDTH - 0.05 - path.width, first="Y")
        ghost.light(done=tuple(ghost.nodes))
        ghostly(ghost, pal.background)
        entry = ghost.nodes["input"]
        # Y's way to the next block's input runs under the matrix and up beside the ghost, never through Y's digits
        bend = ghost.get_left()[0] - 0.15
        way = VMobject().set_points_as_corners([out.get_right(), [bend, out.get_y(), 0], [bend, entry.get_y(), 0],
                                                entry.get_left()]).set_stroke(pal.accent, width=6)
        self.put(ghost, run_time=0.6)
        self.play(y.animate.next_to(entry, [-1, 0, 0], buff=0.35).align_to(entry, [0, 1, 0]),
                  ShowPassingFlash(way, time_width=0.5), run_time=1.6)
        # the matrix goes into the next block's input box (named Y), which lights as it takes it in
        entry.shape.set_stroke(pal.accent, width=4, opacity=1.0)
        entry.label.set_fill(pal.ink, opacity=1.0)
        self.play(y.animate.move_to(entry).set_opacity(0.0),  # at its size (never a label under 3.2 %), fading as it goes in
                  Indicate(entry, color=pal.accent, scale_factor=1.1, rate_func=lambda t: there_and_back(window(0.4, 1.0)(t))), run_time=1.4)
        self.remove(y)
        self.panel = [m for m in self.panel if m is not y]
        self.show(showing="Y", lit="out+next_input")
        ln = self.final_layernorm(path, ghost, entry)
        self.focus = [(ln, pal.accent)]  # the last cue read over the stack's final LayerNorm

    def final_layernorm(self, path, ghost, *pointed):
        """"... a Pre-LN stack ends with one last LayerNorm before the output layer": under Y, between the two
        blocks, the stack's end drawn as last block → LN → output layer, the LN lit as the cue names it."""
        pal = self.pal
        self.until_cue(self.s("cue_final_ln"), point_at=VGroup(*pointed))  # Y in the next block while that cue is read
        labels = [self.txt(self.s("last_block"), size=LABEL_TXT), self.txt("LN", size=LABEL_TXT),
                  self.txt(self.s("out_layer"), size=LABEL_TXT)]
        boxes = [RoundedRectangle(width=lab.width + 0.4, height=0.6, corner_radius=0.1).set_stroke(pal.ink, width=2.5)
                 for lab in labels]
        nodes = [VGroup(b, lab.move_to(b)) for b, lab in zip(boxes, labels)]
        chain = VGroup(*nodes).arrange(RIGHT, buff=0.7)
        left, right = path.get_right()[0] + 0.3, ghost.get_left()[0] - 0.3
        if chain.width > right - left:
            chain.scale((right - left) / chain.width)
        chain.move_to([(left + right) / 2, path.nodes["ffn"].get_y(), 0])
        arrows = [Arrow(a.get_right(), b.get_left(), buff=0.06, stroke_width=3, color=pal.muted,
                        max_tip_length_to_length_ratio=0.35, tip_length=0.14) for a, b in zip(nodes, nodes[1:])]
        boxes[1].set_stroke(pal.accent, width=4).set_fill(pal.accent, opacity=0.22)
        labels[1].set_z_index(1)  # over its box's tint, whatever lights the box
        self.put(nodes[0], run_time=0.5)
        self.put(arrows[0], nodes[1], run_time=0.7)
        self.put(arrows[1], nodes[2], run_time=0.7)
        self.show(showing="Y", lit="final_ln")
        self.play(Indicate(boxes[1], color=pal.accent, scale_factor=1.1), run_time=1.0)  # the box only: "LN" stays in ink over its tint
        self.until_cue(self.s("cue_final_copy"), point_at=boxes[1], point_color=pal.accent)  # "That is Pre-LN: each sublayer reads a normalised copy"
        self.play(*(Indicate(path.nodes[key], color=pal.accent, scale_factor=1.05) for key in ("ln1", "ln2")), run_time=1.2)
        self.until_cue(self.s("cue_final_skip"), point_at=VGroup(path.nodes["ln1"], path.nodes["ln2"]), point_color=pal.accent)  # "... the skip line has no LN"
        self.play(*(ShowPassingFlash(path.skips[key].copy().set_stroke(pal.accent, width=8), time_width=0.6)
                    for key in ("add1", "add2")), run_time=1.4)
        return nodes[1]
