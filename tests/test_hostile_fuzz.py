"""The build contract under hostile conditions, each class of input with its own oracle.

Where tests/test_cli_fuzz.py drives the command line in-process, this file runs `render.py` as a user
or a build would, and breaks things the way they break in practice:

- signals: SIGINT, SIGTERM and SIGKILL, to the parent or to its whole process group, at a random
  moment after a render has started (a staging folder exists), for a single render, `--jobs 2` over two
  figures and a lesson file's entries with their own numbers. Oracle: exit 130 / 143 / -9 (or 0 when
  it finished first), no traceback, every output folder byte-identical to before or a whole new render
  (its manifest verifies), no staging folder left (after SIGKILL: after the next run), no process of
  the run alive once the parent is gone;
- hostile lesson files and --set values (3,000-deep nesting, control characters, `$…$`, a quality
  that is a list, folder names that are the layout's own or escape OUT, two entries in one folder,
  1 MB values). Oracle: exit 2 with one short `error:` line and nothing written outside OUT, or exit 0
  with every SVG well-formed XML and the words shown as written;
- folders that are not the renderer's: refused with exit 2 and left byte-identical; siblings untouched;
- a poisoned LaTeX cache (swapped, empty, truncated and foreign entries): a scene renders the same
  frames as from a clean cache;
- the gallery over damaged outputs: nothing that fails its manifest is shown as rendered;
- bad --scheduler addresses: exit 2 at once;
- reproducibility: two renders of a figure, in two processes, give the same bytes.

Default: about 60 s on a loaded 2-core machine (figures, one tiny scene twice). TF_FUZZ_SCALE=N runs
N times as many signal and generated examples and the LaTeX variants one by one.
"""
from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studio.build.cache import cached_files
from tests.conftest import run_main

ROOT = Path(__file__).resolve().parent.parent
SCALE = int(os.environ.get("TF_FUZZ_SCALE", "1"))
SEED = int(os.environ.get("TF_FUZZ_SEED", str(int(time.time()) % 100000)))
FIGURES = ("pe_table", "causal_mask")
# `render.py` with the tests' tiny scene quality behind --quality low (the command line offers no tiny one)
TINY_CLI = ("import sys; sys.path.insert(0, sys.argv.pop(1)); from studio import options; "
            "options.QUALITIES['low'] = options.TINY; from studio.cli import main; main(sys.argv[1:])")


# -- helpers ----------------------------------------------------------------------------------
def render_py(*args, env=None, timeout=300, tiny=False):
    """`python render.py ARGS` in a fresh process; (returncode, stdout, stderr)."""
    head = ["-c", TINY_CLI, str(ROOT)] if tiny else [str(ROOT / "render.py")]
    p = subprocess.run([sys.executable, *head, *map(str, args)], cwd=ROOT, capture_output=True, text=True,
                       timeout=timeout, env={**os.environ, **(env or {})})
    return p.returncode, p.stdout, p.stderr


def snapshot(folder: Path) -> dict | None:
    """Every file below folder with its bytes (None when there is no folder)."""
    if not folder.is_dir():
        return None
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def whole(folder: Path) -> str | None:
    """The content key of the render in folder if its own manifest verifies, else None."""
    manifests = sorted(folder.glob("*.manifest.json"))
    if len(manifests) != 1:
        return None
    try:
        key = json.loads(manifests[0].read_text(encoding="utf-8"))["content_key"]
    except (ValueError, KeyError, TypeError):
        return None
    name = manifests[0].name.removesuffix(".manifest.json")
    return key if cached_files(folder, key, name) else None


def stagings(out: Path) -> list[str]:
    return sorted(p.relative_to(out).as_posix() for p in out.rglob(".*.staging-*"))


def no_traceback(*texts):
    for t in texts:
        assert "Traceback" not in t, t[-2000:]


def one_error_line(code, out, err):
    """Exit 2 with one `error:` line of at most 300 characters, no traceback."""
    no_traceback(out, err)
    assert code == 2, (code, out[-500:], err[-500:])
    errors = [line for line in err.splitlines() if line.startswith("error:")]
    assert len(errors) == 1, err[-1000:]
    assert len(errors[0]) <= 300, f"{len(errors[0])} characters: {errors[0][:200]}…"


