# Two commands on a fresh machine: `make run` and `make test`. Everything is installed here.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
BUILD_STAMP := $(VENV)/.installed-build
DEV_STAMP   := $(VENV)/.installed-dev

.PHONY: run test lint bench difftest setup build postgresql chromium clean

# The requirements of the parts of pyproject.toml named in $(1): `build` (the build system's,
# what compiling the hot modules needs) or an extra (`test`, `bench`), one a line.
requirements = $(BIN)/python -c 'import sys, tomllib; t = tomllib.load(open("pyproject.toml", "rb")); \
  print("\n".join(r for part in sys.argv[1:] for r in (t["build-system"]["requires"] \
  if part == "build" else t["project"]["optional-dependencies"][part])))' $(1)

# What running needs: floorman and its dependencies, nothing of the tests or benchmarks. The
# editable install compiles nothing (its build would be thrown away): $(NATIVE) compiles the
# hot modules in place, once.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	FLOORMAN_PURE_PYTHON=1 $(BIN)/python -m pip install --quiet -e .
	touch $(STAMP)

# What `make build` compiles with (setuptools, mypyc), for a rebuild after an edit.
$(BUILD_STAMP): $(STAMP)
	@$(call requirements,build) > $(VENV)/build-requirements.txt
	$(BIN)/python -m pip install --quiet -r $(VENV)/build-requirements.txt
	touch $(BUILD_STAMP)

# What the tests and the benchmarks add (the test and bench extras), without building floorman
# again.
$(DEV_STAMP): $(STAMP)
	@$(call requirements,test bench) > $(VENV)/dev-requirements.txt
	$(BIN)/python -m pip install --quiet -r $(VENV)/dev-requirements.txt
	touch $(DEV_STAMP)

# The hot modules compiled by mypyc next to their sources (setup.py). Rebuilt whenever a source
# they depend on changes; until then floorman.native runs the pure-Python sources instead of a
# stale build.
NATIVE := src/floorman/native_build.json
NATIVE_SOURCES := setup.py src/floorman/native.py src/floorman/native_constructors.py \
  src/floorman/errors.py \
  $(wildcard src/floorman/engine/*.py src/floorman/cards/*.py src/floorman/rules/*.py)

$(NATIVE): $(NATIVE_SOURCES) | $(BUILD_STAMP)
	$(BIN)/python setup.py --inplace

build: $(NATIVE)

setup: $(DEV_STAMP) $(NATIVE) postgresql chromium

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
run: $(NATIVE)
	$(BIN)/floorman serve --demo --data-dir floorman-data

# ruff, mypy and the layers' contracts (pyproject.toml [tool.importlinter], docs/architecture.md)
lint: $(DEV_STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy --strict src
	$(BIN)/lint-imports

test: lint postgresql chromium $(NATIVE)
	$(BIN)/floorman rules conformance --check
	$(BIN)/pytest -n 2 --durations=10

# The cluster section starts a throwaway PostgreSQL server (bench/postgres.py).
bench: $(DEV_STAMP) $(NATIVE) postgresql
	$(BIN)/python -m bench

difftest: $(DEV_STAMP) $(NATIVE)
	$(BIN)/python -W ignore -m bench.difftest --hands 100000 --more-hands 10000

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build src/*__mypyc*.so
	find src -name '*.so' -delete
	rm -f src/floorman/native_build.json
