"""The golden table: every value the seed documents print, and the engine's recomputation.

Data lives in one TOML file per seed (engine/golden/seedNNN.toml); each [[value]] names a function
of the same id in the sibling module engine/golden/seedNNN.py that recomputes it from the engine.
Both `render.py check` and the test suite read this table, so they cannot disagree.

A [[value]] has: id, source (seed file and section), quantity, printed (number or nested list),
tol (absolute), and optionally `correct` + `erratum` where the seed's printed value is wrong: the
check then compares with `correct` and reports the row as an erratum, never as a silent pass.
"""
from __future__ import annotations

import importlib
import tomllib
from pathlib import Path

import numpy as np

HERE = Path(__file__).parent


def load_table() -> list[dict]:
    rows = []
    for path in sorted(HERE.glob("seed*.toml")):
        with open(path, "rb") as fh:
            doc = tomllib.load(fh)
        for value in doc.get("value", []):
            rows.append({"file": path.stem, **value})
    return rows


def compute(row: dict):
    module = importlib.import_module(f"engine.golden.{row['file']}")
    return getattr(module, row["id"])()


def check_row(row: dict) -> dict:
    computed = np.asarray(compute(row), dtype=float)
    reference = np.asarray(row.get("correct", row["printed"]), dtype=float)
    if computed.shape != reference.shape:
        deviation = float("inf")
    else:
        deviation = float(np.max(np.abs(computed - reference))) if computed.size else 0.0
    ok = deviation <= row["tol"]
    status = "pass" if ok else "fail"
    if ok and "erratum" in row:
        status = "erratum"
    return {
        "source": row["source"],
        "id": f"{row['file']}.{row['id']}",
        "quantity": row["quantity"],
        "printed": row["printed"],
        "correct": row.get("correct"),
        "computed": computed.tolist(),
        "deviation": deviation,
        "tol": row["tol"],
        "status": status,
        "note": row.get("erratum", row.get("note", "")),
    }


def run_checks() -> list[dict]:
    return [check_row(r) for r in load_table()]
