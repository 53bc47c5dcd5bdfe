"""Playing tournament games through the API: every move a random legal command of a player who
is asked to act (any kind: the moves come from the kind's legal-move endpoint)."""

from __future__ import annotations

import random
from collections.abc import Callable

from rest_framework.test import APIClient

from games.models import Game


def play_through_api(game_id: int, clients: Callable[[int], APIClient], seed: int = 0) -> None:
    """Finish a running game: ``clients(user_id)`` is that player's API client."""
    rng = random.Random(seed)
    seats = dict(Game.objects.get(pk=game_id).seats.values_list("position", "user_id"))
    while True:
        game = clients(seats[1]).get(f"/api/v1/games/{game_id}/").json()
        if game["status"] != "running":
            return
        waiting = game["waiting_for"]
        seat = rng.choice(waiting)["seat"]
        api = clients(seats[seat])
        commands = api.get(f"/api/v1/games/{game_id}/legal/").json()["commands"]
        response = api.post(
            f"/api/v1/games/{game_id}/moves/",
            {"command": rng.choice(commands), "expected_move_number": game["move_number"]},
            format="json",
        )
        assert response.status_code in (200, 201), response.json()
