"""Requests no view can answer sensibly, refused before they reach one."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, HttpResponseNotFound


class RejectNulMiddleware:
    """A NUL character in the path is a 404 and in the query a 400: PostgreSQL stores no NUL,
    so any lookup with one would fail with a server error."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "\x00" in request.path:
            return HttpResponseNotFound("Not found.", content_type="text/plain")
        if any(
            "\x00" in key or any("\x00" in v for v in values) for key, values in request.GET.lists()
        ):
            return HttpResponseBadRequest(
                "The query may not contain NUL characters.", content_type="text/plain"
            )
        return self.get_response(request)


class ContentSecurityPolicyMiddleware:
    """Every response says where its page may load code, styles and connections from: only this
    site, never inline code, so text a player wrote can never run as script in another's page."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.policy = "; ".join(
            f"{name} {' '.join(sources)}".strip()
            for name, sources in settings.CONTENT_SECURITY_POLICY.items()
        )

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if self.policy:
            response.headers.setdefault("Content-Security-Policy", self.policy)
        return response


class SynchronousChainMiddleware:
    """Last in MIDDLEWARE, and synchronous only, so that Django runs every middleware before it
    synchronously under ASGI too. Async-capable middleware built on ``MiddlewareMixin`` would
    otherwise hand each ``process_request``/``process_response`` to a thread and back (two
    switches each, about a dozen per request); this way a request switches once into its
    thread and once for the view."""

    sync_capable = True
    async_capable = False

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)
