"""Scenario tests: Merchant, Water Mill, Philosopher, Scribe and Ranger's borders (MY-16)."""

from __future__ import annotations

import pytest

from games.kinds.mythotopia import Mythotopia
from games.rules import mythotopia
from games.rules.core import RuleError

from .helpers import blank, hand, own, play


@pytest.fixture
def state():
    s = blank(2, ("isles", "sea"))
    own(s, 1, "Palmain", "Nusus")
    own(s, 2, "Iracund", "Blore")
    return s


def test_merchant_changes_a_cards_resource_into_another(state):
    # "change its resource symbol into any resource; only gold/stone/food" (Kaufmann).
    hand(state, 1, "merchant", "Fadge")  # Fadge shows 1 stone
    new = play(state, "buy 1 armies pay merchant:Fadge:gold")
    assert new["seats"]["1"]["armies"] == state["seats"]["1"]["armies"] + 1
    assert {"merchant", "Fadge"} <= set(new["seats"]["1"]["discard"])
    with pytest.raises(RuleError, match="name the resource"):
        play(state, "buy 1 armies pay merchant:Fadge:army")
    hand(state, 1, "Ictus")  # armies are no resource: nothing to change
    with pytest.raises(RuleError, match="food, gold or stone"):
        play(state, "buy 1 armies pay merchant:Ictus:gold")
    assert "buy 1 armies pay merchant:Fadge:gold" in mythotopia.legal_commands(state, 1)


def test_water_mill_doubles_a_cards_resource(state):
    # "played with a stone card, that card counts as 2 stone" (Wassermühle).
    hand(state, 1, "water-mill", "Mome", "Ictus")  # Mome shows 1 gold, Ictus 1 army
    new = play(state, "buy 1 ships pay water-mill:Mome")
    assert new["seats"]["1"]["ships"] == state["seats"]["1"]["ships"] + 1
    with pytest.raises(RuleError, match="food, gold or stone"):
        play(state, "buy 1 ships pay water-mill:Ictus")
    legal = mythotopia.legal_commands(state, 1)
    assert "buy 1 ships pay water-mill:Mome" in legal


def test_philosopher_takes_one_of_the_top_three_progress_cards(state):
    # "draw the top 3 progress cards, take 1 into the hand, the others back; remove the
    # Philosopher from the game; a free action" (Philosoph).
    hand(state, 1, "philosopher")
    state["progress_stack"] = ["queen", "hero", "limes", "scribe"]
    looking = play(state, "play philosopher")
    assert looking["turn"]["philosopher"] == ["queen", "hero", "limes"]
    assert looking["out_of_game"] == ["philosopher"]
    assert looking["turn"]["actions"] == 0 and looking["turn"]["free"]
    assert mythotopia.view(looking, 1)["my_philosopher"] == ["queen", "hero", "limes"]
    assert "my_philosopher" not in mythotopia.view(looking, 2)
    assert "queen" not in str(mythotopia.view(looking, 2))
    assert mythotopia.legal_commands(looking, 1) == ["take queen", "take hero", "take limes"]
    with pytest.raises(RuleError, match="take one of"):
        play(looking, "pass")
    new, rows = mythotopia.apply(looking, "red", "take hero")
    assert "hero" in new["seats"]["1"]["hand"]
    assert new["progress_stack"] == ["queen", "limes", "scribe"]
    assert "philosopher" not in new["turn"]
    kind = Mythotopia()
    assert kind.command_view("red", "take hero", 2) == "take 1 card"
    assert "hero" not in str(kind.ledger_view(rows, 2))
    assert kind.ledger_view(rows, 1)[0]["drawn"] == ["hero"]


