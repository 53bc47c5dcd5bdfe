"""Multiplayer Elo with faction strength, as a pure module (no Django).

A finished game of N players counts as N(N-1)/2 pairwise results decided by final VP.
Each faction on each map has a strength that is added to its player's rating when the
expected score of a pair is computed, so winning with a weak faction earns more.

The exact formula, the parameters and which games count are documented in docs/ratings.md.
Everything here is deterministic: rating the same games in the same order gives the same
floats, which is what lets an incremental update agree exactly with a full recompute.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime

DEFAULT_START = 1000.0
DEFAULT_STAKE = 16.0
DEFAULT_MIN_GAMES = 5
DEFAULT_FACTION_WEIGHT = 1.0
DEFAULT_MIN_PLAYERS = 3
DEFAULT_MAX_PLAYERS = 5

# Keeps log loss finite when a prediction rounds to certainty.
_EPSILON = 1e-15


@dataclass(frozen=True)
class EloParams:
    """Tunable parameters; docs/ratings.md explains each one."""

    stake: float = DEFAULT_STAKE
    min_games: int = DEFAULT_MIN_GAMES
    faction_weight: float = DEFAULT_FACTION_WEIGHT
    start: float = DEFAULT_START
    min_players: int = DEFAULT_MIN_PLAYERS
    max_players: int = DEFAULT_MAX_PLAYERS


@dataclass(frozen=True)
class SeatResult:
    """One seat of a finished game. A dropped player's `vp` is what they had when dropped."""

    player_id: int
    faction: str
    vp: int
    dropped: bool = False


@dataclass(frozen=True)
class FinishedGame:
    """The input of the rating: what a finished game contributes, in seat order."""

    game_id: int
    finished_at: datetime
    map_id: str
    results: tuple[SeatResult, ...]
    kind: str = "terra_mystica"  # ratings are kept per game kind; rate each kind's games apart

    @property
    def player_count(self) -> int:
        return len(self.results)

    @property
    def order_key(self) -> tuple[datetime, int]:
        """Games are rated in this order; the game id breaks ties in finishing time."""
        return (self.finished_at, self.game_id)


@dataclass
class PlayerRating:
    rating: float
    games: int = 0
    last_game_at: datetime | None = None

    def provisional(self, params: EloParams) -> bool:
        return self.games < params.min_games


@dataclass
class FactionRating:
    """Strength of a faction on a map, in rating points added to its player's rating."""

    rating: float = 0.0
    games: int = 0


FactionKey = tuple[str, str]  # (faction, map_id)


@dataclass
class RatingState:
    players: dict[int, PlayerRating] = field(default_factory=dict)
    factions: dict[FactionKey, FactionRating] = field(default_factory=dict)

    def player(self, player_id: int, params: EloParams) -> PlayerRating:
        """The player's rating, or a fresh one (not stored) for a newcomer."""
        found = self.players.get(player_id)
        return found if found is not None else PlayerRating(rating=params.start)

    def faction(self, faction: str, map_id: str) -> FactionRating:
        found = self.factions.get((faction, map_id))
        return found if found is not None else FactionRating()


@dataclass(frozen=True)
class PlayerChange:
    player_id: int
    faction: str
    vp: int
    dropped: bool
    rank: int
    rating_before: float
    rating_after: float
    games_before: int
    provisional: bool
    expected: float  # sum of the expected pairwise scores against every opponent
    actual: float  # sum of the pairwise scores against every opponent

    @property
    def delta(self) -> float:
        return self.rating_after - self.rating_before


@dataclass(frozen=True)
class FactionChange:
    faction: str
    map_id: str
    rating_before: float
    rating_after: float
    games_before: int

    @property
    def delta(self) -> float:
        return self.rating_after - self.rating_before


@dataclass(frozen=True)
class GameRating:
    game_id: int
    finished_at: datetime
    map_id: str
    players: tuple[PlayerChange, ...]
    factions: tuple[FactionChange, ...]


@dataclass(frozen=True)
class Pair:
    """One pairwise result of a game, with what the ratings predicted before it."""

    a: int  # seat index into FinishedGame.results
    b: int
    expected_a: float
    actual_a: float
    established: bool  # both players had at least min_games rated games


def expected_score(diff: float) -> float:
    """Expected pairwise score of a player `diff` points stronger than the opponent."""
    return 1.0 / (1.0 + 10.0 ** (-diff / 400.0))


def pair_score(vp_a: int, vp_b: int) -> float:
    """Score of A against B: 1 for more VP, ½ for equal VP, 0 for fewer."""
    if vp_a > vp_b:
        return 1.0
    if vp_a < vp_b:
        return 0.0
    return 0.5


def ranks(vps: Iterable[int]) -> list[int]:
    """Competition ranks by VP, highest first; equal VP share a rank (1, 2, 2, 4)."""
    values = list(vps)
    return [1 + sum(1 for other in values if other > vp) for vp in values]


def is_rated(game: FinishedGame, params: EloParams) -> bool:
    """Whether the game counts: enough (not too many) players, each a different person."""
    if not params.min_players <= game.player_count <= params.max_players:
        return False
    players = [seat.player_id for seat in game.results]
    return len(set(players)) == len(players)


def game_pairs(state: RatingState, game: FinishedGame, params: EloParams) -> list[Pair]:
    """The game's N(N-1)/2 pairwise results, predicted from the ratings before the game."""
    seats = game.results
    strength: list[float] = []
    established: list[bool] = []
    for seat in seats:
        player = state.player(seat.player_id, params)
        faction = state.faction(seat.faction, game.map_id)
        strength.append(player.rating + params.faction_weight * faction.rating)
        established.append(not player.provisional(params))
    pairs = []
    for i in range(len(seats)):
        for j in range(i + 1, len(seats)):
            pairs.append(
                Pair(
                    a=i,
                    b=j,
                    expected_a=expected_score(strength[i] - strength[j]),
                    actual_a=pair_score(seats[i].vp, seats[j].vp),
                    established=established[i] and established[j],
                )
            )
    return pairs


