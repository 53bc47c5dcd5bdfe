"""The schedule's balance guarantees (docs/leagues.md), for every group size and game size."""

from __future__ import annotations

import itertools
import json
from collections import Counter, defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leagues import scheduling
from leagues.scheduling import (
    MAX_GROUP_SIZE,
    ScheduleError,
    division_layout,
    game_name,
    games_per_player,
    group_schedule,
    group_sizes,
    pair_meetings,
    place,
    seat_counts,
)
from tests.conftest import CORPUS


@st.composite
def groups(draw):
    k = draw(st.integers(3, 5))
    n = draw(st.integers(k, MAX_GROUP_SIZE))
    cycles = draw(st.integers(1, 3))
    return n, k, cycles


@given(groups())
@settings(max_examples=150, deadline=None)
def test_every_player_plays_the_same_number_of_games_once_in_every_seat_per_cycle(group):
    n, k, cycles = group
    games = group_schedule(n, k, cycles)
    assert len(games) == n * cycles
    assert all(len(game) == k and len(set(game)) == k for game in games)
    assert games_per_player(games) == dict.fromkeys(range(n), k * cycles)
    # Seat = faction pick order: everyone picks first, second, ... equally often; with one
    # cycle never twice from the same seat.
    for player, seats in seat_counts(games).items():
        assert seats == dict.fromkeys(range(1, k + 1), cycles), player


@given(groups())
@settings(max_examples=150, deadline=None)
def test_pairs_of_players_meet_almost_equally_often(group):
    n, k, cycles = group
    meetings = pair_meetings(group_schedule(n, k, cycles))
    counts = [meetings[frozenset((a, b))] for a in range(n) for b in range(a + 1, n)]
    assert max(counts) - min(counts) <= (1 if cycles == 1 and k <= 4 else 2)
    assert sum(counts) == n * cycles * k * (k - 1) // 2


@pytest.mark.parametrize(("n", "k"), [(7, 4), (13, 4), (7, 3), (11, 5), (4, 4), (5, 5)])
def test_difference_set_sizes_give_perfectly_even_meetings(n, k):
    meetings = pair_meetings(group_schedule(n, k))
    assert len(set(meetings.values())) == 1
    assert len(meetings) == n * (n - 1) // 2


def test_the_corpus_league_seasons_have_the_same_balance():
    """terra.snellman.net's 4-player league (division 1, seasons 60-66): 7 players, 7 games,
    each player once in every seat, every pair twice; our 7-player schedule matches that."""
    index = json.loads((CORPUS / "index.json").read_text())
    seasons: dict[int, list[list[str]]] = defaultdict(list)
    for game in index["games"]:
        seasons[game["season"]].append(game["players"])
    ours = group_schedule(7, 4)
    for season, games in seasons.items():
        players = {p for g in games for p in g}
        assert len(games) == len(players) == 7, season
        assert set(games_per_player(games).values()) == {4}, season
        assert all(set(c.values()) == {1} for c in seat_counts(games).values()), season
        assert Counter(pair_meetings(games).values()) == Counter(pair_meetings(ours).values())


def test_impossible_groups_are_refused():
    with pytest.raises(ScheduleError):
        group_schedule(3, 4)
    with pytest.raises(ScheduleError):
        group_schedule(MAX_GROUP_SIZE + 1, 4)
    with pytest.raises(ScheduleError):
        group_sizes(3, 7, 4)


@given(
    st.integers(3, 5).flatmap(
        lambda k: st.tuples(st.just(k), st.integers(k, 200), st.integers(k, 20))
    )
)
@settings(max_examples=200, deadline=None)
def test_group_sizes_are_even_and_within_bounds(case):
    k, total, target = case
    sizes = group_sizes(total, target, k)
    assert sum(sizes) == total
    assert max(sizes) - min(sizes) <= 1
    assert min(sizes) >= k and max(sizes) <= MAX_GROUP_SIZE
    assert sizes == sorted(sizes, reverse=True)


def test_thirty_players_in_groups_of_seven():
    assert group_sizes(30, 7, 4) == [8, 8, 7, 7]
    assert division_layout(4, 2) == [1, 2, 1]
    assert division_layout(7, 2) == [1, 2, 4]
    assert division_layout(3, 1) == [1, 1, 1]


@given(
    st.integers(3, 5).flatmap(
        lambda k: st.tuples(st.just(k), st.integers(k, 120), st.integers(k, 12), st.integers(1, 4))
    )
)
@settings(max_examples=150, deadline=None)
def test_placement_keeps_the_ladder_order_between_divisions(case):
    k, total, target, growth = case
    ladder = list(range(total))
    divisions = place(ladder, target, k, growth)
    placed = [p for division in divisions for group in division for p in group]
    assert sorted(placed) == ladder
    assert [len(d) for d in divisions] == division_layout(
        len(group_sizes(total, target, k)), growth
    )
    # Everyone in a division is above everyone in the divisions below.
    for upper, lower in itertools.pairwise(divisions):
        assert max(p for g in upper for p in g) < min(p for g in lower for p in g)
    # Within a division the groups share its strength: their best players are its best.
    for division in divisions:
        firsts = sorted(group[0] for group in division)
        assert firsts == sorted(p for g in division for p in g)[: len(division)]


def test_game_names_follow_the_corpus_pattern():
    assert game_name("4pLeague", 60, 1, 1, 3) == "4pLeague_S60_D1L1_G3"
    assert scheduling.game_name("L", 2, 3, 4, 12) == "L_S2_D3L4_G12"
