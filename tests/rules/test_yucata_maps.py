"""Yucata's maps and setup options (seed 001, Yucata.de's online rules: YU-01, YU-02, YU-03).

Fjords and Lakes are the final play-test versions of the Merchants of the Seas maps
(rules/merchants-of-the-seas.md §17); variable starting VP per map is Yucata's table
(rules/yucata-online.md §3.2), beginner factions its §2.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.terra_mystica import DEFAULT_OPTIONS, RuleError, apply, new_game, random_setup
from games.rules.terra_mystica.board import (
    ORIGINAL_MAP_ID,
    available_maps,
    board_from_terrain,
    load_board,
)
from games.rules.terra_mystica.invariants import violations
from games.rules.terra_mystica.legal import candidate_rows
from games.rules.terra_mystica.playout import random_playout
from games.rules.terra_mystica.setup import beginner_factions

FJORDS = "2afadc63f4d81e850b7c16fb21a1dcd29658c392"
LAKES = "fdb13a13cd48b7a3c3525f27e4628ff6905aa5b1"
VARIABLE_VP = (*DEFAULT_OPTIONS, "variable-starting-vp")


def _pairs(text: str, shift: int = 0) -> set[frozenset[str]]:
    def hex_id(h: str) -> str:
        return chr(ord(h[0]) + shift) + h[1:]

    return {frozenset(map(hex_id, p.split("-"))) for p in text.split()}


def test_fjords_and_lakes_are_listed_with_the_ids_of_terra_snellman_net():
    names = {m["id"]: m["name"] for m in available_maps()}
    assert names[FJORDS] == "Fjords" and names[LAKES] == "Lakes"
    # The stored map strings hash to the site's records of "Fjords v2.1" and "Loon Lakes v1.6".
    assert load_board(FJORDS).map_id == FJORDS and load_board(LAKES).map_id == LAKES


def test_fjords_geometry_matches_the_layout():
    board = load_board(FJORDS)
    assert len(board.land) == 80 and len(board.rivers) == 33
    counts = Counter(board.terrain[h] for h in board.land)
    assert counts["brown"] == counts["gray"] == counts["green"] == 12
    assert counts["yellow"] == counts["red"] == counts["blue"] == counts["black"] == 11
    # The 33 bridgeable pairs listed in merchants-of-the-seas.md §17.3.
    assert board.bridgeable == _pairs(
        "A3-B2 A7-C5 A8-C6 A9-C7 A10-C8 B3-C3 B3-D1 B5-C5 B6-C8 C1-E1 C2-E2 C3-D1 C3-E3 "
        "C4-D1 C4-D2 C4-E5 C9-D6 C9-E10 D1-E3 D2-E5 D6-E10 E3-F3 E6-F5 E9-F9 F2-G3 F6-G6 "
        "F8-G9 G2-H2 G7-H6 G7-I6 G8-H7 G8-I7 H6-I6"
    )


def test_lakes_rows_are_lettered_from_b_as_its_first_row_is_indented():
    board = load_board(LAKES)
    assert len(board.land) == 77 and len(board.rivers) == 35
    assert set(Counter(board.terrain[h] for h in board.land).values()) == {11}
    assert board.terrain["B1"] == "gray" and board.terrain["J8"] == "black"
    assert "A1" not in board.terrain
    # B1 (indented) touches C1 and C2 below it.
    assert {"C1", "C2"} <= board.neighbours["B1"]
    # The 22 pairs of §17.2, whose ids are one letter earlier there.
    assert board.bridgeable == _pairs(
        "A4-C2 A9-B7 B3-C2 B3-D3 B5-C5 B8-C7 C2-D3 C5-D6 C5-E5 C7-D8 D3-E3 D6-E5 D7-E5 "
        "E5-F6 F2-G1 F2-H3 F3-G2 F7-H8 G5-I4 G7-H8 H3-I3 H6-I4",
        shift=1,
    )


def test_a_game_file_with_the_lakes_map_string_uses_the_stored_map():
    board = load_board(LAKES)
    terrain = " ".join(
        "E" if h is None else board.terrain[h]
        for h in [None]
        + [
            h
            for r in range(1, 10)
            for h in [*[x for x in board.hexes if board.position[x][0] == r], None]
        ]
    ).replace("river", "x")
    assert board_from_terrain(terrain) is board


def _start(map_id: str, factions: list[str], options=VARIABLE_VP):
    setup = random_setup("yucata", len(factions), options, map_id=map_id)
    state = new_game(setup)
    for i, name in enumerate(factions, 1):
        state = apply(state, f"player{i}", f"setup {name}")
    return state


@pytest.mark.parametrize(
    ("map_id", "expected"),
    [
        (ORIGINAL_MAP_ID, {"fakirs": 33, "cultists": 16, "swarmlings": 22, "witches": 19}),
        (FJORDS, {"fakirs": 25, "cultists": 15, "swarmlings": 20, "witches": 15}),
        (LAKES, {"fakirs": 25, "cultists": 15, "swarmlings": 25, "witches": 20}),
    ],
)
def test_variable_starting_vp_follows_the_maps_table(map_id, expected):
    state = _start(map_id, list(expected))
    assert {n: f.vp for n, f in state.factions.items()} == expected


def test_without_the_option_every_faction_starts_with_twenty():
    state = _start(LAKES, ["dwarves", "fakirs"], DEFAULT_OPTIONS)
    assert {f.vp for f in state.factions.values()} == {20}


def test_variable_starting_vp_needs_a_map_with_a_table():
    with pytest.raises(RuleError, match="no table"):
        random_setup("x", 2, VARIABLE_VP, map_id="be8f6ebf549404d015547152d5f2a1906ae8dd90")


@pytest.mark.parametrize(
    ("players", "factions"),
    [
        (2, {"witches", "nomads"}),
        (3, {"witches", "nomads", "alchemists"}),
        (4, {"witches", "nomads", "halflings", "mermaids"}),
        (5, {"witches", "nomads", "halflings", "mermaids", "giants"}),
    ],
)
def test_beginner_setup_offers_only_the_fixed_factions(players, factions):
    state = new_game(random_setup("begin", players, (*DEFAULT_OPTIONS, "beginner-setup")))
    offered = {row.split()[1] for row in candidate_rows(state, "player1")}
    assert offered == factions
    with pytest.raises(RuleError, match="beginner setup"):
        apply(state, "player1", "setup darklings")


@settings(
    max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 5),
    map_id=st.sampled_from([FJORDS, LAKES]),
)
def test_random_legal_play_on_fjords_and_lakes_with_variable_vp(seed, players, map_id):
    def after(state, actor: str, row: str) -> None:
        problems = violations(state)
        assert not problems, f"after {actor}: {row!r} (round {state.round}): {problems}"

    state, _ = random_playout(seed, players, VARIABLE_VP, map_id=map_id, after_move=after)
    assert state.finished and state.round == 6 and len(state.factions) == players
    assert state.setup.map_id == map_id
    starts = {n: f.vp_source["start"] for n, f in state.factions.items()}
    assert all(v in (15, 20, 25, 30) for v in starts.values())


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_beginner_game_plays_to_the_end_with_the_fixed_factions(players):
    options = (*DEFAULT_OPTIONS, "beginner-setup")
    state, _ = random_playout(players, players, options)
    assert state.finished and set(state.factions) == set(beginner_factions(players))
