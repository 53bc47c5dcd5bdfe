"""Yucata.de's online rules (seed 001), checklist items YU-04 … YU-13 and the clarifications
of its §6 (rules/yucata-online.md), as far as the engine supports them.

YU-01 … YU-03 (beginner setup, maps, variable starting VP) are in test_yucata_maps.py; the
R0-R7 decisions of YU-05 in detail in test_autoleech.py.
"""

from __future__ import annotations

import pytest

from games.rules.core import RuleError
from games.rules.terra_mystica import apply, projected_final_scores, state_view, waiting_for
from games.rules.terra_mystica.autoleech import TAKE, AutoLeechSettings, decide
from games.rules.terra_mystica.context import Game
from games.rules.terra_mystica.data import town_tiles
from games.rules.terra_mystica.legal import legal_commands
from games.rules.terra_mystica.player import apply_player_logged
from games.rules.terra_mystica.playout import random_playout
from games.rules.terra_mystica.sacrifice import sacrifice_offers
from games.rules.terra_mystica.scoring import networks
from games.rules.terra_mystica.setup import DEFAULT_OPTIONS, available_bonus_tiles
from games.rules.terra_mystica.transform_build import (
    transform_and_build,
    transform_and_build_report,
)
from games.rules.terra_mystica.views import income_preview

from .conftest import LEAGUE_OPTIONS, start_round_one

THREE = {"cultists": ["E6", "A1"], "witches": ["F4", "I6"], "engineers": ["E7", "A2"]}
THREE_BONUS = {"cultists": "BON7", "witches": "BON9", "engineers": "BON10"}


@pytest.fixture
def three():
    """Cultists on E6 with the Witches (F4) and the Engineers (E7) next to it."""
    return start_round_one(THREE, THREE_BONUS)


def test_yu04_variable_turn_order_follows_the_order_of_passing(three):
    # Seed 001 §4: first to pass plays first, everybody else by the time they passed, not
    # by seating (cultists, witches, engineers).
    state = apply(three, "cultists", "pass BON1")
    state = apply(state, "witches", "dig 2. transform G2 to green")
    state = apply(state, "engineers", "pass BON2")
    state = apply(state, "witches", "pass BON8")
    assert state.round == 2 and state.order == ["cultists", "engineers", "witches"]


def test_yu05_free_power_from_a_non_cultist_is_taken_automatically(three):
    # Seed 001 §5.1 R2: amount 1 and no Cultist gain -> take.
    state = apply(three, "cultists", "upgrade E6 to TP")
    state = apply(state, "witches", "decline 1 from cultists")
    state = apply(state, "engineers", "decline 1 from cultists")
    state = apply(state, "witches", "upgrade F4 to TP")
    offer = next(r for r in state.action_required if r["faction"] == "engineers")
    assert offer["amount"] == 1 and decide(state, offer, AutoLeechSettings()) == TAKE


def test_yu08_income_preview_counts_the_new_bonus_card_only_after_passing(three):
    # Seed 001 §5.2: the bonus card's income only once the player has passed.
    before = income_preview(three, three.factions["cultists"])
    state = apply(three, "cultists", "pass BON2")  # BON2: 4 coins income
    after = income_preview(state, state.factions["cultists"])
    assert after["C"] == before.get("C", 0) + 4


def test_yu11_final_scoring_as_if_the_game_ended_now(three):
    # Seed 001 §5.3: area, cult and resource scoring at any time.
    projected = projected_final_scores(three)
    assert set(projected) == set(THREE)
    for name, parts in projected.items():
        assert parts["vp_now"] == three.factions[name].vp
        assert (
            parts["total"]
            == parts["vp_now"] + parts["cults"] + parts["network"] + (parts["resources"])
        )


def test_yu11_the_state_view_carries_the_virtual_final_scoring(three):
    assert state_view(three)["projected_final"] == projected_final_scores(three)


def test_yu12_resources_are_converted_to_vp_at_the_end(three):
    # Seed 001 §5.3: power 1 -> 1 coin, priest -> worker -> coin, 3 coins = 1 VP (bowl II is
    # burnt first, as terra.snellman.net does; the seed leaves that open).
    f = three.factions["witches"]
    f.p1, f.p2, f.p3, f.p, f.w, f.c = 0, 4, 1, 1, 2, 2
    # Burn 2 -> bowl III 3; 3 power + 1 priest + 2 workers + 2 coins = 8 coins = 2 VP.
    witches = projected_final_scores(three)["witches"]
    assert witches["resources"] == 2
    # Step by step, as Yucata shows it.
    steps = ("burned", "power_to_coins", "priests_to_coins", "workers_to_coins", "coins_to_vp")
    assert [witches[k] for k in steps] == [2, 3, 1, 2, 6]


