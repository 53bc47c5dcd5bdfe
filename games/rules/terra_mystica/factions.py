"""What makes each faction different, as hooks at named points of the rules.

Numbers (costs, income, tracks) are data (``data/factions.json``); this module holds the
abilities: what a stronghold gives, what a spade or a town is worth to a faction, how it
transforms terrain, what it scores when passing, how it reacts to opponents taking power.
The engine asks these objects and never tests a faction's name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Protocol

from ..core import RuleError
from .data import BUILDING_POWER, CULTS, CYCLE_INDEX, FactionSpec, faction_specs
from .setup import FACTION_OPTIONS

if TYPE_CHECKING:
    from .state import FactionState, GameState


class InPlay(Protocol):
    """The game in play as a faction's abilities change it (context.Game is one)."""

    s: GameState

    def gain(self, f: FactionState, gains: dict[str, int], source: str | None = None) -> None: ...
    def pay(self, f: FactionState, cost: dict[str, int], what: str) -> None: ...


class FactionRules:
    name: ClassVar[str] = ""
    # Gained per spade received, whatever its source (and whether the SH must be built).
    spade_bonus: ClassVar[dict[str, int]] = {}
    spade_bonus_needs_stronghold: ClassVar[bool] = False
    # Gained per town tile taken.
    town_bonus: ClassVar[dict[str, int]] = {}
    # Gained once when the stronghold is built (pseudo-resources included).
    stronghold_gain: ClassVar[dict[str, int]] = {}
    # Special action the stronghold unlocks (once per round).
    stronghold_action: ClassVar[str | None] = None
    # Steps the stronghold allows right away (Halflings: transform three hexes, build one).
    stronghold_steps: ClassVar[dict[str, int] | None] = None
    # Special action available from the start (Engineers' bridge).
    innate_action: ClassVar[str | None] = None
    # Cultists: what the builder gets when an opponent takes / all decline the power.
    leech_reward_taken: ClassVar[dict[str, int] | None] = None
    leech_reward_declined: ClassVar[dict[str, int] | None] = None
    favors_per_temple: ClassVar[int] = 1
    # Mermaids may join buildings across one river hex to found a town.
    river_towns: ClassVar[bool] = False
    # Decisions the faction's player makes during setup, in order, after taking the faction
    # (Fire & Ice: "pick-color" for factions whose terrain is chosen in play).
    setup_steps: ClassVar[tuple[str, ...]] = ()
    # Decisions made once every faction is taken (volcano factions: "pick-color").
    late_setup_steps: ClassVar[tuple[str, ...]] = ()
    # Gained when taking the faction (Ice Maidens: a favor tile).
    setup_gain: ClassVar[dict[str, int]] = {}
    # Game options that make the faction available (any of them; none: always).
    options: ClassVar[tuple[str, ...]] = ()
    # The option of the opponents-declined reward (the Cultists' errata; None: printed).
    leech_declined_option: ClassVar[str | None] = None

    def __init__(self, spec: FactionSpec) -> None:
        self.spec = spec
        # Each building's power value, worked out once: read per neighbour of every build.
        self.building_powers: dict[str, int] = {k: self.building_power(k) for k in BUILDING_POWER}
        # The buildings' income tables as (building, resource, table) in the spec's order,
        # without the tables that pay nothing at any level: read at every income.
        self.income_tables: tuple[tuple[str, str, list[int]], ...] = tuple(
            (kind, res, table)
            for kind, tables in spec.income.items()
            for res, table in tables.items()
            if any(table)
        )

    def has_home_colour(self) -> bool:
        """Does the faction's colour count as a home terrain (not ice, volcano, a start)?"""
        return self.printed_home() is not None

    def printed_home(self) -> str | None:
        """The home terrain on the cycle printed on the board, or None if chosen in play."""
        return self.spec.color if self.spec.color in CYCLE_INDEX else None

    def home_terrain(self, faction: FactionState) -> str:
        """The terrain spades count towards (the chosen one for factions that choose)."""
        return faction.color

    def build_terrain(self, faction: FactionState) -> str:
        """The terrain the faction's dwellings stand on (ice factions: ice, not the colour)."""
        return faction.color

    def may_build_on(self, faction: FactionState, terrain: str) -> bool:
        return terrain == self.build_terrain(faction)

    def transforms_with_spades(self) -> bool:
        """False for factions paying something else than spades to transform (volcano)."""
        return True

    def transform_cost(self, state: GameState, faction: FactionState, terrain: str) -> dict:
        """What a faction that does not use spades pays to make ``terrain`` its own."""
        return {}

    def pay_transform(self, g: InPlay, faction: FactionState, terrain: str) -> None:
        g.pay(faction, self.transform_cost(g.s, faction, terrain), "transforming")

    def transform_payments(self, state: GameState, faction: FactionState, terrain: str) -> list:
        """Rows completing a transformation of ``terrain`` ("" if none needed); [] if unaffordable."""
        cost = self.transform_cost(state, faction, terrain)
        have = {"CHIPS": faction.p1 + faction.p2 + faction.p3}
        return [""] if all(have.get(k, 0) >= n for k, n in cost.items()) else []

    def extra_priest_steps(self, faction: FactionState) -> int:
        return 0

    # Riverwalkers' hooks: no terrain change at all, and rules for the first dwellings.
    never_transforms: ClassVar[bool] = False
    start_max_priests: ClassVar[int] = 7

    def may_take_action(self, action: str) -> bool:
        return True

    def initial_hex_ok(self, state: GameState, hex_id: str) -> bool:
        return True

    def locked_terrains(self, faction: FactionState) -> list[str]:
        """Colours a gained priest may unlock instead (Riverwalkers)."""
        return []

    def unlock_cost(self, state: GameState, faction: FactionState, colour: str) -> dict:
        return {}

    def on_spades(self, g: InPlay, faction: FactionState, n: int) -> None:
        """Spades just gained (after the round's spade VP); volcano factions convert them."""

    def stronghold_gains(self, state: GameState, faction: FactionState) -> dict[str, int]:
        return self.stronghold_gain

    def transform_spades(self, distance: int) -> int:
        """Spades needed for a terrain change of ``distance`` steps on the cycle."""
        return distance

    def spades_to_build(self, distance_to_home: int) -> int:
        """Spades to make a hex ``distance_to_home`` steps from home buildable."""
        return self.transform_spades(distance_to_home)

    def may_place_initial(self, faction: FactionState, terrain: str) -> bool:
        """Where the initial dwellings go (ice factions: their chosen colour, made ice)."""
        return self.may_build_on(faction, terrain)

    def power_action_cost(self, faction: FactionState, printed: int) -> int:
        return printed

    def may_retake_power_actions(self, faction: FactionState) -> bool:
        """May the faction take power actions already covered this round?"""
        return False

    def building_power(self, kind: str) -> int:
        """A building's power value (power offered to neighbours, town strength)."""
        return BUILDING_POWER[kind]

    def may_reach(self, state: GameState, faction: FactionState, hex_id: str) -> bool:
        """A restriction on top of adjacency, shipping and tunnelling (Riverwalkers)."""
        return True

    def rewarded_for_leech(self) -> bool:
        """Does the faction gain something when opponents take or decline its power?"""
        return self.leech_reward_taken is not None or self.leech_reward_declined is not None

    def taken_reward(self, state: GameState) -> dict[str, int] | None:
        """Gained once per build when an opponent takes its power."""
        return self.leech_reward_taken

    def leech_cult_reward(self) -> int:
        """Cult steps gained when an opponent takes power from one of its builds."""
        return (self.leech_reward_taken or {}).get("CULT", 0)

    def blocks_colour(self, in_play: bool) -> bool:
        """Does the faction's colour bar others from it (setup: every colour held)?"""
        return not in_play or self.has_home_colour()

    def special_actions(self, state: GameState, faction: FactionState) -> list[str]:
        """Faction actions the player may take now (each once per round unless repeatable)."""
        owned = []
        if faction.buildings["SH"] and self.stronghold_action:
            owned.append(self.stronghold_action)
        if self.innate_action:
            owned.append(self.innate_action)
        return owned

    def pass_vp(self, state: GameState, faction: FactionState) -> int:
        return 0


