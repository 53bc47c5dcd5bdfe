"""The bots app's record: which seats went to the computer, from whom."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models import Game


class HandOver(models.Model):
    """A seat of a running game given to one of the site's bots.

    The seat itself (``games.Seat``) now names the bot; this row keeps who played it before,
    so that a league counts that player's result as a drop (docs/bots.md)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hand_overs")
    position = models.PositiveSmallIntegerField()
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="Who played the seat before the computer.",
    )
    bot = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="Who handed the seat over: its player, another player, an organiser, staff.",
    )
    dropped = models.BooleanField(
        help_text="The seat had left the game (resigned, ran out of time, dropped) and came back."
    )
    vp = models.IntegerField(
        null=True, blank=True, help_text="The seat's score when it was handed over."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "created_at"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="one_hand_over_per_seat")
        ]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.position}"
