"""Reads of the ratings, and the one place that reads the games app for them."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from datetime import datetime

from django.db.models import Count, Exists, F, OuterRef, QuerySet

from games.kinds import DEFAULT_KIND
from games.models import Game, Move, Seat
from ratings import elo
from ratings.conf import ORIGINAL_MAP_ID, elo_params, real_play_moves
from ratings.models import FactionRating, PlayerRating, RatingChange


def finished_games(game_ids: Iterable[int] | None = None) -> list[elo.FinishedGame]:
    """Finished, not excluded games with a complete result, as the rating's input.

    Only games that count for the rating (public ones, private ones chosen so at creation) and
    only the seats that took part in real play: a seat whose player made fewer than
    ``real_play_moves`` standing moves of their own (they resigned or were dropped early, or
    the game ended before) is not rated at all, neither for nor against anyone, so accounts
    that resign at once cannot feed a rating (docs/ratings.md). Whether a
    game counts beyond that (enough such seats, one seat per person) is decided by
    `elo.is_rated`, so the rule lives in one place.
    """
    games = Game.objects.filter(
        status=Game.Status.FINISHED,
        finished_at__isnull=False,
        rating_exclusion__isnull=True,
        counts_for_rating=True,
    )
    if game_ids is not None:
        games = games.filter(pk__in=list(game_ids))
    heads = list(games.order_by().values_list("pk", "finished_at", "setup__map_id", "kind"))
    own_moves = own_moves_in_force(games)
    seats: dict[int, list[elo.SeatResult]] = defaultdict(list)
    complete: dict[int, bool] = defaultdict(lambda: True)
    rows = (
        Seat.objects.filter(game__in=games)
        .order_by("game_id", "position")
        .values_list("game_id", "pk", "user_id", "faction", "final_vp", "dropped", "game__kind")
    )
    for game_id, seat_id, user_id, faction, vp, dropped, kind in rows.iterator(chunk_size=5000):
        # A finished game's seats all have a score; roles (factions) only in kinds that have them.
        if vp is None:
            complete[game_id] = False
            continue
        if own_moves.get(seat_id, 0) < real_play_moves(kind):
            continue  # left (or the game ended) before real play
        seats[game_id].append(elo.SeatResult(user_id, faction, vp, dropped))
    return [
        elo.FinishedGame(
            game_id=pk,
            finished_at=finished_at,
            map_id=map_id or ORIGINAL_MAP_ID,
            results=tuple(seats[pk]),
            kind=kind,
        )
        for pk, finished_at, map_id, kind in heads
        if complete[pk] and seats[pk] and finished_at is not None
    ]


def own_moves_in_force(games: QuerySet[Game]) -> dict[int, int]:
    """Per seat of these games, the moves its player made and that still stand: neither undone
    nor rolled back (automatic answers and moves by others for the seat do not count)."""
    undone = Move.objects.filter(
        game_id=OuterRef("game_id"), kind=Move.Kind.UNDO, target=OuterRef("number")
    )
    rolled_back = Move.objects.filter(
        game_id=OuterRef("game_id"),
        kind=Move.Kind.ROLLBACK,
        target__lt=OuterRef("number"),
        number__gt=OuterRef("number"),
    )
    counted = (
        Move.objects.filter(
            game__in=games, kind=Move.Kind.COMMAND, seat__isnull=False, user_id=F("seat__user_id")
        )
        .exclude(Exists(undone))
        .exclude(Exists(rolled_back))
        .order_by()
        .values("seat_id")
        .annotate(n=Count("id"))
    )
    return {row["seat_id"]: row["n"] for row in counted}


def leaderboard(
    min_games: int | None = None,
    active_since: datetime | None = None,
    kind: str = DEFAULT_KIND,
    bots: bool = False,
) -> QuerySet[PlayerRating]:
    """Players by rating in one game kind; by default only established players
    (see docs/ratings.md). Bots have a leaderboard of their own (``bots``), people another."""
    if min_games is None:
        min_games = elo_params().min_games
    players = PlayerRating.objects.select_related("user").filter(kind=kind, games__gte=min_games)
    if bots:
        players = players.filter(user__profile__is_bot=True)
    else:
        players = players.exclude(user__profile__is_bot=True)
    if active_since is not None:
        players = players.filter(last_game_at__gte=active_since)
    return players.order_by("-rating", "user_id")


def player_rating(user_id: int, kind: str = DEFAULT_KIND) -> PlayerRating | None:
    return PlayerRating.objects.filter(user_id=user_id, kind=kind).first()


def player_history(user_id: int, kind: str = DEFAULT_KIND) -> QuerySet[RatingChange]:
    """One entry per rated game of the player in one kind, oldest first."""
    return RatingChange.objects.filter(user_id=user_id, game__kind=kind).order_by(
        "finished_at", "game_id"
    )


def faction_ratings(map_id: str | None = None, kind: str = DEFAULT_KIND) -> QuerySet[FactionRating]:
    factions = FactionRating.objects.filter(kind=kind)
    if map_id:
        factions = factions.filter(map_id=map_id)
    return factions.order_by("map_id", "-rating", "faction")


def game_rating_changes(game_id: int) -> dict[int, RatingChange]:
    """Each player's rating change in a game, by user id; empty until the game is rated."""
    return {c.user_id: c for c in RatingChange.objects.filter(game_id=game_id)}
