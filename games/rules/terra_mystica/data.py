"""Game facts as data: factions, tiles and constants, loaded from the JSON files in data/."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA_DIR = Path(__file__).parent / "data"

CULTS = ("FIRE", "WATER", "EARTH", "AIR")
CULT_INDEX = {c: i for i, c in enumerate(CULTS)}
_TERRAINS = json.loads((DATA_DIR / "terrains.json").read_text())
# The terrain wheel, in order: one spade per step the short way round.
TERRAIN_CYCLE: tuple[str, ...] = tuple(_TERRAINS["cycle"])
CYCLE_LENGTH = len(TERRAIN_CYCLE)
CYCLE_INDEX = {c: i for i, c in enumerate(TERRAIN_CYCLE)}
# Fire & Ice terrains outside the wheel: no spade reaches or leaves them.
OFF_CYCLE_TERRAINS: tuple[str, ...] = tuple(_TERRAINS["off_cycle"])
TERRAINS: tuple[str, ...] = TERRAIN_CYCLE + OFF_CYCLE_TERRAINS
TERRAIN_NAMES: dict[str, str] = dict(_TERRAINS["names"])
TERRAIN_ALIASES: dict[str, str] = dict(_TERRAINS["aliases"])
BUILDING_TYPES = ("D", "TP", "TE", "SH", "SA")
# "SY", the shipyard, exists only in games with Merchants of the Seas (data/merchants.json).
BUILDING_SUPPLY = {"D": 8, "TP": 4, "TE": 3, "SH": 1, "SA": 1, "SY": 1}
BUILDING_POWER = {"D": 1, "TP": 2, "TE": 2, "SH": 3, "SA": 3, "SY": 3}
UPGRADE_FROM = {"TP": "D", "TE": "TP", "SH": "TP", "SA": "TE"}
CULT_SPACE_VALUES = (3, 2, 2, 2)
CULT_POWER_THRESHOLDS = ((3, 1), (5, 2), (7, 2), (10, 3))
BRIDGES_PER_FACTION = 3
MAX_PRIESTS = 7

# Power actions: cost in power, what they give, and the follow-up steps they allow.
POWER_ACTIONS: dict[str, dict] = {
    "ACT1": {"PW": 3, "gain": {"BRIDGE": 1}, "sub": {"bridge": 1}},
    "ACT2": {"PW": 3, "gain": {"P": 1}, "sub": {}},
    "ACT3": {"PW": 4, "gain": {"W": 2}, "sub": {}},
    "ACT4": {"PW": 4, "gain": {"C": 7}, "sub": {}},
    "ACT5": {"PW": 4, "gain": {"SPADE": 1}, "sub": {"dig": 1, "transform": 1, "build": 1}},
    "ACT6": {"PW": 6, "gain": {"SPADE": 2}, "sub": {"dig": 1, "transform": 2, "build": 1}},
}

# Special actions of bonus tiles, favor tiles and strongholds (each once per round per owner,
# except ACTE which the Engineers may repeat).
SPECIAL_ACTIONS: dict[str, dict] = {
    "BON1": {"gain": {"SPADE": 1}, "sub": {"dig": 1, "transform": 1, "build": 1}},
    "BON2": {"gain": {"CULT": 1}, "sub": {}},
    "FAV6": {"gain": {"CULT": 1}, "sub": {}},
    "ACTA": {"gain": {"CULT": 2, "CULTS_ON_SAME_TRACK": 1}, "sub": {}},
    "ACTC": {"gain": {"GAIN_ACTION": 2}, "sub": {}},
    "ACTE": {"cost": {"W": 2}, "gain": {"BRIDGE": 1}, "sub": {"bridge": 1}, "repeatable": True},
    "ACTG": {"gain": {"SPADE": 2}, "sub": {"dig": 1, "transform": 1, "build": 1}},
    "ACTN": {
        "gain": {"FREE_TF": 1, "TF_NEED_HEX_ADJACENCY": 1},
        "sub": {"dig": 1, "transform": 1, "build": 1},
    },
    "ACTS": {"gain": {"FREE_TP": 1}, "sub": {"upgrade": 1}},
    "ACTW": {"gain": {"FREE_D": 1, "TELEPORT_NO_TF": 1}, "sub": {"build": 1}},
    # Shapeshifters change their home colour (printed: ACTH1/ACTH2; revision: ACTH5/ACTH6).
    "ACTH1": {"cost": {"PW": 3}, "gain": {"VP": 2, "PICK_COLOR": 1}, "sub": {}, "repeatable": True},
    "ACTH2": {
        "cost": {"CHIPS": 3},
        "gain": {"VP": 2, "PICK_COLOR": 1},
        "sub": {},
        "repeatable": True,
    },
    "ACTH5": {"cost": {"PW": 5}, "gain": {"PICK_COLOR": 1}, "sub": {}, "repeatable": True},
    "ACTH6": {"cost": {"CHIPS": 5}, "gain": {"PICK_COLOR": 1}, "sub": {}, "repeatable": True},
}

# Free conversions (how many of the first resource buy one of the second).
EXCHANGE_RATES: dict[str, dict[str, int]] = {
    "PW": {"C": 1, "W": 3, "P": 5},
    "W": {"C": 1},
    "P": {"C": 1, "W": 1},
    "C": {"VP": 3},
}


@dataclass(frozen=True, slots=True)
class ShippingTrack:
    start: int
    max: int
    advance_cost: dict[str, int]
    vp: dict[int, int]  # VP for reaching a level


@dataclass(frozen=True, slots=True)
class DiggingTrack:
    max_level: int
    cost: tuple[dict[str, int], ...]  # cost of one spade at each level
    extra_gain: tuple[dict[str, int], ...]  # gained with each spade bought (Darklings: VP)
    advance_cost: dict[str, int]
    advance_vp: int


@dataclass(frozen=True, slots=True)
class Teleport:
    kind: str  # "tunnel" or "carpet"
    cost: tuple[dict[str, int], ...]  # by level (level 1 after the stronghold)
    vp: int
    base_range: int
    max_range: int


@dataclass(frozen=True, slots=True)
class FactionSpec:
    name: str
    display: str
    color: str
    start_vp: int
    start: dict[str, int]
    start_cult: tuple[int, int, int, int]
    costs: dict[str, dict[str, int]]  # full cost of each building (TP without neighbour)
    tp_neighbour_coins: int
    income: dict[str, dict[str, list[int]]]
    shipping: ShippingTrack | None
    digging: DiggingTrack
    teleport: Teleport | None
    initial_dwellings: int
    exchange_rates: dict[str, dict[str, int]]


def _faction_from_json(name: str, d: dict) -> FactionSpec:
    start = d["start"]
    costs = {b: {"W": c["W"], "C": c["C"]} for b, c in d["costs"].items()}
    ship = d.get("shipping")
    shipping = None
    if ship:
        shipping = ShippingTrack(
            start=ship["start"],
            max=ship["max"],
            advance_cost=dict(ship["advance_cost"]),
            vp={int(k): v for k, v in ship["vp_for_reaching_level"].items()},
        )
    dig = d["digging"]
    if dig["type"] == "none":  # volcano factions: no spades, no digging track
        digging = DiggingTrack(
            max_level=0, cost=({},), extra_gain=({},), advance_cost={}, advance_vp=0
        )
    elif dig["type"] == "priests":
        digging = DiggingTrack(
            max_level=0,
            cost=({"P": dig["priests_per_spade"]},),
            extra_gain=({"VP": dig["vp_per_spade_bought"]},),
            advance_cost={},
            advance_vp=0,
        )
    else:
        digging = DiggingTrack(
            max_level=dig["max_level"],
            cost=tuple({"W": w} for w in dig["workers_per_spade_by_level"]),
            extra_gain=tuple({} for _ in dig["workers_per_spade_by_level"]),
            advance_cost=dict(dig["advance_cost"]),
            advance_vp=dig["vp_per_advance"],
        )
    tele = d.get("teleport")
    teleport = None
    if tele:
        if tele["type"] == "tunnel":
            cost = (dict(tele["cost_before_sh"]), dict(tele["cost_after_sh"]))
            max_range = tele["range"]
        else:
            cost = (dict(tele["cost"]), dict(tele["cost"]))
            max_range = tele["max_range"]
        teleport = Teleport(
            kind=tele["type"],
            cost=cost,
            vp=tele["vp_per_use"],
            base_range=tele["range"],
            max_range=max_range,
        )
    exchange: dict[str, dict[str, int]] = {}
    conv = d["ability"].get("conversions", {})
    if "C_to_VP" in conv:
        exchange.setdefault("C", {})["VP"] = conv["C_to_VP"][0]
    if "VP_to_C" in conv:
        exchange.setdefault("VP", {})["C"] = conv["VP_to_C"][0]
    return FactionSpec(
        name=name,
        display=d["display_name"],
        color=d["color"],
        start_vp=start["VP"],
        start={
            "C": start["C"],
            "W": start["W"],
            "P": start["P"],
            "P1": start["power_bowls"][0],
            "P2": start["power_bowls"][1],
        },
        start_cult=tuple(start["cult"][c] for c in CULTS),
        costs=costs,
        tp_neighbour_coins=d["costs"]["TP"]["C_if_neighbour"],
        income={b: {r: list(v) for r, v in inc.items()} for b, inc in d["income"].items()},
        shipping=shipping,
        digging=digging,
        teleport=teleport,
        initial_dwellings=d["initial_dwellings"],
        exchange_rates=exchange,
    )


# The base game's factions, then each expansion's.
FACTION_FILES = ("factions.json", "factions-fire-and-ice.json")


@cache
def faction_specs() -> dict[str, FactionSpec]:
    specs = {}
    for file in FACTION_FILES:
        raw = json.loads((DATA_DIR / file).read_text())["factions"]
        specs.update({name: _faction_from_json(name, d) for name, d in raw.items()})
    return specs


MERCHANTS = "merchants-of-the-seas"
# The expansion's optional "taste" rule: 2 of its 3 new bonus cards are always in the game.
MERCHANTS_TASTE = "merchants-of-the-seas/taste"
# Yucata's power sacrifice: a burn only with what bowl III cannot pay (commands.SacrificeWatch).
YUCATA_SACRIFICE = "yucata-power-sacrifice"
# The expansion's final tile (most trade markers) played on purpose: "optional" without the
# Fire & Ice final tiles, "bewusst auswählen" instead of drawn with them (seed 003).
MERCHANTS_FINAL_TILE = "merchants-of-the-seas/final-tile"


@cache
def merchants_data() -> dict:
    """Merchants of the Seas: every component value with its source (see the file)."""
    return json.loads((DATA_DIR / "merchants.json").read_text())


@cache
def tiles() -> dict:
    """The tiles of every game: the base game's, and the expansion's behind their option
    (a base tile the expansion replaces is marked ``excluded_by`` it)."""
    out = json.loads((DATA_DIR / "tiles.json").read_text())
    extra = merchants_data()
    for kind in ("bonus_tiles", "favor_tiles", "town_tiles"):
        for tid, spec in extra[kind].items():
            out[kind]["tiles"][tid] = {**spec, "option": MERCHANTS}
    for tid, spec in extra["scoring_tiles"]["tiles"].items():
        out["scoring_tiles"]["tiles"][tid] = {**spec, "option": MERCHANTS}
    for kind, ids in extra["replaces"].items():
        if kind != "status":
            for tid in ids:
                out[kind]["tiles"][tid]["excluded_by"] = MERCHANTS
    return out


def in_game(spec: dict, options) -> bool:
    """Is a tile (its spec) part of a game with these options?"""
    option = spec.get("option")
    excluded = spec.get("excluded_by")
    return (option is None or option in options) and (excluded is None or excluded not in options)


@dataclass(frozen=True, slots=True)
class ScoringTile:
    id: str
    text: str
    vp: dict[str, int]  # event -> VP: "D", "TP", "TE", "SH", "SA", "SPADE", "TOWN"
    cult: str  # FIRE/WATER/EARTH/AIR, or PRIESTS for SCORE9
    per: int
    gain: dict[str, int]
    option: str | None
    excluded_by: str | None = None

    def in_game(self, options) -> bool:
        return (self.option is None or self.option in options) and (
            self.excluded_by is None or self.excluded_by not in options
        )


@cache
def scoring_tiles() -> dict[str, ScoringTile]:
    out = {}
    for tid, t in tiles()["scoring_tiles"]["tiles"].items():
        bonus = t["cult_bonus"]
        cult = bonus["track"] if bonus["track"] in CULTS else "PRIESTS"
        out[tid] = ScoringTile(
            tid,
            t["ledger_text"],
            dict(t["vp"]),
            cult,
            bonus["per"],
            dict(bonus["gain"]),
            t.get("option"),
            t.get("excluded_by"),
        )
    return out


@cache
def bonus_tiles() -> dict[str, dict]:
    return tiles()["bonus_tiles"]["tiles"]


@cache
def favor_tiles() -> dict[str, dict]:
    return tiles()["favor_tiles"]["tiles"]


@cache
def town_tiles() -> dict[str, dict]:
    return tiles()["town_tiles"]["tiles"]


def natural_key(tile_id: str) -> tuple[str, int]:
    head = tile_id.rstrip("0123456789")
    return head, int(tile_id[len(head) :] or 0)
