# Two commands on a fresh machine: `make run` and `make test`. Everything is installed here.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint bench difftest setup postgresql chromium clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	touch $(STAMP)

setup: $(STAMP) postgresql chromium

# The service tests start a throwaway PostgreSQL server unless FLOORMAN_TEST_DATABASE_URL names one.
postgresql:
	@[ -n "$$FLOORMAN_TEST_DATABASE_URL" ] || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 \
	  || { SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); $$SUDO apt-get update \
	  && $$SUDO apt-get install -y --no-install-recommends postgresql; }

# The browser tests drive Debian's Chromium; the records' PDFs are set in the DejaVu fonts.
chromium:
	@{ [ -x /usr/bin/chromium ] && [ -d /usr/share/fonts/truetype/dejavu ]; } \
	  || { SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); $$SUDO apt-get update \
	  && $$SUDO apt-get install -y --no-install-recommends chromium fonts-dejavu-core; }

# The service with a demo tournament on SQLite (under floorman-data/); prints the URLs to open.
run: $(STAMP)
	$(BIN)/floorman serve --demo --data-dir floorman-data

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy --strict src

test: lint postgresql chromium
	$(BIN)/floorman rules conformance --check
	$(BIN)/pytest -n 2 --durations=10

bench: $(STAMP)
	$(BIN)/python -m bench

difftest: $(STAMP)
	$(BIN)/python -W ignore -m bench.difftest --hands 100000 --more-hands 10000

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
