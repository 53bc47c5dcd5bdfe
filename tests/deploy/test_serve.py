"""`make serve` (deploy/serve): the site as deployed, from an empty database to a clean stop.

It runs the real script on production settings with a database and a Redis of the test's own:
pages, collected static files, the API and a game page's WebSocket answer, and a SIGTERM stops
every process it started (web workers, Celery worker, beat).
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from websockets.sync.client import connect

from tests.support.servers import PrivateDatabase, free_port, private_redis

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")),
        reason="production runs on PostgreSQL",
    ),
]


def request(url: str, body: dict | None = None, token: str = ""):
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        headers["Authorization"] = f"Token {token}"
    data = json.dumps(body).encode() if body is not None else None
    return urllib.request.urlopen(urllib.request.Request(url, data, headers), timeout=10)


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


def group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def test_without_its_settings_the_stack_says_which_are_missing():
    env = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "ALLOWED_HOSTS")}
    result = subprocess.run(
        [str(ROOT / "deploy" / "serve")],
        env={**env, "PY": sys.executable},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "set SECRET_KEY ALLOWED_HOSTS" in result.stderr


def test_the_production_stack_serves_everything_and_stops_cleanly(tmp_path):
    db = PrivateDatabase(tmp_path, label="serve")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with private_redis() as redis:
        env = {
            **{k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"},
            "PY": sys.executable,
            "SECRET_KEY": "a-secret-key-for-this-test-only-" + "x" * 30,
            "ALLOWED_HOSTS": "127.0.0.1",
            "DATABASE_URL": db.url,
            "REDIS_URL": redis.url,
            "STATIC_ROOT": str(tmp_path / "static"),
            "SECURE_SSL_REDIRECT": "0",
            "BIND": f"127.0.0.1:{port}",
            "WEB_CONCURRENCY": "2",
            "CELERY_CONCURRENCY": "1",
            "CELERY_LOGLEVEL": "WARNING",
            "ACCESS_LOG": str(tmp_path / "access.log"),
        }
        log = (tmp_path / "serve.log").open("w")
        process = subprocess.Popen(
            [str(ROOT / "deploy" / "serve")],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            wait_for(f"{base}/", process)
            home = request(f"{base}/")
            assert home.status == 200
            assert "script-src 'self'" in home.headers["Content-Security-Policy"]
            html = home.read().decode()
            # Static files come collected, under hashed names.
            css = re.search(r'href="(/static/web/css/site\.[0-9a-f]{12}\.css)"', html)
            assert css, "the page links no collected stylesheet"
            assert request(f"{base}{css.group(1)}").status == 200

            token = json.load(
                request(
                    f"{base}/api/v1/auth/register/",
                    {"username": "serveuser", "password": "a-long-password-123"},
                )
            )["token"]
            game = json.load(
                request(f"{base}/api/v1/games/", {"name": "Served", "player_count": 2}, token=token)
            )
            # A game page's live socket: the server greets it with the game's revision.
            with connect(f"ws://127.0.0.1:{port}/ws/games/{game['id']}/", origin=base) as ws:
                hello = json.loads(ws.recv(timeout=10))
            assert hello["event"] == "hello" and hello["status"] == "open"
        finally:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=60)
            finally:
                deadline = time.monotonic() + 30
                while group_alive(process.pid) and time.monotonic() < deadline:
                    time.sleep(0.2)
                survivors = group_alive(process.pid)
                if survivors:
                    os.killpg(process.pid, signal.SIGKILL)
                log.close()
                db.drop()
        assert not survivors, "processes of deploy/serve outlived it"
