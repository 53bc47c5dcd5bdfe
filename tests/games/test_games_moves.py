"""Moves through the API: faction choice, turn checks, stale revisions, undo, rollback, drops."""

from __future__ import annotations

import pytest

from games import services
from games.models import Game, Move, Seat
from games.signals import move_committed
from tests.conftest import live_row, load_corpus_game
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

RECORD = "4pLeague_S60_D1L1_G1"


@pytest.fixture
def league_game(client_for):
    """The setup of a recorded league game, started, with one API client per seat."""
    record = load_corpus_game(RECORD)
    users = [UserFactory(username=name) for name in record["players"]]
    setup = {
        "scoring_tiles": record["scoring_tiles"],
        "removed_bonus_tiles": record["removed_bonus_tiles"],
        "seat_order": record["players"],
    }
    game = services.game_create(
        user=users[0], player_count=4, options=record["options"], setup=setup
    )
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    clients = {name: client_for(user) for name, user in zip(record["players"], users, strict=True)}
    by_faction = {f: clients[p] for f, p in record["faction_players"].items()}
    return game, record, clients, by_faction


def post_move(api, game, command, expected=None):
    if expected is None:
        expected = Game.objects.get(pk=game.pk).move_count
    return api.post(
        f"/api/v1/games/{game.pk}/moves/",
        {"command": command, "expected_move_number": expected},
        format="json",
    )


def recorded_moves(record):
    """(faction, command) of the record's player moves, faction choice included, in order."""
    for row in record["rows"]:
        if row["kind"] != "command":
            continue
        if row["command"] == "setup":
            yield row["faction"], f"setup {row['faction']}"
        elif row["player_command"] and live_row(row):
            yield row["faction"], row["player_command"]


def play(game, record, by_faction, count):
    for faction, command in list(recorded_moves(record))[:count]:
        response = post_move(by_faction[faction], game, command)
        assert response.status_code == 201, (faction, command, response.data)


def test_choosing_a_faction_is_a_move_of_the_seat(league_game):
    game, _record, _clients, by_faction = league_game
    response = post_move(by_faction["darklings"], game, "setup darklings", expected=0)
    assert response.status_code == 201, response.data
    assert response.data["move_number"] == 1
    assert response.data["actor"] == "player1"
    assert Seat.objects.get(game=game, position=1).faction == "darklings"
    detail = by_faction["nomads"].get(f"/api/v1/games/{game.pk}/").data
    assert detail["move_number"] == 1
    assert detail["seats"][0]["faction"] == "darklings"
    assert [d["seat"] for d in detail["waiting_for"]] == [2]


def test_acting_out_of_turn_is_a_400_naming_the_rule(league_game):
    game, _record, _clients, by_faction = league_game
    response = post_move(by_faction["nomads"], game, "setup nomads", expected=0)
    assert response.status_code == 400
    assert response.data["error"]
    assert Move.objects.filter(game=game).count() == 0


def test_an_illegal_command_changes_nothing(league_game):
    game, record, _clients, by_faction = league_game
    play(game, record, by_faction, 4)
    before = by_faction["darklings"].get(f"/api/v1/games/{game.pk}/state/").json()
    response = post_move(by_faction["darklings"], game, "build A1")  # not a dwelling spot of theirs
    assert response.status_code == 400
    assert by_faction["darklings"].get(f"/api/v1/games/{game.pk}/state/").json() == before


def test_stale_expected_move_number_is_a_409(league_game):
    game, record, _clients, by_faction = league_game
    play(game, record, by_faction, 1)
    response = post_move(by_faction["nomads"], game, "setup nomads", expected=0)
    assert response.status_code == 409
    assert response.data["move_number"] == 1
    assert "Stale" in response.data["error"]


@pytest.mark.parametrize(
    ("command", "message"),
    [
        ("x" * 501, "longer than 500"),
        ("   ", "blank"),
        ("setup nomads\nsetup witches", "one row"),
    ],
)
def test_bad_commands_are_400s(league_game, command, message):
    game, _record, _clients, by_faction = league_game
    response = post_move(by_faction["darklings"], game, command, expected=0)
    assert response.status_code == 400
    assert message in response.data["error"]


def test_undo_of_ones_own_last_move_is_recorded(league_game):
    game, record, _clients, by_faction = league_game
    play(game, record, by_faction, 1)
    api = by_faction["darklings"]
    response = api.post(
        f"/api/v1/games/{game.pk}/undo/", {"expected_move_number": 1}, format="json"
    )
    assert response.status_code == 201, response.data
    assert response.data["kind"] == "undo"
    assert Seat.objects.get(game=game, position=1).faction == ""
    log = api.get(f"/api/v1/games/{game.pk}/moves/").data["results"]
    assert [(m["number"], m["kind"], m["undone"]) for m in log] == [
        (1, "command", True),
        (2, "undo", False),
    ]
    assert post_move(api, game, "setup witches").status_code == 201
    assert Seat.objects.get(game=game, position=1).faction == "witches"
    assert [e["command"] for e in api.get(f"/api/v1/games/{game.pk}/ledger/").data] == [
        "setup witches"
    ]


