"""Writes that wait for the next statement (``statements.writes_together``, ``statements.atomic``)
reach the database in the order the code wrote them, commit with their block or not at all."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, connection, transaction

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
