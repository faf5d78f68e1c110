"""The catalogue and the command line: listing, help, bad input, numbers."""
import json
import subprocess
import sys

import pytest

from studio import catalogue
from look import LANGS
from tests.conftest import ROOT, run_cli, run_here


def test_every_entry_imports_and_is_described():
    for e in catalogue.ENTRIES:
        assert e.kind in catalogue.KINDS
        assert set(e.describe) == set(LANGS), e.name
        assert all(e.describe[lang].strip() for lang in LANGS)
        module = e.load()
        if e.kind == "scene":
            assert hasattr(module, "SCENE"), e.name
        else:
            assert callable(getattr(module, "make", None)), e.name
        assert set(module.STRINGS) == set(LANGS), e.name
        keys = set(module.STRINGS["en"])
        for lang in LANGS:
            assert set(module.STRINGS[lang]) == keys, f"{e.name}: {lang} strings differ from en"
        assert callable(e.engine_function())


def test_every_module_is_registered():
    registered = {e.module for e in catalogue.ENTRIES}
    for folder in ("scenes", "figures"):
        for path in (ROOT / folder).glob("*.py"):
            if path.stem in ("__init__", "common", "placing") or path.stem.startswith("parts_"):
                continue  # shared pieces, not catalogue entries
            assert f"{folder}.{path.stem}" in registered, f"{folder}/{path.name} is not in the catalogue"


def test_names_are_unique():
    names = catalogue.names()
    assert len(names) == len(set(names))


def test_list_imports_no_heavy_library():
    code = ("import sys; sys.argv=['render.py','list']\n"
            "from studio.cli import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "heavy=[m for m in ('manim','matplotlib','torch') if m in sys.modules]\n"
            "print('HEAVY', heavy)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert "HEAVY []" in out.stdout, out.stdout + out.stderr
    assert "pe_clock" in out.stdout


def test_list_shows_every_entry_in_each_language():
    for lang in LANGS:
        out = run_cli("list", "--lang", lang)
        assert out.returncode == 0
        for e in catalogue.ENTRIES:
            assert e.name in out.stdout and e.describe[lang] in out.stdout


@pytest.mark.parametrize("args", [["--help"], ["list", "--help"], ["render", "--help"], ["numbers", "--help"],
                                  ["check", "--help"], ["doctor", "--help"]])
def test_help_of_every_command(args):
    out = run_here(*args)
    assert out.returncode == 0, out.stderr
    assert "Usage" in out.stdout


def test_unknown_name_suggests_nearest():
    out = run_cli("pe_clok")
    assert out.returncode == 2
    assert "pe_clock" in out.stderr
    assert "Traceback" not in out.stderr


@pytest.mark.parametrize("args,needle", [
    (["pe_clock", "--quality", "ultra"], "--quality"),
    (["pe_clock", "--theme", "blue"], "--theme"),
    (["pe_clock", "--lang", "fr"], "--lang"),
    (["pe_table", "--format", "mp4"], "mp4"),
    (["pe_clock", "--format", "svg"], "svg"),
    (["numbers", "pe_clock", "--at", "soon"], "--at"),
    (["render"], "NAMES"),
])
def test_bad_options_exit_2_with_one_reason(args, needle):
    out = run_here(*args)
    assert out.returncode == 2, out.stdout + out.stderr
    assert needle in out.stderr
    assert "Traceback" not in out.stderr


def test_numbers_before_render_says_what_to_do(tmp_path):
    out = run_cli("numbers", "pe_table", "--out", tmp_path)
    assert out.returncode == 2
    assert "render it first" in out.stderr


def test_check_passes_and_writes_json(tmp_path):
    target = tmp_path / "check.json"
    out = run_cli("check", "--json", target)
    assert out.returncode == 0, out.stdout + out.stderr
    rows = json.loads(target.read_text(encoding="utf-8"))
    assert rows and all(r["status"] in ("pass", "erratum") for r in rows)
    assert "PASS" in out.stdout


def test_nearest_handles_fragments():
    assert "pe_clock" in catalogue.nearest("clock")
    with pytest.raises(Exception) as err:
        catalogue.get("nothing_like_it")
    assert "unknown name" in str(err.value)
