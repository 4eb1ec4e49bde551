# Common tasks.  `make run` serves the site locally; `make test` runs the whole suite;
# `make check` runs the linter and the type checker.

PYTHON ?= $(shell command -v python3.11 >/dev/null 2>&1 && echo python3.11 || echo python3)
VENV ?= .venv
VPY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev
HOST ?= 127.0.0.1
PORT ?= 8000
# make run serves the site as its users see it; DEBUG=1 shows Django's technical error pages.
DEBUG ?= 0
CHROMIUM ?= /usr/bin/chromium
PYTEST_ARGS ?=
# Processes that share the tests (pytest-xdist), e.g. TEST_WORKERS=2; empty
# runs them in one.  Each worker has its own test database, live servers on
# free ports and its own Chromium.
TEST_WORKERS ?=
PYTEST := $(VPY) -m pytest $(if $(strip $(TEST_WORKERS)),-n $(TEST_WORKERS))

# Debian packages each task needs; scripts/system-packages installs the
# missing ones when it can (root or password-less sudo with apt-get) and
# otherwise prints the exact command and stops.
RUN_PACKAGES ?= python3-venv redis-server
TEST_PACKAGES ?= chromium redis-server
POSTGRES_PACKAGES ?= postgresql
SYSTEM_PACKAGES := PYTHON=$(PYTHON) CHROMIUM=$(CHROMIUM) scripts/system-packages

.PHONY: run serve-prod serve-live serve-worker test test-deps test-fast test-postgres check lint types types-next bench screenshots prepare migrate lessons install install-dev node-deps system-packages-test clean

# --- Python environment ------------------------------------------------------

$(VPY):
	@$(SYSTEM_PACKAGES) $(RUN_PACKAGES)
	$(PYTHON) -m venv $(VENV)

# One stamp per requirements file: each is reinstalled only when it changed
# since its last install.  requirements.txt is what serving needs (all that
# `make run` installs); requirements-dev.txt adds the tests' and the checks' tools.
$(STAMP): requirements.txt | $(VPY)
	$(VPY) -m pip install --upgrade pip
	$(VPY) -m pip install -r requirements.txt
	touch $(STAMP)

$(DEV_STAMP): requirements-dev.txt $(STAMP)
	$(VPY) -m pip install -r requirements-dev.txt
	touch $(DEV_STAMP)

install: $(STAMP)

install-dev: $(DEV_STAMP)

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

# The whole site on this machine, as production runs it (docs/processes.md):
# supervisord starts the processes that processes.conf defines, the one
# definition the tests start too (tests/test_processes.py): a private Redis
# on a socket file in RUN_DIR (the channel layer every process shares, so
# that a flag, a finished review, a pairing or a logout reaches every open
# page), daphne's runserver (HTTP and WebSockets, reloaded when the code
# changes), a worker that grades the finished games' reviews and a light
# one that ends timed games on time at their deadlines.  A process that
# dies is started again; Ctrl-C stops them all.  While it runs,
# `RUN_DIR=.run .venv/bin/supervisorctl -c processes.conf status` lists them.
RUN_DIR ?= $(CURDIR)/.run

run: prepare
	@$(SYSTEM_PACKAGES) $(RUN_PACKAGES)
	@mkdir -p $(RUN_DIR)
	RUN_DIR=$(RUN_DIR) RUN_PYTHON=$(abspath $(VPY)) RUN_HOST=$(HOST) RUN_PORT=$(PORT) DJANGO_DEBUG=$(DEBUG) \
		$(VENV)/bin/supervisord -c processes.conf

# The production server: gunicorn with tutor.settings.prod, WhiteNoise serving
# the compressed, hashed static files.  Needs DJANGO_SECRET_KEY and
# DJANGO_ALLOWED_HOSTS (see README, "Poner el sitio en producción");
# WEB_CONCURRENCY sets the number of worker processes.
PROD := DJANGO_SETTINGS_MODULE=tutor.settings.prod

serve-prod: $(STAMP)
	$(PROD) $(VPY) manage.py check --deploy --fail-level ERROR
	$(PROD) $(VPY) manage.py migrate --noinput
	$(PROD) $(VPY) manage.py createcachetable
	$(PROD) $(VPY) manage.py collectstatic --noinput
	$(PROD) GUNICORN_BIND="$${GUNICORN_BIND:-$(HOST):$(PORT)}" $(VPY) -m gunicorn -c gunicorn.conf.py

# The live games' WebSockets in production: daphne (ASGI) with
# tutor.settings.prod, next to gunicorn, which keeps serving HTTP.  The proxy
# sends /ws/ here.  Several processes or machines share the games through
# Redis: CHANNEL_LAYER_URL=redis://… (see README, "Partidas en directo").
# LIVE_THREADS: daphne's shared pool of threads (ASGI_THREADS), where the
# sockets read the database; the lobby's decisions have three more of their own.
# Fewer threads than Python's default of six leave the event loop, which serves
# every socket, less often waiting for the interpreter's lock (bench/lobby.py).
LIVE_PORT ?= 8001
LIVE_THREADS ?= 3

serve-live: $(STAMP)
	$(PROD) $(VPY) manage.py check --deploy --fail-level ERROR
	$(PROD) ASGI_THREADS=$(LIVE_THREADS) $(VPY) -m daphne --bind $(HOST) --port $(LIVE_PORT) --proxy-headers tutor.asgi:application

