# The README's two commands: `make demo` and `make test`. Each builds .venv if missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint typecheck pytest docs bench mutation clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	@echo "== The rules of the three profiles (gleek rules ...)"
	@for p in parlett publications-international pedagogical; do $(BIN)/gleek rules $$p; echo; done
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

test: lint typecheck pytest docs

lint: $(STAMP)
	$(BIN)/ruff check gleek tests benchmarks docs tools
	$(BIN)/ruff format --check gleek tests benchmarks docs tools

typecheck: $(STAMP)
	$(BIN)/mypy --strict gleek

pytest: $(STAMP)
	$(BIN)/python -m pytest gleek tests docs README.md

docs: $(STAMP)
	$(BIN)/sphinx-build -W --keep-going -q -b html docs docs/_build/html

bench: $(STAMP)
	$(BIN)/python benchmarks/playout.py

# Mutation testing of the rule code (not part of `make test`; see docs/testing.rst). Each mutant
# of gleek/stages/ and gleek/state.py runs against the rule tests named in pyproject.toml's
# [tool.mutmut], hypothesis capped at MUTATION_EXAMPLES examples, derandomized. MUTANTS narrows
# the run to a glob of mutant names, e.g. make mutation MUTANTS='gleek.stages.*', and then keeps
# the other results already under mutants/ (a full run starts afresh).
MUTATION_EXAMPLES ?= 20
MUTATION_JOBS ?= 2
MUTANTS ?=
mutation: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,mutation]'
	$(if $(MUTANTS),,rm -rf mutants)
	GLEEK_MAX_EXAMPLES=$(MUTATION_EXAMPLES) nice -n 10 $(BIN)/mutmut run \
		--max-children $(MUTATION_JOBS) $(if $(MUTANTS),"$(MUTANTS)")
	$(BIN)/python tools/mutation_score.py

clean:
	rm -rf $(VENV) docs/_build .mypy_cache .pytest_cache .ruff_cache dist mutants
