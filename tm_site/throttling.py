"""Rate limits of the API and the pages.

Two rules hold for every limit here:
- The client is the address the socket saw (``REMOTE_ADDR``) unless ``NUM_PROXIES`` says how
  many proxies of ours stand in front of the site; only then is ``X-Forwarded-For`` read, and
  only the entry our own proxy appended (``tm_site.forwarded``, the rule every server process
  applies). A header the client writes itself is never trusted.
- A limit fails open: when the cache behind the counters (Redis) is unreachable, the request
  goes on and the outage is logged, so a cache failure never stops a move.
"""

from __future__ import annotations

import logging
import secrets
import time
from typing import TYPE_CHECKING, Any

from django.core.cache import DEFAULT_CACHE_ALIAS, caches
from django.core.cache import cache as default_cache
from django.core.cache.backends.redis import RedisCache
from rest_framework.throttling import (
    AnonRateThrottle,
    ScopedRateThrottle,
    SimpleRateThrottle,
    UserRateThrottle,
)

from tm_site.forwarded import client_of_meta

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
    """Mixin for DRF throttles: an unreachable cache lets the request through (logged); the
    client is named by the site's one rule for forwarded headers."""

    def get_ident(self, request: Any) -> str:
        return client_of_meta(request.META) or ""

    def allow_request(self, request: Any, view: Any) -> bool:
        try:
            return super().allow_request(request, view)  # type: ignore[misc]
        except Exception as exc:  # the cache backend's own error types vary (redis, OSError)
            _log_outage(exc)
            return True


# One client's requests in the window, as a sorted set of microsecond times (Redis's clock, the
# same for every application machine). Trimmed, counted and extended in one step, so requests
# at once cannot all read the same count. Returns {1, 0} when allowed, else {0, microseconds
# until the oldest request leaves the window}.
_SLIDING_WINDOW = """
local now = redis.call('TIME')
local t = tonumber(now[1]) * 1000000 + tonumber(now[2])
local window = tonumber(ARGV[1]) * 1000000
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', t - window)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, tonumber(oldest[2]) + window - t}
end
redis.call('ZADD', KEYS[1], t, now[1] .. now[2] .. ARGV[3])
redis.call('PEXPIRE', KEYS[1], math.ceil(window / 1000))
return {1, 0}
"""
_script: Any = None


class AtomicRateThrottle(SimpleRateThrottle):
    """DRF's sliding-window limit, counted in one atomic step when the cache is Redis.

    DRF keeps a client's request times in one cache value that it reads and then writes back:
    requests sent at once (parallel login attempts) all read the same count and all pass. With
    Redis the window is kept by a script instead, in one round trip; other caches (a single
    process's memory in development and tests) keep DRF's way. Placed last among a throttle's
    bases, under DRF's scope and identity classes.
    """

    num_requests: int  # set from the rate by DRF
    duration: int
    _retry_after: float | None = None

    def allow_request(self, request: Any, view: Any) -> bool:
        # DRF's cache is Django's default-cache proxy; the backend behind it tells which way.
        backend = caches[DEFAULT_CACHE_ALIAS] if self.cache is default_cache else self.cache
        if not isinstance(backend, RedisCache):
            return super().allow_request(request, view)
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        global _script
        client = backend._cache.get_client(write=True)
        if _script is None:
            _script = client.register_script(_SLIDING_WINDOW)
        allowed, wait_us = _script(
            keys=[backend.make_key(f"window:{self.key}")],
            args=[self.duration, self.num_requests, secrets.token_hex(4)],
            client=client,
        )
        if allowed:
            return True
        self._retry_after = max(int(wait_us), 0) / 1_000_000
        return False

    def wait(self) -> float | None:
        return self._retry_after if self._retry_after is not None else super().wait()


class WriteRateThrottle(FailOpen, UserRateThrottle, AtomicRateThrottle):
    """Limits every unsafe request (per user, or per address when anonymous); reads are free."""

    scope = "writes"

    def allow_request(self, request: Request, view: APIView) -> bool:
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return True
        return super().allow_request(request, view)


class AnonThrottle(FailOpen, AnonRateThrottle, AtomicRateThrottle):
    """Every request of an anonymous client, per address."""


class ScopedThrottle(FailOpen, ScopedRateThrottle, AtomicRateThrottle):
    """A view's own scope (``throttle_scope``: login, register, ...)."""


class PageThrottle(FailOpen, AtomicRateThrottle):
    """The API's rates for a scope, applied to a page's form (login, registration, admin)."""

    def __init__(self, scope: str) -> None:
        self.scope = scope
        super().__init__()

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": f"page-{self.scope}", "ident": self.get_ident(request)}


def page_throttled(request: Any, scope: str) -> bool:
    """Whether a page's POST is over the scope's limit (and counts it)."""
    return request.method == "POST" and not PageThrottle(scope).allow_request(request, None)
