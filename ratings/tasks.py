"""Celery tasks of the ratings app."""

from __future__ import annotations

from tm_site.tasks import retrying_task

from . import services


@retrying_task("ratings.tasks.ratings_recompute")
def ratings_recompute() -> int:
    """Nightly: rebuild every rating from the finished games (see docs/ratings.md)."""
    return services.ratings_recompute()
