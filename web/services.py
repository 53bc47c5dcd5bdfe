"""Writes of the web app: automatic leech answers (a provider of ``games.log``), move previews, auto-leech settings, the
private planner and the premove queue."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.db.models import Exists, OuterRef, Q, Subquery
from django.utils.translation import gettext_lazy

from games import kinds, life
from games import log as game_log
from games import services as game_services
from games.models import Game, Move, Seat
from notifications import services as notification_services
from notifications import tasks as notification_tasks
from outbox.services import enqueue
from tm_site.exceptions import ApplicationError, Conflict, Forbidden

from . import autoleech, selectors
from .models import AutoLeechDefault, AutoLeechSetting, Plan, Premove, PremoveCancellation

logger = logging.getLogger(__name__)

# A plan is a few rounds at most; a queue of premoves a few moves.
MAX_PLAN_ROWS = 60
MAX_PLAN_NOTES = 10_000
MAX_PREMOVES = 5
OWN_TURN_ONLY = gettext_lazy("Auto-leech settings can be changed only during your own turn.")
# Yucata's reminder in round 5: after passing, the answers hold for all of round 6's offers.
ROUND_SIX_REMINDER = gettext_lazy(
    "Round 6 comes next: set these answers before you pass, they stay until the game ends."
)


# Each seat's automatic answers, read with a move's seats (``games.log``): the game's own
# settings and the account's; the game's win (``selectors.autoleech_settings_by_user``).
AUTOLEECH_SEAT_ANNOTATIONS = {
    "autoleech_own": Subquery(
        AutoLeechSetting.objects.filter(
            game_id=OuterRef("game_id"), user_id=OuterRef("user_id")
        ).values("settings")[:1]
    ),
    "autoleech_default": Subquery(
        AutoLeechDefault.objects.filter(user_id=OuterRef("user_id")).values("settings")[:1]
    ),
}


def _autoleech_of_seats(game: Game, seats: list[Seat]) -> dict[int, dict]:
    """``selectors.autoleech_settings_of_seats``, from the seats' annotations when they were
    read with them (a move's seats), else from the database."""
    if not all(hasattr(s, "autoleech_own") for s in seats):
        return selectors.autoleech_settings_of_seats(game)
    stored = {}
    for seat in seats:
        settings = seat.autoleech_own  # type: ignore[attr-defined]
        if settings is None:
            settings = seat.autoleech_default  # type: ignore[attr-defined]
        if settings is not None and seat.user_id is not None:
            stored[seat.user_id] = settings
    return stored


def autoleech_answers(game: Game, seats: list[Seat]) -> Callable[[Any], tuple[str, str] | None]:
    """The automatic answers to power offers for a move of this game (``games.log`` appends
    them in the move's transaction). Players without stored settings are never answered for;
    the settings are those read with the move's seats (``AUTOLEECH_SEAT_ANNOTATIONS``), taken
    when the first offer is open."""
    by_faction: dict[str, dict] | None = None
    engine = kinds.engine_for(game.kind)

    def next_answer(state: Any) -> tuple[str, str] | None:
        nonlocal by_faction
        # A move that leaves no offer open reads no settings.
        if not engine.automatic_answer_due(state):
            return None
        if by_faction is None:
            seated = {s.faction: s for s in seats if s.faction}
            stored = _autoleech_of_seats(game, seats)
            by_faction = {f: stored[s.user_id] for f, s in seated.items() if s.user_id in stored}
        if not by_faction:
            return None
        answer = autoleech.next_answer(game.kind, state, by_faction)
        return answer if answer is not None and answer[0] in by_faction else None

    return next_answer


def planner_kinds() -> list[str]:
    """The kinds with a planner (``plan``), and so with premoves."""
    return kinds.offering("plan")


def _offered(game: Game, feature: str, capability: str) -> None:
    """The planner and the automatic answers are the kind's (Terra Mystica's); a game of a kind
    without them (with hidden hands, nothing to plan for the others) refuses them."""
    if not kinds.offers(game.kind, capability):
        names = ", ".join(kinds.engine_for(k).info.name for k in kinds.offering(capability))
        raise ApplicationError(f"{feature} are for {names} games, not {game.kind}.")


def _seat_for(game: Game, user) -> Seat:
    seat = Seat.objects.filter(game=game, user=user).first() if user.is_authenticated else None
    if seat is None:
        raise Forbidden("You have no seat in this game.")
    return seat


def move_preview(
    *, game: Game, user, command: str, expected_move_number: int | None = None
) -> dict:
    """What a command would do, without recording anything.

    Returns the state after it (as ``GET /state/`` shows it to the player), the ledger rows it
    would write and the commands the player could still add to the same move (a build after
    spades, a favor tile after a temple; Mythotopia's second action), all through the game
    kind's preview, which keeps back what the player may not see before committing (cards
    they would draw). An illegal command raises ``IllegalMove`` (400) naming the broken rule.
    """
    command = game_services.clean_command(command, game.kind)
    seat = _seat_for(game, user)
    if game.status != Game.Status.RUNNING:
        raise ApplicationError(f"The game is {game.get_status_display()}, not running.")
    if expected_move_number is not None and expected_move_number != game.move_count:
        raise Conflict(
            f"Stale expected_move_number {expected_move_number}: the latest move is {game.move_count}.",
            {"move_number": game.move_count},
        )
    if seat.dropped:
        raise Forbidden("You have left this game.")
    state = game_log.load_state(game)
    engine = kinds.engine_for(game.kind)
    actor = engine.actor(state, seat.position)
    result = kinds.preview(game.kind, state, seat.position, command)
    return {
        "command": command,
        "actor": actor,
        "move_number": game.move_count,
        "state": selectors.state_view_of(game, result["after"], view=result["state"]),
        "ledger": result["ledger"],
        "legal": result["legal"],
        "sacrifices": result.get("sacrifices", []),
    }


def move_explain(*, game: Game, user, command: str) -> dict:
    """Whether a command would be accepted now, and if not the rule it breaks (a click on
    something the player cannot do is answered with the reason, next to the click)."""
    try:
        move_preview(game=game, user=user, command=command)
    except Forbidden:
        raise
    except ApplicationError as exc:
        return {"command": command, "legal": False, "reason": exc.message}
    return {"command": command, "legal": True, "reason": ""}


# --- auto-leech settings -----------------------------------------------------------------------


def _round(game: Game) -> int:
    return game_log.load_state(game).round if game.status == Game.Status.RUNNING else 0


def _own_turn(game: Game, seat: Seat) -> bool:
    """Yucata lets players change these settings during their own turn only (not after passing)."""
    if game.status == Game.Status.OPEN:
        return True
    if game.status != Game.Status.RUNNING:
        return False
    state = game_log.load_state(game)
    return any(
        d.get("seat") == seat.position and d.get("kind") != "leech"
        for d in kinds.engine_for(game.kind).waiting_for(state)
    )


def autoleech_settings_get(*, game: Game, user) -> dict:
    _offered(game, "Automatic answers to power offers", "automatic_answer")
    seat = _seat_for(game, user)
    row = AutoLeechSetting.objects.filter(game=game, user=user).first()
    default = AutoLeechDefault.objects.filter(user=user).first()
    if row:
        settings = row.settings
    elif default:
        settings = default.settings
    else:
        settings = {**autoleech.defaults(), "enabled": False}
    editable = _own_turn(game, seat)
    return {
        "settings": settings,
        "stored": row is not None or default is not None,
        "from_account": row is None and default is not None,
        "editable": editable,
        "reason": "" if editable else str(OWN_TURN_ONLY),
        "reminder": str(ROUND_SIX_REMINDER) if editable and _round(game) == 5 else "",
    }


def autoleech_default_update(*, user, settings: dict) -> dict:
    """The player's answers for every game that has no settings of its own."""
    clean = autoleech.normalize(settings)
    AutoLeechDefault.objects.update_or_create(user=user, defaults={"settings": clean})
    return clean


def autoleech_settings_update(*, game: Game, user, settings: dict) -> dict:
    _offered(game, "Automatic answers to power offers", "automatic_answer")
    seat = _seat_for(game, user)
    if not _own_turn(game, seat):
        raise ApplicationError(str(OWN_TURN_ONLY))
    clean = autoleech.normalize(settings)
    AutoLeechSetting.objects.update_or_create(game=game, user=user, defaults={"settings": clean})
    return autoleech_settings_get(game=game, user=user)


# --- the planner -------------------------------------------------------------------------------


def _plan_rows(rows: list, kind: str) -> list[dict]:
    """Rows as stored: ``{"actor", "command"}`` with the command in the log's spelling."""
    if not isinstance(rows, list) or len(rows) > MAX_PLAN_ROWS:
        raise ApplicationError(f"A plan holds at most {MAX_PLAN_ROWS} rows.")
    clean = []
    for i, row in enumerate(rows, start=1):
        if not isinstance(row, dict) or not isinstance(row.get("actor"), str):
            raise ApplicationError(f"Plan row {i}: give an actor and a command.")
        try:
            command = game_services.clean_command(str(row.get("command", "")), kind)
        except ApplicationError as exc:
            raise ApplicationError(f"Plan row {i}: {exc.message}") from exc
        clean.append({"actor": row["actor"].strip().lower()[:40], "command": command})
    return clean


def plan_try(*, game: Game, rows: list, actor: str = "", command: str = "") -> dict:
    """The game after the planned rows (and a row being composed), as a player would play them,
    on a copy of the current state. Nothing is written.

    Returns the state view, the index and reason of the first row that no longer applies (the
    state is then the one before it), the legal commands of ``actor`` at the end (or the
    continuations of ``command``), and the ledger rows of ``command``.
    """
    _offered(game, "Planned rows", "plan")
    if game.status != Game.Status.RUNNING:
        raise ApplicationError(
            f"The game is {game.get_status_display()}: there is nothing to plan."
        )
    rows = _plan_rows(rows, game.kind)
    if command:
        command = game_services.clean_command(command, game.kind)
    planned = kinds.engine_for(game.kind).plan(
        game_log.load_state(game), rows, actor.strip().lower(), command
    )
    return {
        "rows": rows,
        "broken": planned["broken"],
        "actor": planned["actor"],
        "command": command,
        "state": selectors.state_view_of(game, planned["state"]),
        "ledger": planned["ledger"],
        "legal": planned["legal"],
    }


def plan_save(*, game: Game, user, rows: list, notes: str) -> Plan:
    if not user.is_authenticated:
        raise Forbidden("Log in to keep a plan.")
    if len(notes) > MAX_PLAN_NOTES:
        raise ApplicationError(f"Notes are limited to {MAX_PLAN_NOTES} characters.")
    plan, _ = Plan.objects.update_or_create(
        game=game, user=user, defaults={"rows": _plan_rows(rows, game.kind), "notes": notes}
    )
    return plan


# --- premoves ----------------------------------------------------------------------------------


def premoves_set(*, game: Game, user, commands: list[str], expected_move_number: int) -> dict:
    """Replace the player's queue of premoves (the game as seen at ``expected_move_number``).

    When the game already waits for the player's move, the queue is played at once: its first
    command must then be legal (else nothing is stored and the rule is named), and the next
    ones follow while the game still waits for the player. Returns the queue as it then is
    (``premoves_view``).
    """
    _offered(game, "Premoves", "plan")
    if len(commands) > MAX_PREMOVES:
        raise ApplicationError(f"At most {MAX_PREMOVES} moves can be queued.")
    clean = []
    for i, command in enumerate(commands, start=1):
        try:
            clean.append(game_services.clean_command(command, game.kind))
        except ApplicationError as exc:
            raise ApplicationError(f"Premove {i}: {exc.message}") from exc
    with transaction.atomic():
        # Under the game's lock, like a move: a queue is either seen by the move that makes
        # the game wait for its player, or made after it (and then played here).
        game = game_log.locked_game(game.pk, with_snapshot=True)
        seat = _seat_for(game, user)
        if game.status != Game.Status.RUNNING:
            raise ApplicationError(
                f"The game is {game.get_status_display()}: no moves can be queued."
            )
        if seat.dropped:
            raise Forbidden("You have left this game.")
        game_log.check_revision(game, expected_move_number)
        Premove.objects.filter(game=game, user=user).delete()
        PremoveCancellation.objects.filter(game=game, user=user).delete()
        if clean:
            _first_premove_check(game, seat, clean[0])
            Premove.objects.bulk_create(
                Premove(game=game, user=user, position=i, command=c, queued_at_move=game.move_count)
                for i, c in enumerate(clean, start=1)
            )
            life.queued_moves_play(game)
    return selectors.premoves_view(game, user)


def _first_premove_check(game: Game, seat: Seat, command: str) -> None:
    """A queue made while the game waits for the player's move is played at once: its first
    command is refused here, naming the rule, as the same move sent by hand would be."""
    state = game_log.load_state(game)
    engine = kinds.engine_for(game.kind)
    if not any(
        d.get("seat") == seat.position and d.get("category") in game_log.OWN_MOVE_CATEGORIES
        for d in engine.waiting_for(state)
    ):
        return
    try:
        engine.apply_for_seat(state, seat.position, command)
    except ApplicationError as exc:
        raise type(exc)(f"Premove 1: {exc.message}") from exc


class _Queues:
    """The premove queues of one game for ``games.log``, read when first asked for."""

    def __init__(self, game: Game, seats: list[Seat]) -> None:
        self.game = game
        self.users = [s.user_id for s in seats if getattr(s, "has_premoves", False)]
        self.by_user: dict[int, list[Premove]] | None = None

    def _queue(self, seat: Seat) -> list[Premove]:
        if self.by_user is None:
            self.by_user = {}
            for premove in Premove.objects.filter(game=self.game, user_id__in=self.users).order_by(
                "user_id", "position"
            ):
                self.by_user.setdefault(premove.user_id, []).append(premove)
        return self.by_user.setdefault(seat.user_id, [])

    def first(self, seat: Seat) -> str | None:
        queue = self._queue(seat)
        return queue[0].command if queue else None

    def played(self, seat: Seat, move: Move) -> None:
        Premove.objects.filter(pk=self._queue(seat).pop(0).pk).delete()

    def refused(self, seat: Seat, command: str, reason: str, move_number: int) -> None:
        reason = reason.strip().rstrip(".")  # the page and the mail end the sentence
        self._queue(seat).clear()
        Premove.objects.filter(game=self.game, user_id=seat.user_id).delete()
        PremoveCancellation.objects.update_or_create(
            game=self.game,
            user_id=seat.user_id,
            defaults={"command": command, "reason": reason, "move_number": move_number},
        )
        mails = notification_services.premoves_cancelled_notify(
            game=self.game,
            user_id=seat.user_id,
            move_number=move_number,
            command=command,
            reason=reason,
        )
        if mails:
            enqueue(notification_tasks.notifications_send, mails)


class Premoves:
    """Premoves as ``games.log`` plays them (registered for each kind with a planner)."""

    # Read with a move's seats: a game where nobody has queued anything costs no query more.
    seat_annotations = {
        "has_premoves": Exists(
            Premove.objects.filter(game_id=OuterRef("game_id"), user_id=OuterRef("user_id"))
        )
    }

    def queues(self, game: Game, seats: list[Seat]) -> _Queues | None:
        if not any(getattr(s, "has_premoves", False) for s in seats):
            return None
        return _Queues(game, seats)

    def taken_back(self, game: Game, *, from_move: int, seat: Seat | None) -> None:
        stale = Q(queued_at_move__gte=from_move)
        if seat is not None:  # who takes back their move plays again by hand
            stale |= Q(user_id=seat.user_id)
        Premove.objects.filter(game=game).filter(stale).delete()


PREMOVES = Premoves()
