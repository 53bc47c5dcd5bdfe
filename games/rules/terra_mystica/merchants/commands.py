"""The expansion's rows, and what a faction still owes before its turn can end.

| row | meaning |
|---|---|
| ``dock E5`` | setup: the dock marker on an own dwelling beside a river |
| ``ship r5`` | place a ship gained on a river hex beside the dock or shipyard |
| ``action ACTMV`` / ``ACT7`` / ``BON13`` | the move action (board, power, bonus card) |
| ``sail r5-r6-E7`` | one ship's move, its hex first; ending on a building queues a trade |
| ``sail r5-r6-E7 from bowl II`` | the same, its extra step paid from bowl II (Swarmlings) or III |
| ``trade E7 [for X]`` | resolve a queued trade (X: PW, P, FIRE..AIR, SHIP, ACTMV) |
| ``upgrade E5 to SY`` | the shipyard |
| ``action ACTSY`` / ``ACT8`` / ``BON14`` | place one ship (shipyard, power, bonus card) |
| ``action ACT9`` | a favor tile for 5 power and a priest |
| ``build E5 with ship`` | a dwelling beside an own ship, paid by returning the ship |
| ``choose priest FIRE`` / ``choose coins FIRE`` / ``choose ship`` | FAV13's one-time choice |
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import RuleError
from .. import turns
from . import actions, ships, trade
from .state import of

if TYPE_CHECKING:
    from ..context import Game
    from ..state import FactionState


def execute(g: Game, f: FactionState, verb: str, args: tuple) -> None:
    if verb in ("sail", "build_ship") and (g.s.round == 0 or not turns.is_active(g, f)):
        raise RuleError(f"it is not {f.name}'s turn")
    if verb == "dock":
        ships.place_dock(g, f, args[0])
    elif verb == "ship":
        ships.place_ship(g, f, args[0])
    elif verb == "sail":
        ships.sail(g, f, args[0], args[1])
    elif verb == "trade":
        trade.trade(g, f, args[0], args[1])
    elif verb == "build_ship":
        actions.build_with_ship(g, f, args[0])
    elif verb == "choose":
        actions.choose(g, f, args[0], args[1])
    else:  # pragma: no cover - the parser knows no other verbs
        raise RuleError(f"unknown command {verb}")


def settle(g: Game, f: FactionState) -> bool:
    """Ask for what ``f`` owes of the expansion (ships to place, trades, FAV13's choice);
    True if anything is owed, so the turn cannot end yet."""
    m = of(g.s, f)
    if m["sandstorm_ship"]:
        raise RuleError(
            f"the sandstorm beside a ship needs 'build {m['sandstorm_ship']} with ship' "
            "in the same action"
        )
    if not f.spade:
        m["spade_not_on"] = None  # the stronghold trade's spades are used up
        if not m["trades"]:
            m["sh_hex"] = None
    owed = False
    for kind, amount in (
        ("ship", m["place"]),
        ("trade", len(m["trades"])),
        ("favor-choice", m["fav13"]),
    ):
        if amount:
            turns.require_action(g, f, {"type": kind, "amount": amount})
            owed = True
        else:
            turns.dismiss_action(g, f, kind)
    return owed


def check_no_trades_waiting(g: Game, f: FactionState) -> None:
    """A new action (the last player's next one) waits until the trades are resolved."""
    waiting = of(g.s, f)["trades"]
    if waiting:
        raise RuleError(
            f"{f.name} first resolve their trades ({', '.join(waiting)}): 'trade {waiting[0]}'"
        )
