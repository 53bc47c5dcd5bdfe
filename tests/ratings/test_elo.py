"""The pure rating module: hand-computed examples and the rules of docs/ratings.md."""

import math
import random
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from ratings.elo import (
    EloParams,
    FactionRating,
    FinishedGame,
    PlayerRating,
    RatingState,
    SeatResult,
    evaluate,
    expected_score,
    is_rated,
    pair_score,
    ranks,
    rate_game,
    recompute,
    update,
)
from ratings.synthetic import synthetic_games

T0 = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)
# Everyone counts as established, so the hand examples test the plain formula.
ESTABLISHED = EloParams(min_games=0)
TWO_PLAYER = EloParams(min_games=0, min_players=2)

# 10^(-1/4) and 10^(-1/2), the expectation terms for 100 and 200 points of difference.
E100 = 1 / (1 + 0.5623413251903491)
E200 = 1 / (1 + 0.31622776601683794)


def game(*seats, game_id=1, map_id="base", at=T0):
    results = tuple(SeatResult(p, f, vp, *rest) for p, f, vp, *rest in seats)
    return FinishedGame(game_id=game_id, finished_at=at, map_id=map_id, results=results)


def state_with(ratings, games=10, factions=None):
    return RatingState(
        players={p: PlayerRating(rating=r, games=games) for p, r in ratings.items()},
        factions={k: FactionRating(rating=r, games=games) for k, r in (factions or {}).items()},
    )


def deltas(rated):
    return [c.delta for c in rated.players]


def test_expected_score_is_even_at_equal_ratings_and_ten_to_one_at_400_points():
    assert expected_score(0) == 0.5
    assert expected_score(400) == pytest.approx(10 / 11)
    assert expected_score(-400) == pytest.approx(1 / 11)
    assert expected_score(100) == pytest.approx(E100)


def test_pair_score_is_decided_by_vp_with_a_tie_worth_a_half():
    assert pair_score(120, 80) == 1.0
    assert pair_score(80, 120) == 0.0
    assert pair_score(99, 99) == 0.5


def test_ranks_share_a_rank_on_equal_vp():
    assert ranks([100, 120, 100, 80]) == [2, 1, 2, 4]


def test_two_newcomers_at_1000_move_half_the_stake():
    rated = rate_game(RatingState(), game((1, "witches", 130), (2, "nomads", 110)), TWO_PLAYER)
    assert deltas(rated) == [8.0, -8.0]
    assert [c.rating_after for c in rated.players] == [1008.0, 992.0]


def test_two_player_upset_moves_the_stake_times_the_favourite_expectation():
    state = state_with({1: 1200.0, 2: 1000.0})
    rated = rate_game(state, game((1, "witches", 100), (2, "nomads", 110)), TWO_PLAYER)
    # 1200 vs 1000: E = 1 / (1 + 10^(-200/400)) = 0.75975; the favourite lost.
    assert rated.players[0].delta == pytest.approx(-16 * E200)
    assert rated.players[1].delta == pytest.approx(16 * E200)
    assert rated.players[0].delta == pytest.approx(-12.155950826367325)


def test_four_newcomers_rate_every_pair_with_ties_as_halves():
    rated = rate_game(
        RatingState(),
        game((1, "witches", 120), (2, "nomads", 100), (3, "giants", 100), (4, "auren", 80)),
        ESTABLISHED,
    )
    # Pairwise scores 3, 1.5, 1.5, 0 against an expectation of 1.5 each.
    assert deltas(rated) == [24.0, 0.0, 0.0, -24.0]
    assert [c.actual for c in rated.players] == [3.0, 1.5, 1.5, 0.0]
    assert [c.expected for c in rated.players] == [1.5, 1.5, 1.5, 1.5]
    assert [c.rank for c in rated.players] == [1, 2, 2, 4]


def test_four_player_example_with_faction_strength():
    # Strengths: 1100, 1000, 1000 + 100 (the giants on this map), 900.
    state = state_with(
        {1: 1100.0, 2: 1000.0, 3: 1000.0, 4: 900.0},
        factions={("giants", "base"): 100.0},
    )
    rated = rate_game(
        state,
        game((1, "witches", 100), (2, "nomads", 120), (3, "giants", 90), (4, "auren", 80)),
        ESTABLISHED,
    )
    # P1: lost to P2 (E100), beat P3 at even strength, beat P4 (E200).
    p1 = -16 * E100 + 16 * 0.5 + 16 * (1 - E200)
    # P2: beat P1 as underdog, beat P3 as underdog, beat P4 as favourite.
    p2 = 16 * E100 + 16 * E100 + 16 * (1 - E100)
    # P3: lost to P1 at even strength, lost to P2 as favourite, beat P4 as favourite.
    p3 = -16 * 0.5 - 16 * E100 + 16 * (1 - E200)
    # P4: lost to all, each time as the underdog.
    p4 = -16 * (1 - E200) - 16 * (1 - E100) - 16 * (1 - E200)
    assert deltas(rated) == pytest.approx([p1, p2, p3, p4])
    assert deltas(rated) == pytest.approx([1.603009, 26.241040, -14.396991, -13.447058], abs=1e-6)
    # Between established players, factions move exactly as their players do.
    assert [f.delta for f in rated.factions] == pytest.approx(deltas(rated))
    assert rated.factions[2].rating_after == pytest.approx(100.0 + p3)


