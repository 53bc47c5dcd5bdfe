"""Fixtures of the background-work tests: corpus games at a table. The real worker and SMTP
server (``real_worker``) are tests/conftest.py's, shared with the bots' tests."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from notifications import tasks as notification_tasks
from tests.notifications.tables import Table


@pytest.fixture
def table(db) -> Callable[..., Table]:
    return Table


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """Run what the code under test queues for after the commit (receivers, then tasks)."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


def drain(timeout: float = 60) -> None:
    """Wait until the worker has run everything queued so far (one solo worker: FIFO)."""
    notification_tasks.notifications_flush.delay().get(timeout=timeout)
