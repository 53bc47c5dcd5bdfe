"""Celery tasks of the bots app: thin wrappers around its services, safe to run again."""

from __future__ import annotations

from tm_site.tasks import retrying_task

from . import services


@retrying_task("bots.tasks.bot_move")
def bot_move(game_id: int, move_number: int) -> str | None:
    """The move of the site's bot the game waits for after ``move_number``; nothing when the
    game has moved on (a retried or duplicated task never plays twice)."""
    return services.bot_move(game_id=game_id, move_number=move_number)


@retrying_task("bots.tasks.bots_wake")
def bots_wake() -> int:
    """Periodic: queue again the moves of bots whose games have waited too long for them."""
    overdue = services.bots_overdue()
    for game_id, move_number in overdue:
        bot_move.delay(game_id, move_number)
    return len(overdue)
