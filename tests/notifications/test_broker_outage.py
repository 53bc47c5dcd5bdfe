"""A broker outage in the middle of a game: moves go on, turn mails arrive late, once each.

The test runs a Redis of its own (broker and cache), a worker process with its beat on it and a
real SMTP server. Players send moves through the API; the Redis is stopped for a stretch of
moves and started again. Every move must be accepted (no 500, none lost), and every turn mail
the moves caused must reach the SMTP server exactly once: those of the outage through the
outbox's sweep.
"""

from __future__ import annotations

import uuid
from collections import Counter

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
from tests.support.servers import private_redis
from tm_site import celery_app

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        "postgresql" not in settings.DATABASES["default"]["ENGINE"],
        reason="a worker process needs a database it can open (PostgreSQL, as in CI)",
    ),
]

BEFORE, DURING, AFTER = 8, 14, 8


def test_moves_and_turn_mails_survive_a_broker_outage(transactional_db, smtp_server, settings):
    for name, value in smtp_server.settings().items():
        setattr(settings, name, value)
    with private_redis() as redis:
        settings.CACHES = {
            "default": {
                "BACKEND": "django.core.cache.backends.redis.RedisCache",
                "LOCATION": redis.url,
            }
        }
        queue = f"tm-test-outage-{uuid.uuid4().hex[:8]}"
        saved = {
            key: celery_app.conf.get(key)
            for key in ("broker_url", "broker_transport_options", "task_default_queue")
        }
        celery_app.conf.update(
            broker_url=redis.url,
            broker_transport_options={"socket_connect_timeout": 1, "socket_timeout": 2},
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
            expected: set[str] = set()
            waiting_before: set[int] = set()

            def play(count: int) -> None:
                nonlocal waiting_before
                for _ in range(count):
                    faction, command = table.rows[table.played]
                    mover = table.owner[faction].pk
                    number = table.game.move_count
                    response = clients[mover].post(
                        f"/api/v1/games/{table.game_id}/moves/",
                        {"command": command, "expected_move_number": number},
                        format="json",
                    )
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
            redis.stop()
            play(DURING)
            redis.start()
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
        finally:
            worker.stop()
            celery_app.conf.update(task_always_eager=True, **saved)
            _forget_connections(celery_app)

    assert answers == [201] * (BEFORE + DURING + AFTER)
    assert Move.objects.filter(game_id=table.game_id).count() == table.game.move_count
    assert table.game.move_count >= BEFORE + DURING + AFTER
    mails = delivered()
    assert len(expected) >= DURING // 2
    assert {key: mails[key] for key in expected} == dict.fromkeys(expected, 1)
    assert max(mails.values()) == 1  # nothing at all sent twice
