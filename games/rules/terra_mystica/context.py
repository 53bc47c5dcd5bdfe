"""The working context of one move: the state being changed, the board, the ledger.

Resource bookkeeping lives here because every rule uses it: gaining and paying resources,
the power bowls, cult tracks with their power thresholds and keys, tiles taken, and the
effects a gain triggers (round scoring tile, faction abilities).
"""

from __future__ import annotations

from functools import cache
from typing import Protocol

from ..core import RuleError
from . import towns
from .board import Board
from .data import (
    CULT_INDEX,
    CULT_POWER_THRESHOLDS,
    CULTS,
    ScoringTile,
    bonus_tiles,
    favor_tiles,
    scoring_tiles,
    town_tiles,
)
from .factions import LOADED_RULES, FactionRules, faction_rules
from .ledger import Ledger
from .setup import GameSetup
from .state import FactionState, GameState

RESOURCE_NAMES = {
    "C": "coins",
    "W": "workers",
    "P": "priests",
    "VP": "victory points",
    "PW": "power",
}
PSEUDO_RESOURCES = {
    "SPADE": "spade",
    "VOLCANO_TF": "volcano_tf",
    "GAIN_P3_FOR_VP": "gain_p3_for_vp",
    "FREE_TF": "free_tf",
    "FREE_TP": "free_tp",
    "FREE_D": "free_d",
    "TELEPORT_NO_TF": "teleport_no_tf",
    "TF_NEED_HEX_ADJACENCY": "tf_need_hex_adjacency",
    "CULT": "cult_steps",
    "CULTS_ON_SAME_TRACK": "cults_on_same_track",
    "GAIN_FAVOR": "gain_favor",
    "GAIN_TW": "gain_tw",
    "BRIDGE": "bridge",
    "CONVERT_W_TO_P": "convert_w_to_p",
}
PENDING_DISPLAY = {
    "SPADE": "spades",
    "FREE_TF": "free terraforming",
    "FREE_TP": "free trading house",
    "FREE_D": "free dwelling",
    "CULT": "cult steps",
    "GAIN_FAVOR": "favor tiles",
    "GAIN_TW": "town tiles",
    "BRIDGE": "bridges",
    "CONVERT_W_TO_P": "worker-to-priest conversions",
}


class ExpansionGains(Protocol):
    """What gaining resources asks of Merchants of the Seas (part of expansion.MerchantsHooks,
    registered with it): the base game's bookkeeping never imports the expansion."""

    def gain_ships(self, g: Game, f: FactionState, n: int) -> None: ...
    def check_favor(self, g: Game, f: FactionState, tile: str) -> None: ...


_merchants: list[ExpansionGains] = []


def register_merchants_gains(hooks: ExpansionGains) -> None:
    _merchants[:] = [hooks]


@cache
def _option_set(options: tuple[str, ...]) -> frozenset[str]:
    return frozenset(options)


class _SetupFacts:
    """A setup's board, option set and round scoring tiles. A ``Game`` is made for every
    move, and the two cached calls behind the first two hashed their arguments each time (7 %
    of a compiled replay); a setup is frozen, so the facts of the last one asked for are kept
    with it."""

    __slots__ = ("board", "options", "round_tiles", "setup")

    def __init__(self, setup: GameSetup) -> None:
        self.setup = setup
        self.board: Board = setup.board
        self.options = _option_set(setup.options)
        tiles = scoring_tiles()
        # Each round's scoring tile by round number (none before round 1).
        self.round_tiles: tuple[ScoringTile | None, ...] = (
            None,
            *(tiles[t] for t in setup.scoring_tiles),
        )


_last_setup: list[_SetupFacts] = []  # one entry, replaced whole (threads share it)