def test_scribe_takes_a_token_from_the_supply_when_the_card_is_empty(state):
    # "instead take the token from the unused supply, even if the card holds none" (Schriftgelehrter).
    state["vp_cards"]["streets"] = []
    own(state, 1, "Quean")
    hand(state, 1, "build", "Palmain", "market", "Quean")
    no_scribe = play(state, "build road Nusus Palmain with build Palmain pay market:stone Quean")
    assert no_scribe["seats"]["1"]["tokens"] == []
    state["seats"]["1"]["reserve"].append("scribe")
    supply = state["token_supply"]["2"]
    new = play(state, "build road Nusus Palmain with build Palmain pay market:stone Quean")
    assert new["seats"]["1"]["tokens"] == [{"card": "streets", "value": 2}]
    assert new["token_supply"]["2"] == supply - 1


def test_scribe_scores_master_of_the_sea_again_with_a_village_on_the_card(state):
    # Master of the Sea with the Scribe: one own village on the card marks the condition.
    state["claimed"] = ["sea-3", "sea-3-2"]
    state["vp_cards"]["sea"] = [2]
    own(state, 1, "Ictus", "Mome")
    state["ships"]["Beast Sea"]["1"] = 1
    state["ships"]["Serpent Sea"]["1"] = 1
    state["seats"]["1"]["ships_general"] -= 2  # two of the general supply's ships at sea
    hand(state, 1, "ship")
    without = play(state, "sail inland-sea-east pay ship:ship")
    assert without["seats"]["1"]["tokens"] == []
    state["seats"]["1"]["reserve"].append("scribe")
    villages = state["seats"]["1"]["villages"]
    new = play(state, "sail inland-sea-east pay ship:ship")
    assert new["seats"]["1"]["tokens"] == [{"card": "sea", "value": 2}]
    assert new["seats"]["1"]["villages"] == villages - 1
    assert "sea-3-scribe-1" in new["claimed"]


def test_ranger_eases_hills_and_mountains_for_attacks_and_roads(state):
    # "hills count as normal borders and mountains as hills, for attacks and roads" (Waldläufer).
    own(state, 1, "Fadge")  # Fadge-Coryphee: mountains; Blore-Quean: hills
    hand(state, 1, "Fadge", "army", "Nusus")
    with pytest.raises(RuleError, match="mountains"):
        play(state, "attack Coryphee from Fadge pay army:army Nusus")
    state["seats"]["1"]["reserve"].append("ranger")
    with pytest.raises(RuleError, match="pay exactly"):
        play(state, "attack Coryphee from Fadge pay army:army Nusus")  # now hills: 2 food
    hand(state, 1, "Palmain")
    new = play(state, "attack Coryphee from Fadge pay army:army Nusus Palmain")
    assert new["provinces"]["Coryphee"]["armies"]["1"] == 2
    assert "attack Coryphee from Fadge pay army:army Nusus Palmain" in mythotopia.legal_commands(
        state, 1
    )


def test_scribe_may_take_from_the_supply_while_the_card_still_holds_tokens(state):
    # Seed (Schriftgelehrter): "Immer wenn du ein Siegpunktplättchen von einer Siegpunktkarte
    # nehmen darfst, kannst du stattdessen ein entsprechendes Plättchen aus dem Vorrat der
    # ungenutzten Siegpunktplättchen nehmen."
    own(state, 1, "Quean")
    hand(state, 1, "build", "Palmain", "market", "Quean")
    assert not any(c.startswith("scribe") for c in mythotopia.legal_commands(state, 1))
    with pytest.raises(RuleError, match="Scribe: only with the Scribe in your reserve"):
        play(state, "scribe supply")
    state["seats"]["1"]["reserve"].append("scribe")
    assert "scribe supply" in mythotopia.legal_commands(state, 1)
    chosen = play(state, "scribe supply")
    assert chosen["turn"]["actions"] == 0 and not chosen["turn"]["free"]  # no action
    assert "scribe cards" in mythotopia.legal_commands(chosen, 1)
    supply = state["token_supply"]["2"]
    new = play(chosen, "build road Nusus Palmain with build Palmain pay market:stone Quean")
    assert new["seats"]["1"]["tokens"] == [{"card": "streets", "value": 2}]
    assert new["vp_cards"]["streets"] == [2, 2, 2]  # the card empties no sooner
    assert new["token_supply"]["2"] == supply - 1
    back = play(chosen, "scribe cards")
    again = play(back, "build road Nusus Palmain with build Palmain pay market:stone Quean")
    assert again["vp_cards"]["streets"] == [2, 2]


