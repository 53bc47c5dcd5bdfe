"""Explicit Merchants of the Seas states for scenario tests: a setup played through with
chosen dwellings, docks and bonus cards, then buildings and ships put where a test needs."""

from __future__ import annotations

from games.rules.terra_mystica.board import ORIGINAL_MAP_ID
from games.rules.terra_mystica.engine import apply, new_game
from games.rules.terra_mystica.merchants.ships import ship_sites
from games.rules.terra_mystica.setup import DEFAULT_OPTIONS, GameSetup, available_bonus_tiles
from games.rules.terra_mystica.state import GameState
from games.rules.terra_mystica.views import waiting_for

MERCHANTS = "merchants-of-the-seas"
OPTIONS = (*DEFAULT_OPTIONS, MERCHANTS)
# Round tiles 1-6 (no cult the round-end bonus thrice, no spade tile late).
TILES = ("SCORE18", "SCORE11", "SCORE12", "SCORE13", "SCORE19", "SCORE20")
BONUS = ("BON1", "BON3", "BON4", "BON11", "BON12", "BON13", "BON14", "BON5")


def merchants_setup(
    players: int,
    *,
    tiles: tuple[str, ...] = TILES,
    bonus: tuple[str, ...] = BONUS,
    options: tuple[str, ...] = OPTIONS,
    map_id: str = ORIGINAL_MAP_ID,
) -> GameSetup:
    keep = bonus[: players + 3]
    return GameSetup(
        player_count=players,
        options=options,
        scoring_tiles=tiles,
        removed_bonus_tiles=tuple(t for t in available_bonus_tiles(options) if t not in keep),
        map_id=map_id,
        final_scoring_tiles=("most-trade-markers",),
    )


def play_setup(
    dwellings: dict[str, list[str]],
    docks: dict[str, str],
    bonuses: dict[str, str],
    *,
    colours: dict[str, str] | None = None,
    **setup_kw,
) -> GameState:
    """Play the setup: factions in the order given, their dwellings, docks, bonus cards."""
    names = list(dwellings)
    state = new_game(merchants_setup(len(names), **setup_kw))
    placed = dict.fromkeys(names, 0)
    while state.phase != "play":
        d = waiting_for(state)[0]
        if d.kind == "faction":
            row = f"setup {names[d.seat - 1]}"
        elif d.kind == "dwelling":
            row = f"build {dwellings[d.actor][placed[d.actor]]}"
            placed[d.actor] += 1
        elif d.kind == "dock":
            row = f"dock {docks[d.actor]}"
        elif d.kind == "bonus":
            row = f"pass {bonuses[d.actor]}"
        elif d.kind == "pick-color":
            row = f"pick-color {(colours or {})[d.actor]}"
        elif d.kind == "favor":
            row = "+FAV9"
        elif d.kind == "ship":
            from games.rules.terra_mystica.context import Game

            row = f"ship {ship_sites(Game(state), state.factions[d.actor])[0]}"
        else:  # pragma: no cover - a test's setup asks something unexpected
            raise AssertionError(f"unexpected decision {d}")
        state = apply(state, d.actor, row)
    return state


def merchants_of(state: GameState, faction: str) -> dict:
    assert state.merchants is not None
    return state.merchants["factions"][faction]


def put(state: GameState, faction: str, hex_id: str, kind: str = "D") -> None:
    """A building of ``faction`` on ``hex_id`` (on its home terrain), set directly."""
    f = state.factions[faction]
    old = state.building.get(hex_id)
    if old is not None:
        state.factions[state.owner[hex_id]].buildings[old] -= 1
        if state.owner[hex_id] != faction:
            state.factions[state.owner[hex_id]].locations.remove(hex_id)
    state.terrain[hex_id] = f.color
    state.building[hex_id] = kind
    state.owner[hex_id] = faction
    if hex_id not in f.locations:
        f.locations.append(hex_id)
    f.buildings[kind] += 1
    if kind == "SY":
        merchants_of(state, faction)["shipyard"] = hex_id


def set_ships(state: GameState, faction: str, *hexes: str) -> None:
    merchants_of(state, faction)["ships"] = list(hexes)


def give_turn(state: GameState, faction: str) -> None:
    """Make ``faction`` the player on turn with a full action."""
    state.action_required = [r for r in state.action_required if r["type"] != "full"]
    state.action_required.append({"type": "full", "faction": faction})
    state.active = faction
    f = state.factions[faction]
    f.allowed_actions = 1
    f.allowed_sub = {}


def rich(state: GameState, faction: str, **amounts: int) -> None:
    """Resources set directly (c, w, p, p1, p2, p3, vp, ship)."""
    f = state.factions[faction]
    for k, v in amounts.items():
        if k in ("p1", "p2", "p3"):
            f.chips += v - getattr(f, k)
        setattr(f, k, v)


def act(state: GameState, actor: str, *rows: str) -> GameState:
    for row in rows:
        state = apply(state, actor, row)
    return state
