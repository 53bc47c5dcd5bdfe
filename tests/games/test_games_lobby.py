"""Game lifecycle up to the first move: create, list, join, leave, start."""

from __future__ import annotations

import pytest

from games.models import Game, Seat
from tests.conftest import CORPUS_OPTIONS
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def create(api, **body):
    body.setdefault("player_count", 2)
    return api.post("/api/v1/games/", body, format="json")


def test_create_gives_the_creator_the_first_seat(client_for, user):
    response = create(
        client_for(user), player_count=3, options=["strict-leech", "variable-turn-order"]
    )
    assert response.status_code == 201, response.data
    body = response.data
    assert body["status"] == "open"
    assert body["options"] == ["strict-leech", "variable-turn-order"]
    assert [(s["position"], s["username"]) for s in body["seats"]] == [(1, user.username)]
    assert body["move_number"] == 0
    assert body["invite_code"]


def test_create_rejects_bad_player_counts_and_unknown_options(client_for, user):
    api = client_for(user)
    assert create(api, player_count=1).status_code == 400
    assert create(api, player_count=6).status_code == 400
    response = create(api, options=["no-such-option"])
    assert response.status_code == 400
    assert "no-such-option" in response.data["error"]


def test_anonymous_cannot_create(api):
    assert create(api).status_code == 401


def test_public_game_starts_by_itself_when_full(client_for, user, other_user):
    game_id = create(client_for(user)).data["id"]
    response = client_for(other_user).post(f"/api/v1/games/{game_id}/join/")
    assert response.status_code == 200, response.data
    assert response.data["status"] == "running"
    game = Game.objects.get(pk=game_id)
    assert game.setup["players"] and sorted(game.setup["players"]) == sorted(
        [user.username, other_user.username]
    )
    assert len(game.setup["scoring_tiles"]) == 6
    # Seat numbers follow the setup's seat order.
    seats = {s.user.username: s.position for s in game.seats.select_related("user")}
    assert [seats[name] for name in game.setup["players"]] == [1, 2]


def test_same_seed_gives_the_same_setup(user, other_user):
    from games import services

    setups = []
    for _ in range(2):
        game = services.game_create(user=user, player_count=2, options=[], seed="s33d")
        services.game_join(game_id=game.pk, user=other_user)
        game.refresh_from_db()
        setups.append(game.setup)
    assert setups[0] == setups[1]


def test_private_game_needs_the_invite_code_and_the_creator_starts_it(client_for, user, other_user):
    created = create(client_for(user), public=False).data
    stranger = client_for(other_user)
    assert stranger.get(f"/api/v1/games/{created['id']}/").status_code == 404
    assert stranger.post(f"/api/v1/games/{created['id']}/join/").status_code == 404
    assert (
        stranger.get(f"/api/v1/games/{created['id']}/?invite={created['invite_code']}").status_code
        == 200
    )
    joined = stranger.post(
        f"/api/v1/games/{created['id']}/join/", {"invite_code": created["invite_code"]}
    )
    assert joined.status_code == 200
    assert joined.data["status"] == "open"
    assert stranger.post(f"/api/v1/games/{created['id']}/start/").status_code == 403
    started = client_for(user).post(f"/api/v1/games/{created['id']}/start/")
    assert started.status_code == 200
    assert started.data["status"] == "running"


def test_start_needs_a_full_game(client_for, user):
    game_id = create(client_for(user), public=False).data["id"]
    response = client_for(user).post(f"/api/v1/games/{game_id}/start/")
    assert response.status_code == 400
    assert "needs 2 players" in response.data["error"]


def test_join_twice_or_a_full_game_is_refused(client_for, user, other_user):
    api = client_for(user)
    game_id = create(api, player_count=3).data["id"]
    assert api.post(f"/api/v1/games/{game_id}/join/").status_code == 400
    client_for(other_user).post(f"/api/v1/games/{game_id}/join/")
    client_for(UserFactory()).post(f"/api/v1/games/{game_id}/join/")
    late = client_for(UserFactory()).post(f"/api/v1/games/{game_id}/join/")
    assert late.status_code == 400
    assert "not open" in late.data["error"]


def test_leave_before_start_frees_the_seat_and_the_creator_leaving_aborts(
    client_for, user, other_user
):
    game_id = create(client_for(user), player_count=3).data["id"]
    joiner = client_for(other_user)
    joiner.post(f"/api/v1/games/{game_id}/join/")
    assert joiner.post(f"/api/v1/games/{game_id}/leave/").status_code == 200
    assert not Seat.objects.filter(game_id=game_id, user=other_user).exists()
    response = client_for(user).post(f"/api/v1/games/{game_id}/leave/")
    assert response.status_code == 200
    assert response.data["status"] == "aborted"


