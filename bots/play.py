"""The one place the platform asks the computer's players (``games.rules.bots``) for a move."""

from __future__ import annotations

import random
from importlib import import_module
from typing import Any

from games import kinds


def choose(kind: str, state: Any, seat: int, level: str, seed: str, budget: float | None) -> str:
    """A legal command for ``seat`` at ``level``, the same for the same seed and state."""
    engine = kinds.engine_for(kind)
    try:
        bots = import_module("games.rules.bots")
    except ImportError:  # the computer's players are not installed: a legal move at random
        return random.Random(seed).choice(engine.legal_commands(state, seat))
    return str(bots.choose_command(kind, engine, state, seat, level, seed, budget_s=budget))


def any_legal(kind: str, state: Any, seat: int, seed: str) -> str | None:
    """A legal command at random: what a bot plays when its level's choice was refused."""
    commands = kinds.engine_for(kind).legal_commands(state, seat)
    return random.Random(seed).choice(commands) if commands else None
