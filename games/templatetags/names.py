"""Template filters for the game's names in the interface's language (games.names)."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext

from games import kinds, names

register = template.Library()


@register.filter
def faction_name(faction: str | None) -> str:
    return names.faction_name(faction)


@register.filter
def decision_text(decision: dict) -> str:
    return names.decision_text(decision)


@register.filter
def option_labels(options: list[str], kind: str) -> str:
    """A game's or league's options in words (the kind's labels, in the reader's language)."""
    known = {o.name: o for o in kinds.engine_for(kind).info.options}
    words = [gettext(known[n].label or known[n].description) if n in known else n for n in options]
    return ", ".join(words)
