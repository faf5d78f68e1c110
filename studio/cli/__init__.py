"""The command line (click). Thin: parse, look up the catalogue, call a renderer, report.

Every failure the user can cause ends with one line on stderr and a non-zero exit code, never a
traceback. The exit codes (studio.options) hold for every command, so a build can trust them:
0 all done, 1 some entry failed, 2 bad input, 3 a missing system dependency, 130 interrupted
(Ctrl-C), 143 terminated (SIGTERM).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from look import LANGS, THEMES
from studio import catalogue
from studio.build import interrupts
from studio.cli import outcome
from studio.cli.deck import deck_cmd
from studio.cli.plan import OUT_OPTION, render_plan, rendered_folder
from studio.cli.render_options import looks, published_options, render_options, requests_for
from studio.errors import UserError, clip
from studio.options import EXIT_FAILED, EXIT_INTERRUPTED, EXIT_MISSING, PAGE_QUALITY, QUALITIES
from studio.voice.source import VoiceSource

COMMANDS_HELP = "Run 'render.py --help' for the commands."


class DefaultToRender(click.Group):
    """`render.py NAME …` means `render.py render NAME …`."""

    def parse_args(self, ctx, args):
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h", "--version"):
            args = ["render", *args]
        return super().parse_args(ctx, args)


@click.group(cls=DefaultToRender, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name=None, version=__import__("studio").__version__,
                      prog_name="transformer-frames")
def cli():
    """Render lecture scenes (MP4) and note figures (SVG) whose every number comes from the engine.

    \b
    render.py NAME [NAME ...]   render entries ('all' for every one); see 'render.py render --help'
    render.py list              the catalogue
    render.py params NAME       the parameters NAME takes: --set KEY=VALUE, or --lesson FILE.toml
    render.py numbers NAME      the numbers behind an output (--at SECONDS: one frame)
    render.py script NAME       the narration script: every cue with the id its recording is named by
    render.py check             recompute every value the seed documents print
    render.py gallery           an offline HTML gallery of the rendered outputs
    render.py page TOPIC|all    interactive lesson pages with widgets and a presenter mode
    render.py deck TOPIC|FILE   a lecture deck: slides, overview, speaker view (keyboard or clicker)
    render.py doctor            check LaTeX, fonts, Pango/Cairo and the encoder
    render.py gate [NAME ...]   check layout and readability (safe area, overlaps, pacing, numbers)

    \b
    Exit codes: 0 all done, 1 some entry failed (its log is named), 2 bad input,
    3 a system dependency is missing (the package to install is named),
    130 interrupted (Ctrl-C), 143 terminated (SIGTERM). No partial file is left.
    """


@cli.command("list")
@click.option("--lang", type=click.Choice(LANGS), default="en", show_default=True,
              help="Language of the descriptions.")
@click.option("--kind", type=click.Choice(catalogue.KINDS), default=None, help="Only scenes or only figures.")
def list_cmd(lang, kind):
    """Print the catalogue: name, kind and a one-line description."""
    width = max(len(n) for n in catalogue.names())
    for topic, titles in catalogue.TOPICS.items():
        entries = [e for e in catalogue.ENTRIES if e.topic == topic and (kind is None or e.kind == kind)]
        if not entries:
            continue
        click.echo(titles[lang])
        for e in entries:
            click.echo(f"  {e.name:<{width}}  {e.kind:<6}  {e.describe[lang]}")


@cli.command("render")
@click.argument("names", nargs=-1)
@click.option("--set", "settings", multiple=True, metavar="KEY=VALUE",
              help="Your own numbers for the named entries, e.g. --set d_model=64 (repeatable). Values as in "
                   "TOML: 64, 0.5, true, \"dog bites man\", [1, 2], [[1, 0], [0, 1]]; a bare word is text. "
                   "'render.py params NAME' lists what NAME takes and the ranges. The output goes to "
                   "OUT/NAME@KEY=VALUE,.../.")
@click.option("--lesson", type=click.Path(dir_okay=False, path_type=Path), default=None, metavar="FILE.toml",
              help="Render every entry a lesson file lists, with its parameters (see README, 'Your own numbers').")
@render_options
@click.option("--jobs", "-j", type=click.IntRange(1, 64), default=None,
              help="Worker processes (default: the number of cores).")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT|local:N",
              help="Render on a Dask cluster (pip install -e '.[farm]'): a running scheduler's address, "
                   "or local:N for a LocalCluster of N worker processes. See docs/farm.md.")
@click.pass_context
def render_cmd(ctx, names, settings, lesson, jobs, scheduler, **options):
    """Render NAMES (or 'all') into OUT/NAME/ with NAME.numbers.json beside each output.

    An entry whose sources, parameters and options are unchanged is answered from the previous
    render (its content key is in NAME.numbers.json); --force renders it again. OUT/NAME/ always
    holds one whole render: a new one replaces the folder in one step.

    \b
    Exit codes: 0 all done, 1 some entry failed, 2 bad input, 3 a system dependency is missing,
    130 interrupted, 143 terminated.
    """
    import time

    from studio.build import deps
    from studio.run.jobs import default_jobs, exit_code, run_all, summary

    plan = render_plan(ctx, names, settings, lesson, *looks(options))
    requests = requests_for(ctx, plan, options)
    todo = [r for r in requests if not r.up_to_date()]  # what is up to date needs no font or LaTeX
    deps.require_for({r.entry.kind for r in todo},  # before any work: exit 3 naming the package
                     tuple(dict.fromkeys(r.look.lang for r in todo)))
    started = time.perf_counter()
    if scheduler is not None:
        from studio.run.farm import parse_scheduler, run_farm

        parse_scheduler(scheduler)  # a malformed address is bad input, found before any work
        outcomes = run_farm(requests, scheduler)
    else:
        outcomes = run_all(requests, min(jobs or default_jobs(), len(requests)))
    wall = time.perf_counter() - started
    if len(outcomes) == 1 and outcomes[0].status != "failed":
        o = outcomes[0]
        how = "up to date (from cache; --force renders again)" if o.status == "cached" else f"rendered in {o.seconds:.1f} s"
        click.echo(f"{o.request.entry.name}: {how}")
        for f in o.files:
            click.echo(f"  {f}")
    else:
        click.echo(summary(outcomes, wall))
    code = exit_code(outcomes)
    if code:
        if len(outcomes) == 1:
            o = outcomes[0]
            click.echo(f"error: {o.error}" + (f" (log: {o.log})" if o.log else ""), err=True)
        raise click.exceptions.Exit(code)


@cli.command("script")
@click.argument("names", nargs=-1)
@click.option("--lang", type=click.Choice((*LANGS, "all")), default="en", show_default=True,
              help="The script's language ('all': one script per language).")
@click.option("--set", "settings", multiple=True, metavar="KEY=VALUE", help="Your own numbers, as for rendering.")
@click.option("--lesson", type=click.Path(dir_okay=False, path_type=Path), default=None, metavar="FILE.toml",
              help="One script per scene and language of a lesson file.")
@click.option("--out", "out_root", **OUT_OPTION, help="Folder that receives scripts/.")
@click.pass_context
def script_cmd(ctx, names, lang, settings, lesson, out_root):
    """Write the narration script of scenes: OUT/scripts/FOLDER.LANG.md to read aloud from (every cue
    with its id, which names its recording, and its present length) and .json for tools."""
    from studio.build import deps
    from studio.voice.script import write_script

    langs = LANGS if lang == "all" else (lang,)
    plan = render_plan(ctx, names, settings, lesson, langs, ("light",))
    figures = [e.name for e, _, _ in plan.items if e.kind != "scene"]
    if figures and names and "all" not in names:
        raise UserError(f"{', '.join(figures)}: a figure has no narration; name scenes "
                        f"({', '.join(e.name for e in catalogue.ENTRIES if e.kind == 'scene')})")
    items = [(e, ls) for e, ls, _ in plan.items if e.kind == "scene"]
    deps.require_for({"scene"}, tuple(dict.fromkeys(l for _, ls in items for l in ls)))
    from look import Look

    for entry, entry_langs in items:
        for language in entry_langs:
            for path in write_script(entry, Look("light", language), out_root):
                click.echo(str(path))


@cli.command("params")
@click.argument("name")
@click.option("--lang", type=click.Choice(LANGS), default="en", show_default=True, help="Language of the help.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def params_cmd(name, lang, as_json):
    """Print every parameter NAME accepts: its type, default, allowed range and what it changes."""
    from studio.cli.show import format_params, params_table

    entry = catalogue.get(name)
    if as_json:
        click.echo(json.dumps(params_table(entry, lang), ensure_ascii=False, indent=1))
    else:
        click.echo(format_params(entry, lang))


@cli.command("numbers")
@click.argument("name")
@click.option("--at", "at", type=float, default=None, metavar="SECONDS",
              help="Print the frame shown at this time (scenes).")
@click.option("--out", "out_root", **OUT_OPTION, help="The folder render.py wrote into.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def numbers_cmd(name, at, out_root, as_json):
    """Print the numbers behind NAME's last render (OUT/NAME/NAME.numbers.json). NAME may be an output
    folder: NAME@key=value,... (your own numbers) or the folder a lesson file named."""
    from studio.build.numbers import numbers_at, read_numbers
    from studio.cli.show import format_numbers

    entry, folder = rendered_folder(out_root, name)
    doc = read_numbers(folder / f"{entry.name}.numbers.json", entry.name)
    if at is None:
        click.echo(json.dumps(doc, ensure_ascii=False, indent=1) if as_json else format_numbers(doc))
        return
    if entry.kind != "scene":
        raise UserError(f"{entry.name} is a figure: --at only applies to scenes")
    row = numbers_at(folder, entry.name, at, doc.get("render", {}).get("duration_s", 0.0))
    if as_json:
        click.echo(json.dumps(row, ensure_ascii=False, indent=1))
    else:
        width = max(len(k) for k in row)
        for k, v in row.items():
            if v != "":
                click.echo(f"{k:<{width}}  {v}")


@cli.command("check")
@click.option("--json", "json_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also write the table as JSON to this file ('-' for standard output).")
def check_cmd(json_path):
    """Recompute every value the seed documents print; exit 1 if any deviates beyond tolerance."""
    from engine.golden import run_checks
    from studio.cli.show import format_checks

    rows = run_checks()
    if json_path is not None:
        text = json.dumps(rows, ensure_ascii=False, indent=1) + "\n"
        if str(json_path) == "-":
            click.echo(text, nl=False)
        else:
            from studio.build.atomic import write_text

            try:
                write_text(json_path, text)
            except OSError as e:
                blocked = next((p for p in json_path.parents if p.exists() and not p.is_dir()), None)
                why = f"{clip(blocked)} is a file, not a folder" if blocked else (e.strerror or str(e))
                raise UserError(f"--json {clip(json_path)}: cannot write it ({why})") from None
    if json_path is None or str(json_path) != "-":
        click.echo(format_checks(rows))
    failed = [r for r in rows if r["status"] == "fail"]
    if failed:
        raise click.exceptions.Exit(EXIT_FAILED)


@cli.command("gallery")
@click.option("--out", "out_root", **OUT_OPTION,
              help="The folder render.py wrote into; the gallery goes to OUT/gallery/.")
def gallery_cmd(out_root):
    """Build an offline HTML gallery of everything rendered in OUT (OUT/gallery/index.html)."""
    from studio.publish.gallery import build_gallery

    click.echo(build_gallery(out_root).summary())


@cli.command("gate")
@click.argument("names", nargs=-1)
@click.option("--lang", type=click.Choice((*LANGS, "all")), default="all", show_default=True)
@click.option("--theme", type=click.Choice((*THEMES, "all")), default="all", show_default=True)
@click.option("--kind", type=click.Choice(catalogue.KINDS), default=None, help="Only scenes or only figures.")
@click.option("--set", "settings", multiple=True, metavar="KEY=VALUE", help="Check with your own numbers.")
@click.option("--lesson", type=click.Path(dir_okay=False, path_type=Path), default=None, metavar="FILE.toml",
              help="Check every entry of a lesson file, with its parameters, in its languages.")
@click.option("--grid", is_flag=True,
              help="Check each entry over a grid of its parameters: range ends, examples, random points.")
@click.pass_context
def gate_cmd(ctx, names, lang, theme, kind, settings, lesson, grid):
    """Check NAMES (default: everything) as a reader would: text inside the safe area, no overlaps,
    captions slow enough to read, no sources named, every number shown in the numbers file.

    Scenes are played without drawing (studio.gates.scenes), figures laid out without saving
    (studio.gates.figures). Prints one line per finding, naming the output, time, objects and boxes;
    exit 1 when there is any.
    """
    from look import Look
    from look.palette import BACKGROUNDS, FIGURE_BACKGROUND
    from studio.gates.findings import format_findings

    from studio.catalogue.params import grid_points

    langs = LANGS if lang == "all" else (lang,)
    themes = THEMES if theme == "all" else (theme,)
    if lesson is None and not settings:
        names = names or ("all",)
    items = render_plan(ctx, names, settings, lesson, langs, themes).items
    items = [(e, ls, ts) for e, ls, ts in items if kind is None or e.kind == kind]
    if grid:
        items = [(e.with_params(point), ls, ts) for e, ls, ts in items
                 for point in grid_points(e.accepts, defaults=e.default_given())]
    findings, checked = [], 0
    for entry, ls, ts in items:
        if entry.kind == "scene":
            from studio.gates.scenes import scene_findings as check
        else:
            from studio.gates.figures import figure_findings as check
        paper = FIGURE_BACKGROUND if entry.kind == "figure" else BACKGROUNDS[0]  # what `render` makes by default
        for l in ls:
            for t in ts:
                findings += check(entry, Look(t, l, paper))
                checked += 1
    click.echo(format_findings(findings, checked))
    if findings:
        raise click.exceptions.Exit(EXIT_FAILED)


@cli.command("page")
@click.argument("topic", type=click.Choice((*catalogue.TOPICS, "all")))
@click.option("--lang", type=click.Choice((*LANGS, "all")), default="en", show_default=True,
              help="Each language has its own page: index.html (English), index.LANG.html; "
                   "building one language keeps the others and links them.")
@click.option("--theme", type=click.Choice((*THEMES, "both")), default="light", show_default=True,
              help="Theme of the renders on the page. The page's switch swaps a scene's poster and video "
                   "together when OUT holds that scene in the other theme; 'both' renders every scene in "
                   "both themes (the page opens light) so the switch changes every video.")
@click.option("--quality", type=click.Choice(tuple(QUALITIES)), default=PAGE_QUALITY, show_default=True,
              help="Quality of the scene videos on the page.")
@click.option("--out", "out_root", **OUT_OPTION,
              help="The folder render.py writes into; pages go to OUT/pages/TOPIC/.")
@published_options("page")
def page_cmd(topic, lang, theme, quality, out_root, no_render, voice, voice_missing):
    """Write OUT/pages/TOPIC/index.html: prose, scenes with captions, figures and widgets.

    Renders already in OUT (OUT/NAME/ or OUT/LANG-THEME/NAME/) are reused; what is missing is
    rendered through the cache into OUT/LANG-THEME/. On the page, Present turns a scene's sections
    into slides: right arrow plays the next section, left arrow goes back, C captions, F full screen.
    """
    from studio.build import deps
    from studio.publish.pages import build_pages

    if not no_render:  # before any work: exit 3 naming the missing package
        deps.require_for({"scene", "figure"}, LANGS if lang == "all" else (lang,))
    source = VoiceSource.of(voice, voice_missing)
    for result in build_pages(topic, lang, theme, QUALITIES[quality], out_root, render=not no_render, voice=source):
        click.echo(result.summary())


@cli.command("doctor")
def doctor_cmd():
    """Check what rendering needs (LaTeX, dvisvgm, fonts, Pango/Cairo, H.264) and what to install."""
    from studio.build.deps import report

    missing = 0
    for what, ok, fix in report():
        click.echo(f"  {'ok     ' if ok else 'MISSING'}  {what}" + ("" if ok else f"  ->  {fix}"))
        missing += not ok
    if missing:
        raise click.exceptions.Exit(EXIT_MISSING)


cli.add_command(deck_cmd)  # render.py deck: studio/cli/deck.py


def _prog_name() -> str:
    """`transformer-frames` when run as the installed command, else `render.py`."""
    return "transformer-frames" if Path(sys.argv[0]).name == "transformer-frames" else "render.py"


def main(argv=None):
    """Run the CLI and exit with the contract's code (see the module docstring)."""
    program = argv is None  # the program itself, not a caller in this process (the tests)
    previous = interrupts.install(deadline=program)
    try:
        code = outcome.of(cli, argv, _prog_name())
        if program:  # from here a late SIGINT or SIGTERM ends the process at once, with this code
            interrupts.exit_on_late_signal(code)
    except (KeyboardInterrupt, interrupts.Terminated) as e:  # it landed while the outcome was reported
        code = outcome.farewell(e)
    finally:
        if not program:
            interrupts.restore(previous)
    if code in (EXIT_INTERRUPTED, outcome.EXIT_TERMINATED):
        interrupts.exit_now_if_threads_left(code)
    sys.exit(code)
