"""Games against the computer through the API: creating them, the bots' moves and rights,
handing a silent player's seat to a bot, bots marked by their owners and their leaderboard.

The bots' moves run after the commit of the move before them (a task through the outbox);
here, with tasks eager, ``moved`` runs them as the worker would."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from accounts.models import Profile
from bots import services as bot_services
from games import services
from games.kinds import engine_for
from games.log import load_state
from games.models import Game
from ratings.models import PlayerRating
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def moved(django_capture_on_commit_callbacks):
    """Run what a request queued after its commit (the bots' tasks, eager here)."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


def create(client, **fields):
    body = {"kind": "terra_mystica", "player_count": 4, "bots": ["random"] * 3, **fields}
    return client.post("/api/v1/games/", body, format="json")


def waiting_seats(game_id: int, client) -> set[int]:
    state = client.get(f"/api/v1/games/{game_id}/state/").json()
    return {d["seat"] for d in state["waiting_for"]}


def play_first_legal(client, game_id: int, number: int) -> None:
    legal = client.get(f"/api/v1/games/{game_id}/legal/").json()["commands"]
    posted = client.post(
        f"/api/v1/games/{game_id}/moves/",
        {"command": legal[0], "expected_move_number": number},
        format="json",
    )
    assert posted.status_code == 201, posted.json()


def test_every_kind_lists_the_levels_the_computer_plays_at(api):
    kinds = {k["kind"]: k for k in api.get("/api/v1/kinds/").json()}
    assert set(kinds) >= {"terra_mystica", "mythotopia"}
    for kind in kinds.values():
        assert kind["bot_levels"][0] == "random"


def test_the_schema_documents_the_bot_fields(api):
    schema = api.get("/api/schema/", {"format": "json"}).json()
    assert "bots" in schema["components"]["schemas"]["GameListCreateInputRequest"]["properties"]
    assert "/api/v1/games/{game_id}/seats/{position}/bot/" in schema["paths"]


def test_a_game_against_three_bots_starts_at_once_and_is_unrated(client_for, user):
    created = create(client_for(user), public=True)
    assert created.status_code == 201, created.json()
    game = created.json()
    assert game["status"] == "running"
    assert game["rated"] is False
    bots = [s for s in game["seats"] if s["is_bot"]]
    assert [s["username"] for s in game["seats"] if not s["is_bot"]] == [user.username]
    assert len(bots) == 3
    assert {s["display_name"] for s in bots} == {
        "Computer (random)",
        "Computer 2 (random)",
        "Computer 3 (random)",
    }
    players = client_for().get(f"/api/v1/players/{bots[0]['username']}/").json()
    assert players["is_bot"] is True


def test_a_game_with_a_free_seat_waits_for_the_human_and_starts_when_seated(
    client_for, user, other_user
):
    game = create(client_for(user), player_count=3, bots=["random"]).json()
    assert game["status"] == "open"
    joined = client_for(other_user).post(f"/api/v1/games/{game['id']}/join/")
    assert joined.json()["status"] == "running"


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"bots": ["grandmaster"]}, "levels"),
        ({"bots": ["random"] * 4}, "seat for you"),
        ({"player_count": 2, "bots": ["random", "random"]}, "seat for you"),
    ],
)
def test_a_game_against_the_computer_is_refused_with_a_reason(client_for, user, fields, words):
    refused = create(client_for(user), **fields)
    assert refused.status_code == 400
    assert words in refused.json()["error"]


def test_nobody_moves_for_a_bot_seat(client_for, user, other_user):
    """The game waits for a bot (its task has not run): neither a stranger nor the bot's
    opponent can play its move, and the bot's account cannot log in."""
    game = create(client_for(user), public=True).json()
    game_id, number = game["id"], game["move_number"]
    owner = client_for(user)
    seat = {s["username"]: s["position"] for s in game["seats"]}[user.username]
    bot_seat = next(iter(waiting_seats(game_id, owner) - {seat}), None)
    if bot_seat is None:  # the human has the first move: play it, the bot's task does not run
        play_first_legal(owner, game_id, number)
        number += 1
        bot_seat = next(iter(waiting_seats(game_id, owner) - {seat}))
    bot_name = next(s["username"] for s in game["seats"] if s["position"] == bot_seat)
    bot = Profile.objects.get(user__username=bot_name).user
    assert not bot.has_usable_password()

    state = load_state(Game.objects.get(pk=game_id))
    bots_move = engine_for("terra_mystica").legal_commands(state, bot_seat)[0]
    for client, code in ((client_for(other_user), 403), (owner, 400)):
        refused = client.post(
            f"/api/v1/games/{game_id}/moves/",
            {"command": bots_move, "expected_move_number": number},
            format="json",
        )
        assert refused.status_code == code, refused.json()
    assert Game.objects.get(pk=game_id).move_count == number


