"""`make serve` (deploy/serve): the site as deployed, from an empty database to a clean stop.

It runs the real script on production settings with a database and a Redis of the test's own:
pages, collected static files, the API and a game page's WebSocket answer, and a SIGTERM stops
every process it started (web workers, Celery worker, beat).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from websockets.sync.client import connect

from tests.deploy.served import ROOT, api, request, serve_env, served
from tests.support.servers import PrivateDatabase, free_port, private_redis

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")),
        reason="production runs on PostgreSQL",
    ),
]


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
    try:
        with private_redis() as redis:
            env = serve_env(tmp_path, database_url=db.url, redis_url=redis.url, port=port)
            del env["WEB_CONCURRENCY"]  # the default: one web worker per core, at least two
            with served(env, tmp_path / "serve.log") as survivors:
                home = request(f"{base}/")
                assert home.status == 200
                assert "script-src 'self'" in home.headers["Content-Security-Policy"]
                html = home.read().decode()
                # Static files come collected, under hashed names.
                css = re.search(r'href="(/static/web/css/site\.[0-9a-f]{12}\.css)"', html)
                assert css, "the page links no collected stylesheet"
                assert request(f"{base}{css.group(1)}").status == 200

                token = api(
                    f"{base}/api/v1/auth/register/",
                    {"username": "serveuser", "password": "a-long-password-123"},
                )["token"]
                game = api(
                    f"{base}/api/v1/games/", {"name": "Served", "player_count": 2}, token=token
                )
                # A game page's live socket: the server greets it with the game's revision.
                with connect(f"ws://127.0.0.1:{port}/ws/games/{game['id']}/", origin=base) as ws:
                    hello = json.loads(ws.recv(timeout=10))
                assert hello["event"] == "hello" and hello["status"] == "open"
                # The web workers run at normal priority; the worker, its liveness checks and
                # the beat yield the cores to them.
                niceness = _niceness_by_role(f"BIND=127.0.0.1:{port}")
                ours = os.nice(0)  # the stack inherits this test's niceness
                assert niceness["web"] == {ours}, niceness
                assert niceness["worker"] == niceness["beat"] == {min(ours + 10, 19)}, niceness
                # gunicorn's arbiter and one web worker per core (at least two), not 2 x cores + 1.
                workers = max(len(os.sched_getaffinity(0)), 2)
                assert _count_web(f"BIND=127.0.0.1:{port}") == 1 + workers
                assert f"with {workers} web workers" in (tmp_path / "serve.log").read_text()
    finally:
        db.drop()
    assert survivors == [False], "processes of deploy/serve outlived it"


def _count_web(marker: str) -> int:
    """The stack's gunicorn processes (its arbiter and web workers)."""
    count = 0
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and marker.encode() in (proc / "environ").read_bytes():
                count += b"gunicorn" in (proc / "cmdline").read_bytes()
        except OSError:
            continue
    return count


def _niceness_by_role(marker: str) -> dict[str, set[int]]:
    """The niceness of the stack's processes (those whose environment holds ``marker``): the
    web workers, the Celery worker (with deploy/worker, which runs its liveness checks), beat."""
    found: dict[str, set[int]] = {"web": set(), "worker": set(), "beat": set()}
    for proc in Path("/proc").iterdir():
        try:
            if not proc.name.isdigit() or marker.encode() not in (proc / "environ").read_bytes():
                continue
            command = (proc / "cmdline").read_bytes().replace(b"\0", b" ")
            nice = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[16])
        except OSError:
            continue
        if b"gunicorn" in command:
            found["web"].add(nice)
        elif b" beat" in command:
            found["beat"].add(nice)
        elif b"deploy/worker" in command or b" worker " in command:
            found["worker"].add(nice)
    return found
