"""A seated player acts only for their own seat, only with player verbs, only when it is their
decision, and never with a row that changes nothing: through the API, the preview and the page
form alike. Nothing is written when a row is refused."""

from __future__ import annotations

import pytest

from games import log, services
from games.models import Game, Move, Seat
from ratings.models import PlayerRating, RatedGame, RatingChange
from tests.conftest import live_row, load_corpus_game
from tests.factories import StaffFactory, UserFactory

pytestmark = pytest.mark.django_db

RECORD = "4pLeague_S60_D1L1_G1"


@pytest.fixture
def table(client_for):
    """The recorded league game played through the services until every faction has built its
    first dwellings and the first round is under way; one API client per faction."""
    record = load_corpus_game(RECORD)
    users = {name: UserFactory(username=name) for name in record["players"]}
    setup = {
        "scoring_tiles": record["scoring_tiles"],
        "removed_bonus_tiles": record["removed_bonus_tiles"],
        "seat_order": record["players"],
    }
    first = users[record["players"][0]]
    game = services.game_create(user=first, player_count=4, options=record["options"], setup=setup)
    for name in record["players"][1:]:
        services.game_join(game_id=game.pk, user=users[name])
    owner = {f: users[p] for f, p in record["faction_players"].items()}
    for row in record["rows"]:
        if row["kind"] != "command" or not (row["command"] == "setup" or row["player_command"]):
            continue
        command = f"setup {row['faction']}" if row["command"] == "setup" else row["player_command"]
        if row["command"] != "setup" and not live_row(row):
            continue
        game.refresh_from_db()
        services.move_submit(
            game_id=game.pk,
            user=owner[row["faction"]],
            command=command,
            expected_move_number=game.move_count,
        )
        state = log.load_state(Game.objects.get(pk=game.pk))
        if state.round == 1 and state.action_required[0]["type"] != "leech":
            break
    game.refresh_from_db()
    clients = {f: client_for(u) for f, u in owner.items()}
    return game, owner, clients


def on_turn(game) -> str:
    state = log.load_state(Game.objects.get(pk=game.pk))
    return state.active


def off_turn(game, owner) -> str:
    active = on_turn(game)
    return next(f for f in owner if f != active)


def post_move(client, game, command):
    number = Game.objects.get(pk=game.pk).move_count
    return client.post(
        f"/api/v1/games/{game.pk}/moves/",
        {"command": command, "expected_move_number": number},
        format="json",
    )


def assert_nothing_written(game, before_count: int, before_seats: list) -> None:
    game.refresh_from_db()
    assert game.move_count == before_count
    assert Move.objects.filter(game=game).count() == before_count
    assert list(Seat.objects.filter(game=game).values("faction", "dropped")) == before_seats


@pytest.mark.parametrize("verb", ["drop-faction {victim}", "resign"])
def test_a_player_cannot_drop_anyone_through_a_move(table, verb):
    game, owner, clients = table
    attacker = on_turn(game)
    victim = off_turn(game, owner)
    seats = list(Seat.objects.filter(game=game).values("faction", "dropped"))
    count = game.move_count
    for command in (verb.format(victim=victim), f"build E5. {verb.format(victim=victim)}"):
        response = post_move(clients[attacker], game, command)
        assert response.status_code == 400, response.data
        assert "not a" in response.data["error"]
        preview = clients[attacker].post(
            f"/api/v1/games/{game.pk}/preview/", {"command": command}, format="json"
        )
        assert preview.status_code == 400
    assert_nothing_written(game, count, seats)


def test_the_page_form_refuses_a_drop_as_a_move(table, client):
    game, owner, _ = table
    attacker, victim = on_turn(game), off_turn(game, owner)
    seats = list(Seat.objects.filter(game=game).values("faction", "dropped"))
    client.force_login(owner[attacker])
    response = client.post(
        f"/games/{game.pk}/move/",
        {"command": f"drop-faction {victim}", "expected_move_number": game.move_count},
        follow=True,
    )
    assert response.status_code == 200
    assert "drop-faction" in response.content.decode()
    assert_nothing_written(game, game.move_count, seats)


@pytest.mark.parametrize(
    "command", ["wait", "done", "-0VP", "-5VP", "-0C", "decline", "convert 1W to 1C"]
)
def test_out_of_turn_rows_are_refused(table, command):
    game, owner, clients = table
    bystander = off_turn(game, owner)
    seats = list(Seat.objects.filter(game=game).values("faction", "dropped"))
    count = game.move_count
    response = post_move(clients[bystander], game, command)
    assert response.status_code == 400, response.data
    assert_nothing_written(game, count, seats)
    # The player on turn keeps their revision: their next move is not a 409.
    assert post_move(clients[on_turn(game)], game, "-0VP").status_code == 400


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        ("wait", "changes nothing"),
        ("-0VP", "changes nothing"),
        ("-5VP", "cannot be given away"),
        ("-2C", "cannot be given away"),
        ("decline", "changes nothing"),
    ],
)
def test_rows_that_do_nothing_or_give_away_resources_are_refused_on_turn(table, command, reason):
    game, _owner, clients = table
    count = game.move_count
    response = post_move(clients[on_turn(game)], game, command)
    assert response.status_code == 400
    assert reason in response.data["error"]
    game.refresh_from_db()
    assert game.move_count == count


def test_comments_are_not_stored_with_the_command(table):
    game, _owner, clients = table
    active = on_turn(game)
    response = post_move(clients[active], game, "convert 1W to 1C # <b>a note</b>")
    assert response.status_code == 201, response.data
    move = Move.objects.get(game=game, number=response.data["move_number"])
    assert move.command == "convert 1W to 1C"
    assert post_move(clients[active], game, "# only a note").status_code == 400


@pytest.fixture
def finished_rated_game():
    """A recorded game imported whole by staff, its result recorded and rated."""
    from games import tasks
    from games.kinds.terra_mystica import notation

    staff = StaffFactory()
    record = load_corpus_game(RECORD)
    for name in record["players"]:
        UserFactory(username=name)
    game = services.game_import(
        game_file=notation.corpus_entries(record), created_by=staff, attach_existing=True
    )
    tasks.game_finish_process(game.pk)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert RatedGame.objects.filter(game=game).exists()
    return game, staff, record


def test_only_staff_roll_back_a_finished_game_and_its_rating_goes_at_once(
    finished_rated_game, client_for
):
    game, staff, _record = finished_rated_game
    creator = UserFactory()
    Game.objects.filter(pk=game.pk).update(created_by=creator)
    body = {"to_move_number": game.move_count - 1, "expected_move_number": game.move_count}
    response = client_for(creator).post(f"/api/v1/games/{game.pk}/rollback/", body, format="json")
    assert response.status_code == 403
    assert "staff" in response.data["error"]
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED

    response = client_for(staff).post(f"/api/v1/games/{game.pk}/rollback/", body, format="json")
    assert response.status_code == 201, response.data
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    assert not RatedGame.objects.filter(game=game).exists()
    assert not RatingChange.objects.filter(game=game).exists()
    # Nobody keeps rated games from a game that no longer counts.
    assert not PlayerRating.objects.filter(games__gt=0).exists()
