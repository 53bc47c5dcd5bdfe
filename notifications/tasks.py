"""Celery tasks of notifications: thin wrappers around the services, safe to run twice."""

from __future__ import annotations

from celery import shared_task
from django.db import DatabaseError

from . import selectors, services

RETRY = {
    "autoretry_for": (DatabaseError,),
    "retry_backoff": True,
    "retry_backoff_max": 600,
    "max_retries": 8,
}


@shared_task(name="notifications.tasks.move_notify", **RETRY)
def move_notify(game_id: int, move_number: int, waiting: list[dict]) -> int:
    ids = services.move_notify(game_id=game_id, move_number=move_number, waiting=waiting)
    return services.notifications_deliver(ids)


@shared_task(name="notifications.tasks.game_started_notify", **RETRY)
def game_started_notify(game_id: int) -> int:
    return services.notifications_deliver(services.game_started_notify(game_id=game_id))


@shared_task(name="notifications.tasks.game_aborted_notify", **RETRY)
def game_aborted_notify(game_id: int, reason: str) -> int:
    return services.notifications_deliver(
        services.game_aborted_notify(game_id=game_id, reason=reason)
    )


@shared_task(name="notifications.tasks.chat_notify", **RETRY)
def chat_notify(message_id: int) -> int:
    return services.notifications_deliver(services.chat_notify(message_id=message_id))


@shared_task(name="notifications.tasks.notifications_send", **RETRY)
def notifications_send(notification_ids: list[int]) -> int:
    """Send notifications created in an event's transaction (reminders, time-outs)."""
    return services.notifications_deliver(notification_ids)


@shared_task(name="notifications.tasks.notifications_flush", **RETRY)
def notifications_flush() -> int:
    """Periodic: send what was created but not sent (a mail server or a worker was down)."""
    return services.notifications_deliver(selectors.notifications_to_retry())


@shared_task(name="notifications.tasks.digests_send", **RETRY)
def digests_send() -> int:
    """Daily: one digest per player of the notifications they chose to receive that way."""
    return services.notifications_deliver(services.digests_build())


@shared_task(name="notifications.tasks.notifications_purge", **RETRY)
def notifications_purge() -> int:
    """Daily: forget old notifications; their events are long past any retry."""
    return services.notifications_purge()