class Witches(FactionRules):
    name = "witches"
    town_bonus = {"VP": 5}
    stronghold_action = "ACTW"


class Auren(FactionRules):
    name = "auren"
    stronghold_gain = {"GAIN_FAVOR": 1}
    stronghold_action = "ACTA"


class Alchemists(FactionRules):
    name = "alchemists"
    spade_bonus = {"PW": 2}
    spade_bonus_needs_stronghold = True
    stronghold_gain = {"PW": 12}


class Darklings(FactionRules):
    name = "darklings"
    stronghold_gain = {"CONVERT_W_TO_P": 3}


class Halflings(FactionRules):
    name = "halflings"
    spade_bonus = {"VP": 1}
    stronghold_gain = {"SPADE": 3}
    stronghold_steps = {"transform": 3, "build": 1}


class Cultists(FactionRules):
    name = "cultists"
    stronghold_gain = {"VP": 7}
    leech_reward_taken = {"CULT": 1}
    leech_reward_declined = {"PW": 1}
    leech_declined_option = "errata-cultist-power"


class Engineers(FactionRules):
    name = "engineers"
    innate_action = "ACTE"

    def pass_vp(self, state: GameState, faction: FactionState) -> int:
        """With the stronghold: 3 VP per own bridge joining two own buildings."""
        if not faction.buildings["SH"]:
            return 0
        joined = sum(
            1
            for a, b, owner in state.bridges
            if owner == faction.name
            and state.owner.get(a) == faction.name
            and state.owner.get(b) == faction.name
        )
        return 3 * joined


