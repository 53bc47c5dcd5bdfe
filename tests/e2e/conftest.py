"""Browser tests: Debian's Chromium driven by Playwright against a live server.

The server is the one `make run` serves (runserver with daphne: HTTP and WebSockets) in a
subprocess on a free port, with its own database: a PostgreSQL database cloned from the
session's migrated template when DATABASE_URL names PostgreSQL, else a copy of a migrated SQLite
file (tests/support/servers.py). The tests reach that database only through the server (pages,
API) and management commands, never through the ORM.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.support.servers import PrivateDatabase

# The page's waits match the context's: on two shared cores a request behind the whole suite
# can take longer than Playwright's 5 s default, and a check should wait for the page, not fail.
expect.set_options(timeout=15_000)

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PASSWORD = "e2e-password-123"

pytestmark = pytest.mark.e2e


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    def __init__(self, tmp: Path) -> None:
        # A copy of the session's migrated database: the server starts on a migrated schema.
        self.db = PrivateDatabase(tmp, migrated=True)
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "tm_site.settings.test",
            "DATABASE_URL": self.db.url,
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "PYTHONUNBUFFERED": "1",
        }
        self.env.pop("REDIS_URL", None)
        self.log = open(tmp / "server.log", "w")  # noqa: SIM115  (open for the server's lifetime)
        self.process = subprocess.Popen(
            [
                sys.executable,
                "manage.py",
                "runserver",
                f"127.0.0.1:{self.port}",
                "--noreload",
                "--insecure",
            ],
            cwd=ROOT,
            env=self.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        self._wait()

    def manage(self, *args: str) -> str:
        out = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        if out.returncode:
            raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{out.stdout}\n{out.stderr}")
        return out.stdout

    def _wait(self) -> None:
        deadline = time.monotonic() + 40
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"The server stopped: see {self.log.name}")
            try:
                with urllib.request.urlopen(self.url + "/", timeout=2):
                    return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.3)
        raise RuntimeError("The server did not answer within 40 s.")

    def api(self, method: str, path: str, body: dict | None = None, token: str = "") -> dict:
        request = urllib.request.Request(
            self.url + path,
            method=method,
            data=json.dumps(body).encode() if body is not None else None,
            headers={"Content-Type": "application/json", "Accept": "application/json"}
            | ({"Authorization": f"Token {token}"} if token else {}),
        )
        try:
            with urllib.request.urlopen(request, timeout=20) as response:
                text = response.read().decode()
        except urllib.error.HTTPError as exc:
            raise AssertionError(f"{method} {path}: {exc.code} {exc.read().decode()}") from exc
        return json.loads(text) if text else {}

    def register(self, prefix: str) -> tuple[str, str]:
        """A new player through the API: (username, token)."""
        username = f"{prefix}{uuid.uuid4().hex[:6]}"
        body = self.api(
            "POST", "/api/v1/auth/register/", {"username": username, "password": PASSWORD}
        )
        return username, body["token"]

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()
        self.db.drop()


SERVER_LOG_LINES = 80


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failing browser test reports the end of its server's log: the requests the page and
    the test made, with their answers, in the order the server saw them."""
    report = yield
    live = item.funcargs.get("live") if hasattr(item, "funcargs") else None
    if report.failed and isinstance(live, LiveServer) and not live.log.closed:
        live.log.flush()
        lines = Path(live.log.name).read_text(errors="replace").splitlines()
        report.sections.append(("live server log", "\n".join(lines[-SERVER_LOG_LINES:])))
    return report


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = shutil.which("chromium")
    if not path:
        pytest.skip("Debian's chromium is not installed (make test installs it)")
    return path


# Module scope: Playwright's sync API runs an event loop in the test thread while it is open,
# and Django refuses database work in a thread with a running loop, so both must be gone
# before the next test file of this worker.
@pytest.fixture(scope="module")
def live(tmp_path_factory, chromium_path) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("e2e"))
    yield server
    server.stop()


