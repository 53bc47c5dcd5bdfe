"""Docks, gaining and placing ships, and sailing them (rulebook sections 2.11, 4, 5, 7)."""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from ...core import RuleError
from .. import turns
from ..building import shipping_range
from ..data import merchants_data
from .state import faction_rule, of, ships_in_supply

if TYPE_CHECKING:
    from ..context import Game
    from ..state import FactionState


# --- docks ------------------------------------------------------------------------------


def river_side(g: Game, hex_id: str) -> list[str]:
    """River hexes directly adjacent to a land hex."""
    return [n for n in g.board.neighbours[hex_id] if not g.board.is_land(n)]


def dock_sites(g: Game, f: FactionState) -> list[str]:
    """The faction's dwellings beside a river: where its dock may go."""
    return [
        h
        for h in f.locations
        if g.s.building.get(h) == "D" and river_side(g, h) and g.s.owner.get(h) == f.name
    ]


def ask_for_dock(g: Game, f: FactionState) -> bool:
    """Setup: ask for the dock; False when no dwelling qualifies (it is placed later)."""
    if f.dropped or not dock_sites(g, f):
        return False
    g.s.action_required = [{"type": "dock", "faction": f.name}]
    return True


def place_dock(g: Game, f: FactionState, hex_id: str) -> None:
    s = g.s
    if not s.setup_order or s.setup_order[0] != [f.name, "dock"]:
        raise RuleError(f"{f.name} place their dock only during setup, after all first dwellings")
    if hex_id not in dock_sites(g, f):
        raise RuleError(
            f"the dock goes on a {f.name} dwelling directly beside a river, not {hex_id}"
        )
    of(s, f)["dock"] = hex_id
    s.setup_order.pop(0)
    turns.dismiss_action(g, f, "dock")
    g.ledger.force_finish = True


def place_deferred_dock(g: Game, f: FactionState, hex_id: str) -> None:
    """A faction without a dock puts it on its first dwelling built beside a river."""
    m = of(g.s, f)
    if m["dock"] is None and g.s.round > 0 and river_side(g, hex_id):
        m["dock"] = hex_id
        g.ledger.add_comment(f"{f.name} place their dock on {hex_id}")


# --- gaining and placing ships ---------------------------------------------------------


def gain_ships(g: Game, f: FactionState, n: int, *, at_shipyard: bool = False) -> None:
    """Ships gained wait to be placed ('ship r5'); gains beyond the supply are lost, and
    nothing is gained without a dock or shipyard on the map."""
    m = of(g.s, f)
    if n <= 0:
        return
    if m["dock"] is None and m["shipyard"] is None:
        g.ledger.add_comment(f"{f.name} have no dock or shipyard: {n} ship(s) lost")
        return
    kept = min(n, ships_in_supply(g.s, f))
    if kept < n:
        g.ledger.add_comment(f"{f.name} have no ship left in their supply: {n - kept} lost")
    n = kept
    if n <= 0:
        return
    m["place"] += n
    if at_shipyard:
        m["place_at_shipyard"] += n
    turns.require_action(g, f, {"type": "ship", "amount": m["place"]})


def ship_sites(g: Game, f: FactionState) -> list[str]:
    """River hexes where the next ship gained may be placed."""
    m = of(g.s, f)
    homes = [m["shipyard"]] if m["place_at_shipyard"] else [m["dock"], m["shipyard"]]
    out: list[str] = []
    for h in homes:
        if h is not None:
            out += [r for r in river_side(g, h) if r not in out]
    return sorted(out)


def place_ship(g: Game, f: FactionState, river: str) -> None:
    m = of(g.s, f)
    if m["place"] < 1:
        raise RuleError(f"{f.name} have no ship to place")
    sites = ship_sites(g, f)
    if river not in sites:
        where = "the shipyard" if m["place_at_shipyard"] else "their dock or shipyard"
        raise RuleError(
            f"a new ship goes on a river hex beside {where} ({', '.join(sites)}), not {river}"
        )
    m["place"] -= 1
    if m["place_at_shipyard"]:
        m["place_at_shipyard"] -= 1
    m["ships"].append(river)
    if m["place"]:
        turns.require_action(g, f, {"type": "ship", "amount": m["place"]})
    else:
        turns.dismiss_action(g, f, "ship")


def ships_beside(g: Game, f: FactionState, hex_id: str) -> list[str]:
    """River hexes beside land hex ``hex_id`` holding one of the faction's ships. A ship
    standing on a building while its trade waits is not one: only "Landfelder, die an eines
    eurer Schiffe auf einem Flussfeld grenzen" are reached (seed 003)."""
    ships = of(g.s, f)["ships"]
    return sorted(r for r in g.board.neighbours[hex_id] if r in ships and not g.board.is_land(r))


def ship_adjacent(g: Game, f: FactionState, hex_id: str) -> bool:
    """Is a land hex directly beside one of the faction's ships on a river (reach)?"""
    return bool(ships_beside(g, f, hex_id))