def test_merchant_and_water_mill_are_offered_wherever_a_resource_is_paid(state):
    # Seed: Merchant "Spiele diese Karte zusammen mit einer anderen Karte, um deren
    # Rohstoffsymbol in ein beliebiges Rohstoffsymbol deiner Wahl zu ändern"; Water Mill
    # "Verdopple den Rohstoff der anderen Karte": any payment of food, stone or gold.
    hand(state, 1, "Palmain", "army", "merchant", "Mome")  # Mome shows 1 gold
    attack = "attack Blore from Palmain pay army:army merchant:Mome:food"
    assert attack in mythotopia.legal_commands(state, 1)
    assert play(state, attack)["provinces"]["Blore"]["armies"] == {"1": 2}

    state["provinces"]["Diclesium"]["armies"] = {"1": 1}
    state["seats"]["1"]["armies"] -= 1
    deploy = "deploy Diclesium pay army:army merchant:Mome:food"
    assert deploy in mythotopia.legal_commands(state, 1)

    own(state, 1, "Quean")
    state["seats"]["1"]["hand"] = []
    hand(state, 1, "build", "Palmain", "water-mill", "Quean")  # Quean shows 1 stone
    road = "build road Nusus Palmain with build Palmain pay water-mill:Quean"
    assert road in mythotopia.legal_commands(state, 1)
    assert ["Nusus", "Palmain"] in play(state, road)["roads"]


def test_gold_mine_and_its_kind_are_offered_for_any_card_once_per_turn(state):
    # Farming, Gold Mine, Quarry in the reserve: once per turn any card pays one of their
    # resource. A player without a gold symbol could otherwise never take a card back.
    state["progress_display"] = ["queen"]
    hand(state, 1, "Palmain")  # food only
    assert not any(c.startswith("add") for c in mythotopia.legal_commands(state, 1))
    state["seats"]["1"]["reserve"].append("gold-mine")
    assert "add queen pay Palmain:gold" in mythotopia.legal_commands(state, 1)
    new = play(state, "add queen pay Palmain:gold")
    assert "queen" in new["seats"]["1"]["discard"]


def test_levies_let_any_card_pay_one_army_for_an_attack_or_a_deployment(state):
    # Levies in the reserve: once per turn any card pays one army (MY-16, reserve cards).
    hand(state, 1, "Palmain", "Nusus", "market")
    assert not any(c.startswith("attack") for c in mythotopia.legal_commands(state, 1))
    state["seats"]["1"]["reserve"].append("levies")
    legal = mythotopia.legal_commands(state, 1)
    attack = "attack Blore from Palmain pay Nusus:army market:food"
    assert attack in legal and "deploy Palmain pay Nusus:army" in legal
    assert play(state, attack)["provinces"]["Blore"]["armies"] == {"1": 1}


def test_scribe_buys_a_patronage_token_from_the_supply_once_the_card_is_empty(state):
    # Seed (Schriftgelehrter): "Du darfst ein solches Plättchen auch dann nehmen, wenn auf der
    # entsprechenden Siegpunktkarte keine Plättchen mehr liegen."
    state["vp_cards"]["patronage"] = []
    hand(state, 1, "market", "Mome")  # Mome shows 1 gold
    with pytest.raises(RuleError, match="Patronage: the Patronage card is not in play"):
        play(state, "patronage pay Mome market:gold")
    state["seats"]["1"]["reserve"].append("scribe")
    supply = state["token_supply"]["1"]
    new = play(state, "patronage pay Mome market:gold")
    assert new["seats"]["1"]["tokens"] == [{"card": "patronage", "value": 1}]
    assert new["token_supply"]["1"] == supply - 1
