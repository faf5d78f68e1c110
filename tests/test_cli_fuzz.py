"""Drive the command line with generated input, each class of input with its own oracle.

The oracle is the build contract: the exit code expected for that class of input (0 done, 2 bad
input, 130 interrupted), one reason on stderr and never a traceback, and after any interruption the
output folder either byte-identical to before or a complete new render, never a mix.

About 710 invocations by default (in-process, with a stub in place of matplotlib where rendering is
not the point); TF_FUZZ_SCALE=10 runs the generated classes ten times as many times. Bad names and
option values are a small table (click's own Choice handling needs no fuzz). Every interrupt example
interrupts: its moment is one of the steps a render takes (counted first). Real processes, real
signals and hostile files are in tests/test_hostile_fuzz.py.
"""
import json
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studio import catalogue
from studio.build.cache import cached_files
from studio.build.numbers import read_frames
from tests.conftest import run_main

SCALE = int(os.environ.get("TF_FUZZ_SCALE", "1"))
NAMES = catalogue.names()
COMMANDS = ("list", "render", "numbers", "check", "doctor", "gallery", "gate", "page")
VALID = {"--quality": ("low", "medium", "high", "4k"), "--theme": ("light", "dark", "all"),
         "--lang": ("en", "zh-Hant", "zh-Hans", "all"), "--format": ("mp4", "gif", "png", "svg", "pdf")}
weird_text = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=0, max_size=20)
folder_name = st.builds(lambda a, b: f"{a} {b}/ü 中文", weird_text.filter(lambda s: "\x00" not in s and "/" not in s),
                        st.sampled_from(["out", "x y", "數字"]))


def fuzz(n):
    return settings(max_examples=n * SCALE, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def run(argv):
    return run_main(argv)


def expect(code, out, err, wanted):
    assert "Traceback" not in out + err
    assert code == wanted, (code, out, err)
    if wanted:
        assert err.strip(), "a reason is printed"


def fresh_dir(base: Path) -> Path:
    return Path(tempfile.mkdtemp(dir=base))


# -- bad input: exit 2 (click's own Choice handling: a few representative values, not a fuzz) --------
BAD_NAMES = ["nope", "pe_clok", "PE_TABLE", "中文", "pe_table/x", "../pe_table", "ü x", "a\tb", "all2"]


@pytest.mark.parametrize("name", BAD_NAMES)
@pytest.mark.parametrize("option", [None, "--quality", "--lang"])
def test_unknown_names_exit_2(name, option):
    code, out, err = run([name, *([option, "x"] if option else [])])
    expect(code, out, err, 2)
    assert "unknown name" in err or option in err


def bad_values(option):
    good = VALID[option]
    return ["", " ", "x", "中文", good[0].upper(), f"{good[0]} ", f"-{good[0]}", ",".join(good[:2])]


@pytest.mark.parametrize("name", ["pe_table", "pe_clock"])
@pytest.mark.parametrize("option,value", [(o, v) for o in sorted(VALID) for v in bad_values(o)])
def test_bad_option_values_exit_2(name, option, value):
    code, out, err = run([name, option, value, "--jobs", "1"])
    expect(code, out, err, 2)
    assert option in err


blank = st.text(alphabet=" \t\n\u3000\u00a0", max_size=4)
a_file = weird_text.filter(lambda s: s.strip(" .") and "/" not in s and "\x00" not in s).map(lambda s: ("FILE", s))


@fuzz(100)
@given(command=st.sampled_from(["render", "numbers", "gallery"]), out_dir=st.one_of(blank, a_file))
def test_an_out_that_is_no_folder_exits_2(command, out_dir, tmp_path_factory):
    if isinstance(out_dir, tuple):  # an existing file where the folder goes
        path = fresh_dir(tmp_path_factory.getbasetemp()) / out_dir[1]
        path.write_text("x")
        out_dir = str(path)
    args = {"render": ["pe_table"], "numbers": ["numbers", "pe_table"], "gallery": ["gallery"]}[command]
    code, out, err = run([*args, "--out", out_dir])
    expect(code, out, err, 2)
    assert "--out" in err


@fuzz(100)
@given(name=st.sampled_from(NAMES + ["nope", "pe_clok"]),
       at=st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.sampled_from(["soon", "", "-1", "1e309"])),
       folder=folder_name)
