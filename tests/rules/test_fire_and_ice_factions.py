"""Fire & Ice factions, each rule from a small explicit position."""

from __future__ import annotations

import pytest

from games.rules.terra_mystica import GameSetup, RuleError, apply, new_game
from games.rules.terra_mystica.building import transform_spades
from games.rules.terra_mystica.context import Game
from games.rules.terra_mystica.leech import compute_leech
from games.rules.terra_mystica.legal import legal_commands

from .conftest import LEAGUE_OPTIONS, start_round_one

ICE = (*LEAGUE_OPTIONS, "fire-and-ice-factions/ice")


def new_two_player_game(options=ICE):
    return new_game(
        GameSetup(
            player_count=2,
            options=options,
            scoring_tiles=("SCORE5", "SCORE8", "SCORE4", "SCORE9", "SCORE6", "SCORE2"),
            removed_bonus_tiles=("BON3", "BON4", "BON5", "BON6", "BON7"),
        )
    )


@pytest.fixture
def ice_game():
    # Ice Maidens start from green (A3, C3), beside the Nomads (yellow).
    return start_round_one(
        {"icemaidens": ["A3", "C3"], "nomads": ["A5", "B1", "B4"]},
        {"icemaidens": "BON1", "nomads": "BON9"},
        options=ICE,
        after_setup={"icemaidens": ["+FAV11", "pick-color green"]},
    )


@pytest.fixture
def yetis_game():
    # The Witches (A3, C3) play first; the Yetis start from brown (A1, E6).
    return start_round_one(
        {"witches": ["A3", "C3"], "yetis": ["A1", "E6"]},
        {"witches": "BON1", "yetis": "BON9"},
        options=ICE,
        after_setup={"yetis": ["pick-color brown"]},
    )


def put(state, faction: str, hex_id: str, kind: str) -> None:
    """Put a building of an ice faction on the map directly (on ice)."""
    f = state.factions[faction]
    state.terrain[hex_id] = "ice"
    state.building[hex_id] = kind
    state.owner[hex_id] = faction
    f.locations.append(hex_id)
    f.buildings[kind] += 1


def test_ice_factions_need_their_option():
    state = new_two_player_game(options=LEAGUE_OPTIONS)
    with pytest.raises(RuleError, match="fire-and-ice-factions/ice"):
        apply(state, "player1", "setup icemaidens")
    assert "setup yetis" not in legal_commands(state, "player1")
    assert "setup yetis" in legal_commands(new_two_player_game(), "player1")


def test_taking_an_ice_faction_asks_for_a_colour_which_is_then_taken():
    options = (*ICE, "fire-and-ice-factions/variable")
    state = apply(new_two_player_game(options), "player1", "setup icemaidens")
    assert {r["type"] for r in state.action_required} == {"pick-color", "favor"}
    with pytest.raises(RuleError):
        apply(state, "player2", "setup witches")  # the colour and the favor tile come first
    state = apply(state, "icemaidens", "+FAV11")
    assert state.factions["icemaidens"].cult == [0, 1, 1, 1]  # printed 0/1/0/1, FAV11 +1 earth
    state = apply(state, "icemaidens", "pick-color green")
    assert state.factions["icemaidens"].color == "green"
    assert "setup witches" not in legal_commands(state, "player2")
    with pytest.raises(RuleError, match="one faction per colour"):
        apply(state, "player2", "setup witches")
    state = apply(state, "player2", "setup shapeshifters")
    assert "pick-color green" not in legal_commands(state, "shapeshifters")
    with pytest.raises(RuleError, match="one faction per colour"):
        apply(state, "shapeshifters", "pick-color green")


def test_initial_dwellings_go_on_the_chosen_colour_and_make_it_ice(ice_game, yetis_game):
    assert {ice_game.terrain[h] for h in ("A3", "C3")} == {"ice"}
    assert {yetis_game.terrain[h] for h in ("A1", "E6")} == {"ice"}
    f = ice_game.factions["icemaidens"]
    assert f.favors == ["FAV11"]


