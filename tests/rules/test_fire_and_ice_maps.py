"""Fire & Ice side 1 beside side 2 (seed 004; rules/fire-and-ice.md §9.1).

terra.snellman.net stores side 1 with an empty leading row, so its rows are lettered
B … J there and here (the spec letters them A … I): game files import unchanged.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.terra_mystica import DEFAULT_OPTIONS
from games.rules.terra_mystica.board import available_maps, board_from_terrain, load_board
from games.rules.terra_mystica.invariants import violations
from games.rules.terra_mystica.playout import random_playout

SIDE_1 = "95a66999127893f5925a5f591d54f8bcb9a670e6"
SIDE_2 = "be8f6ebf549404d015547152d5f2a1906ae8dd90"

# §9.1's 33 bridgeable pairs, lettered A … I as in the spec.
SPEC_PAIRS = (
    "A2-B2 A5-B5 A5-C4 A6-C5 B3-C2 B3-D4 B4-D5 B6-C5 B7-D9 B8-D10 B9-D11 C3-D5 D1-F1 D2-F2 "
    "D5-E2 D5-F3 D9-E5 E1-F2 E1-F3 E1-G2 E2-F3 E2-G5 E3-G6 E6-F5 F2-G2 F4-G6 F6-G8 G2-H2 "
    "G6-H7 G8-H9 H3-I2 H7-I6 H9-I8"
)


def _shifted(hex_id: str) -> str:
    return chr(ord(hex_id[0]) + 1) + hex_id[1:]


def test_both_sides_are_listed_with_the_ids_of_terra_snellman_net():
    names = {m["id"]: m["name"] for m in available_maps()}
    assert names[SIDE_1] == "Fire & Ice Side 1" and names[SIDE_2] == "Fire & Ice Side 2"
    # The stored string hashes to the site's record of "Fire & Ice, Side 1".
    assert load_board(SIDE_1).map_id == SIDE_1


def test_side_1_geometry_matches_the_layout_with_rows_lettered_from_b():
    board = load_board(SIDE_1)
    assert len(board.land) == 77 and len(board.rivers) == 35
    assert set(Counter(board.terrain[h] for h in board.land).values()) == {11}
    assert "A1" not in board.terrain
    # Spec A1 (brown), A10 (blue) and I9 (brown) are site B1, B10 and J9.
    assert board.terrain["B1"] == "brown" and board.terrain["B10"] == "blue"
    assert board.terrain["J9"] == "brown"
    # The first row is indented: spec A1 touches B1 and B2 below it.
    assert {"C1", "C2"} <= board.neighbours["B1"]
    expected = {frozenset(map(_shifted, p.split("-"))) for p in SPEC_PAIRS.split()}
    assert board.bridgeable == expected


def test_a_game_file_with_the_side_1_string_uses_the_stored_map():
    board = load_board(SIDE_1)
    rows = [[h for h in board.hexes if board.position[h][0] == r] for r in range(1, 10)]
    terrain = " ".join(
        ["E"] + [t for row in rows for t in [*(board.terrain[h] for h in row), "E"]]
    ).replace("river", "x")
    assert board_from_terrain(terrain) is board


@settings(
    max_examples=20, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 5))
def test_random_legal_play_on_side_1(seed, players):
    def after(state, actor: str, row: str) -> None:
        problems = violations(state)
        assert not problems, f"after {actor}: {row!r} (round {state.round}): {problems}"

    state, _ = random_playout(seed, players, DEFAULT_OPTIONS, map_id=SIDE_1, after_move=after)
    assert state.finished and state.round == 6 and state.setup.map_id == SIDE_1