def test_yu13_the_three_promo_town_tiles_come_with_the_mini_expansion_or_one_by_one():
    # Seed 001 §6.1: 2 VP + 2 steps on every cult and 2 keys (1 copy), 4 VP + one shipping
    # advance (2 copies), 11 VP (1 copy).
    tiles = town_tiles()
    assert tiles["TW6"]["gain"] == {"KEY": 2, "VP": 2, "FIRE": 2, "WATER": 2, "EARTH": 2, "AIR": 2}
    assert tiles["TW6"]["copies"] == 1
    assert tiles["TW7"]["gain"]["VP"] == 4 and tiles["TW7"]["gain"]["shipping_steps"] == 1
    assert tiles["TW7"]["copies"] == 2
    assert tiles["TW8"]["gain"] == {"KEY": 1, "VP": 11} and tiles["TW8"]["copies"] == 1
    assert {t["option"] for t in (tiles["TW6"], tiles["TW7"], tiles["TW8"])} == {"mini-expansion-1"}
    # Each also has an option of its own (tests/rules/test_promo_town_tiles.py).
    assert [tiles[t]["own_option"] for t in ("TW6", "TW7", "TW8")] == [
        "promo-town-tile-tw6",
        "promo-town-tile-tw7",
        "promo-town-tile-tw8",
    ]


def test_yucata_bonus_cards_are_the_nine_base_cards():
    # Seed 001 §6.2: the 9 base cards, no shipping-VP promo card (option shipping-bonus off).
    options = [o for o in DEFAULT_OPTIONS if o != "shipping-bonus"]
    assert available_bonus_tiles(options) == [f"BON{n}" for n in range(1, 10)]


# --- §6 clarifications --------------------------------------------------------------------


def test_s6_5_partial_leech_only_when_the_bowls_or_the_vp_cannot_take_it_all(three):
    # Seed 001 §6.5: a smaller amount only when bowls I and II cannot absorb it or when the
    # VP would go below 0 (then all VP for VP + 1 power).
    state = apply(three, "cultists", "upgrade E6 to TP")
    state = apply(state, "witches", "decline 1 from cultists")
    state = apply(state, "engineers", "decline 1 from cultists")
    state = apply(state, "witches", "upgrade F4 to TP")  # offers the cultists 2
    with pytest.raises(RuleError, match="no power offer of 1"):
        apply(state, "cultists", "leech 1 from witches")
    state.factions["cultists"].vp = 0
    power = state.factions["cultists"].power
    state = apply(state, "cultists", "leech 2 from witches")
    cultists = state.factions["cultists"]
    assert cultists.vp == 0 and cultists.p2 == power[1] + 1


def test_s6_3_bonus_card_shipping_does_not_count_for_area_scoring():
    # Seed 001 §6.3: BON4's +1 shipping helps building, not the final network.
    state = start_round_one(
        {"mermaids": ["E4", "A4"], "witches": ["C3", "I6"]},
        {"mermaids": "BON4", "witches": "BON9"},
        removed=("BON3", "BON5", "BON6", "BON7", "BON8"),
    )
    state = apply(state, "mermaids", "build H2")  # two river hexes from E4: needs BON4
    network, _ = networks(Game(state), state.factions["mermaids"])
    assert network["E4"] != network["H2"]


def test_s6_4_cult_bonus_spades_transform_only_and_a_single_one_is_lost_for_the_giants():
    # Seed 001 §6.4: spades may be spread over several hexes, no dwelling may be built; a
    # single spade is lost for the Giants.
    state = start_round_one(
        {"cultists": ["E6", "A1"], "giants": ["D4", "A6"]},
        {"cultists": "BON1", "giants": "BON2"},
        scoring=("SCORE2", "SCORE8", "SCORE4", "SCORE3", "SCORE6", "SCORE5"),
    )
    state.factions["cultists"].cult[2] = 8  # Earth 8: 2 spades from SCORE2
    state.factions["giants"].cult[2] = 4
    state = apply(state, "cultists", "pass BON8")
    state = apply(state, "giants", "pass BON9")
    assert state.phase == "use-income-spades"
    assert legal_commands(state, "giants") == ["-SPADE"]
    rows = legal_commands(state, "cultists")
    assert not [r for r in rows if "build" in r]
    with pytest.raises(RuleError):
        apply(state, "cultists", "build B1")
    state = apply(state, "cultists", "transform B1 to brown")
    state = apply(state, "cultists", "transform E5 to brown")
    assert state.terrain["B1"] == state.terrain["E5"] == "brown"


