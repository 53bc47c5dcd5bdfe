"""Legal commands: cheap candidates, each kept only if the engine accepts it on a copy."""

from __future__ import annotations

from typing import Any

from games.rules.core import RuleError

from . import citadel, data, start_choice
from .actions import ARMY_CARDS, connected_by_roads, sea_slug
from .commands import apply
from .payment import BENEFITS, CONVERTERS
from .scoring import empty_vp_cards, token_available
from .state import (
    State,
    border_for,
    choosers,
    controlled,
    pending_choices,
    reserve_capacity,
)
from .wars import at_war, wars


def pay_for(cards: list[str], needed: dict[str, int]) -> list[str] | None:
    """One way to pay exactly ``needed`` from ``cards``, in their order (``by_use``)."""
    left = list(cards)
    items: list[str] = []
    for kind, amount in needed.items():
        while amount > 0:
            card = next(
                (
                    c
                    for c in left
                    if data.card_symbols(c).get(kind, 0) and data.card_symbols(c)[kind] <= amount
                ),
                None,
            )
            if card is None:
                return None
            left.remove(card)
            amount -= data.card_symbols(card)[kind]
            items.append(card if len(data.card_symbols(card)) == 1 else f"{card}:{kind}")
    return items


def pay_options(
    cards: list[str], needed: dict[str, int], convert: tuple[str, ...] = ()
) -> list[list[str] | None]:
    """A plain payment, and one with Merchant or Water Mill where the player holds them: the
    seed lets either act on any resource paid ("Spiele diese Karte zusammen mit einer anderen
    Karte"), so every resource payment of the legal list offers them."""
    options = [pay_for(cards, needed)]
    for benefit in ("water-mill", "merchant"):
        if benefit not in cards:
            continue
        for kind, amount in needed.items():
            gain = 2 if benefit == "water-mill" else 1
            if kind not in data.RESOURCES or amount < gain:
                continue
            partner = next(
                (
                    c
                    for c in cards
                    if c != benefit
                    and any(data.card_symbols(c).get(r) for r in data.RESOURCES)
                    and (benefit == "merchant" or data.card_symbols(c).get(kind) == 1)
                ),
                None,
            )
            if partner is None:
                continue
            item = f"{benefit}:{partner}" + (f":{kind}" if benefit == "merchant" else "")
            if benefit == "water-mill" and len(data.card_symbols(partner)) > 1:
                item += f":{kind}"
            rest = [c for c in cards if c not in (benefit, partner)]
            left = pay_for(rest, {**needed, kind: amount - gain})
            options.append(None if left is None else [item, *left])
    for kind in convert:
        # Farming, Gold Mine, Quarry in the reserve: once per turn any other card pays 1.
        if needed.get(kind, 0) < 1:
            continue
        partner = next(
            (
                c
                for c in cards
                if c != CONVERTERS[kind]
                and c not in BENEFITS
                and not data.card_symbols(c).get(kind)
            ),
            None,
        )
        if partner is not None:
            rest = [c for c in cards if c != partner]
            left = pay_for(rest, {**needed, kind: needed[kind] - 1})
            options.append(None if left is None else [f"{partner}:{kind}", *left])
    return options


def levies_unused(state: State, seat: int) -> bool:
    """Levies in the reserve, not used this turn: any card may pay one army once."""
    card = CONVERTERS["army"]
    return card in state["seats"][str(seat)]["reserve"] and card not in state["turn"]["once"]


def converters(state: State, seat: int) -> tuple[str, ...]:
    """The resources any card may pay once this turn (the converter in the reserve, unused)."""
    reserve = state["seats"][str(seat)]["reserve"]
    once = state["turn"]["once"]
    return tuple(
        kind
        for kind, card in CONVERTERS.items()
        if kind in data.RESOURCES and card in reserve and card not in once
    )


def by_use(cards: list[str]) -> list[str]:
    """Cards with one kind of symbol first: payments keep the versatile cards for later."""
    return sorted(cards, key=lambda c: (len(data.card_symbols(c)), c))


def army_payments(cards: list[str], supply: int, levies: bool = False) -> list[list[str]]:
    """Army payments: the smallest and the largest the personal supply allows, and with
    Levies in the reserve (unused this turn) one card of another kind as one army."""
    army = [c for c in cards if data.card_symbols(c).get("army")]
    army.sort(key=lambda c: data.card_symbols(c)["army"])
    options: list[list[str]] = []
    total = 0
    chosen: list[str] = []
    for card in army:
        if total + data.card_symbols(card)["army"] > supply:
            break
        chosen.append(card)
        total += data.card_symbols(card)["army"]
        if len(chosen) == 1:
            options.append(list(chosen))
    if len(chosen) > 1:
        options.append(chosen)
    if supply == 1:
        # The last army: the Army card alone still sends it (actions.last_army_exception).
        options += [[c] for c in army if c in ARMY_CARDS][:1]
    named = [[c if len(data.card_symbols(c)) == 1 else f"{c}:army" for c in o] for o in options]
    if levies and supply >= 1:
        partner = next(
            (c for c in cards if c != CONVERTERS["army"] and not data.card_symbols(c).get("army")),
            None,
        )
        if partner is not None:
            named.append([f"{partner}:army"])
    return named


