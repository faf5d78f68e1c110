"""naive_position's second chapter opens on a card of its own (seed 001, lesson 5, from the bar machine to the clock-hand
fingerprint): once the p/N number lines have left and before the chart comes back, "Part 2" and the chapter's name
come in large in the middle of the empty stage, a rule growing under them; then the name moves up and shrinks into
the title's place while the old title fades out, so the sin/cos part reads as a chapter of its own, not a second
lecture glued on. The words are in CHAPTER (en, zh-Hant, zh-Hans), kept here so the scene's string table stays
within its size.
Mixed into scenes.naive_position.NaivePosition.
"""
from __future__ import annotations

from manim import DOWN, UP, FadeIn, FadeOut, GrowFromCenter, Line, VGroup, smooth

from scenes.parts.titles import SAFE, TITLE_SIZE

CHAPTER = {
    "en": {"kicker": "Part 2", "name": "Sine and cosine: a bounded position code"},
    "zh-Hant": {"kicker": "第二部分", "name": "正弦與餘弦：有上限的位置編碼"},
    "zh-Hans": {"kicker": "第二部分", "name": "正弦与余弦：有上限的位置编码"},
}
CARD_SCALE = 1.5  # the name on the card, against its size as the title


class ChapterCard:
    """Needs from the scene: txt, pal, title_mob, persist, persistent, shown, frame width from manim's config."""

    def chapter_words(self, key: str) -> str:
        return CHAPTER.get(self.look.lang, CHAPTER["en"])[key]

    def chapter_card(self, hold: float = 1.0) -> None:
        """The card on the empty stage; the kicker and rule fade, then its name rises into the title's place (one move)."""
        from manim import config
        pal = self.pal
        old = self.title_mob
        name = self.txt(self.chapter_words("name"), size=TITLE_SIZE, weight="BOLD")
        limit = SAFE * config.frame_width - 0.2
        if name.width > limit:
            name.scale_to_fit_width(limit)
        target = name.copy().move_to(old)  # where it ends: the title's place, at the title's size
        name.scale(min(CARD_SCALE, limit / name.width)).move_to(0.35 * UP)
        kicker = self.txt(self.chapter_words("kicker"), size=34, color=pal.accent, weight="BOLD")
        kicker.next_to(name, UP, buff=0.35)
        rule = Line(name.get_left() + 0.3 * DOWN, name.get_right() + 0.3 * DOWN, color=pal.accent, stroke_width=4)
        rule.shift((name.get_bottom()[1] - 0.25 - rule.get_y()) * UP)
        self.shown["chapter"] = self.chapter_words("name")
        self.play(FadeIn(kicker, shift=0.3 * DOWN), FadeIn(name, shift=0.3 * UP, scale=0.85), GrowFromCenter(rule),
                  run_time=1.2)
        self.wait(max(0.0, hold - 0.4))
        # the kicker and the rule gone first, so the rising name never passes over them
        self.play(FadeOut(kicker), FadeOut(rule), run_time=0.4)
        self.remove(kicker, rule)
        # the name rises into the title's place as the old title fades out in the first half of the move
        self.play(name.animate.scale(target.height / name.height).move_to(target),
                  FadeOut(old, rate_func=lambda t: smooth(min(1.0, 2.0 * t))), run_time=1.2)
        self.remove(old)
        if old in self.persistent:
            self.persistent.remove(old)
        self.persist(name)
        self.title_mob = name
        self.shown.pop("chapter", None)
