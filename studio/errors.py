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


class MissingPythonPackage(MissingDependency):
    """A Python package an optional output needs is missing from the environment: names the pip line."""

    def __init__(self, what: str, package: str):
        self.what = what
        self.package = package
        UserError.__init__(self, f"{what} is not installed. Install it with: python -m pip install '{package}'"
                                 " (or run scripts/setup.sh)")


class RenderFailed(Exception):
    """A render failed for a reason that is not the user's input. Exit code 1."""

    exit_code = 1


CLIP = 80  # the longest value an error message repeats


def clip(text: str, limit: int = CLIP) -> str:
    """`text` as an error message repeats it: whole when short, else its start and its length
    (a 1 MB value must not come back on the terminal)."""
    text = str(text)
    if len(text) <= limit:
        return text
    tail = f"… ({len(text):,} characters)"
    return text[:max(1, limit - len(tail))] + tail


def clip_path(path, limit: int = 120) -> str:
    """A path as a message names it: whole when short, else "…" and its end (the part that says
    which folder or file)."""
    text = str(path)
    return text if len(text) <= limit else "…" + text[-(limit - 1):]


WORD_MAX = 400  # a word of a printed message longer than this (a path is shorter) is a value to cut


def one_line(message: str) -> str:
    """An error message as printed: line breaks folded and any word longer than WORD_MAX cut
    (studio.errors.clip), whatever code raised it; values are cut to CLIP where they are named."""
    return " ".join(clip(w, WORD_MAX) for w in str(message).split())


MAX_NESTING = 16  # no parameter is nested deeper than a table of vectors (3); a value deeper is refused


def nesting(value, limit: int = MAX_NESTING) -> int:
    """How deep lists and tables nest in `value` (0 for a number or a word), counted without
    recursion and stopping past `limit`, so a value nested 3,000 deep costs nothing to refuse."""
    depth, level = 0, [value]
    while level and depth <= limit:
        inner = []
        for v in level:
            if isinstance(v, dict):
                inner.extend(v.values())
            elif isinstance(v, (list, tuple)):
                inner.extend(v)
        if not inner and not any(isinstance(v, (dict, list, tuple)) for v in level):
            break
        depth += 1
        level = inner
    return depth
