"""Random games: every decision taken by a random legal command (fuzzing, demos, benchmarks)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..core import RuleError
from .board import ORIGINAL_MAP_ID
from .engine import new_game
from .legal import random_legal_command
from .player import apply_player_logged
from .setup import DEFAULT_OPTIONS, random_setup
from .state import GameState
from .views import waiting_for

MAX_MOVES = 3000


class PlayoutStuck(RuleError):
    """A decision was pending but no legal command existed for it."""


def random_playout(
    seed: int,
    players: int,
    options=DEFAULT_OPTIONS,
    *,
    pass_rate: float = 0.05,
    map_id: str = ORIGINAL_MAP_ID,
    factions: Sequence[str] = (),
    after_move: Callable[[GameState, str, str], None] | None = None,
) -> tuple[GameState, int]:
    """Play a whole game at random; returns the final state and the number of moves.
    The first seats take ``factions`` (to make sure a faction is played)."""
    rng = random.Random(seed)
    state = new_game(
        random_setup(
            f"playout-{seed}",
            players,
            options,
            [f"player {i}" for i in range(1, players + 1)],
            map_id,
        )
    )
    moves = 0
    while not state.finished:
        decisions = waiting_for(state)
        if not decisions:
            raise PlayoutStuck(f"nobody is asked to act (phase {state.phase})")
        actor = rng.choice(decisions).actor
        seat = len(state.factions)
        if actor.startswith("player") and seat < len(factions) and state.phase != "faction-auction":
            row: str | None = f"setup {factions[seat]}"
        else:
            row = random_legal_command(state, actor, rng, pass_rate=pass_rate)
        if row is None:
            raise PlayoutStuck(
                f"no legal command for {actor} in round {state.round} ({state.phase})"
            )
        # As a player at the table would send it: every legal command passes the player rules.
        state, _ = apply_player_logged(state, actor, row)
        moves += 1
        if after_move is not None:
            after_move(state, actor, row)
        if moves > MAX_MOVES:
            raise PlayoutStuck(f"no end after {MAX_MOVES} moves")
    return state, moves
