"""Reads of the statistics, and the one place that reads the games and ratings apps for them."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet, Sum

from games import kinds
from games.models import ORIGINAL_MAP_ID, Game, Seat, StateSnapshot
from ratings.models import RatingChange
from ratings.selectors import player_history

from . import figures, roles
from .figures import GameFacts, SeatFacts, Tally
from .models import PairTally, PlayerTally, RoleTally

CHUNK = 5000


def counted_games() -> QuerySet[Game]:
    """The games the statistics count: finished public games (docs/statistics.md)."""
    return Game.objects.filter(
        status=Game.Status.FINISHED, finished_at__isnull=False, public=True
    ).order_by()


def _picked_colours(games: QuerySet[Game]) -> dict[tuple[int, str], str]:
    """The colour each faction that picks one in play picked, read from the games' final
    states where their kind keeps it."""
    picked: dict[tuple[int, str], str] = {}
    for kind in roles.counted_kinds():
        path, variable = roles.picked_colours(kind)
        if not variable:
            continue
        factions = sorted(variable)
        wanted = Seat.objects.filter(
            game__in=games.filter(kind=kind), faction__in=factions
        ).values_list("game_id", flat=True)
        columns = ["state__" + path.format(role=name) for name in factions]
        rows = StateSnapshot.objects.filter(game_id__in=wanted).values_list("game_id", *columns)
        for game_id, *colours in rows.iterator(chunk_size=CHUNK):
            for name, colour in zip(factions, colours, strict=True):
                if isinstance(colour, str) and colour != "variable":
                    picked[(game_id, name)] = colour
    return picked


def game_facts(game_ids: Iterable[int] | None = None) -> list[GameFacts]:
    """Counted games with a complete result, as the statistics' input, in finishing order."""
    games = counted_games()
    if game_ids is not None:
        games = games.filter(pk__in=list(game_ids))
    heads = list(
        games.values_list("pk", "kind", "options", "setup__map_id", "finished_at").order_by(
            "finished_at", "pk"
        )
    )
    subset = [h[0] for h in heads] if game_ids is not None else None

    def of(qs: QuerySet) -> QuerySet:
        return qs.filter(game_id__in=subset) if subset is not None else qs.filter(game__in=games)

    ratings: dict[tuple[int, int], float] = {
        (g, u): r
        for g, u, r in of(RatingChange.objects.all())
        .values_list("game_id", "user_id", "rating_before")
        .iterator(chunk_size=CHUNK)
    }
    picked = _picked_colours(games)
    seats: dict[int, list[tuple]] = defaultdict(list)
    complete: dict[int, bool] = defaultdict(lambda: True)
    rows = (
        of(Seat.objects.all())
        .order_by("game_id", "position")
        .values_list("game_id", "user_id", "position", "faction", "final_vp", "rank", "dropped")
    )
    for game_id, user_id, position, faction, vp, rank, dropped in rows.iterator(chunk_size=CHUNK):
        if vp is None:
            complete[game_id] = False
            continue
        seats[game_id].append((user_id, position, faction, vp, rank, dropped))
    out = []
    for pk, kind, options, map_id, finished_at in heads:
        rows_of_game = seats.get(pk)
        if not rows_of_game or not complete[pk] or finished_at is None:
            continue
        scores = [r[3] for r in rows_of_game]
        fallback = figures.competition_ranks(scores)
        rated = all((pk, r[0]) in ratings for r in rows_of_game)
        out.append(
            GameFacts(
                game_id=pk,
                kind=kind,
                variant=roles.variant(kind, options or []),
                map_id=(map_id or ORIGINAL_MAP_ID)
                if kinds.offers(kind, "maps")
                else (map_id or ""),
                finished_at=finished_at,
                seats=tuple(
                    SeatFacts(
                        user_id=user_id,
                        position=position,
                        roles=roles.seat_roles(kind, faction, position, picked.get((pk, faction))),
                        score=vp,
                        rank=rank if rank is not None else fallback[i],
                        dropped=dropped,
                        rating_before=ratings[(pk, user_id)] if rated else None,
                    )
                    for i, (user_id, position, faction, vp, rank, dropped) in enumerate(
                        rows_of_game
                    )
                ),
            )
        )
    return out


# --- what the pages and the API show ------------------------------------------------------


@dataclass(frozen=True)
class Filters:
    kind: str
    role_type: str
    variant: str | None = None
    map_id: str | None = None
    player_count: int | None = None
    since: str | None = None  # YYYY-MM, inclusive
    until: str | None = None