def with_pay(words: list[str], items: list[str] | None) -> str | None:
    if items is None:
        return None
    return " ".join([*words, "pay", *items]) if items else " ".join(words)


def candidates(state: State, seat: int) -> list[str]:
    if start_choice.choosing(state):
        return start_choice.candidates(state, seat)
    if citadel.choosing(state):
        return citadel.candidates(state, seat)
    if state["turn"].get("philosopher"):
        return [f"take {c}" for c in state["turn"]["philosopher"]]
    player = state["seats"][str(seat)]
    cards = by_use(player["hand"] + player["reserve"])
    convert = converters(state, seat)
    levies = levies_unused(state, seat)
    own = controlled(state, seat)
    found: list[str | None] = ["pass"]
    if not state["turn"]["actions"] and not state["turn"]["free"]:
        if empty_vp_cards(state) >= 4:
            found.append("end game")
        found += [f"end war {p}" for p in wars(state)]
        if "hero" in cards:
            found += [f"end war {p} with hero" for p in wars(state)]
    found += _attacks(state, seat, cards)
    for province in sorted(
        set(own) | {p for p in state["provinces"] if state["provinces"][p]["armies"].get(str(seat))}
    ):
        mine = state["provinces"][province]["owner"] == seat
        for option in army_payments(cards, player["armies"], levies):
            rest = [c for c in cards if c not in [i.split(":")[0] for i in option]]
            for food in [[]] if mine else pay_options(rest, {"food": 1}, convert):
                if food is not None:
                    found.append(with_pay(["deploy", province], option + food))
        here = state["provinces"][province]["armies"].get(str(seat), 0)
        if here and mine and state["turn"]["road_move"] is not True:
            # The road move, a group at a time (more groups follow in the same road move).
            for end in sorted(connected_by_roads(state, seat, province) - {province}):
                found.append(f"march {here} from {province} to {end}")
        if here and not at_war(state, province):
            found.append(f"withdraw {here} from {province}")
            hired = state["provinces"][province]["mercenaries"].get(str(seat), 0)
            if hired:
                found.append(f"withdraw {hired} mercenaries from {province}")
    for sea, info in data.seas().items():
        if set(info["provinces"]) & set(own):
            found.append(with_pay(["sail", sea_slug(sea)], pay_for(cards, {"ship": 1})))
        if state["ships"][sea].get(str(seat)):
            found.append(f"recall {state['ships'][sea][str(seat)]} from {sea_slug(sea)}")
    for count, price in (("1 armies", 1), ("1 ships", 2)):
        found += [
            with_pay(["buy", *count.split()], p)
            for p in pay_options(cards, {"gold": price}, convert)
        ]
    removed_provinces = sorted(p for p in state["province_stack"] if p in own)
    if not state["turn"]["add_used"]:
        for payment in pay_options(cards, {"gold": 1}, convert):
            # Removed cards come back too: starting cards, and province cards still controlled
            # (they wait on the province stack).
            for card in [*state["progress_display"], *player["removed"], *removed_provinces]:
                found.append(with_pay(["add", card], payment))
    if len(player["reserve"]) < reserve_capacity(state, seat):
        found += [f"reserve {c}" for c in player["hand"]]
    found += [f"discard {c}" for c in cards]
    found += [f"remove {c}" for c in cards]
    found += [with_pay(["patronage"], p) for p in pay_options(cards, {"gold": 2}, convert)]
    found += _builds(state, seat, cards, own)
    found += _card_texts(state, seat, cards)
    return [c for c in dict.fromkeys(found) if c]


def _attacks(state: State, seat: int, cards: list[str]) -> list[str | None]:
    convert = converters(state, seat)
    levies = levies_unused(state, seat)
    player = state["seats"][str(seat)]
    found: list[str | None] = []
    ships = [c for c in cards if c in ("ship", "p-ship")]
    for source in [c for c in cards if c in data.provinces() or c == "general"]:
        places = (
            set(controlled(state, seat))
            if source == "general"
            else connected_by_roads(state, seat, source)
        )
        targets: dict[str, list[str]] = {}
        for place in sorted(places):  # sorted: candidates in the same order in every process
            for target in data.provinces()[place]["borders"]:
                if border_for(state, seat, place, target) != "mountains":
                    targets.setdefault(target, [])
            for sea in data.provinces()[place]["seas"]:
                for target in data.seas()[sea]["provinces"]:
                    if ships and target not in targets:
                        targets[target] = [ships[0]]
        for target, via in sorted(targets.items()):
            if state["provinces"][target]["owner"] == seat:
                continue
            rest = [c for c in cards if c != source and c not in via]
            hills = not via and all(
                border_for(state, seat, p, target) != "normal"
                for p in places
                if data.border(p, target)
            )
            for option in army_payments(rest, player["armies"], levies):
                left = [c for c in rest if c not in [i.split(":")[0] for i in option]]
                words = ["attack", target, "from", source]
                if via:
                    words += ["via", *via]
                for food in pay_options(left, {"food": 2 if hills else 1}, convert):
                    found.append(with_pay(words, option + food if food is not None else None))
    if "portal" in cards:
        found += _portal_attacks(state, seat, [c for c in cards if c != "portal"])
    return found


