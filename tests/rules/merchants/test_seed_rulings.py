"""Rules of seed 003 the engine followed too loosely: each test names the rule, and the
decisions where the seed is silent are in docs/merchants.md ("Decisions")."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.core import RuleError
from games.rules.terra_mystica.autoleech import AutoLeechSettings, automatic_answer
from games.rules.terra_mystica.engine import apply, new_game
from games.rules.terra_mystica.legal import legal_commands
from games.rules.terra_mystica.sacrifice import sacrifice_offers
from games.rules.terra_mystica.setup import random_setup
from games.rules.terra_mystica.state import GameState

from .helpers import OPTIONS, merchants_of, merchants_setup, put, rich, set_ships
from .test_faction_rules import riverwalkers_with_a_ship
from .test_sailing_and_trading import (
    chaos_magicians_example,
    cultists_and_nomads,
    trading_with_the_halflings_stronghold,
)
from .test_shipyard_and_ships import alchemists_and_witches
from .test_tiles_and_actions import hold_bonus


def chaos_magicians_trading_on_f2() -> GameState:
    """The Chaos Magicians' ships on the Witches' dwelling F2 and the Halflings' stronghold
    E6, both trades waiting, the third on r28 beside F3; F1 and E3 lie only beside F2."""
    state = chaos_magicians_example()
    row = "action ACTMV. sail r27-F2. sail r9-r15-E6. sail r33-r32-r28"
    return apply(state, "chaosmagicians", row)


@pytest.mark.parametrize(
    "row",
    [
        "trade E6. transform F1 to red. build F1",
        "trade E6. transform F1 to red. build F1 with ship",
        "trade E6. build E3 with ship",
    ],
)
def test_only_a_ship_on_a_river_hex_makes_land_indirectly_adjacent(row):
    state = chaos_magicians_trading_on_f2()
    with pytest.raises(
        RuleError, match=r"cannot reach F1|no chaosmagicians ship lies beside E3 on a river"
    ):
        apply(state, "chaosmagicians", row)
    assert not [r for r in legal_commands(state, "chaosmagicians") if "F1" in r or "E3" in r]


def test_the_trading_ship_stays_until_its_trade_is_done():
    state = chaos_magicians_trading_on_f2()
    state = apply(state, "chaosmagicians", "trade E6. transform F3 to red. build F3")
    assert legal_commands(state, "chaosmagicians")[0] == "trade F2"
    state = apply(state, "chaosmagicians", "trade F2")
    assert sorted(merchants_of(state, "chaosmagicians")["traded"]) == ["E6", "F2"]
    assert merchants_of(state, "chaosmagicians")["ships"] == ["r28"]


FINAL_TILE = "merchants-of-the-seas/final-tile"
# A few hexes around the trades of the two examples, a river hex and two that do not exist.
HEXES = ("F2", "E6", "F1", "E3", "F3", "D4", "B2", "r27", "r28", "r15", "r9", "Z9", "r99")
_hex = st.sampled_from(HEXES)
_command = st.one_of(
    st.builds(
        "sail {}{}".format,
        st.lists(_hex, min_size=1, max_size=4).map("-".join),
        st.sampled_from(("", " from bowl II", " from bowl III")),
    ),
    st.builds(
        "trade {}{}".format,
        _hex,
        st.sampled_from(("", " for PW", " for SHIP", " for ACTMV", " for FIRE", " for X")),
    ),
    st.builds("build {} with ship".format, _hex),
    st.builds("build {}".format, _hex),
    st.builds("transform {} to red".format, _hex),
    st.builds("ship {}".format, _hex),
    st.builds("upgrade {} to SY".format, _hex),
    st.sampled_from(
        (
            "action ACTMV",
            "action ACT7",
            "action ACT8",
            "action ACTSY",
            "action BON13",
            "choose ship",
            "choose priest FIRE",
            "pass BON1",
        )
    ),
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    start=st.integers(0, 2),
    rows=st.lists(st.lists(_command, min_size=1, max_size=3), min_size=1, max_size=3),
)
def test_any_merchants_row_is_played_or_refused_with_a_rule(start, rows):
    state = _starts()[start]
    actor = "cultists" if start == 1 else "chaosmagicians"
    for row in rows:
        try:
            state = apply(state, actor, ". ".join(row))
        except RuleError:
            continue
        legal_commands(state, actor)  # never an exception: the game goes on


@cache
def _starts() -> tuple[GameState, ...]:
    return chaos_magicians_example(), cultists_and_nomads(), chaos_magicians_trading_on_f2()


@pytest.mark.parametrize("auction", ["faction-auction", "fast-auction"])
def test_the_auction_never_offers_a_faction_the_expansion_refuses(auction):
    options = (*OPTIONS, "fire-and-ice-factions/ice", "fire-and-ice-factions/volcano", auction)
    offered = {
        name
        for seed in range(40)
        for name in random_setup(f"auction-{seed}", 5, options).auction_factions
    }
    assert not offered & {"fakirs", "dwarves"}
    assert {"nomads", "engineers"} <= offered  # their boards show the other side
    tiles = random_setup("auction-0", 2, options)
    for refused in ("fakirs", "dwarves"):
        with pytest.raises(RuleError, match=f"{refused.capitalize()}' reach track"):
            replace(tiles, auction_factions=(refused, "witches"))


def two_stronghold_trades() -> GameState:
    state = chaos_magicians_example()
    put(state, "witches", "F2", "SH")
    return apply(state, "chaosmagicians", "action ACTMV. sail r27-F2. sail r9-r15-E6")


def test_the_second_stronghold_spade_goes_elsewhere_only_once_the_first_hex_is_home():
    state = apply(two_stronghold_trades(), "chaosmagicians", "trade E6. transform C3 to gray")
    with pytest.raises(RuleError, match="only once the first is red: transform C3 first"):
        apply(state, "chaosmagicians", "trade F2. transform E7 to red")
    assert "trade F2. transform E7 to red" not in legal_commands(state, "chaosmagicians")
    state = apply(state, "chaosmagicians", "trade F2. transform C3 to red. build C3")
    assert state.owner["C3"] == "chaosmagicians"


def test_a_hex_turned_home_frees_the_next_stronghold_spade_for_another_hex():
    state = two_stronghold_trades()
    state = apply(state, "chaosmagicians", "trade E6. transform E7 to red. build E7")
    state = apply(state, "chaosmagicians", "trade F2. transform C3 to gray")
    assert (state.terrain["E7"], state.terrain["C3"]) == ("red", "gray")


def test_land_beside_a_ship_is_indirectly_adjacent_for_the_riverwalkers_too():
    state = riverwalkers_with_a_ship()
    set_ships(state, "riverwalkers", "r2")
    state.terrain["A7"] = "blue"  # beside r2, far beyond the Riverwalkers' shipping 1
    assert {"build A7", "build A7 with ship"} <= set(legal_commands(state, "riverwalkers"))
    state = apply(state, "riverwalkers", "build A7 with ship")
    assert state.owner["A7"] == "riverwalkers"
    assert merchants_of(state, "riverwalkers")["ships"] == []


def test_the_acolytes_may_take_the_stronghold_trade_spade_instead_of_two_cult_steps():
    state = trading_with_the_halflings_stronghold("acolytes")
    rows = legal_commands(state, "acolytes")
    assert {"trade E6", "trade E6 for AIR"} <= set(rows)
    assert apply(state, "acolytes", "trade E6 for AIR").factions["acolytes"].cult[3] == 5
    # Without the choice: the transform-and-build action; the free spade is worth 1 cult
    # step to them, and the volcano is paid with cult steps as always.
    state = apply(state, "acolytes", "trade E6. +FIRE. dig 1. build C3. -3FIRE")
    assert state.owner["C3"] == "acolytes" and state.terrain["C3"] == "volcano"


def _final_tiles(options: tuple[str, ...]) -> set[tuple[str, ...]]:
    return {random_setup(f"final-{seed}", 3, options).final_scoring_tiles for seed in range(12)}


def test_the_trade_marker_final_tile_is_optional_without_the_fire_and_ice_tiles():
    assert _final_tiles(OPTIONS) == {()}
    assert _final_tiles((*OPTIONS, FINAL_TILE)) == {("most-trade-markers",)}
    with pytest.raises(RuleError, match="needs the option merchants-of-the-seas"):
        random_setup("final", 3, ("strict-leech", FINAL_TILE))


def test_the_trade_marker_final_tile_is_drawn_or_chosen_with_the_fire_and_ice_tiles():
    fire_and_ice = (*OPTIONS, "fire-and-ice-final-scoring")
    assert len(_final_tiles(fire_and_ice)) > 1
    assert _final_tiles((*fire_and_ice, FINAL_TILE)) == {("most-trade-markers",)}


@pytest.mark.parametrize("action", ["ACT8", "ACTSY", "BON14"])
def test_no_ship_action_when_no_further_ship_can_be_gained(action):
    def ready() -> GameState:
        state = alchemists_and_witches()
        put(state, "alchemists", "E5", "SY")
        merchants_of(state, "alchemists")["dock"] = "C1"
        hold_bonus(state, "alchemists", "BON14")
        return state

    state = ready()
    assert f"action {action}" in legal_commands(state, "alchemists")
    set_ships(state, "alchemists", "r0", "r1", "r7")
    with pytest.raises(RuleError, match="cannot gain another ship: all 3 are on the map"):
        apply(state, "alchemists", f"action {action}")
    assert f"action {action}" not in legal_commands(state, "alchemists")
    state = ready()
    merchants_of(state, "alchemists")["dock"] = None
    merchants_of(state, "alchemists")["shipyard"] = None
    with pytest.raises(RuleError, match="no ship before their dock or shipyard"):
        apply(state, "alchemists", f"action {action}")


def test_the_expansion_starting_vp_and_canal_hold_on_the_original_board_with_2017_vp():
    vp_2017 = "91645cdb135773c2a7a50e5ca9cb18af54c664c4"  # "Original [2017 vp]"
    state = new_game(merchants_setup(2, map_id=vp_2017))
    state = apply(state, "player1", "setup auren")
    state = apply(state, "player2", "setup giants")
    assert (state.factions["auren"].vp, state.factions["giants"].vp) == (25, 30)
    assert state.merchants is not None and state.merchants["canals"] == [["r14", "r21"]]


def test_a_cultists_trade_offer_is_answered_like_any_other_by_automatic_answers():
    state = cultists_and_nomads()
    put(state, "nomads", "D4", "D")
    state = apply(state, "cultists", "action ACTMV. sail r15-D4")
    state = apply(state, "cultists", "trade D4")
    # 1 power that gives the Cultists nothing is free: taken without asking.
    assert automatic_answer(state, {"nomads": AutoLeechSettings()}) == (
        "nomads",
        "leech 1 from cultists",
    )


@pytest.mark.parametrize("options", [(), ("yucata-power-sacrifice",)])
def test_a_ship_step_that_only_a_burn_pays_for_is_offered_with_the_burn(options):
    state = cultists_and_nomads()
    state.setup = replace(state.setup, options=(*state.setup.options, *options))
    rich(state, "cultists", p1=8, p2=4, p3=0)
    four_steps = "sail r8-r14-r21-r20-r27"  # shipping 3: the fourth step costs 1 power
    row = f"action ACTMV. {four_steps}"
    assert row not in legal_commands(state, "cultists")
    assert sacrifice_offers(state, "cultists")[row] == 1
    assert sacrifice_offers(state, "cultists", "action ACTMV")[four_steps] == 1
    state = apply(state, "cultists", f"burn 1. {row}")
    f = state.factions["cultists"]
    assert (f.p1, f.p2, f.p3) == (9, 2, 0) and f.burned == 1
