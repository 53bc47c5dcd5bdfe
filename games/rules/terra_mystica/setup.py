"""Game setup: options, scoring tiles, removed bonus tiles and seat order.

A setup is either given explicitly (tournaments, replays of known games) or drawn from a
seed exactly as terra.snellman.net's ``randomize v2 seed <seed>`` draws it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from ..core import RuleError, SnellmanRandom, mt_shuffle
from .board import DATA_DIR, ORIGINAL_MAP_ID, Board, board_for, load_board, variable_vp_table
from .data import CYCLE_INDEX, bonus_tiles, natural_key, scoring_tiles
from .scoring import FINAL_TILES

# What terra.snellman.net turns on for new games.
DEFAULT_OPTIONS = (
    "strict-leech",
    "strict-darkling-sh",
    "strict-chaosmagician-sh",
    "errata-cultist-power",
    "mini-expansion-1",
    "shipping-bonus",
    "temple-scoring-tile",
)
# Every option of the base game: terra.snellman.net's, as it spells them, and Yucata's
# (variable-starting-vp, beginner-setup, wait-for-leech; see docs/yucata.md).
RULE_OPTIONS = frozenset(
    (
        *DEFAULT_OPTIONS,
        "maintain-player-order",
        "variable-turn-order",
        "email-notify",
        "fire-and-ice-final-scoring",
        "variable-starting-vp",
        "beginner-setup",
        "wait-for-leech",
        "fire-and-ice-factions/ice",
        "fire-and-ice-factions/volcano",
        "fire-and-ice-factions/variable",
        "fire-and-ice-factions/variable_v5",
    )
)
# The registry of final scoring tiles (scoring.FINAL_TILES) decides which ones exist.
FINAL_SCORING_TILES = tuple(FINAL_TILES)


@dataclass(frozen=True, slots=True)
class GameSetup:
    player_count: int
    options: tuple[str, ...]
    scoring_tiles: tuple[str, ...]
    removed_bonus_tiles: tuple[str, ...]
    players: tuple[str, ...] = ()
    map_id: str = ORIGINAL_MAP_ID
    final_scoring_tiles: tuple[str, ...] = ()
    seed: str | None = None
    # A map this project does not store travels with the game, in terra.snellman.net's notation.
    map_terrain: str | None = None
    map_vp_variant: str | None = None

    def __post_init__(self) -> None:
        validate_setup(self)

    def has(self, option: str) -> bool:
        return option in self.options

    @property
    def board(self) -> Board:
        return board_for(self.map_id, self.map_terrain, self.map_vp_variant)

    def to_json(self) -> dict:
        return {
            "player_count": self.player_count,
            "options": list(self.options),
            "scoring_tiles": list(self.scoring_tiles),
            "removed_bonus_tiles": list(self.removed_bonus_tiles),
            "players": list(self.players),
            "map_id": self.map_id,
            "final_scoring_tiles": list(self.final_scoring_tiles),
            "seed": self.seed,
            "map_terrain": self.map_terrain,
            "map_vp_variant": self.map_vp_variant,
        }

    @classmethod
    def from_json(cls, d: dict) -> GameSetup:
        return cls(
            player_count=d["player_count"],
            options=tuple(d["options"]),
            scoring_tiles=tuple(d["scoring_tiles"]),
            removed_bonus_tiles=tuple(d["removed_bonus_tiles"]),
            players=tuple(d.get("players", ())),
            map_id=d.get("map_id", ORIGINAL_MAP_ID),
            final_scoring_tiles=tuple(d.get("final_scoring_tiles", ())),
            seed=d.get("seed"),
            map_terrain=d.get("map_terrain"),
            map_vp_variant=d.get("map_vp_variant"),
        )


@cache
def beginner_factions(player_count: int) -> tuple[str, ...]:
    """The fixed factions of option ``beginner-setup`` for a player count."""
    data = json.loads((DATA_DIR / "beginner_setup.json").read_text())
    return tuple(data["factions"][str(player_count)])


def allowed_factions(setup: GameSetup) -> tuple[str, ...] | None:
    """The factions a game may choose from (None: any, one per colour)."""
    return beginner_factions(setup.player_count) if setup.has("beginner-setup") else None


def available_scoring_tiles(options: Iterable[str]) -> list[str]:
    opts = set(options)
    return sorted(
        (t for t, s in scoring_tiles().items() if s.option is None or s.option in opts),
        key=natural_key,
    )


def available_bonus_tiles(options: Iterable[str]) -> list[str]:
    opts = set(options)
    return sorted(
        t for t, s in bonus_tiles().items() if s.get("option") is None or s["option"] in opts
    )


def validate_setup(setup: GameSetup) -> None:
    if not 2 <= setup.player_count <= 5:
        raise RuleError(f"a game has 2 to 5 players, not {setup.player_count}")
    unknown = [o for o in setup.options if o not in RULE_OPTIONS]
    if unknown:
        raise RuleError(f"unknown option {unknown[0]!r}")
    tiles = available_scoring_tiles(setup.options)
    if len(setup.scoring_tiles) != 6:
        raise RuleError("exactly six scoring tiles are needed, one per round")
    for t in setup.scoring_tiles:
        if t not in tiles:
            raise RuleError(
                f"scoring tile {t} is not in this game (options: {', '.join(setup.options) or 'none'})"
            )
    if len(set(setup.scoring_tiles)) != 6:
        raise RuleError("a scoring tile can be used in only one round")
    if "SCORE1" in setup.scoring_tiles[4:]:
        raise RuleError("the spade scoring tile SCORE1 may not be used in round 5 or 6")
    bonus = available_bonus_tiles(setup.options)
    for t in setup.removed_bonus_tiles:
        if t not in bonus:
            raise RuleError(f"bonus tile {t} is not in this game")
    if len(bonus) - len(set(setup.removed_bonus_tiles)) != setup.player_count + 3:
        raise RuleError(
            f"a {setup.player_count}-player game uses {setup.player_count + 3} bonus tiles: "
            f"remove {len(bonus) - setup.player_count - 3} of {len(bonus)}"
        )
    for tile in setup.final_scoring_tiles:
        if tile not in FINAL_SCORING_TILES:
            raise RuleError(
                f"unknown final scoring tile {tile!r} (one of {', '.join(FINAL_SCORING_TILES)})"
            )
    if setup.players and len(setup.players) != setup.player_count:
        raise RuleError(
            f"{len(setup.players)} players named for a {setup.player_count}-player game"
        )
    if setup.has("variable-starting-vp") and variable_vp_table(setup.map_id) is None:
        raise RuleError("this map has no table of variable starting VP")
    if setup.map_terrain:
        try:
            board = board_for(setup.map_id, setup.map_terrain, setup.map_vp_variant)
        except (KeyError, ValueError, IndexError) as e:
            raise RuleError(f"the map's terrain string cannot be read ({e})") from None
        if board.map_id != setup.map_id:
            raise RuleError(
                f"map id {setup.map_id} does not match its terrain string ({board.map_id})"
            )
        if not all(t in CYCLE_INDEX or t == "river" for t in board.terrain.values()):
            raise RuleError("the map uses terrains of an expansion this game does not have")
        return
    try:
        load_board(setup.map_id)
    except KeyError:
        raise RuleError(f"unknown map {setup.map_id}") from None


def random_setup(
    seed: str,
    player_count: int,
    options: Sequence[str] = DEFAULT_OPTIONS,
    players: Sequence[str] = (),
    map_id: str = ORIGINAL_MAP_ID,
) -> GameSetup:
    """Draw the setup from ``seed`` the way terra.snellman.net does (``randomize v2``)."""
    rng = SnellmanRandom(seed)
    tiles = available_scoring_tiles(options)
    while True:
        drawn = mt_shuffle(rng, tiles)
        if drawn[4] != "SCORE1" and drawn[5] != "SCORE1":
            break
    bonus = mt_shuffle(rng, available_bonus_tiles(options))
    removed = bonus[: len(bonus) - (player_count + 3)]
    seats = list(players)
    if seats and "maintain-player-order" not in options:
        indexed = sorted(enumerate(seats), key=lambda p: (p[1].lower(), p[0]))
        seats = mt_shuffle_players(rng, [name for _, name in indexed])
    final: tuple[str, ...] = ()
    if "fire-and-ice-final-scoring" in options:
        final = (mt_shuffle(rng, sorted(FINAL_SCORING_TILES))[0],)
    return GameSetup(
        player_count=player_count,
        options=tuple(options),
        scoring_tiles=tuple(drawn[:6]),
        removed_bonus_tiles=tuple(removed),
        players=tuple(seats),
        map_id=map_id,
        final_scoring_tiles=final,
        seed=seed,
    )


def mt_shuffle_players(rng: SnellmanRandom, names: list[str]) -> list[str]:
    # Players are shuffled as objects: ties (never in practice) keep the sorted order.
    keyed = [(rng.rand(), i, name) for i, name in enumerate(names)]
    keyed.sort()
    return [name for _, _, name in keyed]
