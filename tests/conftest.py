"""Shared fixtures of the platform tests (the rules engine's tests have their own)."""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from games import kinds, services

CORPUS = Path(__file__).parent / "fixtures" / "corpus" / "snellman"
CORPUS_OPTIONS = [
    "strict-leech",
    "strict-darkling-sh",
    "strict-chaosmagician-sh",
    "errata-cultist-power",
    "mini-expansion-1",
    "shipping-bonus",
    "temple-scoring-tile",
    "email-notify",
    "maintain-player-order",
    "variable-turn-order",
]


def pytest_configure(config) -> None:
    """The session's first process (not an xdist worker) names the session's migrated template
    database (tests/support/servers.py) for its workers, and drops any a killed session left."""
    from tests.support.servers import TEMPLATE_SESSION, drop_templates

    if not hasattr(config, "workerinput"):
        os.environ[TEMPLATE_SESSION] = uuid.uuid4().hex[:12]
        drop_templates(os.environ.get("DATABASE_URL", ""), stale=True)


def pytest_unconfigure(config) -> None:
    from tests.support.servers import drop_templates

    if not hasattr(config, "workerinput"):
        drop_templates(os.environ.get("DATABASE_URL", ""))


def live_row(row: dict) -> bool:
    """Whether a recorded player row is one a live game accepts.

    terra.snellman.net logs rows that change nothing, such as a lone 'wait' (a player saying
    they wait for others' decisions); the site refuses those, since they would only take the
    player on turn their undo.
    """
    return any(part.strip().lower() != "wait" for part in row["player_command"].split("."))


def load_corpus_game(game_id: str) -> dict:
    return json.loads((CORPUS / f"{game_id}.json").read_text())


@pytest.fixture
def high_card(settings):
    """A third kind in the registry (tests/games/kinds/high_card.py), added through
    ``GAME_KINDS`` alone, as a new kind would be."""
    kinds.registry.cache_clear()
    settings.GAME_KINDS = {
        **settings.GAME_KINDS,
        "high_card": "tests.games.kinds.high_card.HighCard",
    }
    yield
    kinds.registry.cache_clear()


@pytest.fixture
def api() -> APIClient:
    return APIClient()


@pytest.fixture
def client_for() -> Callable[..., APIClient]:
    """An API client logged in as ``user`` (None: anonymous)."""

    def make(user=None) -> APIClient:
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client

    return make


@pytest.fixture
def user(db):
    from tests.factories import UserFactory

    return UserFactory()


@pytest.fixture
def other_user(db):
    from tests.factories import UserFactory

    return UserFactory()


@pytest.fixture
def staff(db):
    from tests.factories import StaffFactory

    return StaffFactory()


@pytest.fixture
def corpus_game() -> Callable[[str], dict]:
    return load_corpus_game


@pytest.fixture
def started_game(db):
    """A running 2-player game (random setup from a fixed seed); returns (game, [creator, joiner])."""
    from tests.factories import UserFactory

    def make(options=("strict-leech",), public=True, seed="fixed-seed-1"):
        creator, joiner = UserFactory(), UserFactory()
        game = services.game_create(
            user=creator, player_count=2, options=list(options), public=public, seed=seed
        )
        if public:
            services.game_join(game_id=game.pk, user=joiner)
        else:
            services.game_join(game_id=game.pk, user=joiner, invite_code=game.invite_code)
            services.game_start(game_id=game.pk, user=creator)
        game.refresh_from_db()
        return game, [creator, joiner]

    return make


# --- a real worker (Redis) and a real SMTP server: the background-work and bots' tests --------


@pytest.fixture
def smtp_server() -> Iterator[Any]:
    from tests.notifications.mailserver import MailServer

    server = MailServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def celery_worker_queue(django_db_setup, django_db_blocker) -> Iterator[str]:
    """A solo worker thread on Redis for the whole session; tasks stay eager outside its tests."""
    from django.db import connection

    from tests.notifications.worker import redis_available, redis_test_url, worker_on_redis
    from tm_site import celery_app

    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        # Another thread cannot share an in-memory database with the tests; CI runs PostgreSQL.
        pytest.skip("the real worker needs a database other connections can open")
    url = redis_test_url()
    if not redis_available(url):
        pytest.skip(f"no Redis at {url}")
    with worker_on_redis(celery_app, url, task_always_eager=True) as queue:
        yield queue


@pytest.fixture
def real_worker(celery_worker_queue, transactional_db, smtp_server, settings) -> Iterator[Any]:
    """Tasks go through Redis to the worker; mail goes to the SMTP server (returned)."""
    from tests.notifications.conftest import drain
    from tm_site import celery_app

    for name, value in smtp_server.settings().items():
        setattr(settings, name, value)
    celery_app.conf.task_always_eager = False
    try:
        yield smtp_server
        drain()
    finally:
        celery_app.conf.task_always_eager = True


@pytest.fixture(autouse=True)
def english_unless_asked():
    """Each test starts in the site's default language: a test that activated German in this
    process (a request, a mail in the reader's language) leaves no German behind it."""
    from django.utils import translation

    translation.activate("en")
    yield
    translation.deactivate()
