"""Rate limits of the API and the pages.

Two rules hold for every limit here:
- The client is the address the socket saw (``REMOTE_ADDR``) unless ``NUM_PROXIES`` says how
  many proxies of ours stand in front of the site; only then is ``X-Forwarded-For`` read, and
  only the entry our own proxy appended. A header the client writes itself is never trusted.
- A limit fails open: when the cache behind the counters (Redis) is unreachable, the request
  goes on and the outage is logged, so a cache failure never stops a move.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from rest_framework.throttling import (
    AnonRateThrottle,
    ScopedRateThrottle,
    SimpleRateThrottle,
    UserRateThrottle,
)

if TYPE_CHECKING:  # rest_framework.views imports this module while it is being built
    from rest_framework.request import Request
    from rest_framework.views import APIView

logger = logging.getLogger(__name__)

# Log a cache outage at most this often (seconds), not once per request.
_LOG_EVERY = 60.0
_last_logged = 0.0


def _log_outage(exc: Exception) -> None:
    global _last_logged
    now = time.monotonic()
    if now - _last_logged >= _LOG_EVERY:
        _last_logged = now
        logger.warning("Rate limits are off: their cache is unreachable (%s)", exc)


class FailOpen:
    """Mixin for DRF throttles: an unreachable cache lets the request through (logged)."""

    def allow_request(self, request: Any, view: Any) -> bool:
        try:
            return super().allow_request(request, view)  # type: ignore[misc]
        except Exception as exc:  # the cache backend's own error types vary (redis, OSError)
            _log_outage(exc)
            return True


class WriteRateThrottle(FailOpen, UserRateThrottle):
    """Limits every unsafe request (per user, or per address when anonymous); reads are free."""

    scope = "writes"

    def allow_request(self, request: Request, view: APIView) -> bool:
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return True
        return super().allow_request(request, view)


class AnonThrottle(FailOpen, AnonRateThrottle):
    """Every request of an anonymous client, per address."""


class ScopedThrottle(FailOpen, ScopedRateThrottle):
    """A view's own scope (``throttle_scope``: login, register, ...)."""


class PageThrottle(FailOpen, SimpleRateThrottle):
    """The API's rates for a scope, applied to a page's form (login, registration, admin)."""

    def __init__(self, scope: str) -> None:
        self.scope = scope
        super().__init__()

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": f"page-{self.scope}", "ident": self.get_ident(request)}


def page_throttled(request: Any, scope: str) -> bool:
    """Whether a page's POST is over the scope's limit (and counts it)."""
    return request.method == "POST" and not PageThrottle(scope).allow_request(request, None)