def test_spades_to_ice_count_from_the_chosen_colour_at_least_one(ice_game):
    g = Game(ice_game)
    f = ice_game.factions["icemaidens"]  # chose green: the rulebook's example
    expected = {"green": 1, "gray": 1, "blue": 1, "red": 2, "black": 2, "yellow": 3, "brown": 3}
    for terrain, spades in expected.items():
        assert transform_spades(g, f, terrain, "ice") == spades, terrain


def test_ice_hexes_are_built_on_after_transforming_and_never_transformed_again(ice_game):
    state = ice_game.copy()
    f = state.factions["icemaidens"]
    f.p1, f.p2, f.p3, f.w = 2, 6, 4, 5
    # A2 is mountains (gray), next to green: one spade, from ACT5.
    state = apply(state, "icemaidens", "action ACT5. build A2")
    assert state.terrain["A2"] == "ice" and state.building["A2"] == "D"
    assert state.factions["icemaidens"].w == 5 - 1
    with pytest.raises(RuleError, match="never be transformed"):
        nomads = state.factions["nomads"]
        nomads.spade = 2
        from games.rules.terra_mystica.building import transform

        transform(Game(state), nomads, "A2", "brown")


def test_partial_transformation_moves_towards_the_chosen_colour(ice_game):
    state = ice_game.copy()
    f = state.factions["icemaidens"]
    f.p1, f.p2, f.p3 = 2, 6, 4
    # A2 is mountains (gray), one step from green: ACT5's single spade makes it ice.
    assert apply(state, "icemaidens", "action ACT5. transform A2").terrain["A2"] == "ice"
    # Made plains (brown), three steps from green: one spade moves it a step, to black.
    f.spade = 0
    state.terrain["A4"] = "brown"
    assert apply(state, "icemaidens", "action ACT5. transform A4").terrain["A4"] == "black"


def test_yetis_pay_one_power_less_for_power_actions(yetis_game):
    state = apply(yetis_game, "witches", "pass BON2")
    y = state.factions["yetis"]
    y.p1, y.p2, y.p3 = 0, 9, 3
    state = apply(state, "yetis", "action ACT2")
    # The priest costs them 2 power instead of 3.
    assert state.factions["yetis"].p3 == 1 and state.factions["yetis"].p == 1


def test_yetis_stronghold_retakes_covered_power_actions(yetis_game):
    state = yetis_game.copy()
    f = state.factions["witches"]
    f.p1, f.p2, f.p3 = 0, 9, 3
    state = apply(state, "witches", "action ACT2")
    y = state.factions["yetis"]
    y.p1, y.p2, y.p3 = 0, 6, 6
    with pytest.raises(RuleError, match="already been used"):
        apply(state, "yetis", "action ACT2")
    put(state, "yetis", "E5", "SH")
    state = apply(state, "yetis", "action ACT2")
    assert state.factions["yetis"].p == 1


def test_yetis_stronghold_and_sanctuary_have_power_four(yetis_game):
    state = yetis_game.copy()
    put(state, "yetis", "A2", "SH")
    g = Game(state)
    # A2 (Yetis SH) and A1 (Yetis D) touch B1: the Yetis are offered 4 + 1.
    assert g.board.neighbours["B1"] >= {"A1", "A2"}
    assert compute_leech(g, state.factions["witches"], "B1") == {"yetis": 5}


def test_ice_maidens_stronghold_scores_three_vp_per_temple_when_passing(ice_game):
    state = ice_game.copy()
    g = Game(state)
    f = state.factions["icemaidens"]
    put(state, "icemaidens", "A4", "TE")
    put(state, "icemaidens", "A2", "TE")
    assert g.rules(f).pass_vp(state, f) == 0
    put(state, "icemaidens", "C4", "SH")
    assert g.rules(f).pass_vp(state, f) == 6


# --- Dragonlords -----------------------------------------------------------------------------

VOLCANO = (*LEAGUE_OPTIONS, "fire-and-ice-factions/volcano")


