"""The game's names in the interface's language: factions, terrains, buildings.

German names as the German rulebook of Terra Mystica gives them; the rules engine and the
command language keep the English ids.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

FACTION_NAMES: dict[str, Promise] = {
    "alchemists": _("Alchemists"),
    "auren": _("Auren"),
    "chaosmagicians": _("Chaos Magicians"),
    "cultists": _("Cultists"),
    "darklings": _("Darklings"),
    "dwarves": _("Dwarves"),
    "engineers": _("Engineers"),
    "fakirs": _("Fakirs"),
    "giants": _("Giants"),
    "halflings": _("Halflings"),
    "mermaids": _("Mermaids"),
    "nomads": _("Nomads"),
    "swarmlings": _("Swarmlings"),
    "witches": _("Witches"),
    "icemaidens": _("Ice Maidens"),
    "yetis": _("Yetis"),
    "acolytes": _("Acolytes"),
    "dragonlords": _("Dragonlords"),
    "shapeshifters": _("Shapeshifters"),
    "riverwalkers": _("Riverwalkers"),
}
TERRAIN_NAMES: dict[str, Promise] = {
    "yellow": _("desert"),
    "brown": _("plains"),
    "black": _("swamp"),
    "blue": _("lakes"),
    "green": _("forest"),
    "gray": _("mountains"),
    "red": _("wasteland"),
    "ice": _("ice"),
    "volcano": _("volcano"),
    "river": _("river"),
}
# Shapeshifters and Riverwalkers print no home terrain on their board.
CHOSEN_HOME = _("chosen in play")
BUILDING_NAMES: dict[str, Promise] = {
    "D": _("dwelling"),
    "TP": _("trading house"),
    "TE": _("temple"),
    "SH": _("stronghold"),
    "SA": _("sanctuary"),
}


def faction_name(faction: str | None) -> str:
    """The faction's name in the active language; an id this site does not know, as it is."""
    if not faction:
        return ""
    name = FACTION_NAMES.get(faction.lower())
    return str(name) if name is not None else faction.title()


def catalog_localized(catalog: dict) -> dict:
    """The pages' catalog (cached in English) with names in the active language."""
    factions = {
        key: {
            **spec,
            "display": faction_name(key),
            "terrain": str(TERRAIN_NAMES.get(spec["color"], CHOSEN_HOME)),
        }
        for key, spec in catalog["factions"].items()
    }
    return {
        **catalog,
        "factions": factions,
        "terrains": {k: str(TERRAIN_NAMES.get(k, v)) for k, v in catalog["terrains"].items()},
        "buildings": {k: str(BUILDING_NAMES.get(k, v)) for k, v in catalog["buildings"].items()},
    }
