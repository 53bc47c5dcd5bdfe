"""Moving ships (steps, canals, the extra step for power) and trading: the rulebook's two
examples, the rewards of every building type, the owner's power, markers and limits."""

from __future__ import annotations

import pytest

from games.rules.core import RuleError
from games.rules.terra_mystica.engine import apply
from games.rules.terra_mystica.legal import legal_commands
from games.rules.terra_mystica.state import GameState
from games.rules.terra_mystica.views import waiting_for

from .helpers import act, give_turn, merchants_of, play_setup, put, rich, set_ships


def cultists_and_nomads() -> GameState:
    state = play_setup(
        {"cultists": ["E6", "B2"], "nomads": ["D3", "F3", "A5"]},
        {"cultists": "E6", "nomads": "D3"},
        {"cultists": "BON3", "nomads": "BON4"},
    )
    put(state, "nomads", "F3", "TE")
    put(state, "nomads", "D3", "SH")
    merchants_of(state, "cultists")["traded"] = ["D3"]  # traded with in an earlier round
    merchants_of(state, "cultists")["markers"] = 14
    rich(state, "cultists", ship=3, p1=5, p2=4, p3=3)
    set_ships(state, "cultists", "r15", "r8")
    give_turn(state, "cultists")
    return state


def test_cultists_example_three_steps_to_the_temple_and_four_through_the_canal():
    state = cultists_and_nomads()
    with pytest.raises(RuleError, match="already traded with the building on D3"):
        apply(state, "cultists", "action ACTMV. sail r15-r14-D3")
    before = state.factions["cultists"]
    state = apply(state, "cultists", "action ACTMV. sail r15-r14-r21-F3. sail r8-r14-r21-r28-r32")
    f = state.factions["cultists"]
    # The fourth step of the second ship: 1 power from bowl III to bowl I.
    assert (f.p1, f.p3) == (before.p1 + 1, before.p3 - 1)
    assert sorted(merchants_of(state, "cultists")["ships"]) == ["F3", "r32"]
    assert "trade" in [d.kind for d in waiting_for(state) if d.actor == "cultists"]
    assert [r for r in legal_commands(state, "cultists") if r.startswith("trade")] == [
        "trade F3 for PW",
        "trade F3 for FIRE",
        "trade F3 for WATER",
        "trade F3 for EARTH",
        "trade F3 for AIR",
    ]


def test_the_canal_is_one_step_and_nothing_without_it():
    state = cultists_and_nomads()
    assert state.merchants is not None
    state.merchants["canals"] = []
    with pytest.raises(RuleError, match="cannot go from r14 to r21"):
        apply(state, "cultists", "action ACTMV. sail r15-r14-r21-F3")


def test_steps_are_limited_to_shipping_plus_one_paid_step():
    state = cultists_and_nomads()
    with pytest.raises(RuleError, match="goes 3 step\\(s\\), 4 for 1 power"):
        apply(state, "cultists", "action ACTMV. sail r8-r14-r21-r28-r32-r33")
    rich(state, "cultists", p3=0)
    with pytest.raises(RuleError, match="extra step costs 1 power from bowl III"):
        apply(state, "cultists", "action ACTMV. sail r8-r14-r21-r28-r32")


def test_ships_never_enter_empty_land_or_own_buildings_and_not_twice_one_building():
    state = cultists_and_nomads()
    with pytest.raises(RuleError, match="never enter empty land"):
        apply(state, "cultists", "action ACTMV. sail r15-C2")
    with pytest.raises(RuleError, match="never enter their own buildings"):
        apply(state, "cultists", "action ACTMV. sail r15-E6")
    with pytest.raises(RuleError, match="another cultists ship already goes to F3"):
        apply(state, "cultists", "action ACTMV. sail r15-r14-r21-F3. sail r8-r14-r21-F3")
    with pytest.raises(RuleError, match="ends when it enters a building"):
        apply(state, "cultists", "action ACTMV. sail r15-r14-D3-r14")
    merchants_of(state, "cultists")["markers"] = 0
    merchants_of(state, "cultists")["traded"] = []
    with pytest.raises(RuleError, match="no trade marker left"):
        apply(state, "cultists", "action ACTMV. sail r15-r14-r21-F3")


def test_the_move_action_once_per_round_and_the_power_action():
    state = cultists_and_nomads()
    state = apply(state, "cultists", "action ACTMV. sail r8-r14")
    give_turn(state, "cultists")
    with pytest.raises(RuleError, match="ACTMV has already been used this round"):
        apply(state, "cultists", "action ACTMV. sail r14-r15")
    p3 = state.factions["cultists"].p3
    rich(state, "cultists", p3=4)
    state = apply(state, "cultists", "action ACT7. sail r14-r15")
    assert state.factions["cultists"].p3 == 0 and p3 == 3
    assert "ACT7" in state.blocked


