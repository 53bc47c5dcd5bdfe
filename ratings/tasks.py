"""Celery tasks of the ratings app."""

from __future__ import annotations

from celery import shared_task
from django.db import DatabaseError

from . import services


@shared_task(
    name="ratings.tasks.ratings_recompute",
    autoretry_for=(DatabaseError,),
    retry_backoff=True,
    retry_backoff_max=600,
    max_retries=8,
)
def ratings_recompute() -> int:
    """Nightly: rebuild every rating from the finished games (see docs/ratings.md)."""
    return services.ratings_recompute()
