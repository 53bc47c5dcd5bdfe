"""The one place the platform asks the computer's players (``games.rules.bots``) for a move."""

from __future__ import annotations

import hashlib
import random
from typing import Any

from games import kinds
from games.rules import bots


def choose(kind: str, state: Any, seat: int, level: str, seed: str, budget: float | None) -> str:
    """A legal command for ``seat`` at ``level``, the same for the same seed and state."""
    engine = kinds.engine_for(kind)
    return str(bots.choose_command(kind, engine, state, seat, level, _number(seed), budget))


def any_legal(kind: str, state: Any, seat: int, seed: str) -> str | None:
    """A legal command at random: what a bot plays when its level's choice was refused."""
    commands = kinds.engine_for(kind).legal_commands(state, seat)
    return random.Random(_number(seed)).choice(commands) if commands else None


def _number(seed: str) -> int:
    """The bots take an integer seed; the game's seed, move and seat make a stable one."""
    return int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "big")
