"""A lecture scene's title swap (scenes.parts.lecture.LectureScene): a new title in the old one's place for a
scene's second part, as in attention_heatmap's multi-head section and naive_position's."""
from __future__ import annotations

from manim import UpdateFromAlphaFunc, VGroup, config

SAFE = 0.9  # the title-safe area: 90 % of the frame's width and height
TITLE_SIZE = 34


class TitleSwap:
    """Needs from the scene: title_mob, txt, s, add, remove, persist, persistent (LectureScene)."""

    def new_title(self, key: str, **words) -> list:
        """A new title in the old one's place, at its size: the old fades out in the first half of the move and
        the new fades in during the second (never letter by letter); `title_done()` after the play."""
        old = self.title_mob
        title = self.txt(self.s(key, **words), size=TITLE_SIZE, weight="BOLD")
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
