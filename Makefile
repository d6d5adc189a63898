# The README's two commands: `make demo` and `make test`. Each builds .venv if missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint typecheck pytest docs bench clean

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
	$(BIN)/python -m pytest gleek tests docs README.md --cov=gleek --cov-branch --cov-report=term --cov-fail-under=98

docs: $(STAMP)
	$(BIN)/sphinx-build -W --keep-going -q -b html docs docs/_build/html

bench: $(STAMP)
	$(BIN)/python benchmarks/playout.py

clean:
	rm -rf $(VENV) docs/_build .mypy_cache .pytest_cache .ruff_cache dist
