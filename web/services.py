"""Writes of the web app: automatic leech answers, move previews, auto-leech settings."""

from __future__ import annotations

import logging
from typing import Any

from games import engine
from games import services as game_services
from games.models import Game, Move, Seat, StateSnapshot
from tm_site.exceptions import ApplicationError, Conflict, Forbidden

from . import autoleech, selectors
from .models import AutoLeechSetting

logger = logging.getLogger(__name__)

# More automatic answers than this after one move means something is wrong; stop there.
MAX_AUTOMATIC_ANSWERS = 50
OWN_TURN_ONLY = "Auto-leech settings can be changed only during your own turn."


def autoleech_apply(game: Game, state: Any) -> Any:
    """Answer the open power offers that the receivers' settings decide by themselves.

    Called by ``games.services.move_submit`` inside its transaction, right after the move is
    appended. Each answer is recorded as a move of the receiving seat, in the order the
    offers arose, until none is left; returns the state after them. Players without stored
    settings are never answered for.
    """
    if not any(d["kind"] == "leech" for d in engine.waiting_for(state)):
        return state
    stored = dict(AutoLeechSetting.objects.filter(game=game).values_list("user_id", "settings"))
    if not stored:
        return state
    seats = {s.faction: s for s in Seat.objects.filter(game=game).exclude(faction="")}
    by_faction = {f: stored[s.user_id] for f, s in seats.items() if s.user_id in stored}
    moves: list[Move] = []
    while len(moves) < MAX_AUTOMATIC_ANSWERS:
        answer = autoleech.next_answer(state, by_faction)
        if answer is None or answer[0] not in by_faction:
            break
        faction, command = answer
        try:
            state, ledger = engine.apply(state, faction, command)
        except engine.IllegalMove:
            # Never let an automatic answer block the move that caused it: the player answers.
            logger.exception(
                "Automatic answer %r of %s refused in game %s", command, faction, game.pk
            )
            break
        seat = seats[faction]
        moves.append(
            Move(
                game=game,
                number=game.move_count + len(moves) + 1,
                kind=Move.Kind.COMMAND,
                seat=seat,
                user_id=seat.user_id,
                actor=faction,
                command=command,
                ledger=ledger,
            )
        )
    if moves:
        Move.objects.bulk_create(moves)
        game.move_count += len(moves)
        game.save(update_fields=["move_count"])
        StateSnapshot.objects.filter(game=game).update(
            move_number=game.move_count, state=engine.state_to_json(state)
        )
    return state


def _seat_for(game: Game, user) -> Seat:
    seat = Seat.objects.filter(game=game, user=user).first() if user.is_authenticated else None
    if seat is None:
        raise Forbidden("You have no seat in this game.")
    return seat


def move_preview(
    *, game: Game, user, command: str, expected_move_number: int | None = None
) -> dict:
    """What a command would do, without recording anything.

    Returns the state after it (as ``GET /state/`` shows it), the ledger rows it would write
    and the commands the player could still add to the same row. An illegal command raises
    ``IllegalMove`` (400) naming the broken rule.
    """
    command = game_services.clean_command(command)
    seat = _seat_for(game, user)
    if game.status != Game.Status.RUNNING:
        raise ApplicationError(f"The game is {game.get_status_display()}, not running.")
    if expected_move_number is not None and expected_move_number != game.move_count:
        raise Conflict(
            f"Stale expected_move_number {expected_move_number}: the latest move is {game.move_count}.",
            {"move_number": game.move_count},
        )
    if seat.dropped:
        raise Forbidden("Your faction has left this game.")
    state = game_services.load_state(game)
    actor = engine.actor_for_seat(state, seat.position)
    after, ledger = engine.apply(state, actor, command)
    view = selectors.state_view_of(game, after)
    actor_after = engine.actor_for_seat(after, seat.position)
    continues = any(
        d.get("actor") == actor_after and d.get("kind") not in ("leech", "faction")
        for d in view["waiting_for"]
    )
    return {
        "command": command,
        "actor": actor,
        "move_number": game.move_count,
        "state": view,
        "ledger": ledger,
        "legal": engine.legal_commands(after, actor_after) if continues else [],
    }


# --- auto-leech settings -----------------------------------------------------------------------


def _own_turn(game: Game, seat: Seat) -> bool:
    """Yucata lets players change these settings during their own turn only (not after passing)."""
    if game.status == Game.Status.OPEN:
        return True
    if game.status != Game.Status.RUNNING:
        return False
    state = game_services.load_state(game)
    return any(
        d.get("seat") == seat.position and d.get("kind") != "leech"
        for d in engine.waiting_for(state)
    )


def autoleech_settings_get(*, game: Game, user) -> dict:
    seat = _seat_for(game, user)
    row = AutoLeechSetting.objects.filter(game=game, user=user).first()
    settings = row.settings if row else {**autoleech.defaults(), "enabled": False}
    editable = _own_turn(game, seat)
    return {
        "settings": settings,
        "stored": row is not None,
        "editable": editable,
        "reason": "" if editable else OWN_TURN_ONLY,
    }


def autoleech_settings_update(*, game: Game, user, settings: dict) -> dict:
    seat = _seat_for(game, user)
    if not _own_turn(game, seat):
        raise ApplicationError(OWN_TURN_ONLY)
    clean = autoleech.normalize(settings)
    AutoLeechSetting.objects.update_or_create(game=game, user=user, defaults={"settings": clean})
    return autoleech_settings_get(game=game, user=user)
