# Outremer — two commands matter: `make play` and `make test`.
# Every install step lives here and is skipped quickly when already done.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
DEPS   := $(VENV)/.deps-installed
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: play test lint cluster test-engine test-pyodide test-e2e test-bench bench bench-sweeps bench-site bench-lighthouse site clean

# ---------------------------------------------------------------- installs
$(PY):
	$(PYTHON) -m venv $(VENV)

$(DEPS): requirements-dev.txt pyproject.toml | $(PY)
	$(PY) -m pip install -q --disable-pip-version-check -r requirements-dev.txt
	$(PY) -m pip install -q --disable-pip-version-check --no-deps -e .
	touch $@

# The cluster extra, Ray (pyproject.toml: outremer[cluster]), on which the many-game jobs run
# as tasks (engine/outremer/jobs.py): about 360 MB in the venv, about 90 s to install. The engine's
# tests run the Ray backend on this machine with it, and skip those tests without it.
CLUSTER := $(VENV)/.cluster-installed

$(CLUSTER): pyproject.toml | $(DEPS)
	$(PY) -m pip install -q --disable-pip-version-check -e '.[cluster]'
	touch $@

cluster: $(CLUSTER)

# `make test WITH_CLUSTER=0` tests the package as installed without the extra: Ray is not installed
# (in a fresh clone; a venv that already has it keeps it), the Ray tests are skipped, saying so,
# and every job runs in local processes.
WITH_CLUSTER ?= 1
TEST_CLUSTER := $(if $(filter 0,$(WITH_CLUSTER)),,$(CLUSTER))

# ---------------------------------------------------------------- tests
# The engine's suite under CPython and under Pyodide run side by side (each keeps one core busy;
# their output is printed whole as each ends), the lint first beside the CPython suite (the
# Pyodide suite, the shorter, starts when it ends), then the browser tests, which want both cores.
# The Python installs come first, one at a time; Chromium, where it is missing, is installed beside
# the engine's suites (a download and an unpacking, little CPU) rather than before the browser tests.
# The slow random-game sweeps run a sample here and in full under `make bench-sweeps`
# (docs/benchmarks.md).
test: $(SITE_DEPS) $(TEST_CLUSTER)
	$(MAKE) --no-print-directory -j$(if $(wildcard $(CHROMIUM)),2,3) --output-sync=target test-engine $(filter-out $(wildcard $(CHROMIUM)),$(CHROMIUM)) lint test-pyodide
	$(MAKE) --no-print-directory test-e2e
	$(MAKE) --no-print-directory test-bench SITE_BUILT=1

test-engine: $(DEPS) $(TEST_CLUSTER)
	$(PY) -m pytest tests

# ---------------------------------------------------------------- tests inside Pyodide (node)
# The engine's own suite, run by Python 3.14 in WebAssembly: the npm `pyodide`
# runtime, pure wheels for pytest/hypothesis, and the engine's own wheel, all local.
# `$(PYODIDE_RUN) script.py [args]` runs any script (a benchmark) the same way.
PYODIDE_NPM_STAMP    := node_modules/.outremer-npm-ci
PYODIDE_WHEELS       := .cache/pyodide-wheels
PYODIDE_WHEELS_STAMP := $(PYODIDE_WHEELS)/.downloaded
ENGINE_WHEEL_DIR     := .cache/engine-wheel
ENGINE_WHEEL_STAMP   := $(ENGINE_WHEEL_DIR)/.built
ENGINE_SOURCES       := $(shell find engine -name __pycache__ -prune -o -print 2>/dev/null)
PYODIDE_READY        := $(PYODIDE_NPM_STAMP) $(PYODIDE_WHEELS_STAMP) $(ENGINE_WHEEL_STAMP)
PYODIDE_RUN          := node tools/pyodide_run.mjs
PYODIDE_PYTEST_ARGS  ?=

