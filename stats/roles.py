"""What a seat plays, and which variant a game is, per game kind (docs/statistics.md)."""

from __future__ import annotations

import functools
from collections.abc import Iterable

from games import kinds

from .figures import COLOUR, FACTION, SEAT

TERRA_MYSTICA = "terra_mystica"
MYTHOTOPIA = "mythotopia"

# The role types each kind's statistics offer, the first one shown by default.
ROLE_TYPES: dict[str, tuple[str, ...]] = {
    TERRA_MYSTICA: (FACTION, COLOUR, SEAT),
    MYTHOTOPIA: (COLOUR, SEAT),
}

# Options that make a different game (another set of factions, another board), by the
# variant's name; other options (leech rules, errata) leave the variant as it is.
_VARIANT_OPTIONS: dict[str, tuple[tuple[str, str], ...]] = {
    TERRA_MYSTICA: (
        ("fire-and-ice-factions/", "fire-and-ice"),
        ("fire-and-ice-final-scoring", "fire-and-ice"),
        ("merchants-of-the-seas", "merchants"),
    ),
    MYTHOTOPIA: (("start-choice", "start-choice"),),
}
BASE = "base"


def variant(kind: str, options: Iterable[str]) -> str:
    """The game's variant: the names of its game-changing options joined by "+", or "base"."""
    names = {
        name
        for option in options
        for prefix, name in _VARIANT_OPTIONS.get(kind, ())
        if option.startswith(prefix)
    }
    return "+".join(sorted(names)) or BASE


@functools.cache
def _faction_colours() -> dict[str, str]:
    return kinds.engine_for(TERRA_MYSTICA).role_colours()


def faction_colour(faction: str) -> str:
    """A Terra Mystica faction's board colour ("variable" for those that pick one in play)."""
    return _faction_colours().get(faction, "")


@functools.cache
def variable_factions() -> frozenset[str]:
    """Terra Mystica factions whose home colour is picked in play (read from the game's state)."""
    return frozenset(n for n, colour in _faction_colours().items() if colour == "variable")


def seat_roles(
    kind: str, role: str, position: int, picked_colour: str | None = None
) -> tuple[tuple[str, str], ...]:
    """(role type, role) pairs of a seat. Terra Mystica: the faction, its home colour (the one
    picked in play for factions that pick one) and the seat; Mythotopia: the colour and seat."""
    seat = (SEAT, str(position))
    if not role:
        return (seat,)
    if kind == TERRA_MYSTICA:
        colour = picked_colour or _faction_colours().get(role, "")
        return ((FACTION, role), (COLOUR, colour), seat) if colour else ((FACTION, role), seat)
    if kind == MYTHOTOPIA:
        return ((COLOUR, role), seat)
    return ((FACTION, role), seat)
