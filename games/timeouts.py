"""Time-outs: seats whose time has run out are dropped, games nobody moves in are aborted.

Both are steps of a game's life (``games.life``), which keeps each seat's wait through
``games.clock``; this module finds the seats and games they are due for.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from . import life, log
from .models import Game, Seat

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class TimeOut:
    seat_id: int
    user_id: int
    game_id: int
    faction: str
    aborted: bool
    move_number: int


def seat_time_out(seat_id: int, now: datetime | None = None) -> TimeOut | None:
    """Drop a seat whose time has run out (the engine's drop, recorded in the log).

    Checked again under the game's lock, so a move that arrived in time, or a second run of the
    same task, drops nobody. A seat without a faction cannot be dropped by the engine: as when
    such a player resigns, the game is aborted.
    """
    now = now or timezone.now()
    with transaction.atomic():
        seat = Seat.objects.filter(pk=seat_id).first()
        if seat is None:
            return None
        game = log.locked_game(seat.game_id)
        seat.refresh_from_db()
        if (
            game.status != Game.Status.RUNNING
            or seat.dropped
            or seat.deadline_at is None
            or seat.deadline_at > now
        ):
            return None
        result = life.leave_or_abort(
            game, seat, None, who=_player_name(seat), how="ran out of time"
        )
        if result is None:  # the engine cannot drop this seat (in Terra Mystica: no faction yet)
            return TimeOut(seat.pk, seat.user_id, game.pk, "", True, game.move_count)
        return TimeOut(seat.pk, seat.user_id, game.pk, seat.faction, False, result.move.number)


def game_abort_idle(game_id: int, now: datetime | None = None) -> bool:
    """Abort a game in which nobody has moved for GAMES_IDLE_ABORT_DAYS; False if it moved."""
    now = now or timezone.now()
    with transaction.atomic():
        game = log.locked_game(game_id)
        cutoff = now - timedelta(days=settings.GAMES_IDLE_ABORT_DAYS)
        if game.status != Game.Status.RUNNING or (
            game.last_move_at and game.last_move_at >= cutoff
        ):
            return False
        idle = settings.GAMES_IDLE_ABORT_DAYS
        life.abort(game, f"nobody has moved for {idle} days", now)
        logger.info("Game %s aborted: no move since %s", game.pk, game.last_move_at)
        return True


def _player_name(seat: Seat) -> str:
    from accounts.selectors import display_name

    return display_name(seat.user)
