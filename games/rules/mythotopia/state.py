"""The state as plain JSON data, the setup a game is dealt from (deal.py deals it), the decks.

Seats are keys "1".."4". Randomness during play comes from the game's seed and a counter kept
in the state, so a replay draws the same cards and a player cannot see what comes next.
"""

from __future__ import annotations

import random
from typing import Any

from games.rules.core import RuleError

from . import data

State = dict[str, Any]


_FLAT = (str, int, float, bool, type(None))


def copied(state: State) -> State:
    """A deep copy of plain data. Every legal command and every bot step copies the state, so
    the provinces (most of it) are copied knowing their shape: a third faster than pickle,
    several times faster than copy.deepcopy."""
    return {
        key: _provinces(value) if key == "provinces" else _plain(value)
        for key, value in state.items()
    }


def _provinces(provinces: dict[str, Any]) -> dict[str, Any]:
    # A province holds scalars and two dicts of counts per seat.
    return {
        name: {**where, "armies": dict(where["armies"]), "mercenaries": dict(where["mercenaries"])}
        for name, where in provinces.items()
    }


def _plain(value: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists and scalars)."""
    kind = type(value)
    if kind is dict:
        return {k: v if type(v) in _FLAT else _plain(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _FLAT else _plain(v) for v in value]
    return value


def rng(state: State) -> random.Random:
    """A generator for the next random event; each call advances the stored counter."""
    state["draws"] += 1
    return random.Random(f"{state['seed']}:{state['draws']}")


def make_setup(players: list[str], seed: str, options: list[str]) -> dict[str, Any]:
    if str(len(players)) not in data.rules()["province_deal"]:
        raise RuleError("Setup: Mythotopia is played by 2 to 4 players.")
    for option in options:
        if option != "start-choice":
            raise RuleError(f"Setup: Mythotopia has no option {option!r}.")
        if len(players) < 3:
            raise RuleError("Setup: the start choice is played by 3 or 4 players only.")
    return {"players": list(players), "seed": seed, "options": list(options)}


def take_from_supply(state: State, card: str, values: list[int]) -> None:
    for value in values:
        if state["token_supply"][str(value)] <= 0:
            raise RuleError(f"Setup: no {value}-VP token left for {data.vp_card_name(card)}.")
        state["token_supply"][str(value)] -= 1
    state["vp_cards"][card] = values


def pending_choices(state: State) -> dict[str, Any] | None:
    """The secret setup choices being made (the start choice before the citadels), by seat."""
    for key in ("start_choices", "citadel_choices"):
        if state.get(key) is not None:
            return dict(state[key])
    return None


def choosers(state: State) -> list[int]:
    """Seats still to make the pending secret setup choice. Everyone chooses at once, without
    waiting for the others (the seed: "wählen alle Spieler gleichzeitig und geheim")."""
    choices = pending_choices(state)
    if choices is None or state["finished"]:
        return []
    return [s for s in active_seats(state) if str(s) not in choices]


def first_turn(state: State) -> dict[str, Any]:
    """The first turn of play, once every secret setup choice is revealed."""
    return fresh_turn(active_seats(state)[0])


def fresh_turn(seat: int) -> dict[str, Any]:
    return {
        "seat": seat,
        "actions": 0,
        "free": False,
        "add_used": False,
        "road_move": False,
        "once": [],
    }


def draw(state: State, seat: str, count: int) -> list[str]:
    """Draw ``count`` cards; an empty draw pile is refilled from the discard pile only then."""
    player = state["seats"][seat]
    drawn: list[str] = []
    for _ in range(count):
        if not player["deck"]:
            if not player["discard"]:
                break
            player["deck"] = player["discard"]
            player["discard"] = []
            rng(state).shuffle(player["deck"])
        card = player["deck"].pop()
        player["hand"].append(card)
        drawn.append(card)
    return drawn


def hand_limit(state: State, seat: str) -> int:
    base = int(data.rules()["hand_size"])
    return base + 1 if "queen" in state["seats"][seat]["reserve"] else base


def owned_cards(player: dict[str, Any]) -> list[str]:
    """Every card of a player's deck in the wide sense (what the minimum of 7 counts)."""
    return player["deck"] + player["hand"] + player["discard"] + player["reserve"]


def controlled(state: State, seat: int) -> list[str]:
    return sorted(p for p, d in state["provinces"].items() if d["owner"] == seat)


def reserve_capacity(state: State, seat: int) -> int:
    on_board = sum(
        1
        for d in state["provinces"].values()
        if d["owner"] == seat and d["building"] in ("city", "citadel")
    )
    bonus = 2 if "warehouse" in state["seats"][str(seat)]["reserve"] else 0
    return 2 + on_board + bonus


def seat_colour(seat: int) -> str:
    """Colours follow the seats whatever the player count: red and blue for two players."""
    return str(data.rules()["colours"]["4"][seat - 1])


def seat_numbers(state: State) -> list[int]:
    return list(range(1, len(state["players"]) + 1))


def active_seats(state: State) -> list[int]:
    return [s for s in seat_numbers(state) if s not in state["dropped"]]


def border_for(state: State, seat: int, a: str, b: str) -> str | None:
    """A border as it counts for ``seat``: Ranger in the reserve eases it one step."""
    kind = data.border(a, b)
    if kind and "ranger" in state["seats"][str(seat)]["reserve"]:
        return {"hills": "normal", "mountains": "hills"}.get(kind, kind)
    return kind
