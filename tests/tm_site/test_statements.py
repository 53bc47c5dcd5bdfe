"""Statements built once give what their querysets give, for every value they are run with."""

from __future__ import annotations

import pytest
from django.db.models import F

from games.models import Game, Move, Seat, StateSnapshot
from tests.factories import GameFactory, SeatFactory
from tm_site import statements

pytestmark = pytest.mark.django_db


def _seats(game_id):
    return (
        Seat.objects.filter(game_id=game_id)
        .select_related("user", "user__profile")
        .annotate(user_email=F("user__email"))
    )


SEATS = statements.Statement(_seats, int)
NAMED = statements.Statement(
    lambda name, game_id: Game.objects.filter(name=name, pk=game_id), str, int
)


def test_instances_match_the_querysets_for_each_value():
    games = [GameFactory(name=f"g{i}") for i in range(2)]
    for game in games:
        SeatFactory(game=game)
    for game in games:
        ours, theirs = SEATS.all(game.pk), list(_seats(game.pk))
        assert [s.pk for s in ours] == [s.pk for s in theirs]
        for a, b in zip(ours, theirs, strict=True):
            assert a.position == b.position and a.joined_at == b.joined_at
            assert a.user.username == b.user.username  # select_related, no further query
            assert a.user.profile.display_name == b.user.profile.display_name
            assert a.user_email == b.user_email == b.user.email
    assert SEATS.all(10**12) == []
    first = games[0]
    assert NAMED.first(first.name, first.pk).pk == first.pk
    assert NAMED.first("another name", first.pk) is None


def test_rows_are_converted_like_the_querysets():
    game = GameFactory()
    StateSnapshot.objects.create(game=game, move_number=3, state={"a": [1, 2]})
    rows = statements.Statement(
        lambda game_id: StateSnapshot.objects.filter(game_id=game_id).values_list(
            "move_number", "state"
        ),
        int,
    ).rows(game.pk)
    assert rows == [(3, {"a": [1, 2]})]


def test_a_value_that_is_not_a_parameter_is_refused():
    with pytest.raises(ValueError, match="not among its parameters"):
        statements.Statement(lambda game_id: Game.objects.filter(pk=1), int).all(5)


def test_writes_store_what_the_orm_reads_back():
    game = GameFactory()
    seat = game.seats.get()
    move = statements.insert(
        Move, game=game, number=1, seat=seat, user_id=seat.user_id, actor="x", ledger=[{"v": 1}]
    )
    stored = Move.objects.get(pk=move.pk)
    assert (stored.number, stored.ledger, stored.kind) == (1, [{"v": 1}], Move.Kind.COMMAND)
    assert stored.created_at == move.created_at is not None
    assert statements.update(Game, game.pk, move_count=7) == 1
    assert Game.objects.get(pk=game.pk).move_count == 7
    StateSnapshot.objects.create(game=game, move_number=0, state={})
    assert statements.update(StateSnapshot, game.pk, by="game", move_number=1, state=[2]) == 1
    assert StateSnapshot.objects.values_list("move_number", "state").get(game=game) == (1, [2])
