"""Dealing a game: the state a setup starts from, the VP cards drawn, the first hands.

Above the state and the scoring (the first hands complete an island for a player), below
the start choice and the citadels, which deal the hands once every secret choice is made.
"""

from __future__ import annotations

from typing import Any

from . import data
from .scoring import check_islands
from .state import State, draw, first_turn, fresh_turn, rng, take_from_supply


def new_state(setup: dict[str, Any]) -> State:
    rules = data.rules()
    players = list(setup["players"])
    count = len(players)
    state: State = {
        "seed": str(setup["seed"]),
        "draws": 0,
        "players": players,
        "colours": rules["colours"][str(count)],
        "provinces": {
            name: {
                "owner": None,
                "building": None,
                "castle": False,
                "dragon": False,
                "runestone": False,
                "armies": {},
                "mercenaries": {},
            }
            for name in data.provinces()
        },
        "roads": [],
        "ships": {sea: {} for sea in data.seas()},
        "province_stack": sorted(data.provinces()),
        "progress_display": [],
        "progress_stack": sorted(data.progress_cards()),
        "vp_cards": {},
        "claimed": [],
        "out_of_game": [],
        "token_supply": dict(rules["token_supply"]),
        "mercenaries": rules["supplies"]["mercenaries"],
        "roads_left": rules["supplies"]["roads"],
        "castles_left": rules["supplies"]["castles"],
        "seats": {},
        "turn": fresh_turn(1),
        "turns_played": 0,
        "dropped": [],
        "finished": False,
        "winner": None,
        "scores": {},
    }
    rng(state).shuffle(state["province_stack"])
    choice = "start-choice" in setup.get("options", [])
    deal = rules["province_deal"][str(count)] + (1 if choice else 0)
    supplies = rules["supplies"]
    for index in range(count):
        seat = str(index + 1)
        dealt = [state["province_stack"].pop() for _ in range(deal)]
        colour = state["colours"][index]
        state["seats"][seat] = {
            "deck": dealt + sorted(data.starting_cards()),
            "hand": [],
            "discard": [],
            "reserve": [],
            "removed": [],
            "armies": supplies["armies"]["personal"],
            "armies_general": supplies["armies"]["total"] - supplies["armies"]["personal"],
            "ships": supplies["ships"]["personal"],
            "ships_general": supplies["ships"]["total"] - supplies["ships"]["personal"],
            "villages": supplies["villages"][colour] - deal,
            "cities": supplies["cities"],
            "citadel": None,
            "tokens": [],
        }
        for province in dealt:
            state["provinces"][province].update(owner=index + 1, building="village")
    rng(state).shuffle(state["progress_stack"])
    state["progress_display"] = sorted(state["progress_stack"][: rules["display_size"]])
    del state["progress_stack"][: rules["display_size"]]
    setup_vp_cards(state, count)
    if choice:
        state["start_choices"] = {}
    if choice or state.get("citadel_choices") is not None:
        return state  # the first hands are drawn when every secret setup choice is made
    deal_hands(state)
    return state


def setup_vp_cards(state: State, count: int) -> None:
    rules = data.rules()
    fixed = rules["fixed_vp_tokens"][str(count)]
    values = data.provisional_value("fixed_vp_token_values")
    for card in rules["fixed_vp_cards"]:
        take_from_supply(state, card, [values[card]] * fixed)
    variable = sorted(rules["variable_vp_cards"])
    rng(state).shuffle(variable)
    tokens = data.provisional_value("variable_vp_tokens")
    for card in sorted(variable[: rules["variable_vp_drawn"]]):
        take_from_supply(state, card, list(tokens[card]))
        if card in ("dragons", "runestones"):
            # The top 5 of the province stack get the piece; the cards go under the stack.
            top = state["province_stack"][-5:]
            del state["province_stack"][-5:]
            for province in top:
                state["provinces"][province]["dragon" if card == "dragons" else "runestone"] = True
            state["province_stack"][:0] = top
        if card == "citadel":
            # Each player chooses secretly before the first turn (citadel.choose).
            state["citadel_choices"] = {}


def deal_hands(state: State) -> dict[str, list[str]]:
    """The first hands, by seat, once every secret setup choice is made: the seed sets up the
    VP cards (the citadels chosen among them) before "Jeder Spieler zieht 5 Karten"."""
    rules = data.rules()
    hands: dict[str, list[str]] = {}
    for index in range(len(state["players"])):
        seat = str(index + 1)
        rng(state).shuffle(state["seats"][seat]["deck"])
        first_hand = rules["hand_size"]
        if index == 3:
            first_hand = rules["first_hand_fourth_player"]
        hands[seat] = draw(state, seat, first_hand)
    for index in range(len(state["players"])):
        check_islands(state, index + 1, [])
    state["turn"] = first_turn(state)
    return hands
