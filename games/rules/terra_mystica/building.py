"""Transforming terrain, building dwellings, upgrading, bridges and the Mermaids' river towns."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import RuleError
from . import leech, scoring, towns, turns
from .data import (
    BUILDING_SUPPLY,
    CYCLE_INDEX,
    CYCLE_LENGTH,
    OFF_CYCLE_TERRAINS,
    TERRAIN_ALIASES,
    TERRAIN_CYCLE,
    UPGRADE_FROM,
)
from .expansion import merchants
from .factions import LOADED_RULES

if TYPE_CHECKING:
    from .context import Game
    from .state import FactionState

BUILDING_NAMES = {
    "D": "dwelling",
    "TP": "trading house",
    "TE": "temple",
    "SH": "stronghold",
    "SA": "sanctuary",
    "SY": "shipyard",
}

# What an upgrade's payment is for, as its error says: "a temple" (made once, not per upgrade).
_A_BUILDING = {kind: f"a {name}" for kind, name in BUILDING_NAMES.items()}


def colour_difference(a: str, b: str) -> int:
    """Signed shortest step count from terrain ``a`` to ``b`` on the terrain cycle."""
    diff = CYCLE_INDEX[b] - CYCLE_INDEX[a]
    half = CYCLE_LENGTH // 2
    if diff > half:
        diff -= CYCLE_LENGTH
    elif diff < -half:
        diff += CYCLE_LENGTH
    return diff


def check_colour(colour: str, also: str | None = None) -> str:
    """A colour of the cycle (or ``also``, an off-cycle terrain the faction may create)."""
    colour = TERRAIN_ALIASES.get(colour, colour)
    if colour == also:
        return colour
    if colour not in CYCLE_INDEX:
        raise RuleError(f"unknown terrain colour '{colour}' (one of {', '.join(TERRAIN_CYCLE)})")
    return colour


def check_hex(g: Game, hex_id: str) -> None:
    terrain = g.board.terrain.get(hex_id)
    if terrain is None:
        raise RuleError(f"there is no hex {hex_id} on this map")
    if terrain == "river":  # not Board.is_land: asked for every hex a command names
        raise RuleError(f"{hex_id} is a river hex")


# --- reach --------------------------------------------------------------------------------


def shipping_range(g: Game, f: FactionState) -> int:
    ship = LOADED_RULES[f.name].spec.shipping
    level = f.ship
    if ship is not None and ship.max and f.bonus == "BON4" and not f.passed:
        level += 1  # BON4 helps only during the actions phase
    return level


def check_reachable(
    g: Game, f: FactionState, hex_id: str
) -> tuple[dict[str, int], dict[str, int], bool]:
    """Can ``f`` reach ``hex_id``? Returns the extra (cost, gain, teleported) of getting there."""
    if g.s.round == 0:
        return {}, {}, False
    # Merchants of the Seas: land beside an own ship is "indirekt benachbart" for every
    # faction (seed 003), the Riverwalkers' restriction to their shipping reach included.
    if g.s.merchants is not None and merchants().ship_adjacent(g, f, hex_id):
        return {}, {}, False
    if not LOADED_RULES[f.name].may_reach(g.s, f, hex_id):
        raise RuleError(f"{f.name} may not reach {hex_id}")
    # Directly adjacent to one of the faction's buildings (by an edge, or by a bridge): one
    # set test in C for the edges, not a loop over the buildings.
    locations = f.locations
    if not g.board.neighbours[hex_id].isdisjoint(locations):
        return {}, {}, False
    if g.s.bridges:
        for b in g.bridged_to(hex_id):
            if b in locations:
                return {}, {}, False
    reach = shipping_range(g, f)
    if reach:
        distances = g.board.river_distance[hex_id]
        for loc in f.locations:
            d = distances.get(loc)
            if d is not None and d <= reach:
                return {}, {}, False
    if f.teleport_to:
        if f.teleport_to == hex_id:
            return {}, {}, False
        raise RuleError("tunnelling / carpet flight can be used only once per turn")
    tele = LOADED_RULES[f.name].spec.teleport
    if tele is not None and not f.passed:
        reach = f.carpet_range if tele.kind == "carpet" else tele.base_range
        distances = g.board.hex_distance[hex_id]
        for loc in f.locations:
            d = distances.get(loc)
            if d is not None and d <= reach + 1:
                return dict(tele.cost[f.teleport_level]), {"VP": tele.vp}, True
    how = f"shipping {reach}" if LOADED_RULES[f.name].spec.shipping else "direct adjacency"
    if tele is not None:
        how = "tunnelling" if tele.kind == "tunnel" else f"carpet flight range {f.carpet_range}"
    raise RuleError(
        f"{f.name} cannot reach {hex_id}: not adjacent to their buildings and not in reach with {how}"
    )


# --- transforming -------------------------------------------------------------------------


def _towards_home(current: str, home: str, spades: int) -> str:
    """Terrain reached from ``current`` going towards ``home`` with at most ``spades``."""
    i = CYCLE_INDEX[current]
    cw = ccw = current
    for step in range(1, spades + 1):
        if cw != home:
            cw = TERRAIN_CYCLE[(i + step) % CYCLE_LENGTH]
        if ccw != home:
            ccw = TERRAIN_CYCLE[(i - step) % CYCLE_LENGTH]
    if abs(colour_difference(home, cw)) < abs(colour_difference(home, ccw)):
        return cw
    return ccw


def home(g: Game, f: FactionState) -> str:
    """The terrain on the cycle ``f``'s spades count towards."""
    return LOADED_RULES[f.name].home_terrain(f)


