"""The shipyard (the rulebook's Alchemists example), gaining and placing ships, ships as reach
for building, and dwellings paid by returning a ship."""

from __future__ import annotations

import pytest

from games.rules.core import RuleError
from games.rules.terra_mystica.context import Game
from games.rules.terra_mystica.engine import apply
from games.rules.terra_mystica.income import income_parts
from games.rules.terra_mystica.leech import compute_leech
from games.rules.terra_mystica.state import GameState

from .helpers import act, give_turn, merchants_of, play_setup, put, rich, set_ships


def alchemists_and_witches() -> GameState:
    state = play_setup(
        {"alchemists": ["C1", "E5"], "witches": ["F2", "F4"]},
        {"alchemists": "C1", "witches": "F2"},
        {"alchemists": "BON3", "witches": "BON4"},
    )
    put(state, "alchemists", "E5", "TP")
    rich(state, "alchemists", ship=1, w=10, c=20, p3=8, p=2)
    give_turn(state, "alchemists")
    return state


def test_alchemists_example_the_shipyard_and_its_one_time_bonus():
    state = alchemists_and_witches()
    before = state.factions["alchemists"]
    state = apply(state, "alchemists", "upgrade E5 to SY")
    f = state.factions["alchemists"]
    assert state.building["E5"] == "SY" and f.buildings["SY"] == 1 and f.buildings["TP"] == 0
    assert (f.w, f.c) == (before.w - 4, before.c - 6)
    assert (f.ship, f.vp) == (2, before.vp + 3)  # a shipping advance, 3 VP from level 1 to 2
    # The bonus ship goes beside the shipyard, not beside the dock.
    with pytest.raises(RuleError, match="beside the shipyard"):
        apply(state, "alchemists", "ship r8")
    state = apply(state, "alchemists", "ship r21")
    assert merchants_of(state, "alchemists")["ships"] == ["r21"]
    # From now on: the ship action for 1 worker and 2 coins, a ship beside dock or shipyard.
    give_turn(state, "alchemists")
    w, c = state.factions["alchemists"].w, state.factions["alchemists"].c
    state = act(state, "alchemists", "action ACTSY", "ship r8")
    assert (state.factions["alchemists"].w, state.factions["alchemists"].c) == (w - 1, c - 2)
    assert sorted(merchants_of(state, "alchemists")["ships"]) == ["r21", "r8"]
    give_turn(state, "alchemists")
    with pytest.raises(RuleError, match="ACTSY has already been used"):
        apply(state, "alchemists", "action ACTSY")
    # And from the next round on, 1 ship as income.
    assert income_parts(Game(state), state.factions["alchemists"])["buildings"]["SHIP"] == 1


def test_shipyard_needs_a_trading_house_beside_a_river_and_exists_once():
    state = alchemists_and_witches()
    put(state, "alchemists", "E1", "TP")
    with pytest.raises(RuleError, match="must stand beside a river"):
        apply(state, "alchemists", "upgrade E1 to SY")
    with pytest.raises(RuleError, match="ship action comes with it"):
        apply(state, "alchemists", "action ACTSY")
    put(state, "alchemists", "C1", "TP")
    state = act(state, "alchemists", "upgrade E5 to SY", "ship r14")
    give_turn(state, "alchemists")
    with pytest.raises(RuleError, match="already built their shipyard"):
        apply(state, "alchemists", "upgrade C1 to SY")


def test_the_shipyard_has_power_value_three():
    state = alchemists_and_witches()
    put(state, "alchemists", "E5", "SY")
    g = Game(state)
    # A witches' build on E4 (beside the shipyard on E5) offers the Alchemists 3 power.
    assert compute_leech(g, state.factions["witches"], "E4") == {"alchemists": 3}


def test_the_ship_power_action_places_one_ship():
    state = alchemists_and_witches()
    p3 = state.factions["alchemists"].p3
    state = act(state, "alchemists", "action ACT8", "ship r7")
    assert state.factions["alchemists"].p3 == p3 - 4
    with pytest.raises(RuleError, match="no ship to place"):
        apply(state, "alchemists", "ship r7")


def test_ship_makes_its_neighbours_reachable_and_pays_for_a_dwelling():
    state = play_setup(
        {"halflings": ["E6", "B2"], "witches": ["F2", "F4"]},
        {"halflings": "E6", "witches": "F2"},
        {"halflings": "BON3", "witches": "BON4"},
    )
    state.terrain["G1"] = "brown"
    give_turn(state, "halflings")
    with pytest.raises(RuleError, match="cannot reach G1"):
        apply(state, "halflings", "build G1")
    set_ships(state, "halflings", "r31")
    f = state.factions["halflings"]
    w, c = f.w, f.c
    state = apply(state, "halflings", "build G1 with ship")
    f = state.factions["halflings"]
    # No cost; the ship returns to the supply; the Halflings gain 1 worker for it.
    assert (f.w, f.c) == (w + 1, c)
    assert merchants_of(state, "halflings")["ships"] == []
    assert state.owner["G1"] == "halflings"
    # Paid normally the ship stays.
    state.terrain["H3"] = "brown"
    set_ships(state, "halflings", "r31")
    give_turn(state, "halflings")
    state = apply(state, "halflings", "build H3")
    assert merchants_of(state, "halflings")["ships"] == ["r31"]


def test_a_dwelling_with_a_ship_needs_the_ship_beside_it():
    state = alchemists_and_witches()
    state.terrain["I4"] = "black"
    set_ships(state, "alchemists", "r8")
    with pytest.raises(RuleError, match="no alchemists ship lies beside I4"):
        apply(state, "alchemists", "build I4 with ship")


def test_transforming_beside_a_ship():
    state = alchemists_and_witches()
    with pytest.raises(RuleError, match="cannot reach I4"):
        apply(state, "alchemists", "action ACT5. transform I4 to black")
    set_ships(state, "alchemists", "r31")
    state = apply(state, "alchemists", "action ACT5. transform I4 to black")
    assert state.terrain["I4"] == "black"
    assert merchants_of(state, "alchemists")["ships"] == ["r31"]  # the ship stays
