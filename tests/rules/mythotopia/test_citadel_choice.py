"""Scenario test: the citadel placed by each player's secret choice (MY-18)."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.kinds.mythotopia import Mythotopia
from games.rules import mythotopia
from games.rules.core import RuleError

from .helpers import blank, own


def test_each_player_chooses_a_citadel_secretly_and_all_are_revealed_together():
    # "each player secretly chooses one of their province cards; reveal; replace the village
    # there with the citadel (village back to personal supply)".
    state = blank(2, ("citadel",))
    own(state, 1, "Palmain", "Nusus")
    own(state, 2, "Iracund", "Blore")
    state["citadel_choices"] = {}
    assert mythotopia.legal_commands(state, 1) == ["citadel Nusus", "citadel Palmain"]
    with pytest.raises(RuleError, match="one of your provinces"):
        mythotopia.apply(state, "red", "citadel Blore")
    villages = state["seats"]["1"]["villages"]
    chosen, rows = mythotopia.apply(state, "red", "citadel Nusus")
    assert mythotopia.choosers(chosen) == [2]
    assert chosen["provinces"]["Nusus"]["building"] == "village"
    assert mythotopia.view(chosen, 1)["my_citadel_choice"] == "Nusus"
    assert "Nusus" not in str(mythotopia.view(chosen, 2)["seats"])
    assert "my_citadel_choice" not in mythotopia.view(chosen, 2)
    assert "Nusus" not in str(Mythotopia().ledger_view(rows, 2))
    assert Mythotopia().command_view("red", "citadel Nusus", 2) == "citadel (secret choice)"
    with pytest.raises(RuleError, match="red has chosen"):
        mythotopia.apply(chosen, "red", "citadel Palmain")
    done, rows = mythotopia.apply(chosen, "blue", "citadel Blore")
    assert done["provinces"]["Nusus"]["building"] == "citadel"
    assert done["provinces"]["Blore"]["building"] == "citadel"
    assert done["seats"]["1"]["villages"] == villages + 1
    assert done["seats"]["1"]["citadel"] == "board"
    assert "citadels revealed; red: Nusus; blue: Blore" in rows[0]["text"]
    assert done["turn"]["seat"] == 1 and done["turn"]["actions"] == 0
    assert "pass" in mythotopia.legal_commands(done, 1)
    with pytest.raises(RuleError, match="only at the start"):
        mythotopia.apply(done, "red", "citadel Palmain")


def test_a_new_game_with_the_citadel_card_starts_with_the_choice():
    games = (
        mythotopia.new_state(mythotopia.make_setup(["a", "b", "c"], str(s), [])) for s in range(40)
    )
    state = next(g for g in games if "citadel" in g["vp_cards"])
    assert state["citadel_choices"] == {}
    assert all(s["citadel"] is None for s in state["seats"].values())
    assert all(c.startswith("citadel ") for c in mythotopia.legal_commands(state, 1))


def three_choosing() -> dict:
    """Three players before the citadel choice, one province each."""
    state = blank(3, ("citadel",))
    for seat, province in enumerate(("Palmain", "Iracund", "Blore"), start=1):
        own(state, seat, province)
    state["citadel_choices"] = {}
    return state


def test_every_player_chooses_a_citadel_at_once_without_waiting_on_turn_order():
    # Seed: "Wird die Zitadellen-Siegpunktkarte gezogen, wählen alle Spieler gleichzeitig und
    # geheim eine ihrer Gebietskarten aus ... Haben alle Spieler ihre Wahl getroffen, werden die
    # Karten aufgedeckt".
    state = three_choosing()
    assert mythotopia.choosers(state) == [1, 2, 3]
    assert mythotopia.legal_commands(state, 3) == ["citadel Blore"]
    third, _ = mythotopia.apply(state, "green", "citadel Blore")  # before red and blue
    assert mythotopia.legal_commands(third, 3) == []
    assert mythotopia.legal_commands(third, 1) == ["citadel Palmain"]
    assert third["provinces"]["Blore"]["building"] == "village"  # secret until all chose
    waiting = Mythotopia().waiting_for(third)
    assert [(w["seat"], w["category"]) for w in waiting] == [(1, "setup"), (2, "setup")]
    first, _ = mythotopia.apply(third, "blue", "citadel Iracund")
    done, _ = mythotopia.apply(first, "red", "citadel Palmain")
    assert all(
        done["provinces"][p]["building"] == "citadel" for p in ("Palmain", "Iracund", "Blore")
    )
    assert done["turn"]["seat"] == 1 and mythotopia.choosers(done) == []


def test_a_player_who_leaves_during_the_choice_does_not_hold_up_the_others():
    state = three_choosing()
    state, _ = mythotopia.apply(state, "blue", "citadel Iracund")
    state, _ = mythotopia.apply(state, "green", "citadel Blore")
    done = mythotopia.drop(state, 1)
    assert done["provinces"]["Iracund"]["building"] == "citadel"
    assert done["citadel_choices"] is None and done["turn"]["seat"] == 2


def test_the_choice_that_reveals_every_citadel_cannot_be_taken_back_the_first_can():
    # Taking back the last secret choice after seeing the others' would make it no secret.
    state = blank(2, ("citadel",))
    own(state, 1, "Palmain", "Nusus")
    own(state, 2, "Iracund", "Blore")
    state["citadel_choices"] = {}
    chosen, first = mythotopia.apply(state, "red", "citadel Nusus")
    assert Mythotopia().undo_refusal(first) is None
    _, last = mythotopia.apply(chosen, "blue", "citadel Blore")
    # It showed the others' choices and drew the first hands.
    assert "drew cards" in (Mythotopia().undo_refusal(last) or "")


def test_the_revealed_citadels_name_each_colour_in_the_readers_language():
    state = blank(2, ("citadel",))
    own(state, 1, "Palmain", "Nusus")
    own(state, 2, "Iracund", "Blore")
    state["citadel_choices"] = {}
    chosen, _ = mythotopia.apply(state, "red", "citadel Nusus")
    _, rows = mythotopia.apply(chosen, "blue", "citadel Blore")
    with translation.override("de"):
        german = Mythotopia().ledger_view(rows, 1)[0]["text"]
    assert "Zitadellen aufgedeckt; rot: Nusus; blau: Blore" in german
    assert "red" not in german and "blue" not in german
