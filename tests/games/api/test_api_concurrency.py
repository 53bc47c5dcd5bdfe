"""Fifty clients submit the same move at once: one wins, forty-nine are told they are stale;
players racing for the last seat of a game: one sits down."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections
from rest_framework.test import APIClient

from games import services
from games.models import Move
from tests.conftest import CORPUS_OPTIONS
from tests.factories import UserFactory

pytestmark = [
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="row locks need PostgreSQL (run .ci/run or set DATABASE_URL)",
    ),
]

CLIENTS = 50


@pytest.mark.django_db(transaction=True)
def test_fifty_identical_submissions_get_one_201_and_forty_nine_409s():
    players = [UserFactory() for _ in range(4)]
    setup = {
        "scoring_tiles": ["SCORE5", "SCORE8", "SCORE4", "SCORE9", "SCORE6", "SCORE2"],
        "removed_bonus_tiles": ["BON3", "BON4", "BON5"],
        "seat_order": [p.username for p in players],
    }
    game = services.game_create(
        user=players[0], player_count=4, options=CORPUS_OPTIONS, setup=setup
    )
    for p in players[1:]:
        services.game_join(game_id=game.pk, user=p)

    barrier = threading.Barrier(CLIENTS)
    statuses: list[int] = []
    lock = threading.Lock()

    def submit() -> None:
        client = APIClient()
        client.force_authenticate(players[0])
        try:
            barrier.wait(timeout=30)
            response = client.post(
                f"/api/v1/games/{game.pk}/moves/",
                {"command": "setup darklings", "expected_move_number": 0},
                format="json",
            )
            with lock:
                statuses.append(response.status_code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=submit) for _ in range(CLIENTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)

    assert sorted(statuses) == [201] + [409] * (CLIENTS - 1)
    assert Move.objects.filter(game=game).count() == 1
    game.refresh_from_db()
    assert game.move_count == 1


@pytest.mark.django_db(transaction=True)
def test_many_players_racing_for_the_last_seat_leave_one_winner():
    creator = UserFactory()
    game = services.game_create(user=creator, player_count=2, options=CORPUS_OPTIONS)
    racers = [UserFactory() for _ in range(CLIENTS // 2)]
    barrier = threading.Barrier(len(racers))
    statuses: list[int] = []
    lock = threading.Lock()

    def join(user) -> None:
        client = APIClient()
        client.force_authenticate(user)
        try:
            barrier.wait(timeout=30)
            response = client.post(f"/api/v1/games/{game.pk}/join/", {}, format="json")
            with lock:
                statuses.append(response.status_code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=join, args=(user,)) for user in racers]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)

    winners = [s for s in statuses if s < 300]
    assert len(statuses) == len(racers) and len(winners) == 1
    assert all(400 <= s < 500 for s in statuses if s >= 300)
    game.refresh_from_db()
    assert game.seats.count() == 2 and game.status == "running"
