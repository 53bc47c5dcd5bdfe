"""What makes each faction different, as hooks at named points of the rules.

Numbers (costs, income, tracks) are data (``data/factions.json``); this module holds the
abilities: what a stronghold gives, what a spade or a town is worth to a faction, how it
transforms terrain, what it scores when passing, how it reacts to opponents taking power.
The engine asks these objects and never tests a faction's name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from .data import FactionSpec, faction_specs

if TYPE_CHECKING:
    from .state import FactionState, GameState


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

    def __init__(self, spec: FactionSpec) -> None:
        self.spec = spec

    def transform_spades(self, distance: int) -> int:
        """Spades needed for a terrain change of ``distance`` steps on the cycle."""
        return distance

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


_RULES: dict[str, FactionRules] = {}


def faction_rules(name: str) -> FactionRules:
    rules = _RULES.get(name)
    if rules is None:
        specs = faction_specs()
        for cls in FactionRules.__subclasses__():
            if cls.name not in _RULES:
                _RULES[cls.name] = cls(specs[cls.name])
        rules = _RULES[name]
    return rules


def faction_names() -> list[str]:
    return sorted(faction_specs())
