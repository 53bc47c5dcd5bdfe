"""Bad requests get a 4xx with a readable message, never a 500."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_malformed_json_is_a_400(client_for, user):
    api = client_for(user)
    response = api.generic("POST", "/api/v1/games/", "{not json", content_type="application/json")
    assert response.status_code == 400
    assert "JSON parse error" in response.json()["error"]


def test_wrong_types_are_a_400_naming_the_field(client_for, user):
    response = client_for(user).post("/api/v1/games/", {"player_count": "many"}, format="json")
    assert response.status_code == 400
    assert response.json()["error"].startswith("player_count")


def test_unknown_game_is_a_404(client_for, user):
    api = client_for(user)
    for path in (
        "/api/v1/games/999999/",
        "/api/v1/games/999999/state/",
        "/api/v1/games/999999999999999999/",
    ):
        response = api.get(path)
        assert response.status_code == 404
        assert response.json()["error"]
    response = api.post(
        "/api/v1/games/999999/moves/", {"command": "pass", "expected_move_number": 0}
    )
    assert response.status_code == 404


def test_huge_game_ids_are_a_404_not_a_database_error(api):
    assert api.get("/api/v1/games/99999999999999999999999/").status_code == 404


def test_unsupported_media_type_is_a_415(client_for, user):
    response = client_for(user).generic(
        "POST", "/api/v1/games/", "player_count=2", content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 415
    assert response.json()["error"]
