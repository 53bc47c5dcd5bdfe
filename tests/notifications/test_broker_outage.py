"""A broker outage in the middle of a game: moves go on, turn mails arrive late, once each.

The tests run a Redis of their own (broker and cache), a worker process with its beat on it and
a real SMTP server. Players send moves through the API while the Redis is either stopped (a
restart) or paused with SIGSTOP (a hung server: connections open, no answer) for a stretch of
moves, then brought back. Every move must be accepted in bounded time (no 500, none lost), and
every turn mail the moves caused must reach the SMTP server exactly once, without restarting the
worker: those of the outage through the outbox's sweep.
"""

from __future__ import annotations

import signal
import time
import uuid
from collections import Counter
from collections.abc import Callable

import pytest
from django.conf import settings
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.kinds.terra_mystica.adapter import category
from games.models import Move, Seat
from notifications.services import TURN_CATEGORIES
from outbox.models import Entry
from tests.notifications.tables import Table
from tests.notifications.worker import WorkerProcess, _forget_connections, wait_until
from tests.support.servers import PrivateRedis, private_redis
from tm_site import celery_app

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        "postgresql" not in settings.DATABASES["default"]["ENGINE"],
        reason="a worker process needs a database it can open (PostgreSQL, as in CI)",
    ),
]

BEFORE, DURING, AFTER = 8, 14, 8


def _outage(
    smtp_server, settings, during: Callable[[PrivateRedis, Callable[[int], None]], None]
) -> tuple[list[int], list[float], set[str], Counter]:
    """Play BEFORE moves, ``during(redis, play)``, AFTER moves; wait for every turn mail.

    Returns each move's status and seconds, the keys of the mails expected, and the mails
    delivered (by key)."""
    for name, value in smtp_server.settings().items():
        setattr(settings, name, value)
    with private_redis() as redis:
        # The site's own cache settings (timeouts included), on this Redis.
        settings.CACHES = {"default": {**settings.REDIS_CACHE, "LOCATION": redis.url}}
        queue = f"tm-test-outage-{uuid.uuid4().hex[:8]}"
        saved = {
            key: celery_app.conf.get(key)
            for key in ("broker_url", "broker_transport_options", "task_default_queue")
        }
        celery_app.conf.update(
            broker_url=redis.url,
            broker_transport_options=settings.REDIS_BROKER_TRANSPORT_OPTIONS,
            task_default_queue=queue,
            task_always_eager=False,
        )
        _forget_connections(celery_app)
        worker = WorkerProcess(
            queue,
            smtp_server.port,
            broker_url=redis.url,
            extra=("--beat", f"--schedule={redis.dir}/beat"),
            env={"OUTBOX_SWEEP": "1", "OUTBOX_GRACE": "2", "OUTBOX_LEASE": "30"},
        )
        try:
            table = Table()
            clients = {}
            for user in table.users.values():
                client = APIClient()
                client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user)}")
                clients[user.pk] = client
            user_of_seat = dict(
                Seat.objects.filter(game_id=table.game_id).values_list("position", "user_id")
            )
            answers: list[int] = []
            seconds: list[float] = []
            expected: set[str] = set()
            waiting_before: set[int] = set()

            def play(count: int) -> None:
                nonlocal waiting_before
                for _ in range(count):
                    faction, command = table.rows[table.played]
                    mover = table.owner[faction].pk
                    number = table.game.move_count
                    started = time.monotonic()
                    response = clients[mover].post(
                        f"/api/v1/games/{table.game_id}/moves/",
                        {"command": command, "expected_move_number": number},
                        format="json",
                    )
                    seconds.append(time.monotonic() - started)
                    answers.append(response.status_code)
                    assert response.status_code == 201, response.content
                    table.played += 1
                    waiting = {
                        user_of_seat[d["seat"]]: d["kind"] for d in response.data["waiting_for"]
                    }
                    for user_id, kind in waiting.items():
                        if user_id != mover and user_id not in waiting_before:
                            what = "your_turn" if category(kind) in TURN_CATEGORIES else "decision"
                            expected.add(f"{what}:{table.game_id}:{number + 1}:{user_id}")
                    waiting_before = set(waiting)

            play(BEFORE)
            during(redis, play)
            play(AFTER)

            def delivered() -> Counter:
                return Counter(m["X-TM-Key"] for m in smtp_server.messages)

            wait_until(
                lambda: (
                    expected <= set(delivered())
                    and not Entry.objects.filter(status=Entry.Status.PENDING).exists()
                ),
                timeout=120,
                what="every turn mail",
            )
            assert worker.process.poll() is None, "the worker exited"
        finally:
            worker.stop()
            celery_app.conf.update(task_always_eager=True, **saved)
            _forget_connections(celery_app)
    assert Move.objects.filter(game_id=table.game_id).count() == table.game.move_count
    assert table.game.move_count >= len(answers)
    return answers, seconds, expected, delivered()


def test_moves_and_turn_mails_survive_a_broker_outage(transactional_db, smtp_server, settings):
    def restart(redis: PrivateRedis, play: Callable[[int], None]) -> None:
        redis.stop()
        play(DURING)
        redis.start()

    answers, _, expected, mails = _outage(smtp_server, settings, restart)
    assert len(answers) == BEFORE + DURING + AFTER
    assert answers == [201] * (BEFORE + DURING + AFTER)
    assert len(expected) >= DURING // 2
    assert {key: mails[key] for key in expected} == dict.fromkeys(expected, 1)
    assert max(mails.values()) == 1  # nothing at all sent twice


# Longer than every broker, result and cache timeout of the site's settings.
PAUSE = 12.0


def test_a_hung_broker_costs_moves_bounded_time_and_the_worker_recovers_by_itself(
    transactional_db, smtp_server, settings
):
    def hang(redis: PrivateRedis, play: Callable[[int], None]) -> None:
        assert redis.process is not None
        redis.process.send_signal(signal.SIGSTOP)
        try:
            paused = time.monotonic()
            play(3)
            while time.monotonic() - paused < PAUSE:
                play(1)
        finally:
            redis.process.send_signal(signal.SIGCONT)

    answers, seconds, expected, mails = _outage(smtp_server, settings, hang)
    assert set(answers) == {201}
    assert len(answers) > BEFORE + AFTER + 3  # moves were sent while Redis hung
    # A move waits at most for the rate limit's cache and for one hand-over to the broker.
    bound = settings.CACHE_TIMEOUT + settings.OUTBOX_PUBLISH_TIMEOUT + 2
    assert max(seconds) < bound, sorted(seconds)[-3:]
    assert {key: mails[key] for key in expected} == dict.fromkeys(expected, 1)
    assert max(mails.values()) == 1
