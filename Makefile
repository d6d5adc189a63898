# The README's commands: `make demo`, `make test` (the fast default: lint, types, the pure suite
# without the slow marks, the docs) and `make check` (everything CI runs: adds the slow runs, the
# browser test, the compiled build made the documented way, and the sdist). Each builds .venv if
# missing. The checks themselves are nox sessions (noxfile.py); `nox -l` lists them. `make web`
# builds the page that plays Gleek in the browser into build/web/ (docs/web.rst).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# the sessions that use the development environment run in .venv (no venv of nox's own)
export PATH := $(abspath $(BIN)):$(PATH)
NOX := $(BIN)/nox --no-venv --no-install

.PHONY: demo test check lint typecheck pytest slow pytest-compiled compiled sdist browser \
	browser-install docs bench mutation clean web

$(STAMP): pyproject.toml setup.py
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	# setuptools' notice that an editable install is one ("Editable installation.") is silenced
	PYTHONWARNINGS="ignore:Editable installation:Warning" \
		$(BIN)/python -m pip install --quiet -e '.[dev,rl]'
	touch $(STAMP)

# One of each thing, at a terminal's width (100 columns); each part says which command prints
# the whole of it.
demo: export COLUMNS = 100
demo: $(STAMP)
	@echo "== Bots play a deal (gleek play --profile parlett --variant play-high --seed 1)"
	@$(BIN)/gleek play --profile parlett --variant play-high --seed 1
	@echo
	@echo "== A recorded deal validated (gleek validate examples/parlett-s0-auction.yaml)"
	@$(BIN)/gleek validate examples/parlett-s0-auction.yaml
	@echo
	@echo "== A broken record (gleek validate revoke.yaml, in tests/records; exit status 1)"
	@cd tests/records && $(abspath $(BIN))/gleek validate revoke.yaml || true
	@echo
	@echo "== How two sources differ (gleek compare parlett pi; all four: gleek compare)"
	@$(BIN)/gleek compare parlett pi
	@echo
	@echo "== A record as a page that steps through it (gleek show ... --html)"
	@mkdir -p build
	@$(BIN)/gleek show examples/parlett-s0-auction.yaml --html build/viewer.html >/dev/null
	@echo "Open file://$(abspath build/viewer.html) in a browser (arrow keys step through the deal)."
	@echo
	@echo "== The rules of one profile, with sources: the first of them (all: gleek rules parlett;"
	@echo "   the others: gleek rules cotton, gleek rules pi, gleek rules pedagogical)"
	@$(BIN)/gleek rules parlett | head -n 24

# About 6 minutes on an idle 2-core machine (the README says the same).
test: $(STAMP)
	$(NOX) -s lint types pure docs

# Everything CI runs (.ci/run): `make test`, then the rest; about 20 minutes on 2 cores.
check: test browser-install
	$(NOX) -s slow browser
	$(BIN)/nox -s compiled sdist

lint: $(STAMP)
	$(NOX) -s lint

typecheck: $(STAMP)
	$(NOX) -s types

pytest: $(STAMP)
	$(NOX) -s pure

slow: $(STAMP)
	$(NOX) -s slow

docs: $(STAMP)
	$(NOX) -s docs

# The browser test needs Chromium and chromedriver: installed from Debian's packages if missing.
browser-install:
	@bash tools/install-browser.sh

browser: $(STAMP) browser-install
	$(NOX) -s browser

# The compiled build as docs/install.rst has it (GLEEK_MYPYC=1 pip wheel, build isolation, a
# fresh venv), installed, and the suite run against it from build/nox-compiled/tree.
pytest-compiled: $(STAMP)
	$(BIN)/nox -s compiled

# The quick path for developers (for `make bench`): the compiled wheel built in .venv without
# build isolation and unpacked into build/compiled/tree, which benchmarks/ take as --compiled.
COMPILED := build/compiled
compiled: $(STAMP)
	rm -rf $(COMPILED) && mkdir -p $(COMPILED)/dist
	GLEEK_MYPYC=1 $(BIN)/python -m pip wheel --quiet --no-deps --no-build-isolation \
		-w $(COMPILED)/dist .
	$(BIN)/python -m zipfile -e $(COMPILED)/dist/gleek-*.whl $(COMPILED)/tree
	@cd $(COMPILED)/tree && $(abspath $(BIN))/python -c "import gleek, sys; i = gleek.build_info(); \
		sys.exit(0 if i.kind == 'compiled' else f'make compiled: the wheel is pure Python ({i}): see the build log')"

sdist: $(STAMP)
	$(BIN)/nox -s sdist

# The page that plays Gleek in the browser (docs/web.rst): Pyodide from npm, the pure wheels
# from PyPI (pinned, checked by sha256; cached in build/web-cache), written to build/web/.
# Serve it with: python -m http.server --directory build/web 8000
web: $(STAMP)
	$(BIN)/gleek web build build/web

bench: compiled
	$(BIN)/python benchmarks/playout.py --compiled $(COMPILED)/tree

# Mutation testing of the rule code (not part of `make test`; see docs/testing.rst). Each mutant
# of gleek/stages/ and gleek/state.py runs against the rule tests named in pyproject.toml's
# [tool.mutmut], hypothesis capped at MUTATION_EXAMPLES examples, derandomized. MUTANTS narrows
# the run to a glob of mutant names, e.g. make mutation MUTANTS='gleek.stages.*', and then keeps
# the other results already under mutants/ (a full run starts afresh).
MUTATION_EXAMPLES ?= 20
MUTATION_JOBS ?= 2
MUTANTS ?=
# mutmut lives in its own venv: its dependency setproctitle, once importable, makes dask
# retitle its workers, which the worker-signal tests of `make test` find by their command line.
MUTATION_VENV := .venv-mutation
mutation:
	test -x $(MUTATION_VENV)/bin/python || $(PYTHON) -m venv $(MUTATION_VENV)
	$(MUTATION_VENV)/bin/python -m pip install --quiet -e '.[dev,mutation]'
	$(if $(MUTANTS),,rm -rf mutants)
	GLEEK_MAX_EXAMPLES=$(MUTATION_EXAMPLES) nice -n 10 $(MUTATION_VENV)/bin/mutmut run \
		--max-children $(MUTATION_JOBS) $(if $(MUTANTS),"$(MUTANTS)")
	$(MUTATION_VENV)/bin/python tools/mutation_score.py

clean:
	rm -rf $(VENV) $(MUTATION_VENV) .nox build docs/_build docs/generated .mypy_cache .pytest_cache .ruff_cache dist mutants
