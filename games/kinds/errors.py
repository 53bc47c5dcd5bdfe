"""The platform's errors for any kind's engine: a refused command, an engine that cannot load."""

from __future__ import annotations

from tm_site.exceptions import ApplicationError


class IllegalMove(ApplicationError):
    """The engine refused a command; the message names the broken rule."""


class EngineUnavailable(ApplicationError):
    status_code: int = 503
