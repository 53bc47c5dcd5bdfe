"""Games on the maps the engine stores: the original, its 2017 VP variant, Fire & Ice sides 1 and 2."""

from __future__ import annotations

import pytest

from games.models import Game
from tests.factories import UserFactory

FIRE_AND_ICE_SIDE_2 = "be8f6ebf549404d015547152d5f2a1906ae8dd90"
ORIGINAL_2017_VP = "91645cdb135773c2a7a50e5ca9cb18af54c664c4"

pytestmark = pytest.mark.django_db


def _client(api_client, user):
    api_client.force_authenticate(user)
    return api_client


@pytest.fixture
def api_client():
    from rest_framework.test import APIClient

    return APIClient()


def test_maps_are_listed(api_client):
    maps = api_client.get("/api/v1/maps/").json()
    assert {m["name"] for m in maps} == {
        "Original",
        "Original [2017 vp]",
        "Fire & Ice Side 1",
        "Fire & Ice Side 2",
        "Fjords",
        "Lakes",
    }
    assert {m["id"]: m["vp_variant"] for m in maps}[ORIGINAL_2017_VP] == "original_2017"


def test_a_game_on_fire_and_ice_side_2_is_played_on_that_map(api_client):
    alice, bob = UserFactory(), UserFactory()
    client = _client(api_client, alice)
    created = client.post(
        "/api/v1/games/", {"player_count": 2, "map_id": FIRE_AND_ICE_SIDE_2}, format="json"
    )
    assert created.status_code == 201, created.content
    game_id = created.json()["id"]
    assert created.json()["map_id"] == FIRE_AND_ICE_SIDE_2
    assert created.json()["map_name"] == "Fire & Ice Side 2"
    _client(api_client, bob).post(f"/api/v1/games/{game_id}/join/")
    state = api_client.get(f"/api/v1/games/{game_id}/state/").json()
    assert state["map_id"] == FIRE_AND_ICE_SIDE_2
    # A5 is plains on this map (desert on the original map).
    assert state["map"]["A5"]["terrain"] == "brown"


def test_the_2017_variant_changes_the_starting_vp(api_client):
    alice, bob = UserFactory(), UserFactory()
    client = _client(api_client, alice)
    game_id = client.post(
        "/api/v1/games/", {"player_count": 2, "map_id": ORIGINAL_2017_VP}, format="json"
    ).json()["id"]
    _client(api_client, bob).post(f"/api/v1/games/{game_id}/join/")
    game = Game.objects.get(pk=game_id)
    first = game.seats.get(position=1).user
    client = _client(api_client, first)
    moved = client.post(
        f"/api/v1/games/{game_id}/moves/",
        {"command": "setup darklings", "expected_move_number": 0},
        format="json",
    )
    assert moved.status_code == 201, moved.content
    state = api_client.get(f"/api/v1/games/{game_id}/state/").json()
    assert state["factions"]["darklings"]["VP"] == 15


def test_an_unknown_map_is_a_readable_400(api_client):
    client = _client(api_client, UserFactory())
    response = client.post(
        "/api/v1/games/", {"player_count": 2, "map_id": "nowhere"}, format="json"
    )
    assert response.status_code == 400
    assert "Unknown map 'nowhere'" in response.json()["error"]
