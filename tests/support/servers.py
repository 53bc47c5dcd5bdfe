"""Servers a test starts and stops itself, on free ports: never the machine's shared ones."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PrivateRedis:
    """A redis-server of the test's own, which the test can stop and start again."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.dir = tempfile.mkdtemp(prefix="tm-redis-")
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                self.dir,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the private redis-server did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None


@contextmanager
def private_redis() -> Iterator[PrivateRedis]:
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed")
    server = PrivateRedis()
    server.start()
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(server.dir, ignore_errors=True)


class PrivateDatabase:
    """A database of the test's own: a fresh PostgreSQL database when DATABASE_URL names
    PostgreSQL, else an SQLite file in ``tmp``."""

    def __init__(self, tmp: Path, label: str = "e2e") -> None:
        url = os.environ.get("DATABASE_URL", "")
        self.pg = url.startswith(("postgres://", "postgresql://"))
        if self.pg:
            import dj_database_url

            self.settings = dj_database_url.parse(url)
            self.name = f"{self.settings['NAME']}_{label}_{os.getpid()}"
            self.url = url.rsplit("/", 1)[0] + "/" + self.name
            self._admin(f'DROP DATABASE IF EXISTS "{self.name}"', f'CREATE DATABASE "{self.name}"')
        else:
            self.url = f"sqlite:///{tmp / (label + '.sqlite3')}"

    def _admin(self, *statements: str) -> None:
        import psycopg

        s = self.settings
        with psycopg.connect(
            host=s["HOST"] or "127.0.0.1",
            port=s["PORT"] or 5432,
            user=s["USER"] or "postgres",
            password=s["PASSWORD"] or None,
            dbname="postgres",
            autocommit=True,
        ) as conn:
            for statement in statements:
                conn.execute(statement)

    def drop(self) -> None:
        if self.pg:
            self._admin(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
