"""The pure tournament functions: Swiss seating, its standings, and knockout rounds."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leagues.standings import GameResult, SeatResult
from leagues.tournaments import (
    PairingError,
    advancing,
    knockout_round,
    meetings,
    next_seeding,
    pair_count,
    swiss_round,
    swiss_sizes,
    swiss_standings,
    table_points,
)


def partitions(players: tuple[int, ...], sizes: tuple[int, ...]):
    """Every way of seating ``players`` at tables of ``sizes`` (brute force, small cases)."""
    if not sizes:
        yield []
        return
    head, rest = players[0], players[1:]
    for size in sorted(set(sizes)):
        remaining = list(sizes)
        remaining.remove(size)
        for others in combinations(rest, size - 1):
            left = tuple(p for p in rest if p not in others)
            for tables in partitions(left, tuple(remaining)):
                yield [(head, *others), *tables]


@st.composite
def swiss_cases(draw, most: int = 9):
    size = draw(st.integers(3, 4))
    n = draw(st.integers(size, most))
    order = draw(st.permutations(list(range(n))))
    earlier = draw(st.integers(0, 3))
    met: Counter[frozenset] = Counter()
    rng = random.Random(draw(st.integers(0, 10**6)))
    for _ in range(earlier):
        shuffled = list(range(n))
        rng.shuffle(shuffled)
        met += meetings(shuffled[i : i + size] for i in range(0, n - size + 1, size))
    return list(order), size, met


@settings(max_examples=150, deadline=None)
@given(swiss_cases(most=14), st.integers(2, 3))
def test_every_player_is_seated_exactly_once_or_has_a_bye(case, smallest):
    order, size, met = case
    seated = swiss_round(order, size, met, smallest=smallest)
    everyone = [p for table in seated.tables for p in table] + seated.byes
    assert sorted(everyone) == sorted(order)
    assert all(max(smallest, size - 1) <= len(t) <= size for t in seated.tables)
    sizes, byes = swiss_sizes(len(order), size, smallest)
    assert sorted(map(len, seated.tables), reverse=True) == sizes and len(seated.byes) == byes
    # Byes only where tables of size and size - 1 cannot hold everyone.
    assert byes == 0 or not any(
        a * size + b * (size - 1) == len(order)
        for a in range(len(order) // size + 1)
        for b in range(len(order) // (size - 1) + 1)
        if size - 1 >= smallest
    )


@settings(max_examples=120, deadline=None)
@given(swiss_cases())
def test_repeated_pairs_are_the_fewest_any_seating_has(case):
    order, size, met = case
    seated = swiss_round(order, size, met, smallest=3)
    assert seated.proven
    sizes = tuple(len(t) for t in seated.tables)
    players = tuple(p for t in seated.tables for p in t)
    best = min(pair_count(tables, met) for tables in partitions(players, sizes))
    assert seated.repeats == pair_count(seated.tables, met) == best


def test_without_repeats_possible_the_best_sit_together():
    seated = swiss_round(list(range(8)), 4)
    assert seated.tables == [(0, 1, 2, 3), (4, 5, 6, 7)] and seated.repeats == 0
    # After that round, the top table cannot meet again: the best two go on with new rivals.
    again = swiss_round(list(range(8)), 4, meetings(seated.tables))
    assert again.repeats == 4 and again.tables[0][:2] == (0, 1)


def test_sixteen_players_play_four_rounds_at_tables_of_four_without_a_repeated_pair():
    for seed in range(25):
        rng = random.Random(seed)
        players, results, met, total = list(range(16)), [], Counter(), 0
        for number in range(4):
            order = [row.player for row in swiss_standings(players, results, 4)]
            seated = swiss_round(order, 4, met, smallest=3, rounds_left=4 - number)
            total += seated.repeats
            met += meetings(seated.tables)
            results += [
                GameResult(len(results), tuple(SeatResult(p, rng.randint(60, 140)) for p in t))
                for t in seated.tables
            ]
        assert total == 0, seed


def test_odd_counts_sit_at_smaller_tables_or_have_a_bye():
    assert swiss_sizes(16, 4, 3) == ([4, 4, 4, 4], 0)
    assert swiss_sizes(13, 4, 3) == ([4, 3, 3, 3], 0)
    assert swiss_sizes(14, 4, 3) == ([4, 4, 3, 3], 0)
    assert swiss_sizes(5, 4, 3) == ([4], 1)  # 5 = 4 + 1: one bye
    assert swiss_sizes(7, 3, 3) == ([3, 3], 1)  # tables of 2 are not played
    assert swiss_sizes(7, 3, 2) == ([3, 2, 2], 0)
    with pytest.raises(PairingError):
        swiss_sizes(3, 4, 2)
    # The bye goes to the lowest-placed player who has had none.
    seated = swiss_round([0, 1, 2, 3, 4], 4, smallest=3, byes_had={4: 1})
    assert seated.byes == [3]


def test_points_per_place_and_the_buchholz_tie_break():
    assert [table_points(4, r, 4) for r in (1, 2, 3, 4)] == [3, 2, 1, 0]
    assert [table_points(4, r, 3) for r in (1, 2, 3)] == [3, Fraction(3, 2), 0]

    def game(number, *scores):
        return GameResult(number, tuple(SeatResult(p, vp) for p, vp in scores))

    # Round 1: a beats b, c beats d (tables of 2 in a tournament of tables of 2: 1/0).
    # Round 2: a beats c, d beats b. a: 2, c: 1, d: 1, b: 0. c and d are level on points;
    # c met a (2) and d (1): Buchholz 3; d met c (1) and b (0): 1.
    results = [game(1, ("a", 90), ("b", 80)), game(2, ("c", 70), ("d", 60))]
    results += [game(3, ("a", 90), ("c", 85)), game(4, ("d", 75), ("b", 50))]
    rows = swiss_standings(["d", "c", "b", "a"], results, 2)
    assert [(r.player, r.rank, r.points, r.buchholz) for r in rows] == [
        ("a", 1, 2, 1 + 0),
        ("c", 2, 1, 2 + 1),
        ("d", 3, 1, 1 + 0),
        ("b", 4, 0, 2 + 1),
    ]
    # Equal points and Buchholz: total score decides; then the seeding, sharing the rank.
    tied = swiss_standings(["x", "y"], [game(1, ("x", 50), ("y", 50))], 2)
    assert [(r.player, r.rank, r.points) for r in tied] == [
        ("x", 1, Fraction(1, 2)),
        ("y", 1, Fraction(1, 2)),
    ]
    assert swiss_standings(["x", "y"], [], 4, byes=["y"])[0].points == Fraction(3, 2)


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 40), st.sampled_from([(3, 1), (3, 2), (4, 1), (4, 2), (4, 3)]))
def test_a_knockout_round_seats_everyone_at_tables_above_the_cut(n, shape):
    size, advance = shape
    planned = knockout_round(list(range(n)), size, advance)
    seated = [p for t in planned.tables for p in t]
    assert sorted(seated + planned.byes) == list(range(n))
    if n <= size:
        assert planned.final and planned.tables == [tuple(range(n))]
    else:
        assert all(advance < len(t) <= size for t in planned.tables)
        assert planned.byes == list(range(len(planned.byes)))  # the best seeds
        going_on = len(planned.byes) + advance * len(planned.tables)
        assert going_on < n  # every round brings the final closer


def test_twelve_players_reach_the_final_table_in_three_rounds():
    seeding = list(range(12))
    shapes = []
    while True:
        planned = knockout_round(seeding, 4, 2)
        shapes.append([len(t) for t in planned.tables])
        if planned.final:
            break
        through = []
        for table in planned.tables:
            result = GameResult(0, tuple(SeatResult(p, 100 - p) for p in table))
            through += [(p, i, 100 - p) for i, p in enumerate(advancing(result, 2, seeding), 1)]
        seeding = next_seeding(through, planned.byes, seeding)
    assert shapes == [[4, 4, 4], [3, 3], [4]]
    # Snake seeding: table 1 holds seeds 1, 6, 7, 12.
    assert knockout_round(list(range(12)), 4, 2).tables[0] == (0, 5, 6, 11)


def test_a_tie_at_the_cut_goes_to_the_better_seed():
    result = GameResult(0, (SeatResult(9, 80), SeatResult(3, 70), SeatResult(5, 70)))
    assert advancing(result, 2, list(range(10))) == [9, 3]
