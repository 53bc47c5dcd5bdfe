"""Fixtures of the background-work tests: corpus games at a table, a real SMTP server."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from tests.notifications.mailserver import MailServer
from tests.notifications.tables import Table


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
