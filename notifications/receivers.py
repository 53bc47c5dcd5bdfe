"""Receivers of the games app's events: each enqueues a task once the transaction has committed.

The games app sends its signals after the commit already; ``on_commit`` keeps the rule true
should a signal ever be sent inside a transaction. ``robust``: a broker that is down must not
fail the move that caused the event (the periodic flush sends what was created and not sent).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from . import tasks


def move_committed(
    sender: Any, game_id: int, move_number: int, waiting: list, **kwargs: Any
) -> None:
    transaction.on_commit(
        lambda: tasks.move_notify.delay(game_id, move_number, waiting), robust=True
    )


def game_started(sender: Any, game_id: int, **kwargs: Any) -> None:
    transaction.on_commit(lambda: tasks.game_started_notify.delay(game_id), robust=True)


def game_aborted(sender: Any, game_id: int, reason: str, **kwargs: Any) -> None:
    transaction.on_commit(lambda: tasks.game_aborted_notify.delay(game_id, reason), robust=True)


def chat_posted(sender: Any, game_id: int, message_id: int, **kwargs: Any) -> None:
    transaction.on_commit(lambda: tasks.chat_notify.delay(message_id), robust=True)
