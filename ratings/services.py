"""Writes of the ratings. Every write holds the ledger lock, so ratings change one game at a time.

The stored ratings always equal a full recompute of the rated games in finishing order: a game
that cannot simply be added on top (it finished before an already rated game, or the parameters
changed) triggers a recompute instead.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict
from datetime import datetime
from typing import Protocol

from django.db import connection, transaction
from django.db.models import Model, Q
from django.utils import timezone

from ratings import elo, selectors
from ratings.conf import elo_params
from ratings.models import (
    FactionRating,
    PlayerRating,
    RatedGame,
    RatingChange,
    RatingExclusion,
    RatingLedger,
)

BATCH_SIZE = 1000


class Outcome(enum.StrEnum):
    RATED = "rated"
    ALREADY_RATED = "already rated"
    NOT_RATED = "not rated"
    RECOMPUTED = "recomputed"


class ProgressBar(Protocol):
    def update(self, n: int = 1) -> object: ...

    def close(self) -> None: ...


def _lock_ledger() -> RatingLedger:
    RatingLedger.objects.get_or_create(pk=1)
    return RatingLedger.objects.select_for_update().get(pk=1)


def game_rate(game_id: int) -> Outcome:
    """Add one finished game to the ratings. Safe to call any number of times for a game."""
    params = elo_params()
    with transaction.atomic():
        ledger = _lock_ledger()
        if RatedGame.objects.filter(game_id=game_id).exists():
            return Outcome.ALREADY_RATED
        found = selectors.finished_games([game_id])
        if not found or not elo.is_rated(found[0], params):
            return Outcome.NOT_RATED
        game = found[0]
        later = RatedGame.objects.filter(game__kind=game.kind).filter(
            Q(finished_at__gt=game.finished_at)
            | Q(finished_at=game.finished_at, game_id__gt=game.game_id)
        )
        if ledger.params != asdict(params):
            if RatedGame.objects.exists():
                _recompute(ledger, params)
                return Outcome.RECOMPUTED
            # Nothing rated yet, so nothing was rated with other parameters.
            ledger.params = asdict(params)
            ledger.save()
        if later.exists():
            _recompute(ledger, params)
            return Outcome.RECOMPUTED
        rated = elo.update(_load_state(game), game, params)
        _save_game(rated, game.kind)
        return Outcome.RATED


def ratings_recompute(progress: Callable[[int], ProgressBar] | None = None) -> int:
    """Rebuild every rating from the finished games; returns the number of rated games.

    `progress`, if given, is called with the number of games and returns a bar to advance.
    """
    params = elo_params()
    with transaction.atomic():
        return _recompute(_lock_ledger(), params, progress)


def game_exclude(game_id: int, reason: str = "", by_user_id: int | None = None) -> None:
    """Take a game out of the ratings (an admin's flag), recomputing if it was rated."""
    params = elo_params()
    with transaction.atomic():
        ledger = _lock_ledger()
        _, created = RatingExclusion.objects.get_or_create(
            game_id=game_id, defaults={"reason": reason, "created_by_id": by_user_id}
        )
        if created and RatedGame.objects.filter(game_id=game_id).exists():
            _recompute(ledger, params)


def game_unrate(game_id: int) -> bool:
    """A rated game no longer counts (it was reopened): rebuild the ratings without it.

    Returns whether the ratings changed. Runs inside the caller's transaction.
    """
    with transaction.atomic():
        ledger = _lock_ledger()
        if not RatedGame.objects.filter(game_id=game_id).exists():
            return False
        _recompute(ledger, elo_params())
        return True


def game_include(game_id: int) -> Outcome:
    """Undo an exclusion: the game counts again if it otherwise would."""
    with transaction.atomic():
        RatingExclusion.objects.filter(game_id=game_id).delete()
        return game_rate(game_id)


def _load_state(game: elo.FinishedGame) -> elo.RatingState:
    """The stored ratings of the game's players and factions."""
    user_ids = [seat.player_id for seat in game.results]
    factions = [seat.faction for seat in game.results]
    return elo.RatingState(
        players={
            p.user_id: elo.PlayerRating(p.rating, p.games, p.last_game_at)
            for p in PlayerRating.objects.filter(kind=game.kind, user_id__in=user_ids)
        },
        factions={
            (f.faction, f.map_id): elo.FactionRating(f.rating, f.games)
            for f in FactionRating.objects.filter(
                kind=game.kind, map_id=game.map_id, faction__in=factions
            )
        },
    )


CHANGE_FIELDS = (
    "game_id",
    "user_id",
    "finished_at",
    "map_id",
    "faction",
    "vp",
    "rank",
    "dropped",
    "provisional",
    "rating_before",
    "rating_after",
    "expected",
    "actual",
)


def _change_values(rated: elo.GameRating, change: elo.PlayerChange) -> tuple:
    """A RatingChange row, in the order of CHANGE_FIELDS."""
    return (
        rated.game_id,
        change.player_id,
        rated.finished_at,
        rated.map_id,
        change.faction,
        change.vp,
        change.rank,
        change.dropped,
        change.provisional,
        change.rating_before,
        change.rating_after,
        change.expected,
        change.actual,
    )


def _insert_rows(model: type[Model], fields: Sequence[str], rows: Iterable[tuple]) -> None:
    """Write many rows for the full recompute: COPY on PostgreSQL, multi-row INSERTs elsewhere.

    bulk_create builds a model instance and prepares every value through its field, which
    costs more than the whole rating computation over tens of thousands of rows.
    """
    meta = model._meta
    quote = connection.ops.quote_name
    table = quote(meta.db_table)
    columns = ", ".join(quote(meta.get_field(f).column) for f in fields)  # type: ignore[union-attr,arg-type]  # concrete fields only
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            with cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
            return
        adapt = connection.ops.adapt_datetimefield_value
        row_sql = "(" + ", ".join(["%s"] * len(fields)) + ")"
        max_params = connection.features.max_query_params or BATCH_SIZE * len(fields)
        remaining = iter(rows)
        while batch := list(itertools.islice(remaining, max_params // len(fields))):
            values = ", ".join([row_sql] * len(batch))
            params = [adapt(v) if isinstance(v, datetime) else v for row in batch for v in row]
            cursor.execute(f"INSERT INTO {table} ({columns}) VALUES {values}", params)


def _save_game(rated: elo.GameRating, kind: str) -> None:
    for change in rated.players:
        PlayerRating.objects.update_or_create(
            user_id=change.player_id,
            kind=kind,
            defaults={
                "rating": change.rating_after,
                "games": change.games_before + 1,
                "last_game_at": rated.finished_at,
            },
        )
    for fchange in rated.factions:
        FactionRating.objects.update_or_create(
            kind=kind,
            faction=fchange.faction,
            map_id=fchange.map_id,
            defaults={"rating": fchange.rating_after, "games": fchange.games_before + 1},
        )
    RatingChange.objects.bulk_create(
        RatingChange(**dict(zip(CHANGE_FIELDS, _change_values(rated, c), strict=True)))
        for c in rated.players
    )
    RatedGame.objects.create(game_id=rated.game_id, finished_at=rated.finished_at)


def _recompute(
    ledger: RatingLedger,
    params: elo.EloParams,
    progress: Callable[[int], ProgressBar] | None = None,
) -> int:
    games = elo.rated_in_order(selectors.finished_games(), params)
    by_kind: dict[str, list[elo.FinishedGame]] = {}
    for game in games:
        by_kind.setdefault(game.kind, []).append(game)
    bar = progress(len(games)) if progress is not None else None

    # Each kind is rated apart: its own players' ratings, its own roles' strengths.
    def advance(n: int) -> None:
        if bar is not None:
            bar.update(n)

    results = {
        kind: elo.recompute(kind_games, params, advance) for kind, kind_games in by_kind.items()
    }
    if bar is not None:
        bar.close()
    history = sorted(
        (r for _, kind_history in results.values() for r in kind_history),
        key=lambda r: (r.finished_at, r.game_id),
    )

    for model in (RatingChange, RatedGame, PlayerRating, FactionRating):
        model.objects.all().delete()
    PlayerRating.objects.bulk_create(
        (
            PlayerRating(
                user_id=pid,
                kind=kind,
                rating=p.rating,
                games=p.games,
                last_game_at=p.last_game_at,
            )
            for kind, (state, _) in results.items()
            for pid, p in state.players.items()
        ),
        batch_size=BATCH_SIZE,
    )
    FactionRating.objects.bulk_create(
        FactionRating(kind=kind, faction=faction, map_id=map_id, rating=f.rating, games=f.games)
        for kind, (state, _) in results.items()
        for (faction, map_id), f in state.factions.items()
    )
    now = timezone.now()
    _insert_rows(
        RatedGame,
        ("game_id", "finished_at", "rated_at"),
        ((r.game_id, r.finished_at, now) for r in history),
    )
    _insert_rows(
        RatingChange,
        CHANGE_FIELDS,
        (_change_values(r, c) for r in history for c in r.players),
    )
    ledger.params = asdict(params)
    ledger.recomputed_at = now
    ledger.save()
    return len(history)