def is_home_target(g: Game, f: FactionState, colour: str) -> bool:
    """Is ``colour`` the faction's home terrain, the one it builds on? (For ice factions the
    chosen colour is not: their home is ice.)"""
    return colour == LOADED_RULES[f.name].build_terrain(f)


def default_transform_colour(g: Game, f: FactionState, hex_id: str) -> str:
    rules = LOADED_RULES[f.name]
    target = rules.build_terrain(f)
    if f.free_tf or not rules.transforms_with_spades() or rules.transform_spades(1) != 1:
        return target
    current = g.s.terrain[hex_id]
    if not f.spade:
        return current
    if target not in CYCLE_INDEX and f.spade >= transform_spades(g, f, current, target):
        return target
    return _towards_home(current, home(g, f), f.spade)


def transform_spades(g: Game, f: FactionState, current: str, target: str) -> int:
    """Spades to turn ``current`` into ``target`` for ``f``."""
    home_terrain = home(g, f)
    if target not in CYCLE_INDEX:
        # Into the faction's off-cycle terrain: counted from its home colour (ice).
        return LOADED_RULES[f.name].spades_to_build(abs(colour_difference(current, home_terrain)))
    diff = colour_difference(current, target)
    steps = abs(diff)
    if home_terrain in (target, current):
        # To or from home terrain: the long way round if exactly that many spades are held.
        if f.spade and f.spade == CYCLE_LENGTH - steps:
            steps = CYCLE_LENGTH - steps
    elif steps:
        home_diff = colour_difference(current, home_terrain)
        same_direction = (home_diff < 0) == (diff < 0)
        if same_direction and abs(home_diff) <= abs(diff):
            steps = CYCLE_LENGTH - steps  # the short way would cross the home terrain
    return LOADED_RULES[f.name].transform_spades(steps)


