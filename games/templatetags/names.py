"""Template filters for the game's names in the interface's language (games.names)."""

from __future__ import annotations

from django import template

from games import names

register = template.Library()


@register.filter
def faction_name(faction: str | None) -> str:
    return names.faction_name(faction)


@register.filter
def decision_text(decision: dict) -> str:
    return names.decision_text(decision)
