"""Celery tasks of the leagues app: thin wrappers that take ids and call a service.

A step that cannot be done (already done, too few players) is an ``ApplicationError``: it is
logged and returned, not retried, which makes every task safe to run twice.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from celery import shared_task

from tm_site.exceptions import ApplicationError

from . import services

logger = logging.getLogger(__name__)


def _run(service: Callable[..., Any], **kwargs: Any) -> dict[str, Any]:
    try:
        service(**kwargs)
    except ApplicationError as exc:
        logger.warning("%s(%s): %s", service.__name__, kwargs, exc.message)
        return {"ok": False, "error": exc.message}
    return {"ok": True}


@shared_task(name="leagues.open_signup")
def open_signup(season_id: int) -> dict[str, Any]:
    return _run(services.signup_open, season_id=season_id)


@shared_task(name="leagues.close_signup")
def close_signup(season_id: int) -> dict[str, Any]:
    return _run(services.signup_close, season_id=season_id)


@shared_task(name="leagues.start_season")
def start_season(season_id: int) -> dict[str, Any]:
    return _run(services.season_start, season_id=season_id)


@shared_task(name="leagues.end_season")
def end_season(season_id: int) -> dict[str, Any]:
    return _run(services.season_end, season_id=season_id)


@shared_task(name="leagues.refresh_standings")
def refresh_standings(game_id: int) -> dict[str, Any]:
    """A league game has finished: its group's standings (and maybe the season's end)."""
    try:
        return {"ok": True, **services.league_game_finished(game_id=game_id)}
    except ApplicationError as exc:
        logger.warning("refresh_standings(%s): %s", game_id, exc.message)
        return {"ok": False, "error": exc.message}


@shared_task(name="leagues.advance_seasons")
def advance_seasons() -> list[dict[str, Any]]:
    """Periodic: open, close and start the seasons whose dates have come."""
    return services.advance_seasons()
