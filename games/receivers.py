"""The games app's own receiver: end-of-game processing, recorded with the final move."""

from __future__ import annotations

from typing import Any

from outbox.services import enqueue


def game_finished(sender: Any, game_id: int, **kwargs: Any) -> None:
    from . import tasks

    enqueue(tasks.game_finish_process, game_id)
