"""Celery tasks of the games app: end-of-game processing, time controls, idle games.

Each task takes ids, calls services and is safe to run again: a retried, duplicated or
redelivered task (its worker was killed) completes what is left and repeats nothing.
"""

from __future__ import annotations

import logging

from django.db import transaction
from django.utils import timezone

from tm_site.tasks import retrying_task

from . import clock, results, signals, timeouts
from .models import Game

logger = logging.getLogger(__name__)


@retrying_task("games.tasks.game_finish_process")
def game_finish_process(game_id: int) -> dict:
    """Record the result, let the other apps do their part (ratings, then the game-over mails),
    mark the game processed.

    League standings are refreshed by the leagues app's own receiver of ``game_finished``.
    """
    if not results.game_result_record(game_id):
        return {"game_id": game_id, "finished": False}
    outcome: dict = {"game_id": game_id, "finished": True}
    for signal in (signals.result_recorded, signals.result_announce):
        for _receiver, response in signal.send(sender=Game, game_id=game_id):
            if isinstance(response, dict):
                outcome.update(response)
    results.game_finish_done(game_id)
    return outcome


@retrying_task("games.tasks.games_finish_pending")
def games_finish_pending() -> list[int]:
    """Periodic: finish the processing of games whose task was lost or kept failing."""
    pending = results.games_finish_pending()
    for game_id in pending:
        game_finish_process.delay(game_id)
    return pending


@retrying_task("games.tasks.clocks_check")
def clocks_check() -> dict:
    """Periodic: remind players whose time is running out, drop those whose time is up."""
    now = timezone.now()
    reminded = dropped = 0
    for seat_id in clock.seats_due_for_reminder(now):
        with transaction.atomic():
            reminder = clock.seat_remind(seat_id, now)
            if reminder:
                reminded += 1
                signals.announce(signals.seat_reminded, reminder=reminder, now=now)
    for seat_id in clock.seats_out_of_time(now):
        with transaction.atomic():
            timeout = timeouts.seat_time_out(seat_id, now)
            if timeout:
                dropped += 1
                logger.info("Seat %s of game %s ran out of time", seat_id, timeout.game_id)
                signals.announce(signals.seat_timed_out, timeout=timeout)
    return {"reminded": reminded, "dropped": dropped}


@retrying_task("games.tasks.games_abort_idle")
def games_abort_idle() -> list[int]:
    """Periodic: abort the running games in which nobody has moved for a long time."""
    now = timezone.now()
    return [game_id for game_id in clock.games_idle(now) if timeouts.game_abort_idle(game_id, now)]
