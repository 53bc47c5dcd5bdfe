"""Playing tournament games through the API: every move a random legal command of a player who
is asked to act (any kind: the moves come from the kind's legal-move endpoint)."""

from __future__ import annotations

import random
from collections.abc import Callable

from rest_framework.test import APIClient

from games.models import Game


def play_through_api(game_id: int, clients: Callable[[int], APIClient], seed: int = 0) -> None:
    """Finish a running game: ``clients(user_id)`` is that player's API client. Each move's
    answer says who must act next, so a move costs two requests."""
    rng = random.Random(seed)
    seats = dict(Game.objects.get(pk=game_id).seats.values_list("position", "user_id"))
    state = clients(seats[1]).get(f"/api/v1/games/{game_id}/").json()
    number, waiting, running = state["move_number"], state["waiting_for"], state["status"]
    while running == "running" and waiting:
        api = clients(seats[rng.choice(waiting)["seat"]])
        commands = api.get(f"/api/v1/games/{game_id}/legal/").json()["commands"]
        response = api.post(
            f"/api/v1/games/{game_id}/moves/",
            {"command": rng.choice(commands), "expected_move_number": number},
            format="json",
        )
        assert response.status_code == 201, response.json()
        move = response.json()
        number, waiting, running = move["move_number"], move["waiting_for"], move["status"]
    assert running == "finished"
