"""The ledger's rows as ``finish_row`` writes them: the same as ``LedgerRow(...)`` makes them.

Pure Python sets a finished row's fields one by one, without ``__init__`` (the compiled build
calls the constructor): every field must be set, to what the constructor would set.
"""

from __future__ import annotations

import dataclasses

import pytest

from games.rules.terra_mystica import ledger
from games.rules.terra_mystica.context import Game
from games.rules.terra_mystica.engine import apply_in_place, drop_faction_in_place, new_game
from games.rules.terra_mystica.ledger import LedgerRow
from games.rules.terra_mystica.notation import parse_row
from games.rules.terra_mystica.replay import DROP, PLAYER, SETUP, row_kinds, setup_from_record

from .conftest import corpus_game

GAMES = ("4pLeague_S62_D1L1_G3", "4pLeague_S1_D1L1_G3")


def _written(name: str) -> list[LedgerRow]:
    """Every row the engine writes in a corpus game."""
    record = corpus_game(name)
    state = new_game(setup_from_record(record))
    game = Game(state)
    seats = {faction: i + 1 for i, faction in enumerate(record["factions"])}
    rows: list[LedgerRow] = []
    for row, kind in zip(record["rows"], row_kinds(record["rows"]), strict=True):
        if kind == DROP:
            rows += drop_faction_in_place(state, row["dropped_faction"], game=game)
        elif kind == SETUP:
            text = f"setup {row['faction']}"
            actor = f"player{seats[row['faction']]}"
            rows += apply_in_place(state, actor, parse_row(text), game=game)
        elif kind == PLAYER:
            parsed = parse_row(row["player_command"], answer_offers_first=False)
            rows += apply_in_place(state, row["faction"], parsed, game=game)
    return rows


@pytest.mark.parametrize("name", GAMES)
def test_a_finished_row_is_the_row_the_constructor_makes(name):
    rows = [r for r in _written(name) if r.faction is not None]
    assert len(rows) > 250
    names = [f.name for f in dataclasses.fields(LedgerRow)]
    for row in rows:
        # Reading a field never set raises AttributeError (the class has slots).
        values = [getattr(row, n) for n in names]
        assert LedgerRow(*values) == row
        assert type(row.power) is tuple and type(row.cult) is tuple
        assert type(row.leech) is dict and row.fixed_delta is None
        assert row.to_json()["delta"] == LedgerRow(*values).to_json()["delta"]
    # Each row its own offers dict (the ledger hands its dict over and starts a new one).
    assert len({id(r.leech) for r in rows}) == len(rows)


def test_the_ledger_knows_whether_it_runs_compiled():
    assert ledger.__file__.endswith(".so") == ledger.COMPILED
