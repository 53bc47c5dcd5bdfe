"""Games where random play found our engine and terra.snellman.net's apart, or stuck.

Each fixture (tests/fixtures/fire_and_ice_findings, README there) is a setup and the moves
of a random game up to the position in question, as our engine accepted them. The seed
(the Fire & Ice rulebook) decides; docs/rules-engine.md says why the reference is wrong
where it is.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.rules.terra_mystica import notation
from games.rules.terra_mystica.engine import apply_logged, new_game
from games.rules.terra_mystica.ledger import LedgerRow
from games.rules.terra_mystica.legal import legal_commands
from games.rules.terra_mystica.player import apply_player_logged
from games.rules.terra_mystica.replay import setup_from_record
from games.rules.terra_mystica.setup import random_setup
from games.rules.terra_mystica.state import GameState
from games.rules.terra_mystica.views import waiting_for

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "fire_and_ice_findings"


def _load(name: str) -> dict:
    return json.loads((FIXTURES / f"{name}.json").read_text())


@pytest.fixture
def long_rows(monkeypatch):
    # Random Alchemists convert back and forth in rows longer than a player may type.
    monkeypatch.setattr(notation, "MAX_ROW_LENGTH", 100_000)


def _play(record: dict) -> tuple[GameState, list[LedgerRow]]:
    """The recorded moves; returns the state and the ledger rows of the last move."""
    state = new_game(setup_from_record(record))
    rows: list[LedgerRow] = []
    for actor, row in record["moves"]:
        state, rows = apply_logged(state, actor, row)
    return state, rows


@pytest.mark.parametrize("name", ["fuzz_4p_s91030", "fuzz_5p_s91155", "fuzz_4p_s91294"])
def test_shapeshifters_charge_one_power_when_every_neighbour_declines(name, long_rows):
    # Seed 004: "Verzichten alle Nachbarn auf die Macht, dann verschiebst du stattdessen 1
    # Macht" -- printed in the Fire & Ice rulebook, so also without the Cultists' errata
    # option (the reference ties it to that option and writes nothing here).
    record = _load(name)
    assert "errata-cultist-power" not in record["options"]
    before = new_game(setup_from_record(record))
    for actor, row in record["moves"][:-1]:
        before = apply_logged(before, actor, row)[0]
    after, rows = apply_logged(before, *record["moves"][-1])
    reward = [r for r in rows if r.command == "[all opponents declined power]"]
    assert [r.faction for r in reward] == ["shapeshifters"]
    old, new = before.factions["shapeshifters"], after.factions["shapeshifters"]
    # One power charged (bowl I to II, or II to III), no chip added.
    assert new.chips == old.chips
    assert (new.p1, new.p2, new.p3) in {
        (old.p1 - 1, old.p2 + 1, old.p3),
        (old.p1, old.p2 - 1, old.p3 + 1),
    }


def test_riverwalkers_take_priests_normally_once_all_six_colours_are_unlocked(long_rows):
    # Seed 004 (Flussläufer): a priest gained may free a colour *instead*; with all six
    # freed there is nothing to free, so the priest is taken (the reference asks for a
    # seventh unlock and waits for it).
    state, rows = _play(_load("fuzz_5p_s91295"))
    walkers = state.factions["riverwalkers"]
    assert sorted(walkers.unlocked) == sorted(
        c
        for c in ("yellow", "red", "blue", "black", "gray", "brown", "green")
        if c != walkers.color
    )
    income = [r for r in rows if r.faction == "riverwalkers"]
    assert income and income[-1].command == "other_income_for_faction"
    assert income[-1].delta["P"] == 1
    assert walkers.unlock_terrain == 0
    assert not any(d.actor == "riverwalkers" for d in waiting_for(state))


@pytest.mark.parametrize("name", ["stuck_s91150", "stuck_s91350", "stuck_s91396"])
def test_volcano_factions_are_never_stuck_with_an_unpayable_transformation(name):
    # 'dig 1' opens a volcano transformation for free; after it the power chips or cult
    # steps that would pay for it were spent (or the dwelling went on a hex that needed
    # none). The game waits for the faction: it must have a legal way on.
    record = _load(name)
    s = record["setup"]
    state = new_game(
        random_setup(s["seed"], s["player_count"], s["options"], s["players"], s["map_id"])
    )
    for actor, row in record["moves"]:
        state = apply_logged(state, actor, row)[0]
    waiting = {d.actor for d in waiting_for(state)}
    (faction,) = waiting
    assert state.factions[faction].volcano_tf == 1
    legal = legal_commands(state, faction)
    assert "-VOLCANO_TF" in legal
    after, _ = apply_player_logged(state, faction, "-VOLCANO_TF")
    assert after.factions[faction].volcano_tf == 0
    assert not any(r["type"] == "transform" for r in after.action_required)
    for d in waiting_for(after):
        assert legal_commands(after, d.actor), d