def test_a_bot_moves_once_and_a_stale_or_repeated_task_does_nothing(client_for, user):
    game = create(client_for(user), public=True).json()
    game_id = game["id"]
    human = next(s["position"] for s in game["seats"] if s["username"] == user.username)
    owner = client_for(user)
    number = 0
    while waiting_seats(game_id, owner) == {human}:
        play_first_legal(owner, game_id, number)
        number += 1
    assert bot_services.bot_move(game_id=game_id, move_number=number + 1) is None
    assert bot_services.bot_move(game_id=game_id, move_number=number) is not None
    assert Game.objects.get(pk=game_id).move_count > number
    after = Game.objects.get(pk=game_id).move_count
    assert bot_services.bot_move(game_id=game_id, move_number=number) is None
    assert Game.objects.get(pk=game_id).move_count == after


def test_bots_answer_after_each_move_of_the_human(client_for, user, moved):
    """With the tasks run, the game only ever waits for the human, and moves on each time."""
    owner = client_for(user)
    with moved():
        game = create(owner, public=True).json()
    game_id = game["id"]
    human = next(s["position"] for s in game["seats"] if s["username"] == user.username)
    rng = random.Random(3)
    for _ in range(12):
        current = Game.objects.get(pk=game_id)
        if current.status != "running":
            break
        assert waiting_seats(game_id, owner) == {human}
        legal = owner.get(f"/api/v1/games/{game_id}/legal/").json()["commands"]
        with moved():
            posted = owner.post(
                f"/api/v1/games/{game_id}/moves/",
                {"command": rng.choice(legal), "expected_move_number": current.move_count},
                format="json",
            )
        assert posted.status_code == 201, posted.json()
        assert Game.objects.get(pk=game_id).move_count > current.move_count


def unrated_game_of_two(user, other_user) -> Game:
    game = services.game_create(user=user, player_count=2, public=False, seed="handover-1")
    services.game_join(game_id=game.pk, user=other_user, invite_code=game.invite_code)
    services.game_start(game_id=game.pk, user=user)
    return Game.objects.get(pk=game.pk)


def hand_over(client, game: Game, position: int, level: str = "random"):
    return client.post(
        f"/api/v1/games/{game.pk}/seats/{position}/bot/", {"level": level}, format="json"
    )


def test_a_silent_players_seat_goes_to_a_bot_that_plays_on(client_for, user, other_user, moved):
    game = unrated_game_of_two(user, other_user)
    silent = game.seats.get(position=waiting_seats(game.pk, client_for(user)).pop())
    other = other_user if silent.user == user else user
    early = hand_over(client_for(other), game, silent.position)
    assert early.status_code == 400
    assert "not silent" in early.json()["error"]
    with time_machine.travel(timezone.now() + timedelta(hours=25)), moved():
        handed = hand_over(client_for(other), game, silent.position)
    assert handed.status_code == 200, handed.json()
    assert handed.json()["bot_level"] == "random"
    silent.refresh_from_db()
    assert silent.user.profile.is_bot
    game.refresh_from_db()
    assert game.move_count >= 1  # the bot made the move the game waited for
    # The game goes on: the other player moves, the bot answers, twenty times over.
    mine = game.seats.get(user=other).position
    rng = random.Random(11)
    for _ in range(20):
        game.refresh_from_db()
        assert game.status == Game.Status.RUNNING
        assert waiting_seats(game.pk, client_for(other)) == {mine}
        legal = client_for(other).get(f"/api/v1/games/{game.pk}/legal/").json()["commands"]
        with moved():
            posted = client_for(other).post(
                f"/api/v1/games/{game.pk}/moves/",
                {"command": rng.choice(legal), "expected_move_number": game.move_count},
                format="json",
            )
        assert posted.status_code == 201, posted.json()
    assert game.moves.filter(user=silent.user).count() >= 10


def test_a_player_hands_their_own_seat_to_a_bot_at_any_time(client_for, user, other_user):
    game = unrated_game_of_two(user, other_user)
    own = game.seats.get(user=user).position
    assert hand_over(client_for(user), game, own).status_code == 200


def test_no_seat_of_a_rated_game_goes_to_a_bot(client_for, user, other_user):
    game = services.game_create(user=user, player_count=2, public=True, seed="handover-2")
    services.game_join(game_id=game.pk, user=other_user)
    own = game.seats.get(user=user).position
    refused = hand_over(client_for(user), game, own)
    assert refused.status_code == 403
    assert "unrated" in refused.json()["error"]


def test_a_stranger_hands_over_no_seat(client_for, user, other_user):
    game = unrated_game_of_two(user, other_user)
    stranger = UserFactory()
    with time_machine.travel(timezone.now() + timedelta(days=3)):
        assert hand_over(client_for(stranger), game, 1).status_code == 404
        assert hand_over(client_for(user), game, 1, level="grandmaster").status_code == 400


