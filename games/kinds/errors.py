"""The platform's error for any kind's engine: a refused command."""

from __future__ import annotations

from tm_site.exceptions import ApplicationError


class IllegalMove(ApplicationError):
    """The engine refused a command; the message names the broken rule."""
