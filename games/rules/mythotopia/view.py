"""The state as one seat (or a spectator) may see it: own cards only, no deck order."""

from __future__ import annotations

from typing import Any

from . import data
from .scoring import vp
from .state import State, choosers, reserve_capacity
from .wars import parties, strength, wars


def view(state: State, seat: int | None) -> dict[str, Any]:
    seats: dict[str, Any] = {}
    for key, player in state["seats"].items():
        number = int(key)
        seats[key] = {
            "colour": state["colours"][number - 1],
            "player": state["players"][number - 1],
            "vp": vp(state, number),
            "vp_shown": max(vp(state, number), int(data.rules()["vp_track_floor"])),
            "hand_size": len(player["hand"]),
            "deck_size": len(player["deck"]),
            "discard_size": len(player["discard"]),
            "reserve": list(player["reserve"]),
            "reserve_capacity": reserve_capacity(state, number),
            "removed": list(player["removed"]),
            "supply": {k: player[k] for k in ("armies", "ships", "villages", "cities")},
            "general_supply": {
                "armies": player["armies_general"],
                "ships": player["ships_general"],
            },
            "citadel": player["citadel"],
            "tokens": [dict(t) for t in player["tokens"]],
            "dropped": number in state["dropped"],
        }
    result: dict[str, Any] = {
        "finished": state["finished"],
        "winner": state["winner"],
        "turn": {k: state["turn"][k] for k in ("seat", "actions", "free", "add_used")},
        "turns_played": state["turns_played"],
        "choosing_citadels": bool(state.get("citadel_choices") is not None),
        "choosing_start": bool(state.get("start_choices") is not None),
        "setup_choosers": choosers(state),  # who has still to choose: public, the choice not
        "seats": seats,
        "provinces": state["provinces"],
        "roads": state["roads"],
        "ships": state["ships"],
        "wars": [
            {
                "province": p,
                "strength": {str(party): strength(state, p, party) for party in parties(state, p)},
            }
            for p in wars(state)
        ],
        "progress_display": list(state["progress_display"]),
        "progress_stack_size": len(state["progress_stack"]),
        "province_stack_size": len(state["province_stack"]),
        "vp_cards": {card: list(tokens) for card, tokens in state["vp_cards"].items()},
        "token_supply": dict(state["token_supply"]),
        "provisional_components": data.provisional_note(),
    }
    if seat is not None:
        own = state["seats"][str(seat)]
        result["my_hand"] = list(own["hand"])
        result["my_discard"] = list(own["discard"])
        returned = state.get("start_choices") or {}
        if str(seat) in returned:
            result["my_start_choice"] = list(returned[str(seat)])
        choices = state.get("citadel_choices") or {}
        if str(seat) in choices:
            result["my_citadel_choice"] = choices[str(seat)]
        if state["turn"]["seat"] == seat and state["turn"].get("philosopher"):
            result["my_philosopher"] = list(state["turn"]["philosopher"])
    return result
