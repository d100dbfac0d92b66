# One entry point per task; each target installs what it needs first (see README).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PY_DEPS := $(VENV)/.installed
NODE_DEPS := node_modules/.installed
CHROMIUM := /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: serve site check check-sources lint test test-rapide bench clean nouveau-systeme

serve: $(PY_DEPS) $(NODE_DEPS)
	$(PY) -m generator serve $(if $(PORT),--port $(PORT))

site: $(PY_DEPS) $(NODE_DEPS)
	$(PY) -m generator build

check: $(PY_DEPS)
	$(PY) -m generator check

# Every tier: the browser code's unit tests (Node), then tests/unit, tests/build and
# tests/browser on every core (pytest); the site is built once.
test: lint $(NODE_DEPS) $(CHROMIUM)
	node --test tests/js/
	$(PY) -m pytest -n auto --durations=25

# The inner loop: pure Python and the browser code's pure modules.
test-rapide: $(PY_DEPS) $(NODE_DEPS)
	node --test tests/js/
	$(PY) -m pytest -n auto tests/unit

# ruff for the Python, ESLint (eslint.config.mjs) for the browser code.
lint: $(PY_DEPS) $(NODE_DEPS)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	node_modules/.bin/eslint --max-warnings 0 .

# A new original system, with an example of each part, that builds and passes check at once.
nouveau-systeme: $(PY_DEPS)
	@test -n "$(ID)" || { echo "usage : make nouveau-systeme ID=mon-jeu"; exit 2; }
	$(PY) -m generator nouveau-systeme $(ID)

# On purpose only: checks the line numbers the data cite against the source texts.
check-sources: $(PY_DEPS)
	@test -n "$(SOURCES)" || { echo "usage : make check-sources SOURCES=dossier-des-textes"; exit 2; }
	SRD_SOURCES="$(abspath $(SOURCES))" $(PY) -m pytest -m sources -rs

bench: $(PY_DEPS) $(NODE_DEPS) $(CHROMIUM)
	$(PY) scripts/bench.py $(if $(SEULEMENT),--seulement $(SEULEMENT))

clean:
	rm -rf build site .site-* $(VENV) node_modules

# Python: a virtual environment with the versions pinned in requirements.lock.
$(PY_DEPS): pyproject.toml requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -c requirements.lock -e '.[test]'
	touch $@

# Pyodide, self-hosted: the npm package pinned in package-lock.json.
$(NODE_DEPS): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# Debian's Chromium for the browser tests (Playwright must not download its own).
$(CHROMIUM):
	$(SUDO) apt-get update -q
	$(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium
