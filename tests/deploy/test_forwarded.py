"""Forwarded headers on the production stack (`make serve`: gunicorn, uvicorn workers,
PostgreSQL, Redis): the login limit holds whatever X-Forwarded-For a client writes.

With NUM_PROXIES=0 the header is ignored in every web worker; with 1 only the entry our proxy
appended (the last) names the client. One stack serves both halves, the second as a web-only
machine (SERVE_ROLE=web) on the same database and Redis.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request

import pytest

from tests.deploy.served import request, serve_env, served
from tests.support.servers import PrivateDatabase, free_port, private_redis

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")),
        reason="production runs on PostgreSQL",
    ),
]

LIMIT = 3


def wrong_password(base: str, forwarded: str) -> int:
    body = json.dumps({"username": "nobody-here", "password": "guess"}).encode()
    headers = {"Content-Type": "application/json", "X-Forwarded-For": forwarded}
    try:
        urllib.request.urlopen(
            urllib.request.Request(f"{base}/api/v1/auth/token/", body, headers), timeout=30
        )
    except urllib.error.HTTPError as error:
        return error.code
    return 200


def test_forged_forwarded_headers_do_not_escape_the_login_limit(tmp_path):
    db = PrivateDatabase(tmp_path, label="fwd", migrated=True)
    try:
        with private_redis() as redis:
            port = free_port()
            base = f"http://127.0.0.1:{port}"
            env = serve_env(
                tmp_path,
                database_url=db.url,
                redis_url=redis.url,
                port=port,
                THROTTLE_LOGIN=f"{LIMIT}/min",
                NUM_PROXIES="0",
            )
            with served(env, tmp_path / "serve0.log"):
                assert request(f"{base}/").status == 200
                # A new address in the header each time: still one client, the socket's.
                codes = [wrong_password(base, f"198.51.100.{i}") for i in range(LIMIT + 5)]
            assert codes == [400] * LIMIT + [429] * 5

            port = free_port()
            base = f"http://127.0.0.1:{port}"
            env = {
                **env,
                "BIND": f"127.0.0.1:{port}",
                "NUM_PROXIES": "1",
                "SERVE_ROLE": "web",
            }
            with served(env, tmp_path / "serve1.log"):
                # The client forges the first entry; the proxy appended 203.0.113.7.
                forged = [
                    wrong_password(base, f"10.1.1.{i}, 203.0.113.7") for i in range(LIMIT + 2)
                ]
                # Each address the proxy saw is a client of its own.
                others = [
                    wrong_password(base, f"203.0.113.7, 192.0.2.{i}") for i in range(LIMIT + 2)
                ]
            assert forged == [400] * LIMIT + [429] * 2
            assert others == [400] * (LIMIT + 2)
    finally:
        db.drop()
