"""A lecture scene's title swap (scenes.parts.lecture.LectureScene): a new title in the old one's place for a
scene's second part, as in attention_heatmap's multi-head section and naive_position's."""
from __future__ import annotations

from manim import RIGHT, UpdateFromAlphaFunc, VGroup, config

SAFE = 0.9  # the title-safe area: 90 % of the frame's width and height
TITLE_SIZE = 34


class TitleSwap:
    """Needs from the scene: title_mob, txt, s, add, remove, persist, persistent (LectureScene)."""

    def new_title(self, key: str, maths: tuple[str, str] | None = None, **words) -> list:
        """A new title in the old one's place, at its size: the old fades out in the first half of the move and
        the new fades in during the second (never letter by letter); `title_done()` after the play. `maths`
        (plain, TeX): that formula of the title typeset as maths, as the picture's formulas are."""
        old = self.title_mob
        words_ = self.s(key, **words)
        if maths and maths[0] in words_:
            before, after = (p.strip() for p in words_.split(maths[0], 1))
            parts = [self.txt(p, size=TITLE_SIZE, weight="BOLD") for p in (before,) if p]
            parts.append(self.tex(maths[1], size=TITLE_SIZE + 8))
            parts += [self.txt(p, size=TITLE_SIZE, weight="BOLD") for p in (after,) if p]
            title = VGroup(*parts).arrange(RIGHT, buff=0.18)
            if after[:1] in (",", "，") and len(parts) > 2:  # a comma after the formula sits close, as in running text
                parts[-1].next_to(parts[-2], RIGHT, buff=0.06)
        else:
            title = self.txt(words_, size=TITLE_SIZE, weight="BOLD")
        if title.height > old.height * 1.05:  # one size with the title it replaces
            title.scale_to_fit_height(old.height)
        if title.width > SAFE * config.frame_width - 0.2:
            title.scale_to_fit_width(SAFE * config.frame_width - 0.2)
        title.move_to(old)
        self._titles = (old, title)
        title.set_opacity(0.0)
        self.add(title)

        def swap(_, a):  # whatever rate the play runs at: old out by the middle, new in from there
            old.set_opacity(1.0 - min(1.0, 2.0 * a))
            title.set_opacity(max(0.0, 2.0 * a - 1.0))

        return [UpdateFromAlphaFunc(VGroup(old, title), swap)]

    def title_done(self) -> None:
        old, title = self._titles
        self.remove(old)
        if old in self.persistent:
            self.persistent.remove(old)
        self.persist(title)
        self.title_mob = title
