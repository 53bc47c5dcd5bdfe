"""Twenty clients submit the same move at once: one wins, nineteen are told they are stale."""

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


@pytest.mark.django_db(transaction=True)
def test_twenty_identical_submissions_get_one_201_and_nineteen_409s():
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

    barrier = threading.Barrier(20)
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

    threads = [threading.Thread(target=submit) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)

    assert sorted(statuses) == [201] + [409] * 19
    assert Move.objects.filter(game=game).count() == 1
    game.refresh_from_db()
    assert game.move_count == 1
