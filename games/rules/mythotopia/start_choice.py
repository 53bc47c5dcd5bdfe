"""The optional start choice (3-4 players): one province more is dealt, then each player
secretly returns two province cards, all at once; they are revealed together when the last has
chosen (MY-03). Then the citadels are chosen (when the Citadel card is in play), and only then
are the first hands drawn (the seed's setup order)."""

from __future__ import annotations

import itertools
from typing import Any

from games.rules.core import RuleError

from . import data
from .deal import deal_hands
from .sayings import gettext_noop, said
from .state import State, choosers, controlled

OPTION = "start-choice"


def returns() -> int:
    """How many cards each player gives back: the seed's "wählen alle Spieler gleichzeitig und
    geheim zwei ihrer Gebietskarten aus, die sie abwerfen wollen"."""
    return int(data.rules()["start_choice_returns"])


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
    revealed: dict[str, Any] = {**said(None, gettext_noop("provinces returned")), "reveals": True}
    rows.append(revealed)
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
    if state.get("citadel_choices") is None:
        revealed["drawn_by"] = deal_hands(state)
    # Otherwise the citadels are chosen next, and the hands drawn after them (citadel.reveal).


def candidates(state: State, seat: int) -> list[str]:
    own = sorted(controlled(state, seat))
    return [f"return {' '.join(pair)}" for pair in itertools.combinations(own, returns())]
