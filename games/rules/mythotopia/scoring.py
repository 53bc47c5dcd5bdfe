"""Victory points: 3 per controlled province plus the tokens taken from the VP cards."""

from __future__ import annotations

from typing import Any

from . import data
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
    """Take a token from a VP card in play (the first left, or one of ``value``)."""
    tokens = state["vp_cards"].get(card)
    if not tokens:
        return False
    index = tokens.index(value) if value is not None and value in tokens else 0
    if value is not None and tokens[index] != value:
        return False
    taken = tokens.pop(index)
    state["seats"][str(seat)]["tokens"].append({"card": card, "value": taken})
    rows.append(
        {
            "seat": seat,
            "event": f"takes a {taken}-VP token from {data.vp_card_name(card)}",
        }
    )
    return True


def empty_vp_cards(state: State) -> int:
    return sum(1 for tokens in state["vp_cards"].values() if not tokens)


def check_islands(state: State, seat: int, rows: list[dict[str, Any]]) -> None:
    """Lord of the Isles: the first to control a whole island takes its token."""
    if "isles" not in state["vp_cards"]:
        return
    owned = set(controlled(state, seat))
    for kind, value in (("larger", 3), ("smaller", 2)):
        if f"isles-{kind}" not in state["claimed"] and set(data.island(kind)) <= owned:
            state["claimed"].append(f"isles-{kind}")
            take_token(state, seat, "isles", rows, value)


def check_seas(state: State, seat: int, rows: list[dict[str, Any]]) -> None:
    """Master of the Sea: the first with ships in 3, and the first in 4, sea areas."""
    if "sea" not in state["vp_cards"]:
        return
    count = sum(1 for ships in state["ships"].values() if ships.get(str(seat), 0) > 0)
    for needed in (3, 4):
        if count >= needed and f"sea-{needed}" not in state["claimed"]:
            state["claimed"].append(f"sea-{needed}")
            take_token(state, seat, "sea", rows)
            return
