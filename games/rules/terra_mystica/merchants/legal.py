"""The expansion's rows for the legal-move generator (each is checked by the engine)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..building import shipping_range
from ..data import CULTS
from .actions import ACTIONS, MOVE_ACTIONS, unavailable
from .ships import (
    dock_sites,
    extra_step_bowls,
    extra_steps,
    river_side,
    river_step,
    ship_sites,
    trade_target,
)
from .state import of
from .trade import choices_for, optional_choice

if TYPE_CHECKING:
    from ..context import Game
    from ..state import FactionState

# Sailing without trading is offered to this many river hexes per ship (the farthest ones).
RIVER_MOVES_PER_SHIP = 2


def decisions(g: Game, f: FactionState, kinds: set[str]) -> Iterator[str]:
    """Rows answering the expansion's pending decisions."""
    m = of(g.s, f)
    if "dock" in kinds:
        for h in dock_sites(g, f):
            yield f"dock {h}"
    if m["place"]:
        for r in ship_sites(g, f):
            yield f"ship {r}"
    for h in m["trades"]:
        kind = g.s.building[h]
        allowed = choices_for(g, f, kind)
        if not allowed or optional_choice(f, kind):
            yield f"trade {h}"
        yield from (f"trade {h} for {c}" for c in allowed)
    if m["fav13"]:
        yield "choose ship"
        for track in CULTS:
            yield f"choose coins {track}"
            yield f"choose priest {track}"
    if f.allowed_sub.get("sail") and not m["trading"]:
        yield from sail_rows(g, f)


def actions(g: Game, f: FactionState) -> Iterator[str]:
    """The expansion's actions for the faction on turn."""
    s = g.s
    for action in sorted(ACTIONS):
        if unavailable(g, f, action):
            continue
        if action in MOVE_ACTIONS:
            for row in sail_rows(g, f, fresh=True):
                yield f"action {action}. {row}"
        else:
            yield f"action {action}"
    if not f.buildings.get("SY"):
        for h in f.locations:
            if s.building[h] == "TP" and river_side(g, h):
                yield f"upgrade {h} to SY"
    ships = of(s, f)["ships"]
    rules = g.rules(f)
    for r in dict.fromkeys(ships):
        if g.board.is_land(r):
            continue
        for h in g.board.neighbours[r]:
            if g.board.is_land(h) and h not in s.building and rules.may_build_on(f, s.terrain[h]):
                yield f"build {h} with ship"


def ship_neighbours(g: Game, f: FactionState) -> set[str]:
    """Land hexes beside the faction's ships (reachable for transforming and building)."""
    out: set[str] = set()
    for r in of(g.s, f)["ships"]:
        if not g.board.is_land(r):
            out.update(h for h in g.board.neighbours[r] if g.board.is_land(h))
    return out


def sail_rows(g: Game, f: FactionState, *, fresh: bool = False) -> Iterator[str]:
    """One ship's move per row: to every building it may trade with, and to a few river hexes."""
    m = of(g.s, f)
    sailed = [] if fresh else m["sailed"]
    free = shipping_range(g, f)
    bowls = extra_step_bowls(f)
    # A burn can fill bowl III for the extra step (offered as a sacrifice).
    reach = free + extra_steps(f) if bowls or f.p2 >= 2 else free
    for start in sorted(set(m["ships"])):
        if g.board.is_land(start) or m["ships"].count(start) <= sailed.count(start):
            continue
        paths = {start: [start]}
        frontier = [start]
        for _ in range(reach):
            nxt = []
            for a in frontier:
                for b in _river_moves(g, a):
                    if b not in paths:
                        paths[b] = [*paths[a], b]
                        nxt.append(b)
            frontier = nxt
        targets: dict[str, list[str]] = {}
        for r, path in paths.items():
            if len(path) > reach:
                continue
            for h in river_side_land(g, r):
                ok = _fresh_target(g, f, h) if fresh else trade_target(g, f, h) is None
                if h not in targets and ok:
                    targets[h] = [*path, h]
        far = sorted((r for r in paths if r != start), key=lambda r: (-len(paths[r]), r))
        for path in [*targets.values(), *(paths[r] for r in far[:RIVER_MOVES_PER_SHIP])]:
            yield from _paid_from(path, free, bowls)


def _paid_from(path: list[str], free: int, bowls: list[str]) -> Iterator[str]:
    """A sailing row; with an extra step that either bowl could pay, one row per bowl."""
    row = "sail " + "-".join(path)
    if len(path) - 1 <= free or len(bowls) < 2:
        yield row
        return
    for bowl in bowls:
        yield f"{row} from bowl {bowl}"


def _river_moves(g: Game, a: str) -> list[str]:
    out = [b for b in g.board.neighbours[a] if river_step(g, a, b)]
    assert g.s.merchants is not None
    for x, y in g.s.merchants["canals"]:
        if x == a:
            out.append(y)
        elif y == a:
            out.append(x)
    return out


def river_side_land(g: Game, river: str) -> list[str]:
    return [h for h in g.board.neighbours[river] if g.board.is_land(h)]


def _fresh_target(g: Game, f: FactionState, h: str) -> bool:
    m = of(g.s, f)
    owner = g.s.owner.get(h)
    return owner is not None and owner != f.name and h not in m["traded"] and m["markers"] > 0
