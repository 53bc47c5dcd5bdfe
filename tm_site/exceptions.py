"""Application errors and their single mapping to HTTP responses.

Services raise ``ApplicationError`` subclasses; views never build error responses themselves.
Every error body is ``{"error": "<readable message>"}``, plus ``"fields"`` for invalid input.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler


class ApplicationError(Exception):
    """A request that cannot be carried out; ``status_code`` says why in HTTP terms."""

    status_code: int = status.HTTP_400_BAD_REQUEST

    def __init__(self, message: str, extra: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.extra = extra or {}


class NotFound(ApplicationError):
    status_code = status.HTTP_404_NOT_FOUND


class Forbidden(ApplicationError):
    status_code = status.HTTP_403_FORBIDDEN


class Conflict(ApplicationError):
    status_code = status.HTTP_409_CONFLICT


class TooManyRequests(ApplicationError):
    """A limit of the site's own (not a rate throttle) is reached; the message names it."""

    status_code = status.HTTP_429_TOO_MANY_REQUESTS


def _first_message(detail: Any) -> str:
    if isinstance(detail, list):
        return _first_message(detail[0]) if detail else "Invalid input."
    if isinstance(detail, dict):
        for key, value in detail.items():
            message = _first_message(value)
            return message if key in ("non_field_errors", "detail") else f"{key}: {message}"
        return "Invalid input."
    return str(detail)


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, ApplicationError):
        return Response({"error": exc.message, **exc.extra}, status=exc.status_code)
    if isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(detail=exc.messages)
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()

    response = exception_handler(exc, context)
    if response is None:
        return None
    detail = response.data
    if isinstance(exc, exceptions.ValidationError):
        response.data = {"error": _first_message(detail), "fields": detail}
    else:
        body: dict[str, Any] = {"error": _first_message(detail)}
        wait = getattr(exc, "wait", None) if isinstance(exc, exceptions.Throttled) else None
        if wait is not None:
            body["retry_after"] = int(wait)
        response.data = body
    return response
