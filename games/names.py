"""The game's names in the interface's language: factions, terrains, buildings.

German names as the German rulebook of Terra Mystica gives them; the rules engine and the
command language keep the English ids.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext, ngettext, pgettext_lazy
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
# The players' colours of games whose seats play a colour rather than a faction (Mythotopia).
COLOUR_NAMES: dict[str, Promise] = {
    "red": pgettext_lazy("player colour", "red"),
    "blue": pgettext_lazy("player colour", "blue"),
    "green": pgettext_lazy("player colour", "green"),
    "yellow": pgettext_lazy("player colour", "yellow"),
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
    """The faction's (or player colour's) name in the active language; an id this site does
    not know, as it is."""
    if not faction:
        return ""
    name = FACTION_NAMES.get(faction.lower()) or COLOUR_NAMES.get(faction.lower())
    return str(name) if name is not None else faction.title()


# What a player is waited for, by the kind of decision the engines report (their own
# "description" is English, for the API): the words of mails.
DECISION_TEXTS: dict[str, Promise] = {
    "faction": _("choose a faction"),
    "bid": _("bid in the faction auction"),
    "pick-color": _("choose a colour"),
    "dwelling": _("place an initial dwelling"),
    "bonus": _("choose a bonus tile"),
    "action": _("take an action"),
    "cult": _("advance on a cult track"),
    "favor": _("take a favor tile"),
    "town": _("take a town tile"),
    "transform": _("use spades"),
    "bridge": _("place the bridge"),
    "convert": _("convert workers to priests (or decline)"),
    "upgrade": _("upgrade a dwelling for free"),
    "unlock-terrain": _("unlock a terrain or keep the priest"),
    "dock": _("place the dock"),
    "ship": _("place a ship"),
    "trade": _("resolve a trade"),
    "favor-choice": _("choose the favor tile's reward"),
}
SECRET_CHOICES: dict[str, Promise] = {"start choice": _("start choice"), "citadel": _("citadel")}


def decision_text(decision: dict) -> str:
    """A decision a player is waited for, in the active language."""
    kind = decision.get("kind") or ""
    if kind == "leech" and decision.get("amount") is not None:
        return gettext("accept or decline power: %(amount)s from %(faction)s") % {
            "amount": decision["amount"],
            "faction": faction_name(decision.get("from_faction")),
        }
    if decision.get("actions_left") is not None:  # Mythotopia: a turn of two actions
        n = int(decision["actions_left"])
        return ngettext("take %(n)s more action", "take %(n)s more actions", n) % {"n": n}
    if kind == "choice" and decision.get("choice"):
        choice = str(decision["choice"])
        return gettext("make the secret setup choice (%(choice)s)") % {
            "choice": SECRET_CHOICES.get(choice, choice)
        }
    text = DECISION_TEXTS.get(kind)
    return str(text) if text is not None else str(decision.get("description") or kind)
