"""Receivers of the games app's events: each records its mail work in the event's transaction.

The outbox runs the work after the commit, through the broker or, when the broker is down, its
sweep: a move's turn mails are never lost, and never sent for a move that did not commit.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from outbox.services import enqueue

from . import services, tasks


def move_committed(
    sender: Any,
    game_id: int,
    move_number: int,
    waiting: list,
    addressed: list[int] | None = None,
    **kwargs: Any,
) -> None:
    # Move mails go only to seated players with a confirmed address: without one, no work.
    if addressed == []:
        return
    enqueue(tasks.move_notify, game_id, move_number, waiting)


def game_started(sender: Any, game_id: int, **kwargs: Any) -> None:
    enqueue(tasks.game_started_notify, game_id)


def game_aborted(sender: Any, game_id: int, reason: str, **kwargs: Any) -> None:
    enqueue(tasks.game_aborted_notify, game_id, reason)


def chat_posted(sender: Any, game_id: int, message_id: int, **kwargs: Any) -> None:
    enqueue(tasks.chat_notify, message_id)


def seat_reminded(sender: Any, reminder: Any, now: datetime, **kwargs: Any) -> None:
    enqueue(tasks.notifications_send, services.reminder_notify(reminder, now))


def seat_timed_out(sender: Any, timeout: Any, **kwargs: Any) -> None:
    enqueue(tasks.notifications_send, services.time_out_notify(timeout))


def result_announce(sender: Any, game_id: int, **kwargs: Any) -> dict:
    """The game-over mails, sent by the end-of-game processing itself (after the ratings)."""
    return {"mails": services.notifications_deliver(services.game_over_notify(game_id=game_id))}
