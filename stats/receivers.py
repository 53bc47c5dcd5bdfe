"""Receivers of the games app's events (connected in ``StatsConfig.ready``)."""

from __future__ import annotations

from typing import Any

from outbox.services import enqueue

from . import services
from .models import CountedGame


def result_recorded(sender: Any, game_id: int, **kwargs: Any) -> dict:
    """A finished game's result is recorded (and rated): count it (again: nothing happens twice)."""
    return {"statistics": str(services.game_count(game_id))}


def game_reopened(sender: Any, game_id: int, **kwargs: Any) -> None:
    """A counted game runs again: the statistics are rebuilt without it by the worker, after the
    rollback commits."""
    from . import tasks

    if CountedGame.objects.filter(game_id=game_id).exists():
        enqueue(tasks.stats_rebuild)
