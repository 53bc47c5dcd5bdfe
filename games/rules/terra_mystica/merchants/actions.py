"""The expansion's actions and tiles: moving ships, building ships, the favor action, the
shipyard, dwellings paid with a ship, favor tiles FAV13-16, pass VP (sections 8, 10-13)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import RuleError
from .. import leech, scoring, towns, turns
from ..data import CULT_SPACE_VALUES, CULTS, bonus_tiles, favor_tiles, merchants_data
from .ships import gain_ships, river_side, ships_beside
from .state import faction_rule, of, ships_in_supply, shipyard_board

if TYPE_CHECKING:
    from ..context import Game
    from ..state import FactionState

# ACTMV: the move action of the shipyard board (from the start, free); ACTSY: the shipyard's
# ship action; ACT7-ACT9: the new power actions; BON13 / BON14: the new bonus cards' actions.
MOVE_ACTIONS = ("ACTMV", "ACT7", "BON13")
SHIP_ACTIONS = ("ACTSY", "ACT8", "BON14")  # their one effect: a ship
ACTIONS = frozenset({*MOVE_ACTIONS, *SHIP_ACTIONS, "ACT9"})
POWER_ACTIONS = {a: spec for a, spec in merchants_data()["power_actions"].items() if a != "status"}


def block_key(f: FactionState, action: str) -> str:
    return action if action in POWER_ACTIONS else f"{action}/{f.name}"


def action_cost(g: Game, f: FactionState, action: str) -> dict[str, int]:
    if action in POWER_ACTIONS:
        cost = dict(POWER_ACTIONS[action]["cost"])
        cost["PW"] = g.rules(f).power_action_cost(f, cost["PW"])  # Yetis: 1 less
        return cost
    if action == "ACTSY":
        return dict(shipyard_board(f.name)["ship_action_cost"])
    return dict(merchants_data()["move_action"]["cost"]) if action == "ACTMV" else {}


def may_retake(g: Game, f: FactionState, action: str) -> bool:
    """Yetis retake covered new power actions only with stronghold and shipyard."""
    if action not in POWER_ACTIONS or not g.rules(f).may_retake_power_actions(f):
        return False
    needs = faction_rule("retake_needs", f.name, [])
    return all(f.buildings.get(b) for b in needs)


def unavailable(g: Game, f: FactionState, action: str) -> str | None:
    """Why ``f`` cannot take ``action`` now (None: it can)."""
    s = g.s
    if action in ("BON13", "BON14") and f.bonus != action:
        return f"{f.name} do not hold {action}"
    if action == "ACTSY" and not f.buildings.get("SY"):
        return f"{f.name} have no shipyard yet: its ship action comes with it"
    if block_key(f, action) in s.blocked and not may_retake(g, f, action):
        return f"action {action} has already been used this round"
    if action in MOVE_ACTIONS and not of(s, f)["ships"]:
        return f"{f.name} have no ship on the map to move"
    if action in SHIP_ACTIONS:
        return no_ship_to_gain(g, f)
    return None


def no_ship_to_gain(g: Game, f: FactionState) -> str | None:
    """Why an action whose one effect is a ship cannot be taken: "Wenn sich eure 3 Schiffe
    bereits alle auf dem Spielfeld befinden, könnt ihr kein weiteres Schiff bekommen", and
    none before the dock or the shipyard is on the map (seed 003). Paying for nothing is no
    action: it is refused rather than paid with the ship lost."""
    m = of(g.s, f)
    if m["dock"] is None and m["shipyard"] is None:
        return f"{f.name} gain no ship before their dock or shipyard is on the map"
    if not ships_in_supply(g.s, f):
        return f"{f.name} cannot gain another ship: all 3 are on the map or still to be placed"
    return None


def take_action(g: Game, f: FactionState, action: str) -> None:
    s = g.s
    why = unavailable(g, f, action)
    if why:
        raise RuleError(why)
    m = of(s, f)
    followup = {"sail": len(m["ships"])} if action in MOVE_ACTIONS else {}
    turns.require_subaction(g, f, "action", followup)
    g.pay(f, action_cost(g, f, action), f"action {action}")
    key = block_key(f, action)
    if key not in s.blocked:
        s.blocked.append(key)
    if action in MOVE_ACTIONS:
        m["sailed"] = []
        m["trading"] = False
    elif action == "ACT9":
        g.adjust(f, "GAIN_FAVOR", 1)
    else:
        gain_ships(g, f, 1)


# --- the shipyard ---------------------------------------------------------------------------


def build_shipyard(g: Game, f: FactionState, hex_id: str) -> None:
    """Upgrade a trading house beside a river to the shipyard."""
    s = g.s
    m = of(s, f)
    turns.require_subaction(g, f, "upgrade", {})
    if s.owner.get(hex_id) != f.name or s.building.get(hex_id) != "TP":
        raise RuleError(f"the shipyard is built on a {f.name} trading house; {hex_id} is not one")
    if not river_side(g, hex_id):
        raise RuleError(f"the shipyard's trading house must stand beside a river ({hex_id})")
    if f.buildings["SY"]:
        raise RuleError(f"{f.name} have already built their shipyard")
    board = shipyard_board(f.name)
    leech.note_leech(g, f, hex_id)
    g.pay(f, board["upgrade_cost"], "the shipyard")
    f.buildings["TP"] -= 1
    f.buildings["SY"] = 1
    s.building[hex_id] = "SY"
    m["shipyard"] = hex_id
    bonus = dict(board["bonus"])
    ships = bonus.pop("SHIP", 0)
    if "PICK_COLOR" in bonus and not g.rules(f).setup_steps:
        bonus.pop("PICK_COLOR")
    g.gain(f, bonus, "shipyard")
    gain_ships(g, f, ships, at_shipyard=True)
    scoring.score_build(g, f, "SY")
    towns.detect_towns_from(g, f, hex_id)


def build_with_ship(g: Game, f: FactionState, hex_id: str) -> None:
    """A dwelling beside one of the faction's ships, paid by returning that ship."""
    from ..building import build

    s = g.s
    m = of(s, f)
    if s.phase != "play" or f.passed:
        raise RuleError("a dwelling is paid with a ship only in the actions phase")
    if hex_id not in g.board.terrain or not g.board.is_land(hex_id):
        raise RuleError(f"a dwelling paid with a ship is built on a land hex, not {hex_id}")
    ships = ships_beside(g, f, hex_id)
    if not ships:
        raise RuleError(f"no {f.name} ship lies beside {hex_id} on a river hex")
    f.free_d += 1
    build(g, f, hex_id)
    m["ships"].remove(ships[0])
    if m["sandstorm_ship"] == hex_id:
        m["sandstorm_ship"] = None
    bonus = faction_rule("ship_dwelling_bonus", f.name, {})
    if bonus:
        g.gain(f, bonus, "faction")


