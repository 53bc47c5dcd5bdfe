"""Each of the twelve round scoring tiles: its action-phase VP, scored by the action that
earns it, and its round-end reward for cult steps."""

from __future__ import annotations

import pytest

from games.rules.terra_mystica.context import Game
from games.rules.terra_mystica.data import scoring_tiles
from games.rules.terra_mystica.engine import apply
from games.rules.terra_mystica.income import income_parts
from games.rules.terra_mystica.state import GameState

from .helpers import act, give_turn, play_setup, put, rich, set_ships


def tiles_starting_with(tile: str) -> tuple[str, ...]:
    """Six round tiles, ``tile`` first, obeying the draw constraints."""
    drawn = [tile]
    for other in (f"SCORE{i}" for i in range(10, 22)):
        spec = scoring_tiles()[other]
        cults = [scoring_tiles()[t].cult for t in drawn]
        late = len(drawn) >= 4
        if other in drawn or len(drawn) == 6 or (late and "SPADE" in spec.vp):
            continue
        if len(drawn) < 5 and cults.count(spec.cult) >= 2:
            continue
        drawn.append(other)
    return tuple(drawn)


def round_one(tile: str) -> GameState:
    """Giants and Witches in round 1 of a game whose first round tile is ``tile``."""
    tiles = tiles_starting_with(tile)
    state = play_setup(
        {"giants": ["D4", "E3"], "witches": ["F2", "F4"]},
        {"giants": "D4", "witches": "F2"},
        {"giants": "BON3", "witches": "BON4"},
        tiles=tiles,
    )
    rich(state, "giants", p1=0, p2=0, p3=12, p=3, c=30, w=15, ship=1)
    give_turn(state, "giants")
    return state


def _gain_vp(state: GameState, rows: tuple[str, ...]) -> int:
    vp = state.factions["giants"].vp
    state = act(state, "giants", *rows)
    return state.factions["giants"].vp - vp


# The action that earns each kind of VP, the VP it earns without any tile, and how many
# times the tile pays for it.
EARNERS = {
    "D": (("build C3",), 0, 1),
    "TP": (("upgrade D4 to TP",), 0, 1),
    "TE": (("upgrade D4 to TE",), 0, 1),
    "SH": (("upgrade D4 to SY", "ship r15"), 3, 1),  # the shipyard: +1 shipping (3 VP)
    "SPADE": (("action ACT6. transform C3 to red",), 0, 2),  # two spades
    "TOWN": (("+TW8",), 11, 1),
    "ADVANCE": (("advance ship",), 3, 1),
    "TRADE": (("action ACTMV. sail r27-F2", "trade F2"), 1, 1),
}


@pytest.mark.parametrize("tile", [f"SCORE{i}" for i in range(10, 22)])
def test_round_tile_scores_its_action_and_pays_its_cult_reward(tile):
    spec = scoring_tiles()[tile]
    state = round_one(tile)
    kind = next(iter(spec.vp))
    if kind == "TE":
        put(state, "giants", "D4", "TP")
    if kind == "SH":
        put(state, "giants", "D4", "TP")
        assert spec.vp["SY"] == spec.vp["SH"] == spec.vp["SA"]
    if kind == "D":
        state.terrain["C3"] = "red"
    if kind == "TOWN":
        state.factions["giants"].gain_tw = 1
        state.pool["TW8"] = 1
    if kind == "TRADE":
        set_ships(state, "giants", "r27")
    rows, base, times = EARNERS[kind]
    assert _gain_vp(state, rows) == base + times * spec.vp[kind]
    # Round end: the reward for every full step count on the tile's cult.
    state = round_one(tile)
    f = state.factions["giants"]
    f.cult[["FIRE", "WATER", "EARTH", "AIR"].index(spec.cult)] = 2 * spec.per
    reward = income_parts(Game(state), f)["scoring"]
    assert reward == {k: 2 * v for k, v in spec.gain.items()}


def test_a_ship_from_the_round_end_is_placed_in_phase_three():
    state = round_one("SCORE19")  # per 4 Water: a ship
    f = state.factions["giants"]
    f.cult[1] = 4
    Game(state).gain(f, income_parts(Game(state), f)["scoring"], "cult_income")
    assert apply(state, "giants", "ship r15") is not None
