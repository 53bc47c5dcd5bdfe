"""Reads of notifications: preferences with their defaults, notifications to (re)send."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from .models import DEFAULTS, Notification, Preference

Choice = tuple[bool, str]  # (enabled, delivery)


def preferences_for(user_ids: Iterable[int]) -> dict[int, dict[str, Choice]]:
    """Each player's choice per kind, defaults filled in."""
    ids = list(dict.fromkeys(user_ids))
    out = {uid: dict(DEFAULTS) for uid in ids}
    for uid, kind, enabled, delivery in Preference.objects.filter(user_id__in=ids).values_list(
        "user_id", "kind", "enabled", "delivery"
    ):
        out[uid][kind] = (enabled, delivery)
    return out


def preferences_view(user) -> dict[str, dict]:
    """``{kind: {"enabled": bool, "delivery": "immediate" | "daily"}}`` for the API."""
    choices = preferences_for([user.pk])[user.pk]
    return {
        str(kind): {"enabled": enabled, "delivery": str(delivery)}
        for kind, (enabled, delivery) in choices.items()
    }


def notifications_to_retry(now: datetime | None = None) -> list[int]:
    """Mails not sent yet: never tried, failed before, or claimed by a worker that vanished."""
    now = now or timezone.now()
    stale = now - timedelta(seconds=settings.NOTIFICATIONS_SEND_LEASE)
    return list(
        Notification.objects.filter(
            Q(status=Notification.Status.PENDING)
            | Q(status=Notification.Status.SENDING, claimed_at__lt=stale)
        )
        .order_by("id")
        .values_list("pk", flat=True)
    )


def users_with_deferred() -> list[int]:
    return list(
        Notification.objects.filter(status=Notification.Status.DEFERRED)
        .order_by("user_id")
        .values_list("user_id", flat=True)
        .distinct()
    )
