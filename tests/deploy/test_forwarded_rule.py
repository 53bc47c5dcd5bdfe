"""The one rule for the client's address (tm_site/forwarded.py), as every server process
applies it to HTTP requests and WebSockets alike."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from asgiref.sync import async_to_sync
from rest_framework.settings import api_settings

from tm_site.forwarded import ForwardedClient


def client_seen(scope_type: str, forwarded: list[bytes]) -> str | None:
    seen: dict = {}

    async def app(scope, receive, send):
        seen["client"] = scope.get("client")

    scope = {
        "type": scope_type,
        "client": ("127.0.0.1", 50000),
        "headers": [(b"x-forwarded-for", value) for value in forwarded],
    }
    async_to_sync(ForwardedClient(app))(scope, None, None)
    return seen["client"][0] if seen["client"] else None


@pytest.mark.parametrize("scope_type", ["http", "websocket"])
def test_without_proxies_the_header_is_ignored(monkeypatch, scope_type):
    monkeypatch.setattr(api_settings, "NUM_PROXIES", 0)
    assert client_seen(scope_type, [b"198.51.100.1"]) == "127.0.0.1"


@pytest.mark.parametrize("scope_type", ["http", "websocket"])
def test_behind_one_proxy_only_its_entry_counts(monkeypatch, scope_type):
    monkeypatch.setattr(api_settings, "NUM_PROXIES", 1)
    assert client_seen(scope_type, [b"10.0.0.1, 203.0.113.7"]) == "203.0.113.7"
    # A header sent twice reads as one list; the proxy's entry is still the last.
    assert client_seen(scope_type, [b"10.0.0.1", b"203.0.113.8"]) == "203.0.113.8"
    assert client_seen(scope_type, []) == "127.0.0.1"


def test_uvicorn_under_gunicorn_leaves_forwarded_headers_to_the_site():
    from tm_site.serving import Worker

    assert Worker.CONFIG_KWARGS["proxy_headers"] is False


def _settings_with(**env: str):
    return subprocess.run(
        [
            sys.executable,
            "-c",
            "import django; django.setup(); from django.conf import settings; "
            "print(getattr(settings, 'SECURE_PROXY_SSL_HEADER', None))",
        ],
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "tm_site.settings.base", **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_x_forwarded_proto_is_trusted_only_behind_a_proxy():
    assert _settings_with(NUM_PROXIES="0").stdout.strip() == "None"
    behind = _settings_with(NUM_PROXIES="1")
    assert behind.stdout.strip() == "('HTTP_X_FORWARDED_PROTO', 'https')"
    refused = _settings_with(NUM_PROXIES="0", USE_X_FORWARDED_PROTO="1")
    assert refused.returncode != 0
    assert "NUM_PROXIES is 0" in refused.stderr
