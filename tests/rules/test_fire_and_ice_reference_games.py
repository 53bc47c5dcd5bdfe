"""Random games with Fire & Ice factions whose final VP terra.snellman.net's engine computed
the same (bench/fire_and_ice_oracle.py wrote them): replayed, they must still end the same."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.rules.terra_mystica import GameSetup, apply, new_game

GAMES = sorted((Path(__file__).parents[1] / "fixtures" / "fire_and_ice").glob("*.json"))


def test_every_fire_and_ice_faction_and_option_is_covered():
    games = [json.loads(p.read_text()) for p in GAMES]
    assert {g["faction"] for g in games} == {
        "icemaidens",
        "yetis",
        "acolytes",
        "dragonlords",
        "shapeshifters",
        "riverwalkers",
    }
    assert {g["option"] for g in games} == {
        "fire-and-ice-factions/ice",
        "fire-and-ice-factions/volcano",
        "fire-and-ice-factions/variable",
        "fire-and-ice-factions/variable_v5",
    }


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_reference_game_ends_with_the_reference_final_vp(path):
    game = json.loads(path.read_text())
    state = new_game(GameSetup.from_json(game["setup"]))
    for actor, row in game["moves"]:
        state = apply(state, actor, row)
    assert state.finished
    assert {f.name: f.vp for f in state.factions.values()} == game["reference_final_vp"]
