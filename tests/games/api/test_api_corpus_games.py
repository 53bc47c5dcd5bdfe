"""A client plays real league games from terra.snellman.net move by move through the API.

Each player registers, the first one creates the game with the recorded setup, the others join,
and every recorded move is sent by the account that owns the faction (faction choice as
``setup <faction>``; a ``drop`` comment is a staff member's drop). The final scores must be the
recorded ones. The suite plays a sample (every game with a dropped player among them);
TM_CORPUS_API_GAMES=all plays all 49 league games.
"""

from __future__ import annotations

import json
import os

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from tests.conftest import CORPUS, live_row, load_corpus_game

pytestmark = pytest.mark.django_db

SAMPLE = [
    "4pLeague_S60_D1L1_G1",
    "4pLeague_S62_D1L1_G7",  # cultists dropped
    "4pLeague_S64_D1L1_G3",  # witches dropped
    "4pLeague_S64_D1L1_G4",
    "4pLeague_S64_D1L1_G5",  # two factions dropped
    "4pLeague_S64_D1L1_G6",  # dropped as round 4 ends
    "4pLeague_S64_D1L1_G7",
    "4pLeague_S65_D1L1_G3",
]


def _games() -> list[str]:
    if os.environ.get("TM_CORPUS_API_GAMES") == "all":
        index = json.loads((CORPUS / "index.json").read_text())
        return [g["game_id"] for g in index["games"]]
    return SAMPLE


class Player:
    def __init__(self, name: str) -> None:
        self.name = name
        self.api = APIClient()
        response = self.api.post(
            "/api/v1/auth/register/",
            {"username": name, "password": f"{name}-pass-phrase!"},
            format="json",
        )
        assert response.status_code == 201, response.data
        self.api.credentials(HTTP_AUTHORIZATION=f"Token {response.data['token']}")

    def post(self, path: str, body: dict | None = None):
        return self.api.post(path, body or {}, format="json")


def play(record: dict) -> tuple[int, dict]:
    players = {name: Player(name) for name in record["players"]}
    creator = players[record["players"][0]]
    staff = APIClient()
    staff.force_authenticate(get_user_model().objects.create_user("staff", is_staff=True))
    created = creator.post(
        "/api/v1/games/",
        {
            "player_count": len(players),
            "options": record["options"],
            "setup": {
                "scoring_tiles": record["scoring_tiles"],
                "removed_bonus_tiles": record["removed_bonus_tiles"],
                "seat_order": record["players"],
            },
        },
    )
    assert created.status_code == 201, created.data
    game = f"/api/v1/games/{created.data['id']}"
    for name in record["players"][1:]:
        assert players[name].post(f"{game}/join/").status_code == 200
    assert creator.api.get(f"{game}/").data["status"] == "running"

    owner = {faction: players[name] for faction, name in record["faction_players"].items()}
    seen = 0
    for row in record["rows"]:
        if row["kind"] == "comment":
            if row.get("tag") != "drop":
                continue
            response = staff.post(
                f"{game}/drop/",
                {"faction": row["dropped_faction"], "expected_move_number": seen},
                format="json",
            )
        elif row["command"] == "setup":
            response = owner[row["faction"]].post(
                f"{game}/moves/",
                {"command": f"setup {row['faction']}", "expected_move_number": seen},
            )
        elif row["player_command"] and live_row(row):
            response = owner[row["faction"]].post(
                f"{game}/moves/", {"command": row["player_command"], "expected_move_number": seen}
            )
        else:
            continue
        assert response.status_code == 201, (
            row["line"],
            row.get("faction"),
            row.get("command"),
            response.data,
        )
        assert response.data["move_number"] == seen + 1
        seen += 1
    return seen, {**creator.api.get(f"{game}/state/").json(), "game_id": created.data["id"]}


@pytest.mark.parametrize("game_id", _games())
def test_recorded_game_reaches_the_recorded_final_scores(game_id):
    record = load_corpus_game(game_id)
    moves, state = play(record)
    assert state["finished"] is True
    assert state["move_number"] == moves
    scores = {faction: data["VP"] for faction, data in state["factions"].items()}
    assert scores == record["final_vp"]
    detail = APIClient().get(f"/api/v1/games/{state['game_id']}/").data
    assert detail["status"] == "finished"
    assert {s["faction"]: s["final_vp"] for s in detail["seats"]} == record["final_vp"]
    assert {s["faction"] for s in detail["seats"] if s["dropped"]} == set(
        record["dropped_factions"]
    )
    for faction, final in record["final_state"].items():
        mine = state["factions"][faction]
        assert (mine["C"], mine["W"], mine["P"], list(mine["PW"]), dict(mine["cult"])) == (
            final["C"],
            final["W"],
            final["P"],
            final["PW"],
            final["cult"],
        ), faction
