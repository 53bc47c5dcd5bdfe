"""Automatic answers to power offers, following the rules Yucata uses online.

A player's settings say up to which amount power is taken without asking and from which
amount it is declined, once for ordinary offers and once for offers from the Cultists
before anybody took from that build (taking then gives the Cultists a cult step). Rules,
first match decides (``amount`` is what the player could really receive now):

R0 nothing to receive now -> nothing happens (the player may make room and take it later)
R1 round 6, passed, Cultists' offer, amount 1 -> the ``last_round_free_cultist`` setting
R2 amount 1 and not a Cultists' offer -> take (it is free)
R3 round 6, passed, it would cost VP -> decline
R4 passed, next income alone fills the bowls, not a Cultists' offer -> decline
R5 amount <= take_up_to (and, once passed, the next income still fits) -> take
R6 amount >= decline_from -> decline
R7 otherwise -> ask the player
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .factions import faction_rules
from .leech import capacity
from .state import GameState
from .views import income_preview

TAKE, DECLINE, ASK = "take", "decline", "ask"


@dataclass(frozen=True, slots=True)
class Thresholds:
    take_up_to: int = 1
    decline_from: int = 99


@dataclass(frozen=True, slots=True)
class AutoLeechSettings:
    enabled: bool = True
    normal: Thresholds = field(default_factory=Thresholds)
    cultists: Thresholds = field(default_factory=lambda: Thresholds(take_up_to=0, decline_from=99))
    last_round_free_cultist: str = ASK

    def to_json(self) -> dict:
        return {
            "enabled": self.enabled,
            "take_up_to": self.normal.take_up_to,
            "decline_from": self.normal.decline_from,
            "cultists_take_up_to": self.cultists.take_up_to,
            "cultists_decline_from": self.cultists.decline_from,
            "last_round_free_cultist": self.last_round_free_cultist,
        }

    @classmethod
    def from_json(cls, d: dict | None) -> AutoLeechSettings:
        if not d:
            return cls()
        choice = d.get("last_round_free_cultist", ASK)
        if choice not in (TAKE, DECLINE, ASK):
            raise ValueError("last_round_free_cultist is one of take, decline, ask")
        return cls(
            enabled=bool(d.get("enabled", True)),
            normal=Thresholds(int(d.get("take_up_to", 1)), int(d.get("decline_from", 99))),
            cultists=Thresholds(
                int(d.get("cultists_take_up_to", 0)), int(d.get("cultists_decline_from", 99))
            ),
            last_round_free_cultist=choice,
        )


def decide(state: GameState, offer: dict, settings: AutoLeechSettings) -> str | None:
    """TAKE, DECLINE, ASK, or None when there is nothing to receive."""
    f = state.factions[offer["faction"]]
    room = capacity(f)
    amount = min(offer["amount"], room, f.vp + 1)
    if amount <= 0:
        return None
    builder = state.factions[offer["from_faction"]]
    # An offer whose taking gives the builder a cult step (Cultists) has its own thresholds;
    # a trade's offer never does (Merchants of the Seas: their ability is for building only).
    cultists_offer = (
        not offer.get("trade")
        and faction_rules(builder.name).leech_cult_reward() > 0
        and offer["leech_id"] not in builder.leech_cult_gained
    )
    last_round_passed = state.round == 6 and f.passed
    if last_round_passed and cultists_offer and amount == 1:
        return settings.last_round_free_cultist
    if amount == 1 and not cultists_offer:
        return TAKE
    if last_round_passed and amount > 1:
        return DECLINE
    income_power = income_preview(state, f).get("PW", 0) if f.passed else 0
    if f.passed and income_power >= room and not cultists_offer:
        return DECLINE
    limits = settings.cultists if cultists_offer else settings.normal
    if amount <= limits.take_up_to and (not f.passed or income_power + amount <= room):
        return TAKE
    if amount >= limits.decline_from:
        return DECLINE
    return ASK


def automatic_answer(
    state: GameState, settings_by_faction: dict[str, AutoLeechSettings]
) -> tuple[str, str] | None:
    """The next offer the settings answer on their own, as (faction, command), if any.

    Offers are looked at in the order they arose; a player's later offers wait behind an
    earlier one that needs the player (answers must keep that order). Players without
    settings, or with automation off, are always asked.
    """
    blocked: set[str] = set()
    for offer in state.action_required:
        if offer["type"] != "leech":
            continue
        name = offer["faction"]
        if name in blocked:
            continue
        settings = settings_by_faction.get(name)
        answer = (
            decide(state, offer, settings) if settings is not None and settings.enabled else ASK
        )
        if answer == TAKE:
            return name, f"leech {offer['amount']} from {offer['from_faction']}"
        if answer == DECLINE:
            return name, f"decline {offer['amount']} from {offer['from_faction']}"
        # ASK, or nothing to receive right now (R0): the player may still make room and take
        # it later, since what can be taken is measured when the player decides.
        blocked.add(name)
    return None