$(PYODIDE_NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

$(PYODIDE_WHEELS_STAMP): tools/pyodide-test-requirements.txt | $(PY)
	rm -rf $(PYODIDE_WHEELS)
	$(PY) -m pip download -q --disable-pip-version-check --only-binary=:all: \
		--python-version 3.14 --platform any --implementation py --no-deps \
		--require-hashes -d $(PYODIDE_WHEELS) -r tools/pyodide-test-requirements.txt
	touch $@

$(ENGINE_WHEEL_STAMP): pyproject.toml $(wildcard README.md) $(ENGINE_SOURCES) | $(DEPS)
	rm -rf $(ENGINE_WHEEL_DIR)
	$(PY) -m build -q --wheel --no-isolation --outdir $(ENGINE_WHEEL_DIR) .
	touch $@

test-pyodide: $(DEPS) $(PYODIDE_READY)
	$(PYODIDE_RUN) --pytest tests -p no:cacheprovider $(PYODIDE_PYTEST_ARGS)

# ---------------------------------------------------------------- site (static, works offline)
# build.py builds dist/: the engine's wheel, the Pyodide runtime (npm), pure jinja2 and
# markupsafe wheels, our own pyodide-lock.json, the pages, service worker and manifest.
# Downloads are cached under .cache/: rebuilds are quick and need no network.
SITE_DEPS := $(VENV)/.site-deps-installed
CHROMIUM  := /usr/bin/chromium

$(SITE_DEPS): requirements-site.txt | $(DEPS)
	$(PY) -m pip install -q --disable-pip-version-check -r requirements-site.txt
	touch $@

# The formatter (checked, not applied: `ruff format .` applies it), the linter and the type checker,
# as configured in pyproject.toml (ruff: every Python file;
# mypy: the engine, its core strictly, and the site's own modules, which import jinja2).
lint: $(SITE_DEPS)
	$(BIN)/ruff format --check .
	$(BIN)/ruff check .
	$(BIN)/mypy

$(CHROMIUM):
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium

site: $(SITE_DEPS) $(PYODIDE_NPM_STAMP)
	$(PY) build.py

# Browser tests: Debian's chromium, the site served on a free 127.0.0.1 port. Two processes
# (pytest-xdist), each with its own copy of the site on its own port, its own Chromium and its
# own booted page, a test file at a time (a file's tests keep their order and their page):
# a browser test keeps about one core busy (the page's Python), so two take about half the time
# on two cores. E2E_WORKERS=1 runs them in one process, as `pytest e2e` does.
E2E_WORKERS ?= 2

test-e2e: $(SITE_DEPS) $(PYODIDE_NPM_STAMP) | $(CHROMIUM)
	$(PY) build.py
	$(PY) -m pytest e2e $(if $(filter-out 1,$(E2E_WORKERS)),-n $(E2E_WORKERS) --dist loadfile)

# ---------------------------------------------------------------- play
# Build the site and serve dist/ on http://$(HOST):$(PORT)/ (the address is printed).
play: site
	$(PY) build.py --serve-only --host $(HOST) --port $(PORT)

bench: $(DEPS) $(PYODIDE_READY)
	$(PY) bench/run.py

# Every benchmark run to its end with a few iterations (no figures asserted or kept), so that
# none breaks unseen.
# (`make test` has just built the site for the browser tests: SITE_BUILT=1 skips building it again.)
test-bench: $(SITE_DEPS) $(PYODIDE_READY) | $(CHROMIUM)
	$(if $(SITE_BUILT),,$(PY) build.py)
	$(PY) bench/smoke.py

clean:
	rm -rf dist build .cache .pytest_cache

# The slow random-game sweeps of the tests, in full (the tests check a sample of each; the same
# assertions, bench/sweeps.py names them): about 20 minutes here.
bench-sweeps: site $(DEPS) | $(CHROMIUM)
	$(PY) bench/sweeps.py

# The site's benchmarks (Chromium): engine ready cold/warm beside bare Pyodide, click to
# updated table, first-visit bytes. Writes bench/site_results.json.
bench-site: site | $(CHROMIUM)
	$(PY) bench/site_bench.py all

# Lighthouse (npm, its own package.json under bench/lighthouse/) on the front door, a rules
# page and both games' tables, as a phone and a desktop. Writes bench/lighthouse_results.json.
bench-lighthouse: site | $(CHROMIUM)
	$(PY) bench/lighthouse.py
