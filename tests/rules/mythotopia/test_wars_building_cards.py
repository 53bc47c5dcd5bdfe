"""Scenario tests: wars and their end, building, the progress cards, VP cards and game end."""

from __future__ import annotations

import pytest

from games.rules import mythotopia
from games.rules.core import RuleError
from games.rules.mythotopia.wars import strength, strongest

from .helpers import blank, hand, own, play


@pytest.fixture
def state():
    s = blank(2, ("spoils", "defender", "dragons", "isles", "sea"))
    own(s, 1, "Palmain", "Nusus")
    own(s, 2, "Iracund", "Blore")
    return s


def test_strength_armies_ships_castle_rough_and_reserve_cards(state):
    place = state["provinces"]["Blore"]
    place["armies"] = {"1": 3, "2": 1}
    place["castle"] = True
    state["ships"]["Serpent Sea"] = {"1": 2}  # Blore has no coast: the ships do not count
    assert strength(state, "Blore", 1) == 3
    assert strength(state, "Blore", 2) == 1 + 2 + 1  # army, castle, rough
    state["seats"]["1"]["reserve"] = ["cavalry", "ranger"]
    state["seats"]["2"]["reserve"] = ["limes"]
    assert (strength(state, "Blore", 1), strength(state, "Blore", 2)) == (5, 5)
    assert strongest(state, "Blore") is None


def test_neutral_strength_is_printed_plus_four_with_a_dragon(state):
    state["provinces"]["Scombroid"]["armies"] = {"1": 1}
    assert strength(state, "Scombroid", 0) == 3
    state["provinces"]["Scombroid"]["dragon"] = True
    assert strength(state, "Scombroid", 0) == 7


def test_end_a_war_needs_a_unique_strongest_party_and_the_first_action(state):
    state["provinces"]["Iracund"]["armies"] = {"1": 2, "2": 2}
    with pytest.raises(RuleError, match="stronger than every other"):
        play(state, "end war Iracund")
    state["provinces"]["Iracund"]["armies"] = {"1": 3, "2": 2}
    after_pass = play(state, "pass")
    with pytest.raises(RuleError, match="first action"):
        play(after_pass, "end war Iracund")


def test_capture_takes_the_card_from_the_hand_moves_vp_and_gives_spoils(state):
    state["provinces"]["Iracund"]["armies"] = {"1": 3, "2": 1}
    hand(state, 2, "Iracund")
    state["seats"]["2"]["deck"] = ["army"]
    new = play(state, "end war Iracund")
    where = new["provinces"]["Iracund"]
    assert (where["owner"], where["building"], where["armies"]) == (1, "village", {})
    assert "Iracund" in new["seats"]["1"]["discard"]
    assert new["seats"]["2"]["hand"] == ["army"]  # a replacement was drawn
    assert (new["seats"]["1"]["armies"], new["seats"]["2"]["armies"]) == (9, 7)
    assert mythotopia.vp(new, 1) == 3 * 3 + 1  # three provinces and a Spoils of War token
    assert mythotopia.vp(new, 2) == 3


def test_capture_without_a_village_leaves_the_province_neutral(state):
    state["seats"]["1"]["villages"] = 0
    state["provinces"]["Iracund"]["armies"] = {"1": 3}
    new = play(state, "end war Iracund")
    assert new["provinces"]["Iracund"]["owner"] is None
    assert new["province_stack"][0] == "Iracund"
    assert mythotopia.vp(new, 2) == 3 and mythotopia.vp(new, 1) == 6


def test_a_defender_who_wins_takes_a_defender_of_the_realm_token(state):
    state["provinces"]["Iracund"]["armies"] = {"1": 1, "2": 2}
    new = play(state, "end war Iracund")
    assert new["provinces"]["Iracund"]["owner"] == 2
    assert new["seats"]["2"]["tokens"] == [{"card": "defender", "value": 1}]


