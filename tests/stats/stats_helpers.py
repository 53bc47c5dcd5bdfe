"""Finished games as the games app stores them, and the stored tallies as plain values."""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from django.contrib.auth import get_user_model

from games.models import ORIGINAL_MAP_ID, Game, Seat
from stats.models import CountedGame, PairTally, PlayerTally, RoleTally

T0 = datetime(2025, 1, 30, 12, 0, tzinfo=UTC)


def user(name: str):
    return get_user_model().objects.get_or_create(username=name, defaults={"password": "!"})[0]


def finished_game(
    results: Sequence[tuple],
    finished_at: datetime | None = None,
    *,
    kind: str = "terra_mystica",
    options: Sequence[str] = (),
    map_id: str = ORIGINAL_MAP_ID,
    public: bool = True,
    ranks: Sequence[int] | None = None,
) -> Game:
    """A finished game with one seat per (user, role, score[, dropped]), in seat order; ranks
    by score unless given."""
    scores = [r[2] for r in results]
    if ranks is None:
        ranks = [1 + sum(1 for s in scores if s > mine) for mine in scores]
    game = Game.objects.create(
        kind=kind,
        created_by=results[0][0],
        status=Game.Status.FINISHED,
        player_count=len(results),
        options=list(options),
        public=public,
        setup={"map_id": map_id} if kind == "terra_mystica" else {"players": []},
        finished_at=finished_at or T0,
    )
    for position, ((u, role, score, *dropped), rank) in enumerate(
        zip(results, ranks, strict=True), start=1
    ):
        Seat.objects.create(
            game=game,
            user=u,
            position=position,
            faction=role,
            final_vp=score,
            rank=rank,
            dropped=bool(dropped and dropped[0]),
        )
    return game


def later(hours: int) -> datetime:
    return T0 + timedelta(hours=hours)


def _rows(model, keys: Sequence[str]) -> dict:
    out = {}
    for row in model.objects.values():
        key = tuple(row[k] for k in keys)
        out[key] = {k: v for k, v in row.items() if k not in keys and k != "id"}
    return out


def tallies() -> dict:
    """Every stored tally by its key, and the counted games."""
    return {
        "roles": _rows(
            RoleTally, ("kind", "variant", "role_type", "role", "map_id", "player_count", "period")
        ),
        "players": _rows(PlayerTally, ("user_id", "kind", "role_type", "role", "map_id")),
        "pairs": _rows(PairTally, ("kind", "user_a_id", "user_b_id")),
        "games": set(CountedGame.objects.values_list("game_id", flat=True)),
    }


def assert_same_tallies(incremental: dict, rebuilt: dict) -> None:
    """Counts and integer sums exactly; the float sums of the rating-adjusted figure to rounding
    (added in the same order, but the database and Python may round a sum differently)."""
    assert incremental["games"] == rebuilt["games"]
    for table in ("roles", "players", "pairs"):
        assert incremental[table].keys() == rebuilt[table].keys(), table
        for key, values in incremental[table].items():
            other = rebuilt[table][key]
            for name, value in values.items():
                if isinstance(value, float):
                    assert math.isclose(value, other[name], rel_tol=1e-9, abs_tol=1e-9), (
                        table,
                        key,
                        name,
                    )
                else:
                    assert value == other[name], (table, key, name)
