"""The Redis cache with one connection pool per process.

Django builds a cache object per request context; under ASGI every request is a new context,
so the stock backend opened a Redis connection (connect, handshake, library version lookup)
for each request that touched the cache, e.g. every write's rate limit. The client, and with
it the pool (thread-safe, and reopened by redis-py in a forked child), is shared here instead.
"""

from __future__ import annotations

import threading
from functools import cached_property
from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient

_clients: dict[tuple[str, str], RedisCacheClient] = {}
_lock = threading.Lock()


class SharedPoolRedisCache(RedisCache):
    def __init__(self, server: str | list[str], params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._shared_key = (repr(server), repr(sorted(params.get("OPTIONS", {}).items())))

    @cached_property
    def _cache(self) -> RedisCacheClient:
        with _lock:
            client = _clients.get(self._shared_key)
            if client is None:
                client = _clients[self._shared_key] = RedisCache._cache.func(self)  # type: ignore[attr-defined]
        return client
