"""Starting and stopping deploy/serve from tests, on a database and a Redis of the test's own."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bench.stack import group_alive

ROOT = Path(__file__).resolve().parents[2]


def request(url: str, body: dict | None = None, token: str = ""):
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        headers["Authorization"] = f"Token {token}"
    data = json.dumps(body).encode() if body is not None else None
    return urllib.request.urlopen(urllib.request.Request(url, data, headers), timeout=30)


def api(url: str, body: dict | None = None, token: str = "") -> dict:
    return json.load(request(url, body, token))


def wait_for(url: str, process: subprocess.Popen, seconds: float = 180) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"deploy/serve exited with {process.returncode}")
        try:
            request(url)
            return
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.5)
    raise AssertionError("deploy/serve did not answer in time")


def serve_env(tmp_path: Path, *, database_url: str, redis_url: str, port: int, **extra: str):
    return {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"},
        "PY": sys.executable,
        "SECRET_KEY": "a-secret-key-for-this-test-only-" + "x" * 30,
        "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "STATIC_ROOT": str(tmp_path / "static"),
        "SECURE_SSL_REDIRECT": "0",
        "BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "2",
        "CELERY_CONCURRENCY": "1",
        "CELERY_LOGLEVEL": "WARNING",
        "ACCESS_LOG": str(tmp_path / f"access-{port}.log"),
        **extra,
    }


@contextmanager
def served(env: dict[str, str], log_path: Path) -> Iterator[list[bool]]:
    """Run deploy/serve until the block ends, then SIGTERM it; the list yielded holds, once the
    block has ended, whether any of its processes outlived it."""
    survivors: list[bool] = []
    with log_path.open("w") as log:
        process = subprocess.Popen(
            [str(ROOT / "deploy" / "serve")],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            wait_for(f"http://{env['BIND']}/", process)
            yield survivors
        finally:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=60)
            finally:
                deadline = time.monotonic() + 30
                while group_alive(process.pid) and time.monotonic() < deadline:
                    time.sleep(0.2)
                survivors.append(group_alive(process.pid))
                if survivors[-1]:
                    os.killpg(process.pid, signal.SIGKILL)