class Dwarves(FactionRules):
    name = "dwarves"
    stronghold_gain = {"GAIN_TELEPORT": 1}


class Mermaids(FactionRules):
    name = "mermaids"
    stronghold_gain = {"GAIN_SHIP": 1}
    river_towns = True


class Swarmlings(FactionRules):
    name = "swarmlings"
    town_bonus = {"W": 3}
    stronghold_action = "ACTS"


class ChaosMagicians(FactionRules):
    name = "chaosmagicians"
    stronghold_action = "ACTC"
    favors_per_temple = 2


class Giants(FactionRules):
    name = "giants"
    stronghold_action = "ACTG"

    def transform_spades(self, distance: int) -> int:
        return 2 if distance else 0


class Fakirs(FactionRules):
    name = "fakirs"
    stronghold_gain = {"GAIN_TELEPORT": 1}


class Nomads(FactionRules):
    name = "nomads"
    stronghold_action = "ACTN"


class IceFaction(FactionRules):
    """Fire & Ice: a colour of the cycle is chosen in play; hexes are turned into ice for as
    many spades as their distance from that colour, at least one."""

    setup_steps = ("pick-color",)
    options = ("fire-and-ice-factions/ice",)

    def build_terrain(self, faction: FactionState) -> str:
        return "ice"

    def spades_to_build(self, distance_to_home: int) -> int:
        return max(distance_to_home, 1)

    def may_place_initial(self, faction: FactionState, terrain: str) -> bool:
        return terrain == faction.color


class IceMaidens(IceFaction):
    name = "icemaidens"
    setup_gain = {"GAIN_FAVOR": 1}

    def pass_vp(self, state: GameState, faction: FactionState) -> int:
        """With the stronghold: 3 VP per temple on passing."""
        return 3 * faction.buildings["TE"] if faction.buildings["SH"] else 0


class Yetis(IceFaction):
    name = "yetis"

    def power_action_cost(self, faction: FactionState, printed: int) -> int:
        return printed - 1

    def may_retake_power_actions(self, faction: FactionState) -> bool:
        return bool(faction.buildings["SH"])

    def building_power(self, kind: str) -> int:
        return 4 if kind in ("SH", "SA") else BUILDING_POWER[kind]


