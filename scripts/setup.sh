#!/usr/bin/env bash
# Set up transformer-frames on a Debian/Ubuntu machine: system packages, then a virtual
# environment in .venv with the project's Python dependencies (pyproject.toml).
#
#   scripts/setup.sh          what rendering needs
#   scripts/setup.sh --test   also what the test suite needs (pytest, a headless browser)
#
# Safe to run again: it installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

want_test=0
[ "${1:-}" = "--test" ] && want_test=1

# Build headers for manimpango/pycairo, LaTeX + dvisvgm for MathTex, Noto CJK for Chinese,
# fontconfig's fc-match (the scene gate reads the caption font's glyphs and cap height),
# espeak-ng for the draft narration voice (render.py NAME --voice draft).
system_pkgs=(libpango1.0-dev libcairo2-dev pkg-config
             texlive-latex-base texlive-latex-extra texlive-fonts-recommended dvisvgm
             fonts-noto-cjk fontconfig espeak-ng)
if [ "$want_test" = 1 ]; then
  system_pkgs+=(chromium chromium-driver poppler-utils)  # poppler: pdftoppm renders the handout's pages
fi

missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  for p in "${system_pkgs[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
    [ "$status" = "install ok installed" ] || missing+=("$p")
  done
else
  echo "setup: this is not a Debian/Ubuntu system; install the equivalents of:" >&2
  echo "  ${system_pkgs[*]}" >&2
fi

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing system packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "setup: missing system packages. Run this, then run setup again:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

python=${PYTHON:-python3.11}
command -v "$python" >/dev/null 2>&1 || python=python3
if ! "$python" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))'; then
  echo "setup: Python 3.11 is required (torch==2.13.0 is pinned for it); found $("$python" --version 2>&1)" >&2
  exit 1
fi

[ -x .venv/bin/python ] || "$python" -m venv .venv

# Reinstall only when the dependency list changed.
extras=""
[ "$want_test" = 1 ] && extras="[dev,farm]"
stamp=".venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)${extras:+-dev}"
if [ ! -f "$stamp" ]; then
  echo "setup: installing Python packages into .venv"
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -e ".${extras}"
  touch "$stamp"
fi
echo "setup: ready (.venv/bin/python)"
