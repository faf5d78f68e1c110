# Quick start (Debian/Ubuntu, as root or with the packages already installed):
#   make video   set everything up and render the flagship scene (out/pe_clock/pe_clock.mp4)
#   make test    set everything up and run the test suite
PY := .venv/bin/python

.PHONY: setup setup-test video figures test check gallery bench clean

setup:
	@scripts/setup.sh

setup-test:
	@scripts/setup.sh --test

video: setup
	$(PY) render.py pe_clock

figures: setup
	$(PY) render.py pe_table

# Compiled modules are kept (__pycache__) even where the environment turns that off: each test worker
# and each render.py the tests start would otherwise compile the project again.
test: setup-test
	PYTHONDONTWRITEBYTECODE= $(PY) -m pytest -q

check: setup
	$(PY) render.py check

gallery: setup
	$(PY) render.py gallery

bench: setup
	$(PY) bench/render_bench.py

clean:
	rm -rf out media .pytest_cache
