"""Random games with Fire & Ice factions on which terra.snellman.net's engine agreed with
ours after every ledger row and on the final VP (bench/fire_and_ice_oracle.py wrote them
with the reference's values after each row): replayed, every row must still agree."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.rules.terra_mystica import GameSetup, new_game
from games.rules.terra_mystica.player import apply_player_logged
from games.rules.terra_mystica.reference_ledger import first_row_difference, ledger_values

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
def test_reference_game_agrees_row_by_row_and_on_final_vp(path):
    game = json.loads(path.read_text())
    state = new_game(GameSetup.from_json(game["setup"]))
    ledger: list[dict] = []
    for actor, row in game["moves"]:
        state, produced = apply_player_logged(state, actor, row)
        ledger += [ledger_values(r) for r in produced if not r.is_comment]
    assert state.finished
    assert first_row_difference(ledger, game["reference_ledger"]) is None
    assert {f.name: f.vp for f in state.factions.values()} == game["reference_final_vp"]