def test_undo_is_refused_once_another_player_has_acted(league_game):
    game, record, _clients, by_faction = league_game
    play(game, record, by_faction, 2)
    response = by_faction["darklings"].post(
        f"/api/v1/games/{game.pk}/undo/", {"expected_move_number": 2}
    )
    assert response.status_code == 400
    assert "Only your own last move" in response.data["error"]


def test_rollback_by_the_creator_restores_an_earlier_state(league_game):
    game, record, _clients, by_faction = league_game
    creator = by_faction["darklings"]
    play(game, record, by_faction, 8)

    forbidden = by_faction["nomads"].post(
        f"/api/v1/games/{game.pk}/rollback/", {"to_move_number": 6}
    )
    assert forbidden.status_code == 403
    response = creator.post(
        f"/api/v1/games/{game.pk}/rollback/", {"to_move_number": 6, "expected_move_number": 8}
    )
    assert response.status_code == 201, response.data
    assert response.data["move_number"] == 9
    ledger = creator.get(f"/api/v1/games/{game.pk}/ledger/").data
    assert [e["move_number"] for e in ledger] == [1, 2, 3, 4, 5, 6]
    # Play continues from move 6: the 7th recorded move is legal again.
    faction, command = list(recorded_moves(record))[6]
    assert post_move(by_faction[faction], game, command).status_code == 201


def test_leech_is_decided_by_the_receiving_player(league_game):
    game, record, _clients, by_faction = league_game
    moves = list(recorded_moves(record))
    leech_at = next(i for i, (f, c) in enumerate(moves) if c.lower().startswith("leech"))
    play(game, record, by_faction, leech_at)
    faction, command = moves[leech_at]
    waiting = by_faction[faction].get(f"/api/v1/games/{game.pk}/").data["waiting_for"]
    assert any(d["actor"] == faction and d["kind"] == "leech" for d in waiting), waiting
    other = next(f for f in by_faction if f != faction)
    assert post_move(by_faction[other], game, command).status_code == 400
    assert post_move(by_faction[faction], game, command).status_code == 201


def test_move_committed_names_who_must_act(league_game, django_capture_on_commit_callbacks):
    game, record, _clients, by_faction = league_game
    heard = []
    move_committed.connect(lambda **kw: heard.append(kw), weak=False, dispatch_uid="test")
    try:
        with django_capture_on_commit_callbacks(execute=True) as callbacks:
            play(game, record, by_faction, 1)
    finally:
        move_committed.disconnect(dispatch_uid="test")
    assert callbacks
    assert heard[0]["game_id"] == game.pk and heard[0]["move_number"] == 1
    nomads_user = Seat.objects.get(game=game, position=2).user_id
    assert [d["user_id"] for d in heard[0]["waiting"]] == [nomads_user]


def test_state_has_the_corpus_shape(league_game):
    game, record, clients, by_faction = league_game
    play(game, record, by_faction, 4)
    state = clients[record["players"][0]].get(f"/api/v1/games/{game.pk}/state/").json()
    assert state["finished"] is False
    assert state["move_number"] == 4
    assert set(state["factions"]) == {"darklings", "nomads", "mermaids", "engineers"}
    for faction, data in state["factions"].items():
        setup_row = next(
            r for r in record["rows"] if r.get("faction") == faction and r.get("command") == "setup"
        )
        after = setup_row["after"]
        assert (
            data["VP"],
            data["C"],
            data["W"],
            data["P"],
            list(data["PW"]),
            dict(data["cult"]),
        ) == (after["VP"], after["C"], after["W"], after["P"], after["PW"], after["cult"])
    assert [p["faction"] for p in state["players"]] == record["factions"]


def test_resigning_drops_the_faction_and_is_logged(league_game):
    game, record, _clients, by_faction = league_game
    play(game, record, by_faction, 4)
    response = by_faction["mermaids"].post(f"/api/v1/games/{game.pk}/resign/")
    assert response.status_code == 200, response.data
    move = Move.objects.get(game=game, number=5)
    assert (move.kind, move.actor) == ("drop", "mermaids")
    assert Seat.objects.get(game=game, faction="mermaids").dropped
    assert post_move(by_faction["mermaids"], game, "build E4").status_code == 403


def test_export_and_import_give_the_same_game(league_game, client_for):
    from tests.factories import StaffFactory

    game, record, _clients, by_faction = league_game
    play(game, record, by_faction, 30)
    api = by_faction["darklings"]
    text = api.get(f"/api/v1/games/{game.pk}/export/").content.decode()
    assert "darklings: build G5" in text
    staff = client_for(StaffFactory())
    imported = staff.post(
        "/api/v1/games/import/", {"text": text, "attach_existing": True}, format="json"
    )
    assert imported.status_code == 201, imported.data
    original = api.get(f"/api/v1/games/{game.pk}/state/").json()
    copy = api.get(f"/api/v1/games/{imported.data['id']}/state/").json()
    assert copy["factions"] == original["factions"]
    assert imported.data["move_number"] == 30
