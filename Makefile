# Common tasks.  `make run` serves the site locally; `make test` runs the whole suite.

PYTHON ?= $(shell command -v python3.11 >/dev/null 2>&1 && echo python3.11 || echo python3)
VENV ?= .venv
VPY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000
CHROMIUM ?= /usr/bin/chromium
PYTEST_ARGS ?=

.PHONY: run test bench prepare migrate lessons install node-deps check-chromium clean

# --- Python environment ------------------------------------------------------

$(VPY):
	$(PYTHON) -m venv $(VENV)

# Reinstall only when requirements.txt changed since the last install.
$(STAMP): requirements.txt | $(VPY)
	$(VPY) -m pip install --upgrade pip
	$(VPY) -m pip install -r requirements.txt
	touch $(STAMP)

install: $(STAMP)

# --- Database and content ----------------------------------------------------

migrate: $(STAMP)
	$(VPY) manage.py migrate --noinput

# Everything the site needs before it can serve pages.  Later steps (e.g.
# loading lessons) are added as extra prerequisites: `prepare: migrate other`.
prepare: migrate lessons

# Reads and validates every lesson and puzzle (the system checks): a broken
# puzzle stops `make run` with its file and line instead of a broken page.
lessons: $(STAMP)
	$(VPY) manage.py check

# --- Serve -------------------------------------------------------------------

run: prepare
	$(VPY) manage.py runserver $(HOST):$(PORT)

# --- Tests -------------------------------------------------------------------

# axe-core is injected by the browser tests' accessibility checks.
node-deps:
	@if [ ! -f node_modules/axe-core/axe.min.js ]; then \
		if command -v npm >/dev/null 2>&1; then \
			if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi; \
		else \
			echo "npm no está instalado: falta node_modules/axe-core para las pruebas de accesibilidad (npm is not installed)."; \
		fi; \
	fi

check-chromium:
	@if [ ! -x "$(CHROMIUM)" ]; then \
		echo "Falta Chromium en $(CHROMIUM); las pruebas de navegador lo necesitan."; \
		echo "Instálalo con:  sudo apt-get update && sudo apt-get install -y chromium"; \
		echo "(Chromium is missing at $(CHROMIUM); install it with: sudo apt-get install chromium)"; \
		exit 1; \
	fi

test: $(STAMP) node-deps check-chromium
	$(VPY) -m pytest $(PYTEST_ARGS)

# --- Benchmarks --------------------------------------------------------------

bench: $(STAMP)
	@set -e; found=0; \
	for script in bench/*.py; do \
		[ -e "$$script" ] || continue; \
		case "$$(basename $$script)" in _*) continue;; esac; \
		found=1; \
		echo "== $$script"; \
		$(VPY) "$$script"; \
	done; \
	if [ $$found -eq 0 ]; then echo "No hay pruebas de rendimiento en bench/."; fi

# --- Housekeeping ------------------------------------------------------------

clean:
	rm -rf staticfiles .pytest_cache .hypothesis test-results
	find . -path ./$(VENV) -prune -o -path ./node_modules -prune -o -type d -name __pycache__ -print0 | xargs -0 rm -rf
