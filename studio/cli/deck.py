"""`render.py deck TOPIC|LESSON.toml`: a lecture deck (studio.publish.deck) from the command line."""
from __future__ import annotations

from pathlib import Path

import click

from look import LANGS, THEMES
from studio.cli.plan import OUT_OPTION
from studio.cli.render_options import published_options
from studio.errors import UserError
from studio.options import PAGE_QUALITY, QUALITIES
from studio.voice.source import VoiceSource


def deck_source(what: str):
    """A topic's deck, or a lesson file's (a name ending in .toml, or an existing file); bad input
    is a UserError (exit 2) naming the choices."""
    from studio.publish.deck.builder import lesson_source, topic_source

    if what.endswith(".toml") or Path(what).is_file():
        from studio.cli.lesson import read_lesson

        if not Path(what).is_file():
            raise UserError(f"{what}: no such lesson file")
        return lesson_source(read_lesson(Path(what)))
    return topic_source(what)


@click.command("deck")
@click.argument("source", metavar="TOPIC|LESSON.toml")
@click.option("--lang", type=click.Choice(LANGS), default=None,
              help="The deck's language (default: a lesson file's first language, else en).")
@click.option("--theme", type=click.Choice(THEMES), default="light", show_default=True,
              help="Theme of the renders and the slides.")
@click.option("--quality", type=click.Choice(tuple(QUALITIES)), default=None,
              help=f"Quality of the scene videos (default: a lesson file's, else {PAGE_QUALITY}).")
@click.option("--out", "out_root", **OUT_OPTION,
              help="The folder render.py writes into; the deck goes to OUT/decks/NAME/.")
@click.option("--export", "exports", multiple=True, metavar="pdf|pptx|html",
              help="Also write OUT/decks/NAME/NAME.pdf (a handout: one page per pause point and figure) "
                   "and/or NAME.pptx (one slide each, the section's clip embedded). Repeatable or a comma "
                   "list; html (index.html) is always written.")
@published_options("deck")
def deck_cmd(source, lang, theme, quality, out_root, exports, no_render, voice, voice_missing):
    """Write OUT/decks/NAME/index.html: a lecture deck for a topic (or a lesson file, NAME its stem)
    that runs from file:// with a keyboard or a clicker.

    \b
    Slides: a title, then a topic's scene pauses, figures and widgets in its teaching order (a tall
    widget part by part). Keys: right arrow / PageDown / Space next, left arrow / PageUp previous,
    O overview, B black screen, D dim (70 %), S speaker view (notes, next slide, timer), C captions,
    F full screen, V the values on screen at the paused moment (the scene's frames table, carried in
    the deck), E enter a widget (its controls take the arrows; Esc leaves), ? the keys, Esc back.

    
    --export pdf: NAME.pdf, a handout (each pause point's still, its captions and the numbers on
    screen; each figure). --export pptx: NAME.pptx, for PowerPoint (each pause point's clip, its
    captions as notes; each figure).
    """
    from studio.build import deps
    from studio.publish.deck import build_deck
    from studio.publish.deck.export import parse_exports, require

    exports = parse_exports(exports)
    deck = deck_source(source)  # bad input first: exit 2 before any work
    require(exports)
    if not no_render:  # exit 3 naming a missing package, before any work
        deps.require_for({e.kind for e in deck.entries}, (lang or deck.lang or "en",))
    result = build_deck(deck, lang, theme, QUALITIES[quality] if quality else None, out_root,
                        render=not no_render, voice=VoiceSource.of(voice, voice_missing), exports=exports)
    click.echo(result.summary())