def test_an_owner_marks_their_account_as_a_bot(client_for, user):
    me = client_for(user)
    assert me.get("/api/v1/me/").json()["is_bot"] is False
    assert me.patch("/api/v1/me/", {"is_bot": True}, format="json").json()["is_bot"] is True
    assert client_for().get(f"/api/v1/players/{user.username}/").json()["is_bot"] is True


def test_the_sites_bot_names_cannot_be_registered(api):
    taken = api.post(
        "/api/v1/auth/register/",
        {"username": "computer-terra_mystica-random-9", "password": "a-long-good-password-1"},
        format="json",
    )
    assert taken.status_code == 400


def test_bots_have_a_leaderboard_of_their_own(api, user, other_user):
    Profile.objects.filter(user=other_user).update(is_bot=True)
    now = timezone.now()
    for player, rating in ((user, 1510.0), (other_user, 1700.0)):
        PlayerRating.objects.create(user=player, rating=rating, games=50, last_game_at=now)
    people = api.get("/api/v1/ratings/leaderboard/").json()["results"]
    bots = api.get("/api/v1/ratings/leaderboard/", {"bots": "true"}).json()["results"]
    assert [r["username"] for r in people] == [user.username]
    assert [r["username"] for r in bots] == [other_user.username]


def test_a_game_waiting_too_long_for_a_bot_is_woken(client_for, user):
    """A bot's task that got lost (here: never run) is queued again by the periodic wake-up."""
    from bots import tasks

    game = create(client_for(user), public=True).json()
    human = next(s["position"] for s in game["seats"] if s["username"] == user.username)
    number = 0
    while waiting_seats(game["id"], client_for(user)) == {human}:
        play_first_legal(client_for(user), game["id"], number)
        number += 1
    assert tasks.bots_wake() == 0  # not overdue yet
    with time_machine.travel(timezone.now() + timedelta(minutes=5)):
        assert tasks.bots_wake() == 1
    assert Game.objects.get(pk=game["id"]).move_count > number


def test_with_a_time_control_a_seat_is_silent_after_half_its_time(client_for, user, other_user):
    """A time control drops a seat at its deadline; the others can hand it to the computer
    before that, once half the time has passed (after it, as a seat that has left:
    tests/bots/test_bots_handover.py)."""
    game = services.game_create(
        user=user,
        player_count=2,
        public=False,
        seed="handover-3",
        move_time_limit=timedelta(hours=12),
    )
    services.game_join(game_id=game.pk, user=other_user, invite_code=game.invite_code)
    services.game_start(game_id=game.pk, user=user)
    silent = game.seats.get(position=waiting_seats(game.pk, client_for(user)).pop())
    other = other_user if silent.user == user else user
    with time_machine.travel(timezone.now() + timedelta(hours=5)):
        assert hand_over(client_for(other), game, silent.position).status_code == 400
    with time_machine.travel(timezone.now() + timedelta(hours=7)):
        assert hand_over(client_for(other), game, silent.position).status_code == 200


@pytest.mark.parametrize("kind", ["terra_mystica", "mythotopia"])
def test_the_stronger_levels_play_through_the_same_path(client_for, user, moved, settings, kind):
    settings.BOTS_BUDGETS = {"search": 0.2, "heuristic": 0.05}
    owner = client_for(user)
    with moved():
        created = owner.post(
            "/api/v1/games/",
            {"kind": kind, "player_count": 3, "bots": ["search", "heuristic"]},
            format="json",
        )
    game = created.json()
    human = next(s["position"] for s in game["seats"] if not s["is_bot"])
    for _ in range(6):
        current = Game.objects.get(pk=game["id"])
        assert waiting_seats(game["id"], owner) == {human}
        legal = owner.get(f"/api/v1/games/{game['id']}/legal/").json()["commands"]
        with moved():
            owner.post(
                f"/api/v1/games/{game['id']}/moves/",
                {"command": legal[0], "expected_move_number": current.move_count},
                format="json",
            )
    levels = set(
        Game.objects.get(pk=game["id"])
        .moves.exclude(user=user)
        .values_list("user__profile__bot_level", flat=True)
    )
    assert levels == {"search", "heuristic"}


def test_a_kind_the_computer_does_not_play_offers_no_levels(client_for, user, high_card):
    listed = {k["kind"]: k for k in client_for().get("/api/v1/kinds/").json()}
    assert listed["high_card"]["bot_levels"] == []
    refused = client_for(user).post(
        "/api/v1/games/",
        {"kind": "high_card", "player_count": 2, "bots": ["random"]},
        format="json",
    )
    assert refused.status_code == 400
    assert "does not play" in refused.json()["error"]
