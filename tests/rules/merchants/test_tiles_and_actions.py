"""The new power actions, favor tiles, bonus cards, town tiles, round scoring tiles, the
final scoring by trade markers, and the Yetis' rules for the new power actions."""

from __future__ import annotations

import pytest

from games.rules.core import RuleError
from games.rules.terra_mystica.context import Game
from games.rules.terra_mystica.engine import apply
from games.rules.terra_mystica.income import income_parts
from games.rules.terra_mystica.scoring import finish_game
from games.rules.terra_mystica.state import GameState
from games.rules.terra_mystica.views import waiting_for

from .helpers import OPTIONS, act, give_turn, merchants_of, play_setup, put, rich, set_ships


def giants_and_witches() -> GameState:
    state = play_setup(
        {"giants": ["D4", "E3"], "witches": ["F2", "F4"]},
        {"giants": "D4", "witches": "F2"},
        {"giants": "BON3", "witches": "BON4"},
    )
    rich(state, "giants", p1=0, p2=0, p3=12, p=3, c=20, w=10, ship=1)
    give_turn(state, "giants")
    return state


def hold_bonus(state: GameState, faction: str, tile: str) -> None:
    f = state.factions[faction]
    if f.bonus:
        state.pool[f.bonus] = state.pool.get(f.bonus, 0) + 1
    state.pool[tile] = 0
    f.bonus = tile


def test_favor_action_costs_five_power_and_a_priest():
    state = giants_and_witches()
    state = act(state, "giants", "action ACT9. +FAV14")
    f = state.factions["giants"]
    assert (f.p3, f.p, "FAV14" in f.favors) == (7, 2, True)
    assert f.cult[1] == 1  # FAV14: 1 step on Water
    assert income_parts(Game(state), f)["favors"]["SHIP"] == 1  # and a ship as income
    give_turn(state, "giants")
    with pytest.raises(RuleError, match="ACT9 has already been used"):
        apply(state, "giants", "action ACT9")


def test_giants_example_one_one_step_favor_per_cult():
    state = giants_and_witches()
    state.factions["giants"].favors = ["FAV11"]
    with pytest.raises(RuleError, match="already have FAV11: one 1-step favor tile per cult"):
        apply(state, "giants", "action ACT9. +FAV15")


def test_fav13_one_time_choice():
    state = giants_and_witches()
    state = apply(state, "giants", "action ACT9. +FAV13")
    assert "favor-choice" in [d.kind for d in waiting_for(state) if d.actor == "giants"]
    coins = state.factions["giants"].c
    coins_state = apply(state, "giants", "choose coins WATER")
    f = coins_state.factions["giants"]
    assert (f.c, f.cult[1]) == (coins + 4, 1)
    w, vp = state.factions["giants"].w, state.factions["giants"].vp
    ship_state = apply(state, "giants", "choose ship")
    f = ship_state.factions["giants"]
    assert (f.ship, f.w, f.vp) == (2, w + 1, vp + 3)
    assert not [d for d in waiting_for(ship_state) if d.kind == "favor-choice"]
    # A priest from the supply onto the Air track's 3-space, and 4 coins.
    air = state.factions["giants"].cult[3]
    priest_state = apply(state, "giants", "choose priest AIR")
    f = priest_state.factions["giants"]
    assert (f.cult[3], f.c, f.cult_priests) == (air + 3, coins + 4, 1)
    assert priest_state.cult_spaces["AIR"][0] == "giants"


def test_fav15_trade_vp_and_fav16_pass_vp():
    state = giants_and_witches()
    state.factions["giants"].favors = ["FAV15", "FAV16"]
    set_ships(state, "giants", "r27")
    vp = state.factions["giants"].vp
    state = act(state, "giants", "action ACTMV. sail r27-F2", "trade F2")
    assert state.factions["giants"].vp == vp + 1 + 2 + 1  # dwelling, SCORE18, FAV15
    merchants_of(state, "giants")["traded"] += ["F4"]
    merchants_of(state, "giants")["markers"] -= 1
    put(state, "witches", "G2")
    put(state, "witches", "C2")
    merchants_of(state, "giants")["traded"] += ["G2", "C2"]
    merchants_of(state, "giants")["markers"] -= 2
    give_turn(state, "giants")
    vp = state.factions["giants"].vp
    state = apply(state, "giants", "pass BON1")
    assert state.factions["giants"].vp == vp + 3  # 4 trade markers placed


