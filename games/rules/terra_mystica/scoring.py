"""Victory points outside the actions themselves: scoring tiles for builds, pass VP, and the
final scoring (cult majorities, largest connected network, resources).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from .data import CULTS, bonus_tiles, favor_tiles
from .expansion import merchants
from .factions import LOADED_RULES
from .setup import FINAL_SCORING_TILES

if TYPE_CHECKING:
    from .context import Game
    from .state import FactionState

CULT_AWARDS = (8, 4, 2)
NETWORK_AWARDS = (18, 12, 6)


@cache
def favor_build_vp() -> dict[str, dict[str, int]]:
    """The favor tiles that score builds (FAV10, FAV11), with their VP by building: read
    once, not looked up (with an empty default made) for every favor held at every build."""
    return {
        tile: spec["vp_on_build"] for tile, spec in favor_tiles().items() if "vp_on_build" in spec
    }


def score_build(g: Game, f: FactionState, kind: str) -> None:
    """VP for building ``kind`` (D/TP/TE/SH/SA): favor tiles and the round's scoring tile."""
    if f.favors:
        build_vp = favor_build_vp()
        for tile in f.favors:
            if tile in build_vp:
                vp = build_vp[tile].get(kind)
                if vp:
                    g.adjust(f, "VP", vp, tile)
    score = g.round_tiles[g.s.round]  # the round's scoring tile (Game.score_tile)
    if score is not None:
        vp = score.vp.get(kind)
        if vp:
            g.adjust(f, "VP", vp, score.id)


def pass_vp(g: Game, f: FactionState) -> list[tuple[int, str]]:
    """VP for passing: the returned bonus tile, FAV12, the Engineers' bridges."""
    out: list[tuple[int, str]] = []
    if f.bonus:
        for what, table in bonus_tiles()[f.bonus].get("pass_vp", {}).items():
            level = f.ship if what == "ship" else f.buildings[what]
            if table[level]:
                out.append((table[level], f.bonus))
    for tile in f.favors:
        table = favor_tiles()[tile].get("pass_vp", {}).get("TP")
        if table and table[f.buildings["TP"]]:
            out.append((table[f.buildings["TP"]], tile))
    extra = LOADED_RULES[f.name].pass_vp(g.s, f)
    if extra:
        out.append((extra, "faction"))
    if g.s.merchants is not None:
        out += merchants().pass_vp(g, f)
    return out


# --- final scoring ------------------------------------------------------------------------


def rank_awards(values: dict[str, int], awards: tuple[int, ...]) -> dict[str, int]:
    """Hand out awards by rank; tied factions share the awards of the ranks they occupy."""
    levels = sorted(values.values())
    pot: dict[int, int] = {}
    for award in awards:
        if not levels:
            break
        top = levels.pop()
        pot[top] = pot.get(top, 0) + award
    count: dict[int, int] = {}
    for v in values.values():
        count[v] = count.get(v, 0) + 1
    out = {}
    for name, v in values.items():
        if v and v in pot:
            vp = pot[v] // count[v]
            if vp:
                out[name] = vp
    return out


def networks(g: Game, f: FactionState) -> tuple[dict[str, int], dict[str, int]]:
    """Label ``f``'s buildings by network (connected directly, by shipping or by tunnel or
    carpet at the end-of-game range) and by cluster (connected directly only)."""
    return _network_labels(g, f), _groups(f.locations, _direct_links(g, f))


def _direct_links(g: Game, f: FactionState) -> dict[str, list[str]]:
    """For each of ``f``'s buildings, the hexes directly connected to it (edges, bridges,
    the Mermaids' river towns)."""
    land = g.board.land_neighbours
    links = g.s.river_links if LOADED_RULES[f.name].river_towns else {}
    bridged = bool(g.s.bridges)
    out: dict[str, list[str]] = {}
    for a in f.locations:
        near = list(land[a])
        if links:
            near += links.get(a, ())
        if bridged:
            near += g.bridged_to(a)
        out[a] = near
    return out


def _network_labels(g: Game, f: FactionState) -> dict[str, int]:
    """Number ``f``'s networks (in the order of their first member): buildings connected
    directly (``_direct_links``) or within shipping (or tunnel, carpet) range.

    Each building reached is compared only with the buildings not reached yet, not with all
    of them: in the common case of one large network that is a few passes over the list, not
    one per building (the final scoring asks it for every faction)."""
    spec = LOADED_RULES[f.name].spec
    board = g.board
    if spec.teleport is not None:
        reach = f.carpet_range if spec.teleport.kind == "carpet" else spec.teleport.base_range
        distances, limit = board.hex_distance, reach + 1
    else:
        distances, limit = board.river_distance, f.ship
    direct = _direct_links(g, f)
    label: dict[str, int] = {}
    rest = list(f.locations)  # not reached yet, in the order of the locations
    n = 0
    while rest:
        n += 1
        start = rest.pop(0)
        label[start] = n
        stack = [start]
        while stack and rest:
            a = stack.pop()
            near, within = direct[a], distances[a]
            unreached = []
            for b in rest:
                d = within.get(b)
                if (d is not None and d <= limit) or b in near:
                    label[b] = n
                    stack.append(b)
                else:
                    unreached.append(b)
            rest = unreached
    return label


