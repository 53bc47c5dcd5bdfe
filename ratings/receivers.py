"""Receivers of the games app's events (connected in ``RatingsConfig.ready``)."""

from __future__ import annotations

from typing import Any

from . import services


def game_reopened(sender: Any, game_id: int, **kwargs: Any) -> None:
    """A finished game runs again: its rating goes at once, in the same transaction."""
    services.game_unrate(game_id)


def result_recorded(sender: Any, game_id: int, **kwargs: Any) -> dict:
    """A finished game's result is recorded: rate it (again: nothing happens twice)."""
    return {"rating": str(services.game_rate(game_id))}