def transform(g: Game, f: FactionState, hex_id: str, colour: str | None) -> None:
    check_hex(g, hex_id)
    s = g.s
    if colour:
        colour = check_colour(colour, also=LOADED_RULES[f.name].build_terrain(f))
    else:
        colour = default_transform_colour(g, f, hex_id)
    current = s.terrain[hex_id]
    if LOADED_RULES[f.name].never_transforms:
        raise RuleError(f"{f.name} never transform terrain")
    if current in OFF_CYCLE_TERRAINS:
        raise RuleError(f"{hex_id} is {current}: it can never be transformed again")
    if s.merchants is not None:
        merchants().check_trade_spade(g, f, hex_id)
    cost, gain, teleported = check_reachable(g, f, hex_id)
    cost = dict(cost)
    rules = LOADED_RULES[f.name]
    with_spades = rules.transforms_with_spades()
    steps = transform_spades(g, f, current, colour) if with_spades else 0
    if not with_spades:
        # Volcano factions pay with something else than spades (power chips, cult steps).
        if colour != rules.build_terrain(f):
            raise RuleError(f"{f.name} transform hexes into {rules.build_terrain(f)} only")
        if not f.volcano_tf:
            raise RuleError(f"a volcano transformation follows 'dig 1' ({f.name})")
        f.volcano_tf = 0
    elif f.free_tf:
        if colour != home(g, f):
            raise RuleError(f"the sandstorm turns a hex into {home(g, f)} only")
        cost["FREE_TF"] = cost.get("FREE_TF", 0) + 1
    else:
        cost["SPADE"] = cost.get("SPADE", 0) + steps
    if f.tf_need_hex_adjacency:
        cost["TF_NEED_HEX_ADJACENCY"] = 1
        if not any(hex_id in g.board.neighbours[loc] for loc in f.locations) and not (
            s.merchants is not None and merchants().sandstorm_by_ship(g, f, hex_id)
        ):
            raise RuleError(
                f"the sandstorm needs {hex_id} to share an edge with a {f.name} building (no river, no bridge)"
            )
    if current == colour:
        raise RuleError(f"cannot transform {hex_id}: it already is {colour}")
    if hex_id in s.building:
        raise RuleError(f"cannot transform {hex_id}: it holds a building")
    if steps or not with_spades:
        if not f.passed:
            turns.require_subaction(
                g,
                f,
                "transform",
                {
                    "transform": f.allowed_sub.get("transform", 1) - 1,
                    "build": f.allowed_sub.get("build", 0),
                },
            )
        if f.require_home_terrain_tf and not is_home_target(g, f, colour):
            raise RuleError(
                "only one hex per action may be transformed to a terrain other than the home terrain"
            )
    if cost.get("SPADE", 0) > f.spade:
        raise RuleError(
            f"transforming {hex_id} from {current} to {colour} needs {cost['SPADE']} spade(s); {f.name} have {f.spade}"
        )
    if teleported:
        f.teleport_to = hex_id
    g.pay(f, cost, f"transforming {hex_id}")
    if not with_spades:
        rules.pay_transform(g, f, current)
    g.gain(f, gain, "teleport")
    f.require_home_terrain_tf = False
    if not f.spade:
        turns.dismiss_action(g, f, "transform")
        f.allowed_sub.pop("transform", None)
    else:
        for record in g.s.action_required:
            if record["type"] == "transform" and record.get("faction") == f.name:
                record["amount"] = f.spade
        if not is_home_target(g, f, colour) and not f.passed:
            f.require_home_terrain_tf = True
            if not f.allowed_sub.get("transform"):
                raise RuleError(
                    f"all spades bought with 'dig' must be used when a hex is transformed to a non-home terrain "
                    f"({f.spade} spades left)"
                )
    if LOADED_RULES[f.name].may_build_on(f, colour) and hex_id not in f.allowed_build_locations:
        f.allowed_build_locations.append(hex_id)
    s.terrain[hex_id] = colour


def dig(g: Game, f: FactionState, amount: int) -> None:
    spec = LOADED_RULES[f.name].spec
    if amount < 1:
        raise RuleError("dig needs a number of spades, e.g. 'dig 1'")
    if LOADED_RULES[f.name].never_transforms:
        raise RuleError(f"{f.name} never transform terrain")
    if not LOADED_RULES[f.name].transforms_with_spades():
        # In the site's notation a volcano transformation is opened by 'dig 1', free.
        if amount != 1 or f.volcano_tf:
            raise RuleError(f"{f.name} open one volcano transformation at a time ('dig 1')")
        turns.require_subaction(g, f, "dig", {"transform": 1, "build": 1})
        f.volcano_tf = 1
        return
    turns.require_subaction(g, f, "dig", {"transform": 1, "build": 1, "dig": 1})
    level = min(f.dig, len(spec.digging.cost) - 1)
    cost = {k: v * amount for k, v in spec.digging.cost[level].items()}
    g.check_affordable(f, cost, f"digging {amount} spade(s)")
    g.adjust(f, "SPADE", amount)
    g.pay(f, cost, "digging")
    for _ in range(amount):
        g.gain(f, spec.digging.extra_gain[level], "dig")
    f.disable_spade_decline = True