def _tally_sums(qs: QuerySet, group: str) -> dict[str, Tally]:
    sums = {f: Sum(f) for f in figures.TALLY_FIELDS}
    out = {}
    for row in qs.values(group).annotate(**sums).order_by(group):
        out[row[group]] = Tally(**{f: row[f] or 0 for f in figures.TALLY_FIELDS})
    return out


def _selected(filters: Filters) -> QuerySet[RoleTally]:
    qs = RoleTally.objects.filter(kind=filters.kind, role_type=filters.role_type)
    if filters.variant:
        qs = qs.filter(variant=filters.variant)
    if filters.map_id:
        qs = qs.filter(map_id=filters.map_id)
    if filters.player_count:
        qs = qs.filter(player_count=filters.player_count)
    if filters.since:
        qs = qs.filter(period__gte=filters.since)
    if filters.until:
        qs = qs.filter(period__lte=filters.until)
    return qs


def role_table(filters: Filters) -> list[dict[str, Any]]:
    """Each role's figures over the tallies the filters select, most games first."""
    qs = _selected(filters)
    rows = [
        {"role": role, **figures.figures(t).as_dict()}
        for role, t in _tally_sums(qs, "role").items()
    ]
    return sorted(rows, key=lambda r: (-r["games"], r["role"]))


def win_share_expected(filters: Filters) -> float | None:
    """The share of wins a seat would have if every seat were equal (1 / players, averaged over
    the selected seats): the reference line of the win-rate plot."""
    seats = wins = 0.0
    for count, games in _selected(filters).values_list("player_count").annotate(Sum("games")):
        seats += games or 0
        wins += (games or 0) / count
    return wins / seats if seats else None


def role_choices(kind: str) -> dict[str, list]:
    """The variants, maps, player counts and months that have games of ``kind``."""
    qs = RoleTally.objects.filter(kind=kind)
    return {
        "variants": sorted(set(qs.values_list("variant", flat=True))),
        "maps": sorted(set(qs.values_list("map_id", flat=True))),
        "player_counts": sorted(set(qs.values_list("player_count", flat=True))),
        "periods": sorted(set(qs.values_list("period", flat=True))),
    }


def player_get(username: str) -> Any | None:
    user_model = get_user_model()
    return user_model.objects.filter(**{user_model.USERNAME_FIELD: username}).first()


def player_tables(user_id: int, kind: str, role_type: str) -> dict[str, list[dict]]:
    """A player's results by role (one role type) and by map."""
    qs = PlayerTally.objects.filter(user_id=user_id, kind=kind)
    by_role = [
        {"role": role, **figures.figures(t).as_dict()}
        for role, t in _tally_sums(qs.filter(role_type=role_type), "role").items()
    ]
    # Every seat has exactly one seat number, so the seat rows count each game once.
    by_map = [
        {"map_id": map_id, **figures.figures(t).as_dict()}
        for map_id, t in _tally_sums(qs.filter(role_type=figures.SEAT), "map_id").items()
    ]
    return {
        "by_role": sorted(by_role, key=lambda r: (-r["games"], r["role"])),
        "by_map": sorted(by_map, key=lambda r: (-r["games"], r["map_id"])),
    }


def head_to_head(user_id: int, kind: str) -> list[dict[str, Any]]:
    """Every opponent the player met in ``kind``: games, times ahead, behind and level."""
    pairs = (
        PairTally.objects.filter(Q(user_a_id=user_id) | Q(user_b_id=user_id), kind=kind)
        .select_related("user_a", "user_b")
        .order_by("-games", "pk")
    )
    out = []
    for p in pairs:
        mine_is_a = p.user_a_id == user_id
        other = p.user_b if mine_is_a else p.user_a
        out.append(
            {
                "opponent": other.get_username(),
                "games": p.games,
                "ahead": p.a_ahead if mine_is_a else p.b_ahead,
                "behind": p.b_ahead if mine_is_a else p.a_ahead,
                "ties": p.ties,
            }
        )
    return out


def rating_points(user_id: int, kind: str) -> list[dict[str, Any]]:
    """The player's rating after each rated game (the ratings app's history)."""
    return [
        {"game_id": c.game_id, "finished_at": c.finished_at, "rating": c.rating_after}
        for c in player_history(user_id, kind).only("game_id", "finished_at", "rating_after")
    ]
