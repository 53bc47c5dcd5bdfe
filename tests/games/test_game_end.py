"""End of a game: result, rating, game-over mails; a task that dies half way loses nothing."""

from __future__ import annotations

import dataclasses
from datetime import timedelta
from unittest import mock

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.core import mail
from django.utils import timezone

from games import services, tasks
from games.kinds.terra_mystica import notation
from games.models import Game
from games.names import faction_name
from notifications.models import Notification
from ratings.models import RatedGame, RatingChange
from tests.conftest import load_corpus_game

pytestmark = pytest.mark.django_db

User = get_user_model()
GAME = "4pLeague_S60_D1L1_G1"


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    return lambda: django_capture_on_commit_callbacks(execute=True)


@pytest.fixture
def last_move_pending(staff):
    """A recorded game imported up to its last move; returns (game, play_last_move)."""
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

    def play_last_move() -> None:
        services.move_submit(
            game_id=game.pk,
            user=owner,
            command=last.command,
            expected_move_number=Game.objects.get(pk=game.pk).move_count,
        )

    return game, record, play_last_move


def game_over_mails() -> list:
    return [m for m in mail.outbox if m.extra_headers["X-TM-Notification"] == "game_over"]


def test_the_final_move_records_the_result_rates_and_tells_everyone(
    last_move_pending, committed, api
):
    game, record, play_last_move = last_move_pending
    mail.outbox.clear()
    with committed():
        play_last_move()
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.result_recorded_at and game.finish_processed_at
    seats = {s.faction: s for s in game.seats.all()}
    assert {f: s.final_vp for f, s in seats.items()} == record["final_vp"]
    for s in seats.values():
        assert s.vp_breakdown["round scoring"] > 0
        assert sum(s.vp_breakdown.values()) == s.final_vp
    assert RatingChange.objects.filter(game=game).count() == 4

    detail = api.get(f"/api/v1/games/{game.pk}/").json()
    for seat in detail["seats"]:
        change = seat["rating_change"]
        assert change["after"] - change["before"] == pytest.approx(change["delta"], abs=0.11)
        assert seat["vp_breakdown"] == seats[seat["faction"]].vp_breakdown

    mails = game_over_mails()
    assert sorted(m.to[0] for m in mails) == sorted(f"{p}@example.org" for p in record["players"])
    winner = max(record["final_vp"], key=record["final_vp"].get)
    winner_mail = next(
        m for m in mails if m.to == [f"{record['faction_players'][winner]}@example.org"]
    )
    assert winner_mail.subject.endswith("is over: you finished 1st")
    assert (
        f"({faction_name(winner)}): {record['final_vp'][winner]} VP; rating 1000 →"
        in winner_mail.body
    )
    assert "round scoring:" in winner_mail.body
    html = winner_mail.alternatives[0][0]
    assert "<table" in html and "round scoring" in html


class Killed(BaseException):
    """A worker dying: not an Exception, so nothing on the way catches it."""


def test_a_task_killed_at_any_step_completes_when_run_again(last_move_pending, committed):
    game, record, play_last_move = last_move_pending
    with mock.patch("outbox.services.publish"), committed():
        play_last_move()  # the task's message is lost
    game.refresh_from_db()
    assert game.result_recorded_at is None

    # killed while rating: the result is recorded, nothing else
    with (
        mock.patch("ratings.services.game_rate", side_effect=Killed),
        pytest.raises(Killed),
    ):
        tasks.game_finish_process.apply(args=(game.pk,))
    game.refresh_from_db()
    assert game.result_recorded_at is not None and not RatedGame.objects.exists()

    # killed while the second game-over mail is being sent
    sent = []

    def send_then_die(message, fail_silently=False):
        if len(sent) == 1:
            raise Killed
        sent.append(message)
        return 1

    with (
        mock.patch("django.core.mail.message.EmailMessage.send", send_then_die),
        pytest.raises(Killed),
    ):
        tasks.game_finish_process.apply(args=(game.pk,))
    assert RatingChange.objects.filter(game=game).count() == 4
    assert len(sent) == 1
    statuses = sorted(
        Notification.objects.filter(kind="game_over").values_list("status", flat=True)
    )
    assert statuses == ["pending", "pending", "sending", "sent"]

    # the periodic sweep finds the unfinished game and runs the task again; the mail claimed by
    # the dead worker goes out once its lease has expired
    with time_machine.travel(timezone.now() + timedelta(minutes=20)):
        assert tasks.games_finish_pending.delay().get() == [game.pk]
        assert tasks.games_finish_pending.delay().get() == []
        from notifications import tasks as notification_tasks

        notification_tasks.notifications_flush.delay()
    game.refresh_from_db()
    assert game.finish_processed_at is not None
    assert RatingChange.objects.filter(game=game).count() == 4
    assert RatedGame.objects.filter(game=game).count() == 1
    received = sorted(m.to[0] for m in sent + game_over_mails())
    assert received == sorted(f"{p}@example.org" for p in record["players"])

    # and once more, for good measure: nothing changes
    before = len(mail.outbox)
    tasks.game_finish_process.apply(args=(game.pk,))
    assert len(mail.outbox) == before
    assert RatingChange.objects.filter(game=game).count() == 4


def test_a_rolled_back_game_is_processed_again_when_it_ends_again(last_move_pending, committed):
    game, _, play_last_move = last_move_pending
    with committed():
        play_last_move()
    game.refresh_from_db()
    first_end = game.finished_at
    services.game_rollback(
        game_id=game.pk, user=game.created_by, to_move_number=game.move_count - 1
    )
    game.refresh_from_db()
    assert game.finish_processed_at is None and game.result_recorded_at is None
    assert all(s.vp_breakdown == {} for s in game.seats.all())
    mail.outbox.clear()
    with time_machine.travel(first_end + timedelta(hours=1)), committed():
        play_last_move()
    assert len(game_over_mails()) == 4