class VolcanoFaction(FactionRules):
    """Fire & Ice: build on volcano, made from any other terrain of the cycle without spades;
    the colour chosen once every faction is taken only says where the first dwellings go."""

    late_setup_steps = ("pick-color",)
    options = ("fire-and-ice-factions/volcano",)

    def build_terrain(self, faction: FactionState) -> str:
        return "volcano"

    def transforms_with_spades(self) -> bool:
        return False

    def may_place_initial(self, faction: FactionState, terrain: str) -> bool:
        return terrain == faction.color

    @staticmethod
    def others_home(state: GameState, faction: FactionState, terrain: str) -> bool:
        """Is ``terrain`` the home terrain of another faction (chosen start colours are not)?"""
        return any(
            f is not faction and f.color == terrain and faction_rules(f.name).has_home_colour()
            for f in state.factions.values()
        )

    def on_spades(self, g: InPlay, faction: FactionState, n: int) -> None:
        # Spades cannot transform: the action that gave them ends there.
        faction.spade -= n
        for step in ("dig", "transform", "build"):
            faction.allowed_sub.pop(step, None)
        g.gain(faction, self.per_spade(n), "spades")

    def per_spade(self, n: int) -> dict[str, int]:
        return {}


class Dragonlords(VolcanoFaction):
    name = "dragonlords"

    def transform_cost(self, state: GameState, faction: FactionState, terrain: str) -> dict:
        return {"CHIPS": 2 if self.others_home(state, faction, terrain) else 1}

    def per_spade(self, n: int) -> dict[str, int]:
        return {"CHIPS": n}

    def stronghold_gains(self, state: GameState, faction: FactionState) -> dict[str, int]:
        return {"CHIPS": state.setup.player_count}


class Acolytes(VolcanoFaction):
    name = "acolytes"

    def steps_owed(self, state: GameState, faction: FactionState, terrain: str) -> int:
        return 4 if self.others_home(state, faction, terrain) else 3

    def pay_transform(self, g: InPlay, faction: FactionState, terrain: str) -> None:
        # Paid by the player with "-3FIRE" (one track); the turn cannot end before.
        owed = self.steps_owed(g.s, faction, terrain)
        if max(faction.cult) < owed:
            raise RuleError(f"{faction.name} need {owed} steps on one cult track")
        faction.cult_debt = owed

    def transform_payments(self, state: GameState, faction: FactionState, terrain: str) -> list:
        owed = self.steps_owed(state, faction, terrain)
        return [
            f"-{owed}{t}" for t, level in zip(CULTS, faction.cult, strict=True) if level >= owed
        ]

    def per_spade(self, n: int) -> dict[str, int]:
        return {"CULT": n}

    def extra_priest_steps(self, faction: FactionState) -> int:
        return 1 if faction.buildings["SH"] else 0


REVISED_VARIABLE = "fire-and-ice-factions/variable_v5"


class Shapeshifters(FactionRules):
    """Home colour chosen when taking the faction and changed by the stronghold's action."""

    name = "shapeshifters"
    setup_steps = ("pick-color",)
    options = ("fire-and-ice-factions/variable", REVISED_VARIABLE)
    leech_reward_taken = {"CHIPS_P3": 1}
    leech_reward_declined = {"PW": 1}

    def has_home_colour(self) -> bool:
        return True

    def taken_reward(self, state: GameState) -> dict[str, int] | None:
        # The revision makes the chip optional, for 1 VP ("gain P3 for VP").
        if REVISED_VARIABLE in state.setup.options:
            return {"GAIN_P3_FOR_VP": 1}
        return self.leech_reward_taken

    def special_actions(self, state: GameState, faction: FactionState) -> list[str]:
        if not faction.buildings["SH"]:
            return []
        if REVISED_VARIABLE in state.setup.options:
            return ["ACTH5", "ACTH6"]
        return ["ACTH1", "ACTH2"]


