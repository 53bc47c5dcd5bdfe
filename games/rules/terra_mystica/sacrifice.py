"""Power sacrifice offered automatically (Yucata: a power action or conversion that bowl III
cannot pay now, but can after burning power from bowl II, is offered as "requires sacrifice";
choosing it burns the minimum)."""

from __future__ import annotations

from .legal import accepts, candidate_rows
from .state import GameState

# Power conversions are candidates only when bowl III can pay them; these are the ones a
# burn can make payable.
POWER_CONVERSIONS = ("convert 1PW to 1C", "convert 3PW to 1W", "convert 5PW to 1P")


def _pays_with_power(row: str) -> bool:
    first = row.split(".")[0].strip()
    return (first.startswith("action ACT") and first[len("action ACT") :].isdigit()) or (
        first.startswith("convert") and "PW" in first.split(" to ")[0]
    )


def sacrifice_offers(state: GameState, actor: str) -> dict[str, int]:
    """Rows that only a burn makes legal, each with the fewest power tokens to burn.

    The row to send is ``burn N. <row>``."""
    f = state.factions.get(actor)
    if f is None or f.p2 < 2:
        return {}
    offers: dict[str, int] = {}
    for row in dict.fromkeys([*candidate_rows(state, actor), *POWER_CONVERSIONS]):
        if not _pays_with_power(row) or accepts(state, actor, row):
            continue
        for burn in range(1, f.p2 // 2 + 1):
            if accepts(state, actor, f"burn {burn}. {row}"):
                offers[row] = burn
                break
    return offers
