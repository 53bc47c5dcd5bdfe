"""Tournaments at multiplayer tables: Swiss pairing, knockout rounds and their standings.

Pure functions (nothing here touches the database); ``leagues.formats`` feeds them and stores
what they return. docs/tournaments.md states the rules in words and the guarantees the tests
check. Players are any hashable values, listed best first where an order is asked for.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Generic, TypeVar

from . import standings
from .standings import GameResult, places

P = TypeVar("P", bound=Hashable)

# Tables tried per round before the Swiss search settles for more repeated pairs: enough to
# search every seating of 12 players at tables of 4 and keep a round of 100 players quick.
SEARCH_LIMIT = 20_000
# Tables the look-ahead (can later rounds avoid repeats?) may try for one round.
LOOKAHEAD_LIMIT = 5_000


class PairingError(ValueError):
    """The players cannot be seated as asked (too few for one table)."""


def pair_count(tables: Iterable[Sequence[P]], met: Mapping[frozenset, int]) -> int:
    """Repeated pairs of a round: for each two players at one table, how often they met before."""
    return sum(met.get(frozenset(pair), 0) for table in tables for pair in combinations(table, 2))


def meetings(tables: Iterable[Sequence[P]]) -> Counter[frozenset]:
    return Counter(frozenset(pair) for table in tables for pair in combinations(table, 2))


# --- Swiss -----------------------------------------------------------------------------------


def swiss_sizes(players: int, size: int, smallest: int) -> tuple[list[int], int]:
    """Table sizes of a Swiss round, largest first, and the number of byes.

    Tables of ``size``, and as few tables of ``size - 1`` as make the count come out even
    (never below ``smallest``, the fewest players the game is played by). Only when that is
    impossible do the remaining ``players mod size`` players sit the round out (a bye).
    """
    if players < size:
        raise PairingError(f"{players} players cannot fill a table of {size}.")
    short = (size - players % size) % size  # tables of size - 1 needed
    if short and size - 1 >= smallest and short * (size - 1) <= players:
        full = (players - short * (size - 1)) // size
        return [size] * full + [size - 1] * short, 0
    return [size] * (players // size), players % size


class _Search:
    """Seatings of ``order`` at tables of ``sizes`` whose repeated pairs stay within a budget,
    in standing order: each table takes the best player left, then the next best who fit.
    Counts the tables tried and gives up after ``limit`` (``complete`` then says False)."""

    def __init__(self, met: Mapping[frozenset, int], limit: int = SEARCH_LIMIT) -> None:
        self.met = met
        self.limit = limit
        self.tried = 0
        self.complete = True
        # The least by which a pruned table went over the budget: no seating costs less than
        # budget + overshoot, so the next budget to try (as in iterative deepening A*).
        self.overshoot: int | None = None

    def cost(self, player: P, table: Sequence[P]) -> int:
        return sum(self.met.get(frozenset((player, other)), 0) for other in table)

    def seatings(
        self, left: Sequence[P], sizes: Sequence[int], budget: int
    ) -> Iterator[tuple[list[tuple[P, ...]], int]]:
        if not sizes:
            yield [], 0
            return
        # The best player left may sit at a table of any size still to fill (the first size
        # first): with tables of two sizes the fewest repeats may need the smaller one.
        for size in dict.fromkeys(sizes):
            others = list(sizes)
            others.remove(size)
            for table, cost in self._tables((left[0],), list(left[1:]), size, budget):
                taken = set(table)
                rest = [p for p in left if p not in taken]
                for tables, more in self.seatings(rest, others, budget - cost):
                    yield [table, *tables], cost + more
                if not self.complete:
                    return

    def _tables(
        self, table: tuple[P, ...], candidates: list[P], size: int, budget: int
    ) -> Iterator[tuple[tuple[P, ...], int]]:
        if len(table) == size:
            yield table, 0
            return
        for index, player in enumerate(candidates):
            self.tried += 1
            if self.tried > self.limit:
                self.complete = False
                return
            cost = self.cost(player, table)
            if cost > budget:
                over = cost - budget
                self.overshoot = over if self.overshoot is None else min(self.overshoot, over)
                continue
            for done, more in self._tables(
                (*table, player), candidates[index + 1 :], size, budget - cost
            ):
                yield done, cost + more
            if not self.complete:
                return


def _continues(
    players: Sequence[P],
    sizes: Sequence[int],
    met: Mapping[frozenset, int],
    rounds: int,
    spent: list[int],
) -> bool:
    """Whether ``rounds`` more rounds can follow without a repeated pair, as far as the shared
    allowance of LOOKAHEAD_LIMIT tables tried can tell (out of it: False, not known)."""
    if rounds <= 0:
        return True
    search = _Search(met, LOOKAHEAD_LIMIT - spent[0])
    for tables, _ in search.seatings(players, sizes, 0):
        spent[0] += search.tried
        search.tried = 0
        if _continues(players, sizes, met_after(met, tables), rounds - 1, spent):
            return True
        if spent[0] >= LOOKAHEAD_LIMIT:
            return False
        search.limit = LOOKAHEAD_LIMIT - spent[0]
    spent[0] += search.tried
    return False


def met_after(met: Mapping[frozenset, int], tables: Iterable[Sequence[P]]) -> Counter[frozenset]:
    return Counter(met) + meetings(tables)


@dataclass(frozen=True)
class SwissRound(Generic[P]):
    tables: list[tuple[P, ...]]  # best first; within a table in standing order
    byes: list[P]
    repeats: int  # repeated pairs of this round (pair_count)
    proven: bool  # True when no seating of these tables has fewer repeated pairs


def swiss_round(
    order: Sequence[P],
    size: int,
    met: Mapping[frozenset, int] | None = None,
    *,
    smallest: int = 2,
    byes_had: Mapping[P, int] | None = None,
    rounds_left: int = 1,
) -> SwissRound[P]:
    """Seat ``order`` (the standings, best first) at tables of ``size`` for one round.

    Byes (only when the sizes cannot come out even) go to the lowest-placed players among those
    with the fewest byes so far. Then the seating with the fewest repeated pairs is chosen, and
    among those the one that keeps players of similar standing together: the best player left
    and the next best who fit, table by table.
    """
    met = met or {}
    byes_had = byes_had or {}
    sizes, bye_count = swiss_sizes(len(order), size, smallest)
    byes: list[P] = []
    if bye_count:
        fewest = sorted(range(len(order)), key=lambda i: (byes_had.get(order[i], 0), -i))
        byes = [order[i] for i in sorted(fewest[:bye_count])]
    seated = [p for p in order if p not in set(byes)]
    budget, proven = 0, True
    while True:
        search = _Search(met)
        first: list[tuple[P, ...]] | None = None
        spent = [0]  # the look-ahead's allowance, shared by every seating it checks
        for tables, _ in search.seatings(seated, sizes, budget):
            first = first or tables
            if budget or rounds_left <= 1:
                break
            # Without repeats, prefer a seating after which the rounds still to come can be
            # free of repeats too (the first one found can leave none); failing a proof
            # within the allowance, the first one.
            if _continues(seated, sizes, met_after(met, tables), rounds_left - 1, spent):
                return SwissRound(tables, byes, pair_count(tables, met), proven)
            if spent[0] >= LOOKAHEAD_LIMIT or not search.complete:
                break
        if first is not None:
            return SwissRound(first, byes, pair_count(first, met), proven)
        proven = proven and search.complete
        # Without a proof that no cheaper seating exists, the next budget may skip one; at
        # worst the last budget (every pair a repeat) always seats everyone.
        if search.complete:
            budget += search.overshoot or 1
        else:
            budget = max(budget * 2, budget + 1)


def table_points(size: int, rank: int, table_size: int) -> Fraction:
    """Tournament points of the ``rank`` (1-based) at a table of ``table_size`` in a tournament
    of tables of ``size``: size - 1 for a win down to 0 for last, evenly spaced, so a smaller
    table hands out the same points on average as a full one."""
    if table_size < 2:
        return Fraction(size - 1)
    return Fraction((size - 1) * (table_size - rank), table_size - 1)


def bye_points(size: int) -> Fraction:
    """A bye scores the average points of a place at a table: (size - 1) / 2."""
    return Fraction(size - 1, 2)


def game_points(game: GameResult[P], size: int) -> dict[P, Fraction]:
    """Tournament points of one table; players tied on score split their places' points."""
    count = len(game.seats)
    return standings.game_points(game, [table_points(size, r, count) for r in range(1, count + 1)])


