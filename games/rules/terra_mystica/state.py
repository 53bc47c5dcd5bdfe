"""The game state: plain data that round-trips through JSON without loss.

Everything the rules need lives here; derived facts (such as the current round's scoring
tile) are computed from it. Pending entitlements (spades to use, favor tiles to take, cult
steps to place, ...) are counters on the faction, and the decisions the game waits for are
the records of ``GameState.action_required``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from sys import intern
from typing import Any, Final

from .data import CULTS
from .setup import GameSetup
from .watched import WatchedDict, WrittenDict

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


@dataclass(slots=True)
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
        new: FactionState = FactionState.__new__(FactionState)
        new._set_scalars(self)
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

    def restore(self, pristine: FactionState) -> None:
        """Make this faction equal to ``pristine`` again, as its copy would be (how a trial
        applied in place is undone): every field set back, and a container copied again
        only where it differs from ``pristine``'s (most are untouched by a trial); a dict
        only where it was written, if it is watched (``watch``)."""
        self._set_scalars(pristine)
        if not _equal(self.cult, pristine.cult):
            self.cult = pristine.cult[:]
        if not _equal(self.max_cult, pristine.max_cult):
            self.max_cult = pristine.max_cult[:]
        if _written(self.buildings, pristine.buildings):
            self.buildings = _copy_back(self.buildings, pristine.buildings)
        if not _equal(self.locations, pristine.locations):
            self.locations = pristine.locations[:]
        if not _equal(self.favors, pristine.favors):
            self.favors = pristine.favors[:]
        if not _equal(self.towns, pristine.towns):
            self.towns = pristine.towns[:]
        if _written(self.allowed_sub, pristine.allowed_sub):
            self.allowed_sub = _copy_back(self.allowed_sub, pristine.allowed_sub)
        if not _equal(self.allowed_build_locations, pristine.allowed_build_locations):
            self.allowed_build_locations = pristine.allowed_build_locations[:]
        if not _equal(self.cult_blocked, pristine.cult_blocked):
            self.cult_blocked = pristine.cult_blocked[:]
        if not _equal(self.leech_cult_gained, pristine.leech_cult_gained):
            self.leech_cult_gained = pristine.leech_cult_gained[:]
        if _written(self.leech_not_rejected, pristine.leech_not_rejected):
            self.leech_not_rejected = _copy_back(
                self.leech_not_rejected, pristine.leech_not_rejected
            )
        if _written(self.leech_rejected, pristine.leech_rejected):
            self.leech_rejected = _copy_back(self.leech_rejected, pristine.leech_rejected)
        if _written(self.vp_source, pristine.vp_source):
            self.vp_source = _copy_back(self.vp_source, pristine.vp_source)
        if not _equal(self.unlocked, pristine.unlocked):
            self.unlocked = pristine.unlocked[:]

    def watch(self) -> None:
        """Watch this faction's dicts for writes, so that ``restore`` copies back only those
        written (for a state that trials are applied to in place)."""
        self.buildings = WatchedDict(self.buildings)
        self.allowed_sub = WatchedDict(self.allowed_sub)
        self.leech_not_rejected = WatchedDict(self.leech_not_rejected)
        self.leech_rejected = WatchedDict(self.leech_rejected)
        self.vp_source = WatchedDict(self.vp_source)

    def _set_scalars(self, other: FactionState) -> None:
        # Typed: in the compiled build every field is a native store (the generic attribute
        # protocol took a third of a copy).
        self.name = other.name
        self.color = other.color
        self.seat = other.seat
        self.player = other.player
        self.vp = other.vp
        self.c = other.c
        self.w = other.w
        self.p = other.p
        self.p1 = other.p1
        self.p2 = other.p2
        self.p3 = other.p3
        self.burned = other.burned
        self.unlock_terrain = other.unlock_terrain
        self.volcano_tf = other.volcano_tf
        self.cult_debt = other.cult_debt
        self.chips = other.chips
        self.keys = other.keys
        self.ship = other.ship
        self.dig = other.dig
        self.teleport_level = other.teleport_level
        self.carpet_range = other.carpet_range
        self.max_p = other.max_p
        self.cult_priests = other.cult_priests
        self.bridges_left = other.bridges_left
        self.bonus = other.bonus
        self.town_size = other.town_size
        self.passed = other.passed
        self.dropped = other.dropped
        self.start_player = other.start_player
        self.income_taken = other.income_taken
        self.order = other.order
        self.spade = other.spade
        self.free_tf = other.free_tf
        self.free_tp = other.free_tp
        self.free_d = other.free_d
        self.teleport_no_tf = other.teleport_no_tf
        self.tf_need_hex_adjacency = other.tf_need_hex_adjacency
        self.cult_steps = other.cult_steps
        self.cults_on_same_track = other.cults_on_same_track
        self.gain_favor = other.gain_favor
        self.gain_tw = other.gain_tw
        self.bridge = other.bridge
        self.convert_w_to_p = other.convert_w_to_p
        self.gain_action = other.gain_action
        self.gain_p3_for_vp = other.gain_p3_for_vp
        self.allowed_actions = other.allowed_actions
        self.require_home_terrain_tf = other.require_home_terrain_tf
        self.teleport_to = other.teleport_to
        self.disable_spade_decline = other.disable_spade_decline
        self.waiting = other.waiting

    def to_json(self) -> dict:
        # A copy's attributes are the fields, in order, in containers of their own.
        return attributes(self.copy())

    @classmethod
    def from_json(cls, d: dict) -> FactionState:
        return cls(**_interned(d))


@dataclass(slots=True)
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
        # Plain loops: asked at every build and pass, where a comprehension makes a function.
        factions, fs = self.factions, []
        for n in self.order:
            f = factions[n]
            if include_dropped or not f.dropped:
                fs.append(f)
        return fs

    def copy(self) -> GameState:
        new = self._copy_except_factions()
        new.factions = {n: f.copy() for n, f in self.factions.items()}
        return new

    def _copy_except_factions(self) -> GameState:
        new: GameState = GameState.__new__(GameState)
        new._set_scalars(self)
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
        new.auction = _copy_auction(self.auction)
        if self.merchants is not None:
            new.merchants = _deep_copy(self.merchants)
        return new

    def restore(self, pristine: GameState) -> None:
        """Make this state equal to ``pristine`` again, as its copy would be (how a trial
        applied in place is undone, cheaper than trying it on a copy): every field set back,
        a container copied again only where it differs from ``pristine``'s (a trial changes
        a few of them; a watched dict, only where it was written), every faction restored in
        place (a trial may write any of them: no caller's argument about which ones it
        wrote is trusted here)."""
        if self.factions.keys() == pristine.factions.keys():
            for name, f in self.factions.items():
                f.restore(pristine.factions[name])
        else:
            self.factions = {n: f.copy() for n, f in pristine.factions.items()}
        self._set_scalars(pristine)
        if not _equal(self.order, pristine.order):
            self.order = pristine.order[:]
        if not _equal(self.new_order, pristine.new_order):
            self.new_order = pristine.new_order[:]
        if not _equal(self.setup_order, pristine.setup_order):
            self.setup_order = [r[:] for r in pristine.setup_order]
        if self.action_required or pristine.action_required:
            self.action_required = [dict(r) for r in pristine.action_required]
        if _written(self.terrain, pristine.terrain):
            self.terrain = _copy_back(self.terrain, pristine.terrain)
        if _written(self.owner, pristine.owner):
            self.owner = _copy_back(self.owner, pristine.owner)
        if _written(self.building, pristine.building):
            self.building = _copy_back(self.building, pristine.building)
        if _written(self.town, pristine.town):
            self.town = _copy_back(self.town, pristine.town)
        if not _equal(self.bridges, pristine.bridges):
            self.bridges = [b[:] for b in pristine.bridges]
        if not _equal_dicts(self.river_links, pristine.river_links):
            self.river_links = {k: v[:] for k, v in pristine.river_links.items()}
        if not _equal(self.river_towns, pristine.river_towns):
            self.river_towns = pristine.river_towns[:]
        if not _equal(self.blocked, pristine.blocked):
            self.blocked = pristine.blocked[:]
        if _written(self.pool, pristine.pool):
            self.pool = _copy_back(self.pool, pristine.pool)
        if _written(self.bonus_coins, pristine.bonus_coins):
            self.bonus_coins = _copy_back(self.bonus_coins, pristine.bonus_coins)
        if not _equal_dicts(self.cult_spaces, pristine.cult_spaces):
            self.cult_spaces = {k: v[:] for k, v in pristine.cult_spaces.items()}
        if not _equal(self.dropped_seats, pristine.dropped_seats):
            self.dropped_seats = pristine.dropped_seats[:]
        if not _equal_dicts(self.auction, pristine.auction):
            self.auction = _copy_auction(pristine.auction)
        if self.merchants != pristine.merchants:
            self.merchants = _deep_copy(pristine.merchants)

    def watch(self, busy: str) -> None:
        """Watch the dicts a trial of ``busy``'s rows seldom writes (the other factions',
        the tiles left, the bonus coins, the towns), so that ``restore`` copies them back
        only once written (a watched dict tells it: ``watched.py``). The board's terrain,
        owners and buildings and ``busy``'s own dicts stay plain: most trials write them,
        and a watched dict's first write costs more than a copy. Called when this state
        equals the pristine state it will be restored to."""
        for name, f in self.factions.items():
            if name != busy:
                f.watch()
        self.town = WatchedDict(self.town)
        self.pool = WatchedDict(self.pool)
        self.bonus_coins = WatchedDict(self.bonus_coins)

    def _set_scalars(self, other: GameState) -> None:
        self.setup = other.setup
        self.phase = other.phase
        self.income_state = other.income_state
        self.round = other.round
        self.turn = other.turn
        self.active = other.active
        self.full_turn_played = other.full_turn_played
        self.leech_id = other.leech_id
        self.finished = other.finished
        self.aborted = other.aborted
        self.ledger_round = other.ledger_round
        self.ledger_turn = other.ledger_turn
        self.trailing_comment = other.trailing_comment

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


def _equal(mine: list, pristine: list) -> bool:
    # Most of a state's lists are empty (no comparison then); comparing the others is cheap.
    return (not mine and not pristine) or mine == pristine


def _equal_dicts(mine: dict, pristine: dict) -> bool:
    # Compared only for the few dicts of lists (cult spaces, river links, the auction).
    return (not mine and not pristine) or mine == pristine


# Final: the compiled build keeps them in C variables (a global's lookup was a third of a check).
_WATCHED: Final = WatchedDict
_WRITTEN: Final = WrittenDict


def _written(mine: dict, pristine: dict) -> bool:
    # Any other dict is copied back unless it is a watched copy nobody wrote (``watch``) or
    # both are empty: comparing two dicts costs more than copying one, even at five entries.
    # (The checks are written here: in the compiled build a call of the pure Python module
    # would run the interpreter for every dict of every restore.)
    return type(mine) is not _WATCHED and (bool(mine) or bool(pristine))


def _copy_back(mine: dict, pristine: dict) -> dict:
    # A watched dict that was written is set back watched; any other, as a copy makes it.
    return WatchedDict(pristine) if type(mine) is _WRITTEN else dict(pristine)


def _copy_auction(auction: dict) -> dict:
    return {
        k: (v[:] if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
        for k, v in auction.items()
    }


def _deep_copy(value):
    if isinstance(value, dict):
        return {k: _deep_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep_copy(v) for v in value]
    return value


def attributes(obj) -> dict[str, Any]:
    """A state object's fields by name, in field order, in a new dict: in the pure engine
    every slot read in C at once (``attrgetter``); in the compiled build through the
    ``__getstate__`` mypyc writes for pickling (its native classes have no ``__slots__``)."""
    reader = _SLOT_READERS.get(type(obj))
    if reader is None:
        return obj.__getstate__()
    names, read = reader
    return dict(zip(names, read(obj), strict=True))


# The state classes are slotted dataclasses: each field is read and written at a fixed place.
# A plain instance with more than 30 attributes keeps them in a dict of its own (CPython shares
# the keys of at most 30), where every read and write of a field is a hashed lookup.
_SLOT_READERS: Final = {
    cls: (cls.__slots__, attrgetter(*cls.__slots__))
    for cls in (FactionState, GameState)
    if "__slots__" in cls.__dict__
}
