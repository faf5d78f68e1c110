"""The command line (click). Thin: parse, look up the catalogue, call a renderer, report.

Every failure the user can cause ends with one line on stderr and a non-zero exit code, never a
traceback: 2 for bad input, 3 for a missing system package, 1 for a failed render, 130 for Ctrl-C.
"""
from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import click

from studio import catalogue
from studio.errors import UserError
from look import LANGS, THEMES

QUALITY_CHOICES = ("low", "medium", "high", "4k")
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
    render.py numbers NAME      the numbers behind an output (--at SECONDS: one frame)
    render.py check             recompute every value the seed documents print
    render.py gallery           an offline HTML gallery of the rendered outputs
    render.py doctor            check LaTeX, fonts, Pango/Cairo and the encoder
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
@click.argument("names", nargs=-1, required=True)
@click.option("--quality", type=click.Choice(QUALITY_CHOICES), default="high", show_default=True,
              help="Scenes: low 480p15, medium 720p30, high 1080p60, 4k 2160p60.")
@click.option("--theme", type=click.Choice((*THEMES, "all")), default="light", show_default=True,
              help="'all' renders both, into OUT/LANG-THEME/.")
@click.option("--lang", type=click.Choice((*LANGS, "all")), default="en", show_default=True,
              help="'all' renders every language, into OUT/LANG-THEME/.")
@click.option("--out", "out_root", type=click.Path(file_okay=False, path_type=Path), default=Path("out"),
              show_default=True, help="Folder that receives NAME/ for each output.")
@click.option("--format", "fmt", type=click.Choice(("mp4", "gif", "png", "svg", "pdf")), default=None,
              help="Scenes: mp4 (default), gif, png (last frame). Figures: svg (default), png, pdf.")
@click.option("--sections", is_flag=True, help="Scenes: also one MP4 per section, in NAME/sections/.")
@click.option("--captions", type=click.Choice(("burn", "file", "none")), default="burn", show_default=True,
              help="Scenes: burn the captions into the video (plays the same everywhere), 'file' for "
                   "NAME.srt/.vtt only (the band goes back to the content), 'none'.")
@click.option("--force", is_flag=True, help="Render even when the cached output is up to date.")
@click.option("--jobs", "-j", type=click.IntRange(1, 64), default=None,
              help="Worker processes (default: the number of cores).")
def render_cmd(names, quality, theme, lang, out_root, fmt, sections, force, jobs, captions):
    """Render NAMES (or 'all') into OUT/NAME/ with NAME.numbers.json beside each output.

    An entry whose sources, parameters and options are unchanged is answered from the previous
    render (its content key is in NAME.numbers.json); --force renders it again.
    """
    import time

    from studio.jobs import Task, default_jobs, run_all, summary
    from studio.render import check_format

    entries = catalogue.resolve(names)
    if fmt is not None:
        for e in entries:
            check_format(e, fmt)
    themes = THEMES if theme == "all" else (theme,)
    langs = LANGS if lang == "all" else (lang,)
    matrix = len(themes) * len(langs) > 1
    tasks = [
        Task(e.name, t, l, quality, fmt, str(out_root / f"{l}-{t}" if matrix else out_root), sections, force,
             captions)
        for l in langs for t in themes for e in entries
    ]
    started = time.perf_counter()
    outcomes = run_all(tasks, min(jobs or default_jobs(), len(tasks)))
    wall = time.perf_counter() - started
    if len(outcomes) == 1 and outcomes[0].status != "failed":
        o = outcomes[0]
        how = "up to date (from cache; --force renders again)" if o.status == "cached" else f"rendered in {o.seconds:.1f} s"
        click.echo(f"{o.task.name}: {how}")
        for f in o.files:
            click.echo(f"  {f}")
    else:
        click.echo(summary(outcomes, wall))
    if any(o.status == "failed" for o in outcomes):
        if len(outcomes) == 1:
            click.echo(f"error: {outcomes[0].error} (log: {outcomes[0].log})", err=True)
        raise click.exceptions.Exit(1)