@pytest.fixture
def dragon_game():
    # Dragonlords choose black once the Witches are in: B3 and B5 become volcano.
    state = setup_game_volcano()
    state = apply(state, "dragonlords", "pick-color black")
    for faction, hex_id in (
        ("dragonlords", "B3"),
        ("witches", "A3"),
        ("witches", "C3"),
        ("dragonlords", "B5"),
    ):
        state = apply(state, faction, f"build {hex_id}")
    state = apply(state, "witches", "pass BON9")
    state = apply(state, "dragonlords", "pass BON1")
    assert state.round == 1
    return state


def setup_game_volcano():
    state = new_two_player_game(options=VOLCANO)
    state = apply(state, "player1", "setup dragonlords")
    assert not any(r.get("faction") for r in state.action_required)  # no colour yet
    state = apply(state, "player2", "setup witches")
    assert state.action_required == [{"type": "pick-color", "faction": "dragonlords"}]
    with pytest.raises(RuleError, match="one faction per colour"):
        apply(state, "dragonlords", "pick-color green")
    return state


def test_dragonlords_start_on_volcano_with_eight_chips(dragon_game):
    assert dragon_game.terrain["B3"] == dragon_game.terrain["B5"] == "volcano"
    f = dragon_game.factions["dragonlords"]
    assert (f.p1, f.p2, f.p3, f.chips) == (4, 4, 0, 8)


def test_dragonlords_remove_one_chip_or_two_on_another_factions_home(dragon_game):
    state = dragon_game.copy()
    # A6 (red) next to B3: one chip, from bowl I first.
    with pytest.raises(RuleError, match="follows 'dig 1'"):
        apply(state, "dragonlords", "build A6")  # the site's notation: 'dig 1' opens it
    after = apply(state, "dragonlords", "dig 1. build A6")
    f = after.factions["dragonlords"]
    assert after.terrain["A6"] == "volcano" and after.building["A6"] == "D"
    assert (f.p1, f.p2, f.chips) == (3, 4, 7)
    # Green is the Witches' home: two chips.
    state.terrain["C2"] = "green"
    after = apply(state, "dragonlords", "dig 1. build C2")
    assert after.factions["dragonlords"].chips == 6


def test_dragonlords_turn_spades_into_new_chips_in_bowl_one(dragon_game):
    state = dragon_game.copy()
    f = state.factions["dragonlords"]
    f.p1, f.p2, f.p3 = 0, 2, 6
    state = apply(state, "dragonlords", "action ACT6")
    f = state.factions["dragonlords"]
    # 6 power spent (bowl III to I), then two new chips into bowl I.
    assert (f.spade, f.p1, f.p2, f.p3, f.chips) == (0, 8, 2, 0, 10)
    with pytest.raises(RuleError):
        apply(state, "dragonlords", "build A6")  # the action is over: no build follows


def test_dragonlords_dig_opens_one_free_volcano_transformation(dragon_game):
    state = dragon_game.copy()
    with pytest.raises(RuleError, match="one volcano transformation"):
        apply(state, "dragonlords", "dig 2")
    after = apply(state, "dragonlords", "dig 1")
    f = after.factions["dragonlords"]
    before = state.factions["dragonlords"]
    assert (f.volcano_tf, f.spade, f.w, f.c, f.chips) == (1, 0, before.w, before.c, 8)


def test_dragonlords_stronghold_brings_one_chip_per_player(dragon_game):
    from games.rules.terra_mystica.factions import faction_rules

    rules = faction_rules("dragonlords")
    assert rules.stronghold_gains(dragon_game, dragon_game.factions["dragonlords"]) == {"CHIPS": 2}


# --- Acolytes --------------------------------------------------------------------------------


@pytest.fixture
def acolytes_game():
    # Acolytes choose black once the Witches are in: B3 and B5 become volcano.
    state = new_two_player_game(options=VOLCANO)
    state = apply(state, "player1", "setup acolytes")
    state = apply(state, "player2", "setup witches")
    state = apply(state, "acolytes", "pick-color black")
    for faction, hex_id in (
        ("acolytes", "B3"),
        ("witches", "A3"),
        ("witches", "C3"),
        ("acolytes", "B5"),
    ):
        state = apply(state, faction, f"build {hex_id}")
    state = apply(state, "witches", "pass BON9")
    state = apply(state, "acolytes", "pass BON1")
    return state