class Riverwalkers(FactionRules):
    """Build on the start colour and the colours unlocked, reached by shipping alone."""

    name = "riverwalkers"
    setup_steps = ("pick-color",)
    options = ("fire-and-ice-factions/variable", REVISED_VARIABLE)
    never_transforms = True
    start_max_priests = 1
    stronghold_gain = {"BRIDGE": 2}

    def blocks_colour(self, in_play: bool) -> bool:
        return True  # not a home terrain, but no one else takes it

    def transforms_with_spades(self) -> bool:
        return False

    def may_build_on(self, faction: FactionState, terrain: str) -> bool:
        return terrain == faction.color or terrain in faction.unlocked

    def may_place_initial(self, faction: FactionState, terrain: str) -> bool:
        return terrain == faction.color

    def initial_hex_ok(self, state: GameState, hex_id: str) -> bool:
        board = state.setup.board
        return any(not board.is_land(n) for n in board.neighbours[hex_id])

    def may_reach(self, state: GameState, faction: FactionState, hex_id: str) -> bool:
        if state.round == 0:
            return True
        reach = faction.ship + (1 if faction.bonus == "BON4" and not faction.passed else 0)
        distances = state.setup.board.river_distance[hex_id]
        return any(distances.get(loc, reach + 1) <= reach for loc in faction.locations)

    def may_take_action(self, action: str) -> bool:
        return action not in ("ACT5", "ACT6", "BON1")

    def on_spades(self, g: InPlay, faction: FactionState, n: int) -> None:
        faction.spade -= n  # spades are of no use to them

    def locked_terrains(self, faction: FactionState) -> list[str]:
        if faction.color not in CYCLE_INDEX:
            return []
        return [c for c in CYCLE_INDEX if c != faction.color and c not in faction.unlocked]

    def unlock_cost(self, state: GameState, faction: FactionState, colour: str) -> dict:
        if REVISED_VARIABLE not in state.setup.options:
            return {}
        home = any(
            f is not faction and f.color == colour and faction_rules(f.name).has_home_colour()
            for f in state.factions.values()
        )
        return {"C": 2 if home else 1}


_REGISTRY: dict[str, type[FactionRules]] = {}


def register(cls: type[FactionRules]) -> type[FactionRules]:
    """Make a faction playable (explicit, so subclasses of subclasses count too)."""
    if cls.name in _REGISTRY:
        raise ValueError(f"faction {cls.name} registered twice")
    _REGISTRY[cls.name] = cls
    FACTION_OPTIONS[cls.name] = cls.options
    return cls


# Registered here rather than by a decorator: the optional compiled build (mypyc) compiles
# only classes without one.
for _playable in (
    Witches,
    Auren,
    Alchemists,
    Darklings,
    Halflings,
    Cultists,
    Engineers,
    Dwarves,
    Mermaids,
    Swarmlings,
    ChaosMagicians,
    Giants,
    Fakirs,
    Nomads,
    IceMaidens,
    Yetis,
    Dragonlords,
    Acolytes,
    Shapeshifters,
    Riverwalkers,
):
    register(_playable)


# Each faction's rules, loaded once. Every playable faction's are loaded here, so that the
# engine reads them as ``LOADED_RULES[f.name]`` (dozens of times per move) without a call;
# rules registered later (a variant without data) are loaded by ``faction_rules``.
LOADED_RULES: dict[str, FactionRules] = {
    name: _REGISTRY[name](spec) for name, spec in faction_specs().items() if name in _REGISTRY
}


def faction_rules(name: str) -> FactionRules:
    rules = LOADED_RULES.get(name)
    if rules is None:
        rules = LOADED_RULES[name] = _REGISTRY[name](faction_specs()[name])
    return rules


def colours_in_play(state: GameState) -> dict[str, str]:
    """Colours on the cycle no faction may take (again), with the faction holding each: during
    setup every colour held; later only home colours (a Shapeshifter may take an ice start)."""
    in_play = state.round > 0
    return {
        f.color: f.name
        for f in state.factions.values()
        if f.color in CYCLE_INDEX and faction_rules(f.name).blocks_colour(in_play)
    }


def colour_holder(state: GameState, name: str) -> tuple[str, str] | None:
    """(colour, holder) if faction ``name`` may not join for its colour: a home colour held by
    another faction, or the same printed colour (two ice or two volcano factions)."""
    rules = faction_rules(name)
    home = rules.printed_home()
    taken = colours_in_play(state)
    if home in taken:
        return home, taken[home]
    if home is None:
        for f in state.factions.values():
            if faction_rules(f.name).spec.color == rules.spec.color:
                return rules.spec.color, f.name
    return None


def faction_names() -> list[str]:
    """Factions with both rules and data (a faction's numbers alone do not make it playable)."""
    return sorted(name for name in faction_specs() if name in _REGISTRY)