def svgs_well_formed(out: Path) -> list[Path]:
    found = sorted(out.rglob("*.svg"))
    for svg in found:
        ET.parse(svg)  # raises on a document that is not well-formed XML
    return found


def drawn_text(svg: Path) -> list[str]:
    """The text of every <text> element (mathtext becomes a path group with a <title>, not text)."""
    root = ET.parse(svg).getroot()
    return ["".join(el.itertext()) for el in root.iter() if el.tag.rpartition("}")[2] == "text"]


# -- processes --------------------------------------------------------------------------------
def _stat(pid: int):
    """(state, session id) of a process, None when it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text.rpartition(")")[2].split()
    return fields[0], int(fields[3])


def session_members(sid: int) -> list[int]:
    """Live processes of the session a run started (workers keep it after their parent died)."""
    found = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            st = _stat(int(d))
            if st and st[1] == sid and st[0] not in ("Z", "X"):
                found.append(int(d))
    return found


def survivors(sid: int, grace: float = 10.0) -> list[str]:
    """Processes of the session still alive after `grace` seconds, with their command lines."""
    deadline = time.monotonic() + grace
    while (left := session_members(sid)) and time.monotonic() < deadline:
        time.sleep(0.1)
    out = []
    for pid in left:
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(bytes(1), b" ")[:120]
            out.append(f"{pid}: {cmdline!r}")
        except OSError:
            pass
    return out


# -- renders made once --------------------------------------------------------------------------
@pytest.fixture(scope="module")
def refs(tmp_path_factory):
    """FIGURES rendered light and dark, in two processes side by side: (base, {name: light key})."""
    base = tmp_path_factory.mktemp("refs")
    procs = {theme: subprocess.Popen([sys.executable, str(ROOT / "render.py"), *FIGURES, "--theme", theme, "--jobs",
                                      "1", "--out", str(base / theme)], cwd=ROOT, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, env={**os.environ, "PYTHONHASHSEED": "1"})
             for theme in ("light", "dark")}
    for theme, p in procs.items():
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, (theme, err[-2000:])
    keys = {name: whole(base / "light" / name) for name in FIGURES}
    assert all(keys.values())
    return base, keys


@pytest.fixture(scope="module")
def scene_clean(tmp_path_factory):
    """rope_rotation (the quickest scene) at the tiny quality from an empty LaTeX cache: (out folder, cache home)."""
    base = tmp_path_factory.mktemp("scene")
    code, out, err = render_py("rope_rotation", "--quality", "low", "--out", base / "out",
                               env={"XDG_CACHE_HOME": str(base / "cache")}, tiny=True)
    assert code == 0, err[-2000:]
    return base / "out" / "rope_rotation", base / "cache"


def frames(mp4: Path) -> list:
    import av

    with av.open(str(mp4)) as c:
        return [f.to_ndarray(format="rgb24") for f in c.decode(video=0)]


# -- reproducibility ---------------------------------------------------------------------------
def test_two_renders_of_a_figure_are_byte_identical(refs, tmp_path):
    """A second render, in another process with another hash seed, gives the same bytes."""
    base, keys = refs
    names = FIGURES if SCALE > 1 else FIGURES[:1]
    code, stdout, stderr = run_main([*names, "--jobs", "1", "--out", tmp_path])
    assert code == 0, stderr
    for name in names:
        for suffix in (".svg", ".numbers.json", ".manifest.json"):
            a = (base / "light" / name / f"{name}{suffix}").read_bytes()
            b = (tmp_path / name / f"{name}{suffix}").read_bytes()
            assert a == b, f"{name}{suffix} differs between two renders"


# -- signals -----------------------------------------------------------------------------------
LESSON = """\
[[entry]]
name = "causal_mask"
set = { tokens = ["fuzz", "cat", "sat"] }

