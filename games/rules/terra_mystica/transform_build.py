"""Transform and build, each part's legality on its own (Yucata shows the part that is not
possible now as unavailable, e.g. a transform whose dwelling the player cannot pay)."""

from __future__ import annotations

from ..core import RuleError
from .building import colour_difference
from .data import CYCLE_INDEX
from .engine import apply_in_place, resolve_actor
from .factions import faction_rules
from .legal import legal_commands, stranded_spades
from .notation import parse_row
from .player import check_player_row
from .state import GameState

PARTS = ("transform", "build")


def transform_and_build(state: GameState, actor: str, hex_id: str) -> dict[str, str | None]:
    """The shortest legal row that transforms ``hex_id`` to the actor's home terrain, and the
    shortest that builds a dwelling there (with its transform); None where it is not possible."""
    f = state.factions.get(actor)
    if f is None:
        return {"transform": None, "build": None}
    transform, build = f"transform {hex_id} to {f.color}", f"build {hex_id}"
    transforms: list[str] = []
    builds: list[str] = []
    for row in legal_commands(state, actor):
        steps = [s.strip() for s in row.split(".")]
        if build in steps:
            builds.append(row)
        elif steps[-1] == transform:
            transforms.append(row)
    return {
        "transform": min(transforms, key=len, default=None),
        "build": min(builds, key=len, default=None),
    }


def transform_and_build_report(state: GameState, actor: str, hex_id: str) -> dict[str, dict]:
    """Each part on its own: ``{"transform": {...}, "build": {...}}``, each with ``row``, the
    shortest legal row, or None, ``reason``, the rule the plainest row for that part breaks
    (the spades the hex needs dug first), e.g. "a dwelling costs 1W 2C; cultists have 0
    coins", and ``short``, the one resource it lacks and how much (``{"C": 2}``) when a single
    resource would make that row legal."""
    rows = transform_and_build(state, actor, hex_id)
    report: dict[str, dict] = {}
    for part in PARTS:
        row = rows[part]
        if row:
            report[part] = {"row": row, "reason": "", "short": {}}
            continue
        reason, plain = _why_not(state, actor, hex_id, part)
        short = _shortfall(state, actor, plain) if plain else {}
        report[part] = {"row": None, "reason": reason, "short": short}
    return report


def _plain_row(state: GameState, actor: str, hex_id: str, part: str) -> str:
    f = state.factions[actor]
    rules = faction_rules(f.name)
    terrain = state.terrain.get(hex_id, "")
    step = f"build {hex_id}" if part == "build" else f"transform {hex_id} to {f.color}"
    if terrain not in CYCLE_INDEX or f.color not in CYCLE_INDEX or terrain == f.color:
        return step
    if not rules.transforms_with_spades():
        return step
    need = rules.spades_to_build(abs(colour_difference(terrain, f.color))) - f.spade
    return f"dig {need}. {step}" if need > 0 else step


def _refusal(state: GameState, actor: str, row: str) -> str:
    """The rule ``row`` breaks for ``actor`` now, or "" if it may be played."""
    try:
        parsed = parse_row(row)
        check_player_row(state, actor, parsed)
        copy = state.copy()
        resolve_actor(copy, actor, parsed)
        apply_in_place(copy, actor, parsed)
    except RuleError as exc:
        return str(exc)
    if stranded_spades(copy, copy.factions[actor]):
        return f"{row} leaves spades no step of the turn can use"
    return ""


def _why_not(state: GameState, actor: str, hex_id: str, part: str) -> tuple[str, str]:
    """The reason, and the plain row it is the reason for ("" when there is no such row)."""
    if actor not in state.factions:
        return f"{actor} have no faction in play", ""
    if hex_id not in state.terrain:
        return f"there is no hex {hex_id}", ""
    row = _plain_row(state, actor, hex_id, part)
    return _refusal(state, actor, row) or f"{row} does not leave a way to finish the turn", row


# Resources a faction could lack for a transform or a dwelling, as the ledger names them.
_RESOURCES = (("w", "W"), ("c", "C"), ("p", "P"), ("p3", "PW"))
_MOST_LACKING = 12


def _shortfall(state: GameState, actor: str, row: str) -> dict[str, int]:
    """The one resource, and the least of it, that would make ``row`` legal ({} if none)."""
    for attr, name in _RESOURCES:
        for extra in range(1, _MOST_LACKING + 1):
            richer = state.copy()
            f = richer.factions[actor]
            setattr(f, attr, getattr(f, attr) + extra)
            if not _refusal(richer, actor, row):
                return {name: extra}
    return {}
