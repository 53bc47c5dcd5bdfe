"""Writes that wait for the next statement (``statements.writes_together``, ``statements.atomic``)
reach the database in the order the code wrote them, commit with their block or not at all."""

from __future__ import annotations

import re
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.db import IntegrityError, connection, transaction
from django.test import override_settings
from psycopg import pq

from games.models import Game, Move
from tests.factories import GameFactory
from tm_site import statements


def _move(game, number):
    seat = game.seats.get()
    return statements.insert(
        Move, game=game, number=number, seat=seat, user_id=seat.user_id, actor="x"
    )


@pytest.mark.django_db
def test_a_later_write_is_seen_by_every_statement_after_it():
    game = GameFactory()
    with transaction.atomic(), statements.writes_together():
        statements.update_later(Game, game.pk, move_count=5)
        # Django's own statement, then one built once: each sends the waiting write first.
        assert Game.objects.get(pk=game.pk).move_count == 5
        statements.update_later(Game, game.pk, move_count=6)
        assert statements.update(Game, game.pk, name="renamed") == 1
        statements.update_later(Game, game.pk, move_count=7)
    game.refresh_from_db()
    assert (game.move_count, game.name) == (7, "renamed")


@pytest.mark.django_db
def test_outside_a_scope_a_later_write_runs_at_once():
    game = GameFactory()
    statements.update_later(Game, game.pk, move_count=3)
    assert Game.objects.get(pk=game.pk).move_count == 3


@pytest.mark.django_db(transaction=True)
def test_a_scope_outside_an_atomic_block_is_refused():
    with pytest.raises(RuntimeError, match="atomic"), statements.writes_together():
        pass


@pytest.mark.django_db(transaction=True)
def test_an_exception_in_the_block_leaves_nothing_written():
    game = GameFactory()
    with pytest.raises(ValueError), statements.atomic():
        statements.update_later(Game, game.pk, move_count=9)
        _move(game, 1)  # sends the waiting update
        statements.update_later(Game, game.pk, name="never")
        raise ValueError
    game.refresh_from_db()
    assert (game.move_count, game.name != "never", game.moves.count()) == (0, True, 0)


@pytest.mark.django_db(transaction=True)
def test_a_failing_later_write_raises_in_the_block_and_nothing_commits():
    game = GameFactory()
    first, second = _move(game, 1), _move(game, 2)
    done = []
    with pytest.raises(IntegrityError), statements.atomic():
        transaction.on_commit(lambda: done.append(True))
        statements.update_later(Game, game.pk, move_count=2)
        statements.update_later(Move, second.pk, number=first.number)  # a duplicate number
    assert not connection.in_atomic_block and done == []
    game.refresh_from_db()
    assert game.move_count == 0
    assert sorted(game.moves.values_list("number", flat=True)) == [1, 2]


@pytest.mark.django_db(transaction=True)
def test_the_outermost_block_commits_its_writes_and_runs_its_callbacks():
    game = GameFactory()
    done = []
    with statements.atomic():
        transaction.on_commit(lambda: done.append(Game.objects.get(pk=game.pk).move_count))
        _move(game, 1)
        statements.update_later(Game, game.pk, move_count=1)
    assert done == [1]
    assert connection.get_autocommit() and not connection.in_atomic_block
    # The connection goes on as usual: a new block, a new transaction.
    with transaction.atomic():
        statements.update(Game, game.pk, move_count=2)
    assert Game.objects.get(pk=game.pk).move_count == 2


@pytest.mark.django_db(transaction=True)
def test_a_block_marked_for_rollback_does_not_commit_early():
    game = GameFactory()
    with statements.atomic():
        statements.update_later(Game, game.pk, move_count=4)
        try:
            with transaction.atomic():
                _move(game, 1)
                _move(game, 1)  # a duplicate number: the inner block rolls back
        except IntegrityError:
            pass
        statements.update_later(Game, game.pk, name="kept")
    game.refresh_from_db()
    assert (game.move_count, game.name, game.moves.count()) == (4, "kept", 0)


@pytest.mark.django_db
def test_statements_together_give_what_each_gives_alone():
    from tests.tm_site.test_statements import NAMED, SEATS

    games = [GameFactory(name=f"t{i}") for i in range(2)]
    with transaction.atomic(), statements.writes_together():
        statements.update_later(Game, games[0].pk, name="t9")
        seats, named, none = statements.all_together(
            (SEATS, (games[1].pk,)), (NAMED, ("t9", games[0].pk)), (NAMED, ("t0", games[0].pk))
        )
    assert [s.pk for s in seats] == [s.pk for s in SEATS.all(games[1].pk)]
    assert [g.pk for g in named] == [games[0].pk] and none == []


# --- round trips -----------------------------------------------------------------------------


