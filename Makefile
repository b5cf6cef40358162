# Every target sets itself up: a fresh clone needs only python3 (>= 3.11) and make.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-test
BENCH  := $(VENV)/.installed-bench

.PHONY: play test lint typecheck bench clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $(STAMP)

$(BENCH): $(STAMP)
	$(PY) -m pip install -q -e '.[test,bench]'
	touch $(BENCH)

## play: a game of Gargon in the terminal, you against three heuristic bots
play: $(STAMP)
	$(VENV)/bin/ludotheque play gargon

## test: every test, the type check and the lint
test: $(STAMP)
	$(PY) -m ruff check src tests benchmarks
	$(PY) -m mypy
	$(PY) -m pytest

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
