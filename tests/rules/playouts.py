"""Random playouts with the state's invariants checked after every command."""

from __future__ import annotations

from games.rules.terra_mystica.invariants import violations
from games.rules.terra_mystica.playout import random_playout
from games.rules.terra_mystica.setup import DEFAULT_OPTIONS
from games.rules.terra_mystica.state import GameState


def check_playout(
    seed: int, players: int, options: tuple[str, ...] = DEFAULT_OPTIONS, factions=()
) -> GameState:
    def after(state: GameState, actor: str, row: str) -> None:
        problems = violations(state)
        assert not problems, f"after {actor}: {row!r} (round {state.round}): {problems}"

    state, moves = random_playout(seed, players, options, factions=factions, after_move=after)
    assert state.finished and state.round == 6
    assert len(state.factions) == players
    assert moves > 10 * players
    return state
