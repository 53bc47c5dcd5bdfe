"""Registration, token and session login, profile, players."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from rest_framework.throttling import SimpleRateThrottle

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def test_register_returns_a_token_that_authenticates(api):
    response = api.post(
        "/api/v1/auth/register/",
        {"username": "alice", "password": "a-long-passphrase", "email": "a@example.org"},
    )
    assert response.status_code == 201, response.data
    token = response.data["token"]
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    me = api.get("/api/v1/me/")
    assert me.status_code == 200
    assert me.data["username"] == "alice"
    # Mail goes to an address once its owner confirms it (the link mailed to it).
    assert me.data["email"] == ""
    assert me.data["email_pending"] == "a@example.org"


def test_register_rejects_weak_passwords_with_a_readable_message(api):
    response = api.post("/api/v1/auth/register/", {"username": "bob", "password": "123"})
    assert response.status_code == 400
    assert "too short" in response.data["error"]


def test_register_rejects_a_taken_username_case_insensitively(api):
    UserFactory(username="carol")
    response = api.post(
        "/api/v1/auth/register/", {"username": "Carol", "password": "a-long-passphrase"}
    )
    assert response.status_code == 400
    assert "taken" in response.data["error"]


def test_register_rejects_missing_fields(api):
    response = api.post("/api/v1/auth/register/", {"username": "dave"})
    assert response.status_code == 400
    assert response.data["error"].startswith("password")


def test_token_for_good_credentials_and_400_for_bad(api):
    user = UserFactory()
    good = api.post("/api/v1/auth/token/", {"username": user.username, "password": PASSWORD})
    assert good.status_code == 200
    assert len(good.data["token"]) == 40
    again = api.post("/api/v1/auth/token/", {"username": user.username, "password": PASSWORD})
    assert again.data["token"] == good.data["token"]
    bad = api.post("/api/v1/auth/token/", {"username": user.username, "password": "nope"})
    assert bad.status_code == 400
    assert bad.data == {"error": "Wrong username or password."}


def test_revoked_token_no_longer_authenticates(api):
    user = UserFactory()
    token = api.post("/api/v1/auth/token/", {"username": user.username, "password": PASSWORD}).data[
        "token"
    ]
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert api.delete("/api/v1/auth/token/").status_code == 204
    assert api.get("/api/v1/me/").status_code == 401


def test_session_login_and_logout(client):
    user = UserFactory()
    response = client.post(
        "/api/v1/auth/login/",
        {"username": user.username, "password": PASSWORD},
        content_type="application/json",
    )
    assert response.status_code == 200
    assert client.get("/api/v1/me/").status_code == 200
    client.post("/api/v1/auth/logout/")
    assert client.get("/api/v1/me/").status_code == 401


def test_profile_update(client_for):
    user = UserFactory()
    api = client_for(user)
    response = api.patch(
        "/api/v1/me/",
        {"display_name": "The Witch", "notify_chat": True, "email": "new@example.org"},
    )
    assert response.status_code == 200
    assert response.data["display_name"] == "The Witch"
    assert response.data["notify_chat"] is True
    assert api.get(f"/api/v1/players/{user.username}/").data["display_name"] == "The Witch"


def test_profile_requires_login(api):
    assert api.get("/api/v1/me/").status_code in (401, 403)
    assert api.patch("/api/v1/me/", {"display_name": "x"}).status_code in (401, 403)


def test_players_list_and_detail(api):
    UserFactory(username="zed"), UserFactory(username="amy")
    listing = api.get("/api/v1/players/")
    assert listing.status_code == 200
    names = [p["username"] for p in listing.data["results"]]
    assert names == sorted(names) and {"zed", "amy"} <= set(names)
    assert api.get("/api/v1/players/?search=ze").data["results"][0]["username"] == "zed"
    assert api.get("/api/v1/players/nobody/").status_code == 404


@pytest.fixture
def low_rates(monkeypatch):
    cache.clear()
    monkeypatch.setitem(SimpleRateThrottle.THROTTLE_RATES, "login", "3/min")
    monkeypatch.setitem(SimpleRateThrottle.THROTTLE_RATES, "writes", "5/min")
    yield
    cache.clear()


def test_login_attempts_are_throttled(api, low_rates):
    user = UserFactory()
    codes = [
        api.post(
            "/api/v1/auth/token/", {"username": user.username, "password": "guess"}
        ).status_code
        for _ in range(4)
    ]
    assert codes == [400, 400, 400, 429]
    blocked = api.post("/api/v1/auth/token/", {"username": user.username, "password": PASSWORD})
    assert blocked.status_code == 429
    assert "throttled" in blocked.data["error"].lower()


def test_api_writes_are_throttled_per_user_but_reads_are_not(client_for, low_rates):
    api = client_for(UserFactory())
    codes = [api.patch("/api/v1/me/", {"display_name": f"n{i}"}).status_code for i in range(6)]
    assert codes == [200] * 5 + [429]
    assert all(api.get("/api/v1/me/").status_code == 200 for _ in range(10))
