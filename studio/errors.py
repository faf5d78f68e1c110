"""Errors meant for the user: one clear line and an exit code, never a traceback."""
from __future__ import annotations


class UserError(Exception):
    """Bad input from the user (unknown name, bad option). Exit code 2."""

    exit_code = 2


class MissingDependency(UserError):
    """Something the machine lacks (LaTeX, a CJK font, an encoder): names what to install."""

    exit_code = 3

    def __init__(self, what: str, package: str):
        self.what = what
        self.package = package
        super().__init__(
            f"{what} is not installed. On Debian/Ubuntu: sudo apt-get install -y {package}"
            " (or run scripts/setup.sh)"
        )


class RenderFailed(Exception):
    """A render failed for a reason that is not the user's input. Exit code 1."""

    exit_code = 1
