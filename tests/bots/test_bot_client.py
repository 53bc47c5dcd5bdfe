"""The example bot of docs/bots-api.md plays a game against a player over HTTP, as a bot of
one's own would: an account its owner marked as a bot, its token, the REST API."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest
from django.conf import settings
from rest_framework.test import APIClient

from accounts import services as account_services
from games.models import Game
from tests.factories import UserFactory

CLIENT = Path(settings.BASE_DIR) / "docs" / "examples" / "bot_client.py"


def example_client():
    spec = importlib.util.spec_from_file_location("bot_client", CLIENT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.django_db(transaction=True)
def test_the_example_bot_plays_its_games_through_the_api(live_server):
    owner, bot = UserFactory(), UserFactory()
    bot_api = APIClient()
    bot_api.force_authenticate(bot)
    assert bot_api.patch("/api/v1/me/", {"is_bot": True}, format="json").json()["is_bot"]
    human = APIClient()
    human.force_authenticate(owner)
    game_id = human.post(
        "/api/v1/games/", {"player_count": 2, "options": ["strict-leech"]}, format="json"
    ).json()["id"]
    assert bot_api.post(f"/api/v1/games/{game_id}/join/").json()["status"] == "running"

    client = example_client()
    api = client.Api(live_server.url, account_services.token_for(bot))
    rng = random.Random(5)
    bot_moves = 0
    for _ in range(60):
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.RUNNING or bot_moves >= 8:
            break
        bot_moves += client.play_once(api, rng)
        legal = human.get(f"/api/v1/games/{game_id}/legal/").json()
        if legal["commands"]:
            human.post(
                f"/api/v1/games/{game_id}/moves/",
                {
                    "command": rng.choice(legal["commands"]),
                    "expected_move_number": legal["move_number"],
                },
                format="json",
            )
    assert bot_moves >= 8
    assert Game.objects.get(pk=game_id).moves.filter(user=bot).count() == bot_moves
