"""The figures of the statistics (pure: stats.figures, stats.roles)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from stats import figures, roles
from stats.figures import GameFacts, SeatFacts, Tally


def _game(seats: list[SeatFacts], kind: str = "terra_mystica") -> GameFacts:
    return GameFacts(
        1, kind, "base", "map", datetime(2025, 3, 31, 23, 59, tzinfo=UTC), tuple(seats)
    )


def _seat(user: int, faction: str, score: int, rank: int, dropped=False, rating=None):
    return SeatFacts(
        user, user, roles.seat_roles("terra_mystica", faction, user), score, rank, dropped, rating
    )


def test_wilson_interval_matches_the_textbook_values():
    # 8 wins in 20: Wilson 95 % interval 0.2188 to 0.6134.
    est = figures.wilson(8, 20)
    assert est.value == 0.4
    assert est.low == pytest.approx(0.2188, abs=1e-4)
    assert est.high == pytest.approx(0.6134, abs=1e-4)
    assert figures.wilson(0, 0).value is None
    assert figures.wilson(5, 5).high == 1.0


def test_mean_interval_from_sums_and_squares():
    values = [120, 135, 150, 99, 143]
    est = figures.mean(sum(values), sum(v * v for v in values), len(values))
    m = sum(values) / 5
    sd = (sum((v - m) ** 2 for v in values) / 4) ** 0.5
    assert est.value == pytest.approx(m)
    assert est.high - m == pytest.approx(1.959964 * sd / 5**0.5, rel=1e-6)
    assert figures.mean(120, 14400, 1).low is None  # one value: no interval


def test_a_dropped_seat_counts_as_a_drop_of_its_role_and_a_game_of_its_player():
    game = _game(
        [
            _seat(1, "witches", 140, 1),
            _seat(2, "nomads", 60, 3, dropped=True),
            _seat(3, "giants", 120, 2),
        ]
    )
    c = figures.contributions(game)
    nomads = c.roles[("terra_mystica", "base", "faction", "nomads", "map", 3, "2025-03")]
    assert (nomads.games, nomads.dropped, nomads.score_sum) == (0, 1, 0)
    witches = c.roles[("terra_mystica", "base", "faction", "witches", "map", 3, "2025-03")]
    assert (witches.games, witches.wins, witches.score_sum, witches.rank_sum) == (1, 1, 140, 1)
    player = c.players[(2, "terra_mystica", "faction", "nomads", "map")]
    assert (player.games, player.dropped, player.wins) == (1, 1, 0)
    # Colour and seat are roles too: the witches' forest, the nomads' desert.
    assert ("terra_mystica", "base", "colour", "green", "map", 3, "2025-03") in c.roles
    assert c.roles[("terra_mystica", "base", "colour", "yellow", "map", 3, "2025-03")].dropped == 1
    assert ("terra_mystica", "base", "seat", "2", "map", 3, "2025-03") in c.roles
    # Pairs by rank, the dropped seat included.
    assert c.pairs[("terra_mystica", 1, 2)].a_ahead == 1
    assert c.pairs[("terra_mystica", 2, 3)].b_ahead == 1


def test_rating_adjusted_result_is_actual_minus_expected_per_opponent():
    # Equal ratings: expected ½ against each opponent. The winner of three scores 2 of 2.
    equal = [
        _seat(1, "witches", 140, 1, rating=1000.0),
        _seat(2, "nomads", 100, 2, rating=1000.0),
        _seat(3, "giants", 100, 2, rating=1000.0),
    ]
    assert figures.adjusted_scores(equal) == pytest.approx([0.5, -0.25, -0.25])
    # A 400-point favourite is expected to score 10/11 of a pair: winning gains little.
    favourite = [
        _seat(1, "witches", 140, 1, rating=1400.0),
        _seat(2, "nomads", 100, 2, rating=1000.0),
    ]
    assert figures.adjusted_scores(favourite)[0] == pytest.approx(1 - 10 / 11)
    # A game some player of which was not rated has no rating-adjusted figure.
    assert figures.adjusted_scores(
        [_seat(1, "witches", 1, 1, rating=1000.0), _seat(2, "nomads", 0, 2)]
    ) == [None, None]


def test_tallies_of_a_selection_add_up_to_the_figures_of_its_seats():
    a, b = Tally(), Tally()
    for t, scores in ((a, [100, 120]), (b, [150])):
        for s in scores:
            t.add(Tally(games=1, score_sum=s, score_sq=s * s))
    a.add(b)
    assert figures.figures(a).score == figures.mean(370, 100**2 + 120**2 + 150**2, 3)


def test_variants_and_roles_per_kind():
    assert roles.variant("terra_mystica", ["strict-leech"]) == "base"
    assert (
        roles.variant("terra_mystica", ["fire-and-ice-factions/ice", "fire-and-ice-final-scoring"])
        == "fire-and-ice"
    )
    assert (
        roles.variant("terra_mystica", ["merchants-of-the-seas", "fire-and-ice-factions/variable"])
        == "fire-and-ice+merchants"
    )
    assert roles.variant("mythotopia", ["start-choice"]) == "start-choice"
    assert roles.seat_roles("mythotopia", "red", 1) == (("colour", "red"), ("seat", "1"))
    assert roles.seat_roles("terra_mystica", "icemaidens", 2) == (
        ("faction", "icemaidens"),
        ("colour", "ice"),
        ("seat", "2"),
    )
    # A faction that picks its home colour in play is counted under the colour it picked.
    assert roles.seat_roles("terra_mystica", "riverwalkers", 3, "blue")[1] == ("colour", "blue")
