"""Invariants of the rating that must hold for any game and any prior ratings."""

import math
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratings.elo import (
    EloParams,
    FactionRating,
    FinishedGame,
    PlayerRating,
    RatingState,
    SeatResult,
    is_rated,
    rate_game,
    recompute,
    update,
)
from ratings.synthetic import FACTIONS, MAPS

T0 = datetime(2024, 1, 1, tzinfo=UTC)
ratings = st.floats(min_value=400.0, max_value=2400.0)
faction_ratings = st.floats(min_value=-300.0, max_value=300.0)
ZERO = pytest.approx(0.0, abs=1e-7)
params_st = st.builds(
    EloParams,
    stake=st.floats(min_value=1.0, max_value=64.0),
    min_games=st.integers(min_value=0, max_value=6),
    faction_weight=st.floats(min_value=0.0, max_value=2.0),
)


@st.composite
def games(draw):
    n = draw(st.integers(min_value=3, max_value=5))
    players = draw(st.lists(st.integers(1, 30), min_size=n, max_size=n, unique=True))
    factions = draw(st.lists(st.sampled_from(FACTIONS), min_size=n, max_size=n, unique=True))
    vps = draw(st.lists(st.integers(0, 200), min_size=n, max_size=n))
    dropped = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    return FinishedGame(
        game_id=draw(st.integers(min_value=1, max_value=10**6)),
        finished_at=T0 + timedelta(minutes=draw(st.integers(0, 10**5))),
        map_id=draw(st.sampled_from(MAPS)),
        results=tuple(
            SeatResult(p, f, v, d)
            for p, f, v, d in zip(players, factions, vps, dropped, strict=True)
        ),
    )


@st.composite
def states(draw, established=None):
    games_played = st.integers(0, 10) if established is None else st.just(10 if established else 0)
    players = draw(
        st.dictionaries(
            st.integers(1, 30), st.builds(PlayerRating, rating=ratings, games=games_played)
        )
    )
    factions = draw(
        st.dictionaries(
            st.tuples(st.sampled_from(FACTIONS), st.sampled_from(MAPS)),
            st.builds(FactionRating, rating=faction_ratings, games=st.integers(0, 10)),
        )
    )
    return RatingState(players=players, factions=factions)


@given(states(established=True), games(), params_st)
def test_a_game_among_established_players_is_zero_sum(state, game, params):
    # Players the drawn state does not know get a history too, so every seat is established.
    for seat in game.results:
        state.players.setdefault(seat.player_id, PlayerRating(rating=1000.0, games=10))
    rated = rate_game(state, game, params)
    assert math.fsum(c.delta for c in rated.players) == ZERO
    assert math.fsum(f.delta for f in rated.factions) == ZERO


@given(games(), params_st.filter(lambda p: p.min_games > 0))
def test_a_game_among_newcomers_is_zero_sum_and_leaves_factions_alone(game, params):
    rated = rate_game(RatingState(), game, params)
    assert all(c.provisional for c in rated.players)
    assert math.fsum(c.delta for c in rated.players) == ZERO
    assert all(f.delta == 0.0 for f in rated.factions)


@given(states(), games(), params_st)
def test_pairwise_scores_and_expectations_each_add_up_to_the_number_of_pairs(state, game, params):
    rated = rate_game(state, game, params)
    n = game.player_count
    assert math.fsum(c.actual for c in rated.players) == n * (n - 1) / 2
    assert math.isclose(math.fsum(c.expected for c in rated.players), n * (n - 1) / 2)
    for change in rated.players:
        assert abs(change.delta) <= params.stake * (n - 1) + 1e-9


@given(states(), games(), params_st, st.data())
def test_one_more_vp_never_means_a_smaller_change(state, game, params, data):
    rated = rate_game(state, game, params)
    i = data.draw(st.integers(0, game.player_count - 1))
    seats = list(game.results)
    seats[i] = replace(seats[i], vp=seats[i].vp + 1)
    improved = rate_game(state, replace(game, results=tuple(seats)), params)
    assert improved.players[i].delta >= rated.players[i].delta


@settings(max_examples=25, deadline=None)
@given(st.lists(games(), min_size=1, max_size=30, unique_by=lambda g: g.game_id), params_st)
def test_incremental_equals_recompute_for_any_sequence(game_list, params):
    ordered = sorted(game_list, key=lambda g: g.order_key)
    state = RatingState()
    history = [update(state, g, params) for g in ordered if is_rated(g, params)]
    full_state, full_history = recompute(reversed(game_list), params)
    assert full_state == state
    assert full_history == history
