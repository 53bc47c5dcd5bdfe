"""What the reads a game page and an API client make cost the database: the same number of
queries however long the game, however many games are listed. A read that queried once per move,
seat or game (the moves list read each move's seat on its own: 176 queries for 120 moves) would
make a long game's page slow for everyone; these tests say by how much if one comes back."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.notifications.tables import Table

pytestmark = pytest.mark.django_db


def queries(client, path: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(path)
    assert response.status_code == 200, response.content[:200]
    return len(captured.captured_queries)


@pytest.fixture
def table():
    table = Table()
    table.play(12)  # the setup is over
    return table


def test_the_moves_list_costs_the_same_for_10_moves_and_for_100(table, client_for):
    player = client_for(table.owner[table.rows[0][0]])
    url = f"/api/v1/games/{table.game.pk}/moves/"
    table.play(40)
    short = queries(player, f"{url}?after=42&page_size=10")
    table.play(110)
    long = queries(player, f"{url}?after=42&page_size=100")
    assert long == short <= 6


def test_the_game_and_its_state_cost_the_same_early_and_late(table, client_for):
    player = client_for(table.owner[table.rows[0][0]])
    base = f"/api/v1/games/{table.game.pk}"
    early = [queries(player, f"{base}/"), queries(player, f"{base}/state/")]
    table.play(150)
    late = [queries(player, f"{base}/"), queries(player, f"{base}/state/")]
    assert early == late
    assert late[0] <= 8 and late[1] <= 5


def test_the_games_list_costs_the_same_for_one_game_and_for_four(client_for, started_game):
    _, (creator, _) = started_game()
    viewer = client_for(creator)
    one = queries(viewer, "/api/v1/games/")
    for _ in range(3):
        started_game()
    assert queries(viewer, "/api/v1/games/") == one <= 6
