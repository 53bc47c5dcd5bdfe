"""What the statistics count, as a pure module (no Django).

A finished game becomes ``GameFacts``; ``contributions`` turns one game into the tallies it adds
to (per role, per player, per pair of players). The worker adds one game's contributions to the
stored tallies; the rebuild adds every game's. Both go through the same function, so they can
only disagree by the order of floating-point sums. A tally keeps counts, sums and sums of
squares, so any selection of tallies (a map, a player count, a range of months) adds up to the
same figures as if the games had been counted for that selection alone, confidence intervals
included. docs/statistics.md defines every figure.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from datetime import datetime

# 95 % two-sided normal quantile: the intervals are approximate (normal, Wilson for rates).
Z95 = 1.959963984540054

# Role types, per kind: what a seat "plays". Every kind has its seat number.
FACTION, COLOUR, SEAT = "faction", "colour", "seat"


@dataclass(frozen=True)
class SeatFacts:
    user_id: int
    position: int
    roles: tuple[tuple[str, str], ...]  # (role type, role), e.g. ("faction", "witches")
    score: int
    rank: int
    dropped: bool
    rating_before: float | None  # the player's rating before the game; None: not rated


@dataclass(frozen=True)
class GameFacts:
    game_id: int
    kind: str
    variant: str
    map_id: str
    finished_at: datetime
    seats: tuple[SeatFacts, ...]

    @property
    def player_count(self) -> int:
        return len(self.seats)

    @property
    def period(self) -> str:
        """The month the game finished in (UTC), the finest period the tallies keep."""
        return f"{self.finished_at.year:04d}-{self.finished_at.month:02d}"

    @property
    def order_key(self) -> tuple[datetime, int]:
        return (self.finished_at, self.game_id)


@dataclass(slots=True)
class Tally:
    """Counts, sums and sums of squares over seats; adding two tallies adds their seats."""

    games: int = 0
    wins: int = 0
    dropped: int = 0
    score_sum: int = 0
    score_sq: int = 0
    rank_sum: int = 0
    rank_sq: int = 0
    rated: int = 0
    adjusted_sum: float = 0.0
    adjusted_sq: float = 0.0

    def add(self, other: Tally) -> None:
        # Spelled out: the rebuild adds millions of these, a loop over the fields costs 5 times.
        self.games += other.games
        self.wins += other.wins
        self.dropped += other.dropped
        self.score_sum += other.score_sum
        self.score_sq += other.score_sq
        self.rank_sum += other.rank_sum
        self.rank_sq += other.rank_sq
        self.rated += other.rated
        self.adjusted_sum += other.adjusted_sum
        self.adjusted_sq += other.adjusted_sq

    def values(self) -> tuple:
        return tuple(getattr(self, f) for f in TALLY_FIELDS)


TALLY_FIELDS = tuple(f.name for f in fields(Tally))


@dataclass(slots=True)
class PairTally:
    """Two players' meetings: ``a`` is the player with the smaller id."""

    games: int = 0
    a_ahead: int = 0
    b_ahead: int = 0
    ties: int = 0

    def add(self, other: PairTally) -> None:
        self.games += other.games
        self.a_ahead += other.a_ahead
        self.b_ahead += other.b_ahead
        self.ties += other.ties

    def values(self) -> tuple:
        return tuple(getattr(self, f) for f in PAIR_FIELDS)


PAIR_FIELDS = tuple(f.name for f in fields(PairTally))

# (kind, variant, role type, role, map, player count, period)
RoleKey = tuple[str, str, str, str, str, int, str]
# (user id, kind, role type, role, map)
PlayerKey = tuple[int, str, str, str, str]
# (kind, smaller user id, larger user id)
PairKey = tuple[str, int, int]

ROLE_KEY_FIELDS = ("kind", "variant", "role_type", "role", "map_id", "player_count", "period")
PLAYER_KEY_FIELDS = ("user_id", "kind", "role_type", "role", "map_id")
PAIR_KEY_FIELDS = ("kind", "user_a_id", "user_b_id")


def expected_score(diff: float) -> float:
    """Elo's expected pairwise score of a player ``diff`` rating points stronger
    (ratings/elo.py's formula, repeated so that this module stays free of the ratings app)."""
    return 1.0 / (1.0 + 10.0 ** (-diff / 400.0))


def competition_ranks(scores: Sequence[int]) -> list[int]:
    """Ranks by score, highest first; equal scores share a rank (1, 2, 2, 4)."""
    return [1 + sum(1 for other in scores if other > s) for s in scores]


def adjusted_scores(seats: Sequence[SeatFacts]) -> list[float | None]:
    """Each seat's result against what the players' ratings predicted, per opponent.

    The pairwise score against an opponent is 1 for a better rank, ½ for the same rank and 0
    for a worse one; the expected pairwise score comes from the two players' ratings before the
    game (Elo, without the ratings' faction strength: the role's strength is what this figure
    measures). The figure is (actual - expected) / (players - 1): between -1 and 1, 0 when the
    seat did exactly as its player's rating predicted. None for every seat of a game that was
    not rated (some player has no rating before it).
    """
    ratings = [s.rating_before for s in seats]
    if len(seats) < 2 or any(r is None for r in ratings):
        return [None] * len(seats)
    out: list[float | None] = []
    for i, seat in enumerate(seats):
        actual = expected = 0.0
        for j, other in enumerate(seats):
            if i == j:
                continue
            actual += 1.0 if seat.rank < other.rank else 0.5 if seat.rank == other.rank else 0.0
            expected += expected_score(ratings[i] - ratings[j])  # type: ignore[operator]  # None excluded above
        out.append((actual - expected) / (len(seats) - 1))
    return out


