"""Citadel at setup: every player at once secretly chooses one of their provinces; all are
revealed together, when the last player has chosen (MY-18)."""

from __future__ import annotations

from typing import Any

from games.rules.core import RuleError

from .deal import deal_hands
from .sayings import gettext_noop, said
from .state import State, choosers, controlled


def choosing(state: State) -> bool:
    return bool(state.get("citadel_choices") is not None and not state["finished"])


def choose(state: State, seat: int, words: list[str], rows: list[dict[str, Any]]) -> None:
    """``citadel <province>``: the choice stays secret until every seat has chosen."""
    rule = "Citadel"
    if not choosing(state):
        raise RuleError(f"{rule}: citadels are chosen only at the start of the game.")
    if len(words) != 1 or words[0] not in controlled(state, seat):
        raise RuleError(f"{rule}: citadel <one of your provinces>")
    choices = state["citadel_choices"]
    choices[str(seat)] = words[0]
    rows.append(said(seat, gettext_noop("chooses a province for the citadel")))
    if not choosers(state):
        reveal(state, rows)


def reveal(state: State, rows: list[dict[str, Any]]) -> None:
    """Every seat has chosen (or left): all citadels are placed together, then the first hands
    are drawn (each seat's cards for its own eyes: ``drawn_by``)."""
    choices = state["citadel_choices"]
    for key, province in sorted(choices.items()):
        state["provinces"][province]["building"] = "citadel"
        player = state["seats"][key]
        player["villages"] += 1
        player["citadel"] = "board"
    state["citadel_choices"] = None
    hands = deal_hands(state)
    rows.append(
        {**said(None, gettext_noop("citadels revealed")), "reveals": True, "drawn_by": hands}
    )
    for key, province in sorted(choices.items()):
        colour = state["colours"][int(key) - 1]
        rows.append(
            said(None, gettext_noop("%(colour)s: %(province)s"), colour=colour, province=province)
        )


def candidates(state: State, seat: int) -> list[str]:
    return [f"citadel {p}" for p in sorted(controlled(state, seat))]
