"""A seat that ran out of time is handed to the computer, and the game goes on to its end:
the players through the API, the bots' moves made by a real worker (Redis)."""

from __future__ import annotations

import random
import time
from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from bots.models import HandOver
from games import services as game_services
from games import timeouts
from games.log import load_state
from games.models import Game, Move, Seat
from tests.factories import UserFactory
from tests.notifications.conftest import drain

pytestmark = pytest.mark.filterwarnings("ignore:Call to deprecated setex:DeprecationWarning")


def client_of(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def play(game_id: int, clients: dict[int, APIClient], until, seed: int, timeout: float = 90):
    """The humans (``clients`` by seat) move at random whenever the game waits for one of
    them, the worker moves the bots, until ``until(state, waiting)`` (the engine's state, the
    seats waited for) or the game ends. The game is read only when it has moved (the worker
    is a thread of this process: polling the API would slow its bots down)."""
    rng = random.Random(seed)
    reader = next(iter(clients.values()))
    deadline = time.monotonic() + timeout
    seen = None
    while True:
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.RUNNING:
            return game
        if game.move_count != seen:
            seen = game.move_count
            view = reader.get(f"/api/v1/games/{game_id}/state/").json()
            waiting = {d["seat"] for d in view["waiting_for"]}
            if until(load_state(game), waiting):
                return game
            humans = sorted(waiting & set(clients))
            if humans:
                client = clients[humans[0]]
                legal = client.get(f"/api/v1/games/{game_id}/legal/").json()["commands"]
                passes = [c for c in legal if c.lower().startswith("pass")]
                command = rng.choice(passes if passes and rng.random() < 0.5 else legal)
                posted = client.post(
                    f"/api/v1/games/{game_id}/moves/",
                    {"command": command, "expected_move_number": game.move_count},
                    format="json",
                )
                assert posted.status_code in (201, 409), posted.json()  # 409: a bot was quicker
                seen = None
                continue
        if time.monotonic() > deadline:
            raise AssertionError(f"game {game_id} stands still at move {game.move_count}")
        time.sleep(0.05)


def test_a_seat_that_ran_out_of_time_goes_to_a_bot_and_the_game_finishes(real_worker):
    leaver, stayer = UserFactory(), UserFactory()
    game = game_services.game_create(
        user=leaver,
        player_count=3,
        public=False,
        seed="handover-worker",
        bots=["random"],
        move_time_limit=timedelta(hours=12),
    )
    game_services.game_join(game_id=game.pk, user=stayer, invite_code=game.invite_code)
    if Game.objects.get(pk=game.pk).status == Game.Status.OPEN:
        game_services.game_start(game_id=game.pk, user=leaver)
    seats = {s.user_id: s for s in Seat.objects.filter(game=game)}
    mine, theirs = seats[stayer.pk].position, seats[leaver.pk].position
    clients = {theirs: client_of(leaver), mine: client_of(stayer)}

    # Round 1's actions, and the game waits for the leaver: they let their time run out.
    game = play(
        game.pk,
        clients,
        lambda state, waiting: state.round >= 1 and state.phase == "play" and theirs in waiting,
        seed=1,
    )
    out = timeouts.seat_time_out(seats[leaver.pk].pk, now=timezone.now() + timedelta(hours=13))
    assert out is not None and not out.aborted
    assert Seat.objects.get(pk=seats[leaver.pk].pk).dropped

    handed = clients[mine].post(
        f"/api/v1/games/{game.pk}/seats/{theirs}/bot/", {"level": "random"}, format="json"
    )
    assert handed.status_code == 200, handed.json()

    del clients[theirs]
    game = play(game.pk, clients, lambda state, waiting: False, seed=2, timeout=240)
    drain()
    assert game.status == Game.Status.FINISHED
    seat = Seat.objects.select_related("user__profile").get(game=game, position=theirs)
    assert seat.user.profile.is_bot and not seat.dropped and seat.rank is not None
    rejoin = Move.objects.get(game=game, kind=Move.Kind.REJOIN)
    # The bot took the seat's turns from the rejoin on, through the worker.
    assert (
        Move.objects.filter(game=game, seat=seat, user=seat.user, number__gt=rejoin.number).count()
        >= 5
    )
    assert HandOver.objects.get(game=game).player == leaver
