"""The game state: plain data that round-trips through JSON without loss.

Everything the rules need lives here; derived facts (such as the current round's scoring
tile) are computed from it. Pending entitlements (spades to use, favor tiles to take, cult
steps to place, ...) are counters on the faction, and the decisions the game waits for are
the records of ``GameState.action_required``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from sys import intern
from typing import Any

from .data import CULTS
from .setup import GameSetup

# Counters a faction holds while an action (or a decision) is under way.
PENDING_FIELDS = (
    "spade",
    "free_tf",
    "free_tp",
    "free_d",
    "teleport_no_tf",
    "tf_need_hex_adjacency",
    "cult_steps",
    "cults_on_same_track",
    "gain_favor",
    "gain_tw",
    "bridge",
    "convert_w_to_p",
    "gain_action",
    "gain_p3_for_vp",
    "volcano_tf",
)


@dataclass
class FactionState:
    name: str
    color: str
    seat: int  # 1-based seat (player number) of the faction's player
    player: str = ""
    vp: int = 20
    c: int = 0
    w: int = 0
    p: int = 0
    p1: int = 0
    p2: int = 0
    p3: int = 0
    burned: int = 0  # power tokens removed from the game by burning
    unlocked: list[str] = field(default_factory=list)  # Riverwalkers' unlocked colours
    unlock_terrain: int = 0  # Riverwalkers: priests gained, each to unlock or to keep
    volcano_tf: int = 0  # volcano factions: a transformation opened by 'dig 1'
    cult_debt: int = 0  # Acolytes: cult steps owed for a volcano transformation
    chips: int = 12  # power tokens owned, burnt ones included (Fire & Ice adds and removes)
    cult: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    max_cult: list[int] = field(default_factory=lambda: [10, 10, 10, 10])
    keys: int = 0
    ship: int = 0
    dig: int = 0
    teleport_level: int = 0
    carpet_range: int = 0
    max_p: int = 7  # priests in hand may not exceed the priests not standing on cult spaces
    cult_priests: int = 0  # priests standing on cult spaces
    buildings: dict[str, int] = field(
        default_factory=lambda: {"D": 0, "TP": 0, "TE": 0, "SH": 0, "SA": 0}
    )
    locations: list[str] = field(default_factory=list)
    bridges_left: int = 3
    bonus: str | None = None
    favors: list[str] = field(default_factory=list)
    towns: list[str] = field(default_factory=list)
    town_size: int = 7
    passed: bool = False
    dropped: bool = False
    start_player: bool = False
    income_taken: int = 0  # bit 1: cult income, bits 2-8: other income
    order: int = 0  # position in this round's turn order
    # pending entitlements
    spade: int = 0
    free_tf: int = 0
    free_tp: int = 0
    free_d: int = 0
    teleport_no_tf: int = 0
    tf_need_hex_adjacency: int = 0
    cult_steps: int = 0
    cults_on_same_track: int = 0
    gain_favor: int = 0
    gain_tw: int = 0
    bridge: int = 0
    convert_w_to_p: int = 0
    gain_action: int = 0
    gain_p3_for_vp: int = 0  # revised Shapeshifters: may buy a chip into bowl III for 1 VP
    # what the faction may still do in its turn
    allowed_actions: int = 0
    allowed_sub: dict[str, int] = field(default_factory=dict)
    allowed_build_locations: list[str] = field(default_factory=list)
    require_home_terrain_tf: bool = False
    teleport_to: str | None = None
    cult_blocked: list[str] = field(default_factory=list)
    disable_spade_decline: bool = False
    waiting: bool = False
    # Cultists' bookkeeping per build (leech id -> count)
    leech_cult_gained: list[int] = field(default_factory=list)
    leech_not_rejected: dict[str, int] = field(default_factory=dict)
    leech_rejected: dict[str, int] = field(default_factory=dict)
    vp_source: dict[str, int] = field(default_factory=dict)

    @property
    def power(self) -> tuple[int, int, int]:
        return (self.p1, self.p2, self.p3)

    def cult_of(self, track: str) -> int:
        return self.cult[CULTS.index(track)]

    def copy(self) -> FactionState:
        """A copy that shares no container with this one."""
        # Typed: in the compiled build an untyped ``new`` would set every field through the
        # generic attribute protocol (a third of a copy).
        new: FactionState
        if PLAIN_CLASSES:
            new = _shallow_copy(self)
        else:
            new = FactionState.__new__(FactionState)
            new.name = self.name
            new.color = self.color
            new.seat = self.seat
            new.player = self.player
            new.vp = self.vp
            new.c = self.c
            new.w = self.w
            new.p = self.p
            new.p1 = self.p1
            new.p2 = self.p2
            new.p3 = self.p3
            new.burned = self.burned
            new.unlock_terrain = self.unlock_terrain
            new.volcano_tf = self.volcano_tf
            new.cult_debt = self.cult_debt
            new.chips = self.chips
            new.keys = self.keys
            new.ship = self.ship
            new.dig = self.dig
            new.teleport_level = self.teleport_level
            new.carpet_range = self.carpet_range
            new.max_p = self.max_p
            new.cult_priests = self.cult_priests
            new.bridges_left = self.bridges_left
            new.bonus = self.bonus
            new.town_size = self.town_size
            new.passed = self.passed
            new.dropped = self.dropped
            new.start_player = self.start_player
            new.income_taken = self.income_taken
            new.order = self.order
            new.spade = self.spade
            new.free_tf = self.free_tf
            new.free_tp = self.free_tp
            new.free_d = self.free_d
            new.teleport_no_tf = self.teleport_no_tf
            new.tf_need_hex_adjacency = self.tf_need_hex_adjacency
            new.cult_steps = self.cult_steps
            new.cults_on_same_track = self.cults_on_same_track
            new.gain_favor = self.gain_favor
            new.gain_tw = self.gain_tw
            new.bridge = self.bridge
            new.convert_w_to_p = self.convert_w_to_p
            new.gain_action = self.gain_action
            new.gain_p3_for_vp = self.gain_p3_for_vp
            new.allowed_actions = self.allowed_actions
            new.require_home_terrain_tf = self.require_home_terrain_tf
            new.teleport_to = self.teleport_to
            new.disable_spade_decline = self.disable_spade_decline
            new.waiting = self.waiting
        new.cult = self.cult[:]
        new.max_cult = self.max_cult[:]
        new.buildings = dict(self.buildings)
        new.locations = self.locations[:]
        new.favors = self.favors[:]
        new.towns = self.towns[:]
        new.allowed_sub = dict(self.allowed_sub)
        new.allowed_build_locations = self.allowed_build_locations[:]
        new.cult_blocked = self.cult_blocked[:]
        new.leech_cult_gained = self.leech_cult_gained[:]
        new.leech_not_rejected = dict(self.leech_not_rejected)
        new.leech_rejected = dict(self.leech_rejected)
        new.vp_source = dict(self.vp_source)
        new.unlocked = self.unlocked[:]
        return new

    def to_json(self) -> dict:
        # A copy's attributes are the fields, in order, in containers of their own.
        return attributes(self.copy())

    @classmethod
    def from_json(cls, d: dict) -> FactionState:
        return cls(**_interned(d))


@dataclass
class GameState:
    setup: GameSetup
    phase: str = "select-factions"
    income_state: str = "other"
    round: int = 0
    turn: int = 0
    factions: dict[str, FactionState] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)  # seat order (rewritten by variable turn order)
    new_order: list[str] = field(default_factory=list)
    setup_order: list[list[str]] = field(default_factory=list)  # [faction, "dwelling"|"bonus"]
    action_required: list[dict] = field(default_factory=list)
    active: str | None = None
    full_turn_played: bool = False
    leech_id: int = 0
    terrain: dict[str, str] = field(default_factory=dict)
    owner: dict[str, str] = field(default_factory=dict)  # hex -> faction
    building: dict[str, str] = field(default_factory=dict)  # hex -> D/TP/TE/SH/SA
    town: dict[str, int] = field(default_factory=dict)  # hex -> town id
    bridges: list[list[str]] = field(default_factory=list)  # [hex, hex, faction]
    river_links: dict[str, list[str]] = field(default_factory=dict)  # Mermaids' river towns
    river_towns: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)  # actions used this round
    pool: dict[str, int] = field(default_factory=dict)  # BON*, FAV*, TW* left
    bonus_coins: dict[str, int] = field(default_factory=dict)
    cult_spaces: dict[str, list[str | None]] = field(default_factory=dict)
    finished: bool = False
    aborted: bool = False
    dropped_seats: list[int] = field(default_factory=list)
    ledger_round: int = 0
    ledger_turn: int = 0
    trailing_comment: bool = False
    auction: dict = field(default_factory=dict)  # the faction auction's record (auction.py)
    # Merchants of the Seas (None without the option): see merchants/state.py.
    merchants: dict | None = None

    def faction(self, name: str) -> FactionState:
        return self.factions[name]

    def factions_in_order(self, *, include_dropped: bool = True) -> list[FactionState]:
        fs = [self.factions[n] for n in self.order]
        return fs if include_dropped else [f for f in fs if not f.dropped]

    def copy(self) -> GameState:
        new = self._copy_except_factions()
        new.factions = {n: f.copy() for n, f in self.factions.items()}
        return new

    def _copy_except_factions(self) -> GameState:
        new: GameState
        if PLAIN_CLASSES:
            new = _shallow_copy(self)
        else:
            new = GameState.__new__(GameState)
            new.setup = self.setup
            new.phase = self.phase
            new.income_state = self.income_state
            new.round = self.round
            new.turn = self.turn
            new.active = self.active
            new.full_turn_played = self.full_turn_played
            new.leech_id = self.leech_id
            new.finished = self.finished
            new.aborted = self.aborted
            new.ledger_round = self.ledger_round
            new.ledger_turn = self.ledger_turn
            new.trailing_comment = self.trailing_comment
            new.auction = self.auction
            new.merchants = self.merchants
            new.factions = self.factions
        new.order = self.order[:]
        new.new_order = self.new_order[:]
        new.setup_order = [r[:] for r in self.setup_order]
        new.action_required = [dict(r) for r in self.action_required]
        new.terrain = dict(self.terrain)
        new.owner = dict(self.owner)
        new.building = dict(self.building)
        new.town = dict(self.town)
        new.bridges = [b[:] for b in self.bridges]
        new.river_links = {k: v[:] for k, v in self.river_links.items()}
        new.river_towns = self.river_towns[:]
        new.blocked = self.blocked[:]
        new.pool = dict(self.pool)
        new.bonus_coins = dict(self.bonus_coins)
        new.cult_spaces = {k: v[:] for k, v in self.cult_spaces.items()}
        new.dropped_seats = self.dropped_seats[:]
        if self.auction:
            new.auction = {
                k: (v[:] if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
                for k, v in self.auction.items()
            }
        if self.merchants is not None:
            new.merchants = _deep_copy(self.merchants)
        return new

    def to_json(self) -> dict:
        # All containers in the state are JSON-native already (lists, str-keyed dicts): a
        # copy's attributes, in field order, are the JSON object.
        out = attributes(self._copy_except_factions())
        if out["merchants"] is None:
            del out["merchants"]  # games without the expansion store exactly what they did before
        out["setup"] = self.setup.to_json()
        out["factions"] = {n: f.to_json() for n, f in self.factions.items()}
        return out

    @classmethod
    def from_json(cls, d: dict) -> GameState:
        kwargs: dict[str, Any] = _interned(d)
        kwargs["setup"] = GameSetup.from_json(d["setup"])
        kwargs["factions"] = {n: FactionState.from_json(fs) for n, fs in d["factions"].items()}
        return cls(**kwargs)


def _interned(d: dict) -> dict[str, Any]:
    # Keyword arguments are matched to parameters by identity first: with the keys of a
    # parsed JSON text (equal strings, other objects) every one would be compared by value.
    return {intern(k): v for k, v in d.items()}


def _deep_copy(value):
    if isinstance(value, dict):
        return {k: _deep_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep_copy(v) for v in value]
    return value


def attributes(obj) -> dict[str, Any]:
    """A state object's fields by name, in field order: its attribute dict itself when it
    has one; a new dict in the compiled build, whose classes keep their fields in slots (and
    give them, in field order, through the ``__getstate__`` mypyc writes for pickling)."""
    try:
        return obj.__dict__
    except AttributeError:
        return obj.__getstate__()


def _shallow_copy(obj):
    # A plain dataclass copies fastest through its attribute dict.
    new = object.__new__(type(obj))
    new.__dict__ = obj.__dict__.copy()
    return new


# Plain dataclasses (the pure Python engine) keep their fields in an attribute dict, which
# copies in one step; the compiled build's classes keep them in slots, and copying through
# their pickling state (a dict of every field, then each set by name) took 25 µs a 4-player
# state against 9 for the dicts, so there each field is copied by name, natively (4 µs).
PLAIN_CLASSES = FactionState.__dictoffset__ != 0
