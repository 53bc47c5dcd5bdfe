"""Two application servers on one PostgreSQL and one Redis: moves through either, and the
live updates of a move reach the pages connected to the other.

The first is the full stack (deploy/serve: migrations, web workers, the Celery worker, beat);
the second is a further application machine (``SERVE_ROLE=web``: web workers only).
"""

from __future__ import annotations

import json
import os

import pytest
from websockets.sync.client import connect

from tests.deploy.served import api, serve_env, served
from tests.support.servers import PrivateDatabase, free_port, private_redis

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")),
        reason="production runs on PostgreSQL",
    ),
]


def next_move(bases: list[str], game_id: int, tokens: dict[str, str]) -> tuple[str, str]:
    """(the player whose move it is, a legal command of theirs)."""
    for name, token in tokens.items():
        legal = api(f"{bases[0]}/api/v1/games/{game_id}/legal/", token=token)
        if legal["commands"]:
            return name, legal["commands"][0]
    raise AssertionError("nobody may move")


def receive_event(ws, event: str) -> dict:
    while True:
        message = json.loads(ws.recv(timeout=10))
        if message["event"] == event:
            return message


def test_moves_through_either_server_reach_the_pages_of_the_other(tmp_path):
    db = PrivateDatabase(tmp_path, label="two", migrated=True)
    ports = [free_port(), free_port()]
    a, b = (f"http://127.0.0.1:{p}" for p in ports)
    try:
        with private_redis() as redis:
            full = serve_env(tmp_path, database_url=db.url, redis_url=redis.url, port=ports[0])
            web = serve_env(
                tmp_path, database_url=db.url, redis_url=redis.url, port=ports[1], SERVE_ROLE="web"
            )
            with (
                served(full, tmp_path / "full.log") as full_left,
                served(web, tmp_path / "web.log") as web_left,
            ):
                password = "a-long-password-123"
                tokens = {
                    "ann": api(
                        f"{a}/api/v1/auth/register/", {"username": "ann", "password": password}
                    )["token"],
                    "bob": api(
                        f"{b}/api/v1/auth/register/", {"username": "bob", "password": password}
                    )["token"],
                }
                game = api(f"{a}/api/v1/games/", {"name": "Two", "player_count": 2}, tokens["ann"])
                joined = api(f"{b}/api/v1/games/{game['id']}/join/", {}, tokens["bob"])
                assert joined["status"] == "running"

                with (
                    connect(f"ws://127.0.0.1:{ports[0]}/ws/games/{game['id']}/", origin=a) as on_a,
                    connect(f"ws://127.0.0.1:{ports[1]}/ws/games/{game['id']}/", origin=b) as on_b,
                ):
                    sockets = [on_a, on_b]
                    for ws in sockets:
                        assert receive_event(ws, "hello")["move_number"] == 0
                    # Each move goes through one server; both servers' pages hear of it.
                    for number, base in enumerate((a, b, a, b), start=1):
                        player, command = next_move([a, b], game["id"], tokens)
                        api(
                            f"{base}/api/v1/games/{game['id']}/moves/",
                            {"command": command, "expected_move_number": number - 1},
                            tokens[player],
                        )
                        for ws in sockets:
                            assert receive_event(ws, "move")["move_number"] >= number
                detail = api(f"{b}/api/v1/games/{game['id']}/")
                assert detail["move_number"] >= 4
    finally:
        db.drop()
    assert full_left == [False] and web_left == [False], "processes outlived deploy/serve"
