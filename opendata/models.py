"""The published dumps: one file per game kind and month (docs/open-data.md)."""

from __future__ import annotations

from django.db import models


class Dump(models.Model):
    kind = models.CharField(max_length=40)
    month = models.CharField(max_length=7, help_text="YYYY-MM (UTC) the games finished in.")
    file_name = models.CharField(max_length=100, unique=True)
    games = models.PositiveIntegerField()
    size = models.PositiveBigIntegerField(help_text="Bytes of the compressed file.")
    sha256 = models.CharField(max_length=64)
    built_at = models.DateTimeField()

    class Meta:
        ordering = ["kind", "-month"]
        constraints = [
            models.UniqueConstraint(fields=["kind", "month"], name="opendata_one_dump_per_month"),
        ]

    def __str__(self) -> str:
        return self.file_name
