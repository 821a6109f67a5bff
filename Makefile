# Outremer — two commands matter: `make play` and `make test`.
# Every install step lives here and is skipped quickly when already done.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
DEPS   := $(VENV)/.deps-installed
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: play test test-engine test-pyodide test-e2e bench site clean

# ---------------------------------------------------------------- installs
$(PY):
	$(PYTHON) -m venv $(VENV)

$(DEPS): requirements-dev.txt pyproject.toml | $(PY)
	$(PY) -m pip install -q --disable-pip-version-check -r requirements-dev.txt
	$(PY) -m pip install -q --disable-pip-version-check --no-deps -e .
	touch $@

# ---------------------------------------------------------------- tests
test: test-engine test-pyodide test-e2e

test-engine: $(DEPS)
	$(PY) -m pytest tests

# ---------------------------------------------------------------- play
play: $(DEPS)
	$(BIN)/outremer play levantine --seats human,heuristic

bench: $(DEPS)
	$(PY) bench/run.py

clean:
	rm -rf dist build .cache .pytest_cache