def rate_game(state: RatingState, game: FinishedGame, params: EloParams) -> GameRating:
    """The rating changes one game causes, computed from `state` without changing it."""
    if not is_rated(game, params):
        raise ValueError(f"game {game.game_id} does not count for the rating")
    seats = game.results
    n = len(seats)
    players = [state.player(seat.player_id, params) for seat in seats]
    factions = [state.faction(seat.faction, game.map_id) for seat in seats]
    provisional = [player.provisional(params) for player in players]
    delta = [0.0] * n
    faction_delta = [0.0] * n
    expected = [0.0] * n
    actual = [0.0] * n
    for pair in game_pairs(state, game, params):
        a, b = pair.a, pair.b
        gain_a = params.stake * (pair.actual_a - pair.expected_a)
        expected[a] += pair.expected_a
        expected[b] += 1.0 - pair.expected_a
        actual[a] += pair.actual_a
        actual[b] += 1.0 - pair.actual_a
        # A provisional player's results move their own rating only, never an
        # established opponent's, and never the factions' strength.
        if provisional[a] or not provisional[b]:
            delta[a] += gain_a
        if provisional[b] or not provisional[a]:
            delta[b] -= gain_a
        if pair.established:
            faction_delta[a] += gain_a
            faction_delta[b] -= gain_a
    seat_ranks = ranks(seat.vp for seat in seats)
    player_changes = tuple(
        PlayerChange(
            player_id=seat.player_id,
            faction=seat.faction,
            vp=seat.vp,
            dropped=seat.dropped,
            rank=seat_ranks[i],
            rating_before=players[i].rating,
            rating_after=players[i].rating + delta[i],
            games_before=players[i].games,
            provisional=provisional[i],
            expected=expected[i],
            actual=actual[i],
        )
        for i, seat in enumerate(seats)
    )
    faction_changes = tuple(
        FactionChange(
            faction=seat.faction,
            map_id=game.map_id,
            rating_before=factions[i].rating,
            rating_after=factions[i].rating + faction_delta[i],
            games_before=factions[i].games,
        )
        for i, seat in enumerate(seats)
    )
    return GameRating(
        game_id=game.game_id,
        finished_at=game.finished_at,
        map_id=game.map_id,
        players=player_changes,
        factions=faction_changes,
    )


def apply_rating(state: RatingState, rated: GameRating) -> None:
    """Write a game's rating changes into `state`."""
    for change in rated.players:
        state.players[change.player_id] = PlayerRating(
            rating=change.rating_after,
            games=change.games_before + 1,
            last_game_at=rated.finished_at,
        )
    for fchange in rated.factions:
        state.factions[(fchange.faction, fchange.map_id)] = FactionRating(
            rating=fchange.rating_after, games=fchange.games_before + 1
        )


def update(state: RatingState, game: FinishedGame, params: EloParams) -> GameRating:
    """Rate one game on top of `state` (the incremental path) and return its changes."""
    rated = rate_game(state, game, params)
    apply_rating(state, rated)
    return rated


def rated_in_order(games: Iterable[FinishedGame], params: EloParams) -> list[FinishedGame]:
    """The games that count, in the order they are rated."""
    return sorted((g for g in games if is_rated(g, params)), key=lambda g: g.order_key)


def recompute(
    games: Iterable[FinishedGame],
    params: EloParams,
    progress: Callable[[int], None] | None = None,
) -> tuple[RatingState, list[GameRating]]:
    """Rate every game that counts from scratch, in finishing order.

    `progress`, if given, is called with 1 after each game.
    """
    state = RatingState()
    history = []
    for game in rated_in_order(games, params):
        history.append(update(state, game, params))
        if progress is not None:
            progress(1)
    return state, history


@dataclass(frozen=True)
class Evaluation:
    """How well ratings predicted the pairwise results of the games that followed."""

    games: int
    pairs: int
    decisive_pairs: int
    correct: float  # decisive pairs the favourite won; a 50:50 prediction counts ½
    log_loss_total: float

    @property
    def accuracy(self) -> float:
        return self.correct / self.decisive_pairs if self.decisive_pairs else math.nan

    @property
    def log_loss(self) -> float:
        return self.log_loss_total / self.pairs if self.pairs else math.nan


def evaluate(
    games: Iterable[FinishedGame], params: EloParams, established_only: bool = True
) -> Evaluation:
    """Replay the games in order, scoring each pair's prediction before the game is rated.

    Every prediction is made from earlier games only. With `established_only`, pairs where
    either player was still provisional are left out: their ratings say little yet.
    """
    state = RatingState()
    games_seen = pairs = decisive = 0
    correct = loss = 0.0
    for game in rated_in_order(games, params):
        counted = [
            p for p in game_pairs(state, game, params) if p.established or not established_only
        ]
        if counted:
            games_seen += 1
        for pair in counted:
            pairs += 1
            e = min(max(pair.expected_a, _EPSILON), 1.0 - _EPSILON)
            loss -= pair.actual_a * math.log(e) + (1.0 - pair.actual_a) * math.log(1.0 - e)
            if pair.actual_a != 0.5:
                decisive += 1
                if pair.expected_a == 0.5:
                    correct += 0.5
                elif (pair.expected_a > 0.5) == (pair.actual_a == 1.0):
                    correct += 1.0
        update(state, game, params)
    return Evaluation(
        games=games_seen,
        pairs=pairs,
        decisive_pairs=decisive,
        correct=correct,
        log_loss_total=loss,
    )
