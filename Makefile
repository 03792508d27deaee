# Two commands on a fresh machine: `make run` and `make test`. Everything is installed here.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint bench difftest setup clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(BIN)/floorman demo

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy --strict src

test: lint
	$(BIN)/floorman rules conformance --check
	$(BIN)/pytest -n 2 --durations=10

bench: $(STAMP)
	$(BIN)/python -m bench

difftest: $(STAMP)
	$(BIN)/python -W ignore -m bench.difftest --hands 100000 --more-hands 10000

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