def _groups(locs: list[str], links: dict[str, list[str]]) -> dict[str, int]:
    """Number the connected groups of ``locs`` (in the order of their first member)."""
    label: dict[str, int] = {}
    n = 0
    for start in locs:
        if start in label:
            continue
        n += 1
        stack = [start]
        label[start] = n
        while stack:
            for b in links[stack.pop()]:
                if b not in label and b in links:
                    label[b] = n
                    stack.append(b)
    return label


def network_size(g: Game, f: FactionState) -> int:
    """Size of ``f``'s largest network (final scoring 18/12/6)."""
    sizes: dict[int, int] = {}
    for n in _network_labels(g, f).values():
        sizes[n] = sizes.get(n, 0) + 1
    return max(sizes.values(), default=0)


# Fire & Ice final scoring tiles: each measures one network of a faction (a list of hexes);
# the faction's value is its best network's. A new tile is one more entry here.
TileMeasure = Callable[["Game", list[str], dict[str, int]], int]
FINAL_TILES: dict[str, TileMeasure] = {}


def final_tile(name: str) -> Callable[[TileMeasure], TileMeasure]:
    def register(measure: TileMeasure) -> TileMeasure:
        FINAL_TILES[name] = measure
        FINAL_SCORING_TILES.append(name)
        return measure

    return register


@final_tile("connected-clusters")
def _clusters(g: Game, hexes: list[str], cluster: dict[str, int]) -> int:
    return len({cluster[h] for h in hexes})


@final_tile("connected-distance")
def _distance(g: Game, hexes: list[str], cluster: dict[str, int]) -> int:
    return max((g.board.distance(a, b) for a in hexes for b in hexes), default=0)


@final_tile("connected-sa-sh-distance")
def _sa_sh_distance(g: Game, hexes: list[str], cluster: dict[str, int]) -> int:
    building = g.s.building
    return max(
        (
            g.board.distance(a, b)
            for a in hexes
            for b in hexes
            if building[a] == "SA" and building[b] == "SH"
        ),
        default=0,
    )


@final_tile("building-on-edge")
def _on_edge(g: Game, hexes: list[str], cluster: dict[str, int]) -> int:
    return sum(1 for h in hexes if h in g.board.edge)


def final_tile_value(g: Game, f: FactionState, tile: str) -> int:
    """A faction's value for a Fire & Ice final scoring tile (18/12/6 by rank)."""
    measure = FINAL_TILES.get(tile)
    if measure is None:
        raise ValueError(f"unknown final scoring tile {tile}")
    network, cluster = networks(g, f)
    members: dict[int, list[str]] = {}
    for h, n in network.items():
        members.setdefault(n, []).append(h)
    return max((measure(g, hexes, cluster) for hexes in members.values()), default=0)


def finish_game(g: Game) -> None:
    s = g.s
    s.finished = True
    ledger = g.ledger
    factions = s.factions_in_order()
    for tile in s.setup.final_scoring_tiles:
        ledger.add_comment(f"Scoring {tile}")
        if s.merchants is not None and tile == "most-trade-markers":
            values = {f.name: merchants().markers_placed(g.s, f) for f in factions}
        else:
            values = {f.name: final_tile_value(g, f, tile) for f in factions}
        _award(g, factions, values, NETWORK_AWARDS, tile)
    for i, track in enumerate(CULTS):
        ledger.add_comment(f"Scoring {track} cult")
        _award(g, factions, {f.name: f.cult[i] for f in factions}, CULT_AWARDS, track)
    ledger.add_comment("Scoring network")
    _award(g, factions, {f.name: network_size(g, f) for f in factions}, NETWORK_AWARDS, "network")
    ledger.add_comment("Converting resources to VPs")
    for f in factions:
        ledger.begin_row(f)
        score_resources(g, f)
        if not f.dropped:
            ledger.add_command("score_resources")
        ledger.finish_row()
    for f in factions:
        f.passed = False
    s.action_required = [{"type": "gameover"}]
    s.phase = "finished"


def _award(
    g: Game,
    factions: list[FactionState],
    values: dict[str, int],
    awards: tuple[int, ...],
    label: str,
) -> None:
    vps = rank_awards(values, awards)
    for f in factions:
        vp = vps.get(f.name)
        if vp:
            g.ledger.begin_row(f)
            g.adjust(f, "VP", vp, label)
            if not f.dropped:
                g.ledger.add_command(f"+{vp}vp for {label}")
            g.ledger.finish_row()


def score_resources(g: Game, f: FactionState) -> None:
    """Burn what can be burnt, turn power, priests and workers into coins, coins into VP."""
    burn = f.p2 // 2
    f.p2 -= 2 * burn
    f.p3 += burn
    f.burned += burn
    coins = f.p3 + f.p + f.w
    f.p1 += f.p3
    f.p3 = 0
    f.p = 0
    f.w = 0
    f.c += coins
    rate = LOADED_RULES[f.name].spec.exchange_rates.get("C", {}).get("VP", 3)
    vp = f.c // rate
    if vp:
        f.c -= vp * rate
        g.adjust(f, "VP", vp, "resources")