# --- building -----------------------------------------------------------------------------


def build(g: Game, f: FactionState, hex_id: str) -> None:
    # check_hex written out (asked for every build and upgrade), called only to say why not.
    terrain = g.board.terrain.get(hex_id)
    if terrain is None or terrain == "river":
        check_hex(g, hex_id)
    s = g.s
    if hex_id in s.building:
        raise RuleError(f"{hex_id} already holds a {BUILDING_NAMES[s.building[hex_id]]}")
    free = s.round == 0
    if f.free_d:
        free = True
        f.free_d -= 1
    if f.buildings["D"] >= BUILDING_SUPPLY["D"]:
        raise RuleError(f"{f.name} have no dwelling left to build")
    rules = LOADED_RULES[f.name]
    if s.round == 0 and not rules.initial_hex_ok(s, hex_id):
        raise RuleError(f"{f.name} place their first dwellings next to a river")
    if free and s.round == 0 and rules.may_place_initial(f, s.terrain[hex_id]):
        s.terrain[hex_id] = rules.build_terrain(f)  # ice factions: made ice for free
    tf_needed = not rules.may_build_on(f, s.terrain[hex_id])
    if (
        (not tf_needed or not f.allowed_sub.get("transform"))
        and f.allowed_build_locations
        and hex_id not in f.allowed_build_locations
    ):
        # After transforming to home terrain, this action's dwelling goes on a transformed hex.
        f.allowed_sub.pop("build", None)
    turns.require_subaction(g, f, "build", {"transform": 1 if tf_needed else 0})
    if f.teleport_no_tf:
        f.teleport_no_tf -= 1
        if tf_needed:
            raise RuleError(
                f"the Witches' ride builds only on forest; {hex_id} is {s.terrain[hex_id]}"
            )
    elif tf_needed:
        if s.round == 0:
            raise RuleError(
                f"initial dwellings go on {home(g, f)} hexes; {hex_id} is {s.terrain[hex_id]}"
            )
        transform(g, f, hex_id, rules.build_terrain(f))
    else:
        cost, gain, teleported = check_reachable(g, f, hex_id)
        if teleported:  # the only case with a cost or a gain (nothing to pay otherwise)
            f.teleport_to = hex_id
            g.pay(f, cost, f"reaching {hex_id}")
            g.gain(f, gain, "teleport")
    if f.spade > 0:
        raise RuleError(
            f"all transformations must be done before building ({f.spade} spade(s) left)"
        )
    if s.round == 0:
        s.setup_order.pop(0)
        g.ledger.force_finish = True
    leech.note_leech(g, f, hex_id)
    if not free:
        g.pay(f, LOADED_RULES[f.name].spec.costs["D"], "a dwelling")
    f.buildings["D"] += 1
    if s.round:
        scoring.score_build(g, f, "D")
    s.building[hex_id] = "D"
    s.owner[hex_id] = f.name
    f.locations.append(hex_id)
    if s.merchants is not None:
        merchants().place_deferred_dock(g, f, hex_id)
    towns.detect_towns_from(g, f, hex_id)


