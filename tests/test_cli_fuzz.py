"""Drive the command line with generated input: no traceback ever reaches the user."""
import contextlib
import io

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studio import catalogue
from studio.cli import main

NAMES = catalogue.names()
weird_text = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=0, max_size=20)
unknown_name = weird_text.filter(lambda s: s not in NAMES and s != "all" and not s.startswith("-")
                                 and s not in ("list", "render", "numbers", "check", "doctor", "gallery"))
path_like = st.builds(lambda a, b: f"{a} {b}/ü 中文", weird_text.filter(lambda s: "\x00" not in s),
                      st.sampled_from(["out", "x y", "數字"]))


def run(argv):
    out, err = io.StringIO(), io.StringIO()
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(argv)
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    return code, out.getvalue(), err.getvalue()


def no_traceback(code, out, err):
    assert "Traceback" not in out + err
    assert code in (0, 1, 2, 3), (code, err)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=unknown_name, option=st.sampled_from(["--quality", "--theme", "--lang", "--format", "--jobs"]),
       value=weird_text)
def test_render_with_unknown_names_or_values(name, option, value):
    code, out, err = run([name or "x", option, value])
    no_traceback(code, out, err)
    assert code == 2
    assert err.strip(), "a reason is printed"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(NAMES), bad=st.sampled_from(["--quality", "--theme", "--lang"]), value=weird_text)
def test_known_names_with_bad_option_values(name, bad, value):
    valid = {"--quality": ("low", "medium", "high", "4k"), "--theme": ("light", "dark", "all"),
             "--lang": ("en", "zh-Hant", "zh-Hans", "all")}[bad]
    if value in valid:
        return
    code, out, err = run([name, bad, value])
    no_traceback(code, out, err)
    assert code == 2 and bad in err


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(NAMES + ["nope", "pe_clok"]),
       at=st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.sampled_from(["soon", "", "-1", "1e309"])),
       folder=path_like)
def test_numbers_at_any_time_any_folder(name, at, folder, tmp_path_factory):
    base = tmp_path_factory.getbasetemp()
    code, out, err = run(["numbers", name, "--at", str(at), "--out", str(base / folder)])
    no_traceback(code, out, err)
    assert code == 2


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(at=st.one_of(st.floats(min_value=-5, max_value=200), st.sampled_from(["nan", "inf", "-0.0", "3.5"])))
def test_numbers_at_on_a_real_render(at, rendered):
    code, out, err = run(["numbers", "pe_clock", "--at", str(at), "--out", str(rendered)])
    no_traceback(code, out, err)
    assert code in (0, 2)
    if code == 0:
        assert "position" in out or "section" in out


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(args=st.lists(st.sampled_from(["list", "--lang", "en", "zh-Hant", "--kind", "scene", "figure", "xx",
                                      "--help", "check", "--json", "-"]), max_size=4))
def test_other_commands_never_trace(args):
    code, out, err = run(["list", *args])
    no_traceback(code, out, err)
