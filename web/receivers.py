"""Live updates: the games app's events, pushed to the pages watching the game.

Events arrive inside the move's transaction; the push waits for the commit (a page told
earlier would read the state without the move) and never raises: a push that fails costs a
page its live update (it catches up on the next message or reconnect), never a move. In a
request of the web server the push is handed to the server's event loop and the response does
not wait for it.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import Future

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.dispatch import receiver

from games import signals
from games.models import Game
from tm_site.sync_http import serving_loop

from .consumers import game_group

logger = logging.getLogger(__name__)


def push(game_id: int, event: str, known: dict | None = None, **data) -> None:
    """Tell the game's pages after the commit; ``known`` (move_count, status) spares a read."""
    transaction.on_commit(lambda: _send(game_id, event, known, data))


def _send(game_id: int, event: str, known: dict | None, data: dict) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        latest = known or (
            Game.objects.filter(pk=game_id).values("move_count", "status").first() or {}
        )
        message = {
            "type": "game.event",
            "event": event,
            "move_number": latest.get("move_count", 0),
            "status": latest.get("status", ""),
            **data,
        }
        loop = serving_loop()
        if loop is None:  # a worker, a command, a test: wait for the push here
            async_to_sync(layer.group_send)(game_group(game_id), message)
            return
        sent = asyncio.run_coroutine_threadsafe(
            layer.group_send(game_group(game_id), message), loop
        )
        sent.add_done_callback(lambda f: _log_failure(f, event, game_id))
    except Exception:
        logger.exception("Live update %s of game %s not sent", event, game_id)


def _log_failure(sent: Future, event: str, game_id: int) -> None:
    if not sent.cancelled() and (error := sent.exception()) is not None:
        logger.error("Live update %s of game %s not sent", event, game_id, exc_info=error)


@receiver(signals.move_committed, dispatch_uid="web.move_committed")
def on_move(
    sender,
    game_id: int,
    waiting: list | None = None,
    latest: int | None = None,
    status: str | None = None,
    **kwargs,
) -> None:
    # The latest move number, not this move's: automatic answers may follow the move.
    seats = sorted({d.get("seat") for d in waiting or [] if d.get("seat")})
    known = {"move_count": latest, "status": status} if latest is not None and status else None
    push(game_id, "move", known, waiting_seats=seats)


@receiver(signals.game_started, dispatch_uid="web.game_started")
def on_start(sender, game_id: int, **kwargs) -> None:
    push(game_id, "started")


@receiver(signals.game_finished, dispatch_uid="web.game_finished")
def on_finish(sender, game_id: int, **kwargs) -> None:
    push(game_id, "finished")


@receiver(signals.chat_posted, dispatch_uid="web.chat_posted")
def on_chat(sender, game_id: int, message_id: int | None = None, **kwargs) -> None:
    push(game_id, "chat", message_id=message_id)