def test_capturing_a_dragon_province_and_the_smaller_island(state):
    own(state, 1, "Aporia")
    state["provinces"]["Kinabra"]["dragon"] = True
    state["provinces"]["Kinabra"]["armies"] = {"1": 7}
    new = play(state, "end war Kinabra")
    cards = sorted(t["card"] for t in new["seats"]["1"]["tokens"])
    assert cards == ["dragons", "isles"]
    assert not new["provinces"]["Kinabra"]["dragon"]
    assert new["vp_cards"]["isles"] == [3]


def test_master_of_the_sea_for_ships_in_three_sea_areas(state):
    own(state, 1, "Ictus", "Custus")
    state["ships"]["Serpent Sea"] = {"1": 1}
    state["ships"]["Beast Sea"] = {"1": 1}
    hand(state, 1, "ship")
    new = play(state, "sail inland-sea-west pay ship:ship")
    assert new["seats"]["1"]["tokens"] == [{"card": "sea", "value": 2}]


def test_build_a_city_castle_and_road_with_tokens_and_capacity(state):
    own(state, 1, "Fadge")
    hand(state, 1, "build", "Palmain", "Fadge", "market")
    new = play(state, "build city Palmain with build Palmain pay Fadge market:stone")
    assert new["provinces"]["Palmain"]["building"] == "city"
    assert new["seats"]["1"]["cities"] == 3
    assert mythotopia.vp(new, 1) == 9 + 2
    assert mythotopia.view(new, 1)["seats"]["1"]["reserve_capacity"] == 3
    with pytest.raises(RuleError, match="pay exactly"):
        play(state, "build city Palmain with build Palmain pay market:stone")
    with pytest.raises(RuleError, match="Build card first"):
        play(state, "build castle Palmain with market Palmain")
    castle = play(state, "build castle Palmain with build Palmain pay Fadge")
    assert castle["provinces"]["Palmain"]["castle"] and castle["castles_left"] == 8
    assert castle["seats"]["1"]["tokens"] == [{"card": "castle", "value": 2}]


def test_road_between_own_provinces_and_its_card_substitution(state):
    own(state, 1, "Fadge", "Quean")
    hand(state, 1, "build", "Palmain", "market", "Fadge")
    with pytest.raises(RuleError, match="two provinces you control"):
        play(state, "build road Blore Palmain with build Palmain pay market:stone Fadge")
    new = play(state, "build road Nusus Palmain with build Palmain pay market:stone Fadge")
    assert new["roads"] == [["Nusus", "Palmain"]]
    assert new["seats"]["1"]["tokens"] == [{"card": "streets", "value": 2}]
    # Palmain's card now stands for Nusus as well: a castle in Nusus with it.
    new["turn"]["actions"] = 0
    hand(new, 1, "p-build", "Palmain", "Quean")
    castle = play(new, "build castle Nusus with p-build Palmain pay Quean")
    assert castle["provinces"]["Nusus"]["castle"]
    with pytest.raises(RuleError, match="must be that of"):
        play(new, "build castle Fadge with p-build Palmain pay Quean")


def test_free_action_cards_militia_marauders_providence(state):
    state["provinces"]["Blore"]["armies"] = {"2": 2}
    state["seats"]["1"]["deck"] = ["army", "ship"]
    hand(state, 1, "militia", "marauders", "providence")
    new = play(state, "play militia")
    assert new["seats"]["1"]["armies"] == 7 and new["turn"]["actions"] == 0
    new = play(new, "play marauders Blore blue")
    assert new["provinces"]["Blore"]["armies"] == {"2": 1}
    new = play(new, "play providence")
    assert sorted(new["seats"]["1"]["hand"]) == ["army", "ship"]
    assert new["turn"]["free"] and new["turn"]["actions"] == 0
    with pytest.raises(RuleError, match="first action"):
        play(new, "end war Blore")


def test_diplomat_ends_a_war_for_the_defender_without_a_token(state):
    state["provinces"]["Iracund"]["armies"] = {"1": 5}
    hand(state, 1, "diplomat", "market")
    new = play(state, "play diplomat Iracund pay market:gold")
    assert new["provinces"]["Iracund"]["owner"] == 2
    assert new["seats"]["2"]["tokens"] == [] and new["seats"]["1"]["armies"] == 11


