"""The expansion's side of ``expansion.MerchantsHooks``: what the base game calls, here only
named or wrapped, plus the expansion's part of the state view and of the invariants."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..expansion import register_merchants
from . import actions, commands, legal, ships, state, trade
from .actions import ACTIONS, POWER_ACTIONS

if TYPE_CHECKING:
    from ..context import Game
    from ..setup import GameSetup
    from ..state import FactionState, GameState


class Merchants:
    """Merchants of the Seas as the base game sees it (one instance, registered below)."""

    actions = ACTIONS
    power_actions = POWER_ACTIONS

    def new_state(self, setup: GameSetup) -> dict:
        return state.new_merchants_state(setup)

    def new_faction(self, s: GameState, f: FactionState) -> None:
        state.new_faction_state(s, f)

    def refusal(self, faction: str) -> str | None:
        return state.refusal(faction)

    def starting_vp(self, map_id: str, faction: str, printed: int) -> int:
        return state.starting_vp(map_id, faction, printed)

    def ask_for_dock(self, g: Game, f: FactionState) -> bool:
        return ships.ask_for_dock(g, f)

    def execute(self, g: Game, f: FactionState, verb: str, args: tuple) -> None:
        commands.execute(g, f, verb, args)

    def take_action(self, g: Game, f: FactionState, action: str) -> None:
        actions.take_action(g, f, action)

    def settle(self, g: Game, f: FactionState) -> bool:
        return commands.settle(g, f)

    def check_no_trades_waiting(self, g: Game, f: FactionState) -> None:
        commands.check_no_trades_waiting(g, f)

    def ship_adjacent(self, g: Game, f: FactionState, hex_id: str) -> bool:
        return ships.ship_adjacent(g, f, hex_id)

    def check_trade_spade(self, g: Game, f: FactionState, hex_id: str) -> None:
        trade.check_trade_spade(g, f, hex_id)

    def sandstorm_by_ship(self, g: Game, f: FactionState, hex_id: str) -> bool:
        return actions.sandstorm_by_ship(g, f, hex_id)

    def place_deferred_dock(self, g: Game, f: FactionState, hex_id: str) -> None:
        ships.place_deferred_dock(g, f, hex_id)

    def build_shipyard(self, g: Game, f: FactionState, hex_id: str) -> None:
        actions.build_shipyard(g, f, hex_id)

    def gain_ships(self, g: Game, f: FactionState, n: int) -> None:
        ships.gain_ships(g, f, n)

    def check_favor(self, g: Game, f: FactionState, tile: str) -> None:
        actions.check_favor(g, f, tile)

    def pass_vp(self, g: Game, f: FactionState) -> list[tuple[int, str]]:
        return actions.merchants_pass_vp(g, f)

    def markers_placed(self, s: GameState, f: FactionState) -> int:
        return state.markers_placed(s, f)

    def decisions(self, g: Game, f: FactionState, kinds: set[str]) -> Iterator[str]:
        return legal.decisions(g, f, kinds)

    def legal_actions(self, g: Game, f: FactionState) -> Iterator[str]:
        return legal.actions(g, f)

    def ship_neighbours(self, g: Game, f: FactionState) -> set[str]:
        return legal.ship_neighbours(g, f)

    def view(self, s: GameState) -> dict:
        """Docks, shipyards, ships, trade markers, canals, and which components are
        provisional (shown to players)."""
        assert s.merchants is not None
        return {
            "factions": {
                name: {
                    "dock": m["dock"],
                    "shipyard": m["shipyard"],
                    "ships": list(m["ships"]),
                    "ships_to_place": m["place"],
                    "trade_markers_left": m["markers"],
                    "traded": list(m["traded"]),
                }
                for name, m in s.merchants["factions"].items()
            },
            "canals": [list(c) for c in s.merchants["canals"]],
            "canal_data": state.canal_status(s.setup.map_id),
            "provisional": state.provisional_components(),
        }

    def violations(self, s: GameState) -> list[str]:
        """At most 3 ships, 15 trade markers, one trade per building."""
        out: list[str] = []
        board = s.setup.board
        for name, m in s.merchants["factions"].items() if s.merchants else ():
            ships_on_map = m["ships"]
            if len(ships_on_map) + m["place"] > state.limit("ships") or m["place"] < 0:
                out.append(
                    f"{name}: {len(ships_on_map)} ships on the map and {m['place']} to place"
                )
            if m["markers"] < 0 or m["markers"] + len(m["traded"]) != state.limit("trade_markers"):
                out.append(f"{name}: {m['markers']} trade markers left, {len(m['traded'])} placed")
            if len(set(m["traded"])) != len(m["traded"]):
                out.append(f"{name}: traded twice with one building")
            if any(s.owner.get(h) in (None, name) for h in m["traded"]):
                out.append(f"{name}: a trade marker under an own building or an empty hex")
            waiting = m["trades"] + m["resolved"]
            for h in ships_on_map:
                if board.is_land(h) and h not in waiting:
                    out.append(f"{name}: a ship on land hex {h} that is not trading")
            if m["dock"] is not None and s.owner.get(m["dock"]) != name:
                out.append(f"{name}: dock on {m['dock']}, not an own building")
        return out


register_merchants(Merchants())
