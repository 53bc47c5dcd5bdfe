from __future__ import annotations

from typing import TYPE_CHECKING

from rest_framework.throttling import UserRateThrottle

if TYPE_CHECKING:  # rest_framework.views imports this module while it is being built
    from rest_framework.request import Request
    from rest_framework.views import APIView


class WriteRateThrottle(UserRateThrottle):
    """Limits every unsafe request (per user, or per address when anonymous); reads are free."""

    scope = "writes"

    def allow_request(self, request: Request, view: APIView) -> bool:
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return True
        return super().allow_request(request, view)