def test_acolytes_pay_three_cult_steps_of_one_track_for_volcano(acolytes_game):
    assert "dig 1. build A6. -3FIRE" in legal_commands(acolytes_game, "acolytes")
    state = apply(acolytes_game, "acolytes", "dig 1. build A6. -3WATER")
    f = state.factions["acolytes"]
    assert state.terrain["A6"] == "volcano" and f.cult == [3, 0, 3, 3] and f.cult_debt == 0
    # Without the payment the turn stays open and asks for it.
    state = apply(acolytes_game, "acolytes", "dig 1. build A6")
    assert {"type": "cult-payment", "amount": 3, "faction": "acolytes"} in state.action_required
    with pytest.raises(RuleError, match="owe 3"):
        apply(state, "acolytes", "-2FIRE")


def test_acolytes_pay_four_on_another_factions_home(acolytes_game):
    state = acolytes_game.copy()
    state.terrain["C2"] = "green"  # the Witches' home
    state.factions["acolytes"].cult = [4, 3, 3, 3]
    assert [r for r in legal_commands(state, "acolytes") if r.startswith("dig 1. build C2")] == [
        "dig 1. build C2. -4FIRE"
    ]
    state = apply(state, "acolytes", "dig 1. build C2. -4FIRE")
    assert state.factions["acolytes"].cult[0] == 0


def test_acolytes_take_cult_steps_for_spades(acolytes_game):
    state = acolytes_game.copy()
    f = state.factions["acolytes"]
    f.p1, f.p2, f.p3 = 0, 6, 6
    state = apply(state, "acolytes", "action ACT6. +AIR. +AIR")
    f = state.factions["acolytes"]
    assert f.cult == [3, 3, 3, 5] and f.spade == 0


def test_acolytes_stronghold_sends_priests_one_step_further(acolytes_game):
    state = acolytes_game.copy()
    f = state.factions["acolytes"]
    f.p = 1
    put(state, "acolytes", "A6", "SH")
    state = apply(state, "acolytes", "send p to EARTH")
    assert state.factions["acolytes"].cult[2] == 3 + 4


# --- Shapeshifters ---------------------------------------------------------------------------

VARIABLE = (*LEAGUE_OPTIONS, "fire-and-ice-factions/variable")
REVISED = (*LEAGUE_OPTIONS, "fire-and-ice-factions/variable_v5")


def shapeshifters_game(options=VARIABLE):
    # Shapeshifters take yellow (A5, B4), the Witches are on A3 and C3.
    return start_round_one(
        {"shapeshifters": ["A5", "B4"], "witches": ["A3", "C3"]},
        {"shapeshifters": "BON1", "witches": "BON9"},
        options=options,
        after_setup={"shapeshifters": ["pick-color yellow"]},
    )


def test_shapeshifters_choose_a_home_colour_and_build_on_it():
    state = shapeshifters_game()
    f = state.factions["shapeshifters"]
    assert f.color == "yellow" and state.terrain["A5"] == "yellow"
    assert (f.p1, f.p2, f.cult) == (4, 4, [1, 1, 0, 0])
    with pytest.raises(RuleError, match="no digging track"):
        apply(state, "shapeshifters", "advance dig")


def test_shapeshifters_stronghold_changes_the_home_colour_printed_and_revised():
    state = shapeshifters_game()
    put(state, "shapeshifters", "B6", "SH")
    f = state.factions["shapeshifters"]
    f.p1, f.p2, f.p3 = 0, 5, 3
    assert "action ACTH1" in legal_commands(state, "shapeshifters")
    with pytest.raises(RuleError, match="one faction per colour"):
        apply(state, "shapeshifters", "action ACTH1. pick-color green")  # the Witches' home
    after = apply(state, "shapeshifters", "action ACTH1. pick-color red")
    f = after.factions["shapeshifters"]
    assert (f.color, f.p3, f.p1, f.vp) == ("red", 0, 3, state.factions["shapeshifters"].vp + 2)
    after = apply(state, "shapeshifters", "action ACTH2. pick-color red")
    assert after.factions["shapeshifters"].chips == 8 - 3

    revised = shapeshifters_game(REVISED)
    put(revised, "shapeshifters", "B6", "SH")
    revised.factions["shapeshifters"].p3 = 5
    rows = legal_commands(revised, "shapeshifters")
    assert "action ACTH5" in rows and "action ACTH1" not in rows
    after = apply(revised, "shapeshifters", "action ACTH5. pick-color red")
    assert after.factions["shapeshifters"].vp == revised.factions["shapeshifters"].vp


