"""Where the dumps are written (docs/open-data.md)."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings


def dump_root() -> Path:
    """``settings.OPENDATA_ROOT`` (the environment's OPENDATA_ROOT), by default var/opendata in
    the project folder."""
    configured = getattr(settings, "OPENDATA_ROOT", None)
    return Path(configured) if configured else Path(settings.BASE_DIR) / "var" / "opendata"
