"""Game setup: options, scoring tiles, removed bonus tiles and seat order.

A setup is either given explicitly (tournaments, replays of known games) or drawn from a
seed exactly as terra.snellman.net's ``randomize v2 seed <seed>`` draws it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from ..core import RuleError, SnellmanRandom, mt_shuffle
from .board import DATA_DIR, ORIGINAL_MAP_ID, Board, board_for, load_board, variable_vp_table
from .data import (
    CYCLE_INDEX,
    MERCHANTS,
    MERCHANTS_FINAL_TILE,
    MERCHANTS_TASTE,
    YUCATA_SACRIFICE,
    bonus_tiles,
    faction_specs,
    in_game,
    merchants_data,
    natural_key,
    scoring_tiles,
    town_tiles,
)

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
# The promotional town tiles one by one (mini-expansion-1 brings all three, as on
# terra.snellman.net): a town tile of tiles.json is in play with its "option" or "own_option".
PROMO_TOWN_TILE_OPTIONS = ("promo-town-tile-tw6", "promo-town-tile-tw7", "promo-town-tile-tw8")
# Every option of the base game: terra.snellman.net's, as it spells them, and Yucata's
# (variable-starting-vp, beginner-setup, wait-for-leech, yucata-power-sacrifice, the promo
# town tiles one by one;
# see docs/yucata.md).
RULE_OPTIONS = frozenset(
    (
        *DEFAULT_OPTIONS,
        *PROMO_TOWN_TILE_OPTIONS,
        "maintain-player-order",
        "variable-turn-order",
        "email-notify",
        "fire-and-ice-final-scoring",
        "variable-starting-vp",
        "beginner-setup",
        "wait-for-leech",
        YUCATA_SACRIFICE,
        "fire-and-ice-factions/ice",
        "fire-and-ice-factions/volcano",
        "fire-and-ice-factions/variable",
        "fire-and-ice-factions/variable_v5",
        "faction-auction",
        "fast-auction",
        MERCHANTS,
        MERCHANTS_TASTE,
        MERCHANTS_FINAL_TILE,
    )
)
AUCTION_OPTIONS = ("faction-auction", "fast-auction")
# The final scoring tiles that exist: each one scoring.py can measure, registered there
# (scoring.final_tile) when the engine's package is imported.
FINAL_SCORING_TILES: list[str] = []
# Merchants of the Seas adds one, measured by trade markers rather than a network.
TRADE_MARKER_TILE = "most-trade-markers"


def final_scoring_tiles(options: Iterable[str]) -> tuple[str, ...]:
    extra = (TRADE_MARKER_TILE,) if MERCHANTS in options else ()
    return (*FINAL_SCORING_TILES, *extra)


def chosen_final_tiles(options: Iterable[str]) -> tuple[str, ...]:
    """Final tiles the options choose rather than draw: the expansion's tile, on purpose."""
    return (TRADE_MARKER_TILE,) if MERCHANTS_FINAL_TILE in options else ()


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
    # The factions offered in a faction auction (one side of as many boards as players).
    auction_factions: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _validate_once(self)

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
            "auction_factions": list(self.auction_factions),
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
            auction_factions=tuple(d.get("auction_factions", ())),
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
    return sorted((t for t, s in scoring_tiles().items() if s.in_game(opts)), key=natural_key)


def available_bonus_tiles(options: Iterable[str]) -> list[str]:
    opts = set(options)
    return sorted(t for t, s in bonus_tiles().items() if in_game(s, opts))


def available_town_tiles(options: Iterable[str]) -> dict[str, int]:
    """The town tiles in play with these options, and their copies."""
    opts = set(options)
    # A promotional tile may come alone (its own option); one the expansion replaces never does.
    return {
        t: s["copies"]
        for t, s in town_tiles().items()
        if s.get("excluded_by") not in opts
        and (s.get("option") is None or s["option"] in opts or s.get("own_option") in opts)
    }


@lru_cache(maxsize=1024)
def _validate_once(setup: GameSetup) -> None:
    # A setup is read back with every stored state: the same values need checking only once.
    validate_setup(setup)


