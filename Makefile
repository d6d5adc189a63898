# The README's two commands: `make demo` and `make test`. Each builds .venv if missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint typecheck pytest pytest-compiled compiled browser docs bench mutation clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,rl]'
	@# an older non-editable install can leave an empty gleek/ that would shadow the checkout
	rmdir $(VENV)/lib/python*/site-packages/gleek 2>/dev/null || true
	touch $(STAMP)

demo: $(STAMP)
	@echo "== The rules of the four profiles (gleek rules ...)"
	@for p in cotton parlett publications-international pedagogical; do $(BIN)/gleek rules $$p; echo; done
	@echo "== Bots play a deal (gleek play --profile parlett --variant play-high --seed 1)"
	@$(BIN)/gleek play --profile parlett --variant play-high --seed 1
	@echo
	@echo "== A recorded deal validated (gleek validate examples/parlett-s0-auction.yaml)"
	@$(BIN)/gleek validate examples/parlett-s0-auction.yaml
	@echo
	@echo "== A broken record (gleek validate tests/records/revoke.yaml; exit status 1)"
	@$(BIN)/gleek validate tests/records/revoke.yaml || true
	@echo
	@echo "== How the sources differ (gleek compare)"
	@$(BIN)/gleek compare
	@echo
	@echo "== A record as a page that steps through it (gleek show ... --html)"
	@mkdir -p build
	@$(BIN)/gleek show examples/parlett-s0-auction.yaml --html build/viewer.html >/dev/null
	@echo "Open file://$(abspath build/viewer.html) in a browser (arrow keys step through the deal)."

test: lint typecheck pytest pytest-compiled docs

lint: $(STAMP)
	$(BIN)/ruff check gleek tests benchmarks docs tools
	$(BIN)/ruff format --check gleek tests benchmarks docs tools

typecheck: $(STAMP)
	$(BIN)/mypy --strict gleek

# The browser test needs Chromium and chromedriver: installed from Debian's packages if missing.
browser:
	@bash tools/install-browser.sh

pytest: $(STAMP) browser
	$(BIN)/coverage erase
	GLEEK_EXPECT_COMPILED=0 $(BIN)/coverage run -m pytest gleek tests docs README.md
	$(BIN)/coverage report  # line and branch coverage of gleek/: fails under 98% (pyproject)

# The second build: the per-platform wheel with the fast core compiled by mypyc, unpacked over a
# copy of the checkout, and the same suite run there (the compiled modules shadow the sources).
COMPILED := build/compiled
compiled: $(STAMP)
	rm -rf $(COMPILED) && mkdir -p $(COMPILED)/dist $(COMPILED)/tree
	GLEEK_MYPYC=1 $(BIN)/python -m pip wheel --quiet --no-deps --no-build-isolation \
		-w $(COMPILED)/dist .
	tar -c --exclude=./.venv --exclude=./build --exclude=./.git --exclude=./docs/_build . \
		| tar -x -C $(COMPILED)/tree
	$(BIN)/python -m zipfile -e $(COMPILED)/dist/gleek-*.whl $(COMPILED)/tree
	@# the shared inputs sit beside the checkout; the copy finds them beside it too
	if [ -d ../shared ]; then ln -sfn $(abspath ../shared) $(COMPILED)/shared; fi

pytest-compiled: compiled browser
	@# (the compiled modules' sources are not collected again for their doctests)
	cd $(COMPILED)/tree && GLEEK_EXPECT_COMPILED=1 $(CURDIR)/$(BIN)/python -m pytest \
		$(patsubst %,--ignore=%,$(shell $(BIN)/python setup.py --compiled-modules)) \
		gleek tests docs README.md

docs: $(STAMP)
	$(BIN)/sphinx-build -W --keep-going -q -b html docs docs/_build/html

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
	rm -rf $(VENV) $(MUTATION_VENV) build docs/_build docs/generated .mypy_cache .pytest_cache .ruff_cache dist mutants
