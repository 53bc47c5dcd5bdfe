"""What a seat plays, and which variant a game is, per game kind (docs/statistics.md), as each
kind's engine says through its optional ``statistics()`` (games.kinds.contract)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games import kinds

from .figures import COLOUR, FACTION, SEAT

BASE = "base"


def _info(kind: str) -> dict[str, Any]:
    if kind not in kinds.registry() or not kinds.offers(kind, "statistics"):
        return {}
    return kinds.engine_for(kind).statistics()


def counted_kinds() -> list[str]:
    """The kinds the statistics count."""
    return kinds.offering("statistics")


def role_types(kind: str) -> tuple[str, ...]:
    """The role types a kind's statistics offer, the first one shown by default (none: the
    statistics do not count the kind)."""
    return tuple(_info(kind).get("role_types", ()))


def variant(kind: str, options: Iterable[str]) -> str:
    """The game's variant: the names of its game-changing options joined by "+", or "base"."""
    pairs = _info(kind).get("variants", ())
    names = {name for option in options for prefix, name in pairs if option.startswith(prefix)}
    return "+".join(sorted(names)) or BASE


def variant_names() -> dict[str, str]:
    """Every kind's variants by name, in English (marked for translation by their kind)."""
    return {
        name: label
        for kind in counted_kinds()
        for name, label in _info(kind)["variant_names"].items()
    }


def colours_are_terrains(kind: str) -> bool:
    return bool(_info(kind).get("colours_are_terrains"))


def _role_colours(kind: str) -> dict[str, str]:
    return kinds.engine_for(kind).role_colours() if kinds.offers(kind, "role_colours") else {}


def faction_colour(kind: str, faction: str) -> str:
    """A faction's board colour ("variable" for those that pick one in play)."""
    return _role_colours(kind).get(faction, "")


def picked_colours(kind: str) -> tuple[str, frozenset[str]]:
    """Where a kind's final state keeps the colour a faction picked in play (a lookup path with
    ``{role}``), and the factions that pick one; ("", none) for a kind without them."""
    path = _info(kind).get("picked_colour", "")
    if not path:
        return "", frozenset()
    variable = frozenset(n for n, c in _role_colours(kind).items() if c == "variable")
    return path, variable


def seat_roles(
    kind: str, role: str, position: int, picked_colour: str | None = None
) -> tuple[tuple[str, str], ...]:
    """(role type, role) pairs of a seat: a faction with its colour (the one picked in play for
    factions that pick one) and the seat, or a colour and the seat."""
    seat = (SEAT, str(position))
    if not role:
        return (seat,)
    if _info(kind).get("role") == COLOUR:
        return ((COLOUR, role), seat)
    colour = picked_colour or faction_colour(kind, role)
    return ((FACTION, role), (COLOUR, colour), seat) if colour else ((FACTION, role), seat)
