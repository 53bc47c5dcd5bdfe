"""Rolling back a running Mythotopia game follows the rule of undo: the creator (or staff) may
take back moves that showed nothing secret, never a move that drew cards, so the seeded deck
cannot be dealt again in plain view."""

from __future__ import annotations

import pytest
from django.utils import timezone

from games.models import Game
from tests.factories import StaffFactory, UserFactory
from tests.support.mythotopia_api import choose_citadels, legal, play, state

pytestmark = pytest.mark.django_db


def rollback(client, game_id: int, to: int):
    number = Game.objects.get(pk=game_id).move_count
    return client.post(
        f"/api/v1/games/{game_id}/rollback/",
        {"to_move_number": to, "expected_move_number": number},
        format="json",
    )


@pytest.fixture
def game(client_for):
    creator, other = UserFactory(), UserFactory()
    api = {creator.pk: client_for(creator), other.pk: client_for(other)}
    created = api[creator.pk].post(
        "/api/v1/games/", {"kind": "mythotopia", "player_count": 2}, format="json"
    )
    assert created.status_code == 201, created.data
    game_id = created.data["id"]
    assert api[other.pk].post(f"/api/v1/games/{game_id}/join/").status_code == 200
    players = list(api.values())
    choose_citadels(game_id, players)
    on_turn = next(c for c in players if legal(c, game_id))
    return game_id, api[creator.pk], on_turn


def test_the_creator_cannot_roll_back_past_a_draw_to_see_the_next_cards_again(game):
    game_id, creator, on_turn = game
    start = Game.objects.get(pk=game_id).move_count
    hand = state(on_turn, game_id)["my_hand"]
    play(on_turn, game_id, f"discard {hand[0]}")
    play(on_turn, game_id, f"discard {hand[1]}")  # the turn's end draws two cards
    drawn = state(on_turn, game_id)["my_hand"]
    number = Game.objects.get(pk=game_id).move_count

    refused = rollback(creator, game_id, start)
    assert refused.status_code == 400, refused.content
    error = refused.json()["error"]
    assert f"move {number}" in error and "drew cards" in error
    assert Game.objects.get(pk=game_id).move_count == number
    assert state(on_turn, game_id)["my_hand"] == drawn


def test_staff_are_held_to_the_same_rule_while_the_game_runs(game, client_for):
    game_id, _, on_turn = game
    start = Game.objects.get(pk=game_id).move_count
    hand = state(on_turn, game_id)["my_hand"]
    play(on_turn, game_id, f"discard {hand[0]}")
    play(on_turn, game_id, f"discard {hand[1]}")
    refused = rollback(client_for(StaffFactory()), game_id, start)
    assert refused.status_code == 400 and "drew cards" in refused.json()["error"]


def test_moves_that_showed_nothing_secret_can_still_be_rolled_back(game):
    game_id, creator, on_turn = game
    start = Game.objects.get(pk=game_id).move_count
    hand = state(on_turn, game_id)["my_hand"]
    play(on_turn, game_id, f"discard {hand[0]}")
    assert rollback(creator, game_id, start).status_code in (200, 201)
    assert state(on_turn, game_id)["my_hand"] == hand


def test_a_finished_game_is_not_reopened_before_a_draw_either(game, client_for):
    """Reopened, it would deal the same cards again to players who have seen them."""
    game_id, _, on_turn = game
    start = Game.objects.get(pk=game_id).move_count
    hand = state(on_turn, game_id)["my_hand"]
    play(on_turn, game_id, f"discard {hand[0]}")
    play(on_turn, game_id, f"discard {hand[1]}")
    Game.objects.filter(pk=game_id).update(status=Game.Status.FINISHED, finished_at=timezone.now())
    refused = rollback(client_for(StaffFactory()), game_id, start)
    assert refused.status_code == 400 and "drew cards" in refused.json()["error"]
    assert Game.objects.get(pk=game_id).status == Game.Status.FINISHED
