"""Victory points: 3 per controlled province plus the tokens taken from the VP cards."""

from __future__ import annotations

from typing import Any

from games.rules.core import RuleError

from . import data
from .sayings import gettext_noop, said
from .state import State, controlled


def vp(state: State, seat: int) -> int:
    player = state["seats"][str(seat)]
    provinces = sum(1 for where in state["provinces"].values() if where["owner"] == seat)
    return 3 * provinces + sum(t["value"] for t in player["tokens"])


def breakdown(state: State, seat: int) -> dict[str, int]:
    rows: dict[str, int] = {"provinces": 3 * len(controlled(state, seat))}
    for token in state["seats"][str(seat)]["tokens"]:
        name = data.vp_card_name(token["card"])
        rows[name] = rows.get(name, 0) + token["value"]
    return rows


def take_token(
    state: State, seat: int, card: str, rows: list[dict[str, Any]], value: int | None = None
) -> bool:
    """Take a token from a VP card in play (the first left, or one of ``value``).

    With the Scribe in the reserve a token the card no longer holds comes from the unused supply.
    """
    tokens = state["vp_cards"].get(card)
    if tokens is None:
        return False
    wanted = value if value is not None else (tokens or token_values(card))[0]
    from_supply = (
        scribe(state, seat)
        and state["seats"][str(seat)].get("scribe_supply")
        and state["token_supply"][str(wanted)] > 0
    )
    if tokens and (value is None or value in tokens) and not from_supply:
        taken = tokens.pop(tokens.index(value) if value is not None else 0)
        template = gettext_noop("takes a %(n)s-VP token from %(card)s")
    else:
        taken = value if value is not None else token_values(card)[0]
        if not scribe(state, seat) or state["token_supply"][str(taken)] <= 0:
            return False
        state["token_supply"][str(taken)] -= 1
        template = gettext_noop(
            "takes a %(n)s-VP token from the unused supply for %(card)s (Scribe)"
        )
    state["seats"][str(seat)]["tokens"].append({"card": card, "value": taken})
    rows.append(said(seat, template, n=taken, card=data.vp_card_name(card)))
    return True


def token_available(state: State, seat: int, card: str) -> bool:
    """A token ``seat`` would take from ``card`` (in play): the card's, or with the Scribe one
    from the unused supply when the card is empty ("auch dann ..., wenn auf der entsprechenden
    Siegpunktkarte keine Plättchen mehr liegen")."""
    if card not in state["vp_cards"]:
        return False
    if state["vp_cards"][card]:
        return True
    return scribe(state, seat) and state["token_supply"][str(token_values(card)[0])] > 0


def scribe(state: State, seat: int) -> bool:
    return "scribe" in state["seats"][str(seat)]["reserve"]


SCRIBE_SOURCES = {"supply": True, "cards": False}


def choose_scribe_source(
    state: State, seat: int, words: list[str], rows: list[dict[str, Any]]
) -> None:
    """``scribe supply`` / ``scribe cards``: where the Scribe's player takes the tokens they
    earn. The seed: "Immer wenn du ein Siegpunktplättchen von einer Siegpunktkarte nehmen
    darfst, kannst du stattdessen ein entsprechendes Plättchen aus dem Vorrat der ungenutzten
    Siegpunktplättchen nehmen" - a standing choice, so that it holds for tokens earned in
    another player's turn too (Defender of the Realm). Not an action: it changes no piece."""
    rule = "Scribe"
    if len(words) != 1 or words[0] not in SCRIBE_SOURCES:
        raise RuleError(f"{rule}: scribe supply | scribe cards")
    if not scribe(state, seat):
        raise RuleError(f"{rule}: only with the Scribe in your reserve.")
    player = state["seats"][str(seat)]
    chosen = SCRIBE_SOURCES[words[0]]
    if bool(player.get("scribe_supply")) == chosen:
        raise RuleError(f"{rule}: your tokens already come from the {words[0]}.")
    player["scribe_supply"] = chosen
    if chosen:
        template = gettext_noop("takes VP tokens from the unused supply (Scribe)")
    else:
        template = gettext_noop("takes VP tokens from the VP cards while they hold any (Scribe)")
    rows.append(said(seat, template))


def token_values(card: str) -> list[int]:
    """The values of the tokens a VP card starts with."""
    fixed = data.provisional_value("fixed_vp_token_values")
    if card in fixed:
        return [int(fixed[card])]
    return [int(v) for v in data.provisional_value("variable_vp_tokens")[card]]


def empty_vp_cards(state: State) -> int:
    return sum(1 for tokens in state["vp_cards"].values() if not tokens)


def check_islands(
    state: State, seat: int, rows: list[dict[str, Any]], captured: str | None = None
) -> None:
    """Lord of the Isles: the first to control a whole island takes its token; with the
    Scribe a player scores it again when a capture newly completes the island."""
    if "isles" not in state["vp_cards"]:
        return
    owned = set(controlled(state, seat))
    for kind, value in (("larger", 3), ("smaller", 2)):
        if not set(data.island(kind)) <= owned:
            continue
        if f"isles-{kind}" not in state["claimed"]:
            state["claimed"].append(f"isles-{kind}")
            take_token(state, seat, "isles", rows, value)
        elif captured in data.island(kind) and scribe(state, seat):
            take_token(state, seat, "isles", rows, value)


def check_seas(state: State, seat: int, rows: list[dict[str, Any]]) -> None:
    """Master of the Sea: the first with ships in 3, and the first in 4, sea areas. With the
    Scribe a later player scores a condition once, marking it with one of their villages."""
    if "sea" not in state["vp_cards"]:
        return
    count = sum(1 for ships in state["ships"].values() if ships.get(str(seat), 0) > 0)
    player = state["seats"][str(seat)]
    for needed in (3, 4):
        marks = (f"sea-{needed}-{seat}", f"sea-{needed}-scribe-{seat}")
        if count < needed or set(marks) & set(state["claimed"]):
            continue
        if f"sea-{needed}" not in state["claimed"]:
            state["claimed"] += [f"sea-{needed}", f"sea-{needed}-{seat}"]
            take_token(state, seat, "sea", rows)
            return
        if (
            scribe(state, seat)
            and player["villages"] > 0
            and take_token(state, seat, "sea", rows, 2)
        ):
            player["villages"] -= 1  # the village on the card marks the condition
            state["claimed"].append(f"sea-{needed}-scribe-{seat}")
            return
