"""Stored tallies of the statistics: always what a rebuild from the finished games gives
(docs/statistics.md). Each row holds counts, sums and sums of squares (stats.figures.Tally)."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class TallyFields(models.Model):
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    dropped = models.PositiveIntegerField(default=0)
    score_sum = models.BigIntegerField(default=0)
    score_sq = models.BigIntegerField(default=0)
    rank_sum = models.BigIntegerField(default=0)
    rank_sq = models.BigIntegerField(default=0)
    rated = models.PositiveIntegerField(default=0)
    adjusted_sum = models.FloatField(default=0.0)
    adjusted_sq = models.FloatField(default=0.0)

    class Meta:
        abstract = True


class RoleTally(TallyFields):
    """A role's seats in one kind, variant, map, player count and month."""

    kind = models.CharField(max_length=40)
    variant = models.CharField(max_length=80)
    role_type = models.CharField(max_length=10)
    role = models.CharField(max_length=30)
    map_id = models.CharField(max_length=64, blank=True)
    player_count = models.PositiveSmallIntegerField()
    period = models.CharField(max_length=7, help_text="YYYY-MM (UTC) the games finished in.")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["kind", "variant", "role_type", "role", "map_id", "player_count", "period"],
                name="stats_one_role_tally",
            )
        ]
        indexes = [models.Index(fields=["kind", "role_type"], name="stats_role_by_kind")]


class PlayerTally(TallyFields):
    """A player's seats in one kind with one role on one map."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=40)
    role_type = models.CharField(max_length=10)
    role = models.CharField(max_length=30)
    map_id = models.CharField(max_length=64, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "kind", "role_type", "role", "map_id"],
                name="stats_one_player_tally",
            )
        ]


class PairTally(models.Model):
    """Two players' games together in one kind; ``user_a`` has the smaller id."""

    kind = models.CharField(max_length=40)
    user_a = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    user_b = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    games = models.PositiveIntegerField(default=0)
    a_ahead = models.PositiveIntegerField(default=0)
    b_ahead = models.PositiveIntegerField(default=0)
    ties = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["kind", "user_a", "user_b"], name="stats_one_pair"),
        ]
        indexes = [models.Index(fields=["user_b", "kind"], name="stats_pair_by_b")]


class CountedGame(models.Model):
    """A game whose result is in the tallies: what makes counting a game idempotent."""

    game = models.OneToOneField(
        "games.Game", on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    finished_at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["finished_at", "game"], name="stats_counted_order")]


class StatsLedger(models.Model):
    """The single row every write of the tallies locks."""

    rebuilt_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
