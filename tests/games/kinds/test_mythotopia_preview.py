"""Mythotopia's preview through the API: a player sees what a command would do before
confirming it, and never more than playing it would show them (no card they would draw, no
other player's secret choice); nothing is written."""

from __future__ import annotations

import json

import pytest

from games.models import Game
from tests.factories import UserFactory
from tests.support.mythotopia_api import choose_citadels, play, preview, state

pytestmark = pytest.mark.django_db


def test_a_second_action_previewed_hides_the_cards_the_turn_would_draw(two_players):
    game_id, api = two_players
    choose_citadels(game_id, api)
    before = Game.objects.get(pk=game_id).move_count
    hand = state(api[0], game_id)["my_hand"]
    first = preview(api[0], game_id, f"discard {hand[0]}")
    assert first.status_code == 200, first.data
    # One action is left: the preview offers what may follow in the same turn.
    assert "pass" in first.data["legal"]
    assert first.data["state"]["my_hand"] == hand[1:]
    play(api[0], game_id, f"discard {hand[0]}")

    second = preview(api[0], game_id, "pass")
    assert second.status_code == 200, second.data
    shown = second.data["state"]
    assert shown["my_hand"] == hand[1:]
    assert shown["cards_to_draw"] == 1
    assert second.data["legal"] == []
    assert all("drawn" not in row for row in second.data["ledger"])
    assert second.data["ledger"][0]["drawn_count"] == 1
    assert Game.objects.get(pk=game_id).move_count == before + 1  # only the discard

    play(api[0], game_id, "pass")
    new_hand = state(api[0], game_id)["my_hand"]
    [drawn] = [c for c in new_hand if new_hand.count(c) > hand[1:].count(c)]
    assert drawn not in json.dumps(second.data["state"]["my_hand"])


def test_the_other_player_and_a_spectator_cannot_preview(two_players, client_for):
    game_id, api = two_players
    choose_citadels(game_id, api)
    assert preview(api[1], game_id, "pass").status_code == 400  # not their turn: the rule
    assert preview(client_for(UserFactory()), game_id, "pass").status_code == 403
    assert preview(client_for(), game_id, "pass").status_code in (401, 403)


def test_an_illegal_command_previewed_names_the_rule(two_players):
    game_id, api = two_players
    choose_citadels(game_id, api)
    response = preview(api[0], game_id, "attack Nowhere from general")
    assert response.status_code == 400
    assert response.data["error"]


def test_an_earlier_state_shows_only_the_viewers_own_cards(two_players, client_for):
    game_id, api = two_players
    choose_citadels(game_id, api)
    hand = state(api[0], game_id)["my_hand"]
    play(api[0], game_id, f"discard {hand[0]}")
    number = Game.objects.get(pk=game_id).move_count
    mine = api[0].get(f"/api/v1/games/{game_id}/states/{number - 1}/")
    assert mine.status_code == 200, mine.data
    assert mine.data["my_hand"] == hand
    other = api[1].get(f"/api/v1/games/{game_id}/states/{number - 1}/").data
    assert other["my_hand"] != hand and "hand" not in other["seats"]["1"]
    spectator = client_for().get(f"/api/v1/games/{game_id}/states/{number}/").data
    assert "my_hand" not in spectator and spectator["seats"]["1"]["hand_size"] == len(hand) - 1


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("post", "plan/try/", {"rows": []}),
        ("get", "autoleech/", None),
        ("put", "autoleech/", {"enabled": True}),
        ("put", "premoves/", {"commands": ["pass"], "expected_move_number": 0}),
    ],
)
def test_the_terra_mystica_planner_and_power_answers_refuse_a_mythotopia_game(
    two_players, method, path, body
):
    game_id, api = two_players
    response = getattr(api[0], method)(f"/api/v1/games/{game_id}/{path}", body, format="json")
    assert response.status_code == 400
    assert "Terra Mystica" in response.data["error"]
