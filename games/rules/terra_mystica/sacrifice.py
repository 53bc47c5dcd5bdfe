"""Power sacrifice offered automatically (Yucata: a power action or conversion that bowl III
cannot pay now, but can after burning power from bowl II, is offered as "requires sacrifice";
choosing it burns the minimum), at the start of a turn and after what the row holds so far.
A ship's move whose extra step bowl III cannot pay is offered the same way."""

from __future__ import annotations

from .legal import accepts, candidate_rows, middle_of_row, power_action_cost
from .state import GameState

# Power conversions are candidates only when bowl III can pay them; these are the ones a
# burn can make payable.
POWER_CONVERSIONS = ("convert 1PW to 1C", "convert 3PW to 1W", "convert 5PW to 1P")


def _pays_with_power(row: str) -> bool:
    """Does a step of ``row`` pay power from bowl III: a power action, a power conversion,
    or a ship's move (Merchants of the Seas: its extra step costs 1 power)?"""
    for step in row.split(". "):
        step = step.strip()
        if (
            (step.startswith("action ACT") and step[len("action ACT") :].isdigit())
            or (step.startswith("convert") and "PW" in step.split(" to ")[0])
            or step.startswith("sail ")
        ):
            return True
    return False


def sacrifice_offers(state: GameState, actor: str, row: str = "") -> dict[str, int]:
    """Rows that only a burn makes legal, each with the fewest power tokens to burn.

    At the start of the turn the row to send is ``burn N. <row>``. After ``row`` (what the
    player has chosen of the move so far, e.g. a build) the offers are what may follow it:
    ``<row>. burn N. <offer>``."""
    middle = middle_of_row(state, actor, row) if row.strip() else state
    f = middle.factions.get(actor) if middle is not None else None
    if middle is None or f is None or f.p2 < 2:
        return {}
    before = f"{row}. " if row.strip() else ""
    offers: dict[str, int] = {}
    most = f.p2 // 2  # a burn of n moves n tokens into bowl III, and takes 2n from bowl II
    for candidate in dict.fromkeys([*candidate_rows(middle, actor), *POWER_CONVERSIONS]):
        if not _pays_with_power(candidate):
            continue
        # A power action that bowl III cannot pay is refused before anything else is tried,
        # so neither the row alone nor a burn too small to pay it need be tried. One that bowl
        # III pays already is legal or not whatever is burnt: nothing after it in such a row
        # pays power (its spades dig with workers, build and bridge with coins and workers).
        cost = power_action_cost(middle, f, candidate)
        if cost is not None:
            short = cost - f.p3
            if not 0 < short <= most:
                continue
        elif accepts(state, actor, before + candidate):
            continue
        else:
            short = 1
        for burn in range(short, most + 1):
            if accepts(state, actor, f"{before}burn {burn}. {candidate}"):
                offers[candidate] = burn
                break
    return offers
