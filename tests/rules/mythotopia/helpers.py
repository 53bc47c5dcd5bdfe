"""Explicit Mythotopia states for scenario tests: a dealt game, then the pieces a test needs."""

from __future__ import annotations

from typing import Any

from games.rules import mythotopia
from games.rules.mythotopia import data

COLOURS = ("red", "blue", "green", "yellow")


def game(players: int = 2, seed: str = "scenario") -> dict[str, Any]:
    return mythotopia.new_state(
        mythotopia.make_setup([f"p{i}" for i in range(1, players + 1)], seed, [])
    )


def blank(players: int = 2, vp_cards: tuple[str, ...] = ()) -> dict[str, Any]:
    """A dealt game with an empty board, empty hands and decks, and the given VP cards."""
    state = game(players)
    for where in state["provinces"].values():
        where.update(owner=None, building=None, dragon=False, runestone=False, castle=False)
        where["armies"] = {}
        where["mercenaries"] = {}
    state["province_stack"] = sorted(data.provinces())
    for seat in state["seats"].values():
        seat.update(deck=[], hand=[], discard=[], reserve=[], removed=[], tokens=[], citadel=None)
        seat["villages"] = 14
    state["vp_cards"] = {card: [2, 2, 2] for card in ("city", "castle", "streets")}
    for card in vp_cards:
        state["vp_cards"][card] = list(data.provisional_value("variable_vp_tokens")[card])
    return state


def own(state: dict[str, Any], seat: int, *provinces: str, building: str = "village") -> None:
    """``seat`` controls ``provinces``; their cards go from the province stack to its discard."""
    for province in provinces:
        state["provinces"][province].update(owner=seat, building=building)
        state["province_stack"].remove(province)
        state["seats"][str(seat)]["discard"].append(province)


def two_players_near_blore() -> dict[str, Any]:
    """Two players on an empty board: red holds Palmain and Nusus, blue Iracund."""
    state = blank(2)
    own(state, 1, "Palmain", "Nusus")
    own(state, 2, "Iracund")
    return state


def hand(state: dict[str, Any], seat: int, *cards: str) -> None:
    """Put ``cards`` into the seat's hand, from wherever that seat or the game has them."""
    player = state["seats"][str(seat)]
    for card in cards:
        for zone in (
            player["discard"],
            player["deck"],
            state["progress_display"],
            state["progress_stack"],
            state["province_stack"],
        ):
            if card in zone:
                zone.remove(card)
                break
        player["hand"].append(card)


def play(state: dict[str, Any], command: str, seat: int | None = None) -> dict[str, Any]:
    seat = seat or state["turn"]["seat"]
    new, rows = mythotopia.apply(state, COLOURS[seat - 1], command)
    assert len(rows) == 1
    return new
