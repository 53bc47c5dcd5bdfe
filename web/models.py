"""What the browser side stores: each player's automatic leech settings per game."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class AutoLeechSetting(models.Model):
    """A player's answers to power offers in one game (Yucata's rules, see docs/ui.md).

    ``settings`` is the engine's ``AutoLeechSettings`` as JSON. Without a row nothing is
    answered automatically for that player.
    """

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    settings = models.JSONField(default=dict)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="one_autoleech_per_player")
        ]

    def __str__(self) -> str:
        return f"game {self.game_id} user {self.user_id}: {self.settings}"
