"""Celery tasks of notifications: thin wrappers around the services, safe to run twice."""

from __future__ import annotations

from tm_site.tasks import retrying_task

from . import selectors, services


@retrying_task("notifications.tasks.move_notify")
def move_notify(game_id: int, move_number: int, waiting: list[dict]) -> int:
    return services.move_notify(game_id=game_id, move_number=move_number, waiting=waiting)


@retrying_task("notifications.tasks.game_started_notify")
def game_started_notify(game_id: int) -> int:
    return services.notifications_deliver(services.game_started_notify(game_id=game_id))


@retrying_task("notifications.tasks.game_aborted_notify")
def game_aborted_notify(game_id: int, reason: str) -> int:
    return services.notifications_deliver(
        services.game_aborted_notify(game_id=game_id, reason=reason)
    )


@retrying_task("notifications.tasks.chat_notify")
def chat_notify(message_id: int) -> int:
    return services.notifications_deliver(services.chat_notify(message_id=message_id))


@retrying_task("notifications.tasks.notifications_send")
def notifications_send(notification_ids: list[int]) -> int:
    """Send notifications created in an event's transaction (reminders, time-outs)."""
    return services.notifications_deliver(notification_ids)


@retrying_task("notifications.tasks.notifications_flush")
def notifications_flush() -> int:
    """Periodic: send what was created but not sent (a mail server or a worker was down)."""
    return services.notifications_deliver(selectors.notifications_to_retry())


@retrying_task("notifications.tasks.digests_send")
def digests_send() -> int:
    """Daily: one digest per player of the notifications they chose to receive that way."""
    return services.notifications_deliver(services.digests_build())


@retrying_task("notifications.tasks.notifications_purge")
def notifications_purge() -> int:
    """Daily: forget old notifications; their events are long past any retry."""
    return services.notifications_purge()
