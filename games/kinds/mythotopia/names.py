"""Mythotopia's card names and texts, its symbols and its provisional-components note in the
interface's language.

The engine, its data files and the command language keep the English names and the card ids;
these lists are what translators see (a test keeps them in step with the data files). The
German names are the German rulebook's ("Queen (Königin)"), the card and VP card texts its
"Ausführliche Erläuterung der Karten" and "Variable Siegpunktkarten", shortened; the English
texts translate them.
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

# What each card does, by its English name (the progress versions of the starting cards say
# the same). Cards that only carry symbols say so.
_SYMBOLS_ONLY = pgettext_lazy("Mythotopia card text", "Use it as one of the symbols it shows.")
CARD_TEXTS: dict[str, Promise] = {
    "Alchemist": pgettext_lazy(
        "Mythotopia card text",
        "Exchange one of your 1-VP tokens for a 2-VP token, or a 2-VP token for a 3-VP token, "
        "from the unused tokens.",
    ),
    "Army": _SYMBOLS_ONLY,
    "Build": pgettext_lazy(
        "Mythotopia card text",
        "Build a city (2 stone), a castle (1 stone) or a road (2 stone, 3 across hills): play "
        "the province card of where you build, then pay the stone.",
    ),
    "Cavalry": pgettext_lazy("Mythotopia card text", "+1 military strength when you attack."),
    "Counsellor": pgettext_lazy(
        "Mythotopia card text",
        "Discard one or more cards from your hand and draw a replacement for each and for the "
        "Counsellor (none for cards discarded from the reserve).",
    ),
    "Diplomat": pgettext_lazy(
        "Mythotopia card text",
        "Pay 1 gold to end a war you take part in: every army and mercenary there goes back, "
        "and the defender wins.",
    ),
    "Farming": pgettext_lazy(
        "Mythotopia card text",
        "Once in each of your turns, any card from your hand or reserve counts as 1 food.",
    ),
    "General": pgettext_lazy(
        "Mythotopia card text",
        "Play it instead of any province card: build in, or attack from, any of your provinces.",
    ),
    "Gold Mine": pgettext_lazy(
        "Mythotopia card text",
        "Once in each of your turns, any card from your hand or reserve counts as 1 gold.",
    ),
    "Hero": pgettext_lazy(
        "Mythotopia card text",
        "When you end a war, the Hero decides a tie in your favour.",
    ),
    "Levies": pgettext_lazy(
        "Mythotopia card text",
        "Once in each of your turns, any card from your hand or reserve counts as 1 army.",
    ),
    "Limes": pgettext_lazy("Mythotopia card text", "+1 military strength when you defend."),
    "Market": _SYMBOLS_ONLY,
    "Marauders": pgettext_lazy(
        "Mythotopia card text",
        "Remove one army from any province and return it to its owner's personal supply.",
    ),
    "Mercenary": pgettext_lazy(
        "Mythotopia card text",
        "Pay 1 gold and place 1 or 2 mercenaries where you have an army (your province or one "
        "you attack); each adds 1 military strength.",
    ),
    "Merchant": pgettext_lazy(
        "Mythotopia card text",
        "Play it with another card to change that card's resource into food, stone or gold "
        "(armies and ships are no resources).",
    ),
    "Militia": pgettext_lazy(
        "Mythotopia card text",
        "Take one of your armies from the general supply into your personal supply.",
    ),
    "Mystic": pgettext_lazy(
        "Mythotopia card text",
        "Pay 1 gold and take a card of your choice from your discard pile into your hand.",
    ),
    "Philosopher": pgettext_lazy(
        "Mythotopia card text",
        "Look at the top 3 progress cards, take 1 into your hand and put the others back; the "
        "Philosopher then leaves the game.",
    ),
    "Portal": pgettext_lazy(
        "Mythotopia card text",
        "Play it instead of a province card to attack any province, for 1 food: hills and "
        "mountains do not matter.",
    ),
    "Providence": pgettext_lazy("Mythotopia card text", "Draw 2 cards from your draw pile."),
    "Quarry": pgettext_lazy(
        "Mythotopia card text",
        "Once in each of your turns, any card from your hand or reserve counts as 1 stone.",
    ),
    "Queen": pgettext_lazy("Mythotopia card text", "Your hand holds 6 cards."),
    "Ranger": pgettext_lazy(
        "Mythotopia card text",
        "For you hills count as normal borders and mountains as hills (attacks and roads); +1 "
        "military strength when you attack or defend in rough terrain.",
    ),
    "Reserve Army": pgettext_lazy(
        "Mythotopia card text",
        "While you are at war with another player, no other player may attack you and you may "
        "attack no other player (neutral provinces excepted).",
    ),
    "Scribe": pgettext_lazy(
        "Mythotopia card text",
        "Whenever you may take a VP token from a VP card, you may take it from the unused "
        "tokens instead, even when the card is empty.",
    ),
    "Ship": pgettext_lazy(
        "Mythotopia card text",
        "Use it as one of the symbols it shows, or to attack across a sea area (two Ship cards: "
        "two sea areas).",
    ),
    "Warehouse": pgettext_lazy(
        "Mythotopia card text",
        "Your reserve holds 2 cards more, and once a turn you may put a hand card into your "
        "reserve as a free action.",
    ),
    "Water Mill": pgettext_lazy(
        "Mythotopia card text",
        "Play it with another card to double that card's resource (armies and ships are no "
        "resources).",
    ),
}
VP_CARD_TEXTS: dict[str, Promise] = {
    "City": pgettext_lazy("Mythotopia VP card text", "A token for each city you build."),
    "Castle": pgettext_lazy("Mythotopia VP card text", "A token for each castle you build."),
    "Streets": pgettext_lazy("Mythotopia VP card text", "A token for each road you build."),
    "Citadel": pgettext_lazy(
        "Mythotopia VP card text",
        "The token for the first player to capture another player's citadel.",
    ),
    "Defender of the Realm": pgettext_lazy(
        "Mythotopia VP card text",
        "A token whenever you hold one of your provinces against an attack by other players.",
    ),
    "Guilded City": pgettext_lazy(
        "Mythotopia VP card text",
        "When you build a city, pay 1 gold more to take a token.",
    ),
    "Here Be Dragons": pgettext_lazy(
        "Mythotopia VP card text",
        "A token whenever you capture a province with a dragon (a dragon adds 4 to its strength).",
    ),
    "Lord of the Isles": pgettext_lazy(
        "Mythotopia VP card text",
        "The 3-VP token for controlling the 3 provinces of the larger island, the 2-VP token "
        "for both of the smaller one.",
    ),
    "Master of the Sea": pgettext_lazy(
        "Mythotopia VP card text",
        "A 2-VP token for the first player with ships in 3 sea areas, the other for the first "
        "with ships in 4.",
    ),
    "Patronage": pgettext_lazy(
        "Mythotopia VP card text", "As an action, pay 2 gold to take a token."
    ),
    "Roadside Inns": pgettext_lazy(
        "Mythotopia VP card text",
        "When you build a road, pay 1 gold more to take a token.",
    ),
    "Runestones": pgettext_lazy(
        "Mythotopia VP card text",
        "A token whenever you capture a province with a runestone.",
    ),
    "Spoils of War": pgettext_lazy(
        "Mythotopia VP card text",
        "A token whenever you capture another player's province (a neutral one gives none).",
    ),
}
# When a card's text may be used: the heading printed above it.
HEADINGS: dict[str, Promise] = {
    "action": pgettext_lazy("Mythotopia card heading", "Action"),
    "free": pgettext_lazy("Mythotopia card heading", "Free action"),
    "reserve": pgettext_lazy("Mythotopia card heading", "Reserve"),
    "benefit": pgettext_lazy("Mythotopia card heading", "Benefit"),
}
SYMBOL_NAMES: dict[str, Promise] = {
    "food": pgettext_lazy("Mythotopia symbol", "food"),
    "stone": pgettext_lazy("Mythotopia symbol", "stone"),
    "gold": pgettext_lazy("Mythotopia symbol", "gold"),
    "army": pgettext_lazy("Mythotopia symbol", "army"),
    "ship": pgettext_lazy("Mythotopia symbol", "ship"),
}
PROVISIONAL_NOTE = _(
    "Some components of Mythotopia are not in any public source: the map is an unofficial "
    "transcription, the fifth starting card, most card symbols and the token counts of the "
    "variable VP cards are assumed. These components are provisional."
)


def _card(info: dict) -> dict:
    english = info["name"]
    heading = HEADINGS.get(info.get("heading", ""))
    text = CARD_TEXTS.get(english)
    return {
        **info,
        "name": str(CARD_NAMES.get(english, english)),
        "heading_label": str(heading) if heading else "",
        "text": str(text) if text else "",
    }


def localized_board(board: dict) -> dict:
    """The board of ``games.kinds.mythotopia.board()`` with its names and texts in the active
    language, the symbols' names and the provisional note (a name the lists do not know stays
    as it is)."""
    cards = {card: _card(info) for card, info in board["cards"].items()}
    vp_cards = {
        card: str(VP_CARD_NAMES.get(name, name)) for card, name in board["vp_cards"].items()
    }
    vp_card_texts = {
        card: str(VP_CARD_TEXTS[name])
        for card, name in board["vp_cards"].items()
        if name in VP_CARD_TEXTS
    }
    return {
        **board,
        "cards": cards,
        "vp_cards": vp_cards,
        "vp_card_texts": vp_card_texts,
        "symbols": {kind: str(name) for kind, name in SYMBOL_NAMES.items()},
        "provisional_note": str(PROVISIONAL_NOTE),
    }
