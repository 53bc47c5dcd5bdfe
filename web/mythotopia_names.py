"""Mythotopia's card names and its provisional-components note in the interface's language.

The engine, its data files and the command language keep the English names and the card ids;
these lists are what translators see (a test keeps them in step with the data files).
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

# Starting and progress cards by their English name (several ids share one: Army, Market).
CARD_NAMES: dict[str, Promise] = {
    "Alchemist": _("Alchemist"),
    "Army": pgettext_lazy("Mythotopia card", "Army"),
    "Build": pgettext_lazy("Mythotopia card", "Build"),
    "Cavalry": _("Cavalry"),
    "Counsellor": _("Counsellor"),
    "Diplomat": _("Diplomat"),
    "Farming": _("Farming"),
    "General": pgettext_lazy("Mythotopia card", "General"),
    "Gold Mine": _("Gold Mine"),
    "Hero": _("Hero"),
    "Levies": _("Levies"),
    "Limes": _("Limes"),
    "Marauders": _("Marauders"),
    "Market": pgettext_lazy("Mythotopia card", "Market"),
    "Mercenary": _("Mercenary"),
    "Merchant": _("Merchant"),
    "Militia": _("Militia"),
    "Mystic": _("Mystic"),
    "Philosopher": _("Philosopher"),
    "Portal": _("Portal"),
    "Providence": _("Providence"),
    "Quarry": _("Quarry"),
    "Queen": _("Queen"),
    "Ranger": _("Ranger"),
    "Reserve Army": _("Reserve Army"),
    "Scribe": _("Scribe"),
    "Ship": pgettext_lazy("Mythotopia card", "Ship"),
    "Warehouse": _("Warehouse"),
    "Water Mill": _("Water Mill"),
}
VP_CARD_NAMES: dict[str, Promise] = {
    "City": pgettext_lazy("Mythotopia VP card", "City"),
    "Castle": pgettext_lazy("Mythotopia VP card", "Castle"),
    "Streets": pgettext_lazy("Mythotopia VP card", "Streets"),
    "Citadel": pgettext_lazy("Mythotopia VP card", "Citadel"),
    "Defender of the Realm": _("Defender of the Realm"),
    "Guilded City": _("Guilded City"),
    "Here Be Dragons": _("Here Be Dragons"),
    "Lord of the Isles": _("Lord of the Isles"),
    "Master of the Sea": _("Master of the Sea"),
    "Patronage": pgettext_lazy("Mythotopia VP card", "Patronage"),
    "Roadside Inns": _("Roadside Inns"),
    "Runestones": _("Runestones"),
    "Spoils of War": _("Spoils of War"),
}
PROVISIONAL_NOTE = _(
    "Some components of Mythotopia are not in any public source: the map is an unofficial "
    "transcription, the fifth starting card, most card symbols and the token counts of the "
    "variable VP cards are assumed. These components are provisional."
)


def localized_board(board: dict) -> dict:
    """The board of ``games.kinds.mythotopia.board()`` with its names in the active language
    and the provisional note (a name the lists do not know stays as it is)."""
    cards = {
        card: {**info, "name": str(CARD_NAMES.get(info["name"], info["name"]))}
        for card, info in board["cards"].items()
    }
    vp_cards = {
        card: str(VP_CARD_NAMES.get(name, name)) for card, name in board["vp_cards"].items()
    }
    return {
        **board,
        "cards": cards,
        "vp_cards": vp_cards,
        "provisional_note": str(PROVISIONAL_NOTE),
    }
