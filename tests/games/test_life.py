"""A game's life (games/life.py): every way a game ends without a result leaves it the same."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from games import services, tasks
from games.models import Game, Seat
from tests.notifications.tables import Table

pytestmark = pytest.mark.django_db

H = timedelta(hours=1)


def waiting(game_id: int) -> list[tuple]:
    """The seats of the game that still wait for something (a deadline, a reminder)."""
    return list(
        Seat.objects.filter(game_id=game_id)
        .exclude(waiting_since=None, deadline_at=None, reminder_at=None)
        .values_list("position", "waiting_since", "deadline_at")
    )


def resign_first(t: Table) -> None:
    services.game_resign(game_id=t.game_id, user=t.users[t.record["players"][0]])


def time_out_first(t: Table) -> None:
    with time_machine.travel(timezone.now() + 13 * H, tick=False):
        assert tasks.clocks_check.delay().get()["dropped"] == 1


def idle(t: Table) -> None:
    with time_machine.travel(timezone.now() + timedelta(days=61), tick=False):
        assert tasks.games_abort_idle.delay().get() == [t.game_id]


@pytest.mark.parametrize("end", [resign_first, time_out_first, idle])
def test_an_aborted_game_waits_for_nobody(end):
    # Nobody has chosen a faction: the first player's move is due within 12 hours.
    t = Table(move_time_limit=12 * H)
    assert waiting(t.game_id)
    end(t)
    assert t.game.status == Game.Status.ABORTED
    assert waiting(t.game_id) == []


def test_an_undo_and_a_rollback_are_entries_of_the_log_with_the_state_they_leave():
    t = Table()
    t.play(3)
    third = t.owner[t.rows[2][0]]
    game = t.game
    undone = services.move_undo(game_id=game.pk, user=third, expected_move_number=3)
    assert (undone.move.kind, undone.move.command, undone.move.target) == ("undo", "undo 3", 3)
    assert [d["seat"] for d in undone.waiting_for] == [3]
    rolled = services.game_rollback(
        game_id=game.pk, user=game.created_by, to_move_number=1, expected_move_number=4
    )
    assert (rolled.move.kind, rolled.move.command) == ("rollback", "rollback to 1")
    assert [d["seat"] for d in rolled.waiting_for] == [2]
    assert list(Seat.objects.filter(game=game).exclude(faction="").values_list("position")) == [
        (1,)
    ]
