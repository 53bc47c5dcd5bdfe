"""Reads of the open data: which games are published, and each game as a record
(docs/open-data.md; the record's JSON schema is opendata/schema/game-record.schema.json)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from typing import Any

from django.db.models import QuerySet
from django.db.models.functions import TruncMonth

from games import kinds
from games.log import effective_moves
from games.models import Game, Move, Seat

from .models import Dump

FORMAT = 1


def published_games(kind: str | None = None, month: str | None = None) -> QuerySet[Game]:
    """Finished public games: the only games the open data holds. A private game never is."""
    games = Game.objects.filter(status=Game.Status.FINISHED, public=True, finished_at__isnull=False)
    if kind:
        games = games.filter(kind=kind)
    if month:
        year, number = (int(part) for part in month.split("-"))
        games = games.filter(finished_at__year=year, finished_at__month=number)
    return games.order_by("finished_at", "pk")


def published_months() -> list[tuple[str, str]]:
    """(kind, YYYY-MM) of every month with a published game, in order."""
    rows = (
        published_games()
        .annotate(month=TruncMonth("finished_at"))
        .values_list("kind", "month")
        .distinct()
        .order_by("kind", "month")
    )
    return [(kind, f"{month.year:04d}-{month.month:02d}") for kind, month in rows]


def records(games: Iterable[Game]) -> Iterator[dict[str, Any]]:
    """The records of ``games``, in the order given; seats and moves read in one query each."""
    games = list(games)
    ids = [g.pk for g in games]
    seats: dict[int, list[Seat]] = defaultdict(list)
    for seat in Seat.objects.filter(game_id__in=ids).select_related("user").order_by("position"):
        seats[seat.game_id].append(seat)
    moves: dict[int, list[Move]] = defaultdict(list)
    for move in (
        Move.objects.filter(game_id__in=ids)
        .only("game_id", "number", "kind", "target", "seat_id", "actor", "command", "created_at")
        .order_by("game_id", "number")
    ):
        moves[move.game_id].append(move)
    for game in games:
        yield record(game, seats[game.pk], moves[game.pk])


def record(game: Game, seats: list[Seat], moves: list[Move]) -> dict[str, Any]:
    """One finished game: setup, the moves in force (as a spectator sees them: a kind with
    secrets in its commands shows them as its public log does) and the result."""
    position = {s.pk: s.position for s in seats}
    log = [
        {
            "number": m.number,
            "type": m.kind,
            "seat": position.get(m.seat_id) if m.seat_id is not None else None,
            "actor": m.actor,
            "command": kinds.command_seen(game.kind, m.actor, m.command, None),
            "at": m.created_at.isoformat(),
        }
        for m in effective_moves(moves)
    ]
    return {
        "format": FORMAT,
        "id": game.pk,
        "kind": game.kind,
        "name": game.name,
        "rules_version": game.engine_version,
        "options": list(game.options or []),
        "map_id": (game.setup or {}).get("map_id")
        or (game.map_id if kinds.offers(game.kind, "maps") else None),
        "player_count": game.player_count,
        # Without the seed, from which a kind with secrets (Mythotopia's decks) draws them.
        "setup": {k: v for k, v in (game.setup or {}).items() if k != "seed"},
        "started_at": game.started_at.isoformat() if game.started_at else None,
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
        "players": [
            {
                "seat": s.position,
                "player": s.user.get_username(),
                "role": s.faction,
                "score": s.final_vp,
                "rank": s.rank,
                "dropped": s.dropped,
                "breakdown": s.vp_breakdown or {},
            }
            for s in seats
        ],
        "log": log,
        # The game in its kind's own text format (Terra Mystica: terra.snellman.net's).
        "snellman": kinds.engine_for(game.kind).export_text(game)
        if kinds.offers(game.kind, "export_text")
        else None,
    }


def dumps() -> QuerySet[Dump]:
    return Dump.objects.order_by("kind", "-month")


def dump_by_name(file_name: str) -> Dump | None:
    return Dump.objects.filter(file_name=file_name).first()
