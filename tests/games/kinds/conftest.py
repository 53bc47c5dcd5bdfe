"""Fixtures of the platform tests."""

from __future__ import annotations

import pytest

from tests.factories import UserFactory
from tests.support.mythotopia_api import legal


@pytest.fixture
def two_players(client_for):
    users = [UserFactory(), UserFactory()]
    api = [client_for(u) for u in users]
    created = api[0].post(
        "/api/v1/games/", {"kind": "mythotopia", "player_count": 2}, format="json"
    )
    assert created.status_code == 201, created.data
    game_id = created.data["id"]
    assert api[1].post(f"/api/v1/games/{game_id}/join/").status_code == 200
    # The seat order is drawn at the start: the first client is the one on turn.
    if not legal(api[0], game_id):
        api.reverse()
    return game_id, api