@contextmanager
def round_trips() -> Iterator[list[list[str]]]:
    """The statements the connection sends ("SELECT games_game", "COMMIT"), grouped by round
    trip (each ends where the client waits for the server's ReadyForQuery), from libpq's trace
    of the protocol."""
    if connection.vendor != "postgresql":
        pytest.skip("statements go out together on PostgreSQL only")
    connection.ensure_connection()
    raw = connection.connection
    pgconn = raw.pgconn
    trips: list[list[str]] = []
    # Statements prepared before the trace would show as names without their text: none is
    # prepared meanwhile (the same statements in the same round trips).
    threshold, raw.prepare_threshold = raw.prepare_threshold, None
    with tempfile.TemporaryFile() as trace, override_settings(DB_PREPARE_THRESHOLD=0):
        pgconn.trace(trace.fileno())
        pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS | pq.Trace.REGRESS_MODE)
        try:
            yield trips
        finally:
            pgconn.untrace()
            raw.prepare_threshold = threshold
            trace.seek(0)
            current: list[str] = []
            prepared: dict[str, str] = {}
            parsed = ""
            for line in trace.read().decode(errors="replace").splitlines():
                direction, _, kind, *rest = [*line.split("\t"), "", "", ""]
                if direction == "F" and kind == "Query":  # the simple protocol
                    current.append(_statement(rest[0].strip(' "')))
                elif direction == "F" and kind == "Bind":  # a statement parsed or prepared
                    name = rest[0].split('"')[3]
                    current.append(prepared[name] if name else parsed)
                elif direction == "F" and kind == "Parse":
                    name, sql = re.match(r' "([^"]*)" "(.*)', rest[0]).groups()  # type: ignore[union-attr]
                    parsed = _statement(sql)
                    if name:
                        prepared[name] = parsed
                elif direction == "B" and kind == "ReadyForQuery":
                    trips.append(current)
                    current = []


def _statement(sql: str) -> str:
    verb = sql.split()[0].strip('("')
    table = re.search(r'(?:SELECT|UPDATE|INTO) \(?"(\w+)"', sql)
    return f"{verb} {table.group(1)}" if table else verb


@pytest.mark.django_db(transaction=True)
def test_the_first_statement_of_a_block_goes_out_with_its_begin():
    game = GameFactory()
    with round_trips() as trips, statements.atomic():
        Game.objects.filter(pk=game.pk).update(name="by the ORM")
    assert trips[0] == ["BEGIN"]  # Django's own statements: psycopg's BEGIN, alone
    with round_trips() as trips, statements.atomic():
        # A statement built once opens the transaction: its BEGIN goes with it, and the lock it
        # takes is held until the block ends (another connection cannot take it).
        locked = statements.Statement(
            lambda pk: Game.objects.filter(pk=pk).select_for_update(), int
        ).first(game.pk)
        assert locked is not None and not _lockable_elsewhere(game.pk)
        statements.update_later(Game, game.pk, name="renamed")
    assert trips == [["BEGIN", "SELECT games_game"], ["UPDATE games_game", "COMMIT"]]
    assert _lockable_elsewhere(game.pk)
    game.refresh_from_db()
    assert game.name == "renamed"
    # The connection goes on as usual: outside a block every statement commits by itself.
    statements.update(Game, game.pk, name="again")
    assert Game.objects.get(pk=game.pk).name == "again"


@pytest.mark.django_db(transaction=True)
def test_a_block_whose_first_statement_fails_rolls_back_and_the_connection_goes_on():
    game = GameFactory()
    first = _move(game, 1)
    with pytest.raises(IntegrityError), round_trips() as trips, statements.atomic():
        statements.update(Move, first.pk, number=first.number)  # fine: its own number
        statements.update_later(Game, game.pk, name="never")
        _move(game, 1)  # a duplicate number, sent with the waiting update
    assert trips[0][0] == "BEGIN" and len(trips[0]) == 2
    assert not connection.in_atomic_block and connection.get_autocommit()
    game.refresh_from_db()
    assert game.name != "never" and game.moves.count() == 1
    with pytest.raises(IntegrityError), statements.atomic():
        _move(game, 1)  # fails in the round trip of its BEGIN
    with statements.atomic():
        _move(game, 2)
    assert sorted(game.moves.values_list("number", flat=True)) == [1, 2]


def _lockable_elsewhere(game_id: int) -> bool:
    """Whether another connection can lock the game's row at once."""
    import psycopg

    settings = connection.settings_dict
    with psycopg.connect(
        host=settings["HOST"] or None,
        port=settings["PORT"] or None,
        user=settings["USER"],
        password=settings["PASSWORD"] or None,
        dbname=settings["NAME"],
    ) as other:
        try:
            other.execute(
                "SELECT 1 FROM games_game WHERE id = %s FOR UPDATE NOWAIT", [game_id]
            ).fetchall()
        except psycopg.errors.LockNotAvailable:
            return False
        return True
