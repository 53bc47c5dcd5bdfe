"""Time controls: who the game is waiting for, since when, and until when.

The platform owns time; the engine never sees the clock. After every log entry
(``life.after_move``) ``seats_waiting_update`` brings each seat's wait in line with the
decisions the engine is waiting for: a seat that starts waiting gets a deadline and a reminder
time, a seat that stops waiting (or acted and still has to act) has its time charged. Periodic
tasks then remind (``seat_remind``) the seats whose times are running out; ``games.timeouts``
drops those whose time has come and aborts games nobody has touched for a long time.

Two time controls, as terra.snellman.net offers them:

- ``move``: each time the game starts waiting for a player, they have ``move_time_limit``.
- ``chess``: every player's clock starts at ``clock_initial``, runs while the game waits for
  them and gains ``clock_bonus`` whenever a new round begins.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from tm_site.exceptions import ApplicationError

from .models import Game, Seat

logger = logging.getLogger(__name__)

MOVE_LIMIT_MIN = timedelta(hours=12)
MOVE_LIMIT_MAX = timedelta(days=14)
CLOCK_INITIAL_MIN = timedelta(hours=12)
CLOCK_INITIAL_MAX = timedelta(days=30)
CLOCK_BONUS_MAX = timedelta(days=7)
# Reminders at these shares of the time a wait started with: about half, and 90 %.
REMINDER_SHARES = (0.5, 0.9)

WAIT_FIELDS = [
    "waiting_since",
    "waiting_since_move",
    "deadline_at",
    "reminder_at",
    "reminders_sent",
    "time_left",
]
# A seat that waits for nothing (a game that ended without a result).
NO_WAIT = {
    "waiting_since": None,
    "waiting_since_move": None,
    "deadline_at": None,
    "reminder_at": None,
    "reminders_sent": 0,
}


@dataclass(frozen=True)
class TimeControl:
    kind: str = Game.TimeControl.NONE
    move_time_limit: timedelta | None = None
    clock_initial: timedelta | None = None
    clock_bonus: timedelta | None = None


def time_control_clean(
    *,
    kind: str | None = None,
    move_time_limit: timedelta | None = None,
    clock_initial: timedelta | None = None,
    clock_bonus: timedelta | None = None,
) -> TimeControl:
    """Check a time control chosen at creation; ``kind`` defaults from the values given."""
    if kind is None:
        kind = (
            Game.TimeControl.CHESS
            if clock_initial
            else Game.TimeControl.MOVE
            if move_time_limit
            else Game.TimeControl.NONE
        )
    if kind == Game.TimeControl.NONE:
        return TimeControl()
    if kind == Game.TimeControl.MOVE:
        if move_time_limit is None or not MOVE_LIMIT_MIN <= move_time_limit <= MOVE_LIMIT_MAX:
            raise ApplicationError("A deadline per move must be between 12 hours and 14 days.")
        return TimeControl(kind, move_time_limit=move_time_limit)
    if kind == Game.TimeControl.CHESS:
        if clock_initial is None or not CLOCK_INITIAL_MIN <= clock_initial <= CLOCK_INITIAL_MAX:
            raise ApplicationError(
                "A chess clock's initial time must be between 12 hours and 30 days."
            )
        bonus = clock_bonus or timedelta(0)
        if not timedelta(0) <= bonus <= CLOCK_BONUS_MAX:
            raise ApplicationError("A chess clock's bonus per round must be between 0 and 7 days.")
        return TimeControl(kind, clock_initial=clock_initial, clock_bonus=bonus)
    raise ApplicationError(f"Unknown time control {kind!r}: none, move or chess.")


# --- accounting (inside the move's transaction) ---------------------------------------------


def clocks_start(game: Game, seats: Sequence[Seat]) -> None:
    """Set every chess clock to its initial time (at the start of the game)."""
    if game.time_control == Game.TimeControl.CHESS:
        for seat in seats:
            seat.time_left = game.clock_initial


def seats_waiting_update(
    game: Game,
    seats: Sequence[Seat],
    waiting: Iterable[dict],
    *,
    move_number: int,
    mover: Seat | None,
    round_number: int,
    now: datetime,
) -> tuple[list[Seat], list[str]]:
    """Bring each seat's wait in line with the decisions the game now waits for.

    Returns the seats that changed and the game fields that changed (saved by the caller).
    """
    waiting_positions = {d.get("seat") for d in waiting}
    changed: dict[int, Seat] = {}
    game_fields: list[str] = []

    if game.time_control == Game.TimeControl.CHESS and round_number > game.clock_round:
        # Every round that begins (1 to 6) adds the bonus to every clock still in the game.
        bonus = (game.clock_bonus or timedelta(0)) * (round_number - game.clock_round)
        for seat in seats:
            if seat.dropped or seat.time_left is None or not bonus:
                continue
            seat.time_left += bonus
            if seat.deadline_at is not None:
                seat.deadline_at += bonus
                seat.reminder_at = _reminder_time(seat, seat.reminders_sent)
            changed[seat.pk] = seat
        game.clock_round = round_number
        game_fields.append("clock_round")

    for seat in seats:
        is_waiting = seat.position in waiting_positions and not seat.dropped
        was_waiting = seat.waiting_since is not None
        acted = mover is not None and seat.pk == mover.pk
        if was_waiting and (acted or not is_waiting):
            _charge(game, seat, now)
            changed[seat.pk] = seat
        if is_waiting and seat.waiting_since is None:
            _start_waiting(game, seat, move_number, now)
            changed[seat.pk] = seat
    return list(changed.values()), game_fields


def _charge(game: Game, seat: Seat, now: datetime) -> None:
    waited = now - seat.waiting_since if seat.waiting_since is not None else timedelta(0)
    if game.time_control == Game.TimeControl.CHESS and seat.time_left is not None:
        seat.time_left = max(timedelta(0), seat.time_left - waited)
    seat.waiting_since = seat.waiting_since_move = None
    seat.deadline_at = seat.reminder_at = None
    seat.reminders_sent = 0


def _start_waiting(game: Game, seat: Seat, move_number: int, now: datetime) -> None:
    seat.waiting_since, seat.waiting_since_move = now, move_number
    seat.reminders_sent = 0
    budget = _budget(game, seat)
    if budget is None:
        seat.deadline_at = seat.reminder_at = None
        return
    seat.deadline_at = now + budget
    seat.reminder_at = _reminder_time(seat, 0)


def _budget(game: Game, seat: Seat) -> timedelta | None:
    if game.time_control == Game.TimeControl.MOVE:
        return game.move_time_limit
    if game.time_control == Game.TimeControl.CHESS:
        return seat.time_left
    return None


def _reminder_time(seat: Seat, sent: int) -> datetime | None:
    """When reminder number ``sent`` (0-based) is due for the seat's current wait."""
    if sent >= len(REMINDER_SHARES) or seat.deadline_at is None or seat.waiting_since is None:
        return None
    span = seat.deadline_at - seat.waiting_since
    return seat.waiting_since + span * REMINDER_SHARES[sent]


