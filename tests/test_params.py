"""Your own numbers: the value syntax, ranges, output folders, `params NAME`, --set and --lesson."""
import json

import pytest

from look import LANGS
from studio import catalogue
from studio.catalogue.params import Param, ParamError, folder_name, grid_points
from studio.catalogue.values import parse_assignment, parse_value
from tests.conftest import run_cli, run_here, run_main


@pytest.mark.parametrize("text, value", [
    ("64", 64), ("0.5", 0.5), ("5e5", 500000.0), ("500_000", 500000), ("true", True),
    ('"dog bites man"', "dog bites man"), ("[1, 2]", [1, 2]), ("[[1, 0], [0, 1]]", [[1, 0], [0, 1]]),
    ('{"我" = [1, 0], "愛" = [0, 1]}', {"我": [1, 0], "愛": [0, 1]}),
    ("我 愛 貓", "我 愛 貓"), ("[我, 愛, 貓]", ["我", "愛", "貓"]), ("[the, 貓, 0.5]", ["the", "貓", 0.5]),
    ("gpt2-medium", "gpt2-medium"),
])
def test_values_read_as_toml_with_bare_words(text, value):
    assert parse_value(text) == value


@pytest.mark.parametrize("text", ["", "[1, 2", '{"a" = }', '"open'])
def test_unreadable_values_are_bad_input(text):
    with pytest.raises(ParamError):
        parse_value(text)


@pytest.mark.parametrize("text", ["d_model", "=64", "2x=1", "d model=3"])
def test_an_assignment_needs_a_key_and_a_value(text):
    with pytest.raises(ParamError, match="key=value"):
        parse_assignment(text)


def test_coercion_and_ranges_name_the_parameter_value_and_range():
    even = Param("d_model", "int", help={}, lo=2, hi=64, multiple_of=2)
    assert even.coerce(64) == 64 and even.coerce(2.0) == 2
    for bad, why in ((63, "even whole number from 2 to 64"), (66, "from 2 to 64"), (0, "from 2 to 64"),
                     (2.5, "not a whole number"), ("x", "not a whole number"), (True, "not a whole number")):
        with pytest.raises(ParamError, match=why) as err:
            even.coerce(bad, "pe_clock")
        assert str(err.value).startswith("pe_clock: d_model=")
    positive = Param("eps", "float", help={}, lo=0, hi=1, strict_lo=True)
    with pytest.raises(ParamError, match="above 0"):
        positive.coerce(0)
    with pytest.raises(ParamError, match="not a number"):
        positive.coerce(float("nan"))
    words = Param("tokens", "words", help={}, lo=2, hi=8)
    assert words.coerce("我 愛 貓") == ("我", "愛", "貓") == words.coerce(["我", "愛", "貓"])
    with pytest.raises(ParamError, match="2 to 8 words"):
        words.coerce(["一"])
    table = Param("embeddings", "table", help={}, lo=1, hi=8, width=2)
    assert table.coerce({"我": [1, 0]}) == (("我", (1.0, 0.0)),)
    with pytest.raises(ParamError, match="each row needs 2 numbers"):
        table.coerce({"我": [1, 0, 3]})
    matrix = Param("A_Q", "matrix", help={}, lo=2, hi=2, width=2)
    assert matrix.coerce([[1, 0], [0, 1]]) == ((1.0, 0.0), (0.0, 1.0))
    with pytest.raises(ParamError):
        matrix.coerce([[1, 0]])


def test_range_text_reads_in_every_language():
    p = Param("d_model", "int", help={}, lo=2, hi=64, multiple_of=2)
    assert p.range_text("en") == "an even whole number from 2 to 64"
    assert p.range_text("zh-Hant") == "2 到 64 的偶數"
    assert p.range_text("zh-Hans") == "2 到 64 的偶数"
    assert Param("base", "float", help={}, lo=2, hi=1e7).range_text("en") == "a number from 2 to 10,000,000"


