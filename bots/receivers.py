"""When the game waits for one of the site's bots, its move is queued for the worker (never
played in the request), through the outbox: it commits with the move that caused it."""

from __future__ import annotations

from typing import Any

from outbox.services import enqueue

from . import tasks


def move_committed(sender: Any, game_id: int, waiting: list, latest: int, **kwargs: Any) -> None:
    if any(d.get("bot_level") for d in waiting):
        enqueue(tasks.bot_move, game_id, latest)


def game_started(sender: Any, game_id: int, **kwargs: Any) -> None:
    # Cheap and rare: the task itself finds out whether a bot has the first move.
    enqueue(tasks.bot_move, game_id, 0)
