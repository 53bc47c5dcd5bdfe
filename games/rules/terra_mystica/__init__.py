"""Terra Mystica rules engine (base game, terra.snellman.net command language).

Pure Python: nothing here imports Django. See docs/architecture.md for the facade.
"""

from ..core import RuleError
from .engine import (
    actor_for_seat,
    apply,
    apply_logged,
    drop_faction,
    drop_faction_logged,
    is_finished,
    new_game,
    new_game_logged,
    seat_of,
)
from .ledger import LedgerRow
from .setup import DEFAULT_OPTIONS, RULE_OPTIONS, GameSetup, random_setup
from .state import FactionState, GameState

__all__ = [
    "DEFAULT_OPTIONS",
    "RULE_OPTIONS",
    "FactionState",
    "GameSetup",
    "GameState",
    "LedgerRow",
    "RuleError",
    "actor_for_seat",
    "apply",
    "apply_logged",
    "drop_faction",
    "drop_faction_logged",
    "is_finished",
    "new_game",
    "new_game_logged",
    "random_setup",
    "seat_of",
]
