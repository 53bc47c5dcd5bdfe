"""Random games with Fire & Ice factions on which terra.snellman.net's engine agreed with
ours after every ledger row and on the final VP (bench/fire_and_ice_oracle.py wrote them):
replayed, every row must still agree.

Games without an auction are records of the corpus schema (the reference's ledger, every
row) and replay like the league corpus; auction games (the reference has no auction) keep
our moves, with the reference's values after every row."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.rules.terra_mystica import GameSetup, new_game
from games.rules.terra_mystica.player import apply_player_logged
from games.rules.terra_mystica.reference_ledger import (
    first_row_difference,
    from_first_pass,
    ledger_values,
)
from games.rules.terra_mystica.replay import replay_game

FIXTURES = Path(__file__).parents[1] / "fixtures"
GAMES = sorted((FIXTURES / "fire_and_ice").glob("*.json"))
AUCTION_GAMES = sorted((FIXTURES / "fire_and_ice_auction").glob("*.json"))
FIRE_AND_ICE_FACTIONS = {
    "icemaidens",
    "yetis",
    "acolytes",
    "dragonlords",
    "shapeshifters",
    "riverwalkers",
}


def test_every_fire_and_ice_faction_and_option_is_covered():
    games = [json.loads(p.read_text()) for p in GAMES]
    assert all(g["schema_version"] == 2 for g in games)
    assert {f for g in games for f in g["factions"]} >= FIRE_AND_ICE_FACTIONS
    assert {o for g in games for o in g["options"] if o.startswith("fire-and-ice-factions/")} == {
        "fire-and-ice-factions/ice",
        "fire-and-ice-factions/volcano",
        "fire-and-ice-factions/variable",
        "fire-and-ice-factions/variable_v5",
    }
    auctions = [json.loads(p.read_text()) for p in AUCTION_GAMES]
    assert {g["auction"] for g in auctions} == {"faction-auction", "fast-auction"}


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_reference_game_replays_exactly_row_by_row(path):
    result = replay_game(json.loads(path.read_text()))
    assert result.exact, result.first_mismatch
    assert result.rows_checked > 20


@pytest.mark.parametrize("path", AUCTION_GAMES, ids=[p.stem for p in AUCTION_GAMES])
def test_auction_game_agrees_row_by_row_and_on_final_vp(path):
    game = json.loads(path.read_text())
    state = new_game(GameSetup.from_json(game["setup"]))
    ledger: list[dict] = []
    held: dict[str, list[dict]] = {}  # each faction's rows while the auction runs
    for actor, row in game["moves"]:
        in_auction = state.phase == "faction-auction"
        state, produced = apply_player_logged(state, actor, row)
        values = [ledger_values(r) for r in produced if not r.is_comment]
        if not in_auction:
            ledger += values
            continue
        for v in values:
            held.setdefault(v["faction"], []).append(v)
        if state.phase != "faction-auction":
            # The reference gets the auction's outcome: its rows follow the positions.
            positions = state.auction["positions"]
            for name in sorted(positions, key=positions.__getitem__):
                ledger += held.get(name, [])
    assert state.finished
    assert first_row_difference(from_first_pass(ledger), game["reference_ledger"]) is None
    assert {f.name: f.vp for f in state.factions.values()} == game["reference_final_vp"]
