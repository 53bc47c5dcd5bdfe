"""The computer's levels (``games.rules.bots.LEVELS``) in words."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

_NAMES = {
    "random": _("Random (fastest)"),
    "heuristic": _("Heuristic"),
    "search": _("Search (strongest)"),
}


def bot_level_name(level: str) -> str:
    return str(_NAMES.get(level, level))
