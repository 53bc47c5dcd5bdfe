"""Consistency rules every reachable state obeys (checked by property tests and fuzzing)."""

from __future__ import annotations

from .data import BRIDGES_PER_FACTION, BUILDING_SUPPLY, CULTS, MAX_PRIESTS
from .expansion import merchants
from .state import GameState


def violations(state: GameState) -> list[str]:
    out: list[str] = []
    for f in state.factions.values():
        name = f.name
        tokens = f.p1 + f.p2 + f.p3
        if tokens + f.burned != f.chips:
            out.append(
                f"{name}: {tokens} power tokens in the bowls with {f.burned} burnt, not {f.chips}"
            )
        for attr in (
            "vp",
            "c",
            "w",
            "p",
            "p1",
            "p2",
            "p3",
            "keys",
            "spade",
            "cult_steps",
            "gain_favor",
            "gain_tw",
        ):
            if getattr(f, attr) < 0:
                out.append(f"{name}: negative {attr} ({getattr(f, attr)})")
        if f.p + f.cult_priests > MAX_PRIESTS:
            out.append(
                f"{name}: {f.p} priests in hand and {f.cult_priests} on cult spaces exceed {MAX_PRIESTS}"
            )
        for kind, n in f.buildings.items():
            if not 0 <= n <= BUILDING_SUPPLY[kind]:
                out.append(f"{name}: {n} {kind} on the map (supply {BUILDING_SUPPLY[kind]})")
        on_map = sorted(h for h, owner in state.owner.items() if owner == name)
        if on_map != sorted(f.locations) or len(on_map) != sum(f.buildings.values()):
            out.append(f"{name}: buildings on the map do not match the faction's count")
        for i, level in enumerate(f.cult):
            if not 0 <= level <= 10:
                out.append(f"{name}: {CULTS[i]} at {level}")
        if sum(1 for a, b, owner in state.bridges if owner == name) > BRIDGES_PER_FACTION:
            out.append(f"{name}: more than {BRIDGES_PER_FACTION} bridges")
        if BRIDGES_PER_FACTION - f.bridges_left != sum(
            1 for *_, owner in state.bridges if owner == name
        ):
            out.append(f"{name}: bridge count out of step")
        if len(f.favors) != len(set(f.favors)):
            out.append(f"{name}: two copies of a favor tile")
    for i, track in enumerate(CULTS):
        top = [f.name for f in state.factions.values() if f.cult[i] == 10]
        if len(top) > 1:
            out.append(f"{track}: {', '.join(top)} all on 10")
    for tile, n in state.pool.items():
        if n < 0:
            out.append(f"{tile}: {n} left")
    if set(state.building) != set(state.owner):
        out.append("buildings without owners or owners without buildings")
    if state.merchants is not None:
        out += merchants().violations(state)
    return out
