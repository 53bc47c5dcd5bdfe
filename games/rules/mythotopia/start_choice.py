"""The optional start choice (3-4 players): one province more is dealt, then each player
secretly returns province cards, all at once; they are revealed together when the last has
chosen (MY-03)."""

from __future__ import annotations

from typing import Any

from games.rules.core import RuleError

from . import data
from .sayings import gettext_noop, said
from .state import State, choosers, controlled, draw, first_turn, rng

OPTION = "start-choice"


def returns() -> int:
    """How many cards each player gives back (the rulebook's 'two' is provisional)."""
    return int(data.provisional_value("start_choice_discard"))


def choosing(state: State) -> bool:
    return bool(state.get("start_choices") is not None and not state["finished"])


def choose(state: State, seat: int, words: list[str], rows: list[dict[str, Any]]) -> None:
    """``return <province>...``: the cards stay secret until every seat has chosen."""
    rule = "Start choice"
    own = controlled(state, seat)
    if len(words) != returns() or len(set(words)) != len(words) or not set(words) <= set(own):
        raise RuleError(f"{rule}: return {returns()} of your provinces.")
    choices = state["start_choices"]
    choices[str(seat)] = list(words)
    rows.append(said(seat, gettext_noop("chooses the provinces to return")))
    if not choosers(state):
        reveal(state, rows)


def reveal(state: State, rows: list[dict[str, Any]]) -> None:
    """Every seat has chosen (or left): the returned provinces are shown together."""
    choices = state["start_choices"]
    rows.append({**said(None, gettext_noop("provinces returned")), "reveals": True})
    for key, provinces in sorted(choices.items()):
        player = state["seats"][key]
        for province in provinces:
            state["provinces"][province].update(owner=None, building=None)
            player["villages"] += 1
            player["deck"].remove(province)
            state["province_stack"].append(province)  # the top of the province stack
        colour = state["colours"][int(key) - 1]
        rows.append(
            said(
                None,
                gettext_noop("%(colour)s: %(province)s"),
                colour=colour,
                province=", ".join(provinces),
            )
        )
    state["start_choices"] = None
    state["turn"] = first_turn(state)
    deal_hands(state)


def deal_hands(state: State) -> None:
    """The first hands, after the start choice when it is played."""
    rules = data.rules()
    for index in range(len(state["players"])):
        seat = str(index + 1)
        rng(state).shuffle(state["seats"][seat]["deck"])
        first_hand = rules["hand_size"]
        if index == 3:
            first_hand = rules["first_hand_fourth_player"]
        draw(state, seat, first_hand)
    from .scoring import check_islands

    for index in range(len(state["players"])):
        check_islands(state, index + 1, [])


def candidates(state: State, seat: int) -> list[str]:
    own = sorted(controlled(state, seat))
    if returns() == 1:
        return [f"return {p}" for p in own]
    return [f"return {' '.join(own[i : i + returns()])}" for i in range(len(own) - returns() + 1)]
