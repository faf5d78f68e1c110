"""The options of every command that renders, declared once (click decorators), and the render
requests (studio.build.request.Request) they make with a command's plan (studio.cli.plan).

`render` takes them all today; a command that renders something more (a script, a deck) adds
`@render_options` and gets the same options, defaults, checks and help, and builds its requests with
`requests_for`, so an option added here reaches every command and the content key at once.
"""
from __future__ import annotations

import click

from look import LANGS, THEMES, Look
from look.palette import BACKGROUNDS, FIGURE_BACKGROUND
from studio.options import (ALL_FORMATS, CAPTIONS, DEFAULT_ENCODER, DEFAULT_QUALITY, ENCODERS, QUALITIES,
                            SVG_TEXT)
from studio.cli.plan import OUT_OPTION, Plan, from_command_line
from studio.build.request import Request
from studio.voice.source import MISSING, VoiceSource

OPTIONS = (
    click.option("--quality", type=click.Choice(tuple(QUALITIES)), default=DEFAULT_QUALITY, show_default=True,
                 help="Scenes: " + ", ".join(f"{q.name} {q.height}p{q.fps}" for q in QUALITIES.values()) + "."),
    click.option("--theme", type=click.Choice((*THEMES, "all")), default="light", show_default=True,
                 help="'all' renders both, into OUT/LANG-THEME/."),
    click.option("--lang", type=click.Choice((*LANGS, "all")), default="en", show_default=True,
                 help="'all' renders every language, into OUT/LANG-THEME/."),
    click.option("--out", "out_root", **OUT_OPTION, help="Folder that receives NAME/ for each output."),
    click.option("--format", "fmt", type=click.Choice(ALL_FORMATS), default=None,
                 help="Scenes: mp4 (default), gif, png (last frame). Figures: svg (default), png, pdf."),
    click.option("--sections", is_flag=True, help="Scenes: also one MP4 per section, in NAME/sections/."),
    click.option("--captions", type=click.Choice(CAPTIONS), default=CAPTIONS[0], show_default=True,
                 help="Scenes: burn the captions into the video (plays the same everywhere), 'file' for "
                      "NAME.srt/.vtt only (the band goes back to the content), 'none'."),
    click.option("--svg-text", type=click.Choice(SVG_TEXT), default=SVG_TEXT[0], show_default=True,
                 help="SVG figures: 'embed' the glyphs used (reads the same anywhere, text stays searchable), "
                      "'path' (text as outlines, no font needed), 'text' (font names only, smallest)."),
    click.option("--background", type=click.Choice(BACKGROUNDS), default=FIGURE_BACKGROUND, show_default=True,
                 help="Light figures: 'white' (print: white paper, no paper-coloured box behind the figure) or "
                      "'theme' (the paper colour of the pages and scenes). Scenes always keep the theme's."),
    click.option("--encoder", type=click.Choice(tuple(ENCODERS)), default=DEFAULT_ENCODER, show_default=True,
                 help="Scenes: x264 settings. 'fast' (veryfast, tune animation, crf 19) measures a higher PSNR "
                      "and SSIM than 'manim' (Manim's own: medium, crf 23) on every scene, for less encoder "
                      "time; see docs/encoder.md."),
    click.option("--voice", default=None, metavar="DIR|draft",
                 help="Scenes: narrate the video. DIR holds the lecturer's recordings, one file per cue named by "
                      "its id (WAV, FLAC, MP3, M4A, OGG/Opus; 'render.py script NAME' lists the ids); each cue "
                      "lasts as long as its recording. 'draft' speaks every cue with espeak-ng, to preview."),
    click.option("--voice-missing", type=click.Choice(MISSING), default=MISSING[0], show_default=True,
                 help="Scenes with --voice DIR: a cue without a recording is an error, spoken by the draft "
                      "voice, or silent (shown for its reading time)."),
    click.option("--force", is_flag=True, help="Render even when the cached output is up to date."),
)
NAMES = ("quality", "theme", "lang", "out_root", "fmt", "sections", "captions", "svg_text", "background", "encoder",
         "voice", "voice_missing", "force")


def published_options(what: str):
    """The options a lesson page and a deck share after their own: --no-render, --voice, --voice-missing.
    `what`: the output's name in the help ("page", "deck")."""
    def add(command):
        for option in reversed((
            click.option("--no-render", "no_render", is_flag=True,
                         help=f"Use only what is already rendered in OUT; leave the rest out of the {what}."),
            click.option("--voice", default=None, metavar="DIR|draft",
                         help="Narrated scene videos: recordings in DIR (DIR/NAME/LANG/, one file per cue id) or "
                              "the draft voice, as for rendering."),
            click.option("--voice-missing", type=click.Choice(MISSING), default=MISSING[0], show_default=True,
                         help="With --voice DIR: a cue without a recording is an error, spoken by the draft voice, "
                              "or silent."),
        )):
            command = option(command)
        return command
    return add


def render_options(command):
    """Add every render option to a click command (its function takes them as keyword arguments)."""
    for option in reversed(OPTIONS):
        command = option(command)
    return command


def looks(options: dict) -> tuple[tuple, tuple]:
    """(languages, themes) that --lang and --theme ask for ('all' is every one)."""
    lang, theme = options["lang"], options["theme"]
    return (LANGS if lang == "all" else (lang,)), (THEMES if theme == "all" else (theme,))


def requests_for(ctx, plan: Plan, options: dict) -> list[Request]:
    """One Request per entry of the plan and look it asks for, in the catalogue's language and theme
    order; with more than one look each goes to OUT/LANG-THEME/. A format an entry cannot take is bad
    input, found here, before any work. A lesson's quality counts unless the command line gives one."""
    quality = options["quality"]
    if plan.quality and not from_command_line(ctx, "quality"):
        quality = plan.quality
    matrix = len({(l, t) for _, ls, ts in plan.items for l in ls for t in ts}) > 1
    out_root = options["out_root"]
    voices = _voices(plan, options)
    requests = [
        Request(entry, Look(t, l, _background(entry, options)), QUALITIES[quality], fmt=options["fmt"], sections=options["sections"],
                captions=options["captions"], svg_text=options["svg_text"], encoder=options["encoder"],
                voice=voices.get(entry.folder) if entry.kind == "scene" else None,
                out_root=out_root / f"{l}-{t}" if matrix else out_root, force=options["force"])
        for l in LANGS for t in THEMES for entry, ls, ts in plan.items if l in ls and t in ts
    ]
    for request in requests:
        request.format  # noqa: B018 (raises UserError for a format the entry's kind cannot take)
    return requests


def _background(entry, options: dict) -> str:
    """A figure's paper as asked (white unless told: FIGURE_BACKGROUND); a scene keeps its theme's."""
    return options.get("background", FIGURE_BACKGROUND) if entry.kind == "figure" else BACKGROUNDS[0]


def _voices(plan: Plan, options: dict) -> dict:
    """{output folder: VoiceSource}: --voice for every entry, else what a lesson gives each."""
    missing = options.get("voice_missing", MISSING[0])
    if options.get("voice") is not None:
        source = VoiceSource.of(options["voice"], missing)
        return {entry.folder: source for entry, _, _ in plan.items}
    return {folder: VoiceSource.of(value, missing) for folder, value in plan.voices.items()}
