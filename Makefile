# Every target sets itself up: a fresh clone needs only python3 (>= 3.11) and make.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-test
BENCH  := $(VENV)/.installed-bench

.PHONY: play play-terminal test lint typecheck bench clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $(STAMP)

$(BENCH): $(STAMP)
	$(PY) -m pip install -q -e '.[test,bench]'
	touch $(BENCH)

## play: the web table on the embedded database; prints its address and opens it in a browser
play: $(STAMP)
	$(VENV)/bin/ludotheque serve --open

## play-terminal: a game of Gargon in the terminal, you against three heuristic bots
play-terminal: $(STAMP)
	$(VENV)/bin/ludotheque play gargon

## test: every test, the type check and the lint; .ci/services first installs (when missing) and
## starts what the browser and database tests use: Debian's chromium and PostgreSQL on loopback
test: $(STAMP)
	$(PY) -m ruff check src tests benchmarks
	$(PY) -m mypy
	eval "$$(.ci/services)" && $(PY) -m pytest

lint: $(STAMP)
	$(PY) -m ruff check src tests benchmarks

typecheck: $(STAMP)
	$(PY) -m mypy

## bench: speed and strength figures (installs the optional OpenSpiel extra for the comparison)
bench: $(BENCH)
	$(PY) benchmarks/gargon_speed.py
	$(PY) benchmarks/gargon_bots.py

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
