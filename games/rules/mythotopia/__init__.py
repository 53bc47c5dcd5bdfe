"""Mythotopia (Martin Wallace): a pure engine with plain-data states that round-trip JSON.

``new_state(make_setup(...))`` deals a game; ``apply(state, colour, command)`` returns a new
state and its ledger row or raises ``RuleError`` naming the rule; ``legal_commands`` lists what
the engine accepts; ``view`` shows a state to a seat or a spectator; ``preview`` tries a command for a seat.
"""

from .commands import apply, canonical, drop
from .data import provisional, provisional_note
from .deal import new_state
from .legal import acting_seat, candidates, legal_commands
from .preview import preview
from .scoring import breakdown, vp
from .state import choosers, make_setup, seat_colour
from .view import view

__all__ = [
    "acting_seat",
    "apply",
    "breakdown",
    "candidates",
    "canonical",
    "choosers",
    "drop",
    "legal_commands",
    "make_setup",
    "new_state",
    "preview",
    "provisional",
    "provisional_note",
    "seat_colour",
    "view",
    "vp",
]
