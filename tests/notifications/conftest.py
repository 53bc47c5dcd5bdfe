"""Fixtures of the background-work tests: corpus games at a table, a real SMTP server."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from notifications import tasks as notification_tasks
from tests.notifications.mailserver import MailServer
from tests.notifications.tables import Table
from tests.notifications.worker import redis_available, redis_test_url, worker_on_redis
from tm_site import celery_app


@pytest.fixture
def table(db) -> Callable[..., Table]:
    return Table


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """Run what the code under test queues for after the commit (receivers, then tasks)."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


@pytest.fixture
def smtp_server() -> Iterator[MailServer]:
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

    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        # Another thread cannot share an in-memory database with the tests; CI runs PostgreSQL.
        pytest.skip("the real worker needs a database other connections can open")
    url = redis_test_url()
    if not redis_available(url):
        pytest.skip(f"no Redis at {url}")
    with worker_on_redis(celery_app, url, task_always_eager=True) as queue:
        yield queue


@pytest.fixture
def real_worker(
    celery_worker_queue, transactional_db, smtp_server, settings
) -> Iterator[MailServer]:
    """Tasks go through Redis to the worker; mail goes to the SMTP server (returned)."""
    for name, value in smtp_server.settings().items():
        setattr(settings, name, value)
    celery_app.conf.task_always_eager = False
    try:
        yield smtp_server
        drain()
    finally:
        celery_app.conf.task_always_eager = True


def drain(timeout: float = 60) -> None:
    """Wait until the worker has run everything queued so far (one solo worker: FIFO)."""
    notification_tasks.notifications_flush.delay().get(timeout=timeout)
