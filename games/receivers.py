"""The games app's own receiver: end-of-game processing starts once the final move commits."""

from __future__ import annotations

from typing import Any

from django.db import transaction


def game_finished(sender: Any, game_id: int, **kwargs: Any) -> None:
    from . import tasks

    # robust: a broker that is down must not fail the final move; games_finish_pending catches up.
    transaction.on_commit(lambda: tasks.game_finish_process.delay(game_id), robust=True)
