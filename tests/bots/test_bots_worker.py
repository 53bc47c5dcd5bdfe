"""Whole games against the computer through the API, the bots' moves made by a real worker
(Redis): the human only ever sees the game waiting for them, until the game ends."""

from __future__ import annotations

import random
import time

import pytest
from rest_framework.test import APIClient

from games.models import Game
from ratings.models import RatingChange
from tests.factories import UserFactory
from tests.games.kinds.test_mythotopia_api import choose as mythotopia_choice
from tests.notifications.conftest import drain

pytestmark = pytest.mark.filterwarnings("ignore:Call to deprecated setex:DeprecationWarning")


def turn_or_end(client: APIClient, game_id: int, seat: int, timeout: float = 60) -> dict:
    """The state once the game waits for ``seat`` alone, or has ended. The state is asked for
    only when the game has moved (the worker is a thread of this process: polling the API
    would slow its bots down)."""
    deadline = time.monotonic() + timeout
    seen = None
    while True:
        now = Game.objects.filter(pk=game_id).values_list("move_count", "status").get()
        if now != seen:
            seen = now
            state = client.get(f"/api/v1/games/{game_id}/state/").json()
            waiting = {d["seat"] for d in state["waiting_for"]}
            if state.get("finished") or waiting == {seat}:
                return state
        if time.monotonic() > deadline:
            raise AssertionError(f"game {game_id} still waits for {waiting} (not {seat})")
        time.sleep(0.05)


def play_against_bots(
    kind: str, player_count: int, choose, max_moves: int, level: str = "random"
) -> Game:
    human = UserFactory()
    client = APIClient()
    client.force_authenticate(human)
    created = client.post(
        "/api/v1/games/",
        {"kind": kind, "player_count": player_count, "bots": [level] * (player_count - 1)},
        format="json",
    )
    assert created.status_code == 201, created.json()
    game = created.json()
    assert game["status"] == "running" and game["rated"] is False
    seat = next(s["position"] for s in game["seats"] if s["username"] == human.username)
    rng = random.Random(7)
    for _ in range(max_moves):
        if turn_or_end(client, game["id"], seat).get("finished"):
            break
        number = Game.objects.get(pk=game["id"]).move_count
        legal = client.get(f"/api/v1/games/{game['id']}/legal/").json()["commands"]
        posted = client.post(
            f"/api/v1/games/{game['id']}/moves/",
            {"command": choose(rng, legal), "expected_move_number": number},
            format="json",
        )
        assert posted.status_code == 201, posted.json()
    drain()
    return Game.objects.get(pk=game["id"])


def test_a_human_plays_a_whole_terra_mystica_game_against_three_bots(real_worker):
    game = play_against_bots("terra_mystica", 4, lambda rng, legal: rng.choice(legal), 400)
    assert game.status == Game.Status.FINISHED
    seats = list(game.seats.select_related("user__profile"))
    assert sorted(s.user.profile.is_bot for s in seats) == [False, True, True, True]
    assert all(s.rank is not None for s in seats)
    bot_moves = game.moves.filter(user__profile__is_bot=True).count()
    assert bot_moves > game.moves.exclude(user__profile__is_bot=True).count()
    # Unrated: the result is processed, nobody's rating moves.
    assert game.finish_processed_at is not None
    assert not RatingChange.objects.filter(game=game).exists()


def test_a_human_plays_a_whole_mythotopia_game_against_two_bots(real_worker):
    # Heuristic bots: random ones may leave the VP cards unemptied for thousands of moves.
    game = play_against_bots("mythotopia", 3, mythotopia_choice, 1500, level="heuristic")
    assert game.status == Game.Status.FINISHED
    seats = list(game.seats.select_related("user__profile"))
    assert sorted(s.user.profile.is_bot for s in seats) == [False, True, True]
    assert all(s.rank is not None for s in seats)
