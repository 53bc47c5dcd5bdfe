"""What a move costs the database: the same queries whatever the length of the game.

A move is: lock the game and read its snapshot (one statement), read its seats, UPDATE the game,
INSERT the move, UPDATE the snapshot, INSERT the outbox entry of its mails (six; the entry only
when a player of the game has a confirmed address). Added to these: one UPDATE
per seat whose wait began or ended, and, when the move opens power offers, one read of each
automatic-answer settings (the game's and the accounts' in one statement). The count changes only when the path of a move changes,
and then this test says by how much.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from tests.notifications.tables import Table

pytestmark = pytest.mark.django_db

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
    return query.lstrip("(").startswith("SELECT") and 'FROM "web_autoleech' in query


def test_a_move_costs_the_same_queries_early_and_late_in_the_game():
    table = Table()
    table.play(12)  # the setup is over
    early = kinds(queries_of_next_move(table))
    table.play(150)  # round 4
    late = kinds(queries_of_next_move(table))
    for rest, seats, settings in (early, late):
        assert rest == CORE
        assert 1 <= seats <= 2  # the mover's wait ends; the next seat's begins
        assert settings in (0, 1)
    assert len(early[0]) + early[1] + early[2] <= 9
    assert len(late[0]) + late[1] + late[2] <= 9


def test_a_move_that_opens_power_offers_reads_the_automatic_answers_once():
    table = Table()
    table.play(12)
    reads = [kinds(queries_of_next_move(table))[2] for _ in range(40)]
    assert 1 in reads
    assert set(reads) <= {0, 1}