def witches_take_the_shapeshifters_power(state):
    """A Witches' dwelling beside A5; the Shapeshifters upgrade there, the Witches take power."""
    w = state.factions["witches"]
    state.terrain["A4"], state.building["A4"], state.owner["A4"] = "green", "D", "witches"
    w.locations.append("A4")
    w.buildings["D"] += 1
    state = apply(state, "shapeshifters", "upgrade A5 to TP")
    return apply(state, "witches", "leech 1 from shapeshifters")


def test_shapeshifters_gain_a_chip_in_bowl_three_when_an_opponent_takes_their_power():
    state = shapeshifters_game()
    g = Game(state)
    f = state.factions["shapeshifters"]
    assert g.rules(f).taken_reward(state) == {"CHIPS_P3": 1}
    state = witches_take_the_shapeshifters_power(state)
    f = state.factions["shapeshifters"]
    assert (f.chips, f.p3) == (9, 1)
    assert g.rules(f).leech_reward_declined == {"PW": 1}


def test_revised_shapeshifters_may_buy_the_chip_for_one_vp():
    state = shapeshifters_game(REVISED)
    state = witches_take_the_shapeshifters_power(state)
    assert any(r["type"] == "gain-token" for r in state.action_required)
    rows = legal_commands(state, "shapeshifters")
    assert "gain P3 for VP" in rows and "-GAIN_P3_FOR_VP" in rows
    vp = state.factions["shapeshifters"].vp
    bought = apply(state, "shapeshifters", "gain P3 for VP").factions["shapeshifters"]
    assert (bought.vp, bought.p3, bought.chips) == (vp - 1, 1, 9)
    declined = apply(state, "shapeshifters", "-GAIN_P3_FOR_VP").factions["shapeshifters"]
    assert (declined.vp, declined.chips) == (vp, 8)


def test_the_revised_shapeshifters_chip_decision_does_not_hold_their_turn():
    # The chip is a reaction to an opponent's taking power, not part of a turn: with it
    # still open, the Shapeshifters' next action ends their turn as any action does.
    state = shapeshifters_game(REVISED)
    state = witches_take_the_shapeshifters_power(state)
    assert state.active == "witches"
    action = next(
        r for r in legal_commands(state, "witches") if r.startswith(("build", "upgrade", "send"))
    )
    state = apply(state, "witches", action)
    assert state.active == "shapeshifters"
    state = apply(state, "shapeshifters", "upgrade B4 to TP")
    assert any(r["type"] == "gain-token" for r in state.action_required)
    assert state.active == "witches"
    with pytest.raises(RuleError, match="turn"):
        apply(state, "shapeshifters", "burn 1")
    state = apply(state, "shapeshifters", "gain P3 for VP")
    assert state.active == "witches"


def test_two_factions_of_the_same_expansion_terrain_never_meet():
    state = apply(new_two_player_game(options=VOLCANO), "player1", "setup acolytes")
    assert "setup dragonlords" not in legal_commands(state, "player2")
    with pytest.raises(RuleError, match="one faction per colour"):
        apply(state, "player2", "setup dragonlords")
    state = apply(new_two_player_game(), "player1", "setup yetis")
    state = apply(state, "yetis", "pick-color red")
    with pytest.raises(RuleError, match="one faction per colour"):
        apply(state, "player2", "setup icemaidens")


# --- Riverwalkers ----------------------------------------------------------------------------


