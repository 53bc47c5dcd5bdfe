"""A Mythotopia game through the API as the platform tests play it."""

from __future__ import annotations

from games.models import Game


def state(client, game_id: int) -> dict:
    return client.get(f"/api/v1/games/{game_id}/state/").json()


def preview(client, game_id: int, command: str):
    return client.post(f"/api/v1/games/{game_id}/preview/", {"command": command}, format="json")


def play(client, game_id: int, command: str) -> None:
    number = Game.objects.get(pk=game_id).move_count
    posted = client.post(
        f"/api/v1/games/{game_id}/moves/",
        {"command": command, "expected_move_number": number},
        format="json",
    )
    assert posted.status_code == 201, posted.data


def legal(client, game_id: int) -> list[str]:
    return client.get(f"/api/v1/games/{game_id}/legal/").json()["commands"]


def choose_citadels(game_id: int, api) -> None:
    """The secret citadel choices when the game's VP cards include the Citadel."""
    while state(api[0], game_id)["choosing_citadels"]:
        for client in api:
            commands = legal(client, game_id)
            if commands:
                play(client, game_id, commands[0])
