"""Scenario tests of the actions, from explicit states (the rule each one checks is named)."""

from __future__ import annotations

import pytest

from games.rules import mythotopia
from games.rules.core import RuleError

from .helpers import blank, hand, own, play, two_players_near_blore


@pytest.fixture
def state():
    return two_players_near_blore()


def test_attack_from_a_bordering_province_with_armies_and_one_food(state):
    hand(state, 1, "Palmain", "army", "Nusus")
    new = play(state, "attack Blore from Palmain pay army:army Nusus")
    assert new["provinces"]["Blore"]["armies"] == {"1": 2}
    assert new["seats"]["1"]["armies"] == 4
    assert sorted(new["seats"]["1"]["discard"])[:3] == ["Nusus", "Palmain", "army"]
    assert new["turn"]["actions"] == 1
    assert state["provinces"]["Blore"]["armies"] == {}  # the given state is untouched


def test_attack_costs_exactly_one_food_and_two_across_hills(state):
    own(state, 1, "Quean")
    hand(state, 1, "Quean", "army", "Nusus", "market")
    with pytest.raises(RuleError, match="Attack a province: pay exactly"):
        play(state, "attack Blore from Quean pay army:army Nusus")
    new = play(state, "attack Blore from Quean pay army:army Nusus market:food")
    assert new["provinces"]["Blore"]["armies"] == {"1": 2}


def test_no_attack_across_mountains_nor_without_a_border(state):
    own(state, 1, "Diclesium")
    hand(state, 1, "Diclesium", "army", "Nusus", "Palmain")
    with pytest.raises(RuleError, match="mountains"):
        play(state, "attack Fadge from Diclesium pay army:army Nusus")
    with pytest.raises(RuleError, match="does not border"):
        play(state, "attack Mome from Palmain pay army:army Nusus")


def test_one_ship_card_crosses_one_sea_area_two_cross_two(state):
    hand(state, 1, "Palmain", "ship", "army", "Nusus")
    new = play(state, "attack Ictus from Palmain via ship pay army:army Nusus")
    assert new["provinces"]["Ictus"]["armies"] == {"1": 2}
    with pytest.raises(RuleError, match="sea route"):
        play(state, "attack Peened from Palmain via ship pay army:army Nusus")


def test_one_use_per_card(state):
    hand(state, 1, "Palmain", "market")
    with pytest.raises(RuleError, match="One use per card"):
        play(state, "attack Blore from Palmain pay market:food market:gold")
    with pytest.raises(RuleError, match="already used"):
        play(state, "attack Blore from Palmain pay Palmain")


def test_armies_come_from_the_personal_supply_one_army_card_sends_the_last(state):
    state["seats"]["1"]["armies"] = 1
    hand(state, 1, "Palmain", "army", "Nusus")
    new = play(state, "attack Blore from Palmain pay army:army Nusus")
    assert new["provinces"]["Blore"]["armies"] == {"1": 1}
    state["seats"]["1"]["armies"] = 0
    with pytest.raises(RuleError, match="personal supply"):
        play(state, "attack Blore from Palmain pay army:army Nusus")


def test_deploy_into_own_province_without_food_elsewhere_with_one(state):
    state["provinces"]["Blore"]["armies"] = {"1": 1}
    hand(state, 1, "army", "Nusus", "p-army")
    new = play(state, "deploy Palmain pay army:army")
    assert new["provinces"]["Palmain"]["armies"] == {"1": 2}
    with pytest.raises(RuleError, match="pay exactly"):
        play(state, "deploy Blore pay army:army")
    new = play(state, "deploy Blore pay army:army Nusus")
    assert new["provinces"]["Blore"]["armies"] == {"1": 3}
    with pytest.raises(RuleError, match="only into a province you control"):
        play(state, "deploy Scombroid pay army:army Nusus")


def test_withdraw_armies_only_where_no_war_is_going_on(state):
    state["provinces"]["Palmain"]["armies"] = {"1": 3}
    state["provinces"]["Blore"]["armies"] = {"1": 1}
    new = play(state, "withdraw 2 from Palmain")
    assert (new["provinces"]["Palmain"]["armies"], new["seats"]["1"]["armies"]) == ({"1": 1}, 8)
    with pytest.raises(RuleError, match="war is going on"):
        play(state, "withdraw 1 from Blore")


def test_ships_go_next_to_own_provinces_and_come_back(state):
    hand(state, 1, "ship")
    new = play(state, "sail serpent-sea pay ship:ship")
    assert new["ships"]["Serpent Sea"] == {"1": 1}
    with pytest.raises(RuleError, match="next to a province you control"):
        play(state, "sail inland-sea-east pay ship:ship")
    new = play(new, "recall 1 from serpent-sea")
    assert new["ships"]["Serpent Sea"] == {} and new["seats"]["1"]["ships"] == 2


def test_buy_armies_and_ships_with_gold_from_the_general_supply(state):
    hand(state, 1, "market", "army", "p-ship")
    new = play(state, "buy 1 armies 1 ships pay market:gold army:gold p-ship:gold")
    assert (new["seats"]["1"]["armies"], new["seats"]["1"]["ships"]) == (7, 3)
    assert (new["seats"]["1"]["armies_general"], new["seats"]["1"]["ships_general"]) == (7, 2)
    state["seats"]["1"]["ships_general"] = 0
    with pytest.raises(RuleError, match="left to buy"):
        play(state, "buy 1 ships pay market:gold army:gold")


