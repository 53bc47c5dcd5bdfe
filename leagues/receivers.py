"""Receivers of the games app's events (connected in ``LeaguesConfig.ready``)."""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction

from .models import LeagueGame

logger = logging.getLogger(__name__)


def game_finished(sender: Any, game_id: int, **kwargs: Any) -> None:
    """Refresh the standings of a league game's group once the game's end has committed."""
    if not LeagueGame.objects.filter(game_id=game_id).exists():
        return
    transaction.on_commit(lambda: _enqueue_refresh(game_id))


def _enqueue_refresh(game_id: int) -> None:
    from . import services, tasks

    try:
        tasks.refresh_standings.delay(game_id)
    except Exception:
        # Receivers must not raise into the move that finished the game. Without a broker the
        # refresh runs here: it is cheap and idempotent.
        logger.exception("Could not enqueue the standings refresh of game %s", game_id)
        try:
            services.league_game_finished(game_id=game_id)
        except Exception:
            logger.exception("Standings refresh of game %s failed", game_id)