@dataclass(frozen=True)
class SwissStanding(Generic[P]):
    player: P
    rank: int
    points: Fraction
    buchholz: Fraction
    score: int
    games: int
    byes: int


def swiss_standings(
    players: Sequence[P],
    results: Iterable[GameResult[P]],
    size: int,
    byes: Iterable[P] = (),
) -> list[SwissStanding[P]]:
    """Standings, best first: tournament points, then Buchholz (the sum of the current points
    of every opponent, once per game played together), then total score (VP), then the seeding
    (``players`` in seeding order). Players equal on the first three share a rank."""
    results = list(results)
    seed = {p: i for i, p in enumerate(players)}
    points = {p: Fraction(0) for p in players}
    score = dict.fromkeys(players, 0)
    games = dict.fromkeys(players, 0)
    bye_count: Counter[P] = Counter(b for b in byes if b in seed)
    for player, count in bye_count.items():
        points[player] += bye_points(size) * count
    opponents: dict[P, list[P]] = {p: [] for p in players}
    for game in results:
        for player, earned in game_points(game, size).items():
            if player in points:
                points[player] += earned
                games[player] += 1
        for seat in game.seats:
            if seat.player in score:
                score[seat.player] += seat.vp
                opponents[seat.player] += [s.player for s in game.seats if s is not seat]
    buchholz = {
        p: sum((points.get(o, Fraction(0)) for o in opponents[p]), Fraction(0)) for p in players
    }

    def key(p: P) -> tuple:
        return (-points[p], -buchholz[p], -score[p])

    ordered = sorted(players, key=lambda p: (key(p), seed[p]))
    rows: list[SwissStanding[P]] = []
    for index, player in enumerate(ordered):
        same = bool(rows) and key(rows[-1].player) == key(player)
        rows.append(
            SwissStanding(
                player=player,
                rank=rows[-1].rank if same else index + 1,
                points=points[player],
                buchholz=buchholz[player],
                score=score[player],
                games=games[player],
                byes=bye_count[player],
            )
        )
    return rows


