"""What a move costs the database: the same queries whatever the length of the game.

A move is: lock the game and read its snapshot (one statement), read its seats, UPDATE the game,
INSERT the move, UPDATE the snapshot, INSERT the outbox entry of its mails (six; the entry only
when a player of the game has a confirmed address). Added to these: one UPDATE
per seat whose wait began or ended. The players' automatic answers to power offers (the game's
settings and the accounts') are read with the seats, so a move that opens offers asks nothing
more. The count changes only when the path of a move changes, and then this test says by how
much.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from tests.notifications.tables import Table

pytestmark = pytest.mark.django_db

User = get_user_model()

CORE = [
    'SELECT "games_game"',
    'SELECT "games_seat"',
    'UPDATE "games_game"',
    'INSERT INTO "games_move"',
    'UPDATE "games_statesnapshot"',
    'INSERT INTO "outbox_entry"',
]


def queries_of_next_move(table: Table) -> list[str]:
    faction, command = table.rows[table.played]
    game = table.game
    with CaptureQueriesContext(connection) as captured:
        services.move_submit(
            game_id=game.pk,
            user=table.owner[faction],
            command=command,
            expected_move_number=game.move_count,
        )
    table.played += 1
    return [q["sql"] for q in captured.captured_queries if "SAVEPOINT" not in q["sql"]]


def kinds(queries: list[str]) -> tuple[list[str], int, int]:
    """(the core queries, seat updates, settings reads) of a move."""
    seats = sum(1 for q in queries if q.startswith('UPDATE "games_seat"'))
    settings = sum(1 for q in queries if is_settings_read(q))
    rest = [
        next((c for c in CORE if q.startswith(c)), q[:60])
        for q in queries
        if not (q.startswith('UPDATE "games_seat"') or is_settings_read(q))
    ]
    return rest, seats, settings


def is_settings_read(query: str) -> bool:
    """A statement of its own reading the settings (not the seats' statement carrying them)."""
    return query.lstrip("(").startswith('SELECT "web_autoleech')


def test_a_move_costs_the_same_queries_early_and_late_in_the_game():
    table = Table()
    table.play(12)  # the setup is over
    early = kinds(queries_of_next_move(table))
    table.play(150)  # round 4
    late = kinds(queries_of_next_move(table))
    for rest, seats, settings in (early, late):
        assert rest == CORE
        assert 1 <= seats <= 2  # the mover's wait ends; the next seat's begins
        assert settings == 0
    assert len(early[0]) + early[1] <= 8
    assert len(late[0]) + late[1] <= 8


def test_a_move_that_opens_power_offers_reads_no_settings_of_its_own():
    table = Table()
    table.play(12)
    moves = [queries_of_next_move(table) for _ in range(40)]
    # The seats' statement carries the settings; no move of the 40 reads them apart.
    assert all(
        '"web_autoleech' in next(q for q in m if q.startswith('SELECT "games_seat"')) for m in moves
    )
    assert [kinds(m)[2] for m in moves] == [0] * 40
    assert all(kinds(m)[0] == CORE for m in moves)


def _round_trips_of_next_move(table: Table) -> list[list[str]]:
    from tests.tm_site.test_writes_together import round_trips

    if connection.vendor != "postgresql":
        pytest.skip("statements go out together on PostgreSQL only")
    faction, command = table.rows[table.played]
    game = table.game
    with round_trips() as trips:
        services.move_submit(
            game_id=game.pk,
            user=table.owner[faction],
            command=command,
            expected_move_number=game.move_count,
        )
    table.played += 1
    return trips


@pytest.mark.django_db(transaction=True)
def test_a_move_takes_two_round_trips_to_the_database_and_one_for_its_mails():
    """Where statements go out together (PostgreSQL): the BEGIN with the locked game and its
    seats; then every write (the game's UPDATE, the move's INSERT, whose id nothing reads, the
    snapshot's UPDATE, the seats'). Here the outbox entry of the players' mails (Django's
    INSERT, whose id comes back) takes the writes with it, and the COMMIT follows alone."""
    table = Table()
    table.play(12)
    trips = _round_trips_of_next_move(table)
    assert trips[0] == ["BEGIN", "SELECT games_game", "SELECT games_seat"]
    assert trips[1][:3] == ["UPDATE games_game", "INSERT games_move", "UPDATE games_statesnapshot"]
    assert trips[1][-1] == "INSERT outbox_entry"
    assert trips[2] == ["COMMIT"]  # what follows is the work run once the move is committed


@pytest.mark.django_db(transaction=True)
def test_a_move_of_players_without_an_address_takes_two_round_trips_with_its_commit():
    table = Table()
    User.objects.filter(pk__in=[u.pk for u in table.users.values()]).update(email="")
    table.play(12)
    trips = _round_trips_of_next_move(table)
    assert trips[0] == ["BEGIN", "SELECT games_game", "SELECT games_seat"]
    writes, commit = trips[1][:-1], trips[1][-1]
    assert writes[:3] == ["UPDATE games_game", "INSERT games_move", "UPDATE games_statesnapshot"]
    assert set(writes[3:]) == {"UPDATE games_seat"} and commit == "COMMIT"
    assert len(trips) == 2
    # Every write reached the database, in order: the log and the snapshot agree.
    game = table.game
    game.refresh_from_db()
    assert game.moves.order_by("-number").values_list("number", flat=True)[0] == game.move_count
    assert game.snapshot.move_number == game.move_count
