"""One scheduler at a time: the beat that runs the periodic tasks holds a lock for its lifetime.

Two beats would run every periodic task twice (an operator starting a second one, or a beat
embedded in a worker, ``worker --beat``, left behind when its worker was killed). A beat takes
the lock before it schedules anything and waits while another holds it; a beat embedded in a
worker also ends when its worker ends, however the worker died.
"""

from __future__ import annotations

import ctypes
import fcntl
import logging
import os
import signal
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import billiard.process
from django_celery_beat.schedulers import DatabaseScheduler

logger = logging.getLogger(__name__)

# pg_advisory_lock key: "tm_site beat" in ASCII, so it names itself in pg_locks.
LOCK_KEY = int.from_bytes(b"tmbeat", "big")
PR_SET_PDEATHSIG = 1
RETRY_SECONDS = 5

_held: list[Any] = []  # the lock's connection or file, kept open while the process lives


def die_with_parent() -> None:
    """In a beat embedded in a worker: end when the worker ends (Linux), even by SIGKILL."""
    # Celery starts the embedded beat with billiard, its fork of multiprocessing.
    parent = getattr(billiard.process.current_process(), "_parent_pid", None)
    if parent is None:
        return
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):
        logger.warning("This system cannot tie the embedded beat to its worker.")
    if os.getppid() != parent:  # the worker died before the tie was made
        os._exit(0)


def _try_postgres(settings_dict: Mapping[str, Any]) -> Any | None:
    import psycopg

    conn = psycopg.connect(
        dbname=settings_dict["NAME"],
        user=settings_dict.get("USER") or None,
        password=settings_dict.get("PASSWORD") or None,
        host=settings_dict.get("HOST") or None,
        port=settings_dict.get("PORT") or None,
        autocommit=True,
    )
    row = conn.execute("SELECT pg_try_advisory_lock(%s)", (LOCK_KEY,)).fetchone()
    if row is not None and row[0]:
        return conn
    conn.close()
    return None


def _try_file(path: Path) -> Any | None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = path.open("a")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        return None
    return handle


def acquire() -> None:
    """Block until this process is the only scheduler: a PostgreSQL advisory lock (any number
    of machines), or a lock file beside the project without PostgreSQL (one machine)."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    waited = False
    while True:
        if "postgresql" in database["ENGINE"]:
            held = _try_postgres(database)
        else:
            held = _try_file(Path(settings.BASE_DIR) / ".celery" / "beat.lock")
        if held is not None:
            _held.append(held)
            if waited:
                logger.warning("The other scheduler has stopped: this one runs the schedule.")
            return
        if not waited:
            logger.warning("Another scheduler is running: this one waits until it stops.")
            waited = True
        time.sleep(RETRY_SECONDS)


class Scheduler(DatabaseScheduler):
    """django-celery-beat's scheduler, whose setup a stop cannot cut in half.

    Celery beat saves the schedule in its SIGTERM/SIGINT handler. A stop arriving while the
    scheduler writes its entries (inside a transaction) made that handler build a second
    scheduler inside the interrupted transaction, which failed on every entry, and the beat
    never stopped. A stop during the setup is held until the setup is done, then handled as
    usual. (Blocking the signals would not do: the beat has other threads, which take them.)"""

    def setup_schedule(self) -> None:
        held: list[int] = []
        try:
            previous = {
                number: signal.signal(number, lambda signum, frame: held.append(signum))
                for number in (signal.SIGTERM, signal.SIGINT)
            }
        except ValueError:  # not the main thread, which alone receives signals: nothing to hold
            super().setup_schedule()
            return
        try:
            super().setup_schedule()
        finally:
            for number, handler in previous.items():
                signal.signal(number, handler)
        if held:
            signal.raise_signal(held[0])
