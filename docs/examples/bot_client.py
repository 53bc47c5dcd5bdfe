"""A bot of your own: plays every running game of its account with a random legal command.

Only the standard library. Mark the account as a bot (account page, or
``PATCH /api/v1/me/ {"is_bot": true}``), get its token (``POST /api/v1/auth/token/``), then:

    python docs/examples/bot_client.py --url http://127.0.0.1:8000 --token <token>

It asks every few seconds; a bot can instead listen to ``/ws/games/<id>/`` (docs/bots-api.md).
Replace ``choose`` with something cleverer.
"""

from __future__ import annotations

import argparse
import json
import random
import time
import urllib.error
import urllib.request
from typing import Any


class Api:
    def __init__(self, url: str, token: str) -> None:
        self.url = url.rstrip("/") + "/api/v1"
        self.token = token

    def call(self, method: str, path: str, body: dict | None = None) -> Any:
        request = urllib.request.Request(
            self.url + path,
            method=method,
            data=json.dumps(body).encode() if body is not None else None,
            headers={"Authorization": f"Token {self.token}", "Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read() or b"null")


def choose(commands: list[str], rng: random.Random) -> str:
    return rng.choice(commands)


def play_once(api: Api, rng: random.Random) -> int:
    """One move in every running game that waits for this account; how many were played."""
    me = api.call("GET", "/me/")["username"]
    games = api.call("GET", f"/games/?player={me}&status=running&page_size=100")["results"]
    played = 0
    for game in games:
        legal = api.call("GET", f"/games/{game['id']}/legal/")
        if not legal["commands"]:
            continue  # not this account's turn
        move = {
            "command": choose(legal["commands"], rng),
            "expected_move_number": legal["move_number"],
        }
        try:
            api.call("POST", f"/games/{game['id']}/moves/", move)
            played += 1
        except urllib.error.HTTPError as error:
            if error.code != 409:  # 409: someone moved first; the next round sees the game anew
                raise
    return played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--token", required=True)
    parser.add_argument("--every", type=float, default=5.0, help="seconds between rounds")
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args()
    api, rng = Api(args.url, args.token), random.Random(args.seed)
    while True:
        play_once(api, rng)
        time.sleep(args.every)


if __name__ == "__main__":
    main()