def test_s6_6_cultists_gain_one_power_when_every_neighbour_declines():
    # Seed 001 §6.6 (FAQ errata, option errata-cultist-power).
    state = start_round_one(
        THREE,
        {"cultists": "BON7", "witches": "BON9", "engineers": "BON2"},
        options=LEAGUE_OPTIONS,
        scoring=("SCORE5", "SCORE8", "SCORE4", "SCORE3", "SCORE6", "SCORE2"),
        removed=("BON1", "BON3", "BON4", "BON10"),
    )
    state = apply(state, "cultists", "upgrade E6 to TP")
    before = state.factions["cultists"].p2
    state = apply(state, "witches", "decline 1 from cultists")
    state = apply(state, "engineers", "decline 1 from cultists")
    assert state.factions["cultists"].p2 == before + 1


def test_yu09_power_actions_and_conversions_a_burn_makes_payable_are_offered(three):
    # Seed 001 §5.3: offered when sacrificing power from bowl II makes it affordable; choosing
    # it burns the minimum.
    cultists = three.factions["cultists"]
    cultists.p1, cultists.p2, cultists.p3 = 5, 7, 0
    offers = sacrifice_offers(three, "cultists")
    # Bowl II holds 7: at most 3 burnt, so bowl III reaches 3 (ACT2 costs 3, ACT3-ACT6 more).
    assert offers == {"action ACT2": 3, "convert 1PW to 1C": 1, "convert 3PW to 1W": 3}
    state = apply(three, "cultists", f"burn {offers['action ACT2']}. action ACT2")
    after = state.factions["cultists"]
    assert (after.p1, after.p2, after.p3) == (8, 1, 0) and after.p == cultists.p + 1
    cultists.p3 = 3
    assert "action ACT2" not in sacrifice_offers(three, "cultists")  # payable without a burn


def test_yu09_after_part_of_a_row_what_only_a_burn_pays_for_is_offered_to_follow(three):
    # Seed 001 §5.3, during the turn: after a burn already in the row, ACT2 (3 power) needs
    # 2 more tokens burnt; after the turn's action, a conversion a burn pays for may follow.
    cultists = three.factions["cultists"]
    cultists.p1, cultists.p2, cultists.p3 = 5, 7, 0
    offers = sacrifice_offers(three, "cultists", "burn 1")
    assert offers["action ACT2"] == 2
    state = apply(three, "cultists", "burn 1. burn 2. action ACT2")
    assert state.factions["cultists"].p == cultists.p + 1

    build = "upgrade E6 to TP"
    offers = sacrifice_offers(three, "cultists", build)
    assert offers["convert 1PW to 1C"] == 1
    assert not any(row.startswith("action") for row in offers)  # the action is taken
    built = apply(three, "cultists", build)
    state = apply(three, "cultists", f"{build}. burn 1. convert 1PW to 1C")
    assert state.factions["cultists"].c == built.factions["cultists"].c + 1
    assert sacrifice_offers(three, "cultists", "upgrade F4 to TP") == {}  # not theirs: refused


def test_yu10_transform_and_build_report_each_part(three):
    # Seed 001 §5.3: if only the transform or only the build is possible, the other part is
    # shown as unavailable.
    assert transform_and_build(three, "cultists", "B1") == {
        "transform": "dig 1. transform B1 to brown",
        "build": "dig 1. build B1",
    }
    three.factions["cultists"].c = 0  # a dwelling costs coins, the spade only workers
    assert transform_and_build(three, "cultists", "B1") == {
        "transform": "dig 1. transform B1 to brown",
        "build": None,
    }


