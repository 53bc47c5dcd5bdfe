"""The Celery application: settings come from Django's (``CELERY_*``), tasks from each app's tasks.py."""

from __future__ import annotations

import os
import time

from celery import Celery
from celery.signals import (
    beat_init,
    before_task_publish,
    task_postrun,
    task_prerun,
    worker_init,
    worker_process_init,
)

from . import broker

# Workers run production settings unless told otherwise (make run names the development ones).
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tm_site.settings.prod")

# Redis brokers through tm_site.broker: a hung Redis cannot leave the worker unable to fetch.
broker.use()

app = Celery("tm_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@beat_init.connect
def _one_scheduler(sender: object = None, **kwargs: object) -> None:
    from . import safety, scheduler

    safety.check_serving_settings()
    scheduler.die_with_parent()
    scheduler.acquire()


@worker_init.connect
def _check_settings(sender: object = None, **kwargs: object) -> None:
    from . import safety

    safety.check_serving_settings()


@worker_process_init.connect
def _freeze_loaded(**kwargs: object) -> None:
    """Each pool process, once it has loaded the site and its tasks and before its first task,
    keeps what it holds out of the garbage collector's passes (tm_site.gcfreeze)."""
    from .gcfreeze import freeze_loaded

    freeze_loaded()


@before_task_publish.connect
def _stamp_sent(headers: dict | None = None, **kwargs: object) -> None:
    from .liveness import stamp_sent

    stamp_sent(headers)


@task_prerun.connect
@task_postrun.connect
def _connections_back(sender: object = None, **kwargs: object) -> None:
    """Around each task, as around each request: a connection that broke or has outlived
    CONN_MAX_AGE is closed (a pooled one goes back to its pool). Celery's fixup, which closed
    them all and the pool with them, does so only every CELERY_DB_REUSE_MAX tasks."""
    if getattr(getattr(sender, "request", None), "is_eager", False):
        return  # a task run in the caller's thread: its connections are the caller's
    from django.db import close_old_connections

    close_old_connections()


# A finished task marks the queue as moving (tm_site.liveness) at most once a second per
# process: the mark is a round trip to Redis, which after every move's mail task cost the worker
# about as much CPU as composing the mail, and the check only asks whether a task finished in the
# last WORKER_STALE_AFTER seconds (minutes).
PROGRESS_EVERY = 1.0
_progress_at = [-PROGRESS_EVERY]


@task_postrun.connect
def _progress(**kwargs: object) -> None:
    from .liveness import record_progress

    now = time.monotonic()
    if now - _progress_at[0] < PROGRESS_EVERY:
        return
    _progress_at[0] = now
    record_progress()