def test_folder_names_show_the_parameters_and_stay_safe():
    assert folder_name("pe_clock", {}) == "pe_clock"
    assert folder_name("pe_clock", {"d_model": 64, "positions": 50}) == "pe_clock@d_model=64,positions=50"
    assert folder_name("attention_heatmap", {"tokens": ("我", "愛", "貓")}) == "attention_heatmap@tokens=我_愛_貓"
    assert folder_name("x", {"base": 500000.0}) == "x@base=500000"
    odd = folder_name("x", {"tokens": ("../..", "a/b")})
    assert "/" not in odd and ".." not in odd
    hashed = folder_name("x", {"A_Q": ((1.0, 0.0), (0.0, 1.0))})
    assert hashed.startswith("x@A_Q=") and len(hashed) < 30
    assert len(folder_name("x", {"tokens": tuple("abcdefghijkl" for _ in range(8))})) <= 96


DECLARED = [(e.name, e.accepts) for e in catalogue.ENTRIES if e.accepts.params]  # family modules and rows


def test_every_declared_parameter_is_an_engine_keyword_with_help_in_every_language():
    for name, accepts in DECLARED:
        entry = catalogue.get(name)
        engine = entry.engine_params()
        for p in accepts.params:
            assert set(p.help) == set(LANGS) and all(p.help[lang].strip() for lang in LANGS), (name, p.name)
            if accepts.engine is None:
                assert p.keyword in engine, f"{name}: {p.keyword} is not a keyword of {entry.data}"
        defaults = {k: v for k, v in entry.default_given().items() if v is not None}  # None: derived
        assert entry.with_params(defaults).given == (), f"{name}: its defaults must read as the defaults"


def test_every_grid_point_is_accepted():
    for name, accepts in DECLARED:
        points = grid_points(accepts, defaults=catalogue.get(name).default_given())
        assert points[0] == {}
        for point in points:
            catalogue.get(name).with_params(point)  # raises on a point outside the ranges


def test_defaults_render_as_the_seeds_numbers_do():
    entry = catalogue.get("pe_clock")
    same = entry.with_params({"d_model": 16})
    assert same.given == () and same.folder == "pe_clock" and same.params == entry.params
    own = entry.with_params({"d_model": 64, "positions": 50})
    assert own.folder == "pe_clock@d_model=64,positions=50"
    assert own.compute().table.shape == (50, 64)


def test_unknown_parameter_names_what_the_entry_takes():
    with pytest.raises(ParamError, match=r"pe_clock has no parameter 'tokens' \(it takes: d_model"):
        catalogue.get("pe_clock").with_params({"tokens": "a b"})


