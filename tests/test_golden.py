"""The golden table: every seed value recomputed within its tolerance (shared with render.py check)."""
import pytest

from engine.golden import check_row, load_table

ROWS = load_table()


@pytest.mark.parametrize("row", ROWS, ids=[f"{r['file']}.{r['id']}" for r in ROWS])
def test_seed_value(row):
    result = check_row(row)
    assert result["status"] in ("pass", "erratum"), (
        f"{result['id']}: printed {result['printed']}, computed {result['computed']}, "
        f"deviation {result['deviation']:.3g} > tol {result['tol']}")
    if "erratum" in row:
        assert "correct" in row, "an erratum states the correct value"


def test_every_row_has_a_source_and_tolerance():
    assert len(ROWS) >= 10
    for row in ROWS:
        assert row["source"] and row["quantity"] and row["tol"] >= 0
