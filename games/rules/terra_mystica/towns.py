"""Towns: founding them from directly connected buildings, and joining existing ones.

A group of a faction's buildings connected by direct adjacency (edges, bridges; for the
Mermaids also a declared river hex) with power value >= 7 (6 with FAV5) and at least four
buildings (a sanctuary counts twice) becomes a town as soon as one is formed, if a town
tile is left. A building next to an existing town joins it instead.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final, Protocol

from .data import town_tiles
from .factions import LOADED_RULES

if TYPE_CHECKING:
    from .board import Board
    from .state import FactionState, GameState


class Places(Protocol):
    """The game in play as towns see it: buildings, the map, bridges (context.Game is one)."""

    s: GameState
    board: Board

    def bridged_to(self, hex_id: str) -> list[str]: ...
    def adjust(self, f: FactionState, kind: str, delta: int, source: str | None = None) -> None: ...


def own_neighbours(g: Places, f: FactionState, hex_id: str) -> list[str]:
    """Hexes with ``f``'s buildings directly adjacent to ``hex_id`` (river links included)."""
    owner = g.s.owner
    name = f.name
    # Only land hexes hold buildings: the river hexes around are never looked at.
    # ``h in owner`` first: most hexes around hold no building.
    out = _owned(g.board.land_neighbours[hex_id], owner, name)
    if g.s.bridges:
        out += _owned(g.bridged_to(hex_id), owner, name)
    if g.s.river_links and LOADED_RULES[f.name].river_towns:
        out += _owned(g.s.river_links.get(hex_id, ()), owner, name)
    return out


def _owned(hexes: Iterable[str], owner: dict[str, str], name: str) -> list[str]:
    """The hexes of ``hexes`` that hold a building of ``name``. A plain loop: asked for every
    hex of a group scan, where a comprehension makes a function object each time."""
    out = []
    for h in hexes:
        if h in owner and owner[h] == name:
            out.append(h)
    return out


def _add_to_town(g: Places, f: FactionState, hex_id: str, town_id: int) -> None:
    stack = [hex_id]
    while stack:
        h = stack.pop()
        g.s.town[h] = town_id
        for n in own_neighbours(g, f, h):
            if n not in g.s.town:
                stack.append(n)


# Every town tile there is (the pool's town tiles come from the same data).
TOWN_TILE_IDS: Final = tuple(t for t in town_tiles() if t.startswith("TW"))


def town_tile_left(g: Places) -> bool:
    # The town tiles looked up by id, not every tile of the pool sliced for its "TW" (a
    # plain loop: a generator would be resumed for every tile).
    pool = g.s.pool
    for tile in TOWN_TILE_IDS:  # noqa: SIM110
        if tile in pool and pool[tile] > 0:
            return True
    return False


def group_strength(g: Places, f: FactionState, start: str) -> tuple[set[str], int, int]:
    """The connected group of ``f``'s buildings around ``start``: (hexes, power, size)."""
    seen = {start}
    stack = [start]
    power = size = 0
    s = g.s
    building = s.building
    building_power = LOADED_RULES[f.name].building_powers
    # The faction's buildings not reached yet (its ``locations`` are the hexes ``owner``
    # gives it): one set test per neighbour instead of ``seen``, then ``owner`` twice.
    rest = set(f.locations)
    rest.discard(start)
    land = g.board.land_neighbours
    # The hexes linked beyond the land edges (bridges, the Mermaids' river towns), gathered
    # once for the scan instead of by own_neighbours for every hex of the group.
    links = _links(s, f) if s.bridges or s.river_links else None
    while stack:
        h = stack.pop()
        kind = building.get(h)
        if kind:
            power += building_power[kind]
            size += 2 if kind == "SA" else 1
        near = land[h] if links is None or h not in links else (*land[h], *links[h])
        for n in near:
            if n in rest:
                rest.remove(n)
                seen.add(n)
                stack.append(n)
    return seen, power, size


def _links(s: GameState, f: FactionState) -> dict[str, list[str]]:
    """For each hex, the hexes linked to it other than by a shared edge, as own_neighbours
    adds them: bridged hexes, then (for a faction founding river towns) river links."""
    links: dict[str, list[str]] = {}
    for x, y, _ in s.bridges:
        links.setdefault(x, []).append(y)
        links.setdefault(y, []).append(x)
    if s.river_links and LOADED_RULES[f.name].river_towns:
        for h, linked in s.river_links.items():
            links.setdefault(h, []).extend(linked)
    return links


def detect_towns_from(g: Places, f: FactionState, hex_id: str) -> bool:
    """Something changed at ``hex_id``: join a neighbouring town, or found a new one."""
    s = g.s
    if hex_id in s.town or s.owner.get(hex_id) != f.name:
        return False
    if s.bridges or s.river_links:
        near = own_neighbours(g, f, hex_id)
    else:  # most of a game: the land neighbours are all there is (own_neighbours' first scan)
        near = _owned(g.board.land_neighbours[hex_id], s.owner, f.name)
    for n in near:
        if n in s.town:
            _add_to_town(g, f, hex_id, s.town[n])
    if hex_id in s.town:
        return False
    if not near:
        # A lone building (size 2 at most, a sanctuary) is never a town: no group to scan.
        # Two in five builds and upgrades that could found a town are lone.
        return False
    group, power, size = group_strength(g, f, hex_id)
    if power >= f.town_size and size >= 4 and town_tile_left(g):
        town_id = max(s.town.values(), default=0) + 1
        for h in group:
            s.town[h] = town_id
        g.adjust(f, "GAIN_TW", 1)
        return True
    return False