def test_a_game_is_zero_sum_for_players_and_factions():
    state = state_with({1: 1040.0, 2: 990.0, 3: 1010.0, 4: 960.0, 5: 1000.0})
    rated = rate_game(
        state,
        game(
            (1, "witches", 140),
            (2, "nomads", 101),
            (3, "giants", 101),
            (4, "auren", 150),
            (5, "darklings", 77),
        ),
        ESTABLISHED,
    )
    assert math.fsum(deltas(rated)) == pytest.approx(0.0, abs=1e-9)
    assert math.fsum(f.delta for f in rated.factions) == pytest.approx(0.0, abs=1e-9)


def test_a_win_against_stronger_opposition_gains_more():
    seats = ((1, "witches", 150), (2, "nomads", 120), (3, "giants", 110), (4, "auren", 100))
    weak_field = state_with({1: 1000.0, 2: 950.0, 3: 950.0, 4: 950.0})
    strong_field = state_with({1: 1000.0, 2: 1100.0, 3: 1100.0, 4: 1100.0})
    gain_weak = rate_game(weak_field, game(*seats), ESTABLISHED).players[0].delta
    gain_strong = rate_game(strong_field, game(*seats), ESTABLISHED).players[0].delta
    assert 0 < gain_weak < gain_strong


def test_winning_with_a_weak_faction_gains_more():
    seats = ((1, "witches", 150), (2, "nomads", 120), (3, "giants", 110))
    ratings = {1: 1000.0, 2: 1000.0, 3: 1000.0}
    weak = state_with(ratings, factions={("witches", "base"): -60.0})
    strong = state_with(ratings, factions={("witches", "base"): 60.0})
    assert (
        rate_game(weak, game(*seats), ESTABLISHED).players[0].delta
        > rate_game(strong, game(*seats), ESTABLISHED).players[0].delta
    )


def test_faction_strength_is_kept_per_map():
    state = state_with({1: 1000.0, 2: 1000.0, 3: 1000.0}, factions={("witches", "fjords"): 80.0})
    seats = ((1, "witches", 150), (2, "nomads", 120), (3, "giants", 110))
    on_base = rate_game(state, game(*seats, map_id="base"), ESTABLISHED)
    on_fjords = rate_game(state, game(*seats, map_id="fjords"), ESTABLISHED)
    assert on_base.players[0].delta == 16.0  # 2 wins at even strength: 16 * (2 - 1)
    assert on_fjords.players[0].delta < on_base.players[0].delta
    assert on_fjords.factions[0].rating_before == 80.0
    assert on_base.factions[0].rating_before == 0.0


def test_faction_weight_zero_ignores_faction_strength_in_expectations():
    state = state_with({1: 1000.0, 2: 1000.0, 3: 1000.0}, factions={("witches", "base"): 200.0})
    seats = ((1, "witches", 150), (2, "nomads", 120), (3, "giants", 110))
    rated = rate_game(state, game(*seats), replace(ESTABLISHED, faction_weight=0.0))
    assert rated.players[0].delta == 16.0


def test_stake_scales_every_change():
    seats = ((1, "witches", 150), (2, "nomads", 120), (3, "giants", 110))
    state = state_with({1: 1010.0, 2: 1000.0, 3: 1030.0})
    base = rate_game(state, game(*seats), ESTABLISHED)
    double = rate_game(state, game(*seats), replace(ESTABLISHED, stake=32.0))
    assert deltas(double) == pytest.approx([2 * d for d in deltas(base)])


def test_a_provisional_newcomer_moves_itself_but_not_established_players():
    params = EloParams(min_games=5)
    state = state_with({1: 1000.0, 2: 1000.0, 3: 1000.0}, games=5)
    seats = ((1, "witches", 100), (2, "nomads", 120), (3, "giants", 110), (9, "auren", 150))
    rated = rate_game(state, game(*seats), params)
    newcomer = rated.players[3]
    assert newcomer.provisional and newcomer.games_before == 0
    assert newcomer.delta == 24.0  # three wins at even strength
    # The established players are rated among themselves only.
    assert [c.provisional for c in rated.players[:3]] == [False, False, False]
    assert deltas(rated)[:3] == [-16.0, 16.0, 0.0]
    # The newcomer's faction is not moved by a provisional result either.
    assert rated.factions[3].delta == 0.0
    assert [f.delta for f in rated.factions[:3]] == [-16.0, 16.0, 0.0]


def test_provisional_players_move_each_other():
    rated = rate_game(
        RatingState(),
        game((1, "witches", 100), (2, "nomads", 120), (3, "giants", 110)),
        EloParams(min_games=5),
    )
    assert deltas(rated) == [-16.0, 16.0, 0.0]
    assert all(f.delta == 0.0 for f in rated.factions)


