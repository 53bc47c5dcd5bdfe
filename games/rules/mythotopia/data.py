"""The game's components as data: the map, the cards, and the provisional values in one place."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"
RESOURCES = ("food", "stone", "gold")
SYMBOLS = (*RESOURCES, "army", "ship")


@functools.cache
def _load(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def board() -> dict[str, Any]:
    return _load("map.json")


def rules() -> dict[str, Any]:
    return _load("cards.json")


def provisional() -> dict[str, Any]:
    """Every component value no public source confirms, each with its source and a flag."""
    return _load("provisional.json")


def provisional_value(key: str) -> Any:
    return provisional()["values"][key]["value"]


def provisional_note() -> str:
    return str(provisional()["note"])


def provinces() -> dict[str, dict[str, Any]]:
    return board()["provinces"]


def seas() -> dict[str, dict[str, Any]]:
    return board()["seas"]


def border(a: str, b: str) -> str | None:
    """'normal', 'hills', 'mountains', or None when the provinces do not share a border."""
    return provinces()[a]["borders"].get(b)


def island(kind: str) -> list[str]:
    return sorted(p for p, d in provinces().items() if d["island"] == kind)


def starting_cards() -> dict[str, dict[str, Any]]:
    return provisional_value("starting_cards")


def progress_cards() -> dict[str, dict[str, Any]]:
    return rules()["progress"]


@functools.cache
def card_symbols(card: str) -> dict[str, int]:
    """The symbols a card shows, by kind (a use takes all symbols of one kind)."""
    if card in provinces():
        return {provinces()[card]["symbol"]: 1}
    if card in starting_cards():
        return dict(starting_cards()[card]["symbols"])
    return dict(provisional_value("progress_symbols").get(card, {}))


def card_name(card: str) -> str:
    if card in provinces():
        return card
    if card in starting_cards():
        return str(starting_cards()[card]["name"])
    return str(progress_cards()[card]["name"])


def card_heading(card: str) -> str:
    if card in provinces():
        return "province"
    if card in starting_cards():
        return str(starting_cards()[card]["heading"])
    return str(progress_cards()[card]["heading"])


def vp_card_name(card: str) -> str:
    fixed = {"city": "City", "castle": "Castle", "streets": "Streets"}
    return fixed.get(card) or str(rules()["variable_vp_cards"][card])
