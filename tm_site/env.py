"""Reading deployment settings from the environment, in one place."""

from __future__ import annotations

import os
from urllib.parse import parse_qs, unquote, urlparse


def site_name() -> str:
    """The site's name (``SITE_NAME``), in pages, mail and the API's title."""
    return os.environ.get("SITE_NAME", "Tablelands")


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    return int(value) if value not in (None, "") else default


def env_float(name: str, default: float) -> float:
    value = os.environ.get(name)
    return float(value) if value not in (None, "") else default


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def email_settings(url: str) -> dict[str, object]:
    """Django e-mail settings from an EMAIL_URL.

    smtp://user:password@host:587 (STARTTLS), smtps://…:465 (implicit TLS),
    console://, locmem://, dummy://, file:///absolute/folder (one file per mail);
    ``?from=addr`` sets DEFAULT_FROM_EMAIL.
    """
    parsed = urlparse(url)
    scheme = parsed.scheme.lower()
    backends = {
        "console": "django.core.mail.backends.console.EmailBackend",
        "locmem": "django.core.mail.backends.locmem.EmailBackend",
        "dummy": "django.core.mail.backends.dummy.EmailBackend",
        "smtp": "django.core.mail.backends.smtp.EmailBackend",
        "smtps": "django.core.mail.backends.smtp.EmailBackend",
        "file": "django.core.mail.backends.filebased.EmailBackend",
    }
    if scheme not in backends:
        raise ValueError(f"EMAIL_URL: unsupported scheme {scheme!r}")
    result: dict[str, object] = {"EMAIL_BACKEND": backends[scheme]}
    if scheme in {"smtp", "smtps"}:
        result.update(
            EMAIL_HOST=parsed.hostname or "localhost",
            EMAIL_PORT=parsed.port or (465 if scheme == "smtps" else 25),
            EMAIL_HOST_USER=unquote(parsed.username or ""),
            EMAIL_HOST_PASSWORD=unquote(parsed.password or ""),
            EMAIL_USE_SSL=scheme == "smtps",
            EMAIL_USE_TLS=scheme == "smtp" and (parsed.port == 587),
        )
    if scheme == "file":
        result["EMAIL_FILE_PATH"] = unquote(parsed.path) or "mail"
    sender = parse_qs(parsed.query).get("from")
    if sender:
        result["DEFAULT_FROM_EMAIL"] = sender[0]
    return result