def test_explicit_setup_fixes_tiles_and_seat_order(client_for, user):
    names = [user.username, *(UserFactory().username for _ in range(3))]
    setup = {
        "scoring_tiles": ["SCORE5", "SCORE8", "SCORE4", "SCORE9", "SCORE6", "SCORE2"],
        "removed_bonus_tiles": ["BON3", "BON4", "BON5"],
        "seat_order": list(reversed(names)),
    }
    response = create(client_for(user), player_count=4, options=CORPUS_OPTIONS, setup=setup)
    assert response.status_code == 201, response.data
    game_id = response.data["id"]
    from django.contrib.auth import get_user_model

    for name in names[1:]:
        client_for(get_user_model().objects.get(username=name)).post(
            f"/api/v1/games/{game_id}/join/"
        )
    game = Game.objects.get(pk=game_id)
    assert game.status == "running"
    assert game.setup["players"] == setup["seat_order"]
    assert game.setup["scoring_tiles"] == setup["scoring_tiles"]
    assert sorted(game.setup["removed_bonus_tiles"]) == ["BON3", "BON4", "BON5"]
    assert [s.user.username for s in game.seats.order_by("position")] == setup["seat_order"]


def test_explicit_tiles_without_a_seat_order_seat_the_creator(client_for, user, other_user):
    setup = {
        "scoring_tiles": ["SCORE5", "SCORE8", "SCORE4", "SCORE9", "SCORE6", "SCORE2"],
        "removed_bonus_tiles": ["BON3", "BON4", "BON5", "BON6", "BON7"],
    }
    response = create(client_for(user), player_count=2, options=CORPUS_OPTIONS, setup=setup)
    assert response.status_code == 201, response.data
    client_for(other_user).post(f"/api/v1/games/{response.data['id']}/join/")
    game = Game.objects.get(pk=response.data["id"])
    assert game.status == "running"
    assert {s.user_id for s in game.seats.all()} == {user.pk, other_user.pk}
    assert sorted(game.setup["removed_bonus_tiles"]) == setup["removed_bonus_tiles"]


def test_explicit_setup_reserves_the_seats(client_for, user, other_user):
    setup = {
        "scoring_tiles": ["SCORE5", "SCORE8", "SCORE4", "SCORE9", "SCORE6", "SCORE2"],
        "removed_bonus_tiles": ["BON3", "BON4", "BON5"],
        "seat_order": [user.username, "nobody-here", "x", "y"],
    }
    response = create(client_for(user), player_count=4, options=CORPUS_OPTIONS, setup=setup)
    assert response.status_code == 400
    assert "nobody-here" in response.data["error"]
    setup["seat_order"] = [user.username, *(UserFactory().username for _ in range(3))]
    response = create(client_for(user), player_count=4, options=CORPUS_OPTIONS, setup=setup)
    assert response.status_code == 201, response.data
    joined = client_for(other_user).post(f"/api/v1/games/{response.data['id']}/join/")
    assert joined.status_code == 403


def test_invalid_explicit_setup_is_a_400(client_for, user):
    response = create(client_for(user), setup={"scoring_tiles": ["SCORE1"]})
    assert response.status_code == 400
    response = create(client_for(user), setup={"scoring_tiles": ["NOPE1"] * 6})
    assert response.status_code == 400
    response = create(client_for(user), setup="tiles please")
    assert response.status_code == 400


def test_list_filters(client_for, user, other_user):
    api = client_for(user)
    open_id = create(api, player_count=3).data["id"]
    full_id = create(api).data["id"]
    client_for(other_user).post(f"/api/v1/games/{full_id}/join/")
    private_id = create(api, public=False).data["id"]

    def ids(query, who=None):
        response = client_for(who).get(f"/api/v1/games/{query}")
        assert response.status_code == 200, response.data
        return {g["id"] for g in response.data["results"]}

    assert ids("?open=true") == {open_id}
    assert ids("?status=running") == {full_id}
    assert ids(f"?player={other_user.username}") == {full_id}
    assert private_id not in ids("")
    assert private_id in ids("", user)
    assert client_for().get("/api/v1/games/?status=bogus").status_code == 400
