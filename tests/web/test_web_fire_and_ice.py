"""The new-game form, the catalog and the leagues API know the Fire & Ice options and factions."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from games.kinds.terra_mystica import catalog
from games.models import Game
from leagues.models import League

pytestmark = pytest.mark.django_db

FI_OPTIONS = (
    "fire-and-ice-factions/ice",
    "fire-and-ice-factions/volcano",
    "fire-and-ice-factions/variable",
    "fire-and-ice-factions/variable_v5",
)


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_new_game_form_offers_each_fire_and_ice_option_with_its_help(user):
    page = logged_in(user).get("/games/new/").content.decode()
    for name in FI_OPTIONS:
        assert f'value="{name}"' in page
    assert "Ice Maidens and Yetis" in page
    assert "Acolytes and Dragonlords" in page


def test_new_game_form_creates_a_game_with_ice_and_volcano_factions(user):
    response = logged_in(user).post(
        "/games/new/",
        {
            "name": "Fire and ice",
            "player_count": "3",
            "options": ["strict-leech", *FI_OPTIONS[:2]],
            "time_control": "none",
        },
    )
    assert response.status_code == 302, response.content.decode()[-2000:]
    game = Game.objects.get(name="Fire and ice")
    assert set(FI_OPTIONS[:2]) <= set(game.options)


def test_new_game_form_in_german_describes_the_options(user):
    client = logged_in(user)
    client.cookies["django_language"] = "de"
    page = client.get("/games/new/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Frostfeen und Yetis" in page


def test_catalog_describes_the_six_factions_from_the_engine_data():
    factions = catalog.catalog()["factions"]
    for name in ("icemaidens", "yetis", "acolytes", "dragonlords", "shapeshifters", "riverwalkers"):
        info = factions[name]
        assert info["chosen_home"] and info["ability"] and info["stronghold"]
        assert set(info["costs"]) == {"D", "TP", "TE", "SH", "SA"}
    assert factions["icemaidens"]["color"] == "ice" and factions["acolytes"]["color"] == "volcano"
    assert not factions["witches"]["chosen_home"]
    terrains = catalog.catalog()["terrains"]
    assert terrains["ice"] == "ice" and terrains["volcano"] == "volcano"
    assert "ACTH1" in catalog.catalog()["special_actions"]


def test_a_league_with_fire_and_ice_factions(client_for, staff):
    created = client_for(staff).post(
        "/api/v1/leagues/",
        {
            "name": "FireIce",
            "players_per_game": 4,
            "options": ["strict-leech", *FI_OPTIONS],
            "move_time_limit": 86400,
            "group_size": 7,
            "points_table": [3, 2, 1, 0],
        },
    )
    assert created.status_code == 201, created.data
    assert set(FI_OPTIONS) <= set(League.objects.get(pk=created.data["id"]).options)


def test_german_game_page_names_the_new_factions_and_terrains(started_game):
    game, (creator, _joiner) = started_game(options=("strict-leech", *FI_OPTIONS[:2]))
    client = logged_in(creator)
    response = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9")
    match = re.search(
        r'<script id="game-data" type="application/json">(.*?)</script>', response.text, re.S
    )
    assert match
    names = json.loads(match.group(1))["catalog"]
    assert names["factions"]["icemaidens"]["display"] == "Frostfeen"
    assert names["factions"]["acolytes"]["display"] == "Geweihte"
    assert names["factions"]["riverwalkers"]["terrain"] == "im Spiel gewählt"
    assert names["terrains"]["ice"] == "Eis" and names["terrains"]["volcano"] == "Vulkan"


def test_the_lobby_and_leagues_offer_the_faction_auction(user, client_for, staff):
    page = logged_in(user).get("/games/new/").content.decode()
    assert 'value="faction-auction"' in page and 'value="fast-auction"' in page
    response = logged_in(user).post(
        "/games/new/",
        {
            "name": "Auction",
            "player_count": "3",
            "options": ["strict-leech", "faction-auction"],
            "time_control": "none",
        },
    )
    assert response.status_code == 302, response.content.decode()[-2000:]
    assert "faction-auction" in Game.objects.get(name="Auction").options
    created = client_for(staff).post(
        "/api/v1/leagues/",
        {
            "name": "Auctions",
            "players_per_game": 4,
            "options": ["strict-leech", "fast-auction", *FI_OPTIONS[:2]],
            "move_time_limit": 86400,
            "group_size": 7,
            "points_table": [3, 2, 1, 0],
        },
    )
    assert created.status_code == 201, created.data
    both = ["strict-leech", "faction-auction", "fast-auction"]
    refused = client_for(staff).post(
        "/api/v1/leagues/",
        {
            "name": "Both",
            "players_per_game": 4,
            "options": both,
            "move_time_limit": 86400,
            "group_size": 7,
            "points_table": [3, 2, 1, 0],
        },
    )
    assert refused.status_code == 400
    assert "one faction auction" in json.dumps(refused.data)
