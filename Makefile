# tm_site: everything a developer needs, from a fresh machine.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: install run test bench lint migrate demo clean

$(STAMP): requirements/base.txt requirements/dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements/dev.txt
	touch $(STAMP)

install: $(STAMP)

migrate: install
	$(PY) manage.py migrate --noinput

run: migrate
	$(PY) manage.py load_demo
	$(PY) manage.py runserver 127.0.0.1:8000

test: install
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(PY) -m pytest -n 2 --dist loadfile

bench: install
	$(PY) manage.py bench_engine
	$(PY) manage.py bench_ratings
	$(PY) manage.py bench_api

lint: install
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

clean:
	rm -rf $(VENV) db.sqlite3 .pytest_cache .ruff_cache .hypothesis
