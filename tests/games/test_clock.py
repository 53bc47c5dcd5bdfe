"""Time controls: deadlines per move and chess clocks, reminders, drops on expiry, idle games.

Time moves with time-machine; the periodic tasks run eagerly.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.core import mail

from games import tasks
from games.models import Game, Move, Seat
from tests.notifications.tables import Table

pytestmark = pytest.mark.django_db

START = datetime(2030, 1, 7, 12, 0, tzinfo=UTC)
H = timedelta(hours=1)


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    return lambda: django_capture_on_commit_callbacks(execute=True)


@pytest.fixture
def clock_at_start():
    with time_machine.travel(START, tick=False) as traveller:
        yield traveller


def seat(t: Table, faction: str) -> Seat:
    return Seat.objects.get(game_id=t.game_id, faction=faction)


def mails_to(user) -> list[str]:
    return [m.subject.removeprefix("[Tablelands] ") for m in mail.outbox if m.to == [user.email]]


def check_clocks(committed) -> dict:
    with committed():
        return tasks.clocks_check.delay().get()


def test_deadline_per_move_reminds_twice_then_drops(clock_at_start, committed, api):
    with committed():
        t = Table(move_time_limit=24 * H)
        t.play(4)  # factions chosen; darklings must place a dwelling
    darklings, nomads = t.owner["darklings"], t.owner["nomads"]
    assert seat(t, "darklings").deadline_at == START + 24 * H
    clock = api.get(f"/api/v1/games/{t.game_id}/").json()["seats"][0]["clock"]
    assert (clock["time_left"], clock["running"]) == (24 * 3600, True)
    mail.outbox.clear()

    clock_at_start.shift(11 * H + timedelta(minutes=59))
    assert check_clocks(committed) == {"reminded": 0, "dropped": 0}
    clock_at_start.shift(timedelta(minutes=2))  # just over half the time is gone
    assert check_clocks(committed) == {"reminded": 1, "dropped": 0}
    assert check_clocks(committed) == {"reminded": 0, "dropped": 0}  # once only
    assert mails_to(darklings) == ["Table: 11 h 59 min left to act"]
    clock_at_start.shift(9 * H + timedelta(minutes=39))  # 21 h 40 min: past 90 %
    assert check_clocks(committed)["reminded"] == 1
    assert mails_to(darklings)[-1] == "Table: 2 h 20 min left to act"

    clock_at_start.shift(2 * H + timedelta(minutes=21))  # 24 h 01 min
    assert check_clocks(committed) == {"reminded": 0, "dropped": 1}
    assert check_clocks(committed) == {"reminded": 0, "dropped": 0}
    game = t.game
    last = game.moves.order_by("-number").first()
    assert (last.kind, last.command, last.user_id) == (
        Move.Kind.DROP,
        "drop-faction darklings",
        None,
    )
    assert game.status == Game.Status.RUNNING
    assert seat(t, "darklings").dropped
    assert mails_to(darklings)[-1] == "Table: you ran out of time"
    # the game goes on: the next player now has 24 hours
    assert mails_to(nomads) == ["Your turn in Table"]
    assert seat(t, "nomads").deadline_at == START + 48 * H + timedelta(minutes=1)


def test_a_move_in_time_stops_the_clock_and_starts_the_next(clock_at_start, committed):
    t = Table(move_time_limit=12 * H)
    t.play(4)
    clock_at_start.shift(11 * H)
    t.play(1)  # darklings in time
    assert seat(t, "darklings").deadline_at is None
    assert seat(t, "nomads").deadline_at == START + 23 * H
    clock_at_start.shift(2 * H)
    assert check_clocks(committed)["dropped"] == 0


def test_running_out_of_time_before_choosing_a_faction_aborts(clock_at_start, committed):
    t = Table(move_time_limit=12 * H)
    clock_at_start.shift(13 * H)
    assert check_clocks(committed)["dropped"] == 1
    assert t.game.status == Game.Status.ABORTED


def test_chess_clock_charges_the_waiting_player_and_adds_the_bonus_each_round(
    clock_at_start, committed, api
):
    t = Table(time_control="chess", clock_initial=48 * H, clock_bonus=12 * H)
    clock_at_start.shift(3 * H)
    t.play(1)  # player 1 chose a faction after 3 hours
    assert seat(t, "darklings").time_left == 45 * H
    players = api.get(f"/api/v1/games/{t.game_id}/state/").json()["players"]
    assert players[0]["clock"] == {"time_left": 45 * 3600, "running": False, "deadline": None}
    assert players[1]["clock"]["running"] is True

    t.play_until(lambda: t.game.clock_round >= 1)  # instantly through the setup
    left = {s.faction: s.time_left for s in Seat.objects.filter(game_id=t.game_id)}
    assert left == {"darklings": 57 * H, "nomads": 60 * H, "mermaids": 60 * H, "engineers": 60 * H}

    waiting = Seat.objects.get(game_id=t.game_id, waiting_since__isnull=False)
    clock_at_start.shift(5 * H)
    t.play(1)
    waiting.refresh_from_db()
    assert waiting.time_left == left[waiting.faction] - 5 * H

    # the next player thinks too long
    slow = Seat.objects.get(game_id=t.game_id, waiting_since__isnull=False)
    clock_at_start.shift(slow.time_left + timedelta(minutes=1))
    assert check_clocks(committed)["dropped"] == 1
    slow.refresh_from_db()
    assert slow.dropped and slow.time_left == timedelta(0)


def test_idle_games_are_aborted(clock_at_start, committed):
    quiet = Table()
    clock_at_start.shift(timedelta(days=59))
    busy = Table("4pLeague_S60_D1L1_G2")
    clock_at_start.shift(timedelta(days=2))
    mail.outbox.clear()
    with committed():
        assert tasks.games_abort_idle.delay().get() == [quiet.game_id]
    assert quiet.game.status == Game.Status.ABORTED
    assert busy.game.status == Game.Status.RUNNING
    # Every player of the aborted game is told why; the busy game's players hear nothing.
    aborted = [m for m in mail.outbox if "was aborted" in m.subject]
    assert sorted(m.to[0] for m in aborted) == sorted(s.user.email for s in quiet.game.seats.all())
    assert all("nobody has moved for 60 days" in m.body for m in aborted)
    assert all(m.extra_headers["X-TM-Notification"] == "game_over" for m in aborted)


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ({"move_time_limit": 3600}, "move_time_limit"),
        ({"time_control": "move"}, "between 12 hours and 14 days"),
        ({"time_control": "chess"}, "initial time"),
        ({"clock_initial": 86400, "clock_bonus": 30 * 86400}, "clock_bonus"),
    ],
)
def test_time_controls_out_of_range_are_refused(client_for, user, body, error):
    response = client_for(user).post("/api/v1/games/", {"player_count": 3, **body}, format="json")
    assert response.status_code == 400
    assert error in str(response.json())


def test_time_control_chosen_at_creation(client_for, user):
    api = client_for(user)
    chess = api.post(
        "/api/v1/games/",
        {"player_count": 3, "clock_initial": 3 * 86400, "clock_bonus": 6 * 3600},
        format="json",
    ).json()
    assert chess["time_control"] == {
        "kind": "chess",
        "move_time_limit": None,
        "initial": 3 * 86400,
        "bonus_per_round": 6 * 3600,
    }
    move = api.post(
        "/api/v1/games/", {"player_count": 3, "move_time_limit": 86400}, format="json"
    ).json()
    assert move["time_control"]["kind"] == "move" and move["move_time_limit"] == 86400