@pytest.mark.parametrize(("tile", "vp"), [("BON11", 4), ("BON12", 6)])
def test_bonus_cards_pass_vp_for_shipyard_and_ships(tile, vp):
    state = giants_and_witches()
    hold_bonus(state, "giants", tile)
    put(state, "giants", "E3", "SY")  # BON11: 4 VP for the shipyard
    set_ships(state, "giants", "r27", "r15")  # BON12: 3 VP per ship on the map
    before = state.factions["giants"].vp
    state = apply(state, "giants", "pass BON1")
    assert state.factions["giants"].vp == before + vp


def test_bonus_cards_with_ship_actions_and_income():
    state = giants_and_witches()
    hold_bonus(state, "giants", "BON13")
    state.factions["giants"].passed = True
    assert income_parts(Game(state), state.factions["giants"])["bonus"] == {"SHIP": 1}
    state.factions["giants"].passed = False
    set_ships(state, "giants", "r27")
    state = apply(state, "giants", "action BON13. sail r27-r20")
    assert merchants_of(state, "giants")["ships"] == ["r20"]
    state = giants_and_witches()
    hold_bonus(state, "giants", "BON14")
    state = act(state, "giants", "action BON14", "ship r15")
    set_ships(state, "giants", "r27")
    give_turn(state, "giants")
    vp = state.factions["giants"].vp
    state = act(state, "giants", "action ACTMV. sail r27-F2", "trade F2")
    assert state.factions["giants"].vp == vp + 1 + 2 + 1  # dwelling, SCORE18, BON14
    give_turn(state, "giants")
    with pytest.raises(RuleError, match="do not hold BON13"):
        apply(state, "giants", "action BON13")


def test_town_tiles_shipping_and_ships():
    state = giants_and_witches()
    f = state.factions["giants"]
    f.gain_tw = 1
    vp = f.vp
    state = apply(state, "giants", "+TW9")
    assert (state.factions["giants"].vp, state.factions["giants"].ship) == (vp + 4 + 3, 2)
    state = giants_and_witches()
    state.factions["giants"].gain_tw = 1
    vp = state.factions["giants"].vp
    state = act(state, "giants", "+TW10", "ship r15", "ship r9")
    assert state.factions["giants"].vp == vp + 3
    assert sorted(merchants_of(state, "giants")["ships"]) == ["r15", "r9"]


def test_round_tiles_advances_shipyard_and_ship_income():
    state = giants_and_witches()
    state.round = 2  # SCORE11: each shipping or digging advance +2 VP
    vp = state.factions["giants"].vp
    state = apply(state, "giants", "advance ship")
    assert state.factions["giants"].vp == vp + 3 + 2
    state = giants_and_witches()
    state.round = 3  # SCORE12: the shipyard +5 VP
    put(state, "giants", "D4", "TP")
    vp = state.factions["giants"].vp
    state = act(state, "giants", "upgrade D4 to SY", "ship r15")
    assert state.factions["giants"].vp == vp + 5 + 3  # SCORE12 and the shipping advance
    state = giants_and_witches()
    state.round = 5  # SCORE19: per 4 Water a ship in phase III
    state.factions["giants"].cult[1] = 8
    assert income_parts(Game(state), state.factions["giants"])["scoring"] == {"SHIP": 2}


def test_final_scoring_most_trade_markers():
    state = giants_and_witches()
    merchants_of(state, "giants")["traded"] = ["F2", "F4"]
    merchants_of(state, "witches")["traded"] = ["D4"]
    before = {n: f.vp for n, f in state.factions.items()}
    g = Game(state)
    finish_game(g)
    assert state.factions["giants"].vp_source["most-trade-markers"] == 18
    assert state.factions["witches"].vp_source["most-trade-markers"] == 12
    assert all(f.vp >= before[n] for n, f in state.factions.items())


def yetis_game() -> GameState:
    state = play_setup(
        {"yetis": ["D4", "E3"], "witches": ["F2", "F4"]},
        {"yetis": "D4", "witches": "F2"},
        {"yetis": "BON3", "witches": "BON4"},
        colours={"yetis": "red"},
        options=(*OPTIONS, "fire-and-ice-factions/ice"),
    )
    rich(state, "yetis", p1=0, p2=0, p3=12)
    give_turn(state, "yetis")
    return state


def test_yetis_pay_one_power_less_and_retake_only_with_stronghold_and_shipyard():
    state = yetis_game()
    state = act(state, "yetis", "action ACT8", "ship r15")
    assert state.factions["yetis"].p3 == 9
    put(state, "yetis", "E3", "SH")
    give_turn(state, "yetis")
    with pytest.raises(RuleError, match="ACT8 has already been used"):
        apply(state, "yetis", "action ACT8")
    put(state, "yetis", "D4", "SY")
    state = apply(state, "yetis", "action ACT8")
    assert state.factions["yetis"].p3 == 6
