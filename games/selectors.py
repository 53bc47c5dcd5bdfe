"""Reads of the games app: who may see what, lists, views of a game's state and log."""

from __future__ import annotations

from typing import Any

import django_filters
from django.db.models import (
    Count,
    Exists,
    F,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    prefetch_related_objects,
)

from tm_site.exceptions import Forbidden, NotFound
from tm_site.statements import Statement

from . import clock, extensions, kinds
from .log import effective_moves, load_state
from .models import ChatMessage, Game, Move, Seat, StateSnapshot


def visible_games(user) -> QuerySet[Game]:
    """Public games for everyone; private ones for their players and staff."""
    qs = Game.objects.all()
    if user.is_authenticated and user.is_staff:
        return qs
    if user.is_authenticated:
        return qs.filter(Q(public=True) | Q(seats__user=user) | Q(created_by=user)).distinct()
    return qs.filter(public=True)


# Every read of a game's API runs these: built once (tm_site/statements.py).
_GAME = Statement(
    lambda game_id: Game.objects.filter(pk=game_id).select_related("created_by").order_by(), int
)
_SEAT_OF_USER = Statement(
    lambda game_id, user_id: Seat.objects.filter(game_id=game_id, user_id=user_id), int, int
)


def game_get(game_id: int, user, invite_code: str = "") -> Game:
    game = _GAME.first(game_id)
    if game is None or not (
        game.public
        or invite_code == game.invite_code
        or can_manage(game, user)
        or is_seated(game, user)
    ):
        raise NotFound(f"No game {game_id}.")
    return game


def is_seated(game: Game, user) -> bool:
    return user.is_authenticated and game.seats.filter(user=user).exists()


def can_manage(game: Game, user) -> bool:
    return user.is_authenticated and (user.is_staff or game.created_by_id == user.pk)


class GameFilter(django_filters.FilterSet):
    status = django_filters.ChoiceFilter(choices=Game.Status.choices)
    player = django_filters.CharFilter(
        method="filter_player", help_text="Username of a seated player."
    )
    faction = django_filters.CharFilter(
        method="filter_faction", help_text="Faction played, e.g. darklings."
    )
    open = django_filters.BooleanFilter(
        method="filter_open", help_text="Open games with a free seat."
    )

    class Meta:
        model = Game
        fields = ["status", "player", "faction", "open", "public"]

    def filter_player(self, qs: QuerySet, name: str, value: str) -> QuerySet:
        return qs.filter(Exists(Seat.objects.filter(game=OuterRef("pk"), user__username=value)))

    def filter_faction(self, qs: QuerySet, name: str, value: str) -> QuerySet:
        return qs.filter(Exists(Seat.objects.filter(game=OuterRef("pk"), faction=value.lower())))

    def filter_open(self, qs: QuerySet, name: str, value: bool | None) -> QuerySet:
        if value is None:
            return qs
        joinable = Q(status=Game.Status.OPEN, public=True, seat_total__lt=F("player_count"))
        qs = qs.annotate(seat_total=Count("seats", distinct=True))
        return qs.filter(joinable) if value else qs.exclude(joinable)


# A game's seats with their players and profiles (the names shown), in seat order.
_SEATS_WITH_PLAYERS = Seat.objects.select_related("user", "user__profile").order_by("position")


def game_list(*, user, filters: dict[str, Any]) -> QuerySet[Game]:
    qs = (
        visible_games(user)
        .select_related("created_by")
        .prefetch_related(Prefetch("seats", queryset=_SEATS_WITH_PLAYERS))
    )
    return GameFilter(filters, queryset=qs.order_by("-created_at", "-id")).qs


_SEATS_OF = Statement(lambda game_id: _SEATS_WITH_PLAYERS.filter(game_id=game_id), int)


def seats_of(game: Game) -> list[Seat]:
    return _SEATS_OF.all(game.pk)


def with_seats(game: Game) -> Game:
    """``game`` with its seats, players and profiles read (for the game's API output)."""
    prefetch_related_objects([game], Prefetch("seats", queryset=_SEATS_WITH_PLAYERS))
    return game


def state_of(game: Game) -> Any | None:
    if game.setup is None:
        return None
    return load_state(game)