# --- reads -----------------------------------------------------------------------------------


def seat_clock(game: Game, seat: Seat, now: datetime | None = None) -> dict | None:
    """The seat's time for clients: seconds left, whether it is running, the deadline."""
    if game.time_control == Game.TimeControl.NONE:
        return None
    now = now or timezone.now()
    running = seat.waiting_since is not None and game.status == Game.Status.RUNNING
    if game.time_control == Game.TimeControl.MOVE:
        left = (
            seat.deadline_at - now
            if running and seat.deadline_at
            else game.move_time_limit or timedelta(0)
        )
    else:
        left = seat.time_left or timedelta(0)
        if running and seat.waiting_since is not None:
            left -= now - seat.waiting_since
    if seat.dropped:
        left, running = timedelta(0), False
    return {
        "time_left": max(0, int(left.total_seconds())),
        "running": running,
        "deadline": seat.deadline_at if running else None,
    }


def time_control_view(game: Game) -> dict:
    def seconds(value: timedelta | None) -> int | None:
        return int(value.total_seconds()) if value is not None else None

    return {
        "kind": game.time_control,
        "move_time_limit": seconds(game.move_time_limit),
        "initial": seconds(game.clock_initial),
        "bonus_per_round": seconds(game.clock_bonus),
    }


def seats_due_for_reminder(now: datetime) -> list[int]:
    return list(
        Seat.objects.filter(
            game__status=Game.Status.RUNNING,
            dropped=False,
            reminder_at__lte=now,
            deadline_at__gt=now,
        ).values_list("pk", flat=True)
    )


def seats_out_of_time(now: datetime) -> list[int]:
    return list(
        Seat.objects.filter(
            game__status=Game.Status.RUNNING, dropped=False, deadline_at__lte=now
        ).values_list("pk", flat=True)
    )


def games_idle(now: datetime) -> list[int]:
    cutoff = now - timedelta(days=settings.GAMES_IDLE_ABORT_DAYS)
    return list(
        Game.objects.filter(status=Game.Status.RUNNING, last_move_at__lt=cutoff).values_list(
            "pk", flat=True
        )
    )


# --- writes (periodic tasks) -----------------------------------------------------------------


@dataclass(frozen=True)
class Reminder:
    seat_id: int
    user_id: int
    game_id: int
    number: int  # 1: about half the time is gone, 2: 90 %
    waiting_since: datetime
    deadline_at: datetime


def seat_remind(seat_id: int, now: datetime | None = None) -> Reminder | None:
    """Advance the seat's reminder if one is due; returns it, or None if nothing is due."""
    now = now or timezone.now()
    with transaction.atomic():
        seat = Seat.objects.select_for_update().filter(pk=seat_id).first()
        if (
            seat is None
            or seat.dropped
            or seat.reminder_at is None
            or seat.reminder_at > now
            or seat.deadline_at is None
            or seat.deadline_at <= now
            or seat.waiting_since is None
        ):
            return None
        # Reminders overdue together (a worker was down) collapse into the latest one.
        sent = seat.reminders_sent
        while sent < len(REMINDER_SHARES) and (_reminder_time(seat, sent) or now) <= now:
            sent += 1
        seat.reminders_sent = sent
        seat.reminder_at = _reminder_time(seat, sent)
        seat.save(update_fields=["reminders_sent", "reminder_at"])
        return Reminder(
            seat_id=seat.pk,
            user_id=seat.user_id,
            game_id=seat.game_id,
            number=sent,
            waiting_since=seat.waiting_since,
            deadline_at=seat.deadline_at,
        )
