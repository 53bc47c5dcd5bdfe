"""A command tried without being played: what its player may see of the result.

A preview must not reveal more than playing the command would reveal to its player, and not
before they commit to it: the cards it would draw (from the deck, whose order is secret even
to its owner), the progress cards a Philosopher would look at and the other players' secret
setup choices stay hidden; only their number is shown.
"""

from __future__ import annotations

from typing import Any

from . import citadel, start_choice
from .commands import apply, canonical
from .legal import legal_commands
from .state import State, seat_colour
from .view import view


def preview(state: State, seat: int, command: str) -> dict[str, Any]:
    """``state``: the view of the result for ``seat``; ``ledger``: its rows without the cards
    drawn; ``legal``: what the seat could do next in the same turn (nothing when the result
    holds cards it may not see yet). Raises ``RuleError`` as ``apply`` does."""
    after, rows = apply(state, seat_colour(seat), command)
    if start_choice.choosing(state) or citadel.choosing(state):
        # A secret setup choice: the result would reveal the others' choices once all are
        # made, so the preview shows the choice alone.
        shown = view(state, seat)
        shown["my_pending_choice"] = " ".join(canonical(command))
        row = {"actor": rows[0]["actor"], "command": rows[0]["command"]}
        return {"after": after, "state": shown, "ledger": [row], "legal": []}
    drawn = [card for row in rows for card in row.get("drawn", [])]
    if canonical(command)[0] == "take" and drawn:
        drawn = drawn[1:]  # the Philosopher's card the player takes is one they chose
    shown = view(after, seat)
    hand = list(shown["my_hand"])
    for card in drawn:
        hand.remove(card)
    shown["my_hand"] = hand
    shown["cards_to_draw"] = len(drawn)
    looked_at = shown.pop("my_philosopher", [])
    shown["philosopher_cards"] = len(looked_at)
    ledger = []
    for row in rows:
        # Neither the cards the seat would draw nor those another player would draw.
        kept = {k: v for k, v in row.items() if k not in ("drawn", "drawn_by")}
        if "drawn" in row:
            kept["drawn_count"] = len(row["drawn"])
        ledger.append(kept)
    same_turn = after["turn"]["seat"] == seat and not after["finished"]
    legal = legal_commands(after, seat) if same_turn and not drawn and not looked_at else []
    return {"after": after, "state": shown, "ledger": ledger, "legal": legal}
