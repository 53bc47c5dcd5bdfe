"""League points by placement, shared ties, and the tie-breaks (docs/leagues.md)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leagues.standings import (
    GameResult,
    SeatResult,
    default_points_table,
    game_points,
    places,
    standings,
    validate_points_table,
)

TABLE = (3, 2, 1, 0)


def game(game_id: int, *seats: tuple) -> GameResult:
    return GameResult(game_id, tuple(SeatResult(*s) for s in seats))


def test_the_default_table_gives_k_minus_one_down_to_zero():
    assert default_points_table(4) == (3, 2, 1, 0)
    assert default_points_table(3) == (2, 1, 0)
    assert default_points_table(5) == (4, 3, 2, 1, 0)


def test_points_follow_the_places_by_vp():
    result = game(1, ("a", 120), ("b", 150), ("c", 99), ("d", 130))
    assert game_points(result, TABLE) == {"b": 3, "d": 2, "a": 1, "c": 0}


def test_tied_players_share_the_points_of_the_places_they_cover():
    result = game(1, ("a", 150), ("b", 150), ("c", 120), ("d", 120))
    assert game_points(result, TABLE) == {
        "a": Fraction(5, 2),
        "b": Fraction(5, 2),
        "c": Fraction(1, 2),
        "d": Fraction(1, 2),
    }
    three = game(2, ("a", 100), ("b", 100), ("c", 100), ("d", 140))
    assert game_points(three, TABLE) == {"d": 3, "a": 1, "b": 1, "c": 1}
    assert places(three)["a"] == (2, 4)


def test_a_dropped_faction_is_placed_after_everyone_who_finished():
    result = game(1, ("a", 150, True), ("b", 90), ("c", 80), ("d", 70))
    assert game_points(result, TABLE) == {"b": 3, "c": 2, "d": 1, "a": 0}


@given(st.lists(st.tuples(st.integers(40, 60), st.booleans()), min_size=3, max_size=5))
@settings(max_examples=200, deadline=None)
def test_a_game_hands_out_exactly_the_points_of_its_table(seats):
    table = default_points_table(len(seats))
    result = GameResult(1, tuple(SeatResult(i, vp, d) for i, (vp, d) in enumerate(seats)))
    points = game_points(result, table)
    assert sum(points.values()) == sum(table)
    # Better VP among those who finished never earns fewer points.
    finished = [(vp, points[i]) for i, (vp, d) in enumerate(seats) if not d]
    for vp_a, pts_a in finished:
        for vp_b, pts_b in finished:
            if vp_a > vp_b:
                assert pts_a > pts_b


def test_equal_points_are_broken_by_total_vp():
    results = [
        game(1, ("a", 150), ("b", 140), ("c", 100), ("d", 90)),
        game(2, ("b", 170), ("a", 120), ("c", 100), ("d", 90)),
    ]
    rows = standings(["a", "b", "c", "d"], results, TABLE)
    assert [r.player for r in rows] == ["b", "a", "c", "d"]
    assert [r.points for r in rows] == [5, 5, 2, 0]
    assert [r.rank for r in rows] == [1, 2, 3, 4]


def test_equal_points_and_vp_are_broken_by_head_to_head():
    # a and b both score 5 points and 260 VP; a finished ahead of b in their one shared game.
    results = [
        game(1, ("a", 140), ("b", 120), ("c", 100), ("d", 90)),
        game(2, ("b", 140), ("x", 130), ("c", 10), ("y", 5)),
        game(3, ("x", 150), ("a", 120), ("c", 10), ("d", 5)),
    ]
    rows = standings(["b", "a", "c", "d", "x", "y"], results, TABLE)
    a, b = (next(r for r in rows if r.player == p) for p in "ab")
    assert (a.points, a.vp) == (b.points, b.vp) == (5, 260)
    assert a.head_to_head == 1 and b.head_to_head == 0
    assert rows.index(a) < rows.index(b) and a.rank < b.rank


def test_players_equal_after_every_tie_break_share_a_rank_in_seeding_order():
    results = [game(1, ("a", 100), ("b", 100), ("c", 50))]
    rows = standings(["b", "a", "c"], results, (2, 1, 0))
    assert [(r.player, r.rank) for r in rows] == [("b", 1), ("a", 1), ("c", 3)]
    assert rows[0].head_to_head == rows[1].head_to_head == Fraction(1, 2)


def test_players_who_left_come_after_everyone_still_in_the_league():
    results = [game(1, ("a", 150), ("b", 100), ("c", 50))]
    rows = standings(["a", "b", "c"], results, (2, 1, 0), inactive=["a"])
    assert [r.player for r in rows] == ["b", "c", "a"]
    assert rows[-1].points == 2


def test_standings_count_games_and_places():
    results = [
        game(1, ("a", 150), ("b", 140), ("c", 100), ("d", 90)),
        game(2, ("b", 170), ("a", 120), ("c", 100), ("e", 90)),
    ]
    rows = {r.player: r for r in standings(["a", "b", "c", "d", "e"], results, TABLE)}
    assert rows["a"].games == 2 and rows["a"].places == (1, 2)
    assert rows["d"].games == 1 and rows["d"].places == (4,)
    assert rows["a"].vp == 270


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ((3, 2, 1), "one value per place"),
        ((3, 2, 1, -1), "zero or more"),
        ((1, 2, 1, 0), "fewer points"),
        ((3, 2, "1", 0), "numbers"),
    ],
)
def test_bad_points_tables_are_refused(table, message):
    with pytest.raises(ValueError, match=message):
        validate_points_table(table, 4)


def test_a_custom_table_is_used_as_given():
    result = game(1, ("a", 150), ("b", 150), ("c", 100), ("d", 90))
    assert game_points(result, (10, 6, 3, 0)) == {"a": 8, "b": 8, "c": 3, "d": 0}
