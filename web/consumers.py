"""WebSocket of a game page: tells the page that the game changed, so it fetches the news.

Messages carry the latest move number (a revision): a page that already has it ignores them,
a page that reconnects after a gap compares and catches up. Nothing else travels here; every
read and write goes through the REST API.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from games import selectors as game_selectors
from games.models import Game
from tm_site.exceptions import NotFound


def game_group(game_id: int) -> str:
    return f"game.{game_id}"


@database_sync_to_async
def _visible_move_number(game_id: int, user, invite_code: str) -> int | None:
    try:
        game = game_selectors.game_get(game_id, user, invite_code=invite_code)
    except NotFound:
        return None
    return game.move_count


@database_sync_to_async
def _latest(game_id: int) -> dict:
    game: Mapping[str, Any] = (
        Game.objects.filter(pk=game_id).values("move_count", "status").first() or {}
    )
    return {"move_number": game.get("move_count", 0), "status": game.get("status", "")}


class GameConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self) -> None:
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        query = parse_qs(self.scope.get("query_string", b"").decode())
        invite = (query.get("invite") or [""])[0]
        move_number = await _visible_move_number(self.game_id, self.scope.get("user"), invite)
        if move_number is None:
            await self.close(code=4404)
            return
        self.group = game_group(self.game_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_json({"event": "hello", **(await _latest(self.game_id))})

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content, **kwargs) -> None:
        # The page only listens; a ping keeps proxies from closing an idle socket.
        if isinstance(content, dict) and content.get("event") == "ping":
            await self.send_json({"event": "pong"})

    async def game_event(self, message: dict) -> None:
        await self.send_json({k: v for k, v in message.items() if k != "type"})