@pytest.fixture(scope="module")
def browser(chromium_path):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


def until_text(page, selector: str, text: str, *, changed: bool = False, part: bool = False):
    """Wait until the element's text is ``text`` (``part``: contains it; ``changed``: is no
    longer it), whitespace folded as ``expect`` folds it, checked in the page every 20 ms.
    ``expect`` waits too, but its checks back off to one every half second, which a test of a
    few hundred waits (a whole game) pays in minutes. Assert with ``expect`` after it: the
    check then passes at once, and a failure still reads as an assertion on the element."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    with contextlib.suppress(PlaywrightTimeout):  # the ``expect`` after it says what is wrong
        page.wait_for_function(
            """([selector, text, changed, part]) => {
                const node = document.querySelector(selector);
                if (!node) return false;
                const shown = node.textContent.replace(/\\s+/g, " ").trim();
                if (changed) return shown !== text;
                return part ? shown.includes(text) : shown === text;
            }""",
            arg=[selector, text, changed, part],
            polling=20,
        )


def goto_settled(page, url: str) -> None:
    """Open ``url`` on ``page``. A game page reloads itself when the game's status changes
    (the last seat taken), and that reload may interrupt this navigation to the same page:
    then the reload is the fresh page, and its load is awaited."""
    try:
        page.goto(url)
    except PlaywrightError as error:
        if "interrupted by another navigation" not in str(error):
            raise
        page.wait_for_url(url)


class Player:
    """One person at the table: a browser context of their own, logged in."""

    def __init__(self, browser, live: LiveServer, username: str, errors: list, **context) -> None:
        self.username = username
        self.live = live
        self.context = browser.new_context(
            **({"viewport": {"width": 1280, "height": 900}} | context)
        )
        self.context.set_default_timeout(15_000)
        self.page = self.context.new_page()
        self.page.on(
            "console",
            lambda m: errors.append(f"{username}: {m.text}") if m.type == "error" else None,
        )
        self.page.on("pageerror", lambda e: errors.append(f"{username}: {e}"))

    def log_in(self) -> Player:
        self.page.goto(f"{self.live.url}/login/")
        self.page.fill("#id_username", self.username)
        self.page.fill("#id_password", PASSWORD)
        self.page.click("form.stack button[type=submit]")
        self.page.wait_for_url(f"{self.live.url}/")
        return self

    def screenshot(self, name: str, full_page: bool = True) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        self.page.screenshot(path=path, full_page=full_page)
        return path


class ConsoleErrors(list):
    """Console errors of every page of a test. A test that provokes an error response on
    purpose allows the browser's network message for it, and nothing else."""

    def __init__(self) -> None:
        super().__init__()
        self.allowed: list[re.Pattern] = []

    def allow(self, pattern: str) -> None:
        self.allowed.append(re.compile(pattern))

    def unexpected(self) -> list[str]:
        return [e for e in self if not any(p.search(e) for p in self.allowed)]


@pytest.fixture
def console_errors() -> Iterator[ConsoleErrors]:
    """There must be no console error on any page of a test."""
    errors = ConsoleErrors()
    yield errors
    assert errors.unexpected() == [], errors.unexpected()


@pytest.fixture
def player(browser, live, console_errors) -> Iterator[Callable[..., Player]]:
    made: list[Player] = []

    def make(username: str, **context) -> Player:
        p = Player(browser, live, username, console_errors, **context)
        made.append(p)
        return p

    yield make
    for p in made:
        p.context.close()


@pytest.fixture(scope="module")
def demo(live) -> int:
    """The demo's game in progress (``load_demo``), by id."""
    out = live.manage("load_demo")
    return int(re.search(r"game (\d+) \(in progress", out).group(1))


def log_in_demo(page, live, username: str) -> None:
    """Log a demo player (password ``demo-password``) in through the login page."""
    page.goto(f"{live.url}/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", "demo-password")
    page.click("form.stack button[type=submit]")
    page.wait_for_url(f"{live.url}/")