def test_alchemist_exchanges_a_token_for_a_higher_one(state):
    state["seats"]["1"]["tokens"] = [{"card": "patronage", "value": 1}]
    hand(state, 1, "alchemist")
    new = play(state, "play alchemist 1")
    assert new["seats"]["1"]["tokens"] == [{"card": "patronage", "value": 2}]
    with pytest.raises(RuleError, match="no 2-VP token"):
        play(state, "play alchemist 2")


def test_end_the_game_needs_four_empty_cards_and_a_strict_leader(state):
    with pytest.raises(RuleError, match="4 VP cards must be empty"):
        play(state, "end game")
    for card in ("city", "castle", "streets", "spoils"):
        state["vp_cards"][card] = []
    with pytest.raises(RuleError, match="strictly more VP"):
        play(state, "end game")
    # Red attacks Iracund strongly enough: the war is resolved first, then red leads.
    state["provinces"]["Iracund"]["armies"] = {"1": 4}
    new = play(state, "end game")
    assert new["finished"] and new["winner"] == 1
    assert new["provinces"]["Iracund"]["owner"] == 1


def test_at_game_end_a_tied_war_goes_to_the_defender(state):
    for card in ("city", "castle", "streets", "spoils"):
        state["vp_cards"][card] = []
    state["seats"]["1"]["tokens"] = [{"card": "patronage", "value": 2}]
    state["provinces"]["Iracund"]["armies"] = {"1": 2, "2": 2}
    new = play(state, "end game")
    assert new["provinces"]["Iracund"]["owner"] == 2
    # The defender's win earns a Defender of the Realm token: red 8 VP, blue 7.
    assert new["seats"]["2"]["tokens"] == [{"card": "defender", "value": 1}]


def test_hero_decides_a_tie_for_its_player(state):
    state["provinces"]["Iracund"]["armies"] = {"1": 2, "2": 2}
    hand(state, 1, "hero")
    with pytest.raises(RuleError, match="stronger than every other"):
        play(state, "end war Iracund")
    new = play(state, "end war Iracund with hero")
    assert new["provinces"]["Iracund"]["owner"] == 1
    assert "hero" in new["seats"]["1"]["discard"]


def test_gold_mine_and_levies_turn_any_card_into_one_symbol_once_per_turn(state):
    state["seats"]["1"]["reserve"] = ["gold-mine", "levies"]
    hand(state, 1, "Palmain", "Nusus", "build")
    new = play(state, "buy 1 armies pay build:gold")
    assert new["seats"]["1"]["armies"] == 7
    with pytest.raises(RuleError, match="shows no gold"):
        play(new, "buy 1 armies pay Nusus:gold")
    new = play(state, "attack Blore from Palmain pay build:army Nusus")
    assert new["provinces"]["Blore"]["armies"] == {"1": 1}


def test_reserve_army_keeps_a_player_at_war_to_that_war():
    state = blank(3)
    own(state, 1, "Palmain", "Nusus")
    own(state, 2, "Iracund")
    own(state, 3, "Scombroid")
    state["provinces"]["Iracund"]["armies"] = {"3": 1}  # green attacks blue
    state["seats"]["2"]["reserve"] = ["reserve-army"]
    hand(state, 1, "Palmain", "army", "Nusus")
    with pytest.raises(RuleError, match="Reserve Army keeps blue"):
        play(state, "attack Iracund from Palmain pay army:army Nusus")
    new = play(state, "attack Scombroid from Palmain pay army:army Nusus")
    assert new["provinces"]["Scombroid"]["armies"] == {"1": 2}


def test_warehouse_adds_two_reserve_places_and_a_free_card_into_the_reserve_per_turn(state):
    state["seats"]["1"]["reserve"] = ["warehouse"]
    hand(state, 1, "army", "ship")
    assert mythotopia.view(state, 1)["seats"]["1"]["reserve_capacity"] == 4
    new = play(state, "play warehouse army")
    assert new["seats"]["1"]["reserve"] == ["warehouse", "army"]
    assert new["turn"]["actions"] == 0 and new["turn"]["free"]
    with pytest.raises(RuleError, match="once per turn"):
        play(new, "play warehouse ship")