# The workers that grade finished games' reviews in production, on any machine
# that reaches the database (and Redis, to tell the open review pages at
# once): tutor.settings.prod, the same variables as serve-prod.  Each one
# grades one review at a time through its own GNU Backgammon process; start
# as many as the machine has cores to spare (WORKERS=2, for instance).
# Next to them, one worker of its own ends timed games on time at their
# deadlines (the clocks queue), so that a flag never waits behind a review;
# several machines may each run one: a game is flagged once.  They are the
# workers of `make run`, under the same supervisor (workers.conf): one that
# dies is started again, SIGINT or SIGTERM stops them all; supervisord keeps
# its socket and log in WORKERS_RUN_DIR.
WORKERS ?= 1
WORKERS_RUN_DIR ?= $(CURDIR)/.run

serve-worker: $(STAMP)
	$(PROD) $(VPY) manage.py check --deploy --fail-level ERROR
	@mkdir -p $(WORKERS_RUN_DIR)
	$(PROD) RUN_DIR=$(WORKERS_RUN_DIR) RUN_PYTHON=$(abspath $(VPY)) WORKERS=$(WORKERS) \
		$(VENV)/bin/supervisord -c workers.conf

# --- Tests -------------------------------------------------------------------

# axe-core is injected by the browser tests' accessibility checks.
node-deps:
	@if [ ! -f node_modules/axe-core/axe.min.js ]; then \
		$(SYSTEM_PACKAGES) npm || exit 1; \
		if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi; \
	fi

# Chromium for the browser tests (they fail, not skip, when CI=true).
system-packages-test:
	@$(SYSTEM_PACKAGES) $(TEST_PACKAGES)

test: $(DEV_STAMP) node-deps system-packages-test
	$(PYTEST) $(PYTEST_ARGS)

# Everything `make test` and `make test-postgres` need, installed once (CI then runs both at the same time).
test-deps: $(DEV_STAMP) node-deps system-packages-test
	@$(SYSTEM_PACKAGES) $(POSTGRES_PACKAGES)

# The suite without the tests marked slow (long comparisons with GNU Backgammon,
# load and fuzz runs) nor those that drive a browser: a quick loop while working.
FAST_MARKS ?= not slow and not browser
TEST_DATABASE_ONLY ?= 1
POSTGRES_MARKS ?= not browser

test-fast: $(DEV_STAMP)
	$(PYTEST) -m "$(FAST_MARKS)" $(PYTEST_ARGS)

# The tests that reach the database, against a throwaway PostgreSQL server on
# loopback (Debian's `postgresql` package), stopped and removed afterwards.  The
# others (the engine, the drills, the comparisons with GNU Backgammon) give the
# same result on any database, and the browser's walks go through the views
# the other tests already drive on PostgreSQL: `make test` runs them all.
# `make test-postgres TEST_DATABASE_ONLY= POSTGRES_MARKS=` runs everything.
test-postgres: $(DEV_STAMP) node-deps system-packages-test
	@$(SYSTEM_PACKAGES) $(POSTGRES_PACKAGES)
	TEST_DATABASE_ONLY=$(TEST_DATABASE_ONLY) scripts/with-postgres $(PYTEST) $(if $(strip $(POSTGRES_MARKS)),-m "$(POSTGRES_MARKS)") $(PYTEST_ARGS)

# --- Checks ------------------------------------------------------------------

# ruff with the small rule set of pyproject.toml (no formatter: the code's
# layout is left as written), then mypy: --strict on the pure packages next
# to the rules and on the game core and the board they stand on, the default
# level (with django-stubs) on everything else.  The strict run reports only
# the packages it names: the apps their Django models bring in are read, not
# judged, there (--follow-imports=silent).
# NEXT_STRICT_PACKAGES are on their way to strict: left out of both runs
# (`make types-next` shows what is left); once that passes, move them to
# STRICT_PACKAGES and empty NEXT_STRICT_PACKAGES.
STRICT_PACKAGES ?= tutor/engine tutor/drills tutor/rules tutor/games tutor/board
NEXT_STRICT_PACKAGES ?=
MYPY := $(VPY) -m mypy

check: lint types

lint: $(DEV_STAMP)
	$(VPY) -m ruff check .

types: $(DEV_STAMP)
	$(MYPY) --strict --no-warn-unused-configs --follow-imports=silent $(STRICT_PACKAGES)
	$(MYPY) tutor $(foreach package,$(NEXT_STRICT_PACKAGES),--exclude '^$(package)/')

types-next: $(DEV_STAMP)
	@if [ -n "$(strip $(NEXT_STRICT_PACKAGES))" ]; then $(MYPY) --strict $(NEXT_STRICT_PACKAGES); \
	else echo "Every package in STRICT_PACKAGES is checked with --strict by make check."; fi

# --- Benchmarks --------------------------------------------------------------

bench: $(DEV_STAMP)
	@set -e; found=0; \
	for script in bench/*.py; do \
		[ -e "$$script" ] || continue; \
		case "$$(basename $$script)" in _*) continue;; esac; \
		found=1; \
		echo "== $$script"; \
		$(VPY) "$$script"; \
	done; \
	if [ $$found -eq 0 ]; then echo "No hay pruebas de rendimiento en bench/."; fi

# --- Screenshots ---------------------------------------------------------------

# PNGs of the main pages at 1280 and 360 px in screenshots/ (ignored by git),
# so that reviewers can see the pages without running a browser.
screenshots: $(DEV_STAMP) system-packages-test
	$(VPY) scripts/screenshots.py screenshots

# --- Housekeeping ------------------------------------------------------------

clean:
	rm -rf staticfiles .pytest_cache .hypothesis test-results .mypy_cache .ruff_cache
	find . -path ./$(VENV) -prune -o -path ./node_modules -prune -o -type d -name __pycache__ -print0 | xargs -0 rm -rf