def validate_setup(setup: GameSetup) -> None:
    if not 2 <= setup.player_count <= 5:
        raise RuleError(f"a game has 2 to 5 players, not {setup.player_count}")
    unknown = [o for o in setup.options if o not in RULE_OPTIONS]
    if unknown:
        raise RuleError(f"unknown option {unknown[0]!r}")
    for option in (MERCHANTS_TASTE, MERCHANTS_FINAL_TILE):
        if setup.has(option) and not setup.has(MERCHANTS):
            raise RuleError(f"option {option} needs the option {MERCHANTS}")
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
    for t in setup.scoring_tiles[4:]:
        if "SPADE" in scoring_tiles()[t].vp:
            raise RuleError(f"the spade scoring tile {t} may not be used in round 5 or 6")
    if setup.has(MERCHANTS):
        _check_round_end_cults(setup.scoring_tiles)
    bonus = available_bonus_tiles(setup.options)
    for t in setup.removed_bonus_tiles:
        if t not in bonus:
            raise RuleError(f"bonus tile {t} is not in this game")
    if len(bonus) - len(set(setup.removed_bonus_tiles)) != setup.player_count + 3:
        raise RuleError(
            f"a {setup.player_count}-player game uses {setup.player_count + 3} bonus tiles: "
            f"remove {len(bonus) - setup.player_count - 3} of {len(bonus)}"
        )
    if setup.has(MERCHANTS_TASTE):
        _check_taste(setup)
    if setup.has(MERCHANTS_FINAL_TILE) and setup.final_scoring_tiles != (TRADE_MARKER_TILE,):
        raise RuleError(f"with {MERCHANTS_FINAL_TILE} the final tile is {TRADE_MARKER_TILE}")
    final_tiles = final_scoring_tiles(setup.options)
    for tile in setup.final_scoring_tiles:
        if tile not in final_tiles:
            raise RuleError(
                f"unknown final scoring tile {tile!r} (one of {', '.join(final_tiles)})"
            )
    if setup.players and len(setup.players) != setup.player_count:
        raise RuleError(
            f"{len(setup.players)} players named for a {setup.player_count}-player game"
        )
    validate_auction(setup)
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


# The factions with rules, each with the game options that make it available (none: always);
# factions.register fills it when the engine's package is imported.
FACTION_OPTIONS: dict[str, tuple[str, ...]] = {}


