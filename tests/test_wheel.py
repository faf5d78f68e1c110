"""The package installs: a wheel built from the checkout holds every module and data file, and the
installed `transformer-frames` command renders a figure from outside the checkout.

The wheel goes into a fresh virtual environment that sees the test environment's libraries (manim,
matplotlib, torch, ...) but not the checkout: its own site-packages must carry the project.
"""
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from tests.conftest import ROOT

PACKAGES = ("engine", "look", "scenes", "figures", "studio")
# not copied for the build: the checkout's own environment, outputs and build folders (studio/build/ is code)
SKIP = {".git", ".venv", "out", "build", "dist", "__pycache__", ".pytest_cache", ".hypothesis"}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    dist = tmp_path_factory.mktemp("dist")
    source = tmp_path_factory.mktemp("source") / "transformer-frames"  # the build leaves build/ and egg-info
    shutil.copytree(ROOT, source, ignore=lambda folder, names: [n for n in names if n in SKIP and (
        Path(folder) == ROOT or n in ("__pycache__", ".pytest_cache")) or n.endswith(".egg-info")])
    out = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--quiet",
                          "--wheel-dir", str(dist), str(source)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "deprecat" not in out.stderr.lower(), out.stderr
    (found,) = dist.glob("transformer_frames-*.whl")
    return found


def project_files() -> set[str]:
    """Every file of the checkout's packages that an installed copy needs (code and data)."""
    listed = subprocess.run(["git", "ls-files", *PACKAGES], cwd=ROOT, capture_output=True, text=True).stdout
    return {f for f in listed.split() if not f.endswith((".pyc",))}


def test_the_wheel_holds_every_module_and_data_file(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    missing = sorted(project_files() - names)
    assert not missing, missing
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    assert "transformer-frames = studio.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()


def test_the_installed_command_renders_a_figure_outside_the_checkout(wheel, tmp_path):
    env_dir = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env_dir)], check=True, timeout=120)
    python = env_dir / "bin" / "python"
    site = Path(subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    # The libraries, not the project: a path line in a .pth file does not run the .pth files it holds,
    # so the checkout's editable-install finder stays out.
    (site / "libraries.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--quiet",
                    str(wheel)], check=True, capture_output=True, timeout=300)
    work = tmp_path / "elsewhere"
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    where = subprocess.run([python, "-c", "import studio; print(studio.__file__)"], cwd=work, env=env,
                           capture_output=True, text=True, check=True).stdout.strip()
    assert Path(where).is_relative_to(site), where
    out = subprocess.run([env_dir / "bin" / "transformer-frames", "pe_table", "--out", "o"], cwd=work, env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    svg = work / "o" / "pe_table" / "pe_table.svg"
    assert svg.read_bytes().startswith(b"<?xml") and (work / "o" / "pe_table" / "pe_table.numbers.json").is_file()
    bad = subprocess.run([env_dir / "bin" / "transformer-frames", "pe_tabel"], cwd=work, env=env,
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "Did you mean: pe_table" in bad.stderr
