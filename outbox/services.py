"""Writes of the outbox: record work in the caller's transaction, run it once, sweep what waits.

``enqueue`` writes an entry beside the caller's rows; after the commit the entry's id is handed
to the broker, and a broker that is down costs a log line, not the work: the sweep runs every
entry that has waited longer than ``OUTBOX_GRACE`` seconds. An entry is claimed before it runs
(a claim older than ``OUTBOX_LEASE`` seconds belonged to a worker that died), so a queued id
and the sweep never run it side by side. The tasks it names must be safe to run twice: a worker
killed after the work and before marking the entry done runs it again.
"""

from __future__ import annotations

import json
import logging
import os
import queue
import threading
from datetime import timedelta

from celery import Task, current_app
from django.conf import settings
from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone

from .models import Entry

logger = logging.getLogger(__name__)

DONE_KEPT = timedelta(days=7)


def enqueue(task: Task, *args: object) -> Entry:
    """Run ``task(*args)`` in the background once the current transaction has committed."""
    entry = Entry.objects.create(task=task.name, args=list(args))
    transaction.on_commit(lambda: publish(entry.pk), robust=True)
    return entry


def publish(entry_id: int) -> None:
    """Hand the entry to the broker, once, waiting at most ``OUTBOX_PUBLISH_TIMEOUT`` seconds:
    the sweep covers a broker that does not answer, so a hung broker never holds a request
    longer. Eager tasks (tests, no worker) run right here."""
    if current_app.conf.task_always_eager:
        _send(entry_id)
        return
    hand_over = _HandOver(entry_id)
    _publisher().put(hand_over)
    if not hand_over.done.wait(settings.OUTBOX_PUBLISH_TIMEOUT):
        hand_over.abandoned = True
        logger.warning(
            "Broker did not answer within %s s: outbox entry %s waits for the sweep.",
            settings.OUTBOX_PUBLISH_TIMEOUT,
            entry_id,
        )


def _send(entry_id: int) -> None:
    try:
        # By name: the task module imports this one.
        current_app.tasks["outbox.tasks.entry_run"].apply_async((entry_id,), retry=False)
    except Exception as exc:
        logger.warning(
            "Broker unavailable (%s): outbox entry %s waits for the sweep.", exc, entry_id
        )


class _HandOver:
    def __init__(self, entry_id: int) -> None:
        self.entry_id = entry_id
        self.done = threading.Event()
        self.abandoned = False


# One thread per process talks to the broker; a request waits for it with a timeout. Hand-overs
# abandoned while it was stuck are skipped (the sweep has them), so a hang builds no backlog.
_queue: tuple[int, queue.SimpleQueue[_HandOver]] | None = None
_queue_lock = threading.Lock()


def _publisher() -> queue.SimpleQueue[_HandOver]:
    global _queue
    with _queue_lock:
        # A forked child (web workers, pool processes) starts its own thread.
        if _queue is None or _queue[0] != os.getpid():
            _queue = (os.getpid(), queue.SimpleQueue())
            threading.Thread(
                target=_publish_forever, args=(_queue[1],), name="outbox-publish", daemon=True
            ).start()
        return _queue[1]


def _publish_forever(hand_overs: queue.SimpleQueue[_HandOver]) -> None:
    while True:
        hand_over = hand_overs.get()
        if not hand_over.abandoned:
            _send(hand_over.entry_id)
        hand_over.done.set()


def _claimable(now):
    lease = now - timedelta(seconds=settings.OUTBOX_LEASE)
    return Entry.objects.filter(status=Entry.Status.PENDING).filter(
        Q(claimed_at__isnull=True) | Q(claimed_at__lt=lease)
    )


def _claim(entry_id: int, now) -> Entry | None:
    """Claim the entry and read it in one statement (UPDATE … RETURNING); None if it is done
    or another worker holds it."""
    lease = now - timedelta(seconds=settings.OUTBOX_LEASE)
    table = Entry._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} SET claimed_at = %s, attempts = attempts + 1 "
            "WHERE id = %s AND status = %s AND (claimed_at IS NULL OR claimed_at < %s) "
            "RETURNING task, args, attempts",
            [now, entry_id, Entry.Status.PENDING, lease],
        )
        row = cursor.fetchone()
    if row is None:
        return None
    task, args, attempts = row
    # SQLite returns the JSON column as text; PostgreSQL's driver decodes it.
    return Entry(
        id=entry_id,
        task=task,
        args=json.loads(args) if isinstance(args, str) else args,
        attempts=attempts,
    )


def entry_run(entry_id: int) -> bool:
    """Run one entry unless it is done or claimed; True when it ran and succeeded."""
    entry = _claim(entry_id, timezone.now())
    if entry is None:
        return False
    try:
        current_app.tasks[entry.task](*entry.args)
    except Exception as exc:
        failed = entry.attempts >= settings.OUTBOX_MAX_ATTEMPTS
        # The claim stays: the sweep tries again once it has expired.
        Entry.objects.filter(pk=entry_id).update(
            error=repr(exc)[:2000],
            status=Entry.Status.FAILED if failed else Entry.Status.PENDING,
        )
        logger.exception(
            "Outbox entry %s (%s) failed, attempt %s", entry_id, entry.task, entry.attempts
        )
        return False
    # Written out, as the claim: after every move the ORM's building of this UPDATE cost more
    # CPU than the database's work.
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {Entry._meta.db_table} SET status = %s, done_at = %s, error = '' "
            "WHERE id = %s",
            [Entry.Status.DONE, connection.ops.adapt_datetimefield_value(timezone.now()), entry_id],
        )
    return True


def sweep(*, limit: int = 500) -> int:
    """Run the entries the broker did not deliver in time; forget those done long ago."""
    now = timezone.now()
    waiting = _claimable(now).filter(created_at__lt=now - timedelta(seconds=settings.OUTBOX_GRACE))
    ran = sum(entry_run(pk) for pk in waiting.values_list("pk", flat=True)[:limit])
    Entry.objects.filter(status=Entry.Status.DONE, done_at__lt=now - DONE_KEPT).delete()
    return ran
