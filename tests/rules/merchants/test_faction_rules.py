"""Faction rules of the expansion not covered elsewhere: the Auren's and Shapeshifters'
shipyard extras, the Swarmlings' and Riverwalkers' extra steps, phase-III spades beside a
ship."""

from __future__ import annotations

import pytest

from games.rules.core import RuleError
from games.rules.terra_mystica.building import check_reachable
from games.rules.terra_mystica.context import Game
from games.rules.terra_mystica.engine import apply
from games.rules.terra_mystica.legal import legal_commands
from games.rules.terra_mystica.state import GameState
from games.rules.terra_mystica.views import waiting_for

from .helpers import OPTIONS, act, give_turn, merchants_of, play_setup, put, rich, set_ships


def test_auren_shipyard_adds_two_steps_on_one_cult_track():
    state = play_setup(
        {"auren": ["F2", "F4"], "giants": ["D4", "E3"]},
        {"auren": "F2", "giants": "D4"},
        {"auren": "BON3", "giants": "BON4"},
    )
    put(state, "auren", "F2", "TP")
    rich(state, "auren", w=9, c=20)
    give_turn(state, "auren")
    state = apply(state, "auren", "upgrade F2 to SY")
    kinds = {d.kind for d in waiting_for(state) if d.actor == "auren"}
    assert {"cult", "ship"} <= kinds
    fire = state.factions["auren"].cult[0]
    state = act(state, "auren", "+2FIRE", "ship r20")
    assert state.factions["auren"].cult[0] == fire + 2


def test_shapeshifters_change_home_with_the_shipyard():
    state = play_setup(
        {"shapeshifters": ["F2", "F4"], "giants": ["D4", "E3"]},
        {"shapeshifters": "F2", "giants": "D4"},
        {"shapeshifters": "BON3", "giants": "BON4"},
        colours={"shapeshifters": "green"},
        options=(*OPTIONS, "fire-and-ice-factions/variable"),
    )
    put(state, "shapeshifters", "F2", "TP")
    rich(state, "shapeshifters", w=9, c=20)
    give_turn(state, "shapeshifters")
    state = apply(state, "shapeshifters", "upgrade F2 to SY")
    assert "pick-color" in {d.kind for d in waiting_for(state) if d.actor == "shapeshifters"}
    state = act(state, "shapeshifters", "pick-color yellow", "ship r20")
    assert state.factions["shapeshifters"].color == "yellow"


def _with_a_ship(
    name: str, homes: list[str], *, p2: int, p3: int, ship: int = 0, **setup_kw
) -> GameState:
    """``name`` (against the Giants) with a ship on r14, on turn; shipping 0 by default, so
    that every step is an extra one."""
    state = play_setup(
        {name: homes, "giants": ["D4", "E3"]},
        {name: homes[0], "giants": "D4"},
        {name: "BON3", "giants": "BON4"},
        **setup_kw,
    )
    rich(state, name, ship=ship, p1=5, p2=p2, p3=p3)
    set_ships(state, name, "r14")
    give_turn(state, name)
    return state


def _swarmlings_with_a_ship(p2: int, p3: int, ship: int = 0) -> GameState:
    return _with_a_ship("swarmlings", ["E4", "D2"], p2=p2, p3=p3, ship=ship)


def test_swarmlings_pay_the_extra_step_from_bowl_two():
    state = _swarmlings_with_a_ship(p2=4, p3=0)
    state = apply(state, "swarmlings", "action ACTMV. sail r14-r15")
    f = state.factions["swarmlings"]
    assert (f.p1, f.p2, f.p3) == (6, 3, 0)


# Seed 003 (rulebook, Swarmlings): "dürfen sie die Macht alternativ auch aus Schale II in
# Schale I verschieben" -- the player chooses the bowl for each ship's extra step.
@pytest.mark.parametrize(
    ("row", "bowls"),
    [
        ("action ACTMV. sail r14-r15", (6, 4, 1)),  # default: bowl III
        ("action ACTMV. sail r14-r15 from bowl III", (6, 4, 1)),
        ("action ACTMV. sail r14-r15 from bowl II", (6, 3, 2)),
        ("action ACTMV. SAIL R14-R15 FROM BOWL ii", (6, 3, 2)),
    ],
)
def test_swarmlings_choose_the_bowl_paying_the_extra_step(row, bowls):
    state = apply(_swarmlings_with_a_ship(p2=4, p3=2), "swarmlings", row)
    f = state.factions["swarmlings"]
    assert (f.p1, f.p2, f.p3) == bowls
    assert merchants_of(state, "swarmlings")["ships"] == ["r15"]


