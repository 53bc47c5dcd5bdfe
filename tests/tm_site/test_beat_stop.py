"""A beat stopped while its scheduler writes the schedule stops once the writing is done,
instead of building a second scheduler inside the interrupted transaction and never stopping
(tm_site.scheduler.Scheduler; tests/deploy/test_serve.py stops a whole stack)."""

from __future__ import annotations

import os
import signal

import pytest
from django.db import connection
from django_celery_beat.models import PeriodicTask

from tm_site.celery import app
from tm_site.scheduler import Scheduler

pytestmark = pytest.mark.django_db(transaction=True)


class StoppedWhileWriting(Scheduler):
    """The stop arrives as the scheduler begins to write its entries."""

    def update_from_dict(self, mapping: dict) -> None:
        if mapping and not getattr(self, "stopped", False):
            self.stopped = True
            os.kill(os.getpid(), signal.SIGTERM)
        super().update_from_dict(mapping)


def test_a_stop_during_the_schedules_setup_is_handled_after_it():
    seen: list[tuple[bool, int]] = []

    def handler(signum, frame):  # what beat's own handler would find: a transaction? entries?
        seen.append((connection.in_atomic_block, PeriodicTask.objects.count()))

    previous = signal.signal(signal.SIGTERM, handler)
    try:
        StoppedWhileWriting(app=app, lazy=False)
    finally:
        signal.signal(signal.SIGTERM, previous)

    entries = PeriodicTask.objects.count()
    assert entries >= len(app.conf.beat_schedule)
    # The stop was handled once, after the whole schedule was written, outside any transaction.
    assert seen == [(False, entries)]
