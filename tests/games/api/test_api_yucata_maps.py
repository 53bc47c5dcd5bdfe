"""Games on Fjords and Lakes with variable starting VP, played through the API to the end.

Every move is a random legal command of a player who is asked to act, posted by that
player's account; the state is read back through the API.
"""

from __future__ import annotations

import random

import pytest

from games import log as game_log
from games.kinds.terra_mystica import facade
from games.models import Game
from games.rules.terra_mystica.board import variable_vp_table
from games.rules.terra_mystica.legal import legal_commands, random_legal_command
from tests.factories import UserFactory
from tests.support.api_moves import post_move

pytestmark = pytest.mark.django_db

FJORDS = "2afadc63f4d81e850b7c16fb21a1dcd29658c392"
LAKES = "fdb13a13cd48b7a3c3525f27e4628ff6905aa5b1"
OPTIONS = [
    "strict-leech",
    "errata-cultist-power",
    "mini-expansion-1",
    "variable-starting-vp",
]


def _client(user):
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.mark.parametrize(("map_id", "name"), [(FJORDS, "Fjords"), (LAKES, "Lakes")])
def test_a_game_on_the_map_is_played_through_the_api_to_the_end(map_id, name):
    users = [UserFactory() for _ in range(3)]
    created = _client(users[0]).post(
        "/api/v1/games/",
        {"player_count": 3, "map_id": map_id, "options": OPTIONS},
        format="json",
    )
    assert created.status_code == 201, created.content
    assert created.json()["map_name"] == name
    game_id = created.json()["id"]
    for user in users[1:]:
        assert _client(user).post(f"/api/v1/games/{game_id}/join/").status_code == 200
    game = Game.objects.get(pk=game_id)
    seats = {s.position: _client(s.user) for s in game.seats.select_related("user")}
    rng = random.Random(map_id)
    number = game.move_count
    state = game_log.load_state(game)
    while facade.waiting_for(state):
        decision = rng.choice(facade.waiting_for(state))
        actor = decision["actor"]
        passes = [c for c in legal_commands(state, actor) if c.lower().startswith("pass")]
        row = (
            rng.choice(passes)
            if state.round > 0 and passes and rng.random() < 0.5
            else random_legal_command(state, actor, rng)
        )
        number = post_move(seats[decision["seat"]], game_id, row, number)
        state = game_log.load_state(Game.objects.get(pk=game_id))

    view = _client(users[0]).get(f"/api/v1/games/{game_id}/state/").json()
    assert view["finished"] is True and view["map_id"] == map_id
    assert Game.objects.get(pk=game_id).status == "finished"
    # The land hexes on the state's map are the map's own (Lakes starts at row B).
    assert ("B1" in view["map"]) and (("A1" in view["map"]) == (map_id == FJORDS))
    table = variable_vp_table(map_id) or {}
    assert {n: f.vp_source["start"] for n, f in state.factions.items()} == {
        n: table[n] for n in state.factions
    }


def test_variable_starting_vp_on_a_map_without_a_table_is_a_readable_400():
    response = _client(UserFactory()).post(
        "/api/v1/games/",
        {
            "player_count": 2,
            "map_id": "be8f6ebf549404d015547152d5f2a1906ae8dd90",
            "options": ["variable-starting-vp"],
        },
        format="json",
    )
    assert response.status_code == 400
    assert "variable starting VP" in response.json()["error"]