def test_swarmlings_are_offered_both_bowls_when_both_can_pay():
    rows = legal_commands(_swarmlings_with_a_ship(p2=4, p3=2), "swarmlings")
    assert "action ACTMV. sail r14-r15 from bowl II" in rows
    assert "action ACTMV. sail r14-r15 from bowl III" in rows
    assert "action ACTMV. sail r14-r15" not in rows
    only_two = legal_commands(_swarmlings_with_a_ship(p2=4, p3=0), "swarmlings")
    assert "action ACTMV. sail r14-r15" in only_two
    assert not any("from bowl" in r for r in only_two)


def test_the_bowl_marker_is_refused_where_it_cannot_pay():
    with pytest.raises(RuleError, match="from bowl III needs 1 power there"):
        apply(
            _swarmlings_with_a_ship(p2=4, p3=0),
            "swarmlings",
            "action ACTMV. sail r14-r15 from bowl III",
        )
    state = _swarmlings_with_a_ship(p2=4, p3=2, ship=1)
    with pytest.raises(RuleError, match="takes no extra step"):
        apply(state, "swarmlings", "action ACTMV. sail r14-r15 from bowl II")


def test_only_the_swarmlings_pay_an_extra_step_from_bowl_two():
    state = _with_a_ship("auren", ["F2", "F4"], p2=4, p3=2)
    with pytest.raises(RuleError, match="only the Swarmlings"):
        apply(state, "auren", "action ACTMV. sail r14-r15 from bowl II")
    assert not any("from bowl" in r for r in legal_commands(state, "auren"))


def riverwalkers_with_a_ship() -> GameState:
    """Blue Riverwalkers, shipping 1, with a ship on r14, on turn."""
    return _with_a_ship(
        "riverwalkers",
        ["E4", "D2"],
        p2=4,
        p3=2,
        ship=1,
        colours={"riverwalkers": "blue"},
        options=(*OPTIONS, "fire-and-ice-factions/variable"),
    )


def test_riverwalkers_take_up_to_three_steps_for_one_power():
    state = riverwalkers_with_a_ship()
    state = apply(state, "riverwalkers", "action ACTMV. sail r14-r15-r9-r2")
    assert merchants_of(state, "riverwalkers")["ships"] == ["r2"]
    assert state.factions["riverwalkers"].p3 == 1
    give_turn(state, "riverwalkers")
    state.blocked.remove("ACTMV/riverwalkers")
    with pytest.raises(RuleError, match="goes 1 step\\(s\\), 4 for 1 power"):
        apply(state, "riverwalkers", "action ACTMV. sail r2-r9-r15-r14-r21-r28")


def test_phase_three_spades_reach_land_beside_a_ship():
    state = play_setup(
        {"alchemists": ["C1", "E5"], "witches": ["F2", "F4"]},
        {"alchemists": "C1", "witches": "F2"},
        {"alchemists": "BON3", "witches": "BON4"},
    )
    f = state.factions["alchemists"]
    f.passed = True  # the round's end: the cult bonus spade
    g = Game(state)
    with pytest.raises(RuleError, match="cannot reach I4"):
        check_reachable(g, f, "I4")
    set_ships(state, "alchemists", "r31")
    assert check_reachable(g, f, "I4") == ({}, {}, False)


def test_nomads_sandstorm_beside_a_ship_only_with_a_dwelling_paid_by_it():
    state = play_setup(
        {"nomads": ["D3", "F3", "A5"], "witches": ["F2", "F4"]},
        {"nomads": "D3", "witches": "F2"},
        {"nomads": "BON3", "witches": "BON4"},
    )
    put(state, "nomads", "A5", "SH")
    set_ships(state, "nomads", "r31")
    give_turn(state, "nomads")
    with pytest.raises(RuleError, match="needs 'build I4 with ship'"):
        apply(state, "nomads", "action ACTN. transform I4 to yellow")
    with pytest.raises(RuleError, match="needs 'build I4 with ship'"):
        apply(state, "nomads", "action ACTN. transform I4 to yellow. build I4")
    state = apply(state, "nomads", "action ACTN. transform I4 to yellow. build I4 with ship")
    assert state.owner["I4"] == "nomads"
    assert merchants_of(state, "nomads")["ships"] == []