def riverwalkers_game(options=VARIABLE):
    # Riverwalkers start from blue beside rivers (A4, D5); the Witches are on C3 and F2.
    return start_round_one(
        {"riverwalkers": ["A4", "D5"], "witches": ["C3", "F2"]},
        {"riverwalkers": "BON9", "witches": "BON2"},
        options=options,
        after_setup={"riverwalkers": ["pick-color blue"]},
    )


def test_riverwalkers_start_beside_a_river_with_one_priest_in_play():
    state = new_two_player_game(VARIABLE)
    state = apply(state, "player1", "setup riverwalkers")
    state = apply(state, "riverwalkers", "pick-color blue")
    with pytest.raises(RuleError, match="one faction per colour"):
        apply(state, "player2", "setup shapeshifters")  # the site pairs them: one board colour
    state = apply(state, "player2", "setup witches")
    with pytest.raises(RuleError, match="next to a river"):
        apply(state, "riverwalkers", "build E11")  # blue, but no river beside it
    f = riverwalkers_game().factions["riverwalkers"]
    assert (f.max_p, f.ship, f.p1, f.p2, f.cult) == (1, 1, 10, 2, [1, 0, 0, 1])


def test_riverwalkers_reach_only_by_shipping():
    state = riverwalkers_game()
    g = Game(state)
    f = state.factions["riverwalkers"]
    assert g.rules(f).may_reach(state, f, "C1")  # across one river from A4
    assert not g.rules(f).may_reach(state, f, "A5")  # land next to A4, no river between


def test_riverwalkers_unlock_a_colour_instead_of_taking_a_priest():
    state = riverwalkers_game()
    f = state.factions["riverwalkers"]
    f.p1, f.p2, f.p3 = 7, 2, 3
    rows = legal_commands(state, "riverwalkers")
    assert "action ACT5" not in rows and "action ACT2" in rows
    with pytest.raises(RuleError, match="may not take ACT5"):
        apply(state, "riverwalkers", "action ACT5")
    state = apply(state, "riverwalkers", "action ACT2")
    assert {"type": "unlock-terrain", "faction": "riverwalkers"} in state.action_required
    assert "unlock-terrain blue" not in legal_commands(state, "riverwalkers")
    kept = apply(state, "riverwalkers", "unlock-terrain gain-priest").factions["riverwalkers"]
    assert (kept.p, kept.unlocked) == (1, [])
    coins = state.factions["riverwalkers"].c
    state = apply(state, "riverwalkers", "unlock-terrain black")
    f = state.factions["riverwalkers"]
    assert (f.p, f.unlocked, f.max_p, f.c) == (0, ["black"], 2, coins)  # printed: free
    state = apply(state, "witches", "pass BON8")
    state = apply(state, "riverwalkers", "build C1")  # black, across the river
    assert state.building["C1"] == "D" and state.terrain["C1"] == "black"


def test_revised_riverwalkers_pay_coins_to_unlock():
    state = riverwalkers_game(REVISED)
    f = state.factions["riverwalkers"]
    f.p1, f.p2, f.p3 = 7, 2, 3
    c = f.c
    state = apply(state, "riverwalkers", "action ACT2. unlock-terrain green")  # Witches' home
    assert state.factions["riverwalkers"].c == c - 2


def test_riverwalkers_never_transform_and_take_up_to_two_bridges_with_the_stronghold():
    state = riverwalkers_game()
    with pytest.raises(RuleError, match="never transform"):
        apply(state, "riverwalkers", "transform C1 to blue")
    g = Game(state)
    f = state.factions["riverwalkers"]
    assert g.rules(f).stronghold_gains(state, f) == {"BRIDGE": 2}


def test_for_ice_factions_the_chosen_colour_is_not_home_when_transforming_two_hexes(yetis_game):
    state = yetis_game.copy()
    y = state.factions["yetis"]
    y.p1, y.p2, y.p3 = 0, 7, 5
    state = apply(state, "witches", "pass BON8")
    # Brown is the Yetis' chosen colour, not their home (ice): one such hex per action.
    with pytest.raises(RuleError, match="only one hex per action"):
        apply(state, "yetis", "action ACT6. transform B1 to brown. transform A2 to red")
