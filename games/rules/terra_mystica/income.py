"""Phase I income and the phase III cult bonus of the previous round's scoring tile.

terra.snellman.net hands out the cult bonus of round N and the income of round N+1 back
to back, in the turn order of round N+1: first every faction's cult bonus, then (after
spades from it are used) every faction's normal income.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from . import turns
from .data import bonus_tiles, favor_tiles
from .factions import LOADED_RULES

if TYPE_CHECKING:
    from .context import Game
    from .state import FactionState

CULT_INCOME = 1
OTHER_INCOME = 14  # bonus tile, buildings, favor tiles


def income_parts(g: Game, f: FactionState) -> dict[str, dict[str, int]]:
    """What ``f`` receives in the next income: cult bonus, bonus tile, buildings, favors.

    The bonus tile pays only once its holder has passed (the tile of the next round).
    """
    bonus, buildings, favors = _other_income(g, f)
    return {"scoring": _cult_income(g, f), "bonus": bonus, "buildings": buildings, "favors": favors}


def _cult_income(g: Game, f: FactionState) -> dict[str, int]:
    """The cult bonus of the round's scoring tile (none after round 6)."""
    score = g.score_tile()
    if score is not None and g.s.round != 6:
        level = f.cult_priests if score.cult == "PRIESTS" else f.cult_of(score.cult)
        times = level // score.per
        if times:
            return {res: n * times for res, n in score.gain.items()}
    return {}


def _other_income(
    g: Game, f: FactionState
) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    """The bonus tile's, the buildings' and the favor tiles' income."""
    buildings: dict[str, int] = {}
    built = f.buildings
    for kind, res, table in LOADED_RULES[f.name].income_tables:
        n = table[built[kind]]
        if n:
            buildings[res] = buildings.get(res, 0) + n
    if g.s.merchants is not None and f.buildings.get("SY"):
        buildings["SHIP"] = 1  # Merchants of the Seas: the shipyard's income
    bonus: dict[str, int] = {}
    if f.bonus and f.passed:
        bonus = dict(bonus_tiles()[f.bonus]["income"])
    favors: dict[str, int] = {}
    if f.favors:
        paying = favor_income()
        for tile in f.favors:
            if tile in paying:
                for res, n in paying[tile].items():
                    favors[res] = favors.get(res, 0) + n
    return bonus, buildings, favors


@cache
def favor_income() -> dict[str, dict[str, int]]:
    """The favor tiles with an income, and what it is: read once, not looked up (with an
    empty default made) for every favor held at every income."""
    return {tile: spec["income"] for tile, spec in favor_tiles().items() if "income" in spec}


def take_income(g: Game, f: FactionState, mask: int) -> None:
    # Each half of the income is worked out when it is paid (the phase pays them apart).
    if mask & CULT_INCOME:
        g.gain(f, _cult_income(g, f), "cult_income")
    if mask & OTHER_INCOME:
        bonus, buildings, favors = _other_income(g, f)
        g.gain(f, bonus, "income")
        g.gain(f, buildings, "income")
        g.gain(f, favors, "income")
    f.income_taken |= mask
    if f.spade:
        turns.require_action(g, f, {"type": "transform", "amount": f.spade})
    if f.cult_steps:
        turns.require_action(g, f, {"type": "cult", "amount": f.cult_steps})
    if f.unlock_terrain:
        turns.require_action(g, f, {"type": "unlock-terrain"})


def income_phase(g: Game, kind: str) -> None:
    """Give every faction its cult bonus (``kind == 'cult'``) or its income, in turn order."""
    s = g.s
    if not s.trailing_comment:
        g.ledger.add_comment(f"Round {s.round + 1} income")
    mask = CULT_INCOME if kind == "cult" else OTHER_INCOME
    for f in turns.factions_in_turn_order(g):
        ledger = g.ledger
        ledger.begin_row(f)
        take_income(g, f, mask)
        if not f.dropped:
            ledger.add_command(f"{kind}_income_for_faction")
        ledger.finish_row()