def test_add_a_card_once_per_turn_for_one_gold(state):
    state["progress_display"] = ["queen", "limes"]
    hand(state, 1, "market", "army")
    new = play(state, "add queen pay market:gold")
    assert "queen" in new["seats"]["1"]["discard"] and new["progress_display"] == ["limes"]
    with pytest.raises(RuleError, match="once per turn"):
        play(new, "add limes pay army:gold")


def test_reserve_up_to_capacity_two_plus_cities(state):
    hand(state, 1, "market", "army", "ship")
    with pytest.raises(RuleError, match="holds 2 cards"):
        play(state, "reserve market army ship")
    state["provinces"]["Nusus"]["building"] = "city"
    new = play(state, "reserve market army ship")
    assert new["seats"]["1"]["reserve"] == ["market", "army", "ship"]
    # Reserve cards pay like hand cards.
    new["turn"]["actions"] = 0
    new = play(new, "buy 1 armies pay market:gold")
    assert new["seats"]["1"]["reserve"] == ["army", "ship"]


def test_remove_cards_but_never_below_seven(state):
    seat = state["seats"]["1"]
    seat["deck"] = ["build", "army", "ship", "market2", "Iracund"][:4]
    hand(state, 1, "market", "Nusus")
    # Deck: 4 + hand 2 + discard Palmain (Nusus moved to hand) = 7 cards.
    with pytest.raises(RuleError, match="below 7"):
        play(state, "remove market")
    seat["deck"] += ["p-army", "p-build"]
    new = play(state, "remove market Nusus")
    assert "market" in new["seats"]["1"]["removed"]
    assert new["province_stack"][0] == "Nusus"
    assert new["provinces"]["Nusus"]["owner"] == 1  # control is kept
    new["turn"]["actions"] = 0
    hand(new, 1, "army")
    new = play(new, "add market pay army:gold")
    assert "market" in new["seats"]["1"]["discard"]


def test_turn_ends_after_two_actions_drawing_up_to_five_reshuffling_only_when_empty(state):
    seat = state["seats"]["1"]
    seat["deck"] = ["army", "ship"]
    seat["discard"] = ["market", "build", "Palmain", "Nusus"]
    hand(state, 1, "market2")
    new = play(play(state, "pass"), "pass")
    player = new["seats"]["1"]
    assert len(player["hand"]) == 5 and {"army", "ship", "market2"} <= set(player["hand"])
    assert player["discard"] == [] and len(player["deck"]) == 2
    assert new["turn"]["seat"] == 2


def test_queen_in_the_reserve_makes_the_hand_six(state):
    state["seats"]["1"]["reserve"] = ["queen"]
    state["seats"]["1"]["deck"] = ["army", "ship", "market", "build", "Palmain", "Nusus"]
    new = play(play(state, "pass"), "pass")
    assert len(new["seats"]["1"]["hand"]) == 6


def test_discard_from_hand_and_reserve(state):
    hand(state, 1, "army", "ship")
    state["seats"]["1"]["reserve"] = ["market"]
    new = play(state, "discard army market")
    assert new["seats"]["1"]["hand"] == ["ship"] and new["seats"]["1"]["reserve"] == []


def test_patronage_takes_a_token_for_two_gold():
    state = blank(2, ("patronage",))
    own(state, 1, "Mome")
    hand(state, 1, "Mome", "market")
    new = play(state, "patronage pay Mome market:gold")
    assert new["seats"]["1"]["tokens"] == [{"card": "patronage", "value": 1}]
    assert mythotopia.vp(new, 1) == 3 + 1
    with pytest.raises(RuleError, match="not in play"):
        play(blank(2), "patronage pay Mome market:gold")


def test_unknown_commands_and_other_seats_are_refused(state):
    with pytest.raises(RuleError, match="Unknown command"):
        play(state, "fly away")
    with pytest.raises(RuleError, match="not blue's turn"):
        play(state, "pass", seat=2)


def test_a_removed_province_card_still_controlled_is_offered_back_for_one_gold(state):
    # Seed: "Mit dieser Aktion kannst du auch eine Karte deinem Deck hinzufügen, die du in
    # einem früheren Zug aus deinem Deck entfernt hast ... auch eine Gebietskarte,
    # vorausgesetzt, du kontrollierst das Gebiet noch." Without it in the legal list a player
    # who had removed all their province cards could never attack or build again.
    state["seats"]["1"]["deck"] = ["build", "army", "ship", "market2", "p-army", "p-build"]
    hand(state, 1, "market", "Nusus")
    new = play(state, "remove Nusus")
    new["turn"]["actions"] = 0
    legal = mythotopia.legal_commands(new, 1)
    assert "add Nusus pay market:gold" in legal
    assert not any(c.startswith("add Palmain") for c in legal)  # not removed: in the discard
    back = play(new, "add Nusus pay market:gold")
    assert "Nusus" in back["seats"]["1"]["discard"] and "Nusus" not in back["province_stack"]
    new["provinces"]["Nusus"]["owner"] = 2
    assert not any(c.startswith("add Nusus") for c in mythotopia.legal_commands(new, 1))