def _portal_attacks(state: State, seat: int, rest: list[str]) -> list[str | None]:
    """Portal: any province not the player's, for 1 food (one payment each, the list stays
    short)."""
    player = state["seats"][str(seat)]
    found: list[str | None] = []
    for target in sorted(data.provinces()):
        if state["provinces"][target]["owner"] == seat:
            continue
        for option in army_payments(rest, player["armies"], levies_unused(state, seat)):
            left = [c for c in rest if c not in [i.split(":")[0] for i in option]]
            food = next(
                (f for f in pay_options(left, {"food": 1}, converters(state, seat)) if f), None
            )
            found.append(
                with_pay(
                    ["attack", target, "from", "portal"], None if food is None else option + food
                )
            )
    return found


def _builds(state: State, seat: int, cards: list[str], own: list[str]) -> list[str | None]:
    convert = converters(state, seat)
    found: list[str | None] = []
    builders = [c for c in cards if c in ("build", "p-build")]
    if not builders:
        return found
    builder = builders[0]
    for card in [c for c in cards if c in data.provinces() or c == "general"]:
        places = set(own) if card == "general" else connected_by_roads(state, seat, card)
        rest = [c for c in cards if c not in (builder, card)]
        guilded = token_available(state, seat, "guilded-city")
        inns = token_available(state, seat, "inns")
        for province in sorted(places & set(own)):
            for kind, stone in (("city", 2), ("castle", 1)):
                words = ["build", kind, province, "with", builder, card]
                found += [with_pay(words, p) for p in pay_options(rest, {"stone": stone}, convert)]
                if kind == "city" and guilded:
                    extra = pay_options(rest, {"stone": stone, "gold": 1}, convert)
                    found += [with_pay(words, p) for p in extra]
            for other in data.provinces()[province]["borders"]:
                border = border_for(state, seat, province, other)
                if other in own and border != "mountains":
                    a, b = sorted((province, other))
                    words = ["build", "road", a, b, "with", builder, card]
                    stone = 3 if border == "hills" else 2
                    found += [
                        with_pay(words, p) for p in pay_options(rest, {"stone": stone}, convert)
                    ]
                    if inns:
                        extra = pay_options(rest, {"stone": stone, "gold": 1}, convert)
                        found += [with_pay(words, p) for p in extra]
    return found


def _card_texts(state: State, seat: int, cards: list[str]) -> list[str | None]:
    convert = converters(state, seat)
    found: list[str | None] = []
    rest = [c for c in cards if c not in ("mystic", "mercenary", "diplomat")]
    player = state["seats"][str(seat)]
    if "scribe" in player["reserve"]:
        found.append("scribe cards" if player.get("scribe_supply") else "scribe supply")
    if "warehouse" in player["reserve"]:
        found += [f"play warehouse {c}" for c in player["hand"]]
    if "militia" in cards:
        found.append("play militia")
    if "providence" in cards:
        found.append("play providence")
    if "philosopher" in cards:
        found.append("play philosopher")
    if "counsellor" in cards:
        # One or more cards discarded: each card alone (a longer list is typed).
        found += [f"play counsellor {c}" for c in cards if c != "counsellor"]
    if "alchemist" in cards:
        found += ["play alchemist 1", "play alchemist 2"]
    if "mystic" in cards:
        for card in sorted(set(state["seats"][str(seat)]["discard"])):
            for payment in pay_options(rest, {"gold": 1}, convert):
                found.append(with_pay(["play", "mystic", card], payment))
    for province, where in state["provinces"].items():
        if "marauders" in cards:
            found += [
                f"play marauders {province} {state['colours'][int(s) - 1]}"
                for s in sorted(where["armies"])
            ]
        gold = (
            pay_options(rest, {"gold": 1}, convert)
            if {"mercenary", "diplomat"} & set(cards)
            else []
        )
        if "mercenary" in cards and where["armies"].get(str(seat)):
            found += [with_pay(["play", "mercenary", province, "1"], p) for p in gold]
        if "diplomat" in cards and at_war(state, province):
            found += [with_pay(["play", "diplomat", province], p) for p in gold]
    return found


def acting_seat(state: State) -> int:
    """The seat to act next: during the secret setup choices (made by all at once) the first
    seat still to choose."""
    waiting = choosers(state)
    return waiting[0] if waiting else int(state["turn"]["seat"])


def legal_commands(state: State, seat: int) -> list[str]:
    if state["finished"]:
        return []
    if pending_choices(state) is not None:
        if seat not in choosers(state):
            return []
    elif state["turn"]["seat"] != seat:
        return []
    actor = state["colours"][seat - 1]
    legal = []
    for command in candidates(state, seat):
        try:
            apply(state, actor, command)
        except RuleError:
            continue
        legal.append(command)
    return legal


def accepted(state: State, seat: int, command: str) -> tuple[State, list[dict[str, Any]]] | None:
    try:
        return apply(state, state["colours"][seat - 1], command)
    except RuleError:
        return None
