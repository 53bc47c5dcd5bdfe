"""Celery tasks of the open data."""

from __future__ import annotations

from tm_site.tasks import retrying_task

from . import services


@retrying_task("opendata.tasks.dumps_build")
def dumps_build() -> int:
    """Nightly: rebuild the dumps from the finished public games; returns the files written."""
    return len(services.dumps_build())
