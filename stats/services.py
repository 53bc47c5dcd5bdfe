"""Writes of the statistics. Every write holds the ledger lock, so the tallies change one game
at a time.

The stored tallies always equal a rebuild from the counted games: one more game adds its
contributions to a few rows (``game_count``); anything that changes what earlier games
contribute (a game that finished before one already counted, so the ratings were recomputed; a
game reopened by a rollback) rebuilds instead, as the ratings app does.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import cast

from django.db import connection, transaction
from django.db.models import Field, Model, Q
from django.utils import timezone

# COPY on PostgreSQL, multi-row INSERTs elsewhere: the ratings' writer of many rows.
from ratings.services import _insert_rows

from . import figures, selectors
from .models import CountedGame, PairTally, PlayerTally, RoleTally, StatsLedger


class Outcome(enum.StrEnum):
    COUNTED = "counted"
    ALREADY_COUNTED = "already counted"
    NOT_COUNTED = "not counted"
    REBUILT = "rebuilt"


def _lock_ledger() -> StatsLedger:
    StatsLedger.objects.get_or_create(pk=1)
    return StatsLedger.objects.select_for_update().get(pk=1)


_TABLES: tuple[tuple[type[Model], tuple[str, ...], tuple[str, ...]], ...] = (
    (RoleTally, figures.ROLE_KEY_FIELDS, figures.TALLY_FIELDS),
    (PlayerTally, figures.PLAYER_KEY_FIELDS, figures.TALLY_FIELDS),
    (PairTally, figures.PAIR_KEY_FIELDS, figures.PAIR_FIELDS),
)


def _tables(c: figures.Contributions) -> Iterable[tuple[type[Model], tuple, tuple, dict]]:
    for (model, keys, values), rows in zip(_TABLES, (c.roles, c.players, c.pairs), strict=True):
        yield model, keys, values, rows  # type: ignore[misc]


def _columns(model: type[Model], names: Sequence[str]) -> list[str]:
    quote = connection.ops.quote_name
    return [quote(str(cast(Field, model._meta.get_field(n)).column)) for n in names]


def _add(model: type[Model], keys: Sequence[str], values: Sequence[str], rows: dict) -> None:
    """Add a game's contributions to the stored rows: one INSERT … ON CONFLICT DO UPDATE
    (PostgreSQL and SQLite) that creates missing rows and adds to existing ones."""
    if not rows:
        return
    table = connection.ops.quote_name(model._meta.db_table)
    key_cols, value_cols = _columns(model, keys), _columns(model, values)
    placeholders = "(" + ", ".join(["%s"] * (len(keys) + len(values))) + ")"
    sql = (
        f"INSERT INTO {table} ({', '.join(key_cols + value_cols)}) "
        f"VALUES {', '.join([placeholders] * len(rows))} "
        f"ON CONFLICT ({', '.join(key_cols)}) DO UPDATE SET "
        + ", ".join(f"{c} = {table}.{c} + EXCLUDED.{c}" for c in value_cols)
    )
    params = [v for key, tally in rows.items() for v in (*key, *tally.values())]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def game_count(game_id: int) -> Outcome:
    """Add one finished game to the statistics. Safe to call any number of times for a game."""
    with transaction.atomic():
        _lock_ledger()
        if CountedGame.objects.filter(game_id=game_id).exists():
            return Outcome.ALREADY_COUNTED
        found = selectors.game_facts([game_id])
        if not found:
            return Outcome.NOT_COUNTED
        game = found[0]
        later = CountedGame.objects.filter(
            Q(finished_at__gt=game.finished_at)
            | Q(finished_at=game.finished_at, game_id__gt=game.game_id)
        )
        if game.seats[0].rating_before is not None and later.exists():
            # The ratings app recomputed every rating after this game (ratings.services.game_rate),
            # so what the ratings predicted for the later games may have changed.
            _rebuild()
            return Outcome.REBUILT
        for model, keys, values, rows in _tables(figures.contributions(game)):
            _add(model, keys, values, rows)
        CountedGame.objects.create(game_id=game.game_id, finished_at=game.finished_at)
        return Outcome.COUNTED


def stats_rebuild() -> int:
    """Rebuild every tally from the counted games; returns the number of games counted."""
    with transaction.atomic():
        _lock_ledger()
        return _rebuild()


def _rebuild() -> int:
    games = selectors.game_facts()
    total = figures.tally_all(games)
    tables: tuple[type[Model], ...] = (RoleTally, PlayerTally, PairTally, CountedGame)
    for table in tables:
        table._default_manager.all().delete()
    for model, keys, values, rows in _tables(total):
        _insert_rows(model, (*keys, *values), ((*k, *t.values()) for k, t in rows.items()))
    _insert_rows(CountedGame, ("game", "finished_at"), ((g.game_id, g.finished_at) for g in games))
    StatsLedger.objects.filter(pk=1).update(rebuilt_at=timezone.now())
    return len(games)
