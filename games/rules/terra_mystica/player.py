"""What a player at the table may send for their own seat.

Replays accept every row terra.snellman.net accepted, including the administrator's
``drop-faction`` and rows that change nothing. A player in a live game is held to more: only
player verbs, only while the game waits for a decision of theirs, no giving away of resources
outside the rules, and never a row that changes nothing (it would only bump the move number,
take the player on turn their undo and mail everyone).
"""

from __future__ import annotations

from ..core import RuleError
from .data import CULTS
from .engine import apply_in_place
from .ledger import LedgerRow
from .notation import Command, parse_row, split_row
from .state import PENDING_FIELDS, FactionState, GameState, attributes
from .views import waiting_for

# Verbs only the site itself may use: drops come from time-outs, resignations and staff.
_PLATFORM_VERBS = {
    "drop": "'drop-faction' is not a player's move: only the site drops a faction "
    "(time-out, resignation, staff)",
    "resign": "resigning is not a move: use the game's Resign button (POST /games/{id}/resign/)",
}
# What a player may give up with "-N<KIND>": pending entitlements (unused spades, free
# buildings, bridges, ...) and cult steps (the engine checks when); never resources.
_DECLINABLE = frozenset({*CULTS, *(name.upper() for name in PENDING_FIELDS)})
# Bookkeeping that a row may touch without changing the game.
_LEDGER_FIELDS = frozenset({"ledger_round", "ledger_turn", "trailing_comment"})
_QUIET_FACTION_FIELDS = frozenset({"waiting"})


def canonical_row(command: str) -> str:
    """The row as it is stored: sub-commands joined by '. ', comments after '#' removed."""
    return ". ".join(split_row(command))


def check_player_row(state: GameState, actor: str, parsed: list[Command]) -> None:
    """Raise ``RuleError`` unless ``actor`` may send these commands now."""
    for cmd in parsed:
        if cmd.verb in _PLATFORM_VERBS:
            raise RuleError(_PLATFORM_VERBS[cmd.verb])
        if cmd.verb == "adjust":
            amount, kind = cmd.args[0], cmd.args[1]
            if amount == 0:
                raise RuleError(f"'{cmd.text}' changes nothing")
            if amount < 0 and kind not in _DECLINABLE:
                raise RuleError(
                    f"'{cmd.text}': {kind} cannot be given away; only what a player is entitled "
                    "to (unused spades, free buildings, bridges, ...) and cult steps can be declined"
                )
    decisions = waiting_for(state)
    if not any(d.actor == actor for d in decisions):
        raise RuleError(f"it is not {actor}'s turn and no decision of theirs is pending")
    if (
        state.setup.has("wait-for-leech")
        and not any(d.actor == actor and d.kind != "leech" for d in decisions)
        and parsed[0].verb not in ("leech", "decline")
    ):
        waiting = sorted({d.actor for d in decisions if d.actor != actor})
        raise RuleError(f"the turn waits until {', '.join(waiting)} answer their power offers")


def apply_player_logged(
    state: GameState, actor: str, command: str
) -> tuple[GameState, list[LedgerRow]]:
    """``apply_logged`` for a player in a live game: the rules above, then the row itself."""
    parsed = parse_row(command)
    if not parsed:
        raise RuleError("empty move: type a command, e.g. 'build E5' or 'pass BON3'")
    actor = actor.lower().strip()
    check_player_row(state, actor, parsed)
    new_state = state.copy()
    rows = apply_in_place(new_state, actor, parsed)
    if changes_nothing(state, new_state):
        raise RuleError(f"'{canonical_row(command)}' changes nothing in the game")
    return new_state, rows


def changes_nothing(before: GameState, after: GameState) -> bool:
    if (
        _game_fields(before) != _game_fields(after)
        or before.factions.keys() != after.factions.keys()
    ):
        return False
    return all(
        _faction_fields(f) == _faction_fields(after.factions[name])
        for name, f in before.factions.items()
    )


def _game_fields(state: GameState) -> dict:
    return {
        k: v for k, v in attributes(state).items() if k not in _LEDGER_FIELDS and k != "factions"
    }


def _faction_fields(f: FactionState) -> dict:
    return {k: v for k, v in attributes(f).items() if k not in _QUIET_FACTION_FIELDS}
