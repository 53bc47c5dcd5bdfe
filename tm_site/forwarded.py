"""Who the client is, behind the proxies we run: one rule for every server process.

A proxy of ours appends the address it saw to ``X-Forwarded-For``; anything before that entry
the client may have written itself. ``NUM_PROXIES`` (DRF's setting, from the environment) says
how many proxies of ours stand in front: the client is the entry that many places from the end,
and with 0 the header is ignored and the client is the socket's address.

The ASGI servers' own handling of forwarded headers is off (``tm_site.serving``: uvicorn would
trust any header sent from 127.0.0.1); ``ForwardedClient`` applies this rule to every HTTP and
WebSocket connection instead, and the rate limits key on the same answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rest_framework.settings import api_settings

from tm_site.sync_http import Receive, Scope, Send


def client_address(remote_addr: str | None, forwarded_for: str | None) -> str | None:
    """The client's address from the socket's address and the ``X-Forwarded-For`` header."""
    proxies = api_settings.NUM_PROXIES or 0
    if proxies <= 0 or not forwarded_for:
        return remote_addr
    entries = forwarded_for.split(",")
    return entries[-min(proxies, len(entries))].strip() or remote_addr


def client_of_meta(meta: Mapping[str, Any]) -> str | None:
    """``client_address`` of a Django request's META."""
    return client_address(meta.get("REMOTE_ADDR"), meta.get("HTTP_X_FORWARDED_FOR"))


class ForwardedClient:
    """ASGI middleware: the scope's client becomes the real client (``client_address``)."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            forwarded = [
                value.decode("latin-1")
                for name, value in scope.get("headers", [])
                if name.lower() == b"x-forwarded-for"
            ]
            peer = scope.get("client")
            client = client_address(peer[0] if peer else None, ",".join(forwarded) or None)
            if peer is None or client != peer[0]:
                scope = {**scope, "client": (client, 0) if client else None}
        await self.application(scope, receive, send)
