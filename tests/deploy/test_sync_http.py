"""HTTP inside the ASGI server (tm_site/sync_http.py): each request runs whole in a pool thread.

What a client and the site's code would notice: requests run at once rather than one after the
other, the request reaches Django as a WSGI server would pass it, every response header (each
cookie) comes back, and a move sent over HTTP reaches the pages watching the game.
"""

from __future__ import annotations

import asyncio
import json
import threading

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from rest_framework.authtoken.models import Token

from tm_site.sync_http import SyncHttp, serving_loop


async def call(app, path="/", method="GET", body_parts=(b"",), headers=(), root_path=""):
    """One request through an ASGI application; (status, headers, body)."""
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "root_path": root_path,
        "query_string": b"q=1&r=2",
        "headers": [(b"host", b"testserver"), *headers],
        "client": ("203.0.113.9", 50000),
        "server": ("testserver", 80),
    }
    messages = [
        {"type": "http.request", "body": part, "more_body": i < len(body_parts) - 1}
        for i, part in enumerate(body_parts)
    ]
    sent: list[dict] = []

    async def receive():
        if messages:
            return messages.pop(0)
        await asyncio.Event().wait()  # the client stays connected

    async def send(message):
        sent.append(message)

    await app(scope, receive, send)
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start["status"], start["headers"], body


def echo(environ, start_response):
    """Tells what it was given, with two cookies."""
    wanted = ("REQUEST_METHOD", "PATH_INFO", "SCRIPT_NAME", "QUERY_STRING", "REMOTE_ADDR")
    seen = {k: environ.get(k) for k in wanted}
    seen["CONTENT_TYPE"] = environ.get("CONTENT_TYPE")
    seen["CONTENT_LENGTH"] = environ.get("CONTENT_LENGTH")
    seen["headers"] = sorted(k for k in environ if k.startswith("HTTP_"))
    seen["X_TWICE"] = environ.get("HTTP_X_TWICE")
    seen["body"] = environ["wsgi.input"].read().decode()
    seen["loop_is_the_servers"] = serving_loop() is not None
    start_response(
        "201 Created",
        [("Content-Type", "application/json"), ("Set-Cookie", "a=1"), ("Set-Cookie", "b=2")],
    )
    return [json.dumps(seen).encode()]


def test_the_request_reaches_the_application_as_a_wsgi_server_passes_it():
    app = SyncHttp(echo, threads=2)
    status, headers, body = async_to_sync(call)(
        app,
        path="/site/api/moves/",
        root_path="/site",
        method="POST",
        body_parts=(b'{"command": ', b'"pass"', b"}"),
        headers=[
            (b"content-type", b"application/json"),
            (b"x-twice", b"1"),
            (b"x-twice", b"2"),
            # Would read as X-Forwarded-For once turned into HTTP_X_FORWARDED_FOR.
            (b"x_forwarded_for", b"198.51.100.1"),
        ],
    )
    seen = json.loads(body)
    assert status == 201
    assert seen["body"] == '{"command": "pass"}'  # three parts, one body
    assert seen["CONTENT_LENGTH"] == "19"  # sent in chunks, without the header
    assert seen["REQUEST_METHOD"] == "POST" and seen["QUERY_STRING"] == "q=1&r=2"
    assert (seen["SCRIPT_NAME"], seen["PATH_INFO"]) == ("/site", "/api/moves/")
    assert seen["REMOTE_ADDR"] == "203.0.113.9"
    assert seen["CONTENT_TYPE"] == "application/json"
    assert seen["X_TWICE"] == "1,2"
    assert "HTTP_X_FORWARDED_FOR" not in seen["headers"]
    assert seen["loop_is_the_servers"] is True
    assert [v for k, v in headers if k == b"set-cookie"] == [b"a=1", b"b=2"]
    assert (b"content-type", b"application/json") in headers


def test_requests_are_served_at_once_not_one_after_the_other():
    both_inside = threading.Barrier(2, timeout=10)

    def meets_the_other(environ, start_response):
        both_inside.wait()  # breaks (an error) if the other request never runs meanwhile
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"met"]

    app = SyncHttp(meets_the_other, threads=2)

    async def two():
        return await asyncio.gather(call(app), call(app))

    assert [(status, body) for status, _, body in async_to_sync(two)()] == [
        (200, b"met"),
        (200, b"met"),
    ]


def test_a_client_that_leaves_before_its_body_is_sent_runs_nothing():
    ran = []

    def app_(environ, start_response):
        ran.append(1)
        start_response("200 OK", [])
        return [b""]

    sent = []

    async def leaves():
        messages = [
            {"type": "http.request", "body": b"{", "more_body": True},
            {"type": "http.disconnect"},
        ]
        scope = {"type": "http", "method": "POST", "path": "/", "headers": []}

        async def receive():
            return messages.pop(0)

        async def send(message):
            sent.append(message)

        await SyncHttp(app_, threads=1)(scope, receive, send)

    async_to_sync(leaves)()
    assert ran == [] and sent == []


def test_outside_a_request_thread_there_is_no_serving_loop():
    assert serving_loop() is None


@pytest.mark.django_db(transaction=True)
def test_a_move_sent_over_http_reaches_the_page_watching_the_game(started_game):
    from tm_site.asgi import application

    game, _ = started_game()
    token = Token.objects.create(user=game.seats.get(position=1).user)

    async def scenario():
        origin = [(b"origin", b"http://127.0.0.1:8000")]
        page = WebsocketCommunicator(application, f"/ws/games/{game.pk}/", headers=origin)
        assert (await page.connect())[0]
        assert (await page.receive_json_from(timeout=5))["event"] == "hello"
        status, _, body = await call(
            application,
            path=f"/api/v1/games/{game.pk}/moves/",
            method="POST",
            body_parts=(
                json.dumps({"command": "setup witches", "expected_move_number": 0}).encode(),
            ),
            headers=[  # no Content-Length: the body as a client sends it in chunks
                (b"content-type", b"application/json"),
                (b"authorization", f"Token {token.key}".encode()),
            ],
        )
        assert status == 201, body
        update = await page.receive_json_from(timeout=5)
        assert update["event"] == "move" and update["move_number"] == 1
        await page.disconnect()

    async_to_sync(scenario)()