def viewer_seat(game: Game, user) -> int | None:
    """The seat ``user`` plays in ``game``, or None (a spectator)."""
    if user is None or not user.is_authenticated:
        return None
    return game.seats.filter(user=user).values_list("position", flat=True).first()


def game_state_view(game: Game, user=None) -> dict:
    """The current state as ``user`` may see it (the kind's view for their seat, or a
    spectator's), plus the platform's revision and players."""
    state = state_of(game)
    if state is None:
        return {"move_number": 0, "finished": False, "started": False, "factions": {}}
    engine = kinds.engine_for(game.kind)
    seats = seats_of(game)
    viewer = user.pk if user is not None and user.is_authenticated else None
    view = engine.view(state, next((s.position for s in seats if s.user_id == viewer), None))
    view["move_number"] = game.move_count
    view["started"] = True
    view["players"] = [
        {
            "seat": s.position,
            "username": s.user.username,
            "faction": s.faction or None,
            "actor": engine.actor(state, s.position),
            "dropped": s.dropped,
            "clock": clock.seat_clock(game, s),
        }
        for s in seats
    ]
    return view


def rating_changes(game: Game) -> dict[int, dict]:
    """Each player's rating change in a finished game, by user id; empty until it is rated."""
    if game.status != Game.Status.FINISHED:
        return {}
    return {
        user_id: {
            "before": round(c.rating_before, 1),
            "after": round(c.rating_after, 1),
            "delta": round(c.delta, 1),
        }
        for user_id, c in extensions.rating_changes(game.pk).items()
    }


def waiting_for(game: Game) -> list[dict]:
    if game.status != Game.Status.RUNNING:
        return []
    snapshot = StateSnapshot.objects.filter(game=game).first()
    if snapshot is None:
        return []
    return kinds.engine_for(game.kind).waiting_for(load_state(game))


def move_list(game: Game, *, after: int = 0) -> QuerySet[Move]:
    return game.moves.filter(number__gt=after).select_related("user", "seat").order_by("number")


def undone_numbers(game: Game) -> set[int]:
    # Not through game.moves: its rows would each read their deferred game_id back.
    moves = list(
        Move.objects.filter(game=game)
        .order_by("number")
        .only("number", "kind", "target", "seat_id")
    )
    kept = {m.number for m in effective_moves(moves)}
    return {
        m.number
        for m in moves
        if m.kind in (Move.Kind.COMMAND, Move.Kind.DROP, Move.Kind.REJOIN) and m.number not in kept
    }


def ledger(game: Game, user=None) -> list[dict]:
    """Per move in force: who acted, the command and the resources after it (ledger rows), as
    ``user`` may see them."""
    seat = viewer_seat(game, user)
    moves = list(game.moves.order_by("number"))
    rows: list[dict] = []
    for move in effective_moves(moves):
        rows.append(
            {
                "move_number": move.number,
                "kind": move.kind,
                "actor": move.actor,
                "command": kinds.command_seen(game.kind, move.actor, move.command, seat),
                "rows": kinds.ledger_seen(game.kind, move.ledger, seat),
            }
        )
    return rows


def chat_list(game: Game) -> QuerySet[ChatMessage]:
    return game.chat_messages.select_related("user").order_by("created_at", "id")


def get_or_404(game_id: int) -> Game:
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise NotFound(f"No game {game_id}.")
    return game


def legal_commands_for(game: Game, user) -> dict:
    seat = _SEAT_OF_USER.first(game.pk, user.pk) if user.is_authenticated else None
    if seat is None:
        raise Forbidden("You have no seat in this game.")
    if game.status != Game.Status.RUNNING:
        return {
            "actor": seat.faction,
            "move_number": game.move_count,
            "commands": [],
            "sacrifices": [],
        }
    state = load_state(game)
    engine = kinds.engine_for(game.kind)
    offers = getattr(engine, "sacrifice_offers", None)
    return {
        "actor": engine.actor(state, seat.position),
        "move_number": game.move_count,
        "commands": engine.legal_commands(state, seat.position),
        "sacrifices": offers(state, seat.position) if offers and not seat.dropped else [],
    }
