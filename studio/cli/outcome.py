"""Every way a run of the command line ends, as the exit code of the contract (studio.cli's docstring):
click's own exits, bad input, a missing dependency, a failure of ours, Ctrl-C and SIGTERM."""
from __future__ import annotations

import os
import signal

import click

from studio.build import interrupts
from studio.errors import UserError, one_line
from studio.options import EXIT_FAILED, EXIT_INTERRUPTED, EXIT_USAGE

EXIT_TERMINATED = 128 + signal.SIGTERM


def of(group: click.Group, argv, prog_name: str) -> int:
    """Run `group` on argv; the exit code, with the one line a failure prints on stderr."""
    try:
        code = group.main(args=argv, prog_name=prog_name, standalone_mode=False)
    except click.exceptions.Exit as e:
        code = e.exit_code
    except click.ClickException as e:  # bad option, missing argument: click's one-line reason
        e.show()
        code = EXIT_USAGE
    except (click.exceptions.Abort, KeyboardInterrupt, interrupts.Terminated) as e:
        code = farewell(e)
    except UserError as e:
        click.echo(f"error: {one_line(e)}", err=True)
        code = e.exit_code
    except Exception as e:  # a failure of ours: one line, the traceback on request
        if (interrupt := interrupts.wrapped(e)) is not None:  # an interrupt some library wrapped
            return farewell(interrupt)
        if os.environ.get("TF_DEBUG"):
            raise
        click.echo(f"error: {type(e).__name__}: {one_line(e)}", err=True)
        click.echo("(set TF_DEBUG=1 for the full traceback)", err=True)
        code = EXIT_FAILED
    return code if isinstance(code, int) else 0


def farewell(interrupt: BaseException) -> int:
    """An interrupted run's last line (what it left behind) on stderr; its exit code, 130 or 143."""
    terminated = isinstance(interrupt, interrupts.Terminated)
    click.echo(interrupts.farewell("terminated" if terminated else "interrupted"), err=True)
    return EXIT_TERMINATED if terminated else EXIT_INTERRUPTED
