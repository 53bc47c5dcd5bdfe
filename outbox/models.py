"""Background work recorded in the transaction that causes it (a transactional outbox).

A move and the mails it causes commit together or not at all: the entry is a row in the move's
transaction, the broker only carries its id. A broker that is down, or a worker that dies,
delays the work until the sweep runs it; it is never lost.
"""

from __future__ import annotations

from django.db import models


class Entry(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "to be run"
        DONE = "done", "done"
        FAILED = "failed", "gave up after repeated errors"

    task = models.CharField(max_length=200, help_text="The name of a registered Celery task.")
    args = models.JSONField(default=list)
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.PENDING, db_index=True
    )
    created_at = models.DateTimeField(auto_now_add=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    done_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    error = models.TextField(blank=True)

    class Meta:
        ordering = ["id"]
        verbose_name_plural = "entries"

    def __str__(self) -> str:
        return f"{self.task}{tuple(self.args)} ({self.status})"
