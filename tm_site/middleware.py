"""Requests no view can answer sensibly, refused before they reach one."""

from __future__ import annotations

from collections.abc import Callable

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
