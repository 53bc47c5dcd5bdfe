"""The bots' API: every level answers with a legal command, the same one for the same seed."""

from __future__ import annotations

import pytest

from games.kinds.mythotopia import Mythotopia
from games.kinds.terra_mystica.adapter import TerraMystica
from games.rules.bots import LEVELS, BotError, choose_command, levels_for

ENGINES = {"terra_mystica": TerraMystica, "mythotopia": Mythotopia}


def new_game(kind: str, players: int = 2, seed: str = "bots"):
    engine = ENGINES[kind]()
    names = [f"p{i}" for i in range(players)]
    return engine, engine.new_state(
        engine.setup(players=names, options=[], seed=seed, requested=None)
    )


def test_every_kind_offers_every_level():
    for kind in ENGINES:
        assert levels_for(kind) == LEVELS == ("random", "heuristic", "search")
    assert levels_for("chess") == ()


def test_unknown_level_or_kind_is_refused():
    engine, state = new_game("terra_mystica")
    with pytest.raises(BotError, match="level"):
        choose_command("terra_mystica", engine, state, 1, "grandmaster", 1)
    with pytest.raises(BotError, match="kind"):
        choose_command("chess", engine, state, 1, "random", 1)


@pytest.mark.parametrize("kind", list(ENGINES))
def test_random_level_is_legal_and_follows_its_seed(kind):
    engine, state = new_game(kind)
    for move in range(40):
        if engine.is_finished(state):
            break
        seat = engine.waiting_for(state)[0]["seat"]
        command = choose_command(kind, engine, state, seat, "random", move)
        assert command in engine.legal_commands(state, seat)
        assert command == choose_command(kind, engine, state, seat, "random", move)
        state, _ = engine.apply_for_seat(state, seat, command)
