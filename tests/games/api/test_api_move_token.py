"""A move sent with an API token: the token is read in the move's own first round trip, with
the locked game and its seats, and checked before anything of the game is looked at. Whatever
the token, the answer is the one the site gave when it read the token first: a player acts for
their own seat only; a token that does not authenticate gets the same 401 as on any other call
and nothing is written; the write limit still counts the player's moves."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from accounts.models import TokenUse
from accounts.services import token_for
from tests.notifications.tables import Table

pytestmark = pytest.mark.django_db

User = get_user_model()


@pytest.fixture
def table() -> Table:
    table = Table()
    table.play(12)  # the setup is over
    return table


def send(table: Table, token: str, body: object = None, game_id: int | None = None):
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    if body is None:
        body = {"command": table.rows[table.played][1], "expected_move_number": 12}
    return api.post(f"/api/v1/games/{game_id or table.game_id}/moves/", body, format="json")


def moves_made(table: Table) -> int:
    return table.game.move_count


def test_a_move_sent_with_a_token_is_played_for_the_tokens_own_seat(table):
    mover = table.next_user()
    response = send(table, token_for(mover))
    assert response.status_code == 201, response.content
    assert response.json()["move_number"] == 13
    assert table.game.moves.get(number=13).user_id == mover.pk


def test_another_players_token_cannot_play_the_seat_whose_turn_it_is(table):
    mover = table.next_user()
    other = next(u for u in table.users.values() if u != mover)
    response = send(table, token_for(other))
    # The same refusal as for that player signed in any other way.
    forced = APIClient()
    forced.force_authenticate(other)
    expected = forced.post(
        f"/api/v1/games/{table.game_id}/moves/",
        {"command": table.rows[table.played][1], "expected_move_number": 12},
        format="json",
    )
    assert response.status_code == expected.status_code == 400
    assert response.json() == expected.json()
    assert moves_made(table) == 12


def test_a_token_without_a_seat_plays_nothing(table):
    stranger = User.objects.create_user("stranger", password="a-long-passphrase")
    response = send(table, token_for(stranger))
    assert response.status_code == 403
    assert moves_made(table) == 12


def unauthorized(response) -> str:
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    return response.json()["error"]


def test_an_unknown_token_gets_the_401_of_any_call_and_writes_nothing(table):
    response = send(table, "0" * 40)
    me = APIClient()
    me.credentials(HTTP_AUTHORIZATION=f"Token {'0' * 40}")
    assert unauthorized(response) == unauthorized(me.get("/api/v1/me/")) == "Invalid token."
    assert moves_made(table) == 12
    # Before the game is looked at: an unknown game, or a body the serializer refuses, the same.
    assert unauthorized(send(table, "0" * 40, game_id=999_999)) == "Invalid token."
    assert unauthorized(send(table, "0" * 40, {"command": "a\x00b"})) == "Invalid token."
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {'0' * 40}")
    broken = api.generic(
        "POST",
        f"/api/v1/games/{table.game_id}/moves/",
        "{not json",
        content_type="application/json",
    )
    assert unauthorized(broken) == "Invalid token."


def test_an_expired_token_is_refused_and_deleted_and_the_move_not_made(table, settings):
    settings.API_TOKEN_IDLE_DAYS = 30
    token = token_for(table.next_user())
    TokenUse.objects.filter(token_id=token).update(last_used_at=timezone.now() - timedelta(days=31))
    assert "expired" in unauthorized(send(table, token))
    assert not Token.objects.filter(key=token).exists()
    assert moves_made(table) == 12


def test_a_token_issued_before_the_password_changed_is_refused(table):
    mover = table.next_user()
    token = token_for(mover)
    mover.set_password("set-by-an-admin-1")
    mover.save()
    assert "password changed" in unauthorized(send(table, token))
    assert moves_made(table) == 12


def test_a_token_of_a_deactivated_player_is_refused(table):
    mover = table.next_user()
    token = token_for(mover)
    User.objects.filter(pk=mover.pk).update(is_active=False)
    assert unauthorized(send(table, token)) == "Invalid token."
    assert moves_made(table) == 12


def test_a_token_last_used_hours_ago_plays_and_has_its_use_recorded(table):
    token = token_for(table.next_user())
    long_ago = timezone.now() - timedelta(hours=5)
    TokenUse.objects.filter(token_id=token).update(last_used_at=long_ago)
    assert send(table, token).status_code == 201
    assert moves_made(table) == 13
    assert TokenUse.objects.get(token_id=token).last_used_at > long_ago + timedelta(hours=4)


def test_the_write_limit_counts_moves_sent_with_a_token(table, monkeypatch):
    cache.clear()
    monkeypatch.setitem(SimpleRateThrottle.THROTTLE_RATES, "writes", "1/min")
    try:
        token = token_for(table.next_user())
        assert send(table, token).status_code == 201
        # Sent again: stale (409) if it were let through; the limit answers first.
        response = send(table, token)
        assert response.status_code == 429
        assert "Retry-After" in response
        assert moves_made(table) == 13
    finally:
        cache.clear()


@pytest.mark.django_db(transaction=True)
def test_a_move_sent_with_a_token_takes_two_round_trips_to_the_database():
    """The token, its user and last use go out with the BEGIN, the locked game and its seats;
    every write then goes out with the COMMIT."""
    from tests.tm_site.test_writes_together import round_trips

    table = Table()
    User.objects.filter(pk__in=[u.pk for u in table.users.values()]).update(email="")
    table.play(12)
    token = token_for(table.next_user())
    with round_trips() as trips:
        response = send(table, token)
    assert response.status_code == 201, response.content
    assert trips[0] == ["BEGIN", "SELECT authtoken_token", "SELECT games_game", "SELECT games_seat"]
    assert trips[1][:3] == ["UPDATE games_game", "INSERT games_move", "UPDATE games_statesnapshot"]
    assert trips[1][-1] == "COMMIT"
    assert len(trips) == 2