@pytest.mark.parametrize("args, says", [
    (["pe_clock", "--set", "d_model=63"], "d_model=63 is out of range: an even whole number from 4 to 64"),
    (["pe_clock", "--set", "d_model=66"], "d_model=66 is out of range"),
    (["pe_clock", "--set", "positions=129"], "positions=129 is out of range: a whole number from 2 to 128"),
    (["pe_clock", "--set", "d_model"], "write key=value"),
    (["pe_clock", "--set", "colour=red"], "has no parameter 'colour'"),
    (["pe_clock", "--set", "d_model=[1,"], "cannot read"),
    (["--set", "d_model=8"], "missing NAMES"),
    (["gate", "pe_clock", "--set", "d_model=3"], "d_model=3 is out of range"),
])
def test_bad_parameters_exit_2_with_one_line(args, says):
    proc = run_here(*args)
    assert proc.returncode == 2, proc.stderr
    assert says in proc.stderr
    assert "Traceback" not in proc.stderr and len(proc.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("lang, words", [("en", ["range", "default"]), ("zh-Hant", ["範圍", "預設"]),
                                         ("zh-Hans", ["范围", "默认"])])
def test_params_lists_type_default_range_and_what_it_changes(lang, words):
    proc = run_cli("params", "pe_clock", "--lang", lang)
    assert proc.returncode == 0, proc.stderr
    for word in words + ["d_model", "positions", "base"]:
        assert word in proc.stdout
    rows = json.loads(run_cli("params", "pe_clock", "--json").stdout)
    assert rows[0] == {"name": "d_model", "type": "a whole number", "default": 16,
                       "range": "an even whole number from 4 to 64", "changes": rows[0]["changes"]}


def test_params_of_an_unknown_entry_suggests_the_nearest():
    proc = run_cli("params", "pe_clok")
    assert proc.returncode == 2 and "pe_clock" in proc.stderr


@pytest.mark.parametrize("text, says", [
    ("", "no entries"),
    ("[[entry]]\nname = 'pe_clok'\n", "entry 1: unknown name 'pe_clok'"),
    ("[[entry]]\nname = 'pe_clock'\nset = { d_model = 65 }\n", "entry 1: pe_clock: d_model=65 is out of range"),
    ("[[entry]]\nname = 'pe_clock'\nd_model = 64\n", "unknown key d_model"),
    ("lang = 'fr'\n[[entry]]\nname = 'pe_clock'\n", "lang = 'fr'"),
    ("quality = 'ultra'\n[[entry]]\nname = 'pe_clock'\n", "quality = 'ultra'"),
    ("colour = 1\n[[entry]]\nname = 'pe_clock'\n", "unknown setting colour"),
    ("[[entry]]\nname = 'pe_clock'\n[[entry]]\nname = 'pe_clock'\n", "would write into pe_clock/"),
    ("[[entry]]\nname = 'pe_clock'\nfolder = '../x'\n", "folder name '../x'"),
    ("[[entry]\n", "not valid TOML"),
])
def test_a_bad_lesson_file_exits_2_naming_the_place(tmp_path, text, says):
    lesson = tmp_path / "course.toml"
    lesson.write_text(text, encoding="utf-8")
    proc = run_here("--lesson", lesson, "--out", tmp_path / "out")
    assert proc.returncode == 2, proc.stderr
    assert says in proc.stderr and "Traceback" not in proc.stderr
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_a_missing_lesson_file_and_names_with_a_lesson_are_refused(tmp_path):
    proc = run_cli("--lesson", tmp_path / "none.toml")
    assert proc.returncode == 2 and "no such file" in proc.stderr
    lesson = tmp_path / "l.toml"
    lesson.write_text("[[entry]]\nname = 'pe_clock'\n", encoding="utf-8")
    proc = run_cli("pe_table", "--lesson", lesson)
    assert proc.returncode == 2 and "give no names" in proc.stderr


def test_own_numbers_go_to_their_own_folder_and_numbers_reads_it(tmp_path):
    out = tmp_path / "out"
    code, _, err = run_main(["pe_clock", "--set", "positions=40", "--set", "base=500000", "--format", "png", "--out", out])
    assert code == 0, err
    folder = out / "pe_clock@positions=40,base=500000"
    doc = json.loads((folder / "pe_clock.numbers.json").read_text("utf-8"))
    assert doc["params"] == {"positions": 40, "base": 500000.0}
    assert doc["folder"] == folder.name
    assert doc["engine_params"]["n_positions"] == 40 and doc["engine_params"]["base"] == 500000.0
    assert doc["data"]["table"]["shape"] == [40, 16] if isinstance(doc["data"]["table"], dict) else \
        len(doc["data"]["table"]) == 40
    assert "positions = 40" in doc["description"] and "Eight" not in doc["description"]
    assert not (out / "pe_clock").exists()  # the seeds' render is not replaced
    code, shown, err = run_main(["numbers", folder.name, "--out", out, "--json"])
    assert code == 0, err
    assert json.loads(shown)["params"] == doc["params"]
    code, again, _ = run_main(["pe_clock", "--set", "base=500000", "--set", "positions=40", "--format", "png", "--out", out])
    assert code == 0 and "up to date" in again  # same parameters, any order: cached
    code, _, err = run_main(["gallery", "--out", out])
    assert code == 0, err
    page = (out / "gallery" / "index.html").read_text("utf-8")
    assert "pe_clock with positions = 40, base = 500000" in page  # a card of its own, saying what was set
    assert (out / "gallery" / "media" / folder.name / "pe_clock.png").is_file()
