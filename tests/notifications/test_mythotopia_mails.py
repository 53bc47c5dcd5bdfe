"""Mythotopia's mails through a real SMTP server: they name the player's colour, the actions
left and the secret choices, never Terra Mystica's factions or power offers, and list the
moves as the player may see them."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import clock, kinds, timeouts
from games import services as game_services
from games.log import load_state
from games.models import Game
from notifications import services as notification_services
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
TM_WORDS = ("faction", "leech", "power", "cult", "dwelling")


@pytest.fixture
def mail_server(smtp_server, settings):
    for name, value in smtp_server.settings().items():
        setattr(settings, name, value)
    return smtp_server


@pytest.fixture
def running(committed):
    users = [UserFactory(), UserFactory()]
    with committed():
        game = game_services.game_create(user=users[0], player_count=2, kind="mythotopia")
        game_services.game_join(game_id=game.pk, user=users[1])
    return Game.objects.get(pk=game.pk)


def body(message) -> str:
    return str(message.get_body(("plain",)).get_content())


def play_first_legal(game: Game, committed) -> None:
    game = Game.objects.get(pk=game.pk)
    state = load_state(game)
    kind = kinds.engine_for(game.kind)
    seat = kind.waiting_for(state)[0]["seat"]
    user = game.seats.get(position=seat).user
    with committed():
        game_services.move_submit(
            game_id=game.pk,
            user=user,
            command=kind.legal_commands(state, seat)[0],
            expected_move_number=game.move_count,
        )


def test_turn_mails_name_the_colour_and_the_actions_left(mail_server, running, committed):
    started = mail_server.wait_for(3)  # "has started" to both, "your turn" to the first
    first_turn = next(m for m in started if "Your turn" in m["Subject"])
    assert "(red)" in body(first_turn) or "(blue)" in body(first_turn)
    count = len(started)
    for _ in range(6):
        play_first_legal(running, committed)
    messages = [m for m in mail_server.wait_for(count + 3) if "Your turn" in m["Subject"]]
    assert len(messages) >= 4  # the first, then one a turn (or one a secret choice)
    for message in messages:
        text = body(message)
        assert "take 2 more actions" in text or "secret setup choice" in text, text
        assert "(red)" in text or "(blue)" in text, text
        assert not any(word in text.lower() for word in TM_WORDS), text
    # The moves since the player's last turn, as that player may see them.
    assert any("Moves since your last turn" in body(m) for m in messages[1:])


def test_time_mails_say_the_player_leaves_not_a_faction(mail_server, running):
    count = len(mail_server.wait_for(3))
    seat = running.seats.get(position=1)
    now = timezone.now()
    reminder = clock.Reminder(
        seat_id=seat.pk,
        user_id=seat.user_id,
        game_id=running.pk,
        number=1,
        waiting_since=now - timedelta(days=1),
        deadline_at=now + timedelta(days=1),
    )
    ids = notification_services.reminder_notify(reminder, now)
    timeout = timeouts.TimeOut(
        seat_id=seat.pk,
        user_id=seat.user_id,
        game_id=running.pk,
        faction=seat.faction,
        aborted=False,
        move_number=running.move_count,
    )
    ids += notification_services.time_out_notify(timeout)
    notification_services.notifications_deliver(ids)
    texts = [body(m) for m in mail_server.wait_for(count + 2)[count:]]
    assert any("When your time runs out, you leave the game." in t for t in texts), texts
    assert any("you left the game" in t for t in texts), texts
    assert not any("faction" in t for t in texts)
