"""Game kinds: the engine contract, its registry, and the API that lists and creates them."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from games import kinds, log
from games.kinds.contract import GameEngine
from games.models import Game
from tests.notifications.tables import Table

pytestmark = pytest.mark.django_db


def test_the_api_lists_the_kinds_with_players_and_options(client_for):
    body = client_for().get("/api/v1/kinds/").json()
    [tm] = [k for k in body if k["kind"] == "terra_mystica"]
    assert tm["name"] == "Terra Mystica" and tm["player_counts"] == [2, 3, 4, 5]
    options = {o["name"]: o for o in tm["options"]}
    assert options["strict-leech"]["default"] is True
    assert options["variable-turn-order"]["default"] is False
    assert tm["version"] and tm["hidden_information"] is False


def test_a_game_records_its_kind_and_the_rules_revision_it_started_with(client_for, user):
    api = client_for(user)
    created = api.post(
        "/api/v1/games/", {"kind": "terra_mystica", "player_count": 2}, format="json"
    )
    assert created.status_code == 201
    assert created.data["kind"] == "terra_mystica" and created.data["engine_version"] == ""
    table = Table()  # a started game
    detail = api.get(f"/api/v1/games/{table.game_id}/").json()
    assert detail["kind"] == "terra_mystica"
    assert detail["engine_version"] == kinds.engine_for("terra_mystica").info.version


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"kind": "chess", "player_count": 2}, "Unknown game kind 'chess'"),
        ({"kind": "terra_mystica", "player_count": 6}, "played by 2, 3, 4, 5 players"),
    ],
)
def test_an_unknown_kind_or_player_count_is_refused_naming_what_is_allowed(
    client_for, user, body, words
):
    response = client_for(user).post("/api/v1/games/", body, format="json")
    assert response.status_code == 400 and words in response.json()["error"]
    assert not Game.objects.exists()


def test_a_kind_that_cannot_load_or_breaks_the_contract_stops_the_start(settings):
    kinds.registry.cache_clear()
    try:
        settings.GAME_KINDS = {"terra_mystica": "games.kinds.missing.Engine"}
        with pytest.raises(ImproperlyConfigured, match="cannot load"):
            kinds.registry()
        kinds.registry.cache_clear()
        settings.GAME_KINDS = {"terra_mystica": "games.kinds.contract.KindInfo"}
        with pytest.raises(ImproperlyConfigured):
            kinds.registry()
    finally:
        kinds.registry.cache_clear()


def test_terra_mystica_keeps_the_contract_through_a_played_game():
    engine = kinds.engine_for("terra_mystica")
    assert isinstance(engine, GameEngine)
    table = Table()
    table.play(40)
    game = table.game
    state = log.load_state(game)
    # A replay through the contract alone gives the stored state.
    assert engine.dump(log.replay(game)) == engine.dump(state)
    waiting = engine.waiting_for(state)
    assert waiting and {d["category"] for d in waiting} <= {"turn", "reaction", "setup"}
    seat = waiting[0]["seat"]
    assert engine.legal_commands(state, seat)
    assert engine.role(state, seat) == engine.actor(state, seat)
    assert engine.view(state, None) == engine.view(state, seat)  # nothing is hidden in TM
    assert engine.load(engine.dump(state)) is not None


def test_each_kind_reads_its_own_commands_and_a_comment_is_never_stored():
    # Terra Mystica's canonicaliser joins sub-commands its way; another kind keeps its words.
    assert kinds.canonical_command("terra_mystica", "burn 3.action ACT6 # plan") == (
        "burn 3. action ACT6"
    )
    assert kinds.canonical_command("mythotopia", "pass  # nothing to do") == "pass"
    for kind in ("terra_mystica", "mythotopia"):
        with pytest.raises(kinds.errors.IllegalMove, match="empty"):
            kinds.canonical_command(kind, "# only a note")


def test_the_registry_answers_which_kinds_have_a_capability():
    assert kinds.offering("maps") == ["terra_mystica"]
    assert kinds.offering("read_game_file") == ["terra_mystica"]
    assert kinds.drop_command("terra_mystica", "witches") == "drop-faction witches"
    assert kinds.engine_for("terra_mystica").info.role_name == "faction"
    assert kinds.engine_for("mythotopia").info.role_name == ""
