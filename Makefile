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
	$(BIN)/python -m gleek.demo

test: lint typecheck pytest docs

lint: $(STAMP)
	$(BIN)/ruff check gleek tests benchmarks docs
	$(BIN)/ruff format --check gleek tests benchmarks docs

typecheck: $(STAMP)
	$(BIN)/mypy --strict gleek

pytest: $(STAMP)
	$(BIN)/python -m pytest gleek tests docs

docs: $(STAMP)
	$(BIN)/sphinx-build -W --keep-going -q -b html docs docs/_build/html

bench: $(STAMP)
	$(BIN)/python benchmarks/playout.py

clean:
	rm -rf $(VENV) docs/_build .mypy_cache .pytest_cache .ruff_cache dist