[[entry]]
name = "pe_table"
set = { d_model = 8 }
"""
# (what runs, signal, sent to the parent or its process group): the default examples
SIGNAL_DEFAULTS = {
    "single": [(signal.SIGINT, "parent"), (signal.SIGTERM, "group"), (signal.SIGKILL, "parent")],
    "jobs": [(signal.SIGKILL, "parent"), (signal.SIGTERM, "group")],
    "lesson": [(signal.SIGINT, "group")],
}
EXPECTED_CODE = {signal.SIGINT: 130, signal.SIGTERM: 143, signal.SIGKILL: -signal.SIGKILL}
INTERRUPTED: dict = {}  # class -> [examples, interrupted]: printed at the end (pytest -s)


def signal_examples(kind: str) -> list:
    if SCALE <= 1:
        return SIGNAL_DEFAULTS[kind]
    rng = random.Random(f"{SEED}-{kind}")
    return [(rng.choice([signal.SIGINT, signal.SIGTERM, signal.SIGKILL]), rng.choice(["parent", "group"]))
            for _ in range(len(SIGNAL_DEFAULTS[kind]) * SCALE)]


def command(kind: str, base: Path, out: Path) -> list:
    if kind == "single":
        return ["pe_table", "--force", "--out", out]
    if kind == "jobs":
        return [*FIGURES, "--jobs", "2", "--force", "--out", out]
    lesson = base / "lesson.toml"
    lesson.write_text(LESSON)
    return ["--lesson", lesson, "--jobs", "2", "--force", "--out", out]


def one_signal(kind, k, sig, target, base, refs, rng, landed: list, latest: float = 0.8) -> None:
    """Run one example, the signal sent at a random moment up to `latest` seconds after the render
    began; appends to `landed` whether the signal stopped a running render (it was running when the
    signal was sent, and it did not exit 0). Raises AssertionError on a breach."""
    ref_base, ref_keys = refs
    out = base / "out ü"
    out.mkdir(parents=True)
    if kind != "lesson":  # the previous render in the other theme: replaced whole or kept whole
        for name in FIGURES:
            shutil.copytree(ref_base / "dark" / name, out / name)
    (out / "notes.txt").write_text("a sibling")
    args = command(kind, base, out)
    before = {d.name: snapshot(d) for d in out.iterdir() if d.is_dir()}
    # files, not pipes: a worker that outlives its parent would hold a pipe open
    logs = [open(base / "stdout", "w+b"), open(base / "stderr", "w+b")]
    proc = subprocess.Popen([sys.executable, str(ROOT / "render.py"), *map(str, args)], cwd=ROOT,
                            stdout=logs[0], stderr=logs[1], start_new_session=True)
    what = f"{kind} example {k}: {sig.name} to the {target} (seed {SEED})"
    try:
        deadline = time.monotonic() + 120
        while proc.poll() is None and not stagings(out) and time.monotonic() < deadline:
            time.sleep(0.01)  # the render has begun when its staging folder exists
        time.sleep(rng.uniform(0, latest))
        alive = proc.poll() is None
        if alive:
            (os.killpg if target == "group" else os.kill)(proc.pid, sig)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"{what}: still running 30 s later") from None
        left = survivors(proc.pid)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # whatever outlived its parent
        if proc.poll() is None:
            proc.wait()
        for f in logs:
            f.close()
    stdout, stderr = ((base / f).read_text(errors="replace") for f in ("stdout", "stderr"))
    code = proc.returncode
    landed.append(alive and code != 0)
    assert code in (0, EXPECTED_CODE[sig]), (what, code, stderr[-1500:])
    no_traceback(stdout, stderr)
    assert not left, f"{what}: processes alive 10 s after the parent exited: {left}"
    if code in (130, 143):
        assert ("interrupted" if code == 130 else "terminated") in stderr, (what, stderr[-500:])
    if code != -signal.SIGKILL:
        assert not stagings(out), f"{what}: staging folders left: {stagings(out)}"
    assert (out / "notes.txt").read_text() == "a sibling"
    for d in sorted(p for p in out.iterdir() if p.is_dir() and not p.name.startswith(".")):
        if snapshot(d) != before.get(d.name):
            key = whole(d)
            assert key, f"{what}: {d.name} is neither the previous folder nor a whole render"
            if d.name in ref_keys:
                assert key == ref_keys[d.name], f"{what}: {d.name} holds a render of something else"
    if code == -signal.SIGKILL:  # the next render sweeps what the killed one left
        again = render_py(*[a for a in args if a != "--force"])
        assert again[0] == 0, (what, again[2][-1500:])
        assert not stagings(out), f"{what}: staging folders left after the next run: {stagings(out)}"
        for d in (p for p in out.iterdir() if p.is_dir() and not p.name.startswith(".")):
            assert whole(d), f"{what}: {d.name} after the next run"


@pytest.mark.parametrize("kind", list(SIGNAL_DEFAULTS))
def test_real_signals_at_random_moments(kind, refs, tmp_path):
    rng = random.Random(f"{SEED}-{kind}-moments")
    examples = signal_examples(kind)
    landed, problems = [], []
    for k, (sig, target) in enumerate(examples):
        # a render that finished before its signal came is a clean run (checked like the others);
        # the example is tried again with an earlier moment, so a fast machine still lands its signals
        for attempt, latest in enumerate((0.8, 0.4, 0.2)):
            tries: list = []
            try:
                one_signal(kind, k, sig, target, tmp_path / f"{k}-{attempt}", refs, rng, tries, latest)
            except AssertionError as e:
                problems.append(str(e)[:1500])
            if not tries or tries[0]:
                break
        landed += tries
    interrupted = sum(landed)
    INTERRUPTED[kind] = [len(examples), interrupted]
    print(f"\n{kind}: {interrupted} of {len(examples)} examples interrupted a running render (seed {SEED})")
    assert not problems, problems
    # the signal is sent once a staging folder exists and at most 0.8 s later: it lands in the render
    assert interrupted >= max(1, (len(examples) * 3 + 3) // 4), INTERRUPTED


# -- hostile lesson files and --set values -----------------------------------------------------
DEEP = "[" * 3000 + "1" + "]" * 3000
MEGA = "a" * 1_000_000


def lesson_file(*entries: str, top: str = "") -> str:
    return top + "".join(f"\n[[entry]]\n{e}\n" for e in entries)


# (case, what is given: ("set", NAME, VALUE) | ("lesson", TEXT) | ("argv", ARGS), user folders made first)
HOSTILE = {
    "--set nested 3,000 deep": ("set", "causal_mask", f"tokens={DEEP}"),
    "lesson nested 3,000 deep": ("lesson", lesson_file(f'name = "causal_mask"\nset = {{ tokens = {DEEP} }}')),
    "control character in a token": ("set", "causal_mask", 'tokens=["\\u001b[31mRED", "b"]'),
    "control character in a lesson token": ("lesson", lesson_file(
        'name = "causal_mask"\nset = { tokens = ["\\u0007bell", "b"] }')),
    "$\\alpha$ token": ("set", "causal_mask", "tokens=['$\\alpha$', 'b']"),
    "$\\input{x}$ token": ("set", "causal_mask", "tokens=['$\\input{x}$', 'b']"),
    "quality = [\"low\"]": ("lesson", lesson_file('name = "pe_table"', top='quality = ["low"]\n')),
    "folder en-light": ("lesson", lesson_file('name = "pe_table"\nfolder = "en-light"')),
    "folder gallery": ("lesson", lesson_file('name = "pe_table"\nfolder = "gallery"')),
    "folder pages": ("lesson", lesson_file('name = "pe_table"\nfolder = "pages"')),
    "folder ../x": ("lesson", lesson_file('name = "pe_table"\nfolder = "../x"')),
    "two entries, one folder": ("lesson", lesson_file('name = "pe_table"\nfolder = "same"',
                                                      'name = "causal_mask"\nfolder = "same"')),
    "name = \"all\"": ("lesson", lesson_file('name = "all"')),
    "1 MB token": ("set", "causal_mask", f"tokens=[{MEGA}, b]"),
    "1 MB folder name": ("lesson", lesson_file(f'name = "pe_table"\nfolder = "{MEGA}"')),
    "1 MB name": ("argv", [MEGA]),
    "--out afile/sub": ("argv", ["pe_table", "--out", "{base}/afile/sub"]),
}
USER_FOLDERS = ("en-light", "gallery", "pages")  # the layout's own folders, made before each case


def run_hostile(case, base: Path):
    out = base / "out"
    for name in USER_FOLDERS:
        (out / name).mkdir(parents=True)
        (out / name / "index.html").write_text(f"the user's {name}")
    (base / "afile").write_text("a file")
    kind, *rest = case
    if kind == "set":
        argv = [rest[0], "--set", rest[1], "--jobs", "1", "--out", out]
    elif kind == "lesson":
        (base / "lesson.toml").write_text(rest[0])
        argv = ["--lesson", base / "lesson.toml", "--jobs", "1", "--out", out]
    else:
        argv = [a.format(base=base) if a.startswith("{base}") else a for a in rest[0]]
        argv = argv if "--out" in argv else [*argv, "--out", out]
    root_before = sorted(os.listdir(ROOT))
    code, stdout, stderr = run_main(argv)
    assert sorted(os.listdir(ROOT)) == root_before, "written into the working folder"
    assert sorted(p.name for p in base.iterdir()) == sorted({"out", "afile", *(["lesson.toml"] if kind == "lesson"
                                                                               else [])}), "written outside OUT"
    for name in USER_FOLDERS:
        assert snapshot(out / name) == {"index.html": f"the user's {name}".encode()}, f"OUT/{name} changed"
    return code, stdout, stderr, out


@pytest.mark.parametrize("name", list(HOSTILE))
def test_hostile_input(name, tmp_path):
    code, stdout, stderr, out = run_hostile(HOSTILE[name], tmp_path)
    if code == 2:
        one_error_line(code, stdout, stderr)
        return
    no_traceback(stdout, stderr)
    assert code == 0, (name, code, stderr[-1000:])
    assert "1 MB" not in name and "nested" not in name and "folder" not in name, f"{name}: exit 0, expected 2"
    for svg in svgs_well_formed(out):
        if "$" in name:  # the words as written, not maths
            word = name.split(" ")[0]
            assert any(word in t for t in drawn_text(svg)), f"{word} is not drawn as written in {svg.name}"
    for d in (p for p in out.iterdir() if p.is_dir() and p.name not in USER_FOLDERS):
        assert whole(d), d


def test_two_lesson_folders_y_and_y_log(tmp_path):
    """A folder named like another entry's log: refused (2), or both render whole (0)."""
    text = lesson_file('name = "causal_mask"\nfolder = "y.log"', 'name = "pe_table"\nfolder = "y"')
    code, stdout, stderr, out = run_hostile(("lesson", text), tmp_path)
    if code == 2:
        one_error_line(code, stdout, stderr)
        return
    no_traceback(stdout, stderr)
    assert code == 0, (code, stderr[-1000:])
    assert whole(out / "y") and whole(out / "y.log")


