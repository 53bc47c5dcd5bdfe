"""Computer players for every game kind, at three levels, behind one call.

Pure Python: the kind's engine (the platform's ``GameEngine`` adapter) comes in as a parameter,
so this package imports only the rules engines. ``choose_command`` returns one of
``engine.legal_commands(state, seat)``, the same one for the same seed and position.

Levels: ``random`` (uniform over the legal commands), ``heuristic`` (one ply, greedy on an
evaluation of each kind) and ``search`` (the best candidates played on, every seat greedy, as
far as the time budget goes). For games with
hidden information (Mythotopia) a bot reads only ``engine.view(state, seat)`` and
``engine.legal_commands(state, seat)``, and samples what it cannot see (docs/bots.md).
"""

from __future__ import annotations

import random
from typing import Any

LEVELS: tuple[str, ...] = ("random", "heuristic", "search")
KINDS: tuple[str, ...] = ("terra_mystica", "mythotopia")
# Seconds of one core a move may take by default, per level.
DEFAULT_BUDGET_S = {"random": 0.0, "heuristic": 0.2, "search": 2.0}


class BotError(ValueError):
    """A level or kind the bots do not know, or a seat with nothing to do."""


def levels_for(kind: str) -> tuple[str, ...]:
    """The levels a kind's bots play (every level for every kind this package knows)."""
    if kind not in KINDS:
        return ()
    return LEVELS


def choose_command(
    kind: str,
    engine: Any,
    state: Any,
    seat: int,
    level: str,
    seed: int,
    budget_s: float | None = None,
) -> str:
    """One legal command for ``seat``: deterministic for a given seed and position (the search
    level also depends on how far it gets within ``budget_s``, its CPU time)."""
    if kind not in KINDS:
        raise BotError(f"No bot plays the game kind {kind!r}.")
    if level not in LEVELS:
        raise BotError(f"Unknown bot level {level!r}; the levels are {', '.join(LEVELS)}.")
    if kind == "mythotopia":
        # Hidden information: the bot sees the state only through the seat's view.
        from . import mythotopia

        view = engine.view(state, seat)
        legal = _legal(engine, state, seat)
        rng = random.Random(seed)
        if level == "random":
            return rng.choice(legal)
        return mythotopia.choose(level, view, seat, legal, rng, _seconds(level, budget_s))
    legal = _legal(engine, state, seat)
    rng = random.Random(seed)
    if level == "random":
        return rng.choice(legal)
    from . import terra_mystica

    return terra_mystica.choose(level, state, seat, legal, rng, _seconds(level, budget_s))


def _legal(engine: Any, state: Any, seat: int) -> list[str]:
    legal = sorted(engine.legal_commands(state, seat))
    if not legal:
        raise BotError(f"Seat {seat} has no legal command.")
    return legal


def _seconds(level: str, budget_s: float | None) -> float:
    return DEFAULT_BUDGET_S[level] if budget_s is None else max(0.0, budget_s)
