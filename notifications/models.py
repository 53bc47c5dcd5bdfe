"""What players want to be told (``Preference``) and what they have been told (``Notification``).

A ``Notification`` is one mail to one player about one event. Its ``key`` names the event and the
recipient (``your_turn:<game>:<move>:<user>``), so creating it twice is impossible, and its
status is claimed before the mail goes out, so delivering it twice never sends twice.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    YOUR_TURN = "your_turn", _("it is your turn")
    DECISION = "decision", _("a decision awaits you (leech, town, favor tile…)")
    GAME_STARTED = "game_started", _("a game of yours has started")
    GAME_OVER = "game_over", _("a game of yours is over")
    CHAT = "chat", _("a chat message in one of your games")
    MOVE = "move", _("every move in your games")
    TIME = "time", _("your time is running out, or has run out")


class Delivery(models.TextChoices):
    IMMEDIATE = "immediate", _("one mail per notification")
    DAILY = "daily", _("a daily digest")


# kind: (enabled, delivery) for players who have not chosen.
DEFAULTS: dict[str, tuple[bool, str]] = {
    Kind.YOUR_TURN: (True, Delivery.IMMEDIATE),
    Kind.DECISION: (True, Delivery.IMMEDIATE),
    Kind.GAME_STARTED: (True, Delivery.IMMEDIATE),
    Kind.GAME_OVER: (True, Delivery.IMMEDIATE),
    Kind.CHAT: (False, Delivery.IMMEDIATE),
    Kind.MOVE: (False, Delivery.IMMEDIATE),
    Kind.TIME: (True, Delivery.IMMEDIATE),
}


class Preference(models.Model):
    """A player's choice for one kind; kinds without a row follow ``DEFAULTS``."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_preferences"
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    enabled = models.BooleanField()
    delivery = models.CharField(max_length=10, choices=Delivery.choices, default=Delivery.IMMEDIATE)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "kind"], name="one_preference_per_kind")
        ]

    def __str__(self) -> str:
        state = self.delivery if self.enabled else "off"
        return f"{self.user_id} {self.kind}: {state}"


class Notification(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "to be sent"
        DEFERRED = "deferred", "waiting for the daily digest"
        SENDING = "sending", "claimed by a worker"
        SENT = "sent", "sent"
        DIGESTED = "digested", "sent as part of a digest"
        FAILED = "failed", "gave up after repeated errors"

    DIGEST = "digest"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    kind = models.CharField(max_length=20, help_text="A Kind, or 'digest'.")
    game = models.ForeignKey(
        "games.Game", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    key = models.CharField(max_length=200, unique=True, help_text="The event and the recipient.")
    subject = models.CharField(max_length=250)
    text = models.TextField()
    html = models.TextField()
    summary = models.CharField(max_length=300, help_text="The line a digest shows.")
    url = models.CharField(max_length=300, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, db_index=True)
    digest = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="items"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    error = models.TextField(blank=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["user", "status"], name="notification_user_status")]

    def __str__(self) -> str:
        return f"{self.key} ({self.status})"