def faction_boards(options: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """The faction boards a game's options allow: board (its printed colour) -> its two sides."""
    opts = set(options)
    # Factions the expansion refuses (their reach track is unknown) are never offered: their
    # board shows its other side.
    refused = merchants_data()["refused_factions"] if MERCHANTS in opts else {}
    boards: dict[str, list[str]] = {}
    specs = faction_specs()
    for name in sorted(n for n in specs if n in FACTION_OPTIONS):  # factions.faction_names()
        needs = FACTION_OPTIONS[name]
        if (needs and not opts.intersection(needs)) or name in refused:
            continue
        boards.setdefault(specs[name].color, []).append(name)
    return {board: tuple(sorted(sides)) for board, sides in sorted(boards.items())}


def validate_auction(setup: GameSetup) -> None:
    chosen = [o for o in AUCTION_OPTIONS if setup.has(o)]
    if len(chosen) > 1:
        raise RuleError("choose one faction auction: faction-auction or fast-auction")
    if not chosen:
        if setup.auction_factions:
            raise RuleError("factions are offered only with a faction auction option")
        return
    if setup.has("beginner-setup"):
        raise RuleError("the beginner setup fixes the factions: it cannot be auctioned")
    offered = setup.auction_factions
    if len(offered) != setup.player_count:
        raise RuleError(
            f"a {setup.player_count}-player auction offers {setup.player_count} factions, "
            f"not {len(offered)}"
        )
    board_of = {n: b for b, sides in faction_boards(setup.options).items() for n in sides}
    for name in offered:
        if name not in board_of:
            reason = (
                merchants_data()["refused_factions"].get(name) if setup.has(MERCHANTS) else None
            )
            raise RuleError(
                reason or f"{name} cannot be offered in this game (options or unknown name)"
            )
    if len({board_of[n] for n in offered}) != len(offered):
        raise RuleError("the auction offers one side of each drawn board: two sides of a board")


def draw_auction_factions(
    rng: SnellmanRandom, options: Sequence[str], count: int
) -> tuple[str, ...]:
    """As from the bag: ``count`` boards at random, and the side that shows of each."""
    boards = faction_boards(options)
    drawn = mt_shuffle(rng, list(boards))[:count]
    return tuple(boards[b][int(rng.rand() * len(boards[b]))] for b in drawn)


def _check_taste(setup: GameSetup) -> None:
    """The "taste" rule: exactly the drawn number of the expansion's new bonus cards."""
    taste = merchants_data()["taste"]
    kept = [t for t in taste["new_bonus_cards"] if t not in setup.removed_bonus_tiles]
    if len(kept) != taste["drawn"]:
        raise RuleError(
            f"with {MERCHANTS_TASTE}, {taste['drawn']} of the new bonus cards "
            f"{', '.join(taste['new_bonus_cards'])} are in the game, not {len(kept)}"
        )


def _taste_draw(rng: SnellmanRandom, bonus: list[str], player_count: int) -> list[str]:
    """The "taste" rule: the new cards drawn at random, the rest filled up with the previous
    ones (also at random); returns the bonus tiles removed."""
    taste = merchants_data()["taste"]
    new = mt_shuffle(rng, list(taste["new_bonus_cards"]))
    old = mt_shuffle(rng, [t for t in bonus if t not in new])
    fill = player_count + 3 - taste["drawn"]
    return new[taste["drawn"] :] + old[fill:]


def _check_round_end_cults(drawn: Sequence[str]) -> None:
    """Merchants of the Seas: no cult is the round-end bonus cult of three rounds (round 6
    has no round-end bonus)."""
    counts: dict[str, int] = {}
    for t in drawn[:5]:
        cult = scoring_tiles()[t].cult
        counts[cult] = counts.get(cult, 0) + 1
        if counts[cult] > 2:
            raise RuleError(
                f"{cult} would be the round-end bonus cult of three rounds ({t}); "
                "Merchants of the Seas allows two"
            )


def _merchants_draw(rng: SnellmanRandom, tiles: list[str]) -> list[str]:
    """Draw round by round: a tile breaking a rule (the spade tile in round 5 or 6, a third
    round-end bonus on one cult in rounds 1-5) is set aside and the next one drawn."""
    pool = mt_shuffle(rng, tiles)
    drawn: list[str] = []
    while len(drawn) < 6:
        tile = pool.pop(0)
        spec = scoring_tiles()[tile]
        late = len(drawn) >= 4
        cults = [scoring_tiles()[t].cult for t in drawn]
        if (late and "SPADE" in spec.vp) or (len(drawn) < 5 and cults.count(spec.cult) >= 2):
            continue
        drawn.append(tile)
    return drawn


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
    if MERCHANTS in options:
        drawn = _merchants_draw(rng, tiles)
    else:
        while True:
            drawn = mt_shuffle(rng, tiles)
            if drawn[4] != "SCORE1" and drawn[5] != "SCORE1":
                break
    if MERCHANTS_TASTE in options:
        removed = _taste_draw(rng, available_bonus_tiles(options), player_count)
    else:
        bonus = mt_shuffle(rng, available_bonus_tiles(options))
        removed = bonus[: len(bonus) - (player_count + 3)]
    seats = list(players)
    if seats and "maintain-player-order" not in options:
        indexed = sorted(enumerate(seats), key=lambda p: (p[1].lower(), p[0]))
        seats = mt_shuffle_players(rng, [name for _, name in indexed])
    final = chosen_final_tiles(options)
    if "fire-and-ice-final-scoring" in options and not final:
        final = (mt_shuffle(rng, sorted(final_scoring_tiles(options)))[0],)
    offered: tuple[str, ...] = ()
    if any(o in options for o in AUCTION_OPTIONS):
        offered = draw_auction_factions(rng, options, player_count)
    return GameSetup(
        player_count=player_count,
        options=tuple(options),
        scoring_tiles=tuple(drawn[:6]),
        removed_bonus_tiles=tuple(removed),
        players=tuple(seats),
        map_id=map_id,
        final_scoring_tiles=final,
        seed=seed,
        auction_factions=offered,
    )


def mt_shuffle_players(rng: SnellmanRandom, names: list[str]) -> list[str]:
    # Players are shuffled as objects: ties (never in practice) keep the sorted order.
    keyed = [(rng.rand(), i, name) for i, name in enumerate(names)]
    keyed.sort()
    return [name for _, _, name in keyed]
