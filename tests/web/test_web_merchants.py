"""The new-game form, the leagues API and the game page offer and describe Merchants of the
Seas, with its provisional components."""

from __future__ import annotations

import pytest

from games.kinds.terra_mystica import catalog
from leagues.models import League

pytestmark = pytest.mark.django_db

MERCHANTS = "merchants-of-the-seas"


def test_new_game_form_offers_the_expansion_and_says_what_is_provisional(client, user):
    client.force_login(user)
    page = client.get("/games/new/").content.decode()
    assert f'value="{MERCHANTS}"' in page
    assert "Merchants of the Seas" in page and "Provisional" in page


def test_a_league_with_the_expansion(client_for, staff):
    created = client_for(staff).post(
        "/api/v1/leagues/",
        {
            "name": "Merchants",
            "players_per_game": 4,
            "options": ["strict-leech", MERCHANTS],
            "move_time_limit": 86400,
            "group_size": 7,
            "points_table": [3, 2, 1, 0],
        },
    )
    assert created.status_code == 201, created.data
    assert MERCHANTS in League.objects.get(pk=created.data["id"]).options


def test_the_game_page_lists_the_provisional_components(client, started_game):
    game, (creator, _joiner) = started_game(options=("strict-leech", MERCHANTS))
    client.force_login(creator)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'id="merchants-provisional"' in page
    assert "shipyard boards" in page and "fakirs" in page


def test_catalog_names_the_new_actions_and_tiles():
    data = catalog.catalog()
    assert data["power_actions"]["ACT9"]["cost"] == 5
    assert "ship" in data["bonus"]["BON13"]["text"]
    assert data["merchants"]["refused_factions"].keys() == {"fakirs", "dwarves"}
