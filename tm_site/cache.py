"""The Redis cache with one connection pool per process.

Django builds a cache object per request context; under ASGI every request is a new context,
so the stock backend opened a Redis connection (connect, handshake, library version lookup)
for each request that touched the cache, e.g. every write's rate limit. The client, and with
it the pool (thread-safe, and reopened by redis-py in a forked child), is shared here instead.
So is the redis-py client object in front of the pool, which the stock backend built for every
command: about 0.3 ms of CPU each time (its table of response callbacks), as much as a write's
whole rate limit otherwise costs.
"""

from __future__ import annotations

import threading
from functools import cached_property
from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient

_clients: dict[tuple[str, str], RedisCacheClient] = {}
_lock = threading.Lock()


class _ReusedClientCacheClient(RedisCacheClient):
    """Hands out one redis-py client per pool (thread-safe: each command takes a connection
    from the pool) instead of a new one per command."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)  # type: ignore[attr-defined]
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)  # type: ignore[attr-defined]
        return client


class SharedPoolRedisCache(RedisCache):
    def __init__(self, server: str | list[str], params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = _ReusedClientCacheClient
        self._shared_key = (repr(server), repr(sorted(params.get("OPTIONS", {}).items())))

    @cached_property
    def _cache(self) -> RedisCacheClient:
        with _lock:
            client = _clients.get(self._shared_key)
            if client is None:
                client = _clients[self._shared_key] = RedisCache._cache.func(self)  # type: ignore[attr-defined]
        return client
