"""Stored ratings: always what a full recompute of the rated games gives (docs/ratings.md)."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class PlayerRating(models.Model):
    """A player's rating in one game kind: every kind has ratings of its own."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    kind = models.CharField(max_length=40, default="terra_mystica")
    rating = models.FloatField()
    games = models.PositiveIntegerField(default=0, help_text="Rated games played.")
    last_game_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["kind", "-rating", "user_id"]
        constraints = [
            models.UniqueConstraint(fields=["user", "kind"], name="ratings_one_per_player_kind"),
        ]
        indexes = [
            models.Index(fields=["kind", "-rating", "user"], name="ratings_player_by_rating"),
            models.Index(fields=["last_game_at"], name="ratings_player_last_game"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} ({self.kind}): {self.rating:.0f} ({self.games})"


class RatingChange(models.Model):
    """One player's result in one rated game and what it did to their rating."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    finished_at = models.DateTimeField()
    map_id = models.CharField(max_length=64)
    faction = models.CharField(max_length=30)
    vp = models.IntegerField()
    rank = models.PositiveSmallIntegerField()
    dropped = models.BooleanField(default=False)
    provisional = models.BooleanField(help_text="Fewer than the minimum games before this one.")
    rating_before = models.FloatField()
    rating_after = models.FloatField()
    expected = models.FloatField(help_text="Sum of the expected pairwise scores.")
    actual = models.FloatField(help_text="Sum of the actual pairwise scores.")

    class Meta:
        ordering = ["finished_at", "game_id", "rank", "user_id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="ratings_one_change_per_game"),
        ]
        indexes = [models.Index(fields=["user", "finished_at"], name="ratings_change_history")]

    def __str__(self) -> str:
        return f"game {self.game_id} user {self.user_id}: {self.delta:+.1f}"

    @property
    def delta(self) -> float:
        return self.rating_after - self.rating_before


class FactionRating(models.Model):
    """Strength of a role (a faction) on a map in one game kind, in rating points added to its
    player's rating."""

    kind = models.CharField(max_length=40, default="terra_mystica")
    faction = models.CharField(max_length=30)
    map_id = models.CharField(max_length=64)
    rating = models.FloatField(default=0.0)
    games = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["kind", "map_id", "-rating", "faction"]
        constraints = [
            models.UniqueConstraint(
                fields=["kind", "faction", "map_id"], name="ratings_one_faction_per_map"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.faction} on {self.map_id[:8]}: {self.rating:+.0f}"


class RatedGame(models.Model):
    """A game whose result is in the ratings: what makes rating a game idempotent."""

    game = models.OneToOneField(
        "games.Game", on_delete=models.CASCADE, primary_key=True, related_name="rated"
    )
    finished_at = models.DateTimeField()
    rated_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["finished_at", "game_id"]
        indexes = [models.Index(fields=["finished_at", "game"], name="ratings_rated_order")]


class RatingExclusion(models.Model):
    """An admin's decision that a game must not count for the ratings."""

    game = models.OneToOneField(
        "games.Game", on_delete=models.CASCADE, related_name="rating_exclusion"
    )
    reason = models.TextField(blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"game {self.game_id} excluded"


class RatingLedger(models.Model):
    """The single row every rating write locks, with the parameters the ratings were made with."""

    params = models.JSONField(default=dict)
    recomputed_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
