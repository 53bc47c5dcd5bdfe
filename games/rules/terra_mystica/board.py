"""Map geometry: hexes, adjacency, river (shipping) distances, hex distances, bridge spots.

A map is given in terra.snellman.net's notation (terrain colours, ``x`` for river, ``E``
ending a row); everything else is derived, so every map of the game works the same way.
Rows with an even index are the long rows; odd rows are shifted half a hex to the right.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA_DIR = Path(__file__).parent / "data"
ORIGINAL_MAP_ID = "126fe960806d587c78546b30f1a90853b1ada468"

# Deepest search of the site's range tables: river crossings up to 6, hex distance up to 5.
MAX_RIVER_CROSSINGS = 6
MAX_HEX_DISTANCE = 5


@dataclass(frozen=True, slots=True)
class Board:
    map_id: str
    name: str
    vp_variant: str | None
    hexes: tuple[str, ...]  # every position, reading order
    land: tuple[str, ...]
    rivers: tuple[str, ...]
    terrain: dict[str, str]  # initial terrain of land hexes ("river" for rivers)
    position: dict[str, tuple[int, int]]  # (row, col) of every position
    neighbours: dict[str, frozenset[str]]  # edge-sharing positions (land and river)
    land_neighbours: dict[str, tuple[str, ...]]
    river_distance: dict[str, dict[str, int]]  # land -> land -> river hexes crossed (1..6)
    hex_distance: dict[str, dict[str, int]]  # land -> land -> hex distance (1..5)
    bridgeable: frozenset[frozenset[str]]
    # The same pairs, each (a, b) as a bridge row names them, in reading order: listed in the
    # same order in every process (a set's order changes with the interpreter's hash seed).
    bridge_pairs: tuple[tuple[str, str], ...]
    edge: frozenset[str]

    def is_land(self, hex_id: str) -> bool:
        return self.terrain.get(hex_id, "river") != "river"

    def distance(self, a: str, b: str) -> int:
        """Hex distance between any two positions (axial coordinates of the offset grid)."""
        (ra, ca), (rb, cb) = self.position[a], self.position[b]
        qa, qb = ca - (ra - (ra & 1)) // 2, cb - (rb - (rb & 1)) // 2
        dq, dr = qa - qb, ra - rb
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def rivers_touching(self, *land_hexes: str) -> list[str]:
        """River hexes adjacent to every one of the given land hexes."""
        common: set[str] | None = None
        for h in land_hexes:
            r = {n for n in self.neighbours[h] if n.startswith("r")}
            common = r if common is None else common & r
        return sorted(common or (), key=lambda r: int(r[1:]))


def _in_reading_order(
    pairs: Iterable[frozenset[str]], hexes: Sequence[str]
) -> tuple[tuple[str, str], ...]:
    place = {h: i for i, h in enumerate(hexes)}
    ordered: list[tuple[str, str]] = []
    for pair in pairs:
        a, b = sorted(pair)  # as the bridge row names them
        ordered.append((a, b))
    return tuple(sorted(ordered, key=lambda ab: (place[ab[0]], place[ab[1]])))


def parse_terrain(terrain: str) -> list[list[str]]:
    rows: list[list[str]] = [[]]
    for token in terrain.split():
        if token == "E":
            rows.append([])
        else:
            rows[-1].append(token)
    if not rows[-1]:
        rows.pop()
    return rows


def build_board(terrain_text: str, name: str = "", vp_variant: str | None = None) -> Board:
    rows = parse_terrain(terrain_text)
    grid: dict[tuple[int, int], str] = {}
    terrain: dict[str, str] = {}
    position: dict[str, tuple[int, int]] = {}
    hexes: list[str] = []
    river_no = 0
    for r, row in enumerate(rows):
        land_no = 1
        for c, colour in enumerate(row):
            if colour == "x":
                hex_id = sys.intern(f"r{river_no}")
                river_no += 1
                terrain[hex_id] = "river"
            else:
                hex_id = sys.intern(f"{chr(ord('A') + r)}{land_no}")
                land_no += 1
                terrain[hex_id] = colour
            grid[(r, c)] = hex_id
            position[hex_id] = (r, c)
            hexes.append(hex_id)

    neighbours: dict[str, frozenset[str]] = {}
    for hex_id, (r, c) in position.items():
        shift = c - 1 if r % 2 == 0 else c
        cands = [
            (r, c - 1),
            (r, c + 1),
            (r - 1, shift),
            (r - 1, shift + 1),
            (r + 1, shift),
            (r + 1, shift + 1),
        ]
        neighbours[hex_id] = frozenset(grid[p] for p in cands if p in grid)

    land = tuple(h for h in hexes if terrain[h] != "river")
    rivers = tuple(h for h in hexes if terrain[h] == "river")
    land_set = set(land)
    river_distance = {h: _river_distances(h, neighbours, land_set) for h in land}
    hex_distance = {h: _hex_distances(h, neighbours, land_set) for h in land}
    bridgeable = _bridge_spots(grid, terrain, river_distance)

    rows_sorted = sorted({p[0] for p in position.values()})
    edge = set()
    for hex_id, (r, c) in position.items():
        cols = [p[1] for p in position.values() if p[0] == r]
        if c in (min(cols), max(cols)) or r in (rows_sorted[0], rows_sorted[-1]):
            edge.add(hex_id)

    map_key = terrain_text if vp_variant is None else f"{terrain_text} {vp_variant}"
    return Board(
        map_id=hashlib.sha1(map_key.encode()).hexdigest(),
        name=name,
        vp_variant=vp_variant,
        hexes=tuple(hexes),
        land=land,
        rivers=rivers,
        terrain=terrain,
        position=position,
        neighbours=neighbours,
        land_neighbours={
            h: tuple(sorted(n for n in neighbours[h] if n in land_set)) for h in hexes
        },
        river_distance=river_distance,
        hex_distance=hex_distance,
        bridgeable=frozenset(bridgeable),
        bridge_pairs=_in_reading_order(bridgeable, hexes),
        edge=frozenset(edge),
    )


def _river_distances(
    start: str, neighbours: dict[str, frozenset[str]], land: set[str]
) -> dict[str, int]:
    """Land hexes reachable from ``start`` through river hexes only, with the crossings needed."""
    dist: dict[str, int] = {}
    frontier = [r for r in neighbours[start] if r not in land]
    seen = set(frontier) | {start}
    crossings = 1
    while frontier and crossings <= MAX_RIVER_CROSSINGS:
        nxt: list[str] = []
        for river in frontier:
            for n in neighbours[river]:
                if n in seen:
                    continue
                seen.add(n)
                if n in land:
                    dist[n] = crossings
                else:
                    nxt.append(n)
        frontier = nxt
        crossings += 1
    return dist


def _hex_distances(
    start: str, neighbours: dict[str, frozenset[str]], land: set[str]
) -> dict[str, int]:
    dist = {start: 0}
    frontier = [start]
    for d in range(1, MAX_HEX_DISTANCE + 1):
        nxt = []
        for h in frontier:
            for n in neighbours[h]:
                if n not in dist:
                    dist[n] = d
                    nxt.append(n)
        frontier = nxt
    return {h: d for h, d in dist.items() if h in land and h != start}


def _bridge_spots(
    grid: dict[tuple[int, int], str],
    terrain: dict[str, str],
    river_distance: dict[str, dict[str, int]],
) -> set[frozenset[str]]:
    """Pairs of land hexes two apart, not in a line, with only river (or the map edge) between."""

    def is_river(p: tuple[int, int]) -> bool:
        return p in grid and terrain[grid[p]] == "river"

    spots: set[frozenset[str]] = set()

    def record(a: str, p: tuple[int, int]) -> None:
        b = grid.get(p)
        if b and terrain[b] != "river" and river_distance[a].get(b) == 1:
            spots.add(frozenset((a, b)))

    for (r, c), a in grid.items():
        if terrain[a] == "river":
            continue
        oc = c - (1 if r % 2 == 0 else 0)
        sw, se = (r + 1, oc), (r + 1, oc + 1)
        if (
            (is_river(sw) and is_river(se))
            or (is_river(sw) and se not in grid)
            or (is_river(se) and sw not in grid)
        ):
            record(a, (r + 2, c))
        if is_river((r, c - 1)) and is_river(sw):
            record(a, (r + 1, oc - 1))
        if is_river((r, c + 1)) and is_river(se):
            record(a, (r + 1, oc + 2))
    return spots


@cache
def _maps_data() -> dict:
    return json.loads((DATA_DIR / "maps.json").read_text())


@cache
def load_board(map_id: str = ORIGINAL_MAP_ID) -> Board:
    maps = _maps_data()["maps"]
    if map_id not in maps:
        raise KeyError(f"unknown map {map_id}")
    spec = maps[map_id]
    return build_board(spec["terrain"], spec["name"], spec["vp_variant"])


@cache
def board_from_terrain(terrain_text: str, vp_variant: str | None = None) -> Board:
    """A board for any map string (e.g. a game file of a map this project has not stored)."""
    board = build_board(terrain_text, vp_variant=vp_variant)
    known = _maps_data()["maps"].get(board.map_id)
    if known:
        return load_board(board.map_id)
    return board


def available_maps() -> list[dict]:
    """The maps games can be created on: id, name and starting-VP variant."""
    return [
        {"id": map_id, "name": spec["name"], "vp_variant": spec["vp_variant"]}
        for map_id, spec in _maps_data()["maps"].items()
    ]


@cache  # asked for at every move: one lookup instead of two calls
def board_for(map_id: str, terrain: str | None = None, vp_variant: str | None = None) -> Board:
    """The board of a game: a stored map by id, or any map given by its terrain string."""
    if terrain:
        return board_from_terrain(terrain, vp_variant)
    return load_board(map_id)


@cache
def base_map_id(map_id: str) -> str:
    """The stored map with the same terrain and no starting-VP variant ("Original [2017 vp]"
    is the Original board); ``map_id`` itself when there is none."""
    maps = _maps_data()["maps"]
    terrain = maps.get(map_id, {}).get("terrain")
    for other, spec in maps.items():
        if spec["terrain"] == terrain and spec["vp_variant"] is None:
            return other
    return map_id


def starting_vp_variant(name: str) -> dict[str, int]:
    return _maps_data()["vp_variants"][name]


def variable_vp_table(map_id: str) -> dict[str, int] | None:
    """The starting VP of option ``variable-starting-vp`` on a stored map (None: no table)."""
    name = _maps_data()["maps"].get(map_id, {}).get("variable_vp")
    return starting_vp_variant(name) if name else None
