"""Checks run when a server or worker starts: refuse settings that would serve insecurely or
answer 500 on every page, with a message saying what to do."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

# The key of development settings (base.py's default): public, so it signs nothing of value.
DEVELOPMENT_SECRET_KEY = "insecure-local-development-key"


def check_serving_settings() -> None:
    if (
        not settings.DEBUG
        and settings.SECRET_KEY == DEVELOPMENT_SECRET_KEY
        and not getattr(settings, "ALLOW_DEVELOPMENT_KEY", False)
    ):
        raise ImproperlyConfigured(
            "Refusing to serve with the public development SECRET_KEY while DEBUG is off: set "
            "SECRET_KEY and use DJANGO_SETTINGS_MODULE=tm_site.settings.prod (docs/operations.md)."
        )
    storage = settings.STORAGES.get("staticfiles", {}).get("BACKEND", "")
    if "Manifest" in storage:
        manifest = Path(settings.STATIC_ROOT) / "staticfiles.json"
        if not manifest.exists():
            raise ImproperlyConfigured(
                f"No collected static files in {settings.STATIC_ROOT}: run "
                "`manage.py collectstatic --noinput` before starting (docs/operations.md)."
            )
