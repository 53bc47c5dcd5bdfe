"""A worker process killed in the middle of the end-of-game task: nothing is lost, nothing doubled.

The worker runs as a separate process on Redis; the SMTP server holds its first game-over mail
unanswered, and the test kills the worker (SIGKILL) right then: the result is recorded and the
game rated, one mail is claimed and not sent, three are not sent yet. A second worker gets the
unacknowledged task back from Redis and completes it; the claimed mail goes out once the dead
worker's claim has expired.
"""

from __future__ import annotations

import dataclasses
import uuid
from datetime import timedelta
from unittest import mock

import pytest
import time_machine
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import timezone

from games import services
from games import tasks as game_tasks
from games.kinds.terra_mystica import notation
from games.models import Game
from notifications import tasks as notification_tasks
from notifications.models import Notification
from ratings.models import RatingChange
from tests.conftest import load_corpus_game
from tests.notifications.tables import GAME
from tests.notifications.worker import WorkerProcess
from tm_site import celery_app

User = get_user_model()


pytestmark = pytest.mark.filterwarnings("ignore:Call to deprecated setex:DeprecationWarning")


@pytest.mark.skipif(
    "postgresql" not in settings.DATABASES["default"]["ENGINE"],
    reason="a worker process needs a database it can open (PostgreSQL, as in CI)",
)
def test_a_worker_killed_in_the_middle_loses_nothing(
    celery_worker_queue, transactional_db, smtp_server, settings, staff
):
    for name, value in smtp_server.settings().items():
        setattr(settings, name, value)
    record = load_corpus_game(GAME)
    for name in record["players"]:
        User.objects.create_user(username=name, email=f"{name}@example.org")
    game_file = notation.corpus_entries(record)
    *before, last = game_file.entries
    game = services.game_import(
        game_file=dataclasses.replace(game_file, entries=before),
        created_by=staff,
        attach_existing=True,
    )
    owner = User.objects.get(username=record["faction_players"][last.actor])
    with mock.patch("outbox.services.publish"):
        services.move_submit(
            game_id=game.pk,
            user=owner,
            command=last.command,
            expected_move_number=Game.objects.get(pk=game.pk).move_count,
        )
    smtp_server.messages.clear()

    queue = f"tm-test-kill-{uuid.uuid4().hex[:8]}"
    smtp_server.hold_next()
    first = WorkerProcess(queue, smtp_server.port)
    second = None
    celery_app.conf.task_always_eager = False
    try:
        result = game_tasks.game_finish_process.apply_async((game.pk,), queue=queue)
        assert smtp_server.holding.wait(60), first.process.stderr.read1().decode()
        first.kill()
        smtp_server.release(drop=True)

        game.refresh_from_db()
        assert game.result_recorded_at is not None and game.finish_processed_at is None
        assert RatingChange.objects.filter(game=game).count() == 4
        assert sorted(
            Notification.objects.filter(kind="game_over").values_list("status", flat=True)
        ) == ["pending", "pending", "pending", "sending"]

        second = WorkerProcess(queue, smtp_server.port)
        outcome = result.get(timeout=60)
        assert outcome["finished"] is True and outcome["mails"] == 3
    finally:
        celery_app.conf.task_always_eager = True
        for worker in (first, second):
            if worker is not None:
                worker.stop()

    game.refresh_from_db()
    assert game.finish_processed_at is not None
    assert len(smtp_server.messages) == 3
    # the mail the dead worker had claimed goes out once its claim has expired
    with time_machine.travel(
        timezone.now() + timedelta(seconds=settings.NOTIFICATIONS_SEND_LEASE + 1)
    ):
        assert notification_tasks.notifications_flush.apply().get() == 1
    received = sorted(m["To"] for m in smtp_server.messages)
    assert received == sorted(f"{name}@example.org" for name in record["players"])
    assert RatingChange.objects.filter(game=game).count() == 4
    assert set(Notification.objects.filter(kind="game_over").values_list("status", flat=True)) == {
        "sent"
    }
