"""Is the Celery worker doing its work? A check that looks at the work, not at the worker.

``celery inspect ping`` is answered by a worker's control thread even when its consumer is
stuck (seen after a hung Redis): it proves nothing. The check fails instead when work waits
that a working worker would have taken, and no task has finished for ``WORKER_STALE_AFTER``
seconds:

- the oldest message in the task queue was sent longer ago than that (each message carries its
  time of sending, ``tm_sent_at``, stamped when it is published), or
- an outbox entry nobody holds has waited that long (the sweep, every ``OUTBOX_SWEEP``
  seconds, would have run it).

A worker that is merely busy with a backlog finishes tasks, so it passes. A broker that cannot
be reached is not the worker's fault and is not counted (the worker reconnects by itself).
``python -m tm_site.liveness [--started EPOCH]`` exits 1 naming what waits; deploy/worker runs it
and restarts the worker when it fails (docs/operations.md).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import time
from datetime import timedelta
from typing import Any

logger = logging.getLogger(__name__)

PROGRESS_KEY = "tm-worker-progress"
SENT_HEADER = "tm_sent_at"


def stamp_sent(headers: dict[str, Any] | None) -> None:
    """Mark a message with the time it is published (``before_task_publish``)."""
    if headers is not None:
        headers.setdefault(SENT_HEADER, time.time())


def record_progress() -> None:
    """A task has finished (``task_postrun``): the queue is moving."""
    from django.core.cache import cache

    try:
        cache.set(PROGRESS_KEY, time.time(), None)
    except Exception as exc:  # an unreachable cache must not fail the task
        logger.debug("Worker progress not recorded: %s", exc)


def last_progress() -> float | None:
    from django.core.cache import cache

    try:
        value = cache.get(PROGRESS_KEY)
    except Exception:
        return None
    return float(value) if value is not None else None


def oldest_queued(now: float) -> float | None:
    """Seconds the oldest message of the task queue has waited; None if none or unknown."""
    from django.conf import settings

    url = settings.CELERY_BROKER_URL
    if not url.startswith(("redis://", "rediss://", "unix://")):
        return None
    import redis

    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)
        # kombu pushes on the left and takes from the right: the oldest message is last.
        raw = client.lindex(settings.CELERY_TASK_DEFAULT_QUEUE, -1)
    except redis.RedisError as exc:
        logger.warning("Liveness: the broker did not answer (%s); not the worker's fault.", exc)
        return None
    if raw is None:
        return None
    try:
        sent = json.loads(raw)["headers"][SENT_HEADER]
    except (ValueError, KeyError, TypeError):
        return None
    return now - float(sent)


def unclaimed_outbox_age(now: float) -> float | None:
    """Seconds the oldest outbox entry that nobody holds has waited; None if none."""
    from django.conf import settings
    from django.utils import timezone

    from outbox.models import Entry

    moment = timezone.now()
    lease = moment - timedelta(seconds=settings.OUTBOX_LEASE)
    from django.db.models import Q

    oldest = (
        Entry.objects.filter(status=Entry.Status.PENDING)
        .filter(Q(claimed_at__isnull=True) | Q(claimed_at__lt=lease))
        .order_by("created_at")
        .values_list("created_at", flat=True)
        .first()
    )
    return (moment - oldest).total_seconds() if oldest is not None else None


def in_doubt(*, started: float | None = None, now: float | None = None) -> bool:
    """Whether the worker needs the whole check: False when it started too recently to blame
    or a task finished within ``WORKER_STALE_AFTER``. Settings and the cache only, no apps:
    the check runs every minute beside the site, and loading every app cost about 2.6 s of CPU
    a run (0.6 s this way) on the cores that serve the moves."""
    from django.conf import settings

    now = time.time() if now is None else now
    stale = settings.WORKER_STALE_AFTER
    if started is not None and now - started < stale:
        return False
    progress = last_progress()
    return progress is None or now - progress >= stale


def problems(*, started: float | None = None, now: float | None = None) -> list[str]:
    """What shows the worker stuck; empty when it is working (or has nothing to do)."""
    from django.conf import settings

    now = time.time() if now is None else now
    stale = settings.WORKER_STALE_AFTER
    if started is not None and now - started < stale:
        return []  # too early to tell
    progress = last_progress()
    if progress is not None and now - progress < stale:
        return []
    found = []
    queued = oldest_queued(now)
    if queued is not None and queued > stale:
        found.append(f"the oldest queued task has waited {queued:.0f} s")
    waiting = unclaimed_outbox_age(now)
    if waiting is not None and waiting > stale:
        found.append(f"an outbox entry nobody runs has waited {waiting:.0f} s")
    if found:
        since = f"{now - progress:.0f} s" if progress is not None else "its start"
        found.append(f"no task has finished for {since} (WORKER_STALE_AFTER={stale})")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tm_site.liveness", description=__doc__)
    parser.add_argument("--started", type=float, help="when the worker started (Unix time)")
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tm_site.settings.prod")
    if not in_doubt(started=args.started):
        return 0
    import django

    django.setup()
    found = problems(started=args.started)
    if found:
        print("The worker is stuck: " + "; ".join(found) + ".", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
