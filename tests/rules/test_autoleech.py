"""Automatic answers to power offers (the Yucata rules R0-R7)."""

from __future__ import annotations

import pytest

from games.rules.terra_mystica import apply, waiting_for
from games.rules.terra_mystica.autoleech import (
    ASK,
    DECLINE,
    TAKE,
    AutoLeechSettings,
    Thresholds,
    automatic_answer,
    decide,
)

from .conftest import start_round_one


@pytest.fixture
def offers():
    """Cultists upgrade E6: the witches (F4) and engineers (E7) are offered 1 power each."""
    state = start_round_one(
        {"cultists": ["E6", "A1"], "witches": ["F4", "I6"], "engineers": ["E7", "A2"]},
        {"cultists": "BON7", "witches": "BON9", "engineers": "BON10"},
    )
    return state


def offer_to(state, faction):
    return next(
        r for r in state.action_required if r["type"] == "leech" and r["faction"] == faction
    )


def witches_upgrade(state):
    """The witches' trading house offers the cultists (E6 TP: 2 power)."""
    state = apply(state, "cultists", "upgrade E6 to TP")
    state = apply(state, "witches", "decline 1 from cultists")
    return apply(state, "witches", "upgrade F4 to TP")


def test_free_power_is_taken(offers):
    state = witches_upgrade(offers)
    state.building["E6"] = "D"  # make the cultists' offer 1
    offer = offer_to(state, "cultists")
    offer["amount"] = 1
    assert decide(state, offer, AutoLeechSettings()) == TAKE


def test_power_from_the_cultists_is_asked_for_by_default(offers):
    state = apply(offers, "cultists", "upgrade E6 to TP")
    # Taking would give the Cultists a cult step: not "free" even for 1 power.
    assert decide(state, offer_to(state, "witches"), AutoLeechSettings()) == ASK
    settings = AutoLeechSettings(cultists=Thresholds(take_up_to=1, decline_from=99))
    assert decide(state, offer_to(state, "witches"), settings) == TAKE


def test_thresholds_take_up_to_and_decline_from(offers):
    state = witches_upgrade(offers)
    offer = offer_to(state, "cultists")  # 2 power, costs 1 VP
    assert decide(state, offer, AutoLeechSettings(normal=Thresholds(2, 99))) == TAKE
    assert decide(state, offer, AutoLeechSettings(normal=Thresholds(1, 2))) == DECLINE
    assert decide(state, offer, AutoLeechSettings(normal=Thresholds(1, 3))) == ASK
    assert decide(state, offer, AutoLeechSettings(normal=Thresholds(3, 2))) == TAKE  # R5 before R6


def test_paying_vp_after_passing_in_round_six_is_never_automatic(offers):
    state = witches_upgrade(offers)
    state.round = 6
    state.factions["cultists"].passed = True
    assert (
        decide(state, offer_to(state, "cultists"), AutoLeechSettings(normal=Thresholds(5, 99)))
        == DECLINE
    )


@pytest.mark.parametrize(("choice", "expected"), [(TAKE, TAKE), (DECLINE, DECLINE), (ASK, ASK)])
def test_last_round_free_power_from_the_cultists_follows_its_own_setting(offers, choice, expected):
    state = apply(offers, "cultists", "upgrade E6 to TP")
    state.round = 6
    state.factions["witches"].passed = True
    settings = AutoLeechSettings(last_round_free_cultist=choice)
    assert decide(state, offer_to(state, "witches"), settings) == expected


def test_an_offer_that_gives_nothing_now_is_left_to_the_player(offers):
    state = apply(offers, "cultists", "upgrade E6 to TP")
    w = state.factions["witches"]
    w.p1, w.p2, w.p3 = 0, 0, 12
    assert decide(state, offer_to(state, "witches"), AutoLeechSettings()) is None
    takes_from_cultists = AutoLeechSettings(cultists=Thresholds(take_up_to=1, decline_from=99))
    answer = automatic_answer(
        state, {"witches": takes_from_cultists, "engineers": takes_from_cultists}
    )
    # The witches may spend power first and take it later: only the engineers are answered.
    assert answer == ("engineers", "leech 1 from cultists")


def test_automatic_answers_play_out_and_a_question_holds_only_that_player(offers):
    state = apply(offers, "cultists", "upgrade E6 to TP")
    settings = {
        "witches": AutoLeechSettings(),
        "engineers": AutoLeechSettings(cultists=Thresholds(1, 99)),
    }
    # The witches are asked (Cultists' offer); the engineers take automatically.
    answer = automatic_answer(state, settings)
    assert answer == ("engineers", "leech 1 from cultists")
    state = apply(state, *answer)
    assert state.factions["cultists"].cult_steps == 1
    # Once somebody took, the witches' offer is ordinary free power: taken too.
    assert automatic_answer(state, settings) == ("witches", "leech 1 from cultists")
    # A player whose first offer needs a decision holds only their own later offers.
    assert automatic_answer(state, {"engineers": settings["engineers"]}) is None
    assert [d.actor for d in waiting_for(state) if d.kind == "leech"] == ["witches"]


def test_settings_round_trip_through_json():
    settings = AutoLeechSettings(False, Thresholds(2, 4), Thresholds(0, 3), DECLINE)
    assert AutoLeechSettings.from_json(settings.to_json()) == settings
    with pytest.raises(ValueError):
        AutoLeechSettings.from_json({"last_round_free_cultist": "maybe"})
