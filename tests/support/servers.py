"""Servers a test starts and stops itself, on free ports: never the machine's shared ones."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


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


# The migrated database that private databases are copied from: made once per test session
# (``migrated_template``), named after the session (``TEMPLATE_SESSION``, set by the session's
# first process and inherited by its xdist workers) and dropped when the session ends.
TEMPLATE_SESSION = "TM_TEST_TEMPLATE_SESSION"
_sqlite_template: Path | None = None


def _pg_settings(url: str) -> dict:
    import dj_database_url

    return dj_database_url.parse(url)


def _pg_connect(settings: dict):
    """A connection to the server's ``postgres`` database, for CREATE and DROP DATABASE."""
    import psycopg

    return psycopg.connect(
        host=settings["HOST"] or "127.0.0.1",
        port=settings["PORT"] or 5432,
        user=settings["USER"] or "postgres",
        password=settings["PASSWORD"] or None,
        dbname="postgres",
        autocommit=True,
    )


def _pg_admin(settings: dict, *statements: str) -> None:
    with _pg_connect(settings) as conn:
        for statement in statements:
            conn.execute(statement)


def _migrate(url: str) -> None:
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "tm_site.settings.test"}
    out = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    if out.returncode:
        raise RuntimeError(f"migrate failed:\n{out.stdout}\n{out.stderr}")


def template_name(base: str) -> str:
    return f"{base}_tpl_{os.environ.get(TEMPLATE_SESSION) or os.getpid()}"


def migrated_template(url: str) -> str:
    """The name of this session's migrated PostgreSQL template of the database ``url`` names,
    made by the first test that asks for it (the other workers wait on an advisory lock)."""
    settings = _pg_settings(url)
    name = template_name(settings["NAME"])
    with _pg_connect(settings) as conn:
        conn.execute("SELECT pg_advisory_lock(hashtext(%s))", [name])
        try:
            exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name])
            if not exists.fetchone():
                # Migrated under another name and renamed: a template that exists is complete.
                building = f"{name}_new"
                conn.execute(f'DROP DATABASE IF EXISTS "{building}" WITH (FORCE)')
                conn.execute(f'CREATE DATABASE "{building}"')
                _migrate(url.rsplit("/", 1)[0] + "/" + building)
                conn.execute(f'ALTER DATABASE "{building}" RENAME TO "{name}"')
        finally:
            conn.execute("SELECT pg_advisory_unlock(hashtext(%s))", [name])
    return name


def drop_templates(url: str, *, stale: bool = False) -> None:
    """Drop this session's template of the database ``url`` names; with ``stale``, those of
    sessions that ended without dropping theirs (the same database URL is one session's at a
    time, as pytest-django's test databases are)."""
    if not url.startswith(("postgres://", "postgresql://")):
        return
    import psycopg

    settings = _pg_settings(url)
    base = settings["NAME"]
    try:
        with _pg_connect(settings) as conn:
            if stale:
                pattern = base.replace("_", r"\_") + r"\_tpl\_%"
                rows = conn.execute(
                    "SELECT datname FROM pg_database WHERE datname LIKE %s", [pattern]
                ).fetchall()
                names = [row[0] for row in rows]
            else:
                names = [template_name(base)]
            for name in names:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    except psycopg.OperationalError:
        pass  # no server: no template was made


class PrivateDatabase:
    """A database of the test's own: a PostgreSQL database when DATABASE_URL names PostgreSQL,
    else an SQLite file in ``tmp``. Empty, or with ``migrated`` a copy of this session's
    migrated template (a PostgreSQL ``CREATE DATABASE ... TEMPLATE``, a file copy for SQLite),
    which takes a fraction of a second where migrating takes seconds."""

    def __init__(self, tmp: Path, label: str = "e2e", migrated: bool = False) -> None:
        url = os.environ.get("DATABASE_URL", "")
        self.pg = url.startswith(("postgres://", "postgresql://"))
        if self.pg:
            self.settings = _pg_settings(url)
            self.name = f"{self.settings['NAME']}_{label}_{os.getpid()}"
            self.url = url.rsplit("/", 1)[0] + "/" + self.name
            template = f' TEMPLATE "{migrated_template(url)}"' if migrated else ""
            self._admin(
                f'DROP DATABASE IF EXISTS "{self.name}"', f'CREATE DATABASE "{self.name}"{template}'
            )
        else:
            path = tmp / (label + ".sqlite3")
            self.url = f"sqlite:///{path}"
            if migrated:
                shutil.copyfile(_migrated_sqlite(), path)

    def _admin(self, *statements: str) -> None:
        _pg_admin(self.settings, *statements)

    def drop(self) -> None:
        if self.pg:
            self._admin(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


def _migrated_sqlite() -> Path:
    """A migrated SQLite file of this process, made once."""
    global _sqlite_template
    if _sqlite_template is None:
        path = Path(tempfile.mkdtemp(prefix="tm-template-")) / "template.sqlite3"
        _migrate(f"sqlite:///{path}")
        _sqlite_template = path
    return _sqlite_template
