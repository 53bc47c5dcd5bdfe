"""Celery tasks of the outbox. Neither keeps a result: nobody waits for one."""

from __future__ import annotations

from celery import shared_task

from . import services


@shared_task(name="outbox.tasks.entry_run", ignore_result=True)
def entry_run(entry_id: int) -> bool:
    return services.entry_run(entry_id)


@shared_task(name="outbox.tasks.sweep", ignore_result=True)
def sweep() -> int:
    """Periodic: run what the broker lost or never received."""
    return services.sweep()
