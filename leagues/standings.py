"""League points and standings of a group: pure functions over finished games.

Placement in a game is by final VP; players with equal VP share the places they cover and split
those places' points (4 players, table 3/2/1/0: two players tied for first get 2.5 each). A
faction that left the game (dropped) is placed after everyone who played it to the end.

The standings order players by league points, then total VP, then head-to-head among the tied
players (one point for each shared game finished ahead of a tied rival, half for a tie). Players
still equal share a rank. ``standings`` returns them in that order, with any remaining tie kept in
the order of ``players`` (the seeding), which is what decides promotion and relegation.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import groupby, pairwise
from typing import Generic, TypeVar

P = TypeVar("P", bound=Hashable)


def default_points_table(players_per_game: int) -> tuple[int, ...]:
    """k-1 points for a win down to 0 for last place: 3/2/1/0 with four players."""
    return tuple(range(players_per_game - 1, -1, -1))


def validate_points_table(table: Sequence[int | float], players_per_game: int) -> None:
    if len(table) != players_per_game:
        raise ValueError(
            f"The points table needs one value per place: {players_per_game} values, not {len(table)}."
        )
    if any(not isinstance(v, (int, float)) or isinstance(v, bool) or v < 0 for v in table):
        raise ValueError("Points must be numbers of zero or more.")
    if any(a < b for a, b in pairwise(table)):
        raise ValueError("A better place cannot earn fewer points than a worse one.")


@dataclass(frozen=True)
class SeatResult(Generic[P]):
    player: P
    vp: int
    dropped: bool = False


@dataclass(frozen=True)
class GameResult(Generic[P]):
    game_id: int
    seats: tuple[SeatResult[P], ...]


def places(game: GameResult[P]) -> dict[P, tuple[int, int]]:
    """Each player's place in a game as (first, last) of the places they share (1-based)."""
    ordered = sorted(game.seats, key=lambda s: (s.dropped, -s.vp))
    result: dict[P, tuple[int, int]] = {}
    start = 1
    for _, group in groupby(ordered, key=lambda s: (s.dropped, s.vp)):
        tied = list(group)
        for seat in tied:
            result[seat.player] = (start, start + len(tied) - 1)
        start += len(tied)
    return result


def game_points(game: GameResult[P], table: Sequence[int | float | Fraction]) -> dict[P, Fraction]:
    """League points of each player in one game; tied players split their places' points."""
    points = {}
    for player, (first, last) in places(game).items():
        share = [
            Fraction(table[p - 1]) if p <= len(table) else Fraction(0)
            for p in range(first, last + 1)
        ]
        points[player] = sum(share, Fraction(0)) / len(share)
    return points


@dataclass(frozen=True)
class Standing(Generic[P]):
    player: P
    rank: int
    games: int
    points: Fraction
    vp: int
    head_to_head: Fraction
    places: tuple[int, ...]  # the player's place in each of their finished games, in game order


def _head_to_head(tied: Sequence[P], results: Sequence[GameResult[P]]) -> dict[P, Fraction]:
    score = {p: Fraction(0) for p in tied}
    members = set(tied)
    for game in results:
        at = {p: first for p, (first, _) in places(game).items() if p in members}
        for a in at:
            for b in at:
                if a != b:
                    if at[a] < at[b]:
                        score[a] += 1
                    elif at[a] == at[b]:
                        score[a] += Fraction(1, 2)
    return score


def standings(
    players: Sequence[P],
    results: Iterable[GameResult[P]],
    table: Sequence[int | float],
    *,
    inactive: Iterable[P] = (),
) -> list[Standing[P]]:
    """The standings of a group, best first.

    ``players`` in seeding order (the last tie-break); ``inactive`` players (who left the league
    during the season) come after everyone else, whatever their points.
    """
    results = list(results)
    inactive = set(inactive)
    seed = {p: i for i, p in enumerate(players)}
    points = {p: Fraction(0) for p in players}
    vp = dict.fromkeys(players, 0)
    games = dict.fromkeys(players, 0)
    played: dict[P, list[int]] = {p: [] for p in players}
    for game in results:
        game_places = places(game)
        for player, earned in game_points(game, table).items():
            if player not in points:
                continue  # a seat taken by someone outside the group (never in practice)
            points[player] += earned
            games[player] += 1
            played[player].append(game_places[player][0])
        for seat in game.seats:
            if seat.player in vp:
                vp[seat.player] += seat.vp

    def key(p: P) -> tuple:
        return (p in inactive, -points[p], -vp[p])

    ordered: list[P] = []
    h2h: dict[P, Fraction] = {}
    for _, group in groupby(sorted(players, key=lambda p: (key(p), seed[p])), key=key):
        tied = list(group)
        scores = _head_to_head(tied, results) if len(tied) > 1 else {tied[0]: Fraction(0)}
        h2h.update(scores)
        ordered.extend(sorted(tied, key=lambda p: (-scores[p], seed[p])))

    rows: list[Standing[P]] = []
    for index, player in enumerate(ordered):
        previous = rows[-1] if rows else None
        same = previous is not None and (key(previous.player), -h2h[previous.player]) == (
            key(player),
            -h2h[player],
        )
        rows.append(
            Standing(
                player=player,
                rank=previous.rank if same and previous else index + 1,
                games=games[player],
                points=points[player],
                vp=vp[player],
                head_to_head=h2h[player],
                places=tuple(played[player]),
            )
        )
    return rows
