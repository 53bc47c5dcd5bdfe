"""HTTP through Django's synchronous handler, inside the ASGI server that also serves WebSockets.

Every view of the site is synchronous. Django's ASGI handler runs such a view by handing the
request to a thread made for it and back, several times over (middleware, view, response):
about 2 ms of CPU a request on a 2-core host, as much as a move's database work
(docs/scaling.md). Here each HTTP request crosses once: its body is read on the event loop, the
WSGI application runs whole in a pool thread, and the response is sent from the loop. Requests
never wait for each other's views: a process runs as many at once as its pool has threads.

``serving_loop()`` gives code running in a pool thread the server's event loop, so that work for
the loop (a live update to the pages) is handed to it without waiting.
"""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from tempfile import SpooledTemporaryFile
from typing import IO, Any

from django.conf import settings

Scope = dict[str, Any]
Receive = Callable[[], Any]
Send = Callable[[dict[str, Any]], Any]
WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]

_thread = threading.local()


def serving_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop of the server whose request thread runs this code; None elsewhere."""
    return getattr(_thread, "loop", None)


def _bind(loop: asyncio.AbstractEventLoop) -> None:
    _thread.loop = loop


class SyncHttp:
    """An ASGI application for ``http`` scopes running a WSGI application in a thread pool."""

    def __init__(self, wsgi_application: WsgiApp, threads: int) -> None:
        self.application = wsgi_application
        self.threads = threads
        # Made on the first request, in the serving process and on its event loop (a server
        # that forks its workers imports this module before the fork).
        self._pool: ThreadPoolExecutor | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        loop = asyncio.get_running_loop()
        if self._pool is None:
            self._pool = ThreadPoolExecutor(
                self.threads, thread_name_prefix="http", initializer=_bind, initargs=(loop,)
            )
        # Spooled like Django's own ASGI handler: small bodies in memory, large ones on disk.
        with SpooledTemporaryFile(max_size=settings.FILE_UPLOAD_MAX_MEMORY_SIZE) as body:
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return  # the client left before sending its whole request
                body.write(message.get("body", b""))
                if not message.get("more_body"):
                    break
            environ = _environ(scope, body)
            # The body as received, also when it came in chunks without a Content-Length
            # (Django's WSGI request reads exactly CONTENT_LENGTH bytes).
            environ["CONTENT_LENGTH"] = str(body.tell())
            body.seek(0)
            status, headers, content = await loop.run_in_executor(
                self._pool, self._respond, environ
            )
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": content})

    def _respond(self, environ: dict[str, Any]) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
        """Run the WSGI application in this pool thread; the whole response."""
        started: list[Any] = []
        chunks: list[bytes] = []

        def start_response(status: str, headers: list[tuple[str, str]], exc_info=None):
            started[:] = [
                int(status.split(" ", 1)[0]),
                [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers],
            ]
            return chunks.append

        result = self.application(environ, start_response)
        try:
            chunks.extend(chunk for chunk in result if chunk)
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()  # Django's request_finished: the database connection goes back
        return started[0], started[1], b"".join(chunks)


def _environ(scope: Scope, body: IO[bytes]) -> dict[str, Any]:
    """The WSGI environ of an ASGI ``http`` scope (PEP 3333; the ASGI spec's mapping)."""
    script_name = scope.get("root_path", "")
    path = scope["path"]
    if script_name and path.startswith(script_name):
        path = path[len(script_name) :]
    server = scope.get("server") or ("localhost", 80)
    environ: dict[str, Any] = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": script_name.encode("utf-8").decode("latin-1"),
        "PATH_INFO": path.encode("utf-8").decode("latin-1"),
        "QUERY_STRING": scope.get("query_string", b"").decode("latin-1"),
        "SERVER_NAME": str(server[0]),
        "SERVER_PORT": str(server[1] or 0),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": body,
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    if client := scope.get("client"):
        environ["REMOTE_ADDR"] = client[0]
    for raw_name, raw_value in scope.get("headers", []):
        if b"_" in raw_name:
            # "X_Forwarded_For" would read as X-Forwarded-For: dropped, as WSGI servers do.
            continue
        name = raw_name.decode("latin-1").upper().replace("-", "_")
        if name not in ("CONTENT_LENGTH", "CONTENT_TYPE"):
            name = "HTTP_" + name
        value = raw_value.decode("latin-1")
        # Repeated headers are joined as one, as HTTP allows (RFC 9110, 5.3).
        environ[name] = f"{environ[name]},{value}" if name in environ else value
    return environ
