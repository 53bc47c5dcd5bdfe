"""One scheduler at a time: a killed ``worker --beat`` leaves no beat behind, and a second beat
waits for the first instead of running every periodic task a second time."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from tests.notifications.worker import WorkerProcess, wait_until
from tests.support.servers import private_redis
from tm_site.scheduler import LOCK_KEY

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        "postgresql" not in settings.DATABASES["default"]["ENGINE"],
        reason="beat processes need a database they can open (PostgreSQL, as in CI)",
    ),
]


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def lock_holders() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted"
            " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
            " AND ((classid::bigint << 32) | objid::bigint) = %s",
            [LOCK_KEY],
        )
        return cursor.fetchone()[0]


def beat(redis_url: str, schedule: Path, log: Path) -> subprocess.Popen:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tests.notifications.worker_settings",
        "TM_TEST_BROKER_URL": redis_url,
        "TM_TEST_QUEUE": f"tm-test-beat-{uuid.uuid4().hex[:8]}",
        "TM_TEST_SMTP_PORT": "1",
        "TM_TEST_DATABASE_NAME": connection.settings_dict["NAME"],
    }
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "tm_site", "beat", f"--schedule={schedule}"],
        cwd=settings.BASE_DIR,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=log.open("w"),
    )


def test_a_killed_worker_leaves_no_beat_and_a_second_beat_waits(transactional_db, tmp_path):
    with private_redis() as redis:
        worker = WorkerProcess(
            f"tm-test-beat-{uuid.uuid4().hex[:8]}",
            1,
            broker_url=redis.url,
            extra=("--beat", f"--schedule={tmp_path}/embedded"),
        )
        standalone = []
        try:
            wait_until(lambda: lock_holders() == 1, timeout=60, what="the embedded beat's lock")
            embedded = children(worker.process.pid)
            assert embedded, "worker --beat runs its beat as a child process"

            # Another beat while the embedded one runs: it waits and says so.
            log = tmp_path / "second.log"
            standalone.append(beat(redis.url, tmp_path / "second", log))
            wait_until(lambda: "Another scheduler is running" in log.read_text(), timeout=60)
            assert lock_holders() == 1

            worker.process.send_signal(signal.SIGKILL)
            worker.process.wait(timeout=30)
            wait_until(
                lambda: not any(alive(pid) for pid in embedded), timeout=30, what="the orphan"
            )
            # The waiting beat takes over: still exactly one scheduler.
            wait_until(lambda: "this one runs the schedule" in log.read_text(), timeout=60)
            assert lock_holders() == 1 and standalone[0].poll() is None
        finally:
            for process in standalone:
                process.terminate()
                process.wait(timeout=30)
            worker.stop()