def test_parameter_folders_are_injective(tmp_path):
    """Two different parameter sets never share one output folder."""
    out = tmp_path / "out"
    sets = ("tokens=[a_b, c]", "tokens=[a, b_c]")
    for s in sets:
        code, stdout, stderr = run_main(["causal_mask", "--set", s, "--out", out])
        no_traceback(stdout, stderr)
        assert code == 0, stderr
    folders = sorted(p for p in out.iterdir() if p.is_dir())
    assert len(folders) == 2, [p.name for p in folders]
    shown = set()
    for d in folders:
        assert whole(d), d.name
        doc = json.loads((d / "causal_mask.numbers.json").read_text(encoding="utf-8"))
        shown.add(json.dumps(doc["params"]["tokens"]))
    assert shown == {json.dumps(["a_b", "c"]), json.dumps(["a", "b_c"])}


token = st.text(st.sampled_from(list("ab中$\\{}<&\"'_ ") + ["\x1b", "\x07", "\x00", "\u200b", "\x7f"]),
                min_size=1, max_size=6)


@settings(max_examples=2 * SCALE, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(tokens=st.lists(token, min_size=2, max_size=3, unique=True))
def test_generated_tokens(tokens, tmp_path_factory):
    """Any words: refused with one line, or drawn as written into well-formed SVG."""
    base = tmp_path_factory.mktemp("tokens")
    value = "tokens=" + json.dumps(tokens, ensure_ascii=False)  # a TOML array of basic strings
    code, stdout, stderr, out = run_hostile(("set", "causal_mask", value), base)
    if code == 2:
        one_error_line(code, stdout, stderr)
        return
    no_traceback(stdout, stderr)
    assert code == 0, (tokens, stderr[-1000:])
    for svg in svgs_well_formed(out):
        text = " ".join(drawn_text(svg))
        for t in tokens:
            if t.strip() and t.isprintable():
                assert t.strip() in text, f"{t!r} is not drawn as written"


# -- folders that are not the renderer's ---------------------------------------------------------
def test_a_users_folder_at_the_output_path_is_refused(tmp_path):
    out = tmp_path / "out"
    (out / "pe_table").mkdir(parents=True)
    (out / "pe_table" / "a.txt").write_text("the user's")
    code, stdout, stderr = run_main(["pe_table", "--out", out])
    one_error_line(code, stdout, stderr)
    assert "pe_table" in stderr
    assert snapshot(out / "pe_table") == {"a.txt": b"the user's"}


def test_a_lesson_folder_that_holds_a_users_files_is_refused(tmp_path):
    out = tmp_path / "out"
    (out / "precious").mkdir(parents=True)
    (out / "precious" / "a.txt").write_text("x")
    (tmp_path / "l.toml").write_text('[[entry]]\nname = "pe_table"\nfolder = "precious"\n')
    code, stdout, stderr = run_main(["--lesson", tmp_path / "l.toml", "--out", out])
    one_error_line(code, stdout, stderr)
    assert "precious" in stderr
    assert snapshot(out / "precious") == {"a.txt": b"x"}


def test_siblings_survive_a_render(refs, tmp_path):
    ref_base, ref_keys = refs
    out = tmp_path / "out"
    shutil.copytree(ref_base / "dark" / "pe_table", out / "pe_table")  # a render's folder: replaced
    for rel, text in {"notes.txt": "n", "pe_table.txt": "t", ".hidden": "h", "other/a.txt": "o",
                      "pe_table@mine/a.txt": "m", "causal_mask/a.txt": "c"}.items():
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_text(text)
    before = {p.name: snapshot(p) if p.is_dir() else p.read_bytes() for p in out.iterdir() if p.name != "pe_table"}
    code, stdout, stderr = run_main(["pe_table", "--force", "--out", out])
    no_traceback(stdout, stderr)
    assert code == 0, stderr
    assert whole(out / "pe_table") == ref_keys["pe_table"]
    after = {p.name: snapshot(p) if p.is_dir() else p.read_bytes() for p in out.iterdir() if p.name != "pe_table"}
    assert after == before


# -- a poisoned LaTeX cache --------------------------------------------------------------------
def poison(tex: Path, how: str) -> None:
    entries = sorted(tex.glob("*.svg"))
    assert len(entries) >= 4, entries
    intact = entries[0].read_bytes()
    if how in ("swap", "all"):
        a, b = entries[0].read_bytes(), entries[1].read_bytes()
        entries[0].write_bytes(b)
        entries[1].write_bytes(a)
    if how in ("empty", "all"):
        entries[2].write_text('<svg xmlns="http://www.w3.org/2000/svg"/>')
    if how in ("truncated", "all"):
        data = entries[3].read_bytes()
        entries[3].write_bytes(data[: len(data) // 2])
    if how in ("foreign", "all"):
        (tex / "0123456789abcdef.svg").write_bytes(intact)  # a valid SVG under a name no formula has
        (tex / "notes.txt").write_text("not ours")


POISONS = ["all"] if SCALE <= 1 else ["all", "swap", "empty", "truncated", "foreign"]


@pytest.mark.parametrize("how", POISONS)
def test_a_poisoned_latex_cache_never_reaches_a_video(how, scene_clean, tmp_path):
    clean, clean_cache = scene_clean
    cache = tmp_path / "cache"
    shutil.copytree(clean_cache, cache)
    poison(cache / "transformer-frames" / "tex", how)
    code, stdout, stderr = render_py("rope_rotation", "--quality", "low", "--force", "--out", tmp_path / "out",
                                     env={"XDG_CACHE_HOME": str(cache)}, tiny=True)
    no_traceback(stdout, stderr)
    assert code == 0, stderr[-1500:]
    from PIL import Image
    import numpy as np

    from studio.build.texcache import problem

    if how != "foreign":  # said once, and the damaged entries are rebuilt and kept again
        assert stderr.count("damaged LaTeX cache entr") == 1, stderr[-1500:]
    fresh = {p.name: p.read_bytes() for p in sorted((clean_cache / "transformer-frames" / "tex").glob("*.svg"))}
    names = list(fresh)
    for k, name in enumerate(names):
        entry = cache / "transformer-frames" / "tex" / name
        assert not problem(entry), name  # every entry verified again
        if how in ("swap", "all") and k < 2:  # the swapped pair no longer holds each other's picture
            assert entry.read_bytes() != fresh[names[1 - k]], name
    got = tmp_path / "out" / "rope_rotation"
    assert np.array_equal(np.asarray(Image.open(got / "rope_rotation.png")),
                          np.asarray(Image.open(clean / "rope_rotation.png"))), "the poster differs"
    a, b = frames(clean / "rope_rotation.mp4"), frames(got / "rope_rotation.mp4")
    differ = [k for k, (x, y) in enumerate(zip(a, b)) if not np.array_equal(x, y)]
    assert len(a) == len(b) and not differ, f"{len(differ)} of {len(a)} frames differ from a clean cache's"


# -- the gallery over damaged outputs ----------------------------------------------------------
def damage(folder: Path, how: str) -> None:
    name = folder.name
    media = next(folder / f"{name}.{ext}" for ext in ("mp4", "svg") if (folder / f"{name}.{ext}").exists())
    if how == "truncated":
        data = media.read_bytes()
        media.write_bytes(data[: len(data) // 2])
    elif how == "numbers edited":
        path = folder / f"{name}.numbers.json"
        path.write_text(path.read_text(encoding="utf-8").replace("1", "7", 1), encoding="utf-8")
    elif how == "numbers missing":
        (folder / f"{name}.numbers.json").unlink()
    elif how == "manifest missing":
        (folder / f"{name}.manifest.json").unlink()


def gallery_status(out: Path) -> dict:
    import re

    html = (out / "gallery" / "index.html").read_text(encoding="utf-8")
    return dict(re.findall(r'<article class="entry"[^>]*data-name="([^"]+)"[^>]*data-status="([^"]+)"', html))


@pytest.mark.parametrize("how", ["truncated", "numbers edited", "numbers missing", "manifest missing"])
def test_the_gallery_shows_no_damaged_output_as_rendered(how, refs, scene_clean, tmp_path):
    ref_base, _ = refs
    out = tmp_path / "out"
    shutil.copytree(ref_base / "light" / "pe_table", out / "pe_table")  # intact: shown as rendered
    shutil.copytree(ref_base / "light" / "causal_mask", out / "causal_mask")
    damage(out / "causal_mask", how)
    if how == "truncated":
        shutil.copytree(scene_clean[0], out / "rope_rotation")
        damage(out / "rope_rotation", how)
    code, stdout, stderr = run_main(["gallery", "--out", out])
    no_traceback(stdout, stderr)
    assert code == 0, stderr
    status = gallery_status(out)
    assert status["pe_table"] == "rendered"
    assert status["causal_mask"] != "rendered", f"a damaged causal_mask ({how}) is shown as rendered"
    if how == "truncated":
        assert status["rope_rotation"] != "rendered", "a truncated MP4 is shown as rendered"


# -- bad scheduler addresses -------------------------------------------------------------------
def test_bad_scheduler_addresses_exit_2_at_once(tmp_path):
    """Refused before any connection is tried: no slower than a malformed local:N (measured beside them)."""
    addresses = ["local:0", "foo://bar", "tcp://127.0.0.1:99999", "tcp://:1"]  # local:0: the baseline
    procs = {}
    for k, a in enumerate(addresses):
        procs[a] = (time.monotonic(), subprocess.Popen(
            [sys.executable, str(ROOT / "render.py"), "pe_table", "--scheduler", a, "--out", str(tmp_path / f"{k}")],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    results = {}
    for a, (started, p) in procs.items():
        try:
            stdout, stderr = p.communicate(timeout=max(0.1, started + 15 - time.monotonic()))
        except subprocess.TimeoutExpired:
            p.kill()
            stdout, stderr = p.communicate()
        results[a] = (p.returncode, time.monotonic() - started, stdout, stderr)
    baseline = results.pop("local:0")
    one_error_line(baseline[0], baseline[2], baseline[3])
    problems = []
    for a, (code, seconds, stdout, stderr) in results.items():
        no_traceback(stdout, stderr)
        if code != 2 or seconds > baseline[1] + 3:
            problems.append(f"{a}: exit {code} after {seconds:.1f} s (local:0: {baseline[1]:.1f} s): "
                            f"{stderr.strip()[-200:]}")
        else:
            one_error_line(code, stdout, stderr)
    assert not problems, problems
