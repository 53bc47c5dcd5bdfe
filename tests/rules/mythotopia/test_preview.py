"""A command previewed: the result as its player may see it before committing."""

from __future__ import annotations

import pytest

from games.rules import mythotopia
from games.rules.core import RuleError

from .helpers import blank, hand, own


def test_the_last_secret_citadel_choice_previewed_shows_no_other_choice():
    state = blank(2, ("citadel",))
    own(state, 1, "Palmain", "Nusus")
    own(state, 2, "Iracund", "Blore")
    state["citadel_choices"] = {}
    chosen, _ = mythotopia.apply(state, "red", "citadel Nusus")
    shown = mythotopia.preview(chosen, 2, "citadel Blore")
    assert shown["after"]["provinces"]["Nusus"]["building"] == "citadel"  # for the platform
    assert shown["state"]["provinces"]["Nusus"]["building"] == "village"
    assert "Nusus" not in str(shown["ledger"]) + str(shown["state"]["seats"])
    assert shown["state"]["my_pending_choice"] == "citadel Blore"
    assert shown["legal"] == []


def test_cards_drawn_at_the_end_of_the_turn_stay_hidden_in_the_preview():
    state = blank(2)
    own(state, 1, "Palmain")
    hand(state, 1, "Palmain", "build", "general", "ship")
    state["seats"]["1"]["deck"] = ["army", "market"]
    state["turn"]["actions"] = 1
    shown = mythotopia.preview(state, 1, "discard ship")
    assert shown["state"]["my_hand"] == ["Palmain", "build", "general"]
    assert shown["state"]["cards_to_draw"] == 2
    assert "army" not in str(shown["ledger"])
    assert shown["ledger"][0]["drawn_count"] == 2
    assert shown["legal"] == []


def test_a_first_action_previewed_lists_what_may_follow_in_the_turn():
    state = blank(2)
    own(state, 1, "Palmain")
    hand(state, 1, "Palmain", "build", "general", "ship")
    shown = mythotopia.preview(state, 1, "discard ship")
    assert "pass" in shown["legal"] and "discard build" in shown["legal"]
    assert shown["state"]["cards_to_draw"] == 0


def test_the_philosophers_cards_are_not_shown_before_the_card_is_played():
    state = blank(2)
    hand(state, 1, "philosopher")
    shown = mythotopia.preview(state, 1, "play philosopher")
    assert shown["state"]["philosopher_cards"] == 3
    assert "my_philosopher" not in shown["state"]
    assert not any(c in str(shown["state"]) for c in state["progress_stack"][:3])
    assert shown["legal"] == []


def test_an_illegal_command_previewed_is_refused_with_its_rule():
    with pytest.raises(RuleError, match="Turn order"):
        mythotopia.preview(blank(2), 2, "pass")


def test_the_card_a_player_takes_with_the_philosopher_shows_in_the_preview():
    state = blank(2)
    hand(state, 1, "philosopher")
    looking, _ = mythotopia.apply(state, "red", "play philosopher")
    card = looking["turn"]["philosopher"][0]
    shown = mythotopia.preview(looking, 1, f"take {card}")
    assert card in shown["state"]["my_hand"] and shown["state"]["cards_to_draw"] == 0
