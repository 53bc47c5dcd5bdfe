"""The state is plain data: it survives a JSON round trip without loss at any point of a game."""

from __future__ import annotations

import json

import pytest

from games.rules.terra_mystica import GameState, apply, state_view
from games.rules.terra_mystica.replay import replay_game

from .conftest import corpus_game


def round_trip(state: GameState) -> GameState:
    return GameState.from_json(json.loads(json.dumps(state.to_json())))


@pytest.mark.parametrize("name", ["4pLeague_S60_D1L1_G3", "4pLeague_S64_D1L1_G5", "5p_2013_tmai_1"])
def test_round_trip_at_every_row_and_replay_continues_identically(name):
    game = corpus_game(name)
    rows = [r for r in game["rows"] if r["kind"] == "command" and r["player_command"]]
    checkpoints = rows[:: max(1, len(rows) // 25)]
    for row in checkpoints:
        prefix = dict(game, rows=[r for r in game["rows"] if r["line"] <= row["line"]])
        state = replay_game(prefix, check=False).state
        copy = round_trip(state)
        assert copy == state
        assert json.dumps(copy.to_json(), sort_keys=True) == json.dumps(
            state.to_json(), sort_keys=True
        )
        assert state_view(copy) == state_view(state)
    # The rest of the game, replayed from a state that went through JSON, still ends exactly.
    middle = checkpoints[len(checkpoints) // 2]
    rest = [r for r in game["rows"] if r["line"] > middle["line"]]
    prefix = dict(game, rows=[r for r in game["rows"] if r["line"] <= middle["line"]])
    state = round_trip(replay_game(prefix, check=False).state)
    for r in rest:
        if r["kind"] == "command" and r["player_command"]:
            state = apply(state, r["faction"], r["player_command"])
        elif r["kind"] == "comment" and r.get("tag") == "drop":
            from games.rules.terra_mystica import drop_faction

            state = drop_faction(state, r["dropped_faction"])
    assert state.finished
    assert {n: f.vp for n, f in state.factions.items()} == game["final_vp"]


@pytest.mark.parametrize("fast", [True, False], ids=["orjson", "stdlib"])
def test_state_text_gives_the_same_state_back_with_either_json_backend(fast, monkeypatch):
    from games.rules.core import jsonio

    if not fast:
        monkeypatch.setattr(jsonio, "orjson", None)
    elif jsonio.orjson is None:
        pytest.skip("orjson is not installed")
    game = corpus_game("4pLeague_S60_D1L1_G3")
    state = replay_game(game, check=False).state
    text = jsonio.dumps(state.to_json())
    assert json.loads(text) == state.to_json()
    assert GameState.from_json(jsonio.loads(text)) == state
