"""Wars: where they are, each party's military strength, and how a war ends."""

from __future__ import annotations

from typing import Any

from . import data
from .sayings import gettext_noop, said
from .scoring import check_islands, take_token
from .state import State, draw, rng

NEUTRAL = 0  # the party of a province nobody controls


def at_war(state: State, province: str) -> bool:
    """A war lasts while a player has armies in a province they do not control."""
    where = state["provinces"][province]
    owner = where["owner"]
    return any(n > 0 and int(s) != owner for s, n in where["armies"].items())


def wars(state: State) -> list[str]:
    return sorted(p for p in state["provinces"] if at_war(state, p))


def opponents(state: State, seat: int) -> set[int]:
    """The players ``seat`` is at war with (attacking them or attacked by them)."""
    found: set[int] = set()
    for province in wars(state):
        sides = [p for p in parties(state, province) if p != NEUTRAL]
        if seat in sides:
            found.update(p for p in sides if p != seat)
    return found


def parties(state: State, province: str) -> list[int]:
    """The defender (a seat, or NEUTRAL) first, then each attacking seat."""
    where = state["provinces"][province]
    defender = where["owner"] or NEUTRAL
    attackers = sorted(
        int(s) for s, n in where["armies"].items() if n > 0 and int(s) != where["owner"]
    )
    return [defender, *attackers]


def strength(state: State, province: str, party: int) -> int:
    where = state["provinces"][province]
    info = data.provinces()[province]
    if party == NEUTRAL:
        return int(info["neutral"]) + (4 if where["dragon"] else 0)
    seat = str(party)
    total = where["armies"].get(seat, 0) + where["mercenaries"].get(seat, 0)
    total += sum(state["ships"][sea].get(seat, 0) for sea in info["seas"])
    reserve = state["seats"][seat]["reserve"]
    defending = where["owner"] == party
    if defending:
        total += 2 if where["castle"] or where["building"] == "citadel" else 0
        total += 1 if info["rough"] else 0
        total += 1 if "limes" in reserve else 0
    else:
        total += 1 if "cavalry" in reserve else 0
    if info["rough"] and "ranger" in reserve:
        total += 1
    return total


def strongest(state: State, province: str) -> int | None:
    """The party stronger than every other, or None on a tie at the top."""
    ranked = sorted(
        ((strength(state, province, p), p) for p in parties(state, province)), reverse=True
    )
    if len(ranked) > 1 and ranked[0][0] == ranked[1][0]:
        return None
    return ranked[0][1]


def resolve(
    state: State, province: str, winner: int, rows: list[dict[str, Any]], *, defended: bool
) -> None:
    """End the war in ``province``: every army goes home, then the winner takes or keeps it.

    ``defended`` says whether a player defender's win earns a Defender of the Realm token
    (not when a Diplomat ended the war).
    """
    where = state["provinces"][province]
    for seat, count in where["armies"].items():
        state["seats"][seat]["armies"] += count
    state["mercenaries"] += sum(where["mercenaries"].values())
    where["armies"] = {}
    where["mercenaries"] = {}
    owner = where["owner"]
    if winner == (owner or NEUTRAL):
        rows.append(
            said(
                None,
                gettext_noop("the war in %(province)s ends: the defender holds it"),
                province=province,
            )
        )
        if owner and defended:
            take_token(state, owner, "defender", rows)
        return
    capture(state, province, winner, rows)


def capture(state: State, province: str, attacker: int, rows: list[dict[str, Any]]) -> None:
    where = state["provinces"][province]
    former = where["owner"]
    citadel = where["building"] == "citadel"
    if former:
        loser = state["seats"][str(former)]
        if where["building"] == "village":
            loser["villages"] += 1
        elif where["building"] == "city":
            loser["cities"] += 1
        elif where["building"] == "citadel":
            # The citadel goes onto its owner's reserve card and is never built again.
            loser["citadel"] = "lost"
    where["building"] = None
    where["owner"] = None
    card, replacement = _take_province_card(state, province, former)
    # The loser's replacement card is theirs to see alone (commands.apply hides it from others).
    drawn_by = {"drawn_by": {str(former): replacement}} if replacement else {}
    dragon, runestone = where["dragon"], where["runestone"]
    where["dragon"] = where["runestone"] = False
    seat = state["seats"][str(attacker)]
    if seat["villages"] <= 0:
        state["province_stack"].insert(0, card)
        falls = said(
            None,
            gettext_noop("%(province)s falls but seat %(seat)s has no village left: it is neutral"),
            province=province,
            seat=attacker,
        )
        rows.append({**falls, **drawn_by})
        return
    seat["villages"] -= 1
    where["owner"] = attacker
    where["building"] = "village"
    seat["discard"].append(card)
    rows.append(
        {**said(attacker, gettext_noop("captures %(province)s"), province=province), **drawn_by}
    )
    if former:
        take_token(state, attacker, "spoils", rows)
    if dragon:
        take_token(state, attacker, "dragons", rows)
    if runestone:
        take_token(state, attacker, "runestones", rows)
    if citadel:
        take_token(state, attacker, "citadel", rows)
    check_islands(state, attacker, rows, province)


def _take_province_card(state: State, province: str, former: int | None) -> tuple[str, list[str]]:
    """The province card, from wherever it is, and the replacement its former owner drew when
    it was in their hand (the seed: "Hatte er sie auf der Hand, zieht er eine Ersatzkarte")."""
    if province in state["province_stack"]:
        state["province_stack"].remove(province)
        return province, []
    if former is None:
        raise AssertionError(f"the card of neutral {province} is not on the province stack")
    loser = state["seats"][str(former)]
    for zone in ("hand", "deck", "discard", "reserve"):
        if province in loser[zone]:
            loser[zone].remove(province)
            replacement = draw(state, str(former), 1) if zone == "hand" else []
            if zone == "deck":
                rng(state).shuffle(loser["deck"])
            return province, replacement
    raise AssertionError(f"the card of {province} is nowhere")