def test_yu10_the_part_not_possible_names_the_rule_it_breaks(three):
    # Seed 001 §5.3: the part that cannot be done is shown as unavailable, here with the rule.
    cultists = three.factions["cultists"]
    cultists.c = 0
    report = transform_and_build_report(three, "cultists", "B1")
    assert report["transform"] == {
        "row": "dig 1. transform B1 to brown",
        "reason": "",
        "short": {},
    }
    assert report["build"] == {
        "row": None,
        "reason": "a dwelling costs 1W 2C; cultists have 0 coins",
        "short": {"C": 2},
    }
    cultists.c, cultists.w = 20, 1  # not even the spade (3 workers), nor then the dwelling
    report = transform_and_build_report(three, "cultists", "B1")
    reason = "digging 1 spade(s) costs 3W; cultists have 1 workers"
    assert report == {
        "transform": {"row": None, "reason": reason, "short": {"W": 2}},
        "build": {"row": None, "reason": reason, "short": {"W": 3}},
    }
    assert transform_and_build_report(three, "cultists", "E6")["build"] == {
        "row": None,
        "reason": "E6 already holds a dwelling",
        "short": {},
    }


def test_yu06_with_wait_for_leech_the_next_turn_waits_for_every_answer():
    # Seed 001 §5.1: the builder's turn is paused while an opponent must decide.
    state = start_round_one(THREE, THREE_BONUS, options=(*LEAGUE_OPTIONS, "wait-for-leech"))
    state = apply(state, "cultists", "upgrade E6 to TP")
    assert {(d.actor, d.kind) for d in waiting_for(state)} == {
        ("witches", "leech"),
        ("engineers", "leech"),
    }
    with pytest.raises(RuleError, match="waits until engineers answer"):
        apply_player_logged(state, "witches", "upgrade F4 to TP")
    state, _ = apply_player_logged(state, "witches", "leech 1 from cultists")
    state, _ = apply_player_logged(state, "engineers", "decline 1 from cultists")
    assert ("witches", "action") in {(d.actor, d.kind) for d in waiting_for(state)}
    state, _ = apply_player_logged(state, "cultists", "+WATER")
    state, _ = apply_player_logged(state, "witches", "upgrade F4 to TP")
    assert state.building["F4"] == "TP"


@pytest.mark.parametrize("seed", range(4))
def test_yu06_random_games_with_wait_for_leech_play_to_the_end(seed):
    state, _ = random_playout(seed, 3 + seed % 3, (*DEFAULT_OPTIONS, "wait-for-leech"))
    assert state.finished


@pytest.fixture
def sacrifice_only():
    """As ``three``, with Yucata's power sacrifice rule; the Cultists hold 5/7/1 power."""
    state = start_round_one(THREE, THREE_BONUS, options=(*LEAGUE_OPTIONS, "yucata-power-sacrifice"))
    cultists = state.factions["cultists"]
    cultists.p1, cultists.p2, cultists.p3 = 4, 7, 1
    return state


@pytest.mark.parametrize(
    ("row", "rule"),
    [
        ("burn 1", "a burn goes with the power action"),
        ("burn 1. upgrade E6 to TP", "a burn goes with the power action"),
        ("burn 1. convert 1PW to 1C", "bowl III held 1 power, enough"),
        ("burn 3. action ACT2", "lacked 2 power in bowl III: burn only that many"),
    ],
)
def test_yu09_power_is_sacrificed_only_for_what_bowl_three_cannot_pay(sacrifice_only, row, rule):
    # Seed 001 "Machtopfer": only "falls ihr für eine Machtaktion oder einen Materialtausch
    # nicht genügend Macht in Schale III habt", and "zusätzlich zur eigentlichen Aktion".
    with pytest.raises(RuleError, match=rule):
        apply(sacrifice_only, "cultists", row)
    assert not any(r.startswith("burn") for r in legal_commands(sacrifice_only, "cultists"))
    assert sacrifice_offers(sacrifice_only, "cultists")["action ACT2"] == 2
    state = apply(sacrifice_only, "cultists", "burn 2. action ACT2")
    assert state.factions["cultists"].p3 == 0
    # Two conversions of one unit each: the burn pays what they lack together.
    state = apply(sacrifice_only, "cultists", "burn 1. convert 1PW to 1C. convert 1PW to 1C")
    assert state.factions["cultists"].p3 == 0


def test_yu09_without_the_option_burning_is_free_as_on_terra_snellman_net(three):
    p3 = three.factions["cultists"].p3
    assert "burn 1" in legal_commands(three, "cultists")
    assert apply(three, "cultists", "burn 1").factions["cultists"].p3 == p3 + 1
