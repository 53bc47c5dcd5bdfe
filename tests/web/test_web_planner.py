"""The private planner (rows tried on a copy of the game, notes) and the premove queue."""

from __future__ import annotations

import pytest

from games.models import Move, StateSnapshot
from web.models import Plan, Premove

pytestmark = pytest.mark.django_db


def try_plan(client, game, rows, **extra):
    return client.post(f"/api/v1/games/{game.pk}/plan/try/", {"rows": rows, **extra}, format="json")


def test_a_plan_plays_every_factions_rows_on_a_copy_and_writes_nothing(league, client_for):
    league.play(4)  # the factions are chosen
    game = league.refresh()
    snapshot = StateSnapshot.objects.get(game=game).state
    upcoming = league.moves[4:7]
    me = league.user_of(upcoming[0][0])
    client = client_for(me)
    rows = [{"actor": f, "command": c} for f, c in upcoming]
    response = try_plan(client, game, rows)
    assert response.status_code == 200, response.data
    body = response.data
    assert body["broken"] is None
    # The dwellings planned for three factions are on the copy's map.
    planned = [c.split()[-1].upper() for _, c in upcoming if c.startswith("build")]
    assert planned and all(body["state"]["map"][h].get("building") == "D" for h in planned)
    # And it is the next faction's turn there, with its legal commands listed.
    assert body["actor"] == body["state"]["waiting_for"][0]["actor"]
    assert body["legal"]
    game.refresh_from_db()
    assert game.move_count == 4 and Move.objects.filter(game=game).count() == 4
    assert StateSnapshot.objects.get(game=game).state == snapshot


def test_a_row_being_composed_gets_its_continuations_and_a_broken_row_is_named(league, client_for):
    league.play(4)
    game = league.refresh()
    faction, command = league.moves[4]
    client = client_for(league.user_of(faction))
    composed = try_plan(client, game, [], actor=faction, command=command)
    assert composed.status_code == 200, composed.data
    assert composed.data["command"] == command and composed.data["ledger"]
    refused = try_plan(client, game, [], actor=faction, command="build Z99")
    assert refused.status_code == 400 and refused.data["error"]
    # A row out of turn: reported as the first broken row, the state kept before it.
    other = next(f for f, _ in league.moves[5:] if f != faction)
    broken = try_plan(client, game, [{"actor": other, "command": "pass BON1"}])
    assert broken.status_code == 200
    assert broken.data["broken"]["index"] == 0 and "turn" in broken.data["broken"]["reason"]


def test_plans_and_notes_are_private_to_their_author(league, client_for, other_user):
    game = league.refresh()
    first, second = list(league.users.values())[:2]
    url = f"/api/v1/games/{game.pk}/plan/"
    saved = client_for(first).put(
        url,
        {"rows": [{"actor": "player1", "command": "setup  witches"}], "notes": "go west"},
        format="json",
    )
    assert saved.status_code == 200, saved.data
    assert saved.data["rows"] == [{"actor": "player1", "command": "setup witches"}]
    assert client_for(first).get(url).data["notes"] == "go west"
    assert client_for(second).get(url).data == {"rows": [], "notes": ""}
    assert Plan.objects.get(user=first).notes == "go west"
    assert client_for(None).get(url).status_code in (401, 403)


def test_premoves_are_queued_by_seated_players_up_to_five(league, client_for, other_user):
    game = league.refresh()
    user = league.users[league.record["players"][1]]
    url = f"/api/v1/games/{game.pk}/premoves/"
    client = client_for(user)
    queued = client.put(
        url,
        {"commands": ["pass  BON3", "leech 1 from witches"], "expected_move_number": 0},
        format="json",
    )
    assert queued.status_code == 200, queued.data
    assert queued.data["commands"] == ["pass BON3", "leech 1 from witches"]
    assert list(Premove.objects.values_list("position", flat=True)) == [1, 2]
    assert client.get(url).data["commands"] == ["pass BON3", "leech 1 from witches"]
    too_many = client.put(url, {"commands": ["pass"] * 6, "expected_move_number": 0}, format="json")
    assert too_many.status_code == 400
    stale = client.put(url, {"commands": [], "expected_move_number": 7}, format="json")
    assert stale.status_code == 409
    outsider = client_for(other_user).put(
        url, {"commands": [], "expected_move_number": 0}, format="json"
    )
    assert outsider.status_code == 403
    cleared = client.put(url, {"commands": [], "expected_move_number": 0}, format="json")
    assert cleared.data["commands"] == [] and not Premove.objects.exists()
