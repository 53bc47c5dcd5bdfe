"""The option, the tiles it brings and replaces, the refused factions, the state's JSON, and
dock placement at setup and later (rulebook: "Das neue Einsetzen der ersten Gebäude")."""

from __future__ import annotations

import pytest

from games.rules.core import RuleError
from games.rules.terra_mystica.board import ORIGINAL_MAP_ID, variable_vp_table
from games.rules.terra_mystica.data import scoring_tiles
from games.rules.terra_mystica.engine import apply, new_game
from games.rules.terra_mystica.legal import legal_commands
from games.rules.terra_mystica.merchants.state import canal_status
from games.rules.terra_mystica.setup import (
    DEFAULT_OPTIONS,
    available_scoring_tiles,
    random_setup,
)
from games.rules.terra_mystica.state import GameState
from games.rules.terra_mystica.views import state_view, waiting_for

from .helpers import (
    MERCHANTS,
    OPTIONS,
    act,
    give_turn,
    merchants_of,
    merchants_setup,
    play_setup,
)

LAKES = "fdb13a13cd48b7a3c3525f27e4628ff6905aa5b1"
FJORDS = "2afadc63f4d81e850b7c16fb21a1dcd29658c392"


def test_without_the_option_nothing_changes():
    state = new_game(random_setup("plain", 3, DEFAULT_OPTIONS))
    assert state.merchants is None
    assert "merchants" not in state.to_json()
    assert not {"BON11", "FAV13", "TW9"} & set(state.pool)
    assert "SCORE10" not in available_scoring_tiles(DEFAULT_OPTIONS)
    with pytest.raises(RuleError, match="unknown option"):
        random_setup("x", 3, (*DEFAULT_OPTIONS, "merchants-of-the-sea"))


def test_the_option_brings_its_tiles_and_removes_the_replaced_ones():
    state = new_game(merchants_setup(3))
    pool = state.pool
    assert {pool.get(t) for t in ("FAV13", "FAV14", "FAV15", "FAV16")} == {3}
    assert pool["TW9"] == pool["TW10"] == 2 and "TW7" not in pool
    bonus = {t for t in pool if t.startswith("BON")}
    assert "BON6" not in bonus and len(bonus) == 6
    assert available_scoring_tiles(OPTIONS) == [f"SCORE{i}" for i in range(10, 22)]
    with pytest.raises(RuleError, match="SCORE1 is not in this game"):
        merchants_setup(3, tiles=("SCORE1", "SCORE11", "SCORE12", "SCORE13", "SCORE15", "SCORE20"))


def test_round_tiles_obey_the_draw_constraints():
    with pytest.raises(RuleError, match="spade scoring tile SCORE16"):
        merchants_setup(3, tiles=("SCORE18", "SCORE11", "SCORE12", "SCORE13", "SCORE16", "SCORE20"))
    with pytest.raises(RuleError, match="FIRE would be the round-end bonus cult of three"):
        merchants_setup(3, tiles=("SCORE10", "SCORE14", "SCORE18", "SCORE13", "SCORE15", "SCORE20"))
    for seed in range(60):
        setup = random_setup(f"draw-{seed}", 4, OPTIONS)
        assert "SCORE16" not in setup.scoring_tiles[4:]
        cults = [scoring_tiles()[t].cult for t in setup.scoring_tiles[:5]]
        assert max(cults.count(c) for c in cults) <= 2
        assert setup.final_scoring_tiles == ()  # the trade-marker tile is its own option


def test_fakirs_and_dwarves_are_refused_with_the_reason():
    state = new_game(merchants_setup(3))
    with pytest.raises(RuleError, match=r"reach track .* not known"):
        apply(state, "player1", "setup fakirs")
    rows = legal_commands(state, "player1")
    assert "setup dwarves" not in rows and "setup fakirs" not in rows
    assert "setup witches" in rows


@pytest.mark.parametrize(
    ("map_id", "auren", "giants"), [(ORIGINAL_MAP_ID, 25, 30), (LAKES, 20, 25)]
)
def test_starting_vp_from_the_publishers_table_and_the_auren_key(map_id, auren, giants):
    state = new_game(merchants_setup(2, map_id=map_id))
    state = act(state, "player1", "setup auren")
    state = apply(state, "player2", "setup giants")
    assert (state.factions["auren"].vp, state.factions["giants"].vp) == (auren, giants)
    if map_id == LAKES:  # the platform's Lakes table agrees with the publisher's
        assert (variable_vp_table(LAKES) or {})["giants"] == giants
    assert state.factions["auren"].keys == 1 and state.factions["giants"].keys == 0


def test_maps_with_unknown_canals_are_played_without_and_say_so():
    assert canal_status(LAKES)["status"] == "unknown"
    assert canal_status(FJORDS)["status"] == "unknown"
    lakes = new_game(merchants_setup(2, map_id=LAKES))
    assert lakes.merchants is not None and lakes.merchants["canals"] == []
    original = new_game(merchants_setup(2))
    assert original.merchants is not None and original.merchants["canals"] == [["r14", "r21"]]
    assert canal_status(ORIGINAL_MAP_ID)["status"] == "provisional"


def dock_example() -> GameState:
    """The rulebook's example: Chaos Magicians, Swarmlings, Auren, Halflings."""
    return play_setup(
        {
            "chaosmagicians": ["D4"],
            "swarmlings": ["E4", "E11"],
            "auren": ["F2", "F4"],
            "halflings": ["A1", "E2"],
        },
        {"chaosmagicians": "D4", "swarmlings": "E4", "auren": "F4"},
        {"chaosmagicians": "BON1", "swarmlings": "BON3", "auren": "BON4", "halflings": "BON11"},
    )


def test_docks_at_setup_in_turn_order_and_the_halflings_later():
    state = dock_example()
    assert merchants_of(state, "chaosmagicians")["dock"] == "D4"  # their only dwelling
    assert merchants_of(state, "swarmlings")["dock"] == "E4"  # their only one beside a river
    assert merchants_of(state, "auren")["dock"] == "F4"  # chosen among two
    assert merchants_of(state, "halflings")["dock"] is None  # none beside a river yet
    # The first dwelling the Halflings build beside a river takes the dock at once.
    state.terrain["E3"] = "brown"
    give_turn(state, "halflings")
    state = apply(state, "halflings", "build E3")
    assert merchants_of(state, "halflings")["dock"] == "E3"


def test_the_dock_goes_on_a_dwelling_beside_a_river():
    state = new_game(merchants_setup(2))
    state = act(state, "player1", "setup swarmlings")
    state = act(state, "player2", "setup witches")
    for actor, row in (
        ("swarmlings", "build E4"),
        ("witches", "build F2"),
        ("witches", "build F4"),
        ("swarmlings", "build E11"),
    ):
        state = apply(state, actor, row)
    assert [d.kind for d in waiting_for(state)] == ["dock"]
    with pytest.raises(RuleError, match="beside a river, not E11"):
        apply(state, "swarmlings", "dock E11")
    assert legal_commands(state, "swarmlings") == ["dock E4"]


def test_state_round_trips_through_json_mid_game():
    state = dock_example()
    copy = GameState.from_json(state.to_json())
    assert copy.to_json() == state.to_json()
    assert copy.merchants == state.merchants
    view = state_view(state)
    assert view["merchants"]["factions"]["auren"]["dock"] == "F4"
    assert any("shipyard boards" in line for line in view["merchants"]["provisional"])
    assert MERCHANTS in view["options"]
