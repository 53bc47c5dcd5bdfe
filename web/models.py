"""What the browser side stores per player and game: automatic leech settings, the private
plan (moves tried on a copy of the game, notes) and the queue of premoves."""

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


class AutoLeechDefault(models.Model):
    """A player's automatic answers to power offers for every game without its own settings
    (chosen on the account page)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="autoleech_default"
    )
    settings = models.JSONField(default=dict)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"user {self.user_id}: {self.settings}"


class Plan(models.Model):
    """A player's private planning of one game: rows tried on a copy of the current state (their
    own and other factions'), and notes. Nothing in it is ever sent as a move by itself."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    # [{"actor": "witches", "command": "build E5"}, ...], applied in order to the current state.
    rows = models.JSONField(default=list)
    notes = models.TextField(blank=True, default="")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="one_plan_per_player")]

    def __str__(self) -> str:
        return f"plan of user {self.user_id} in game {self.game_id}: {len(self.rows)} rows"


class Premove(models.Model):
    """One of a player's queued moves: played by the server, in order, when the game waits for
    that player, if still legal; the queue is cancelled (and the player told) otherwise."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    position = models.PositiveSmallIntegerField()
    command = models.TextField()
    # The move number the player saw when queueing: the queue is for the game as it was then.
    queued_at_move = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "user", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "user", "position"], name="one_premove_per_position"
            )
        ]

    def __str__(self) -> str:
        return (
            f"premove {self.position} of user {self.user_id} in game {self.game_id}: {self.command}"
        )


class PremoveCancellation(models.Model):
    """Why a player's queue of premoves was cancelled (the first command the rules refused when
    its turn came), shown on the game page until the player queues again."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    command = models.TextField()
    reason = models.TextField()
    # The latest move when the command was refused.
    move_number = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="one_premove_cancellation")
        ]

    def __str__(self) -> str:
        return f"premoves of user {self.user_id} in game {self.game_id} cancelled: {self.command}"
