"""Names the statistics show, in the reader's language."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games import kinds
from games.names import COLOUR_NAMES, TERRAIN_NAMES, faction_name

from . import roles
from .figures import COLOUR, FACTION, SEAT

# The colours roles are drawn in, by colour name (Terra Mystica's terrain colours as players
# know them; other kinds' colours by the same names).
COLOURS = {
    "yellow": "#f2c52e",
    "brown": "#8b5a2b",
    "black": "#222222",
    "blue": "#2468c8",
    "green": "#2c8a34",
    "gray": "#7d7d7d",
    "red": "#c8372d",
    "ice": "#9fd3e6",
    "volcano": "#e07b22",
}


def role_type_name(role_type: str) -> str:
    return {FACTION: _("Faction"), COLOUR: _("Colour"), SEAT: _("Seat")}.get(role_type, role_type)


def role_name(kind: str, role_type: str, role: str) -> str:
    if role_type == SEAT:
        return _("Seat %(number)s") % {"number": role}
    if role_type == COLOUR:
        if roles.colours_are_terrains(kind) and role in TERRAIN_NAMES:
            return str(TERRAIN_NAMES[role])
        return str(COLOUR_NAMES.get(role, role))
    return faction_name(role)


def map_name(map_id: str) -> str:
    if not map_id:
        return _("the board")
    maps = (m for kind in kinds.offering("maps") for m in kinds.maps(kind))
    return next((m["name"] for m in maps if m["id"] == map_id), map_id[:8])


def variant_name(variant: str) -> str:
    names = {roles.BASE: gettext_noop("base game"), **roles.variant_names()}
    return " + ".join(_(names[part]) if part in names else part for part in variant.split("+"))


def role_colour(kind: str, role_type: str, role: str) -> str:
    """The colour a role's dot is drawn in: its own colour, or the site's accent."""
    colour = role if role_type == COLOUR else ""
    if role_type == FACTION:
        colour = roles.faction_colour(kind, role)
    return COLOURS.get(colour, "#2f6f3a")