def test_temple_trade_for_a_cult_step_and_the_owner_offered_two():
    state = cultists_and_nomads()
    state = apply(state, "cultists", "action ACTMV. sail r15-r14-r21-F3")
    vp, water = state.factions["cultists"].vp, state.factions["cultists"].cult[1]
    state = apply(state, "cultists", "trade F3 for WATER")
    f = state.factions["cultists"]
    assert (f.vp, f.cult[1]) == (vp + 1 + 2, water + 1)  # 2 VP: round tile SCORE18
    offers = [d for d in waiting_for(state) if d.kind == "leech"]
    assert [(d.actor, d.amount, d.from_faction) for d in offers] == [("nomads", 2, "cultists")]
    m = merchants_of(state, "cultists")
    assert m["traded"] == ["D3", "F3"] and m["markers"] == 13 and m["ships"] == ["r8"]
    # The Cultists' ability never reacts to trade power: nothing owed when Nomads take it.
    state = apply(state, "nomads", "leech 2 from cultists")
    assert state.factions["cultists"].cult_steps == 0


def chaos_magicians_example() -> GameState:
    state = play_setup(
        {"chaosmagicians": ["D4"], "witches": ["F2", "F4"], "halflings": ["E6", "B2"]},
        {"chaosmagicians": "D4", "witches": "F2", "halflings": "E6"},
        {"chaosmagicians": "BON3", "witches": "BON4", "halflings": "BON11"},
    )
    put(state, "halflings", "E6", "SH")
    rich(state, "chaosmagicians", ship=1, p1=3, p2=5, p3=2, c=10, w=5)
    set_ships(state, "chaosmagicians", "r27", "r9", "r33")
    give_turn(state, "chaosmagicians")
    return state


def test_chaos_magicians_example_two_trades_and_a_dwelling():
    state = chaos_magicians_example()
    state = apply(
        state,
        "chaosmagicians",
        "action ACTMV. sail r27-F2. sail r9-r15-E6. sail r33-r32-r28",
    )
    f = state.factions["chaosmagicians"]
    assert (f.p1, f.p3) == (5, 0)  # two extra steps, 1 power each
    vp, w, c = f.vp, f.w, f.c
    state = apply(state, "chaosmagicians", "trade F2")  # the Witches' dwelling
    f = state.factions["chaosmagicians"]
    assert (f.vp, f.w) == (vp + 1 + 2, w + 1)  # 2 VP: round tile SCORE18
    state = apply(state, "chaosmagicians", "trade E6. transform F3 to red. build F3")
    f = state.factions["chaosmagicians"]
    # 2 VP and 2 coins for the stronghold; the desert beside the third ship became a
    # wasteland with the free spade, and the dwelling was paid as usual (1 W, 2 C).
    assert (f.vp, f.c, f.w) == (vp + 3 + 4, c + 2 - 2, w + 1 - 1)
    assert state.building["F3"] == "D" and state.owner["F3"] == "chaosmagicians"
    m = merchants_of(state, "chaosmagicians")
    assert sorted(m["traded"]) == ["E6", "F2"] and m["markers"] == 13
    assert m["ships"] == ["r28"]  # the third ship stays on the river
    offers = {(d.actor, d.amount) for d in waiting_for(state) if d.kind == "leech"}
    assert ("witches", 1) in offers and ("halflings", 3) in offers
    state = apply(state, "witches", "leech 1 from chaosmagicians")
    state = apply(state, "halflings", "decline 3 from chaosmagicians")
    # Next turn: the dwelling west of the ship (G1 would need a transformation; the
    # ship makes its neighbours reachable).
    assert "G1" not in state.building


def test_trading_house_sanctuary_and_shipyard_rewards():
    state = chaos_magicians_example()
    put(state, "witches", "F4", "SA")
    put(state, "witches", "F2", "SY")
    put(state, "halflings", "B2", "TP")
    set_ships(state, "chaosmagicians", "r27", "r22", "r8")
    state = apply(state, "chaosmagicians", "action ACTMV. sail r27-F2. sail r22-F4. sail r8-B2")
    with pytest.raises(RuleError, match="takes a choice"):
        apply(state, "chaosmagicians", "trade F4")
    f = state.factions["chaosmagicians"]
    vp, c, p, power = f.vp, f.c, f.p, f.p1 + 2 * f.p2 + 3 * f.p3
    state = act(state, "chaosmagicians", "trade B2", "trade F4 for P")
    f = state.factions["chaosmagicians"]
    assert (f.vp, f.c, f.p) == (vp + 3 + 4, c + 1, p + 1)  # SCORE18: 2 VP a trade
    assert f.p1 + 2 * f.p2 + 3 * f.p3 == power + 2  # 2 power from the trading house
    state = apply(state, "chaosmagicians", "trade F2 for SHIP")
    m = merchants_of(state, "chaosmagicians")
    # The shipyard trade puts the ship back beside the dock instead of into the supply.
    assert m["place"] == 1 and m["ships"] == []
    assert "ship" in [d.kind for d in waiting_for(state) if d.actor == "chaosmagicians"]
    state = apply(state, "chaosmagicians", "ship r9")
    assert merchants_of(state, "chaosmagicians")["ships"] == ["r9"]
    offers = {(d.actor, d.amount) for d in waiting_for(state) if d.kind == "leech"}
    assert offers == {("witches", 3), ("halflings", 2)}  # sanctuary + shipyard, trading house