# --- knockout --------------------------------------------------------------------------------


def _splits(players: int, size: int, advance: int, smallest: int) -> list[int] | None:
    """Sizes of the tables for ``players`` (as even as possible, largest first), each with more
    players than advance from it, or None if no such split exists."""
    tables = math.ceil(players / size)
    base, extra = divmod(players, tables)
    sizes = [base + 1] * extra + [base] * (tables - extra)
    if min(sizes) <= advance or min(sizes) < smallest:
        return None
    return sizes


def _snake(players: Sequence[P], sizes: Sequence[int]) -> list[tuple[P, ...]]:
    """Deal players (best first) to tables 1, 2, …, m, m, …, 1, … skipping full tables."""
    tables: list[list[P]] = [[] for _ in sizes]
    sweep = list(range(len(sizes)))
    remaining = list(players)
    while remaining:
        for index in sweep:
            if remaining and len(tables[index]) < sizes[index]:
                tables[index].append(remaining.pop(0))
        sweep.reverse()
    return [tuple(t) for t in tables]


@dataclass(frozen=True)
class KnockoutRound(Generic[P]):
    tables: list[tuple[P, ...]]
    byes: list[P]  # best seeds who go through to the next round without playing
    final: bool


def knockout_round(
    seeding: Sequence[P], size: int, advance: int, *, smallest: int = 2
) -> KnockoutRound[P]:
    """One knockout round for ``seeding`` (best first).

    At most ``size`` players left: they play the final table. Otherwise as few tables as hold
    everyone at ``size``, as even as possible, dealt in snake order so each table gets a fair
    share of the seeds; when tables cannot all hold more than ``advance`` players, the best seeds
    go through without playing (the fewest byes that make the rest fit).
    """
    n = len(seeding)
    if n < max(smallest, 2):
        raise PairingError(f"{n} players cannot play a table.")
    if n <= size:
        return KnockoutRound([tuple(seeding)], [], True)
    for byes in range(n):
        rest = n - byes
        sizes = _splits(rest, size, advance, smallest) if rest > 0 else None
        if sizes is not None:
            return KnockoutRound(_snake(seeding[byes:], sizes), list(seeding[:byes]), False)
    raise PairingError(f"{n} players cannot be seated at tables of {size}.")


def advancing(game: GameResult[P], advance: int, seeding: Sequence[P]) -> list[P]:
    """The best ``advance`` of a table by place (the score; a player who dropped out is last);
    a tie at the cut goes to the better seed."""
    seed = {p: i for i, p in enumerate(seeding)}
    placed = places(game)
    order = sorted(placed, key=lambda p: (placed[p][0], seed.get(p, len(seed))))
    return order[:advance]


def next_seeding(
    rounds_results: Sequence[tuple[P, int, int]], byes: Sequence[P], seeding: Sequence[P]
) -> list[P]:
    """The seeding of the next round: the players who went through, best first: by their place
    at their table (a bye counts as first place), then score, then the earlier seeding.
    ``rounds_results`` holds (player, place, score) of each player who advanced."""
    seed = {p: i for i, p in enumerate(seeding)}
    rows = [(p, 1, 0) for p in byes] + list(rounds_results)
    rows.sort(key=lambda r: (r[1], -r[2], seed.get(r[0], len(seed))))
    return [p for p, _, _ in rows]
