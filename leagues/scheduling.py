"""Placing players into divisions and groups, and the games of a group: pure functions.

Nothing here touches the database; ``leagues.services`` feeds these functions and stores what
they return. docs/leagues.md states the guarantees the tests check.

A group's schedule is a cyclic design, the one the 4-player league on terra.snellman.net used
(``4pLeague_S60_D1L1``: 7 players, 7 games, offsets 0, 1, 3, 6). Number the players 0..n-1 and
pick ``k`` distinct offsets ``d_1 < … < d_k`` (with ``d_1 = 0``); game ``g`` seats player
``(g + d_s) mod n`` in seat ``s``. Each player then plays exactly one game in every seat per
cycle, so everyone plays ``k`` games, is never twice in the same seat, and picks a faction first,
second, … last exactly once (faction choice and round-1 turn order follow the seats). The
offsets are chosen so that pairs of players meet as evenly as the design allows.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations
from typing import TypeVar

T = TypeVar("T")

MIN_PLAYERS_PER_GAME, MAX_PLAYERS_PER_GAME = 3, 5
# Larger groups make seasons longer than anyone wants; it also bounds the offset search.
MAX_GROUP_SIZE = 20

Game = tuple[int, ...]  # player numbers of a group (0-based), in seat order


class ScheduleError(ValueError):
    """The players cannot be arranged as asked (too few players, impossible sizes)."""


# --- one group -------------------------------------------------------------------------------


def _difference_counts(offsets: Sequence[int], n: int) -> tuple[int, ...]:
    """How often two players whose numbers differ by d (mod n) meet, for d = 0..n-1."""
    counts = [0] * n
    for a in offsets:
        for b in offsets:
            if a != b:
                counts[(b - a) % n] += 1
    return tuple(counts)


@cache
def _offset_sets(n: int, k: int, cycles: int) -> tuple[tuple[int, ...], ...]:
    """One offset set per cycle, each chosen to keep the pair meetings so far as even as
    possible (then to repeat earlier sets as little as possible, then the smallest)."""
    chosen: list[tuple[int, ...]] = []
    totals = [0] * n
    for _ in range(cycles):
        best_key: tuple | None = None
        best: tuple[int, ...] = ()
        for rest in combinations(range(1, n), k - 1):
            offsets = (0, *rest)
            counts = _difference_counts(offsets, n)
            meets = [totals[d] + counts[d] for d in range(1, n)]
            key = (max(meets) - min(meets), chosen.count(offsets), offsets)
            if best_key is None or key < best_key:
                best_key, best = key, offsets
        chosen.append(best)
        totals = [t + c for t, c in zip(totals, _difference_counts(best, n), strict=True)]
    return tuple(chosen)


def group_schedule(n: int, k: int, cycles: int = 1) -> list[Game]:
    """The games of a group of ``n`` players with ``k`` players per game, ``n * cycles`` games.

    Every player plays ``k * cycles`` games and sits in every seat exactly ``cycles`` times.
    """
    if not 2 <= k <= n:
        raise ScheduleError(f"A group of {n} cannot fill games of {k} players.")
    if n > MAX_GROUP_SIZE:
        raise ScheduleError(f"A group has at most {MAX_GROUP_SIZE} players, not {n}.")
    if cycles < 1:
        raise ScheduleError("A season has at least one cycle of games.")
    return [
        tuple((g + d) % n for d in offsets)
        for offsets in _offset_sets(n, k, cycles)
        for g in range(n)
    ]


# --- properties (used by the tests, and handy for the organiser's checks) ---------------------


def games_per_player(games: Sequence[Sequence[T]]) -> Counter[T]:
    return Counter(p for game in games for p in game)


def seat_counts(games: Sequence[Sequence[T]]) -> dict[T, Counter[int]]:
    """For each player, how often they sat in each seat (1-based)."""
    seats: dict[T, Counter[int]] = {}
    for game in games:
        for seat, player in enumerate(game, start=1):
            seats.setdefault(player, Counter())[seat] += 1
    return seats


def pair_meetings(games: Sequence[Sequence[T]]) -> Counter[frozenset[T]]:
    return Counter(frozenset(pair) for game in games for pair in combinations(game, 2))


# --- divisions and groups --------------------------------------------------------------------


def group_sizes(total: int, target: int, k: int) -> list[int]:
    """Sizes of the groups for ``total`` players: as close to ``target`` as the count allows,
    never below ``k`` nor above ``MAX_GROUP_SIZE``, differing by at most one (larger first)."""
    if total < k:
        raise ScheduleError(f"{total} players cannot fill a game of {k}.")
    groups = max(1, math.floor(total / target + 0.5), math.ceil(total / MAX_GROUP_SIZE))
    groups = min(groups, total // k)
    base, extra = divmod(total, groups)
    return [base + 1] * extra + [base] * (groups - extra)


def division_layout(groups: int, growth: int) -> list[int]:
    """Groups per division, top first: 1, growth, growth², …; the last division takes the rest."""
    if growth < 1:
        raise ScheduleError("Each division must hold at least as many groups as the one above.")
    layout: list[int] = []
    width = 1
    while groups > 0:
        layout.append(min(width, groups))
        groups -= layout[-1]
        width *= growth
    return layout


def _snake(players: Sequence[T], sizes: Sequence[int]) -> list[list[T]]:
    """Deal players (best first) to groups 1, 2, …, m, m, …, 1, 1, … skipping full groups."""
    if len(players) > sum(sizes):
        raise ScheduleError("More players than places in the groups.")
    groups: list[list[T]] = [[] for _ in sizes]
    sweep = list(range(len(sizes)))
    remaining = iter(players)
    placed = 0
    while placed < len(players):
        for index in sweep:
            if len(groups[index]) < sizes[index] and placed < len(players):
                groups[index].append(next(remaining))
                placed += 1
        sweep.reverse()
    return groups


def place(ladder: Sequence[T], target: int, k: int, growth: int) -> list[list[list[T]]]:
    """Cut the ladder (best first) into divisions of groups: ``result[level-1][group-1]``.

    Division 1 is filled first from the top of the ladder; within a division players are dealt
    to its groups in snake order, so each group gets a fair share of the division's strength.
    """
    sizes = group_sizes(len(ladder), target, k)
    divisions: list[list[list[T]]] = []
    start = used = 0
    for count in division_layout(len(sizes), growth):
        div_sizes = sizes[used : used + count]
        players = list(ladder[start : start + sum(div_sizes)])
        divisions.append(_snake(players, div_sizes))
        used += count
        start += sum(div_sizes)
    return divisions


def game_name(league: str, season: int, level: int, group: int, number: int) -> str:
    """The terra.snellman.net league naming: ``4pLeague_S60_D1L1_G3``."""
    return f"{league}_S{season}_D{level}L{group}_G{number}"
