# Every target sets itself up: a fresh clone needs only python3 (>= 3.11) and make.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-test
BENCH  := $(VENV)/.installed-bench

# The compiled build (mypyc) of the modules marked "# mypyc: compile", rebuilt whenever one of
# them or the list of them changes; without a C compiler the package runs as pure Python.
COMPILED := src/ludotheque/_mypyc/manifest.json
HOT      := $(shell grep -rlx '\# mypyc: compile' src/ludotheque --include='*.py' | sort)
HOT_LIST := $(VENV)/.mypyc-modules
HAVE_CC  := $(if $(shell command -v cc || command -v gcc),1,0)

.PHONY: play play-terminal test test-compiled test-beside test-pure lint-and-types lint typecheck bench compiled clean FORCE

# Python writes the bytecode of what it imports, once (a shell may say not to: every process
# would then compile every module it imports again, the test suite's hundreds of servers and
# commands among them); so pip need not compile every file of every package it installs (40 s
# of the install here, most of it for modules no one imports): each is compiled at its first import.
unexport PYTHONDONTWRITEBYTECODE
PIP_INSTALL := $(PY) -m pip install -q --no-compile

# The virtualenv (tools/make_venv.py): a new one is made from the copy kept by the last install of
# the same requirements on this machine (seconds), else installed by pip (most of a minute); after
# the tests, the copy gets the bytecode of the modules they imported (for the next clone's tests).
REQUIREMENT := .[test,research,learn,report,ray]
$(STAMP): pyproject.toml
	$(PYTHON) tools/make_venv.py $(VENV) '$(REQUIREMENT)'
	touch $(STAMP)

$(BENCH): $(STAMP)
	$(PIP_INSTALL) -e '.[test,research,learn,report,ray,bench]'
	touch $(BENCH)

$(HOT_LIST): FORCE | $(STAMP)
	@echo '$(HOT)' | cmp -s - $@ || echo '$(HOT)' > $@

## compiled: build the mypyc modules (make play and make test do it when sources changed)
compiled: $(COMPILED)

$(COMPILED): $(STAMP) $(HOT) $(HOT_LIST)
	-$(PY) -c "import ludotheque.compiled as c; c.main()"

## play: the web table on the embedded database; prints its address and opens it in a browser
play: $(STAMP) $(COMPILED)
	$(VENV)/bin/ludotheque serve --open

## play-terminal: a game of Gargon in the terminal, you against three heuristic bots
play-terminal: $(STAMP) $(COMPILED)
	$(VENV)/bin/ludotheque play gargon

## test: the lint, the type check, every test against the compiled build, and the rules,
## property and conformance tests again in pure Python (PURE_TESTS). .ci/services first installs
## (when missing) and starts what the browser and database tests use: Debian's chromium and
## PostgreSQL. The compiled build takes one core for minutes (unless a build of the same sources
## is in the build cache: src/ludotheque/compiled.py): meanwhile the other one runs the lint, the
## type check and the pure Python tests. Every test then runs against the build in one process
## per core and one more (pytest-xdist; a file's tests stay together, sharing their browser pages
## and servers), beside what is left of the others: the tests wait on pages, servers and bots
## part of the time (with one process per core, a core was idle a tenth of the run; with one more
## and the others beside them, 1%). The others' output comes whole as each ends; the tests' as
## they run. Before them, the test files' rewritten bytecode an earlier run kept for the files
## that did not change is put back; after them, this run's is kept (tools/test_bytecode.py).
## `make test XDIST=` runs them in one process.
TEST_WORKERS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) + 1 )))
XDIST ?= --numprocesses=$(TEST_WORKERS) --dist=loadfile --no-loadscope-reorder
#: What differs between the builds: the compiled modules run as the pure Python they are made
#: from (the rules, their notation, bots and records: golden records and conformance say that
#: both builds play the same games; the views' words: their tests say both builds write the same).
#: Tests of what is never compiled (docs, the terminal, the web pages) run once, against the
#: compiled build, and so do the tests of the build itself but the one that says this run is
#: pure (the others read the build being made).
PURE_TESTS ?= tests/core tests/conformance tests/test_compiled.py::test_this_run_uses_the_build_it_should \
	tests/test_choices.py tests/server/test_views.py tests/server/test_words.py tests/games/test_words_not_codes.py \
	$(foreach g,gargon drakon kagoun,$(wildcard $(addprefix tests/games/$(g)/test_,\
	rules.py rulings.py notation.py properties.py setup.py scoring.py components.py heroes.py records.py \
	golden.py length.py heuristic.py search.py resample.py beliefs.py examples.py \
	render.py words.py french_words.py board_choices.py replay_log.py)))
#: The conformance suite's seeds of each game and player count: the first in pure Python, the
#: other two against the compiled build (tests/conformance/conftest.py).
PURE_SEEDS ?= 0
COMPILED_SEEDS ?= 1,2
test: $(STAMP)
	$(PY) tools/test_bytecode.py restore
	$(MAKE) --no-print-directory -j3 test-compiled test-beside
	$(PYTHON) tools/make_venv.py --keep-bytecode $(VENV) '$(REQUIREMENT)'
	$(PY) tools/test_bytecode.py keep

test-compiled: $(COMPILED)
	eval "$$(.ci/services)" && LUDOTHEQUE_EXPECT_COMPILED=$(HAVE_CC) LUDOTHEQUE_SEEDS=$(COMPILED_SEEDS) \
		$(PY) -m pytest $(XDIST) --durations=15

# what runs beside the build and its tests, each one's output held until it ends
test-beside: $(STAMP)
	$(MAKE) --no-print-directory --output-sync=target lint-and-types test-pure

# the lint and the type check, and the pure Python tests: beside the compiled build (or beside
# each other, when the build came from the build cache)
lint-and-types: lint typecheck

test-pure: $(STAMP)
	LUDOTHEQUE_PURE=1 LUDOTHEQUE_SEEDS=$(PURE_SEEDS) $(PY) -m pytest -p no:xdist $(PURE_TESTS)

lint: $(STAMP)
	$(PY) -m ruff check src tests benchmarks tools

# mypy's cache beside the build cache, shared by every checkout (a fresh clone, a CI run): a
# module whose source and options are unchanged is not checked again (35 s of a core, cold)
MYPY_CACHE_DIR ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/ludotheque/mypy
typecheck: $(STAMP)
	MYPY_CACHE_DIR='$(MYPY_CACHE_DIR)' $(PY) -m mypy

## bench: speed and strength figures (installs the optional OpenSpiel extra for the comparison)
bench: $(BENCH) $(COMPILED)
	$(PY) benchmarks/simulate_speed.py
	$(PY) benchmarks/gargon_speed.py
	$(PY) benchmarks/gargon_bots.py
	$(PY) benchmarks/adapters_speed.py

clean:
	rm -rf $(VENV) build src/*.egg-info src/ludotheque/_mypyc .pytest_cache .mypy_cache .ruff_cache
