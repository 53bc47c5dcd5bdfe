"""A Merchants of the Seas game played through the API to the end with random legal
commands (each posted by the account of the player asked to act), and the refusal of the
Fakirs and Dwarves as a readable 400."""

from __future__ import annotations

import random

import pytest
from django.test import Client

from games import log as game_log
from games.kinds.terra_mystica import facade
from games.models import Game
from games.rules.terra_mystica.legal import accepts, candidate_rows, random_legal_command
from tests.factories import UserFactory
from tests.support.api_moves import post_move

pytestmark = pytest.mark.django_db

OPTIONS = ["strict-leech", "errata-cultist-power", "merchants-of-the-seas"]


def _new_game(client_for, players: int) -> tuple[int, dict]:
    users = [UserFactory() for _ in range(players)]
    created = client_for(users[0]).post(
        "/api/v1/games/", {"player_count": players, "options": OPTIONS}, format="json"
    )
    assert created.status_code == 201, created.content
    game_id = created.json()["id"]
    for user in users[1:]:
        assert client_for(user).post(f"/api/v1/games/{game_id}/join/").status_code == 200
    game = Game.objects.get(pk=game_id)
    return game_id, {s.position: client_for(s.user) for s in game.seats.select_related("user")}


def _is_sail(row: str) -> bool:
    return " sail " in f" {row}" or row.startswith("action ACTMV")


def _gains_a_ship(row: str) -> bool:
    return row.startswith(("action ACT8", "action ACTSY", "action BON14", "ship ")) or (
        row.startswith("upgrade ") and row.endswith(" to SY")
    )


def _next_row(state, actor: str, rng: random.Random, rows: list[str]) -> str | None:
    """A random legal row, except that until the game's first dock and first sailing the
    rows leading there are taken as soon as they are legal (the game's tiles are dealt at
    random, so chance alone may never bring them)."""
    wanted = [] if any(r.startswith("dock ") for r in rows) else [lambda r: r.startswith("dock ")]
    if not any(_is_sail(r) for r in rows):
        wanted += [_is_sail, _gains_a_ship]
    if wanted:
        candidates = sorted(set(candidate_rows(state, actor)))
        for test in wanted:
            for row in candidates:
                if test(row) and accepts(state, actor, row):
                    return row
    return random_legal_command(state, actor, rng, pass_rate=0.1)


def test_a_merchants_game_is_played_through_the_api_to_the_end(client_for):
    game_id, seats = _new_game(client_for, 3)
    rng = random.Random("merchants")
    number = Game.objects.get(pk=game_id).move_count
    state = game_log.load_state(Game.objects.get(pk=game_id))
    rows: list[str] = []
    while facade.waiting_for(state):
        decision = rng.choice(facade.waiting_for(state))
        row = _next_row(state, decision["actor"], rng, rows)
        assert row is not None
        number = post_move(seats[decision["seat"]], game_id, row, number)
        rows.append(row)
        state = game_log.load_state(Game.objects.get(pk=game_id))
    view = client_for().get(f"/api/v1/games/{game_id}/state/").json()
    assert view["finished"] is True
    assert Game.objects.get(pk=game_id).status == "finished"
    merchants = view["merchants"]
    assert set(merchants["factions"]) == set(view["factions"])
    assert merchants["canals"] == [["r14", "r21"]]
    assert any(r.startswith("dock ") for r in rows)
    assert any(_is_sail(r) for r in rows)


def test_fakirs_are_refused_in_a_merchants_game_with_the_reason(client_for):
    game_id, seats = _new_game(client_for, 2)
    number = Game.objects.get(pk=game_id).move_count
    moved = seats[1].post(
        f"/api/v1/games/{game_id}/moves/",
        {"command": "setup fakirs", "expected_move_number": number},
        format="json",
    )
    assert moved.status_code == 400
    assert "reach track" in moved.json()["error"]


def test_a_game_with_the_taste_rule_has_two_of_the_new_bonus_cards(client_for):
    creator, joiner = UserFactory(), UserFactory()
    created = client_for(creator).post(
        "/api/v1/games/",
        {"player_count": 2, "options": [*OPTIONS, "merchants-of-the-seas/taste"]},
        format="json",
    )
    assert created.status_code == 201, created.content
    game_id = created.json()["id"]
    assert client_for(joiner).post(f"/api/v1/games/{game_id}/join/").status_code == 200
    view = client_for(creator).get(f"/api/v1/games/{game_id}/state/").json()
    cards = set(view["bonus_tiles"])
    assert len(cards) == 5
    assert len(cards & {"BON12", "BON13", "BON14"}) == 2


def test_the_taste_rule_without_the_expansion_is_refused_by_name(client_for):
    response = client_for(UserFactory()).post(
        "/api/v1/games/",
        {"player_count": 2, "options": ["strict-leech", "merchants-of-the-seas/taste"]},
        format="json",
    )
    assert response.status_code == 400
    assert "needs the option merchants-of-the-seas" in response.json()["error"]


def test_the_new_game_form_offers_the_taste_rule_with_its_description(client_for):
    page = Client()
    page.force_login(UserFactory())
    html = page.get("/games/new/").content.decode()
    assert 'value="merchants-of-the-seas/taste"' in html
    assert "2 of the 3 new round bonus cards" in html


def test_the_new_game_form_offers_the_trade_marker_final_tile_in_german():
    page = Client()
    page.force_login(UserFactory())
    html = page.get("/games/new/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert 'value="merchants-of-the-seas/final-tile"' in html
    assert "Die Händler: das Endwertungskärtchen Meiste Handelsmarker" in html
