"""The bots' settings, with their defaults."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings

# How long the game must have waited for a silent player before the others may hand the seat
# to the computer (a seat whose deadline has passed may be handed over at once).
DEFAULT_HANDOVER_AFTER = timedelta(hours=24)


def budget(level: str) -> float | None:
    """Seconds of thought a move may take at ``level``: ``BOTS_BUDGETS``, else (None) the
    bots' own default for the level (games.rules.bots.DEFAULT_BUDGET_S)."""
    return getattr(settings, "BOTS_BUDGETS", {}).get(level)


def handover_after() -> timedelta:
    return getattr(settings, "BOTS_HANDOVER_AFTER", DEFAULT_HANDOVER_AFTER)


def wake_after() -> timedelta:
    """How long a game may wait for one of the site's bots before its move is queued again."""
    return getattr(settings, "BOTS_WAKE_AFTER", timedelta(minutes=2))