def test_shipyard_trade_can_reset_the_move_action():
    state = chaos_magicians_example()
    put(state, "witches", "F2", "SY")
    state = act(state, "chaosmagicians", "action ACTMV. sail r27-F2", "trade F2 for ACTMV")
    assert "ACTMV/chaosmagicians" not in state.blocked
    give_turn(state, "chaosmagicians")
    state = apply(state, "chaosmagicians", "action ACTMV. sail r9-r15")
    assert "ACTMV/chaosmagicians" in state.blocked


def test_one_trade_per_building_and_faction_but_others_may_trade_there():
    state = chaos_magicians_example()
    state = act(state, "chaosmagicians", "action ACTMV. sail r27-F2", "trade F2")
    set_ships(state, "chaosmagicians", "r27")
    state.blocked.remove("ACTMV/chaosmagicians")
    give_turn(state, "chaosmagicians")
    with pytest.raises(RuleError, match="already traded"):
        apply(state, "chaosmagicians", "action ACTMV. sail r27-F2")
    set_ships(state, "halflings", "r26")
    rich(state, "halflings", ship=1)
    give_turn(state, "halflings")
    state = act(state, "halflings", "action ACTMV. sail r26-F2", "trade F2")
    assert merchants_of(state, "halflings")["traded"] == ["F2"]


def trading_with_the_halflings_stronghold(trader: str) -> GameState:
    """``trader`` (red start) has sailed to the Halflings' stronghold E6; the trade waits."""
    from .helpers import OPTIONS

    kw = {} if trader == "giants" else {"options": (*OPTIONS, "fire-and-ice-factions/volcano")}
    state = play_setup(
        {trader: ["D4", "E3"], "halflings": ["E6", "B2"]},
        {trader: "D4", "halflings": "E6"},
        {trader: "BON3", "halflings": "BON4"},
        colours={trader: "red"},
        **kw,
    )
    put(state, "halflings", "E6", "SH")
    set_ships(state, trader, "r15")
    rich(state, trader, p3=0, ship=1)
    give_turn(state, trader)
    return apply(state, trader, "action ACTMV. sail r15-E6")


@pytest.mark.parametrize(
    ("trader", "colour", "expect"),
    [("giants", "red", "two spades"), ("dragonlords", None, "a chip"), ("acolytes", None, "cult")],
)
def test_stronghold_trade_faction_changes(trader, colour, expect):
    state = trading_with_the_halflings_stronghold(trader)
    f = state.factions[trader]
    if expect == "two spades":
        state = apply(state, trader, "trade E6")
        assert state.factions[trader].spade == 2
    elif expect == "a chip":
        chips, p1 = f.chips, f.p1
        state = apply(state, trader, "trade E6")
        assert (state.factions[trader].chips, state.factions[trader].p1) == (chips + 1, p1 + 1)
        assert state.factions[trader].spade == 0
    else:
        air = f.cult[3]
        state = apply(state, trader, "trade E6 for AIR")
        assert state.factions[trader].cult[3] == air + 2


def test_spades_from_the_giants_stronghold_never_turn_a_wasteland():
    state = play_setup(
        {"witches": ["F2", "F4"], "giants": ["D4", "E3"]},
        {"witches": "F2", "giants": "D4"},
        {"witches": "BON3", "giants": "BON4"},
    )
    put(state, "giants", "D4", "SH")
    set_ships(state, "witches", "r15")
    rich(state, "witches", ship=1)
    state.terrain["E6"] = "red"
    give_turn(state, "witches")
    state = apply(state, "witches", "action ACTMV. sail r15-D4")
    with pytest.raises(RuleError, match="cannot transform red"):
        apply(state, "witches", "trade D4. transform E6 to gray")
    state = apply(state, "witches", "trade D4. transform F3")  # desert: allowed
    assert state.terrain["F3"] != "yellow"


def test_the_last_player_resolves_the_trades_before_another_action():
    state = cultists_and_nomads()
    state.factions["nomads"].passed = True
    state = apply(state, "cultists", "action ACTMV. sail r15-r14-r21-F3")
    with pytest.raises(RuleError, match="first resolve their trades"):
        apply(state, "cultists", "pass BON1")
    state = apply(state, "cultists", "trade F3 for PW. pass BON1")
    assert state.factions["cultists"].passed
