"""A hung Redis under the production stack (`make serve`: gunicorn and uvicorn workers, the
prefork Celery worker through deploy/worker, beat; PostgreSQL; a Redis of the test's own; a
real SMTP server).

Redis is paused with SIGSTOP for longer than every broker, cache and result timeout while two
players send moves over HTTP, then resumed with SIGCONT. Every move is answered in bounded
time, and every turn mail the moves caused arrives exactly once afterwards, without anything
being restarted (deploy/worker's liveness check included).
"""

from __future__ import annotations

import json
import os
import re
import signal
import time
import urllib.error
from collections import Counter

import pytest

from tests.deploy.served import api, request, serve_env, served
from tests.notifications.mailserver import MailServer
from tests.support.servers import PrivateDatabase, free_port, private_redis

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")),
        reason="production runs on PostgreSQL",
    ),
]

# Longer than the broker's socket timeout (5 s) and health check (10 s).
PAUSE = 15.0
# What a move may cost while Redis hangs: the cache (CACHE_TIMEOUT, 1 s) and the hand-over to
# the broker (OUTBOX_PUBLISH_TIMEOUT, 1 s), with room for a loaded machine.
BOUND = 5.0


def wait(condition, seconds: float, what) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.2)


def test_a_hung_redis_costs_moves_little_and_every_turn_mail_arrives_once(tmp_path):
    smtp = MailServer()
    smtp.start()
    db = PrivateDatabase(tmp_path, label="hang", migrated=True)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    try:
        with private_redis() as redis:
            env = serve_env(
                tmp_path,
                database_url=db.url,
                redis_url=redis.url,
                port=port,
                EMAIL_URL=f"smtp://127.0.0.1:{smtp.port}",
                SITE_URL=base,
                OUTBOX_SWEEP="1",
                OUTBOX_GRACE="2",
                WORKER_CHECK_EVERY="5",
            )
            log = tmp_path / "serve.log"
            with served(env, log):
                tokens, addresses = {}, {}
                for name in ("hang_ann", "hang_bob"):
                    address = f"{name}@example.org"
                    tokens[name] = api(
                        f"{base}/api/v1/auth/register/",
                        {"username": name, "password": "a-long-password-123", "email": address},
                    )["token"]
                    addresses[name] = address
                # Each confirms the address from the link mailed to it.
                for address in addresses.values():
                    wait(lambda a=address: smtp.to(a), 60, f"the confirmation mail to {address}")
                    body = smtp.to(address)[0].get_body(("plain",)).get_content()
                    token = re.search(r"/account/email/confirm/([^/\s]+)/", body).group(1)
                    api(f"{base}/api/v1/auth/email/confirm/", {"token": token})
                game = api(f"{base}/api/v1/games/", {"player_count": 2}, token=tokens["hang_ann"])
                game_id = game["id"]
                api(f"{base}/api/v1/games/{game_id}/join/", {}, token=tokens["hang_bob"])
                detail = json.load(request(f"{base}/api/v1/games/{game_id}/"))
                user_of_seat = {s["position"]: s["username"] for s in detail["seats"]}

                seconds: list[float] = []
                expected: set[tuple[int, str]] = set()
                waiting_before: set[str] = set()

                def play(count: int) -> None:
                    nonlocal waiting_before
                    for _ in range(count):
                        state = api(
                            f"{base}/api/v1/games/{game_id}/state/", token=tokens["hang_ann"]
                        )
                        mover = user_of_seat[state["waiting_for"][0]["seat"]]
                        legal = api(f"{base}/api/v1/games/{game_id}/legal/", token=tokens[mover])
                        game_now = api(f"{base}/api/v1/games/{game_id}/", token=tokens[mover])
                        number = game_now["move_number"]
                        started = time.monotonic()
                        try:
                            answer = api(
                                f"{base}/api/v1/games/{game_id}/moves/",
                                {"command": legal["commands"][0], "expected_move_number": number},
                                token=tokens[mover],
                            )
                        except urllib.error.HTTPError as error:
                            raise AssertionError(error.read()) from error
                        seconds.append(time.monotonic() - started)
                        waiting = {user_of_seat[d["seat"]] for d in answer["waiting_for"]}
                        for name in waiting - waiting_before - {mover}:
                            expected.add((number + 1, addresses[name]))
                        waiting_before = waiting

                play(4)
                assert redis.process is not None
                redis.process.send_signal(signal.SIGSTOP)
                try:
                    paused = time.monotonic()
                    during = len(seconds)
                    while time.monotonic() - paused < PAUSE:
                        play(1)
                    during = len(seconds) - during
                finally:
                    redis.process.send_signal(signal.SIGCONT)
                play(4)

                def delivered() -> Counter:
                    # your_turn:<game>:<move>:<user> and decision:…, the mails moves cause.
                    keys = [(m["X-TM-Key"] or "", m["To"]) for m in list(smtp.messages)]
                    return Counter(
                        (int(key.split(":")[2]), to)
                        for key, to in keys
                        if key.startswith(("your_turn:", "decision:"))
                    )

                wait(
                    lambda: expected <= set(delivered()),
                    180,
                    f"every turn mail: {sorted(expected)}, delivered {sorted(delivered())}",
                )
                time.sleep(3)  # a duplicate would arrive now
                mails = delivered()
            restarts = log.read_text().count("the worker is stuck; restarting it")
    finally:
        db.drop()
        smtp.stop()
    assert during >= 3, "too few moves were sent while Redis hung"
    assert max(seconds) < BOUND, sorted(seconds)[-3:]
    assert len(expected) >= 8
    assert {key: mails[key] for key in expected} == dict.fromkeys(expected, 1)
    assert max(mails.values()) == 1
    assert restarts == 0