def test_a_player_is_established_after_min_games_rated_games():
    params = EloParams(min_games=2)
    state = RatingState()
    for n in range(3):
        rated = update(
            state,
            game((1, "witches", 100), (2, "nomads", 120), (3, "giants", 110), game_id=n + 1),
            params,
        )
        assert [c.provisional for c in rated.players] == [n < 2] * 3
        assert [c.games_before for c in rated.players] == [n] * 3
    assert state.players[1].games == 3
    assert state.players[1].last_game_at == T0


def test_a_dropped_player_is_ranked_by_the_vp_they_had():
    seats = ((1, "witches", 90, True), (2, "nomads", 120), (3, "giants", 60), (4, "auren", 100))
    rated = rate_game(RatingState(), game(*seats), ESTABLISHED)
    dropped = rated.players[0]
    assert dropped.dropped
    assert dropped.rank == 3
    assert dropped.actual == 1.0  # beat only the player with fewer VP
    assert dropped.delta == 16 * (1.0 - 1.5)


def test_which_games_count():
    three = game((1, "witches", 1), (2, "nomads", 2), (3, "giants", 3))
    two = game((1, "witches", 1), (2, "nomads", 2))
    six = game(*((p, f"f{p}", p) for p in range(1, 7)))
    same_player_twice = game((1, "witches", 1), (1, "nomads", 2), (3, "giants", 3))
    params = EloParams()
    assert is_rated(three, params)
    assert not is_rated(two, params)
    assert is_rated(two, replace(params, min_players=2))
    assert not is_rated(six, params)
    assert not is_rated(same_player_twice, params)
    with pytest.raises(ValueError):
        rate_game(RatingState(), two, params)


def test_rate_game_leaves_the_state_untouched():
    state = state_with({1: 1000.0, 2: 1100.0, 3: 1200.0})
    before = repr(state)
    rate_game(state, game((1, "witches", 150), (2, "nomads", 120), (3, "giants", 110)), ESTABLISHED)
    assert repr(state) == before


def test_recompute_skips_games_that_do_not_count():
    games = [
        game((1, "witches", 1), (2, "nomads", 2), game_id=1),
        game((1, "witches", 1), (2, "nomads", 2), (3, "giants", 3), game_id=2),
    ]
    _, history = recompute(games, EloParams())
    assert [r.game_id for r in history] == [2]


def test_incremental_updates_agree_exactly_with_a_full_recompute():
    params = EloParams(min_players=2)
    games = list(synthetic_games(400, players=40, player_counts=(2, 3, 4, 5), seed=7))
    incremental = RatingState()
    incremental_history = [update(incremental, g, params) for g in games if is_rated(g, params)]
    shuffled = games[:]
    random.Random(1).shuffle(shuffled)
    full, full_history = recompute(shuffled, params)
    assert full == incremental
    assert full_history == incremental_history


def test_recompute_orders_games_by_finishing_time_then_id():
    a = game((1, "witches", 150), (2, "nomads", 120), (3, "giants", 110), game_id=2, at=T0)
    b = game((1, "witches", 90), (2, "nomads", 120), (3, "giants", 110), game_id=1, at=T0)
    c = game(
        (1, "witches", 90), (2, "nomads", 80), (3, "giants", 110), game_id=0, at=T0 + timedelta(1)
    )
    _, history = recompute([c, a, b], ESTABLISHED)
    assert [r.game_id for r in history] == [1, 2, 0]


def test_evaluate_scores_predictions_made_before_each_game():
    games = [
        game((1, "witches", 150), (2, "nomads", 120), (3, "giants", 110), game_id=1),
        game((1, "witches", 150), (2, "nomads", 120), (3, "giants", 110), game_id=2),
    ]
    result = evaluate(games, ESTABLISHED)
    assert result.games == 2 and result.pairs == 6 and result.decisive_pairs == 6
    # Game 1: every pair at 50:50 (½ correct each, loss ln 2). Game 2: the ratings after
    # game 1 (1016, 1000, 984, factions alike) favour the actual winner in every pair.
    assert result.correct == 3 * 0.5 + 3
    assert result.accuracy == 0.75
    e_16 = expected_score(2 * 16)  # player and faction both 16 ahead
    e_32 = expected_score(2 * 32)
    expected_loss = 3 * math.log(2) - 2 * math.log(e_16) - math.log(e_32)
    assert result.log_loss == pytest.approx(expected_loss / 6)


def test_evaluate_leaves_out_provisional_pairs_unless_asked():
    games = [game((1, "witches", 150), (2, "nomads", 120), (3, "giants", 110), game_id=1)]
    assert evaluate(games, EloParams(min_games=1)).pairs == 0
    assert evaluate(games, EloParams(min_games=1), established_only=False).pairs == 3


def test_ratings_predict_synthetic_games_better_than_a_coin():
    games = list(synthetic_games(1500, players=60, seed=3))
    result = evaluate(games, EloParams())
    assert result.accuracy > 0.55
    assert result.log_loss < math.log(2)
