"""Rules fidelity against the seed (the German rulebook): each test names the sentence it
follows and failed on the engine before the fix."""

from __future__ import annotations

import pytest

from games.kinds.mythotopia import Mythotopia
from games.rules import mythotopia
from games.rules.core import RuleError

from .helpers import hand, own, play, two_players_near_blore


@pytest.fixture
def state():
    return two_players_near_blore()


# --- The last army -----------------------------------------------------------------------


def test_the_last_army_goes_out_with_the_army_card_only(state):
    # "Einzige Ausnahme: Besitzt du nur noch 1 Armee in deinem Persönlichen Vorrat, darfst du
    # die Karte „Army“ (Armee) ausspielen und nutzen (obwohl sie 2 Armeesymbole hat)."
    own(state, 1, "Scombroid", "Talion")
    hand(state, 1, "Palmain", "Scombroid", "Talion", "Nusus", "army")
    state["seats"]["1"]["armies"] = 1
    for command in (
        "attack Blore from Palmain pay Scombroid Talion Nusus",
        "deploy Palmain pay Scombroid Talion",
    ):
        with pytest.raises(RuleError, match="only 1 armies in your personal supply"):
            play(state, command)
    legal = mythotopia.legal_commands(state, 1)
    assert "attack Blore from Palmain pay Scombroid Talion Nusus" not in legal
    assert "deploy Palmain pay Scombroid Talion" not in legal
    assert not any("Scombroid Talion" in c for c in legal)
    # The Army card alone still sends the last army; a single army symbol does too.
    assert "attack Blore from Palmain pay army:army Nusus" in legal
    assert "deploy Palmain pay army:army" in legal
    assert "deploy Palmain pay Scombroid" in legal
    sent = play(state, "attack Blore from Palmain pay army:army Nusus")
    assert sent["provinces"]["Blore"]["armies"] == {"1": 1}
    assert sent["seats"]["1"]["armies"] == 0


def test_the_army_card_with_another_army_symbol_is_no_exception(state):
    own(state, 1, "Scombroid")
    hand(state, 1, "Scombroid", "army")
    state["seats"]["1"]["armies"] = 1
    with pytest.raises(RuleError, match="only 1 armies"):
        play(state, "deploy Palmain pay army:army Scombroid")


# --- The road move -----------------------------------------------------------------------


@pytest.fixture
def roads(state):
    own(state, 1, "Blore", "Scombroid")
    state["roads"] = [["Nusus", "Palmain"], ["Blore", "Scombroid"]]
    state["provinces"]["Palmain"]["armies"] = {"1": 2}
    state["provinces"]["Blore"]["armies"] = {"1": 2}
    return state


def test_one_road_move_moves_any_number_of_groups(roads):
    # "Einmal in deinem Zug kannst du als Freie Aktion eine beliebige Anzahl deiner Armeen über
    # deine Straßen in andere deiner Gebiete bewegen."
    first = play(roads, "march 2 from Palmain to Nusus")
    assert "march 2 from Blore to Scombroid" in mythotopia.legal_commands(first, 1)
    second = play(first, "march 2 from Blore to Scombroid")
    assert second["provinces"]["Nusus"]["armies"] == {"1": 2}
    assert second["provinces"]["Scombroid"]["armies"] == {"1": 2}
    assert second["turn"]["actions"] == 0 and second["turn"]["free"]
    # The same road move in one command.
    both = play(roads, "march 2 from Palmain to Nusus and 1 from Blore to Scombroid")
    assert both["provinces"]["Nusus"]["armies"] == {"1": 2}
    assert both["provinces"]["Blore"]["armies"] == {"1": 1}
    assert both["provinces"]["Scombroid"]["armies"] == {"1": 1}


def test_the_road_move_ends_with_the_next_other_command(roads):
    hand(roads, 1, "market")
    moved = play(play(roads, "march 2 from Palmain to Nusus"), "discard market")
    with pytest.raises(RuleError, match="Road move: once per turn"):
        play(moved, "march 2 from Blore to Scombroid")
    assert not any(c.startswith("march") for c in mythotopia.legal_commands(moved, 1))
    with pytest.raises(RuleError, match="Road move: march <number>"):
        play(roads, "march 2 from Palmain to Nusus and")
    with pytest.raises(RuleError, match="only along roads"):
        play(roads, "march 1 from Palmain to Nusus and 1 from Palmain to Blore")


# --- Cards drawn by the player who loses a province --------------------------------------


def defender_loses_blore(state, deck: list[str]) -> dict:
    """Red holds Blore with its card in hand; blue's 6 armies there outmatch it."""
    own(state, 1, "Blore")
    hand(state, 1, "Blore", "market")
    state["seats"]["1"]["deck"] = list(deck)
    state["provinces"]["Blore"]["armies"] = {"2": 6}
    return state