def _seat_tally(seat: SeatFacts, adjusted: float | None) -> Tally:
    tally = Tally(
        games=1,
        wins=int(seat.rank == 1),
        dropped=int(seat.dropped),
        score_sum=seat.score,
        score_sq=seat.score * seat.score,
        rank_sum=seat.rank,
        rank_sq=seat.rank * seat.rank,
    )
    if adjusted is not None:
        tally.rated, tally.adjusted_sum, tally.adjusted_sq = 1, adjusted, adjusted * adjusted
    return tally


@dataclass
class Contributions:
    roles: dict[RoleKey, Tally]
    players: dict[PlayerKey, Tally]
    pairs: dict[PairKey, PairTally]


def _put(tallies: dict, key: tuple, tally: Tally | PairTally) -> None:
    """Add a fresh tally under ``key``: kept as it is when the key is new."""
    found = tallies.get(key)
    if found is None:
        tallies[key] = tally
    else:
        found.add(tally)


def contributions(game: GameFacts, into: Contributions | None = None) -> Contributions:
    """What one finished game adds to the tallies (added to ``into`` when given: the rebuild
    sums every game in one place, through this same function).

    Roles: a dropped seat counts only as a drop of its role (``dropped``), not as a game of it:
    a faction whose player left says nothing about the faction. The other seats count with
    their rank among all seats. Players: every seat counts, dropped ones too (a drop is the
    player's result). Pairs: every two players of the game, by rank.
    """
    adjusted = adjusted_scores(game.seats)
    out = into if into is not None else Contributions({}, {}, {})
    kind, variant, map_id, count, period = (
        game.kind,
        game.variant,
        game.map_id,
        game.player_count,
        game.period,
    )
    for seat, adj in zip(game.seats, adjusted, strict=True):
        for role_type, role in seat.roles:
            role_tally = Tally(dropped=1) if seat.dropped else _seat_tally(seat, adj)
            key: RoleKey = (kind, variant, role_type, role, map_id, count, period)
            _put(out.roles, key, role_tally)
            pkey: PlayerKey = (seat.user_id, kind, role_type, role, map_id)
            _put(out.players, pkey, _seat_tally(seat, adj))
    seats = sorted(game.seats, key=lambda s: s.user_id)
    for i, a in enumerate(seats):
        for b in seats[i + 1 :]:
            if a.user_id == b.user_id:
                continue
            pair = PairTally(
                games=1,
                a_ahead=int(a.rank < b.rank),
                b_ahead=int(b.rank < a.rank),
                ties=int(a.rank == b.rank),
            )
            _put(out.pairs, (game.kind, a.user_id, b.user_id), pair)
    return out


def tally_all(games: Iterable[GameFacts]) -> Contributions:
    """The tallies of every game, in finishing order (the rebuild)."""
    total = Contributions({}, {}, {})
    for game in sorted(games, key=lambda g: g.order_key):
        contributions(game, total)
    return total


# --- figures from a tally -----------------------------------------------------------------


@dataclass(frozen=True)
class Estimate:
    value: float | None
    low: float | None
    high: float | None

    def as_dict(self) -> dict:
        return {"value": self.value, "low": self.low, "high": self.high}


NONE = Estimate(None, None, None)


def wilson(successes: int, n: int, z: float = Z95) -> Estimate:
    """A proportion with its Wilson score interval (good for small counts and rates near 0/1)."""
    if n <= 0:
        return NONE
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return Estimate(p, max(0.0, centre - margin), min(1.0, centre + margin))


def mean(
    total: float,
    squares: float,
    n: int,
    z: float = Z95,
    bounds: tuple[float, float] = (-math.inf, math.inf),
) -> Estimate:
    """A mean with its normal-approximation interval from the sample variance, cut to the
    values the mean can take (``bounds``); no interval below two values."""
    if n <= 0:
        return NONE
    m = total / n
    if n < 2:
        return Estimate(m, None, None)
    variance = max(0.0, (squares - total * total / n) / (n - 1))
    margin = z * math.sqrt(variance / n)
    return Estimate(m, max(bounds[0], m - margin), min(bounds[1], m + margin))


@dataclass(frozen=True)
class Figures:
    games: int
    wins: int
    dropped: int
    win_rate: Estimate
    score: Estimate
    rank: Estimate
    rated: int
    adjusted: Estimate

    def as_dict(self) -> dict:
        return {
            "games": self.games,
            "wins": self.wins,
            "dropped": self.dropped,
            "win_rate": self.win_rate.as_dict(),
            "score": self.score.as_dict(),
            "rank": self.rank.as_dict(),
            "rated": self.rated,
            "adjusted": self.adjusted.as_dict(),
        }


def figures(t: Tally) -> Figures:
    return Figures(
        games=t.games,
        wins=t.wins,
        dropped=t.dropped,
        win_rate=wilson(t.wins, t.games),
        score=mean(t.score_sum, t.score_sq, t.games),
        rank=mean(t.rank_sum, t.rank_sq, t.games, bounds=(1.0, math.inf)),
        rated=t.rated,
        adjusted=mean(t.adjusted_sum, t.adjusted_sq, t.rated, bounds=(-1.0, 1.0)),
    )
