"""Factories for finished games as the games app stores them."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

import factory
from django.contrib.auth import get_user_model

from games.models import Game, Move, Seat
from ratings import elo
from ratings.conf import real_play_moves

T0 = datetime(2024, 3, 1, 12, 0, tzinfo=UTC)
MAP = "126fe960806d587c78546b30f1a90853b1ada468"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"player{n}")
    password = "!"


class GameFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Game

    created_by = factory.SubFactory(UserFactory)
    status = Game.Status.FINISHED
    player_count = 4
    setup = factory.LazyAttribute(lambda g: {"map_id": MAP})
    finished_at = factory.Sequence(lambda n: T0 + timedelta(hours=n))


def finished_game(
    results: Sequence[tuple],
    finished_at: datetime | None = None,
    map_id: str = MAP,
    moves: Sequence[int] | None = None,
    **fields,
) -> Game:
    """A game with one seat per (user, faction, vp[, dropped]), in seat order, whose players
    each made ``moves[i]`` moves of their own (by default enough for real play)."""
    extra = {"finished_at": finished_at} if finished_at is not None else {}
    game = GameFactory(player_count=len(results), setup={"map_id": map_id}, **extra, **fields)
    if moves is None:
        moves = [real_play_moves(game.kind)] * len(results)
    log = []
    for position, (user, faction, vp, *dropped) in enumerate(results, start=1):
        seat = Seat.objects.create(
            game=game,
            user=user,
            position=position,
            faction=faction,
            final_vp=vp,
            dropped=bool(dropped and dropped[0]),
        )
        log += [
            Move(game=game, seat=seat, user=user, actor=faction, command="pass")
            for _ in range(moves[position - 1])
        ]
    for number, move in enumerate(log, start=1):
        move.number = number
    Move.objects.bulk_create(log)
    game.move_count = len(log)
    game.save(update_fields=["move_count"])
    return game


def store(games: Sequence[elo.FinishedGame]) -> dict[int, Game]:
    """Synthetic games stored in the database; returns the stored game by synthetic id."""
    users: dict[int, object] = {}
    stored = {}
    for g in games:
        for seat in g.results:
            if seat.player_id not in users:
                users[seat.player_id] = UserFactory(username=f"synthetic{seat.player_id}")
        stored[g.game_id] = finished_game(
            [(users[s.player_id], s.faction, s.vp, s.dropped) for s in g.results],
            finished_at=g.finished_at,
            map_id=g.map_id,
        )
    return stored
