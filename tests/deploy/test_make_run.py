"""`make run` itself, as a newcomer starts it: from a clean clone, with nothing configured.

The clone is of the committed tree (``git clone`` of this checkout) and runs on its own SQLite
file and its own ``.celery/`` queue; its ``.venv`` is a link to the virtual environment running
the tests, which make is told not to rebuild (``-o .venv/.installed``: on a fresh machine the
same target installs it). A player registers through the page and the confirmation mail shows
up in make run's output, printed by its Celery worker; Ctrl-C then stops every process. A
worker that dies is announced in a banner, and the server stops with it.
"""

from __future__ import annotations

import http.cookiejar
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from bench.stack import group_alive
from tests.support.servers import free_port

ROOT = Path(__file__).resolve().parents[2]
WORKER_DIED = "THE CELERY WORKER STOPPED"
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        shutil.which("make") is None or shutil.which("git") is None, reason="needs make and git"
    ),
]


@pytest.fixture(scope="module")
def clone(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("make-run") / "tm_site"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(path)], check=True, timeout=120)
    (path / ".venv").symlink_to(sys.prefix)
    return path


def newcomer_env() -> dict[str, str]:
    """A shell with nothing of the project's configured (no database, broker or settings)."""
    keep = ("PATH", "HOME", "LANG", "LC_ALL", "TMPDIR", "USER")
    return {k: os.environ[k] for k in keep if k in os.environ}


class Run:
    def __init__(self, clone: Path, port: int) -> None:
        self.url = f"http://127.0.0.1:{port}"
        self.log_path = clone / f"make-run-{port}.log"
        self.log = self.log_path.open("w")
        # A session of its own: the process group a terminal's Ctrl-C reaches.
        self.process = subprocess.Popen(
            ["make", "-o", ".venv/.installed", "run", f"PORT={port}"],
            cwd=clone,
            env=newcomer_env(),
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def output(self) -> str:
        return self.log_path.read_text()

    def wait_until_serving(self, seconds: float = 300) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(
                    f"make run exited with {self.process.returncode}:\n{self.output()}"
                )
            try:
                with urllib.request.urlopen(self.url + "/", timeout=5):
                    return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.5)
        raise AssertionError(f"make run did not serve in time:\n{self.output()}")

    def wait_for_output(self, pattern: re.Pattern, seconds: float = 90) -> re.Match:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            found = pattern.search(self.output())
            if found:
                return found
            time.sleep(0.5)
        raise AssertionError(f"{pattern.pattern!r} not in make run's output:\n{self.output()}")

    def ended_cleanly(self, seconds: float = 60) -> bool:
        """Wait for make to exit; whether every process it started has gone too."""
        self.process.wait(timeout=seconds)
        deadline = time.monotonic() + seconds
        while group_alive(self.process.pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        return not group_alive(self.process.pid)

    def kill_all(self) -> None:
        if group_alive(self.process.pid):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        self.log.close()


@contextmanager
def make_run(clone: Path) -> Iterator[Run]:
    run = Run(clone, free_port())
    try:
        run.wait_until_serving()
        yield run
    finally:
        run.kill_all()


def celery_in_group(group: int, seconds: float = 60) -> int:
    """The Celery process of a process group (the worker runs under deploy/worker's watch)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
                command = (stat.parent / "cmdline").read_bytes()
            except OSError:
                continue
            is_celery = b"celery" in command and b"worker" in command
            if int(fields[2]) == group and is_celery and b"deploy/worker" not in command:
                return int(stat.parent.name)
        time.sleep(0.2)
    raise AssertionError(f"no Celery process in the process group {group}")


class Browser:
    """Pages as a browser without scripts uses them: cookies, forms with their CSRF token."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )

    def get(self, path: str) -> str:
        with self.opener.open(self.base + path, timeout=30) as response:
            return response.read().decode()

    def submit(self, path: str, fields: dict[str, str]) -> str:
        """Open the page and post its form; the page answered."""
        token = CSRF.search(self.get(path)).group(1)
        data = urllib.parse.urlencode({"csrfmiddlewaretoken": token, **fields}).encode()
        request = urllib.request.Request(
            self.base + path, data, headers={"Referer": self.base + path}
        )
        with self.opener.open(request, timeout=30) as response:
            return response.read().decode()


def test_make_run_serves_mails_through_its_worker_and_stops_on_ctrl_c(clone):
    with make_run(clone) as run:
        browser = Browser(run.url)
        email = "newcomer@example.org"
        home = browser.submit(
            "/register/",
            {
                "username": "newcomer",
                "email": email,
                "password": "a-long-pass-phrase-1",
                "password_again": "a-long-pass-phrase-1",
                "next": "/",
            },
        )
        assert "newcomer" in home  # registered and logged in
        # The worker printed the confirmation mail, with a link to this very server.
        link = run.wait_for_output(
            re.compile(
                rf"To: {re.escape(email)}.*?{re.escape(run.url)}(/account/email/confirm/\S+/)",
                re.S,
            )
        ).group(1)
        confirmed = browser.submit(link, {})
        assert email in confirmed and "newcomer" in confirmed
        assert run.process.poll() is None, "make run stopped by itself"

        os.killpg(run.process.pid, signal.SIGINT)  # Ctrl-C in its terminal
        assert run.ended_cleanly(), "processes of make run outlived it"
    assert WORKER_DIED not in run.output()


def test_a_worker_that_dies_is_announced_and_stops_make_run(clone):
    with make_run(clone) as run:
        group = int(run.wait_for_output(re.compile(r"Celery worker \(pid (\d+)")).group(1))
        os.kill(celery_in_group(group), signal.SIGKILL)
        assert run.ended_cleanly(), "processes of make run outlived its worker"
        assert run.process.returncode != 0
    assert WORKER_DIED in run.output()