def test_the_defender_ending_a_lost_war_draws_a_replacement_seen_by_no_preview(state):
    # "Hatte er sie auf der Hand, zieht er eine Ersatzkarte von seinem Zugstapel."
    state = defender_loses_blore(state, ["queen"])
    shown = mythotopia.preview(state, 1, "end war Blore")
    assert shown["after"]["provinces"]["Blore"]["owner"] == 2
    assert shown["state"]["my_hand"] == ["market"]
    assert shown["state"]["cards_to_draw"] == 1
    assert "queen" not in str(shown["state"]) + str(shown["ledger"])
    assert shown["legal"] == []
    after, rows = mythotopia.apply(state, "red", "end war Blore")
    assert sorted(after["seats"]["1"]["hand"]) == ["market", "queen"]
    assert rows[0]["drawn"] == ["queen"]
    assert "drew cards" in (Mythotopia().undo_refusal(rows) or "")
    assert "queen" not in str(Mythotopia().ledger_view(rows, 2))


def test_the_attacker_capturing_a_province_whose_card_is_in_hand_shows_the_draw_to_its_loser(
    state,
):
    state = defender_loses_blore(state, ["queen"])
    state["turn"]["seat"] = 2
    shown = mythotopia.preview(state, 2, "end war Blore")
    assert "queen" not in str(shown["state"]) + str(shown["ledger"])
    after, rows = mythotopia.apply(state, "blue", "end war Blore")
    assert "Blore" in after["seats"]["2"]["discard"]
    assert sorted(after["seats"]["1"]["hand"]) == ["market", "queen"]
    assert Mythotopia().ledger_view(rows, 1)[0]["drawn"] == ["queen"]
    assert "queen" not in str(Mythotopia().ledger_view(rows, 2))
    assert "queen" not in str(Mythotopia().ledger_view(rows, None))
    assert "another player draw" in (Mythotopia().undo_refusal(rows) or "")


# --- Citadels before the first hands -----------------------------------------------------


def test_the_citadels_are_chosen_before_the_first_hands_are_drawn():
    # The seed sets up the VP cards, the Citadel's secret choice among them, and only then
    # "Jeder Spieler zieht 5 Karten".
    games = (mythotopia.new_state(mythotopia.make_setup(["a", "b"], str(s), [])) for s in range(40))
    state = next(g for g in games if "citadel" in g["vp_cards"])
    assert all(not seat["hand"] for seat in state["seats"].values())
    state, _ = mythotopia.apply(state, "red", mythotopia.legal_commands(state, 1)[0])
    assert all(not seat["hand"] for seat in state["seats"].values())
    state, rows = mythotopia.apply(state, "blue", mythotopia.legal_commands(state, 2)[0])
    assert [len(seat["hand"]) for seat in state["seats"].values()] == [5, 5]
    assert rows[0]["drawn"] == state["seats"]["2"]["hand"]
    assert Mythotopia().ledger_view(rows, 1)[0]["drawn"] == state["seats"]["1"]["hand"]


# --- Counsellor and Mystic ---------------------------------------------------------------


def test_the_counsellor_discards_one_or_more_cards(state):
    # "Du kannst eine oder mehrere Karten aus deiner Hand abwerfen."
    hand(state, 1, "counsellor", "market", "Palmain")
    state["seats"]["1"]["deck"] = ["army", "build", "ship"]
    with pytest.raises(RuleError, match="one or more cards"):
        play(state, "play counsellor")
    legal = mythotopia.legal_commands(state, 1)
    assert "play counsellor" not in legal
    assert "play counsellor market" in legal
    after = play(state, "play counsellor market")
    assert len(after["seats"]["1"]["hand"]) == 3


def test_the_mystic_does_not_name_a_card_discarded_face_down(state):
    hand(state, 1, "queen", "mystic", "market")
    discarded, rows = mythotopia.apply(state, "red", "discard queen")
    assert Mythotopia().command_view("red", "discard queen", 2) == "discard 1 card"
    after, rows = mythotopia.apply(discarded, "red", "play mystic queen pay market:gold")
    assert "queen" in after["seats"]["1"]["hand"]
    for seat in (2, None):
        assert "queen" not in str(Mythotopia().ledger_view(rows, seat))
        assert "queen" not in Mythotopia().command_view(
            "red", "play mystic queen pay market:gold", seat
        )
    assert Mythotopia().ledger_view(rows, 1)[0]["taken"] == ["queen"]
    assert "takes 1 card back" in rows[0]["text"]


# --- Names -------------------------------------------------------------------------------


def test_province_and_command_names_are_read_in_any_case(state):
    hand(state, 1, "Palmain", "army", "Nusus")
    new, rows = mythotopia.apply(state, "red", "ATTACK blore FROM palmain pay Army:ARMY NUSUS")
    assert new["provinces"]["Blore"]["armies"] == {"1": 2}
    assert rows[0]["command"] == "attack Blore from Palmain pay army:army Nusus"
    assert Mythotopia().command_view("red", "Discard Palmain", 2) == "discard 1 card"


def test_the_gold_mine_used_twice_names_its_once_per_turn_limit(state):
    # "In jedem deiner Züge kannst du einmal eine beliebige Karte ... spielen."
    state["seats"]["1"]["reserve"] = ["gold-mine"]
    hand(state, 1, "Nusus", "Palmain")
    with pytest.raises(RuleError, match="Gold Mine: once per turn"):
        play(state, "buy 2 armies pay Nusus:gold Palmain:gold")
    bought = play(state, "buy 1 armies pay Nusus:gold")
    with pytest.raises(RuleError, match="Gold Mine: once per turn"):
        play(bought, "buy 1 armies pay Palmain:gold")
