"""The hooks through which the base game reaches Merchants of the Seas.

The base game never imports the expansion: the expansion registers an implementation of
``MerchantsHooks`` when its package is imported (the engine's package does so last), and the
base game calls ``merchants()`` only where ``state.merchants is not None``. So the expansion
depends on the base game and not the other way round, and no import cycle runs through it.
The bookkeeping of resources (context.Game) sits below this module: it holds its own part of
the hooks (``context.ExpansionGains``: gaining ships, taking a favor tile), registered here.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Protocol

from .context import ExpansionGains, register_merchants_gains

if TYPE_CHECKING:
    from .context import Game
    from .setup import GameSetup
    from .state import FactionState, GameState


class MerchantsHooks(ExpansionGains, Protocol):
    """What the base game asks of the expansion (merchants/hooks.py implements it); gaining
    ships and favor tiles (``ExpansionGains``) are context.Game's own part of it."""

    # Its action ids (ACTMV, ACT7-ACT9, ...) and its power actions with their specs.
    actions: frozenset[str]
    power_actions: dict[str, dict]

    # --- setup ---
    def new_state(self, setup: GameSetup) -> dict: ...
    def new_faction(self, s: GameState, f: FactionState) -> None: ...
    def refusal(self, faction: str) -> str | None: ...
    def starting_vp(self, map_id: str, faction: str, printed: int) -> int: ...
    def ask_for_dock(self, g: Game, f: FactionState) -> bool: ...

    # --- commands, actions and the turn ---
    def execute(self, g: Game, f: FactionState, verb: str, args: tuple) -> None: ...
    def take_action(self, g: Game, f: FactionState, action: str) -> None: ...
    def settle(self, g: Game, f: FactionState) -> bool: ...
    def check_no_trades_waiting(self, g: Game, f: FactionState) -> None: ...

    # --- building ---
    def ship_adjacent(self, g: Game, f: FactionState, hex_id: str) -> bool: ...
    def check_trade_spade(self, g: Game, f: FactionState, hex_id: str) -> None: ...
    def sandstorm_by_ship(self, g: Game, f: FactionState, hex_id: str) -> bool: ...
    def place_deferred_dock(self, g: Game, f: FactionState, hex_id: str) -> None: ...
    def build_shipyard(self, g: Game, f: FactionState, hex_id: str) -> None: ...

    # --- gains and scoring ---
    def pass_vp(self, g: Game, f: FactionState) -> list[tuple[int, str]]: ...
    def markers_placed(self, s: GameState, f: FactionState) -> int: ...

    # --- legal moves, views, invariants ---
    def decisions(self, g: Game, f: FactionState, kinds: set[str]) -> Iterator[str]: ...
    def legal_actions(self, g: Game, f: FactionState) -> Iterator[str]: ...
    def ship_neighbours(self, g: Game, f: FactionState) -> set[str]: ...
    def view(self, state: GameState) -> dict: ...
    def violations(self, state: GameState) -> list[str]: ...


_registered: list[MerchantsHooks] = []


def register_merchants(hooks: MerchantsHooks) -> None:
    _registered[:] = [hooks]
    register_merchants_gains(hooks)


def merchants() -> MerchantsHooks:
    """The expansion's hooks (registered when the engine's package is imported)."""
    if not _registered:  # pragma: no cover - the package always imports the expansion
        raise RuntimeError("Merchants of the Seas is not loaded: import games.rules.terra_mystica")
    return _registered[0]
