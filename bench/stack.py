"""The production stack (deploy/serve) on free ports, with a database and a Redis of its own.

PostgreSQL is the server DATABASE_URL names (a fresh database ``tm_perf_stack_<pid>`` on it,
dropped afterwards); Redis is a redis-server started here on a free port. Nothing of the
machine's shared servers is stopped or written to.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _admin(url: str, *statements: str) -> None:
    import psycopg

    parts = urlsplit(url)
    with psycopg.connect(
        host=parts.hostname or "127.0.0.1",
        port=parts.port or 5432,
        user=parts.username or "postgres",
        password=parts.password or None,
        dbname="postgres",
        autocommit=True,
    ) as conn:
        for statement in statements:
            conn.execute(statement)


@contextmanager
def private_redis(pids: list[int] | None = None) -> Iterator[str]:
    """A redis-server on a free port; its URL (its pid appended to ``pids``)."""
    if shutil.which("redis-server") is None:
        raise RuntimeError("redis-server is not installed")
    port, folder = free_port(), tempfile.mkdtemp(prefix="tm-perf-redis-")
    process = subprocess.Popen(
        [
            *("redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", ""),
            *("--appendonly", "no", "--dir", folder),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    if pids is not None:
        pids.append(process.pid)
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("redis-server did not start") from None
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)


@dataclass
class Stack:
    base: str
    pgid: int
    database_url: str
    redis_url: str
    redis_pid: int = 0

    def confirm_addresses(self) -> int:
        """Confirm every address players asked for (the link of the confirmation mail, taken
        straight in the stack's database): their turn mails are then composed and sent."""
        import psycopg

        with psycopg.connect(self.database_url, autocommit=True) as conn:
            cursor = conn.execute(
                "UPDATE auth_user u SET email = p.email_pending FROM accounts_profile p "
                "WHERE p.user_id = u.id AND p.email_pending <> ''"
            )
            conn.execute("UPDATE accounts_profile SET email_pending = '' WHERE email_pending <> ''")
            return cursor.rowcount

    def cpu_seconds(self) -> float:
        """CPU time (user + system) of the stack's live processes: web workers, the Celery
        worker and beat (not PostgreSQL or Redis, which serve it from outside the group), with
        the children they have reaped (deploy/worker's liveness checks, a process each)."""
        total = 0
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == self.pgid:  # field 5 of stat: the process group
                total += sum(map(int, fields[11:15]))  # utime, stime, cutime, cstime
        return total / os.sysconf("SC_CLK_TCK")

    def cpu_by_role(self) -> dict[str, float]:
        """CPU seconds of the stack's live processes by role: the web workers (gunicorn and
        its uvicorn workers), the Celery worker (its main process and pool), beat, its Redis,
        and the rest of the group (the shell scripts, with the liveness checks deploy/worker
        has run: a reaped child's CPU time is its parent's cutime and cstime)."""
        roles = dict.fromkeys(("web", "worker", "beat", "redis", "other"), 0.0)
        tick = os.sysconf("SC_CLK_TCK")
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
                pid = int(stat.parent.name)
                if int(fields[2]) != self.pgid and pid != self.redis_pid:
                    continue
                command = (stat.parent / "cmdline").read_bytes().replace(b"\0", b" ")
            except (OSError, ValueError):
                continue
            if pid == self.redis_pid:
                role = "redis"
            elif b"gunicorn" in command:
                role = "web"
            elif b"deploy/worker" in command or b"tm_site.liveness" in command:
                role = "other"
            elif b" beat" in command:
                role = "beat"
            elif b" worker " in command and b"celery" in command:
                role = "worker"
            else:
                role = "other"
            roles[role] += sum(map(int, fields[11:15])) / tick
        return roles

    def rss_bytes(self) -> int:
        """Resident memory of the stack's live processes (web workers, Celery worker, beat)."""
        total = 0
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                if int(stat.read_text().rsplit(")", 1)[1].split()[2]) != self.pgid:
                    continue
                status = (stat.parent / "status").read_text()
            except OSError:
                continue
            rss = next((line for line in status.splitlines() if line.startswith("VmRSS:")), "")
            total += int(rss.split()[1]) * 1024 if rss else 0
        return total

    def database_cpu_seconds(self) -> float:
        """CPU time of the PostgreSQL backends serving the stack's database (its pooled
        connections live as long as the stack; a backend that has ended is not counted)."""
        marker = f" {self.database_url.rsplit('/', 1)[1]} "
        total = 0
        for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
            try:
                if (
                    not (text := cmdline.read_bytes().decode(errors="replace")).startswith(
                        "postgres:"
                    )
                    or marker not in text
                ):
                    continue
                fields = (cmdline.parent / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += int(fields[11]) + int(fields[12])
        return total / os.sysconf("SC_CLK_TCK")


def machine_busy() -> tuple[float, float]:
    """(busy, total) CPU ticks of the whole machine since boot, from /proc/stat."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]
    return sum(values) - idle, sum(values)


@contextmanager
def production_stack(
    database_url: str,
    *,
    web_workers: int | None = None,
    celery_concurrency: int | None = None,
    extra_env: dict[str, str] | None = None,
    root: Path = ROOT,
    database: str = "",
) -> Iterator[Stack]:
    """Start deploy/serve; yield it (its base URL and process group); stop every process it
    started. ``root``: the checkout whose deploy/serve runs (another one to compare with);
    ``database``: the name of its database (else BENCH_DATABASE, else one of this process)."""
    if not database_url.startswith(("postgres://", "postgresql://")):
        raise RuntimeError("the production stack runs on PostgreSQL: set DATABASE_URL")
    # BENCH_DATABASE names it when several benchmarks share the server.
    name = database or os.environ.get("BENCH_DATABASE") or f"tm_perf_stack_{os.getpid()}"
    url = database_url.rsplit("/", 1)[0] + "/" + name
    _admin(database_url, f'DROP DATABASE IF EXISTS "{name}"', f'CREATE DATABASE "{name}"')
    tmp = Path(tempfile.mkdtemp(prefix="tm-perf-stack-"))
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    try:
        redis_pids: list[int] = []
        with private_redis(redis_pids) as redis_url:
            env = {
                **{k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"},
                "PY": sys.executable,
                "SECRET_KEY": "a-secret-key-for-the-benchmark-only-" + "x" * 30,
                "ALLOWED_HOSTS": "127.0.0.1",
                "DATABASE_URL": url,
                "REDIS_URL": redis_url,
                "STATIC_ROOT": str(tmp / "static"),
                "SECURE_SSL_REDIRECT": "0",
                "BIND": f"127.0.0.1:{port}",
                "CELERY_LOGLEVEL": "WARNING",
                "ACCESS_LOG": str(tmp / "access.log"),
                **(extra_env or {}),
            }
            if web_workers:
                env["WEB_CONCURRENCY"] = str(web_workers)
            if celery_concurrency:
                env["CELERY_CONCURRENCY"] = str(celery_concurrency)
            log = (tmp / "serve.log").open("w")
            process = subprocess.Popen(
                [str(root / "deploy" / "serve")],
                cwd=root,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
            try:
                _wait_for(base + "/", process, tmp / "serve.log")
                yield Stack(base, process.pid, url, redis_url, redis_pids[0])
            finally:
                if process.poll() is None:
                    process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=60)
                finally:
                    deadline = time.monotonic() + 30
                    while group_alive(process.pid) and time.monotonic() < deadline:
                        time.sleep(0.2)
                    if group_alive(process.pid):
                        os.killpg(process.pid, signal.SIGKILL)
                    log.close()
    finally:
        _admin(database_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        shutil.rmtree(tmp, ignore_errors=True)


def _wait_for(url: str, process: subprocess.Popen, log: Path, seconds: float = 180) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"deploy/serve exited with {process.returncode}:\n{log.read_text()}")
        try:
            urllib.request.urlopen(url, timeout=5).close()
            return
        except OSError:  # refused, reset or timed out while the workers start
            time.sleep(0.5)
    raise RuntimeError("deploy/serve did not answer in time")


def group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True