def test_numbers_with_nothing_rendered_exits_2(name, at, folder, tmp_path_factory):
    code, out, err = run(["numbers", name, "--at", str(at), "--out", str(tmp_path_factory.getbasetemp() / folder)])
    expect(code, out, err, 2)


# -- numbers on a real render: 0 inside the video, 2 outside ----------------------------------
@fuzz(150)
@given(at=st.one_of(st.floats(min_value=-5, max_value=200), st.sampled_from(["nan", "inf", "-0.0", "3.5", "0"])))
def test_numbers_at_a_time(at, rendered):
    rows = read_frames(rendered / "pe_clock" / "pe_clock.frames.csv")
    times = [float(r["time_s"]) for r in rows]
    step = times[1] - times[0]
    t = float(at)
    inside = t == t and 0 <= t <= times[-1] + step
    code, out, err = run(["numbers", "pe_clock", "--at", str(at), "--out", str(rendered)])
    expect(code, out, err, 0 if inside else 2)
    if inside:
        shown = max(x for x in times if x <= t + 1e-9)
        assert f"time_s {rows[times.index(shown)]['time_s']}" in " ".join(out.split())


# -- hostile sidecars: 2 for numbers, and never served from the cache ---------------------------
hostile = st.one_of(
    st.binary(max_size=64).map(lambda b: b.decode("latin-1")),
    st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), weird_text),
                 lambda c: st.lists(c, max_size=3) | st.dictionaries(weird_text, c, max_size=3),
                 max_leaves=8).map(json.dumps),
    st.sampled_from(['{"name": "pe_table"}', '{"name": "pe_table", "data": []}', "[1,2,3]", "", "{"]),
)


@pytest.fixture(scope="module")
def figure_render(tmp_path_factory):
    from look import Look
    from studio.build.render import render_entry
    from studio.build.request import Request

    out = tmp_path_factory.mktemp("figure")
    render_entry(Request(catalogue.get("pe_table"), Look("light", "en"), out_root=out))
    return out / "pe_table"


@fuzz(150)
@given(which=st.sampled_from(["pe_table.numbers.json", "pe_table.manifest.json"]), content=hostile)
def test_hostile_sidecars(which, content, figure_render, tmp_path_factory):
    import shutil

    folder = fresh_dir(tmp_path_factory.getbasetemp()) / "pe_table"
    shutil.copytree(figure_render, folder)
    (folder / which).write_text(content, encoding="utf-8", errors="surrogateescape")
    key = json.loads((figure_render / "pe_table.manifest.json").read_text())["content_key"]
    assert cached_files(folder, key) is None  # any change to a listed file or the manifest: render again
    code, out, err = run(["numbers", "pe_table", "--out", str(folder.parent)])
    if which == "pe_table.manifest.json":
        expect(code, out, err, 0)  # the numbers file itself is intact
    else:
        expect(code, out, err, 2)
        assert "--force" in err


# -- interrupted renders: the previous folder or a whole new one, never a mix -------------------
def stub_render_figure(request, fmt, out_dir, key, watch=None):
    """Stands in for matplotlib: writes an output and a numbers file that say which look made them."""
    from studio.build.atomic import write_text

    entry, look = request.entry, request.look
    target = out_dir / f"{entry.name}.{fmt}"
    write_text(target, f"<svg>{look.theme} {look.lang}</svg>")
    numbers = out_dir / f"{entry.name}.numbers.json"
    write_text(numbers, json.dumps({"name": entry.name, "theme": look.theme, "lang": look.lang, "data": {},
                                    "content_key": key}))
    return [target, numbers]


