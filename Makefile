# The README's two commands: `make demo` and `make test`. Each builds .venv if missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint typecheck pytest browser docs bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
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

test: lint typecheck pytest docs

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
	$(BIN)/coverage run -m pytest gleek tests docs README.md
	$(BIN)/coverage report  # line and branch coverage of gleek/: fails under 98% (pyproject)

docs: $(STAMP)
	$(BIN)/sphinx-build -W --keep-going -q -b html docs docs/_build/html

bench: $(STAMP)
	$(BIN)/python benchmarks/playout.py

clean:
	rm -rf $(VENV) build docs/_build docs/generated .mypy_cache .pytest_cache .ruff_cache dist
