"""Text, keys and links a client cannot bend: lone surrogates are refused like NUL, API tokens
live through a SECRET_KEY rotation (old keys as fallbacks) and are never handed out dead, and
password-reset links point at SITE_URL whatever Host the request named."""

from __future__ import annotations

import json
import re

import pytest
from django.core import mail
from rest_framework.test import APIClient

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

OLD_KEY = "the-key-before-the-rotation-" + "o" * 30
NEW_KEY = "the-key-after-the-rotation-" + "n" * 30


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/v1/games/", '{"player_count": 3, "setup": {"seat_order": ["\\ud800", "b", "c"]}}'),
        ("/api/v1/me/", '{"display_name": "half a pair \\udfff"}'),
        ("/api/v1/games/", '{"player_count": 3, "name": "x", "\\ud83d": 1}'),
    ],
)
def test_a_lone_surrogate_is_refused_like_nul(client_for, path, body):
    client = client_for(UserFactory())
    send = client.patch if path.endswith("/me/") else client.post
    response = send(path, body, content_type="application/json")
    assert response.status_code == 400, response.content
    assert "lone surrogates" in response.json()["error"]


def test_a_pair_of_surrogates_is_one_character_and_welcome(client_for):
    client = client_for(UserFactory())
    body = json.dumps({"display_name": "smile \U0001f600"})  # sent escaped as \ud83d\ude00
    assert "\\ud83d\\ude00" in body
    response = client.patch("/api/v1/me/", body, content_type="application/json")
    assert response.status_code == 200
    assert response.json()["display_name"] == "smile \U0001f600"


def token_of(user) -> str:
    response = APIClient().post(
        "/api/v1/auth/token/", {"username": user.username, "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200, response.content
    return response.json()["token"]


def me(token: str) -> int:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client.get("/api/v1/me/").status_code


def test_tokens_live_through_a_key_rotation_with_the_old_key_as_fallback(settings):
    settings.SECRET_KEY = OLD_KEY
    user = UserFactory()
    token = token_of(user)
    settings.SECRET_KEY, settings.SECRET_KEY_FALLBACKS = NEW_KEY, [OLD_KEY]
    assert me(token) == 200
    assert token_of(user) == token
    # Used once under the new key, it no longer needs the old one.
    settings.SECRET_KEY_FALLBACKS = []
    assert me(token) == 200


def test_after_a_key_change_without_fallback_a_new_token_is_handed_out_that_works(settings):
    settings.SECRET_KEY = OLD_KEY
    user = UserFactory()
    old = token_of(user)
    settings.SECRET_KEY, settings.SECRET_KEY_FALLBACKS = NEW_KEY, []
    fresh = token_of(user)
    assert fresh != old
    assert me(fresh) == 200
    assert me(old) == 401


def test_a_reset_link_points_at_the_site_whatever_host_the_request_named(client, settings):
    settings.ALLOWED_HOSTS = ["*"]
    settings.SITE_URL = "https://tm.example.org"
    user = UserFactory(email="reset@example.org")
    mail.outbox.clear()
    response = client.post(
        "/account/password/reset/", {"email": user.email}, HTTP_HOST="attacker.example"
    )
    assert response.status_code == 302
    [message] = mail.outbox
    links = re.findall(r"\S+://\S+", message.body)
    assert links and all(link.startswith("https://tm.example.org/account/") for link in links)
    assert "attacker.example" not in message.body