# --- sailing ------------------------------------------------------------------------------


def canal_joins(g: Game, a: str, b: str) -> bool:
    assert g.s.merchants is not None
    return [a, b] in g.s.merchants["canals"] or [b, a] in g.s.merchants["canals"]


def river_step(g: Game, a: str, b: str) -> bool:
    """One step from river hex ``a`` to river hex ``b``: adjacent, or through a canal."""
    board = g.board
    if board.is_land(a) or board.is_land(b):
        return False
    return b in board.neighbours[a] or canal_joins(g, a, b)


def trade_target(g: Game, f: FactionState, hex_id: str) -> str | None:
    """Why a ship of ``f`` may not end on land hex ``hex_id`` (None: it may, to trade)."""
    s = g.s
    m = of(s, f)
    owner = s.owner.get(hex_id)
    if owner is None:
        return f"ships never enter empty land ({hex_id})"
    if owner == f.name:
        return f"ships never enter their own buildings ({hex_id})"
    if hex_id in m["traded"]:
        return f"{f.name} have already traded with the building on {hex_id}"
    if hex_id in m["trades"]:
        return f"another {f.name} ship already goes to {hex_id}"
    if m["markers"] <= len(m["trades"]):
        return f"{f.name} have no trade marker left for another trade"
    return None


def extra_steps(f: FactionState) -> int:
    data = merchants_data()["extra_step_power"]
    return faction_rule("extra_steps", f.name, data["steps"])


def sail(g: Game, f: FactionState, path: tuple[str, ...], bowl: str | None = None) -> None:
    """Move one ship along ``path`` (its hex first); ending on a building queues a trade.
    ``bowl`` ("II" or "III") names the bowl paying the extra step; None: the default one."""
    s = g.s
    m = of(s, f)
    if not f.allowed_sub.get("sail"):
        raise RuleError(
            f"{f.name} sail only within a move action (ACTMV, ACT7 or BON13), each ship once"
        )
    if m["trading"]:
        raise RuleError("all ships have finished moving once trading has begun")
    start = path[0]
    waiting = m["ships"].count(start) - m["sailed"].count(start)
    if waiting < 1:
        raise RuleError(f"{f.name} have no ship on {start} that has not moved in this action")
    for i, (a, b) in enumerate(pairwise(path)):
        if b not in g.board.terrain:
            raise RuleError(f"there is no hex {b} on this map")
        if g.board.is_land(b):
            if i != len(path) - 2:
                raise RuleError(f"a ship's move ends when it enters a building ({b})")
            if b not in g.board.neighbours[a] or g.board.is_land(a):
                raise RuleError(f"{b} is not directly beside river hex {a}")
            why = trade_target(g, f, b)
            if why:
                raise RuleError(why)
        elif not river_step(g, a, b):
            raise RuleError(f"a ship cannot go from {a} to {b} in one step")
    steps = len(path) - 1
    allowed = shipping_range(g, f)
    if steps > allowed:
        if steps > allowed + extra_steps(f):
            raise RuleError(
                f"a {f.name} ship goes {allowed} step(s), {allowed + extra_steps(f)} for 1 power; "
                f"{path[0]} to {path[-1]} takes {steps}"
            )
        pay_extra_step(g, f, bowl)
    elif bowl is not None:
        raise RuleError(
            f"{path[0]} to {path[-1]} takes no extra step: nothing is paid from bowl {bowl}"
        )
    f.allowed_sub["sail"] -= 1
    end = path[-1]
    m["ships"].remove(start)
    m["ships"].append(end)
    m["sailed"].append(end)
    if g.board.is_land(end):
        m["trades"].append(end)


def extra_step_bowls(f: FactionState) -> list[str]:
    """The bowls that can pay a ship's extra step now ("III", and "II" for the Swarmlings)."""
    bowls = ["III"] if f.p3 >= 1 else []
    if f.p2 >= 1 and faction_rule("bowl_two_extra_step", f.name):
        bowls.append("II")
    return bowls


def pay_extra_step(g: Game, f: FactionState, bowl: str | None = None) -> None:
    """1 power from bowl III to bowl I; the Swarmlings may pay from bowl II instead (without
    a choice: bowl III, or bowl II when bowl III is empty)."""
    bowls = extra_step_bowls(f)
    if bowl == "II" and not faction_rule("bowl_two_extra_step", f.name):
        raise RuleError(f"only the Swarmlings pay an extra step from bowl II, not {f.name}")
    if bowl is not None and bowl not in bowls:
        raise RuleError(f"an extra step from bowl {bowl} needs 1 power there; {f.name} have none")
    if not bowls:
        raise RuleError(f"an extra step costs 1 power from bowl III; {f.name} have none")
    if (bowl or bowls[0]) == "III":
        g.adjust(f, "PW", -1)
    else:
        f.p2 -= 1
        f.p1 += 1
