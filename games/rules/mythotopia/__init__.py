"""Mythotopia (Martin Wallace): a pure engine with plain-data states that round-trip JSON.

``new_state(make_setup(...))`` deals a game; ``apply(state, colour, command)`` returns a new
state and its ledger row or raises ``RuleError`` naming the rule; ``legal_commands`` lists what
the engine accepts; ``view`` shows a state to a seat or a spectator.
"""

from .data import provisional, provisional_note
from .engine import apply, drop
from .legal import candidates, legal_commands
from .scoring import breakdown, vp
from .state import make_setup, new_state, seat_colour
from .view import view

__all__ = [
    "apply",
    "breakdown",
    "candidates",
    "drop",
    "legal_commands",
    "make_setup",
    "new_state",
    "provisional",
    "provisional_note",
    "seat_colour",
    "view",
    "vp",
]
