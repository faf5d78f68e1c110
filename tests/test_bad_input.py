"""Bad input is exit 2 with one short line, wherever it comes from: --set, a lesson file, --out,
`check --json`. Each case here exited 1 with a Python error (or echoed a huge value, or said
something untrue) before it was handled.
"""
import pytest

from studio.errors import clip, nesting, one_line
from tests.conftest import run_main


def refused(argv, *needles):
    code, out, err = run_main(argv)
    assert code == 2, (code, out, err)
    assert "Traceback" not in out + err
    line = err.strip().splitlines()[-1]
    assert len(line) < 300, line
    for needle in needles:
        assert needle in err, err
    return err


def lesson(tmp_path, text, name="lesson.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


DEEP = "[" * 3000 + "]" * 3000


def test_a_value_nested_3000_deep_is_refused_on_the_command_line(tmp_path):
    refused(["causal_mask", "--set", f"tokens={DEEP}", "--out", tmp_path], "nest more than 16 deep")


def test_a_value_nested_3000_deep_is_refused_in_a_lesson_file(tmp_path):
    path = lesson(tmp_path, f'[[entry]]\nname = "causal_mask"\nset = {{ tokens = {DEEP} }}\n')
    refused(["--lesson", path, "--out", tmp_path / "o"], "nest too deeply")


def test_a_value_nested_deeper_than_any_parameter_is_refused_before_it_is_read(tmp_path):
    value = "[" * 40 + '"a"' + "]" * 40
    path = lesson(tmp_path, f'[[entry]]\nname = "causal_mask"\nset = {{ tokens = {value} }}\n')
    refused(["--lesson", path, "--out", tmp_path / "o"], "entry 1", "tokens", "more than 16 deep")


def test_nesting_is_counted_without_recursion():
    value = []
    for _ in range(100_000):
        value = [value]
    assert nesting(value) == 17  # stops counting past the limit
    assert nesting(5) == 0 and nesting("word") == 0 and nesting([]) == 1
    assert nesting({"我": [1, 0]}) == 2 and nesting([[1, 0], [0, 1]]) == 2


def test_a_lesson_quality_that_is_not_a_word_is_bad_input(tmp_path):
    path = lesson(tmp_path, 'quality = ["low"]\n[[entry]]\nname = "pe_table"\n')
    refused(["--lesson", path, "--out", tmp_path / "o"], "quality", "choose from low")


def test_an_out_below_a_file_is_bad_input(tmp_path):
    (tmp_path / "afile").write_text("x")
    refused(["pe_table", "--out", tmp_path / "afile" / "sub"], "is a file")
    assert (tmp_path / "afile").read_text() == "x"


def test_check_json_below_a_file_is_bad_input(tmp_path):
    (tmp_path / "afile").write_text("x")
    refused(["check", "--json", tmp_path / "afile" / "x.json"], "--json", "is a file")


def test_all_as_a_lesson_entry_says_what_it_is_not(tmp_path):
    path = lesson(tmp_path, '[[entry]]\nname = "all"\n')
    err = refused(["--lesson", path, "--out", tmp_path / "o"], "'all' is not one entry")
    assert "Did you mean" not in err  # it used to suggest backprop_small


def test_a_parameter_given_twice_is_refused_not_silently_overwritten(tmp_path):
    refused(["pe_table", "--set", "d_model=8", "--set", "d_model=16", "--out", tmp_path], "d_model", "twice")
    assert not (tmp_path / "pe_table").exists()


@pytest.mark.parametrize("argv", [
    ["pe_table", "--set", "d_model=" + "x" * 100_000],
    ["x" * 100_000],
    ["pe_table", "--set", "nope" + "y" * 100_000 + "=1"],
])
def test_a_huge_value_is_not_echoed_whole(argv, tmp_path):
    err = refused([*argv, "--out", tmp_path], "characters)")
    assert len(err) < 400


def test_a_huge_value_in_a_lesson_file_is_not_echoed_whole(tmp_path):
    path = lesson(tmp_path, f'quality = "{"q" * 100_000}"\n[[entry]]\nname = "pe_table"\n')
    err = refused(["--lesson", path, "--out", tmp_path / "o"], "quality")
    assert len(err) < 400


def test_clip_and_one_line():
    assert clip("short") == "short"
    assert clip("z" * 81).endswith("(81 characters)") and len(clip("z" * 81)) < 90
    assert one_line("a\nb  c " + "w" * 1000) == "a b c " + clip("w" * 1000, 400)
    assert one_line("see /" + "p" * 150 + "/x.json") == "see /" + "p" * 150 + "/x.json"  # a path stays whole


def test_the_pages_summary_counts_entries_not_looks():
    from pathlib import Path

    from studio.publish.pages.builder import PageResult

    result = PageResult("depth", Path("out/pages/depth"))
    result.missing = ["pe_clock", "pe_table"] * 3  # one per language
    assert "2 left out (not rendered): pe_clock, pe_table" in result.summary()