def sandstorm_by_ship(g: Game, f: FactionState, hex_id: str) -> bool:
    """Nomads: the sandstorm may hit a hex beside an own ship if a dwelling paid with that
    ship follows in the same action."""
    from .ships import ship_adjacent

    if not ship_adjacent(g, f, hex_id):
        return False
    of(g.s, f)["sandstorm_ship"] = hex_id
    return True


# --- favor tiles ----------------------------------------------------------------------------


def check_favor(g: Game, f: FactionState, tile: str) -> None:
    """One 1-step favor tile per cult track, the base one or the new one; FAV13's choice."""
    for track, group in merchants_data()["one_step_favors"].items():
        if tile in group:
            owned = [t for t in f.favors if t in group]
            if owned:
                raise RuleError(
                    f"{f.name} already have {owned[0]}: one 1-step favor tile per cult track ({track})"
                )
    if favor_tiles()[tile].get("choice"):
        of(g.s, f)["fav13"] += 1


def choose(g: Game, f: FactionState, what: str, track: str | None) -> None:
    """FAV13: a priest from the supply onto a cult track (or 1 step on one) and 4 coins, or
    1 shipping advance and 1 worker."""
    m = of(g.s, f)
    if m["fav13"] < 1:
        raise RuleError(f"{f.name} have no favor tile choice to make")
    if what in ("coins", "priest"):
        if track not in CULTS:
            raise RuleError(f"'choose {what}' names a cult track: e.g. 'choose {what} WATER'")
        steps = _priest_from_supply(g, f, track) if what == "priest" else 1
        g.adjust(f, track, steps, "FAV13")
        g.adjust(f, "C", 4, "FAV13")
    else:
        if track:
            raise RuleError("'choose ship' takes no cult track")
        g.advance_shipping(f, "FAV13")
        g.adjust(f, "W", 1, "FAV13")
    m["fav13"] -= 1


def _priest_from_supply(g: Game, f: FactionState, track: str) -> int:
    """A priest of the supply on the track's first free space (3, then 2): its steps; on a
    full track it gives 1 step and goes back."""
    if f.p >= f.max_p:
        raise RuleError(f"{f.name} have no priest left in their supply")
    spaces = g.s.cult_spaces[track]
    for i, occupant in enumerate(spaces):
        if occupant is None:
            spaces[i] = f.name
            f.max_p -= 1
            f.cult_priests += 1
            return CULT_SPACE_VALUES[i] + g.rules(f).extra_priest_steps(f)
    return 1


# --- passing --------------------------------------------------------------------------------


def merchants_pass_vp(g: Game, f: FactionState) -> list[tuple[int, str]]:
    """BON12: VP per own ship on the map; FAV16: VP by trade markers placed."""
    out: list[tuple[int, str]] = []
    m = of(g.s, f)
    if f.bonus:
        per_ship = bonus_tiles()[f.bonus].get("pass_vp_ships")
        if per_ship and m["ships"]:
            out.append((per_ship * len(m["ships"]), f.bonus))
    for tile in f.favors:
        table = favor_tiles()[tile].get("pass_vp_markers")
        if table:
            vp = max((v for n, v in table if len(m["traded"]) >= n), default=0)
            if vp:
                out.append((vp, tile))
    return out
