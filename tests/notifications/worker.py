"""A real Celery worker on the real Redis of the machine, for the tests that need one.

Each test session uses its own Redis database number (``TM_TEST_REDIS_DB``, 15 by default) and
its own queue name, so parallel test processes never take each other's tasks.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlparse, urlunparse

import redis
from celery import Celery
from celery.contrib.testing.worker import start_worker
from celery.signals import task_postrun
from django.conf import settings
from django.db import close_old_connections, connection
from kombu import pools as kombu_pools

ROOT = Path(settings.BASE_DIR)


def redis_test_url() -> str:
    """The machine's Redis, on a database of this test process's own (15, 14, … per xdist worker).

    Queues are per session anyway; a database per process also keeps Redis's bookkeeping of
    unacknowledged messages apart, which a worker with a short visibility timeout sweeps.
    """
    base = urlparse(os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0")
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    number = int(os.environ.get("TM_TEST_REDIS_DB", "15")) - int(worker or 0) % 8
    return urlunparse(base._replace(path=f"/{number}"))


def redis_available(url: str) -> bool:
    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=1).ping())
    except redis.RedisError:
        return False


def wait_until(condition, timeout: float = 60, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


class WorkerProcess:
    """A worker as a separate process (``worker_settings``), on the test's database."""

    def __init__(
        self,
        queue: str,
        smtp_port: int,
        *,
        broker_url: str = "",
        extra: tuple[str, ...] = (),
        env: dict[str, str] | None = None,
    ) -> None:
        env = {
            **os.environ,
            **(env or {}),
            "DJANGO_SETTINGS_MODULE": "tests.notifications.worker_settings",
            "TM_TEST_BROKER_URL": broker_url or redis_test_url(),
            "TM_TEST_QUEUE": queue,
            "TM_TEST_SMTP_PORT": str(smtp_port),
            "TM_TEST_DATABASE_NAME": connection.settings_dict["NAME"],
        }
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "tm_site",
                "worker",
                "--pool=solo",
                f"--queues={queue}",
                f"--hostname=killtest-{uuid.uuid4().hex[:8]}@%h",
                "--without-heartbeat",
                "--without-mingle",
                "--without-gossip",
                "--loglevel=WARNING",
                *extra,
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()


def _forget_connections(app: Celery) -> None:
    """Drop the app's cached broker and backend objects, so new settings take effect."""
    if app._pool is not None:
        app._pool.force_close_all()
        app._pool = None
    # kombu keeps producer pools per connection URL, process-wide: a closed one would be reused.
    kombu_pools.reset()
    app.__dict__.pop("amqp", None)
    app._backend_cache = None
    if app._local is not None and hasattr(app._local, "backend"):
        del app._local.backend


@contextmanager
def worker_on_redis(app: Celery, url: str, **conf) -> Iterator[str]:
    """Point the app at Redis with a fresh queue and run a solo worker in a thread."""
    queue = f"tm-test-{uuid.uuid4().hex[:12]}"
    keys = [
        "broker_url",
        "result_backend",
        "task_default_queue",
        "task_ignore_result",
        "broker_transport_options",
        "result_expires",
        *conf,
    ]
    saved = {key: app.conf.get(key) for key in keys}
    app.conf.update(
        broker_url=url,
        result_backend=url,
        task_default_queue=queue,
        task_ignore_result=False,
        broker_transport_options={"visibility_timeout": 3600},
        result_expires=600,
        **conf,
    )
    _forget_connections(app)
    # The worker thread's database connections are closed after each task, so that the test
    # database can be flushed and dropped.
    task_postrun.connect(_close_connections, weak=False)
    try:
        with start_worker(
            app,
            pool="solo",
            concurrency=1,
            queues=[queue],
            perform_ping_check=False,
            loglevel="WARNING",
            shutdown_timeout=30,
        ):
            yield queue
    finally:
        task_postrun.disconnect(_close_connections)
        with app.connection_for_write() as connection:
            connection.default_channel.queue_delete(queue)
        app.conf.update(saved)
        _forget_connections(app)


def _close_connections(task=None, **kwargs) -> None:
    if task is not None and not getattr(task.request, "is_eager", False):
        close_old_connections()