@cli.command("numbers")
@click.argument("name")
@click.option("--at", "at", type=float, default=None, metavar="SECONDS",
              help="Print the frame shown at this time (scenes).")
@click.option("--out", "out_root", type=click.Path(file_okay=False, path_type=Path), default=Path("out"),
              show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def numbers_cmd(name, at, out_root, as_json):
    """Print the numbers behind NAME's last render (out/NAME/NAME.numbers.json)."""
    from studio.numbers import read_frames
    from studio.show import frame_at, format_numbers

    entry = catalogue.get(name)
    folder = out_root / entry.name
    doc_path = folder / f"{entry.name}.numbers.json"
    if not doc_path.exists():
        raise UserError(f"{doc_path} does not exist: render it first with 'python render.py {entry.name}'")
    doc = json.loads(doc_path.read_text(encoding="utf-8"))
    if at is None:
        click.echo(json.dumps(doc, ensure_ascii=False, indent=1) if as_json else format_numbers(doc))
        return
    if entry.kind != "scene":
        raise UserError(f"{entry.name} is a figure: --at only applies to scenes")
    if not math.isfinite(at) or at < 0:
        raise UserError(f"--at must be a time of 0 or more seconds, got {at}")
    rows = read_frames(folder / f"{entry.name}.frames.csv")
    row = frame_at(rows, at)
    if row is None:
        duration = doc.get("render", {}).get("duration_s", 0.0)
        raise UserError(f"--at {at}: the video is {duration:.2f} s long")
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
    from studio.show import format_checks

    rows = run_checks()
    if json_path is not None:
        text = json.dumps(rows, ensure_ascii=False, indent=1) + "\n"
        if str(json_path) == "-":
            click.echo(text, nl=False)
        else:
            from studio.atomic import write_text

            write_text(json_path, text)
    if json_path is None or str(json_path) != "-":
        click.echo(format_checks(rows))
    failed = [r for r in rows if r["status"] == "fail"]
    if failed:
        raise click.exceptions.Exit(1)


@cli.command("gallery")
@click.option("--out", "out_root", type=click.Path(file_okay=False, path_type=Path), default=Path("out"),
              show_default=True, help="The folder render.py wrote into; the gallery goes to OUT/gallery/.")
def gallery_cmd(out_root):
    """Build an offline HTML gallery of everything rendered in OUT (OUT/gallery/index.html)."""
    from studio.gallery import build_gallery

    click.echo(build_gallery(out_root).summary())


@cli.command("doctor")
def doctor_cmd():
    """Check what rendering needs (LaTeX, dvisvgm, fonts, Pango/Cairo, H.264) and what to install."""
    from studio.deps import report

    missing = 0
    for what, ok, fix in report():
        click.echo(f"  {'ok     ' if ok else 'MISSING'}  {what}" + ("" if ok else f"  ->  {fix}"))
        missing += not ok
    if missing:
        raise click.exceptions.Exit(3)


def main(argv=None):
    try:
        cli.main(args=argv, prog_name="render.py", standalone_mode=False)
    except click.exceptions.Exit as e:
        sys.exit(e.exit_code)
    except click.ClickException as e:  # bad option, missing argument: click's one-line reason
        e.show()
        sys.exit(2)
    except click.exceptions.Abort:
        click.echo("interrupted", err=True)
        sys.exit(130)
    except KeyboardInterrupt:
        click.echo("interrupted: no partial files were left", err=True)
        sys.exit(130)
    except UserError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(e.exit_code)
    except Exception as e:  # a render failed: one line, the log on request
        click.echo(f"error: {type(e).__name__}: {e}", err=True)
        click.echo("(set TF_DEBUG=1 for the full traceback)", err=True)
        import os

        if os.environ.get("TF_DEBUG"):
            raise
        sys.exit(1)
