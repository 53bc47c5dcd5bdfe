"""The worker's liveness check (tm_site/liveness.py) and deploy/worker, which acts on it.

The check fails on work that waits (the oldest queued task, outbox entries nobody runs) while
no task finishes, never on a ping; deploy/worker restarts a worker whose check fails and stops
cleanly on SIGTERM.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone

from outbox.models import Entry
from tests.notifications.worker import _forget_connections
from tests.support.servers import private_redis
from tm_site import celery_app, liveness

ROOT = liveness.__file__.rsplit("/tm_site/", 1)[0]


@pytest.fixture
def stale(settings):
    settings.WORKER_STALE_AFTER = 60
    cache.delete(liveness.PROGRESS_KEY)
    yield 60
    cache.delete(liveness.PROGRESS_KEY)


def old_entry(seconds: float) -> Entry:
    entry = Entry.objects.create(task="outbox.tasks.sweep", args=[])
    Entry.objects.filter(pk=entry.pk).update(created_at=timezone.now() - timedelta(seconds=seconds))
    return entry


@pytest.mark.django_db
def test_an_outbox_entry_nobody_runs_fails_the_check_until_a_task_finishes(stale):
    assert liveness.problems() == []
    old_entry(stale + 30)
    found = liveness.problems()
    assert any("outbox entry nobody runs" in p for p in found), found
    # Too early after the worker's start to blame it.
    assert liveness.problems(started=time.time() - 5) == []
    # A worker that finishes tasks is working through a backlog, not stuck.
    liveness.record_progress()
    assert liveness.problems() == []


@pytest.mark.django_db
def test_an_entry_held_by_a_worker_is_not_waiting(stale):
    entry = old_entry(stale + 30)
    Entry.objects.filter(pk=entry.pk).update(claimed_at=timezone.now())
    assert liveness.problems() == []


@pytest.mark.django_db
def test_the_command_looks_at_the_work_only_when_no_task_finished_lately(stale, capsys):
    old_entry(stale + 30)
    # No task has finished since long before: the whole check runs and finds the entry.
    assert liveness.in_doubt()
    assert liveness.main([]) == 1
    assert "outbox entry nobody runs" in capsys.readouterr().err
    # Just started, or a task finished lately: passed on settings and the cache alone.
    assert not liveness.in_doubt(started=time.time() - 5)
    assert liveness.main(["--started", str(time.time() - 5)]) == 0
    liveness.record_progress()
    assert not liveness.in_doubt()
    assert liveness.main([]) == 0
    # Progress older than the limit no longer vouches for the worker.
    assert liveness.in_doubt(now=time.time() + stale + 1)


def test_the_age_of_the_oldest_queued_task_is_read_from_the_broker(settings):
    with private_redis() as redis:
        settings.CELERY_BROKER_URL = redis.url
        saved = {k: celery_app.conf.get(k) for k in ("broker_url", "task_always_eager")}
        celery_app.conf.update(broker_url=redis.url, task_always_eager=False)
        _forget_connections(celery_app)
        try:
            celery_app.tasks["outbox.tasks.sweep"].apply_async(
                queue=settings.CELERY_TASK_DEFAULT_QUEUE
            )
            age = liveness.oldest_queued(time.time() + 500)
        finally:
            celery_app.conf.update(saved)
            _forget_connections(celery_app)
    assert age is not None and 499 < age < 510


def test_deploy_worker_restarts_a_stuck_worker_and_stops_on_sigterm(tmp_path):
    starts = tmp_path / "starts"
    # A liveness check that always fails, in place of the Python that would run the real one.
    check = tmp_path / "check"
    check.write_text("#!/bin/sh\nexit 1\n")
    check.chmod(0o755)
    process = subprocess.Popen(
        [f"{ROOT}/deploy/worker", "sh", "-c", f"echo started >> {starts}; exec sleep 300"],
        env={**os.environ, "PY": str(check), "WORKER_CHECK_EVERY": "1"},
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if starts.exists() and len(starts.read_text().split()) >= 3:
                break
            time.sleep(0.2)
        assert len(starts.read_text().split()) >= 3
    finally:
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=30)
    assert process.returncode == 0
    assert "the worker is stuck; restarting it" in err
    # Nothing of the group outlives it.
    time.sleep(0.5)
    with pytest.raises(ProcessLookupError):
        os.killpg(process.pid, 0)


def test_deploy_worker_ends_with_a_worker_that_ends_by_itself(tmp_path):
    result = subprocess.run(
        [f"{ROOT}/deploy/worker", "sh", "-c", "exit 3"],
        env={**os.environ, "PY": sys.executable, "WORKER_CHECK_EVERY": "1"},
        timeout=30,
    )
    assert result.returncode == 3
