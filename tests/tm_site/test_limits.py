"""Rate limits hold against a client that writes its own X-Forwarded-For, cover the admin's
login, and fail open (logged) when their cache is unreachable: moves go on."""

from __future__ import annotations

import logging
import threading

import pytest
from django.core.cache import cache
from django.test import override_settings
from rest_framework.settings import api_settings
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from tests.factories import PASSWORD, StaffFactory, UserFactory
from tests.support.servers import private_redis

pytestmark = pytest.mark.django_db


@pytest.fixture
def low_rates(monkeypatch):
    cache.clear()
    monkeypatch.setitem(SimpleRateThrottle.THROTTLE_RATES, "login", "3/min")
    monkeypatch.setitem(SimpleRateThrottle.THROTTLE_RATES, "writes", "5/min")
    yield
    cache.clear()


def wrong_password(client, username: str, forwarded: str) -> int:
    return client.post(
        "/api/v1/auth/token/",
        {"username": username, "password": "guess"},
        format="json",
        HTTP_X_FORWARDED_FOR=forwarded,
    ).status_code


def test_a_new_forwarded_header_per_attempt_does_not_escape_the_login_limit(low_rates):
    user = UserFactory()
    api = APIClient()
    codes = [wrong_password(api, user.username, f"10.0.{i}.{i}") for i in range(40)]
    assert codes[:3] == [400, 400, 400]
    assert set(codes[3:]) == {429}


def test_the_login_page_is_limited_whatever_the_forwarded_header(client, low_rates):
    user = UserFactory()
    codes = [
        client.post(
            "/login/",
            {"username": user.username, "password": "guess"},
            HTTP_X_FORWARDED_FOR=f"192.0.2.{i}",
        ).status_code
        for i in range(6)
    ]
    assert codes[3:] == [429, 429, 429]


def test_behind_one_proxy_only_the_address_it_appended_counts(low_rates, monkeypatch):
    monkeypatch.setattr(api_settings, "NUM_PROXIES", 1)
    user = UserFactory()
    api = APIClient()
    # The client forges the first entries; our proxy appends the address it saw.
    codes = [wrong_password(api, user.username, f"10.9.9.{i}, 198.51.100.7") for i in range(4)]
    assert codes == [400, 400, 400, 429]
    # Another client behind the same proxy has its own count.
    assert wrong_password(api, user.username, "203.0.113.5") == 400


def test_the_admin_login_is_rate_limited(client, low_rates):
    staff = StaffFactory()
    codes = [
        client.post("/admin/login/", {"username": staff.username, "password": "guess"}).status_code
        for _ in range(5)
    ]
    assert codes[:3] == [200, 200, 200]  # the form again, with its error
    assert codes[3:] == [429, 429]
    # A limited address cannot log in with the right password either.
    response = client.post("/admin/login/", {"username": staff.username, "password": PASSWORD})
    assert response.status_code == 429


def test_with_the_throttle_cache_down_writes_go_on_and_the_outage_is_logged(
    started_game, client_for, caplog
):
    game, _ = started_game()
    first = game.seats.get(position=1).user
    with private_redis() as redis:
        caches = {
            "default": {
                "BACKEND": "django.core.cache.backends.redis.RedisCache",
                "LOCATION": redis.url,
            }
        }
        with override_settings(CACHES=caches):
            api = client_for(first)
            assert api.patch("/api/v1/me/", {"display_name": "before"}).status_code == 200
            redis.stop()
            with caplog.at_level(logging.WARNING, logger="tm_site.throttling"):
                response = api.post(
                    f"/api/v1/games/{game.pk}/moves/",
                    {"command": "setup witches", "expected_move_number": 0},
                    format="json",
                )
                assert response.status_code == 201, response.data
                assert api.patch("/api/v1/me/", {"display_name": "after"}).status_code == 200
            assert "Rate limits are off" in caplog.text


def redis_cache(url: str) -> dict:
    return {"default": {"BACKEND": "tm_site.cache.SharedPoolRedisCache", "LOCATION": url}}


@pytest.mark.django_db(transaction=True)
def test_login_attempts_sent_at_once_do_not_escape_the_limit(low_rates):
    """With the production cache (Redis), 24 wrong passwords sent together from one address:
    the limit of 3 a minute lets exactly 3 through, and the others are told when to retry."""
    from concurrent.futures import ThreadPoolExecutor

    from django.db import connection

    user = UserFactory()
    with private_redis() as redis, override_settings(CACHES=redis_cache(redis.url)):
        start = threading.Barrier(24)

        def attempt(_: int) -> tuple[int, str | None]:
            try:
                api = APIClient()
                start.wait(timeout=10)
                response = api.post(
                    "/api/v1/auth/token/",
                    {"username": user.username, "password": "guess"},
                    format="json",
                )
                return response.status_code, response.headers.get("Retry-After")
            finally:
                connection.close()

        with ThreadPoolExecutor(24) as pool:
            results = list(pool.map(attempt, range(24)))
    codes = sorted(code for code, _ in results)
    assert codes == [400] * 3 + [429] * 21
    waits = {int(after) for code, after in results if code == 429}
    assert waits and all(0 < w <= 60 for w in waits)


def test_the_limit_counts_each_client_in_its_own_window(low_rates):
    """Redis-backed: one address reaching its limit leaves another's untouched, and the limit is
    kept by the server, whichever process answers (a second client object, same count)."""
    user = UserFactory()
    with private_redis() as redis, override_settings(CACHES=redis_cache(redis.url)):
        first, again, other = APIClient(), APIClient(), APIClient()
        assert [wrong_password(first, user.username, "") for _ in range(3)] == [400] * 3
        assert wrong_password(again, user.username, "") == 429
        other_address = other.post(
            "/api/v1/auth/token/",
            {"username": user.username, "password": "guess"},
            format="json",
            REMOTE_ADDR="198.51.100.20",
        ).status_code
        assert other_address == 400
