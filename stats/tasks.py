"""Celery tasks of the statistics."""

from __future__ import annotations

from tm_site.tasks import retrying_task

from . import services


@retrying_task("stats.tasks.stats_rebuild")
def stats_rebuild() -> int:
    """Rebuild every tally from the finished games (after a rollback reopened a counted game,
    and nightly after the ratings' recompute: see docs/statistics.md)."""
    return services.stats_rebuild()
