"""What every page's template needs: the site's name."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def site(request: HttpRequest) -> dict:
    return {"site_name": settings.SITE_NAME}
