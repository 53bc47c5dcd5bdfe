"""Taking back a Mythotopia move: allowed while it showed nothing secret, refused once the
move drew cards (the player has seen them), with the reason and nothing changed."""

from __future__ import annotations

import pytest

from games.models import Game
from tests.support.mythotopia_api import choose_citadels, play, state

pytestmark = pytest.mark.django_db


def undo(client, game_id: int):
    number = Game.objects.get(pk=game_id).move_count
    return client.post(
        f"/api/v1/games/{game_id}/undo/", {"expected_move_number": number}, format="json"
    )


def test_a_first_action_is_taken_back_but_not_the_action_that_drew_the_next_hand(two_players):
    game_id, api = two_players
    choose_citadels(game_id, api)
    hand = state(api[0], game_id)["my_hand"]
    play(api[0], game_id, f"discard {hand[0]}")
    assert undo(api[0], game_id).status_code in (200, 201)
    assert state(api[0], game_id)["my_hand"] == hand

    play(api[0], game_id, f"discard {hand[0]}")
    play(api[0], game_id, f"discard {hand[1]}")  # the second action ends the turn: 2 drawn
    after = state(api[0], game_id)
    number = Game.objects.get(pk=game_id).move_count
    refused = undo(api[0], game_id)
    assert refused.status_code == 400, refused.content
    assert "drew cards" in refused.json()["error"]
    assert Game.objects.get(pk=game_id).move_count == number
    assert state(api[0], game_id)["my_hand"] == after["my_hand"]
