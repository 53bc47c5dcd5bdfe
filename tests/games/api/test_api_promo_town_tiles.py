"""The promo town tiles as separate options through the API: a game, the lobby's form and a
league (Yucata's tile list, seed 001 §6.1)."""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import Game
from leagues.models import League
from tests.factories import StaffFactory, UserFactory

pytestmark = pytest.mark.django_db

OPTIONS = ["strict-leech", "errata-cultist-power", "promo-town-tile-tw6", "promo-town-tile-tw8"]


def test_a_game_with_two_of_the_promo_town_tiles_has_exactly_those(client_for):
    creator, joiner = UserFactory(), UserFactory()
    created = client_for(creator).post(
        "/api/v1/games/", {"player_count": 2, "options": OPTIONS}, format="json"
    )
    assert created.status_code == 201, created.data
    game_id = created.data["id"]
    assert client_for(joiner).post(f"/api/v1/games/{game_id}/join/").status_code == 200
    assert Game.objects.get(pk=game_id).status == Game.Status.RUNNING
    view = client_for(creator).get(f"/api/v1/games/{game_id}/state/").data
    assert view["town_tiles"] == {
        "TW1": 2,
        "TW2": 2,
        "TW3": 2,
        "TW4": 2,
        "TW5": 2,
        "TW6": 1,
        "TW8": 1,
    }


def test_a_misspelt_promo_option_is_refused_by_name(client_for):
    response = client_for(UserFactory()).post(
        "/api/v1/games/",
        {"player_count": 2, "options": ["promo-town-tile-tw9"]},
        format="json",
    )
    assert response.status_code == 400
    assert "promo-town-tile-tw9" in response.data["error"]


def test_the_new_game_form_lists_each_promo_tile_with_what_it_gives():
    user = UserFactory()
    page = Client()
    page.force_login(user)
    html = page.get("/games/new/").content.decode()
    for tile in ("tw6", "tw7", "tw8"):
        assert f'value="promo-town-tile-{tile}"' in html
    assert "11 VP (1 copy)" in html


def test_a_league_can_use_the_promo_tiles_one_by_one(client_for):
    created = client_for(StaffFactory()).post(
        "/api/v1/leagues/",
        {
            "name": "PromoTowns",
            "players_per_game": 3,
            "options": ["strict-leech", "promo-town-tile-tw7"],
            "move_time_limit": 86400,
            "group_size": 6,
            "points_table": [2, 1, 0],
        },
        format="json",
    )
    assert created.status_code == 201, created.data
    assert League.objects.get(pk=created.data["id"]).options == [
        "strict-leech",
        "promo-town-tile-tw7",
    ]