class Game:
    __slots__ = ("board", "ledger", "options", "round_tiles", "s")

    def __init__(self, state: GameState, ledger: Ledger | None = None) -> None:
        self.s = state
        setup = state.setup
        facts = _last_setup[0] if _last_setup else None
        if facts is None or facts.setup is not setup:
            facts = _SetupFacts(setup)
            if _last_setup:
                _last_setup[0] = facts
            else:
                _last_setup.append(facts)
        self.board: Board = facts.board
        self.ledger = ledger if ledger is not None else Ledger(state)
        self.options = facts.options
        self.round_tiles = facts.round_tiles

    # --- lookups -------------------------------------------------------------------------

    def has(self, option: str) -> bool:
        return option in self.options

    def faction(self, name: str) -> FactionState:
        f = self.s.factions.get(name)
        if f is None:
            raise RuleError(f"{name} are not in this game")
        return f

    @staticmethod
    def rules(f: FactionState) -> FactionRules:
        # Asked dozens of times per move: the loaded rules first, without a second call.
        rules = LOADED_RULES.get(f.name)
        return rules if rules is not None else faction_rules(f.name)

    def score_tile(self) -> ScoringTile | None:
        return self.round_tiles[self.s.round]

    def adjacent(self, a: str, b: str) -> bool:
        """Direct adjacency: a shared edge or a bridge."""
        return b in self.board.neighbours[a] or (bool(self.s.bridges) and self.bridged(a, b))

    def adjacent_hexes(self, hex_id: str) -> list[str]:
        out = list(self.board.neighbours[hex_id])
        if self.s.bridges:
            out += self.bridged_to(hex_id)
        return out

    def bridged_to(self, hex_id: str) -> list[str]:
        """The hexes bridged to ``hex_id``."""
        out = []
        # A bridge is [a, b, faction]: ``in`` tests both ends at once (a faction's name is
        # never a hex's), and the end that is not ``hex_id`` is read only for a bridge there.
        for bridge in self.s.bridges:
            if hex_id in bridge:
                out.append(bridge[1] if bridge[0] == hex_id else bridge[0])
        return out

    def bridged(self, a: str, b: str) -> bool:
        return any((x == a and y == b) or (x == b and y == a) for x, y, _ in self.s.bridges)

    # --- power ---------------------------------------------------------------------------

    @staticmethod
    def gain_power(f: FactionState, n: int) -> int:
        """Move tokens bowl I -> II, then II -> III; return how much power was absorbed."""
        from_one = n if n < f.p1 else f.p1
        f.p1 -= from_one
        f.p2 += from_one
        rest = n - from_one
        from_two = rest if rest < f.p2 else f.p2
        f.p2 -= from_two
        f.p3 += from_two
        return from_one + from_two

    # --- gaining and paying -------------------------------------------------------------

    def gain(self, f: FactionState, gains: dict[str, int], source: str | None = None) -> None:
        # Keys first, so that cult steps of the same gain can use them.
        if "KEY" in gains:
            self.adjust(f, "KEY", gains["KEY"], source)
        for kind, amount in gains.items():
            if kind != "KEY":
                self.adjust(f, kind, amount, source)

    def pay(self, f: FactionState, cost: dict[str, int], what: str) -> None:
        self.check_affordable(f, cost, what)
        for kind, amount in cost.items():
            # What most costs are paid in, taken directly (affordable, checked above).
            if amount <= 0:
                if amount:
                    self.adjust(f, kind, -amount)
            elif kind == "C":
                f.c -= amount
            elif kind == "W":
                f.w -= amount
            elif kind == "PW":
                f.p1 += amount
                f.p3 -= amount
            else:
                self.adjust(f, kind, -amount)

    def check_affordable(self, f: FactionState, cost: dict[str, int], what: str) -> None:
        for kind, amount in cost.items():
            # The resources of most costs read directly, the others through available().
            if kind == "C":
                have = f.c
            elif kind == "W":
                have = f.w
            elif kind == "PW":
                have = f.p3
            else:
                have = self.available(f, kind)
            if amount > have:
                raise RuleError(
                    f"{what} costs {format_cost(cost)}; {f.name} have {have} {RESOURCE_NAMES.get(kind, kind)}"
                )

    @staticmethod
    def available(f: FactionState, kind: str) -> int:
        # The resources of most costs first, read directly.
        if kind == "C":
            return f.c
        if kind == "W":
            return f.w
        if kind == "PW":
            return f.p3
        if kind == "P":
            return f.p
        if kind == "VP":
            return f.vp
        if kind == "CHIPS":
            return f.p1 + f.p2 + f.p3
        attr = PSEUDO_RESOURCES.get(kind)
        return getattr(f, attr) if attr else 0

    def adjust(self, f: FactionState, kind: str, delta: int, source: str | None = None) -> None:
        """Change one resource (or entitlement) of ``f`` by ``delta``, with all its effects."""
        if kind == "VP":
            f.vp += delta
            key = source or "other"
            f.vp_source[key] = f.vp_source.get(key, 0) + delta
            if f.vp < 0:
                raise RuleError(f"not enough victory points ({f.name} have {f.vp - delta})")
            return
        # After VP the most frequent changes, each field named (no attribute lookup by name).
        if kind == "C":
            value = f.c + delta
            if value < 0:
                raise _not_enough(f, kind, value, delta)
            f.c = value
            return
        if kind == "W":
            value = f.w + delta
            if value < 0:
                raise _not_enough(f, kind, value, delta)
            f.w = value
            return
        if kind == "PW":
            if delta > 0:
                self.gain_power(f, delta)
            else:
                if f.p3 < -delta:
                    raise RuleError(
                        f"not enough power in bowl III: {f.name} have {f.p3}, need {-delta}"
                    )
                f.p1 -= delta
                f.p3 += delta
            return
        if kind == "P":
            if delta > 0 and LOADED_RULES[f.name].locked_terrains(f):
                # Riverwalkers: each priest may unlock a colour instead ('unlock-terrain').
                f.unlock_terrain += delta
                return
            value = f.p + delta
            if value < 0:
                raise RuleError(f"not enough priests: {f.name} have {f.p}, need {-delta}")
            f.p = min(value, f.max_p)
            return
        if kind == "SPADE":  # the most frequent entitlement, as often as P
            if f.spade + delta < 0:
                raise _nothing_to_give_up(f, kind)
            f.spade += delta
            if delta > 0:
                self._on_gain(f, kind, delta)
            return
        if kind in CULT_INDEX:
            self._advance_cult(f, kind, delta)
            return
        if kind in ("P1", "P2", "P3"):
            attr = kind.lower()
            setattr(f, attr, getattr(f, attr) + delta)
            if getattr(f, attr) < 0:
                raise RuleError(f"not enough power tokens in bowl {kind[1]}")
            return
        if kind == "GAIN_SHIP":
            for _ in range(delta):
                self.advance_shipping(f, source="advance_ship")
            return
        if kind == "SHIP" and self.s.merchants is not None:
            _merchants[0].gain_ships(self, f, delta)
            return
        if kind == "GAIN_TELEPORT":
            f.teleport_level += 1
            tele = LOADED_RULES[f.name].spec.teleport
            if tele is not None and tele.kind == "carpet":
                self.adjust(f, "carpet_range", 1)
            return
        if kind == "GAIN_ACTION":
            f.allowed_actions += delta
            return
        if kind == "carpet_range":
            tele = LOADED_RULES[f.name].spec.teleport
            if tele is not None and tele.kind == "carpet":
                f.carpet_range = min(f.carpet_range + delta, tele.max_range)
            return
        if kind == "TOWN_SIZE":
            f.town_size += delta
            return
        if kind == "CHIPS":
            self._change_chips(f, delta)
            return
        if kind == "CHIPS_P3":  # new chips straight into bowl III
            f.p3 += delta
            f.chips += delta
            return
        if kind == "PICK_COLOR":
            for _ in range(delta):
                self.s.action_required.append({"type": "pick-color", "faction": f.name})
            return

        if kind == "KEY":
            f.keys += delta
            if f.keys < 0:
                raise RuleError("no town key left")
            if delta > 0 and f.cult_blocked and f.keys >= len(f.cult_blocked):
                blocked, f.cult_blocked = f.cult_blocked, []
                for track in blocked:
                    self.adjust(f, track, 1)
            return
        # Tiles by their prefix (a slice, not a call per kind asked).
        prefix = kind[:3]
        if prefix == "FAV":
            self._take_favor(f, kind, delta)
        elif prefix[:2] == "TW":
            self._take_town_tile(f, kind, delta)
            if delta > 0:
                self._on_gain(f, kind, delta)
        elif prefix == "BON":
            self._take_bonus(f, kind, delta)
        else:
            pseudo = PSEUDO_RESOURCES.get(kind)
            if pseudo is None:
                raise RuleError(f"unknown resource {kind}")
            attr = pseudo
            value = getattr(f, attr) + delta
            if value < 0:
                raise _nothing_to_give_up(f, kind)
            setattr(f, attr, value)

    @staticmethod
    def _change_chips(f: FactionState, delta: int) -> None:
        """Fire & Ice: new power chips go to bowl I; removed ones leave bowl I, then II, III."""
        if delta > 0:
            f.p1 += delta
        else:
            if f.p1 + f.p2 + f.p3 < -delta:
                raise RuleError(f"{f.name} have {f.p1 + f.p2 + f.p3} power chips, need {-delta}")
            left = -delta
            for bowl in ("p1", "p2", "p3"):
                taken = min(left, getattr(f, bowl))
                setattr(f, bowl, getattr(f, bowl) - taken)
                left -= taken
        f.chips += delta

    def _on_gain(self, f: FactionState, kind: str, n: int) -> None:
        """Effects of gaining something: the round's scoring tile and faction abilities."""
        tile = self.score_tile()
        source = tile.id if tile else None
        rules = LOADED_RULES[f.name]
        if kind == "SPADE":
            vp = tile.vp.get("SPADE", 0) if tile else 0
            for _ in range(n):
                if vp:
                    self.adjust(f, "VP", vp, source)
                if rules.spade_bonus and (
                    not rules.spade_bonus_needs_stronghold or f.buildings["SH"]
                ):
                    self.gain(f, rules.spade_bonus, "faction")
            rules.on_spades(self, f, n)
        elif kind.startswith("TW"):
            vp = tile.vp.get("TOWN", 0) if tile else 0
            for _ in range(n):
                if vp:
                    self.adjust(f, "VP", vp, source)
                if rules.town_bonus:
                    self.gain(f, rules.town_bonus, "faction")

    # --- cult tracks ---------------------------------------------------------------------

    def _advance_cult(self, f: FactionState, track: str, delta: int) -> None:
        i = CULT_INDEX[track]
        old = f.cult[i]
        new = min(old + delta, f.max_cult[i])
        if new < 0:
            raise RuleError(f"{f.name} are not high enough on {track}")
        f.cult[i] = new
        if new <= old:
            if old == 10 and new < 10:
                self._leave_cult_top(f, track)
            return
        for level, power in CULT_POWER_THRESHOLDS[:3]:
            if old < level <= new:
                self.adjust(f, "PW", power)
        if old <= 9 < new:
            if f.keys < 1:
                # No key: the marker stops at 9; a key gained later this turn restores the step.
                f.cult[i] = 9
                if track not in f.cult_blocked:
                    f.cult_blocked.append(track)
                return
            rival = self.cult_rival_owed_steps(f, track)
            if rival is not None:
                raise RuleError(
                    f"must wait for the {LOADED_RULES[rival.name].spec.display}' cult decision before advancing to 10 on {track} (use 'wait')"
                )
            self.adjust(f, "KEY", -1)
            self.adjust(f, "PW", CULT_POWER_THRESHOLDS[3][1])
            for other in self.s.factions.values():
                if other is not f:
                    other.max_cult[i] = 9

    def _leave_cult_top(self, f: FactionState, track: str) -> None:
        i = CULT_INDEX[track]
        self.adjust(f, "KEY", 1)
        for other in self.s.factions.values():
            other.max_cult[i] = 10

    def cult_rival_owed_steps(self, f: FactionState, track: str) -> FactionState | None:
        """Another faction that could still reach 10 on ``track`` through cult steps owed to it
        for opponents taking its power (Cultists); ``f`` must let it decide first."""
        for rival in self.s.factions.values():
            reward = LOADED_RULES[rival.name].leech_cult_reward()
            if rival is f or not reward or not rival.keys:
                continue
            leech_ids = {
                r["leech_id"]
                for r in self.s.action_required
                if r["type"] == "leech"
                and r["from_faction"] == rival.name
                and r["leech_id"] not in rival.leech_cult_gained
            }
            owed = rival.cult_steps + reward * len(leech_ids)
            if rival.cult[CULT_INDEX[track]] + owed >= 10:
                return rival
        return None

    # --- tiles ---------------------------------------------------------------------------

    def _take_from_pool(self, tile: str, n: int) -> None:
        left = self.s.pool.get(tile, 0)
        if left < n:
            raise RuleError(f"{tile} is not available")
        self.s.pool[tile] = left - n

    def _take_favor(self, f: FactionState, tile: str, delta: int) -> None:
        if tile not in favor_tiles():
            raise RuleError(f"unknown favor tile {tile}")
        if delta < 0:
            raise RuleError("favor tiles cannot be returned")
        if tile in f.favors:
            raise RuleError(
                f"{f.name} already have {tile}; a faction may own only one copy of a favor tile"
            )
        if self.s.merchants is not None:
            _merchants[0].check_favor(self, f, tile)
        if delta > 1:
            raise RuleError("a faction may own only one copy of a favor tile")
        self._take_from_pool(tile, 1)
        f.favors.append(tile)
        gains = dict(favor_tiles()[tile]["gain"])
        if tile == "FAV5":
            gains["TOWN_SIZE"] = -1
        self.gain(f, gains, tile)
        if tile == "FAV5":
            for loc in list(f.locations):
                towns.detect_towns_from(self, f, loc)

    def _take_town_tile(self, f: FactionState, tile: str, delta: int) -> None:
        if tile not in town_tiles():
            raise RuleError(f"unknown town tile {tile}")
        if delta < 0:
            raise RuleError("town tiles cannot be returned")
        self._take_from_pool(tile, delta)
        gains = {
            k: v
            for k, v in town_tiles()[tile]["gain"].items()
            if k not in ("shipping_steps", "fakirs_carpet_range")
        }
        extra = town_tiles()[tile]["gain"]
        if "shipping_steps" in extra:
            gains["GAIN_SHIP"] = extra["shipping_steps"]
        if "fakirs_carpet_range" in extra:
            gains["carpet_range"] = extra["fakirs_carpet_range"]
        for _ in range(delta):
            f.towns.append(tile)
            self.gain(f, gains, "town")

    def _take_bonus(self, f: FactionState, tile: str, delta: int) -> None:
        if tile not in bonus_tiles():
            raise RuleError(f"unknown bonus tile {tile}")
        if delta > 0:
            if self.s.pool.get(tile, 0) < 1:
                raise RuleError(f"bonus tile {tile} is not available")
            self.s.pool[tile] -= 1
            f.bonus = tile
            f.c += self.s.bonus_coins.get(tile, 0)
            self.s.bonus_coins[tile] = 0
        else:
            if f.bonus != tile:
                raise RuleError(f"{f.name} do not hold {tile}")
            f.bonus = None
            self.s.pool[tile] = self.s.pool.get(tile, 0) + 1

    # --- tracks --------------------------------------------------------------------------

    def advance_shipping(
        self, f: FactionState, source: str = "advance_ship", *, required: bool = False
    ) -> None:
        ship = LOADED_RULES[f.name].spec.shipping
        if ship is None or f.ship >= ship.max:
            if required:
                if ship is None:
                    raise RuleError(f"{f.name} have no shipping")
                raise RuleError(f"{f.name} are already at the highest shipping level ({ship.max})")
            return
        f.ship += 1
        vp = ship.vp.get(f.ship, 0)
        if vp:
            self.adjust(f, "VP", vp, source)
        self.score_advance(f)

    def score_advance(self, f: FactionState) -> None:
        """Merchants of the Seas' round tile: VP for each shipping or digging advance."""
        if self.s.merchants is None:
            return
        tile = self.score_tile()
        if tile is not None and self.s.phase == "play":
            vp = tile.vp.get("ADVANCE")
            if vp:
                self.adjust(f, "VP", vp, tile.id)


def _nothing_to_give_up(f: FactionState, kind: str) -> RuleError:
    return RuleError(f"{f.name} have no {PENDING_DISPLAY.get(kind, kind.lower())} to give up")


def _not_enough(f: FactionState, kind: str, value: int, delta: int) -> RuleError:
    return RuleError(
        f"not enough {RESOURCE_NAMES[kind]}: {f.name} have {value - delta}, need {-delta}"
    )


def format_cost(cost: dict[str, int]) -> str:
    order = ("W", "C", "P", "PW", "VP")
    parts = [f"{cost[k]}{k}" for k in order if cost.get(k)]
    parts += [f"{v} {k}" for k, v in cost.items() if k not in order and v]
    return " ".join(parts) or "nothing"


def cult_name(track: str) -> str:
    return track if track in CULTS else track.upper()
