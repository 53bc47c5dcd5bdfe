# tm_site: everything a developer needs, from a fresh machine.
# The interpreter the virtual environment is made from: python3, or a build of the same version
# on PATH whose core is linked into its executable (deploy/pick-python says why).
PYTHON ?= $(shell python3 deploy/pick-python 2>/dev/null || echo python3)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: install browser run serve test bench arena lint migrate demo clean messages engine-compiled engine-pure fuzz oracle

$(STAMP): requirements/base.txt requirements/dev.txt
	@echo "Making $(VENV) from $(PYTHON)"
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements/dev.txt
	touch $(STAMP)

install: $(STAMP)

migrate: install
	$(PY) manage.py migrate --noinput

# The development server and a Celery worker (with beat) beside it (deploy/run): the worker prints
# warnings and the mails it sends; deploy/worker restarts it when its work stops moving
# (tm_site/liveness.py); if it dies, a banner says so and the server stops too.
# HOST and PORT say where to serve (make run PORT=8001; the environment's are not used).
HOST := 127.0.0.1
PORT := 8000
run: migrate
	$(PY) manage.py load_demo
	PY="$(PY)" HOST="$(HOST)" PORT="$(PORT)" deploy/run

# The site as deployed (production settings from the environment; docs/operations.md), on the
# engine's mypyc build, made first when a module is missing or older than its source (the pure
# Python modules run when there is no C compiler); ENGINE=pure serves the pure modules, the
# reference (the compiled build applies moves and lists legal moves faster: docs/scaling.md).
ENGINE ?= compiled
serve: install
	@if [ "$(ENGINE)" = compiled ]; then PY="$(PY)" bench/engine_compiled --if-needed; \
	  else PY="$(PY)" bench/engine_compiled --remove; fi
	deploy/serve

# After changing translatable text: gather it into locale/de's .po (translate what is new there),
# then compile the .mo. Both files are committed, so a fresh clone needs no gettext tools.
messages: install
	$(PY) manage.py makemessages -l de --no-obsolete --ignore=.venv --ignore=tests --ignore=bench --ignore=deploy --ignore=staticfiles
	$(PY) manage.py makemessages -d djangojs -l de --no-obsolete --ignore=.venv --ignore=tests --ignore=staticfiles --ignore=node_modules
	$(PY) manage.py compilemessages --ignore=.venv

# The browser tests drive Debian's Chromium (never a downloaded one); without it they skip.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if command -v apt-get >/dev/null 2>&1; then \
	    { apt-get install -y -qq chromium >/dev/null 2>&1 || \
	      { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq chromium >/dev/null 2>&1; }; } || \
	    echo "Could not install chromium: the browser tests will be skipped."; \
	  else echo "No apt-get here: install chromium to run the browser tests."; fi; }

test: install browser
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(VENV)/bin/lint-imports
	$(PY) -m mypy
	$(PY) manage.py makemigrations --check --dry-run
	$(PY) -m pytest -n 2 --dist loadfile --durations=15
	PY="$(PY)" bench/engine_compiled --test

# Every benchmark from one run (bench/run, docs/scaling.md): the engine beside terra.snellman.net's
# (TM_REFERENCE_SRC, or REFERENCE_GIT, a git directory of jsnell/terra-mystica), ratings, the API,
# and moves over HTTP on the production stack (DATABASE_URL on PostgreSQL). Sizes:
# BENCH_REPEAT, BENCH_PLAYERS (e.g. 8,32), BENCH_MAX_MOVES (0: whole games).
REFERENCE_GIT ?=
bench: install
	REFERENCE_GIT="$(REFERENCE_GIT)" PY="$(PY)" bench/run

# The bot arena (bench/bot_arena.py, docs/bots.md): the search level against the random and the
# heuristic level, ARENA_GAMES two-player games each per game kind (so twice that per kind),
# ARENA_JOBS processes at once, with the arena's short search budgets.
ARENA_GAMES ?= 100
ARENA_JOBS ?= 1
arena: install
	ARENA_GAMES="$(ARENA_GAMES)" ARENA_JOBS="$(ARENA_JOBS)" nice $(PY) bench/bot_arena.py

# Random legal Terra Mystica games of every option family at scale (tests/rules/fuzz.py; make test
# plays a few): a table per family of games, stuck games, refused listed commands, invariant
# failures, score differences. FUZZ_GAMES games of each family from FUZZ_SEED; FUZZ_LOG names a
# file for one JSON line per game.
FUZZ_GAMES ?= 100
FUZZ_SEED ?= 0
FUZZ_LOG ?=
fuzz: install
	$(PY) -m tests.rules.fuzz --games $(FUZZ_GAMES) --seed $(FUZZ_SEED) $(if $(FUZZ_LOG),--log $(FUZZ_LOG))

# Random Fire & Ice games (every faction, option and map, auctions among them) replayed in
# terra.snellman.net's engine (REFERENCE_GIT or TM_REFERENCE_SRC, as for make bench; without
# them it says so and succeeds), each game's verdict and a table: agree row by row, same end
# with another row placement, a reference error the rulebook explains, unexplained (fails).
ORACLE_GAMES ?= 100
ORACLE_SEED ?= 0
oracle: install
	REFERENCE_GIT="$(REFERENCE_GIT)" PY="$(PY)" ORACLE_GAMES="$(ORACLE_GAMES)" ORACLE_SEED="$(ORACLE_SEED)" bench/oracle

# Optional: the engine's hot modules compiled with mypyc (a C compiler needed); the pure
# Python engine stays the reference, and engine-pure goes back to it.
engine-compiled: install
	PY="$(PY)" bench/engine_compiled

engine-pure:
	PY="$(PY)" bench/engine_compiled --remove

lint: install
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(VENV)/bin/lint-imports

clean:
	rm -rf $(VENV) db.sqlite3 .pytest_cache .ruff_cache .hypothesis