def snapshot(folder: Path) -> dict:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


INTERCEPTED = ("replace", "rename", "_exchange")  # the file-system steps an interrupt is raised around


def intercept(m, hook):
    """Route os.replace, os.rename and the folder exchange through hook(real) (monkeypatch context m)."""
    import studio.build.outdir

    m.setattr(studio.build.outdir.os, "replace", hook(os.replace))
    m.setattr(studio.build.outdir.os, "rename", hook(os.rename))
    m.setattr(studio.build.outdir, "_exchange", hook(studio.build.outdir._exchange))


@pytest.fixture(scope="module")
def steps_per_render(tmp_path_factory):
    """How many intercepted steps a forced render over an earlier one takes (so every example's moment
    falls inside the render: the old fuzz drew moments past the last step and interrupted nothing)."""
    import studio.build.render

    base = tmp_path_factory.mktemp("steps")
    with pytest.MonkeyPatch.context() as m:
        m.setattr(studio.build.render, "render_figure", stub_render_figure)
        assert run(["pe_table", "--out", str(base)])[0] == 0
        calls = []

        def counting(real):
            def op(*args):
                calls.append(real)
                return real(*args)
            return op

        intercept(m, counting)
        assert run(["pe_table", "--out", str(base), "--force"])[0] == 0
    assert len(calls) >= 3, calls
    return len(calls)


@fuzz(100)
@given(first=st.sampled_from(["light", "dark"]), second=st.sampled_from(["light", "dark"]),
       lang=st.sampled_from(["en", "zh-Hant"]), moment=st.integers(0, 63), after=st.booleans())
def test_interrupted_renders(first, second, lang, moment, after, steps_per_render, tmp_path_factory, monkeypatch):
    import studio.build.render

    moment = 1 + moment % steps_per_render  # a step the render takes: every example interrupts
    base = fresh_dir(tmp_path_factory.getbasetemp())
    with monkeypatch.context() as m:
        m.setattr(studio.build.render, "render_figure", stub_render_figure)
        assert run(["pe_table", "--theme", first, "--lang", lang, "--out", str(base)])[0] == 0
        before = snapshot(base / "pe_table")
        calls = []

        def interrupting(real):
            def op(*args):
                calls.append(real)
                if len(calls) == moment and not after:
                    raise KeyboardInterrupt
                result = real(*args)
                if len(calls) == moment and after:
                    raise KeyboardInterrupt
                return result
            return op

        intercept(m, interrupting)
        code, out, err = run(["pe_table", "--theme", second, "--lang", lang, "--out", str(base), "--force"])
    assert "Traceback" not in out + err
    assert code == 130, (moment, after, steps_per_render, code, err)  # the interrupt was raised: it must show
    assert sorted(p.name for p in base.iterdir()) == ["pe_table"], "no staging folder is left"
    now = snapshot(base / "pe_table")
    assert "interrupted" in err
    if now != before:  # then it is the whole new render
        assert now["pe_table.svg"] == f"<svg>{second} {lang}</svg>".encode()
        assert json.loads(now["pe_table.numbers.json"])["theme"] == second
        key = json.loads(now["pe_table.manifest.json"])["content_key"]
        assert cached_files(base / "pe_table", key)


# -- the other commands -------------------------------------------------------------------------
@pytest.mark.parametrize("args,wanted", [
    ([], 0), (["--lang", "zh-Hant"], 0), (["--kind", "scene"], 0), (["--kind", "figure", "--lang", "en"], 0),
    (["--help"], 0), (["--kind", "xx", "--kind", "scene"], 0),  # given twice: the last one wins
    (["--lang", "xx"], 2), (["--kind", "xx"], 2), (["--lang"], 2), (["xx"], 2), (["--json"], 2),
    (["--lang", "--help"], 2),  # --help taken as the value
    (["check"], 2), (["--kind", "scene", "-"], 2),
])
def test_list_exits_0_or_2(args, wanted):
    expect(*run(["list", *args]), wanted)
