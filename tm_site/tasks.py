"""How the site's background tasks retry: one definition for every app's tasks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from celery import shared_task
from django.db import DatabaseError


def retrying_task(name: str) -> Callable[[Callable[..., Any]], Any]:
    """A Celery task that retries a failed database write with backoff (up to 8 times, at most
    ten minutes apart). Every task must be safe to run again."""
    return shared_task(
        name=name,
        autoretry_for=(DatabaseError,),
        retry_backoff=True,
        retry_backoff_max=600,
        max_retries=8,
    )
