"""Yucata's automation through the API and the game page (seed 001 §5.3)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.kinds.terra_mystica.final_steps import final_steps
from games.models import Game
from tests.factories import UserFactory
from tests.web.test_web_pages import script_data

pytestmark = pytest.mark.django_db


def test_a_power_action_only_a_burn_pays_for_is_offered_with_the_fewest_tokens(league, client_for):
    # Seed 001 §5.3: a power action that bowl III cannot pay, but can after sacrificing power,
    # is offered as needing it; choosing it burns the minimum. In the recorded game the
    # Darklings burnt 3 for ACT2 (a priest for 3 power) with bowl III empty.
    faction, _ = league.play_until(lambda f, c: c.lower() == "burn 3. action act2")
    assert faction == "darklings"
    user = league.user_of(faction)
    api = client_for(user)
    game = league.refresh()
    legal = api.get(f"/api/v1/games/{game.pk}/legal/").data
    assert "action ACT2" not in legal["commands"]
    offer = next(o for o in legal["sacrifices"] if o["command"] == "action ACT2")
    assert offer == {"command": "action ACT2", "burn": 3, "row": "burn 3. action ACT2"}
    assert all(
        o["burn"] >= 1 and o["row"].startswith(f"burn {o['burn']}. ") for o in legal["sacrifices"]
    )

    # The game page hands the same offers to its script.
    page = Client()
    page.force_login(user)
    assert script_data(page.get(f"/games/{game.pk}/"))["sacrifices"] == legal["sacrifices"]

    # Part of the row chosen already (one token burnt): the preview offers what may follow,
    # here ACT2 after burning the two tokens still missing.
    preview = api.post(
        f"/api/v1/games/{game.pk}/preview/", {"command": "burn 1"}, format="json"
    ).data
    assert {"command": "action ACT2", "burn": 2, "row": "burn 2. action ACT2"} in preview[
        "sacrifices"
    ]
    assert "action ACT2" not in preview["legal"]

    priests = api.get(f"/api/v1/games/{game.pk}/state/").data["factions"][faction]["P"]
    response = api.post(
        f"/api/v1/games/{game.pk}/moves/",
        {"command": offer["row"], "expected_move_number": game.move_count},
        format="json",
    )
    assert response.status_code == 201, response.data
    after = api.get(f"/api/v1/games/{game.pk}/state/").data["factions"][faction]
    assert after["P"] == priests + 1


def test_nothing_is_offered_to_a_player_not_on_turn(league, client_for):
    faction, _ = league.play_until(lambda f, c: c.lower() == "burn 3. action act2")
    others = [f for f in ("mermaids", "nomads", "engineers") if f != faction]
    game = Game.objects.get(pk=league.game.pk)
    for other in others:
        legal = client_for(league.user_of(other)).get(f"/api/v1/games/{game.pk}/legal/").data
        assert legal["sacrifices"] == []


def transform_build(client, game, hex_id):
    return client.get(f"/api/v1/games/{game.pk}/transform-build/", {"hex": hex_id})


def test_transform_and_build_report_each_part_with_the_rule_it_breaks(league, client_for):
    # Seed 001 §5.3: if only the transform or only the build is possible, the other part is
    # shown as unavailable. After 19 recorded moves the Mermaids can dig C2 to lakes (two
    # spades for their workers), but then have no worker left for the dwelling.
    league.play(19)
    game = league.refresh()
    mermaids = client_for(league.user_of("mermaids"))
    response = transform_build(mermaids, game, "c2")
    assert response.status_code == 200, response.data
    body = response.data
    assert body["hex"] == "C2" and body["actor"] == "mermaids"
    assert body["transform"] == {"row": "dig 2. transform C2 to blue", "reason": "", "short": {}}
    assert body["build"] == {
        "row": None,
        "reason": "a dwelling costs 1W 2C; mermaids have 0 workers",
        "short": {"W": 1},
    }

    # A player not on turn is told so for both parts; a hex not on the map is named.
    other = transform_build(client_for(league.user_of("nomads")), game, "C2").data
    assert other["transform"]["row"] is None and "not nomads's turn" in other["build"]["reason"]
    assert transform_build(mermaids, game, "Z9").data["build"]["reason"] == "there is no hex Z9"


@pytest.mark.parametrize("hex_id", ["", "C", "../x", "C2; build C3", "C123456"])
def test_transform_and_build_refuses_what_is_not_a_hex_name(league, client_for, hex_id):
    game = league.refresh()
    response = transform_build(client_for(league.user_of("mermaids")), game, hex_id)
    assert response.status_code == 400 and response.data["error"]


def test_transform_and_build_is_for_the_game_s_players(league, client_for):
    response = transform_build(client_for(UserFactory()), league.refresh(), "C2")
    assert response.status_code == 403


def test_the_end_of_the_game_is_shown_step_by_step(finished_game):
    # Seed 001 §5.3 (end of game): the final conversion is automatic; the page shows each step: the four
    # cult tracks, the largest area, then each faction's resources turned into VP.
    page = Client().get(f"/games/{finished_game.pk}/")
    assert page.status_code == 200
    html = page.text
    steps = re.findall(r'<li class="final-step" data-step="([^"]+)">', html)
    assert steps == [
        "cult-FIRE",
        "cult-WATER",
        "cult-EARTH",
        "cult-AIR",
        "area-network",
        "resources",
    ]
    fire = final_steps(finished_game)[0]
    assert fire["title"] == "Fire cult"
    assert fire["rows"] == [
        {"faction": "engineers", "vp": 4},
        {"faction": "darklings", "vp": 2},
        {"faction": "nomads", "vp": 8},
    ]
    conversion = {r["faction"]: r for r in final_steps(finished_game)[-1]["rows"]}
    # The Nomads end with bowls 4/2/0, 1 worker, no coins: 1 power burnt, that power and the
    # worker make 2 coins, too few for a VP.
    assert conversion["nomads"] == {
        "faction": "nomads",
        "burned": 1,
        "power_to_coins": 1,
        "priests_to_coins": 0,
        "workers_to_coins": 1,
        "coins": 2,
        "coins_to_vp": 0,
        "vp": 0,
        "coins_left": 2,
    }
    # The Darklings' 3 coins make 1 VP.
    assert conversion["darklings"]["coins_to_vp"] == 3 and conversion["darklings"]["vp"] == 1
    table = html[html.index('class="data-table final-conversion"') :]
    assert re.search(r'data-faction="darklings">.*?3 → \+1 VP', table, re.S)


def test_a_running_game_has_no_final_steps(league):
    league.play(30)
    assert final_steps(league.refresh()) == []
