"""Scenario tests: Counsellor, Market, Mercenary, Portal (progress cards) and the variable VP
cards Guilded City, Roadside Inns and Runestones, each as its card text says (seed 002)."""

from __future__ import annotations

import pytest

from games.rules import mythotopia
from games.rules.core import RuleError

from .helpers import blank, hand, own, play

VP_CARDS = ("guilded-city", "inns", "runestones", "spoils")


@pytest.fixture
def state():
    s = blank(2, VP_CARDS)
    own(s, 1, "Palmain", "Nusus")
    own(s, 2, "Iracund", "Blore")
    return s


# --- Counsellor ------------------------------------------------------------------------


def test_counsellor_replaces_the_discarded_cards_and_itself(state):
    # Berater: "Für jede abgeworfene Karte und für den Berater ziehst du eine Ersatzkarte von
    # deinem Zugstapel ... Der Einsatz des Beraters ist eine Freie Aktion."
    red = state["seats"]["1"]
    red["discard"] = []
    red["deck"] = ["build", "market", "market2", "ship"]
    hand(state, 1, "counsellor", "Palmain", "army", "Nusus")
    new = play(state, "play counsellor Palmain army")
    seat = new["seats"]["1"]
    assert sorted(seat["hand"]) == ["Nusus", "market", "market2", "ship"]  # 2 + 1 drawn
    assert seat["deck"] == ["build"]
    assert seat["discard"] == ["counsellor", "Palmain", "army"]
    assert new["turn"]["actions"] == 0 and new["turn"]["free"]  # no action used


def test_counsellor_reshuffles_first_and_keeps_itself_and_the_discards_out(state):
    # "Wenn du hierfür deinen Ablagestapel mischen musst, mischst du zuerst den Ablagestapel
    # und legst dann den Berater und die anderen abgeworfenen Karten auf deinen (neuen)
    # Ablagestapel."
    red = state["seats"]["1"]
    red["discard"] = ["Palmain", "Nusus"]
    red["deck"] = ["build"]
    hand(state, 1, "counsellor", "army", "ship")
    new = play(state, "play counsellor army ship")
    seat = new["seats"]["1"]
    assert sorted(seat["hand"]) == ["Nusus", "Palmain", "build"]
    assert seat["deck"] == [] and seat["discard"] == ["counsellor", "army", "ship"]


def test_counsellor_discards_reserve_cards_without_replacement(state):
    # "Du kannst auch Karten von deiner Reserve abwerfen, allerdings ziehst du für diese
    # keine Ersatzkarten."
    red = state["seats"]["1"]
    red["discard"] = []
    red["deck"] = ["build", "market", "market2"]
    red["reserve"] = ["limes"]
    hand(state, 1, "counsellor", "army")
    new = play(state, "play counsellor army limes")
    seat = new["seats"]["1"]
    assert sorted(seat["hand"]) == ["market", "market2"]  # army and the Counsellor only
    assert seat["reserve"] == [] and "limes" in seat["discard"]


def test_counsellor_discards_only_cards_its_player_holds(state):
    hand(state, 1, "counsellor", "army")
    with pytest.raises(RuleError, match="Counsellor: Mome is not in your hand or reserve"):
        play(state, "play counsellor Mome")
    state["seats"]["1"]["hand"].remove("counsellor")
    with pytest.raises(RuleError, match="Counsellor: counsellor is not in your hand or reserve"):
        play(state, "play counsellor army")


# --- Market (progress card; symbols provisional: food / gold / stone) --------------------


def test_market_is_used_as_one_of_its_symbols(state):
    # Markt: "Nutze diese Karte als eines der darauf gezeigten Symbole." The symbols are the
    # provisional food / gold / stone (data/provisional.json, progress_symbols).
    assert mythotopia.data.card_symbols("p-market") == {"food": 1, "gold": 1, "stone": 1}
    hand(state, 1, "p-market", "Palmain", "army")
    bought = play(state, "buy 1 armies pay p-market:gold")
    assert bought["seats"]["1"]["armies"] == state["seats"]["1"]["armies"] + 1
    assert "p-market" in bought["seats"]["1"]["discard"]
    attack = play(state, "attack Blore from Palmain pay army:army p-market:food")
    assert attack["provinces"]["Blore"]["armies"] == {"1": 2}
    own(state, 1, "Fadge")
    hand(state, 1, "build", "Fadge")  # Fadge shows 1 stone
    city = play(state, "build city Palmain with build Palmain pay Fadge p-market:stone")
    assert city["provinces"]["Palmain"]["building"] == "city"


def test_market_gives_one_symbol_only(state):
    hand(state, 1, "p-market")
    with pytest.raises(RuleError, match="name the symbol"):
        play(state, "buy 1 armies pay p-market")
    with pytest.raises(RuleError, match="One use per card: p-market"):
        play(state, "buy 2 armies pay p-market:gold p-market:gold")
    with pytest.raises(RuleError, match="One use per card: p-market"):
        play(state, "buy 1 ships pay p-market:gold p-market:food")
