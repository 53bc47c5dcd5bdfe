"""Receivers of the games app's events (connected in ``LeaguesConfig.ready``)."""

from __future__ import annotations

from typing import Any

from outbox.services import enqueue

from .models import LeagueGame


def game_finished(sender: Any, game_id: int, **kwargs: Any) -> None:
    """Refresh the standings of a league game's group with the game's end (or its reopening
    by a rollback): recorded in the same transaction, run after it."""
    if not LeagueGame.objects.filter(game_id=game_id).exists():
        return
    from . import tasks

    enqueue(tasks.refresh_standings, game_id)