def upgrade(g: Game, f: FactionState, hex_id: str, kind: str) -> None:
    s = g.s
    if s.round == 0:
        raise RuleError("buildings cannot be upgraded during setup")
    if kind == "SY" and s.merchants is not None:
        merchants().build_shipyard(g, f, hex_id)
        return
    if kind not in UPGRADE_FROM:
        raise RuleError(f"cannot upgrade to '{kind}' (TP, TE, SH or SA)")
    turns.require_subaction(g, f, "upgrade", {})
    # check_hex written out (asked for every build and upgrade), called only to say why not.
    terrain = g.board.terrain.get(hex_id)
    if terrain is None or terrain == "river":
        check_hex(g, hex_id)
    if s.owner.get(hex_id) != f.name:
        raise RuleError(f"{hex_id} holds no building of {f.name}")
    old = s.building[hex_id]
    if old != UPGRADE_FROM[kind]:
        raise RuleError(
            f"a {BUILDING_NAMES[kind]} is built on a {BUILDING_NAMES[UPGRADE_FROM[kind]]}; {hex_id} holds a {BUILDING_NAMES[old]}"
        )
    if f.buildings[kind] >= BUILDING_SUPPLY[kind]:
        raise RuleError(f"{f.name} have no {BUILDING_NAMES[kind]} left")
    offers = leech.note_leech(g, f, hex_id)
    spec = LOADED_RULES[f.name].spec
    cost = dict(spec.costs[kind])
    free = False
    if kind == "TP":
        if f.free_tp:
            free = True
            f.free_tp -= 1
        elif offers:
            cost["C"] = spec.tp_neighbour_coins
    rules = LOADED_RULES[f.name]
    if kind == "SH" and rules.stronghold_steps is not None:
        f.allowed_sub = dict(rules.stronghold_steps)
    f.buildings[old] -= 1
    if not free:
        g.pay(f, cost, _A_BUILDING[kind])
    if kind in ("TE", "SA"):
        g.adjust(f, "GAIN_FAVOR", rules.favors_per_temple)
    elif kind == "SH" and rules.stronghold_gains(s, f):
        g.gain(f, rules.stronghold_gains(s, f), "stronghold")
    f.buildings[kind] += 1
    scoring.score_build(g, f, kind)
    s.building[hex_id] = kind
    towns.detect_towns_from(g, f, hex_id)


def bridge(g: Game, f: FactionState, a: str, b: str) -> None:
    s = g.s
    check_hex(g, a)
    check_hex(g, b)
    if not f.bridge:
        raise RuleError(
            "a bridge needs the bridge power action (ACT1) or the Engineers' bridge action first"
        )
    if s.owner.get(a) != f.name and s.owner.get(b) != f.name:
        raise RuleError(f"a bridge must touch a {f.name} building; neither {a} nor {b} holds one")
    turns.require_subaction(g, f, "bridge", {"bridge": f.bridge - 1})
    if f.bridges_left == 0:
        raise RuleError(f"{f.name} have placed all 3 of their bridges")
    if frozenset((a, b)) not in g.board.bridgeable:
        raise RuleError(
            f"cannot build a bridge from {a} to {b}: not a bridge spot across the river"
        )
    if g.bridged(a, b):
        raise RuleError(f"there already is a bridge from {a} to {b}")
    f.bridges_left -= 1
    f.bridge -= 1
    s.bridges.append([a, b, f.name])
    towns.detect_towns_from(g, f, a)
    towns.detect_towns_from(g, f, b)


def connect(g: Game, f: FactionState, hexes: list[str], river: str | None = None) -> None:
    """Mermaids: join the land around one river hex into a town."""
    if not LOADED_RULES[f.name].river_towns:
        raise RuleError(f"only the Mermaids can found a town across a river hex; {f.name} cannot")
    if river is None:
        for h in hexes:
            check_hex(g, h)
        rivers = g.board.rivers_touching(*hexes)
        if not rivers:
            raise RuleError(f"no river hex touches all of {', '.join(hexes)}")
        river = rivers[0]
    elif river not in g.board.terrain or g.board.is_land(river):
        raise RuleError(f"{river} is not a river hex")
    land = [h for h in g.board.neighbours[river] if g.board.is_land(h)]
    links = g.s.river_links
    for a in land:
        for b in land:
            if a != b and b not in links.setdefault(a, []):
                links[a].append(b)
    g.s.river_towns.append(river)
    targets = hexes or land
    founded = False
    for h in targets:
        founded = towns.detect_towns_from(g, f, h) or founded
    if not founded:
        raise RuleError(f"connecting across {river} founds no town")
