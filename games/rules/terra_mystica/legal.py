"""Legal commands of an actor in a state.

Candidates are generated from the state (cheap filters: reachable hexes, own buildings,
tiles left, actions not yet used), then each is checked by applying it to a copy of the
state (one scratch copy, set back after each trial: ``Trials``), so this module can never
disagree with the rules; only a power action that bowl III cannot pay is refused without a
trial, as the engine refuses it before anything else of the row (``lacks_power``: in a rich
turn most refused candidates are such spade actions), and a dwelling its faction cannot pay
(``unpaid_dwelling``); a trial in the actor's own turn stops before the turn's end, which
cannot change its answer there (``tried_to_turn_end``), and a transformation or dwelling
on a hex reached directly takes the answer of an earlier trial of its class (the same
shared steps, terrain and colour or place: ``step_class``). Tests hold these shortcuts to
the whole trial's answer. Steps
that open further steps (an action giving spades, a temple giving a favor tile) are listed
on their own; the follow-up is then a pending decision with its own legal commands.
Conversions are limited to single useful units.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from ..core import RuleError
from . import auction
from .building import colour_difference, home, shipping_range
from .context import Game
from .data import (
    CULTS,
    CYCLE_INDEX,
    POWER_ACTIONS,
    SPECIAL_ACTIONS,
    TERRAIN_CYCLE,
    UPGRADE_FROM,
    YUCATA_SACRIFICE,
    favor_tiles,
)
from .engine import apply_in_place, resolve_actor
from .expansion import merchants
from .factions import colour_holder, colours_in_play, faction_names, faction_rules
from .notation import Command, parse_row
from .setup import allowed_factions
from .state import FactionState, GameState
from .views import waiting_for

# What ``step_class`` says of a step: verb, shared steps, terrain, colour or place.
StepClass = tuple[str, str, str, str | None]


def legal_commands(state: GameState, actor: str) -> list[str]:
    """Every candidate row the engine accepts for ``actor`` now."""
    rows = candidate_rows(state, actor)
    trials = Trials(state, actor, rows)
    return [row for row in rows if trials.accepts(row)]


def continuations(state: GameState, actor: str, row: str) -> list[str]:
    """What may follow ``row`` in the same move: each ``c`` such that ``row. c`` is legal.

    The candidates come from the state in the middle of the row (the turn still open), so
    a step the row has made possible but not required (the dwelling after spades, a second
    hex for a spade left) is offered even when the row could also end where it is.
    """
    parsed = parse_row(row)
    if not parsed:
        return legal_commands(state, actor)
    middle = middle_of_row(state, actor, row)
    if middle is None or actor.startswith("player"):
        return []
    steps = candidate_rows(middle, actor)
    rows = [f"{row}. {c}" for c in steps]
    trials = Trials(state, actor, rows)
    trials.made(parsed, middle)
    return [c for c, whole in zip(steps, rows, strict=True) if trials.accepts(whole)]


def middle_of_row(state: GameState, actor: str, row: str) -> GameState | None:
    """The state after ``row`` with the turn still open, as it is while the player composes
    the move (None if the rules refuse the row)."""
    middle = state.copy()
    try:
        apply_in_place(middle, actor, parse_row(row), end_of_input=False)
    except RuleError:
        return None
    return middle


def random_legal_command(
    state: GameState, actor: str, rng: random.Random, *, pass_rate: float = 1.0
) -> str | None:
    """One legal row for ``actor``, chosen at random (cheaper than listing them all).

    With ``pass_rate`` below 1, passing is tried first only that often, so random play
    lasts long enough to use the rest of the rules.
    """
    # Sorted first: candidates come partly from sets, whose order changes between processes.
    rows = sorted(set(candidate_rows(state, actor)))
    rng.shuffle(rows)
    if rng.random() >= pass_rate:
        rows.sort(key=lambda r: r.startswith("pass") and state.round > 0)
    trials = Trials(state, actor, rows)
    for row in rows:
        if trials.accepts(row):
            return row
    return None


def power_action_cost(state: GameState, f: FactionState, row: str) -> int | None:
    """The power ``row`` pays from bowl III first, when it opens with a power action (the
    engine checks that cost before anything else of the row); None for any other row."""
    if not row.startswith("action "):
        return None
    step = row.split(". ", 1)[0]
    action = step[len("action ") :]
    if action not in POWER_ACTIONS or state.merchants:
        return None
    return faction_rules(f.name).power_action_cost(f, POWER_ACTIONS[action]["PW"])


def lacks_power(state: GameState, actor: str, row: str) -> bool:
    """Is ``row`` a power action that bowl III cannot pay (refused without trying it: most
    of the candidates refused in a rich turn are spade actions nobody can pay)?"""
    f = state.factions.get(actor)
    if f is None:
        return False
    cost = power_action_cost(state, f, row)
    return cost is not None and cost > f.p3


def accepts(state: GameState, actor: str, row: str) -> bool:
    """Does the engine accept ``row``, leaving the actor a way to finish its turn?"""
    try:
        parsed = parse_row(row)
    except RuleError:
        return False
    return _accepts_parsed(state, actor, parsed)


def _accepts_parsed(state: GameState, actor: str, parsed: list[Command]) -> bool:
    copy = state.copy()
    try:
        resolve_actor(copy, actor, parsed)
    except RuleError:
        return False
    return _tried(copy, actor, parsed)


class Trials:
    """The trials of one listing's candidate rows, in which rows that share their first steps
    share one trial of those steps, and every trial is applied in place and then undone.

    In a rich turn most candidates are one action and its follow-up (``action ACT5. dig 1.
    build E6``, ``action ACT5. dig 1. build F2``, ...): the state after the shared steps, the
    turn still open, is made once (as ``middle_of_row`` makes it), and each row's last step is
    tried on it. That is what applying the whole row does: the steps run in the same order on
    the same state, and what a row carries from one step to the next outside the state (its
    ledger row) decides nothing. The one exception is the Yucata power sacrifice, watched over
    a whole row: those games try each row whole. A refused shared part refuses every row that
    starts with it.

    A trial does not copy the state it is tried on: it is applied to it in place, and the
    state is set back (``GameState.restore``) before the next trial there, a few containers
    copied again instead of the whole state (a copy and its deallocation were two fifths of
    a listing). The dicts a trial of the actor's rows seldom writes (the other factions',
    the tiles left, ...) are watched (``GameState.watch``): they are copied back only once
    written.
    """

    def __init__(self, state: GameState, actor: str, rows: list[str]) -> None:
        self.state = state
        self.actor = actor
        # A row's parsed steps and its shared part (the texts of all steps but the last); the
        # rows still to try per shared part, and the state after that part (None: refused).
        self.parsed: dict[str, tuple[list[Command], str]] = {}
        self.waiting: dict[str, int] = {}
        self.middles: dict[str, _Scratch | None] = {}
        # Where whole rows are tried: ``state`` itself is never written.
        self.whole: _Scratch | None = None
        # Whether bowl III cannot pay an action, per first step (``lacks_power``).
        self.unpaid: dict[str, bool] = {}
        # The verdicts of transformations and dwellings decided by a trial, per
        # ``step_class``: a row of the same class is decided alike without its trial.
        self.verdicts: dict[StepClass, bool] = {}
        # What the actor reaches directly, per shared part (``DirectReach``).
        self.reaches: dict[str, DirectReach] = {}
        self.shared = actor in state.factions and not Game(state).has(YUCATA_SACRIFICE)
        if not self.shared:
            return
        for row in rows:
            if "." not in row:
                continue  # one step
            try:
                parsed = parse_row(row)
            except RuleError:
                continue
            if len(parsed) > 1:
                first = _texts(parsed[:-1])
                self.parsed[row] = (parsed, first)
                self.waiting[first] = self.waiting.get(first, 0) + 1

    def made(self, steps: list[Command], middle: GameState) -> None:
        """``middle`` is the state after ``steps``, made already (the rows' shared part); the
        trials may write it."""
        if self.shared:
            self.middles[_texts(steps)] = _Scratch(middle, self.actor)

    def accepts(self, row: str) -> bool:
        """``accepts(state, actor, row)``, and not a power action bowl III cannot pay."""
        state, actor = self.state, self.actor
        if row.startswith("action "):
            step = row.split(". ", 1)[0]
            unpaid = self.unpaid.get(step)
            if unpaid is None:
                unpaid = self.unpaid[step] = lacks_power(state, actor, step)
            if unpaid:
                return False
        plan = self.parsed.get(row)
        if plan is None:
            try:
                parsed = parse_row(row)
            except RuleError:
                return False
            if len(parsed) == 1 and self.shared and unpaid_dwelling(state, actor, parsed[0]):
                return False
            return self._accepts_whole(parsed)
        parsed, first = plan
        left = self.waiting[first]
        if first in self.middles:
            scratch = self.middles[first]
        elif left < 2:
            return self._accepts_whole(parsed)
        else:
            middle = state.copy()
            try:
                apply_in_place(middle, actor, parsed[:-1], end_of_input=False)
                scratch = _Scratch(middle, actor)
            except RuleError:
                scratch = None
            self.middles[first] = scratch
        if scratch is None:
            return False
        self.waiting[first] = left - 1
        if left < 2:
            del self.middles[first]  # the last row to need it: not set back
        clean = scratch.clean()
        if unpaid_dwelling(clean, actor, parsed[-1]):
            return False
        kind = self._class(clean, first, parsed[-1])
        if kind is not None and kind in self.verdicts:
            return self.verdicts[kind]
        decided = tried_to_turn_end(scratch.take(last=left < 2), actor, parsed[-1:])
        if decided is None:
            return self._accepts_whole(parsed)
        if kind is not None:
            self.verdicts[kind] = decided
        return decided

    def _class(self, clean: GameState, first: str, step: Command) -> StepClass | None:
        """``step_class`` of ``step`` tried on ``clean``, the state after ``first``."""
        if step.verb != "transform" and step.verb != "build":
            return None
        reach = self.reaches.get(first)
        if reach is None:
            f = clean.factions.get(self.actor)
            if f is None:
                return None
            reach = self.reaches[first] = DirectReach(clean, f)
        return step_class(clean, self.actor, first, step, reach)

    def _accepts_whole(self, parsed: list[Command]) -> bool:
        kind = None
        if self.shared and len(parsed) == 1:
            kind = self._class(self.state, "", parsed[0])
            if kind is not None and kind in self.verdicts:
                return self.verdicts[kind]
        scratch = self.whole
        if scratch is None:
            scratch = self.whole = _Scratch(self.state.copy(), self.actor, self.state)
        trial = scratch.take(last=False)
        try:
            resolve_actor(trial, self.actor, parsed)
        except RuleError:
            return False
        if self.shared and parsed[-1].verb != "pass":  # a pass is decided by the turn's end
            decided = tried_to_turn_end(trial, self.actor, parsed)
            if decided is not None:
                if kind is not None:
                    self.verdicts[kind] = decided
                return decided
            trial = scratch.take(last=False)  # the turn's end decides: tried again with it
        return _tried(trial, self.actor, parsed)


class _Scratch:
    """A state that trials are applied to in place, each undone before the next one: set
    back to ``pristine`` (a copy taken before the first trial, unless given).

    Set back whole, every faction included, whatever the row: no argument about which
    factions a row writes is trusted. One was (the actor's alone after a row decided by
    ``tried_to_turn_end``, short of a pass, a declined power offer or a cult track's top),
    and a row using the last income spade broke it (the phase ends: every faction takes its
    income and the actions start). Restoring the other factions too costs 1-2 % of a
    listing (``docs/scaling.md``); a faction nobody wrote is set back by its scalars and a
    comparison of its lists (its dicts are watched)."""

    def __init__(self, live: GameState, actor: str, pristine: GameState | None = None) -> None:
        self.live = live
        self.actor = actor
        self.pristine = pristine
        self.tried = False

    def clean(self) -> GameState:
        """The state as it was first (not to be written): ``live`` until a trial is made."""
        if self.tried:
            assert self.pristine is not None
            return self.pristine
        return self.live

    def take(self, last: bool) -> GameState:
        """The state to try a row on (as it was first); ``last``: no other trial follows."""
        if self.tried:
            assert self.pristine is not None
            self.live.restore(self.pristine)
        elif not last or self.pristine is not None:
            if self.pristine is None:
                self.pristine = self.live.copy()
            # Equal to ``pristine`` now: the restores copy back only the dicts written.
            self.live.watch(self.actor)
        self.tried = True
        return self.live


def step_class(
    state: GameState, actor: str, first: str, step: Command, reach: DirectReach | None = None
) -> StepClass | None:
    """The class of ``step`` when it transforms or builds on an empty hex that ``actor``
    reaches directly in ``state`` (the state it is tried on, after the row's shared steps
    ``first``): the verb, the shared steps, the hex's terrain, and the colour asked (a
    transformation) or whether the hex is among ``allowed_build_locations`` (a dwelling).
    Steps of one class are accepted or refused alike by ``tried_to_turn_end`` (a class's
    first trial decides the others); None for any other step (tried as before).

    Exact because ``building.transform`` reads the hex only (1) to check it is a land hex of
    the map, empty (both required here), not ice or volcano and not already the colour
    asked (the terrain and colour are the class's), (2) to reach it, which costs nothing and
    raises nothing where it is reached directly (a neighbour or a bridge of one of the
    actor's buildings, or within its shipping, and the faction's ``may_reach`` says yes; not
    in the Merchants' games, whose ships reach further), (3) for the spades it takes and a
    volcano faction's payment (from the terrain and the colour), (4) for the sandstorm's
    neighbours (``tf_need_hex_adjacency``: left to the trial); then it writes the hex's
    terrain and ``allowed_build_locations``, which neither the turn's records nor
    ``stranded_spades`` read. ``building.build`` reads it besides (5) for whether it needs a
    transformation (the terrain), (6) for ``allowed_build_locations`` (the class's) and
    (7) after every check that can refuse it, with no spade left (else refused): the power
    offers to the neighbours (records of other factions), the hex's building and owner,
    the town it joins or founds (``towns.detect_towns_from``: a town tile owed), none of
    which raises, gives a spade or touches the actor's turn record. Outside the hex, the
    trial's other steps (``phases.what_next``: a required record is always open there,
    see ``tried_to_turn_end``; the ledger) read nothing of it. Round 0 is left to the trial.
    Tests hold it to every row's own trial. ``reach``: ``DirectReach`` of ``state`` and
    ``actor``'s faction, when the caller keeps one for the steps it asks about."""
    verb = step.verb
    if verb != "transform" and verb != "build":
        return None
    if not state.round or state.merchants is not None:
        return None
    f = state.factions.get(actor)
    if f is None or f.tf_need_hex_adjacency:
        return None
    if reach is None:
        reach = DirectReach(state, f)
    hex_id = step.args[0]
    if reach.board.terrain.get(hex_id) in (None, "river") or hex_id in state.building:
        return None
    terrain = state.terrain.get(hex_id)
    if terrain is None or not reach.reaches(state, f, hex_id):
        return None
    if verb == "transform":
        return (verb, first, terrain, step.args[1])
    return (verb, first, terrain, "allowed" if hex_id in f.allowed_build_locations else None)


class DirectReach:
    """Which hexes a faction reaches in one state without tunnelling or a carpet flight, at
    no cost: ``building.check_reachable``'s first ways (outside the Merchants' games). The
    faction's buildings, bridges and shipping are read once, when made: to be asked only of
    that state as it was then (a trial's writes undone)."""

    def __init__(self, state: GameState, f: FactionState) -> None:
        self.board = state.setup.board
        self.rules = faction_rules(f.name)
        self.locations = set(f.locations)
        self.ordered = f.locations[:]
        self.bridges = [(x, y) for x, y, _ in state.bridges]
        self.reach = shipping_range(Game(state), f)

    def reaches(self, state: GameState, f: FactionState, hex_id: str) -> bool:
        if not self.rules.may_reach(state, f, hex_id):
            return False
        locations = self.locations
        if not locations.isdisjoint(self.board.neighbours[hex_id]):
            return True
        for x, y in self.bridges:
            if (x == hex_id and y in locations) or (y == hex_id and x in locations):
                return True
        reach = self.reach
        if reach:
            distances = self.board.river_distance[hex_id]
            for loc in self.ordered:
                d = distances.get(loc)
                if d is not None and d <= reach:
                    return True
        return False


def unpaid_dwelling(state: GameState, actor: str, step: Command) -> bool:
    """Is ``step`` a dwelling that ``actor`` cannot pay in ``state`` (refused without a trial:
    in a rich turn most refused rows dig spades and then lack a dwelling's coins or workers)?

    Exact because nothing a build does before paying its dwelling gives coins, workers or
    priests: its transformation pays spades and any reaching cost, and gains at most a
    teleport's VP (``building.build``; the Merchants' ships and docks are left to the trial).
    A free dwelling (setup, ``free_d``) pays nothing."""
    if step.verb != "build" or not state.round or state.merchants is not None:
        return False
    f = state.factions.get(actor)
    if f is None or f.free_d:
        return False
    for kind, n in faction_rules(f.name).spec.costs["D"].items():
        have = f.c if kind == "C" else f.w if kind == "W" else f.p if kind == "P" else n
        if have < n:
            return True
    return False


def _tried(trial: GameState, actor: str, parsed: list[Command]) -> bool:
    """Does the engine accept ``parsed`` applied to ``trial`` (which it writes)?"""
    try:
        apply_in_place(trial, actor, parsed)
    except RuleError:
        return False
    f = trial.factions.get(actor)
    return f is None or not stranded_spades(trial, f)


def tried_to_turn_end(trial: GameState, actor: str, parsed: list[Command]) -> bool | None:
    """``_tried`` without the turn's end (passing the turn on: a sixteenth of a listing),
    where that end can neither refuse the row nor change what ``stranded_spades`` reads;
    None where it might (the row is then to be tried with it). Not for the Yucata sacrifice,
    which settles at the row's end.

    Exact because: the turn's end (``turns.maybe_advance_to_next_player``) raises nothing
    outside the Merchants' expansion; it writes the actor's fields only when handing the
    turn back to the actor itself, which happens only with no spade left (spades make the
    turn incomplete), so ``stranded_spades`` says no either way; and in the actions phase the
    game moves on (``phases.what_next``) only once no decision is required, while the actor's
    own turn record, or the next faction's, is always there (a faction that has not passed is
    always someone's next). The argument reads only the state after the row, so it holds for
    a row that began in another phase (the last income spade used: every faction's income
    taken, then the actions phase begun with the actor's turn)."""
    try:
        apply_in_place(trial, actor, parsed, end_of_input=False)
    except RuleError:
        return False
    f = trial.factions.get(actor)
    if f is None or not _turn_open(trial, f):
        return None
    return not stranded_spades(trial, f)


def _turn_open(state: GameState, f: FactionState) -> bool:
    """Is it ``f``'s own turn in the actions phase, still recorded as required of it?"""
    if (
        state.phase != "play"
        or state.finished
        or state.merchants is not None
        or state.active != f.name
        or f.passed
        or f.dropped
        or f.name not in state.order
    ):
        return False
    return any(r["type"] == "full" and r.get("faction") == f.name for r in state.action_required)


def _texts(steps: list[Command]) -> str:
    # A step's text names its command: equal texts, equal commands.
    return ". ".join([c.text for c in steps])


def stranded_spades(state: GameState, f: FactionState) -> bool:
    """Spades bought with 'dig' that no step of the turn can use any more (the site accepts
    such a row, and then the turn cannot be finished without an undo)."""
    if not f.spade or f.passed or not f.disable_spade_decline or f.allowed_actions:
        return False
    if f.allowed_sub.get("transform"):
        # Giants: one spade transforms nothing; it takes another dig the faction can pay.
        rules = faction_rules(f.name)
        short = rules.transform_spades(1) - f.spade
        if short <= 0:
            return False
        digging = rules.spec.digging
        per_spade = digging.cost[min(f.dig, len(digging.cost) - 1)]
        if f.allowed_sub.get("dig") and all(
            Game(state).available(f, res) >= n * short for res, n in per_spade.items()
        ):
            return False
    # Even the last player still in the round cannot pass them away: passing is refused
    # while a spade is pending.
    return True


def candidate_rows(state: GameState, actor: str) -> list[str]:
    if state.finished:
        return []
    if actor.startswith("player") and state.phase == auction.PHASE:
        return _auction_rows(state, actor)
    if actor.startswith("player"):
        return [f"setup {name}" for name in faction_names() if _faction_available(state, name)]
    f = state.factions.get(actor)
    if f is None or f.dropped:
        return []
    rows = list(dict.fromkeys(_candidates(state, f)))
    if state.setup.has("wait-for-leech"):
        decisions = waiting_for(state)
        if not any(d.actor == actor and d.kind != "leech" for d in decisions):
            rows = [r for r in rows if r.startswith(("leech ", "decline "))]
    return rows


def _auction_rows(state: GameState, actor: str) -> list[str]:
    ask = next((r for r in state.action_required if r.get("player_index") == actor), None)
    if ask is None:
        return []
    a = state.auction
    if ask["type"] == "faction":
        free = auction.free_positions(state)
        return [
            f"setup {name} position {p}" if len(free) > 1 else f"setup {name}"
            for name in a["offered"]
            for p in free
        ]
    if auction.auction_kind(state.setup) == auction.FAST_AUCTION:
        return [
            f"bid {name} {n}"
            for name in a["offered"]
            for n in range(a["bids"].get(name, -1) + 1, auction.MAX_BID + 1)
        ]
    rows = [f"bid {n}" for n in range(ask["minimum"], auction.MAX_BID + 1)]
    return [*rows, "pass"] if a["bid"] is not None else rows


def _faction_available(state: GameState, name: str) -> bool:
    allowed = allowed_factions(state.setup)
    if allowed is not None and name not in allowed:
        return False
    rules = faction_rules(name)
    if rules.options and not set(rules.options) & set(state.setup.options):
        return False
    if state.merchants is not None and merchants().refusal(name):
        return False
    return name not in state.factions and colour_holder(state, name) is None


def _candidates(state: GameState, f: FactionState) -> Iterator[str]:
    g = Game(state)
    records = [r for r in state.action_required if r.get("faction") == f.name]
    kinds = {r["type"] for r in records}
    for r in records:
        if r["type"] == "leech":
            yield f"leech {r['amount']} from {r['from_faction']}"
            yield f"decline {r['amount']} from {r['from_faction']}"
    if "pick-color" in kinds:
        taken = colours_in_play(state)
        for colour in TERRAIN_CYCLE:
            if colour not in taken and colour != f.color:
                yield f"pick-color {colour}"
    if f.unlock_terrain:
        yield "unlock-terrain gain-priest"
        for colour in g.rules(f).locked_terrains(f):
            yield f"unlock-terrain {colour}"
    if f.gain_p3_for_vp:
        if f.vp:
            yield "gain P3 for VP"
        yield "-GAIN_P3_FOR_VP"
    if f.cult_debt:
        for track, level in zip(CULTS, f.cult, strict=True):
            if level >= f.cult_debt:
                yield f"-{f.cult_debt}{track}"
    if f.cult_steps:
        for track in CULTS:
            yield f"+{track}" if not f.cults_on_same_track else f"+{f.cult_steps}{track}"
    if f.gain_favor:
        for tile in favor_tiles():
            if state.pool.get(tile, 0) and tile not in f.favors:
                yield f"+{tile}"
    if f.gain_tw:
        for tile, n in state.pool.items():
            if tile.startswith("TW") and n:
                yield f"+{tile}"
    if f.convert_w_to_p:
        for n in range(1, min(f.w, f.convert_w_to_p) + 1):
            yield f"convert {n}W to {n}P"
        yield f"-{f.convert_w_to_p}CONVERT_W_TO_P"
    if "dwelling" in kinds or f.free_d:
        yield from _builds(g, f, reach=state.round > 0 and not f.teleport_no_tf)
    if "bonus" in kinds:
        for tile in _bonus_tiles(state):
            yield f"pass {tile}"
    if f.volcano_tf:
        yield from _volcano_builds(g, f)
        yield "-VOLCANO_TF"
    if (f.spade or f.free_tf) and g.rules(f).transforms_with_spades():
        yield from _transforms(g, f)
        if f.allowed_sub.get("build"):
            yield from _builds(g, f, reach=True)
        if not f.disable_spade_decline and f.spade:
            yield "-SPADE"
    if f.bridge:
        yield from _bridges(g, f)
        if "BRIDGE" in g.rules(f).stronghold_gain:
            yield "-BRIDGE"  # the Riverwalkers' free bridges are "up to two"
    if f.free_tp:
        for hex_id in f.locations:
            if state.building[hex_id] == "D":
                yield f"upgrade {hex_id} to TP"
    if state.merchants is not None:
        yield from merchants().decisions(g, f, kinds)
        if state.phase == "play" and state.active == f.name and f.allowed_actions:
            yield from merchants().legal_actions(g, f)
    if state.phase == "play" and state.active == f.name:
        if f.allowed_actions or f.allowed_sub:
            yield from _actions(g, f)
        yield from _conversions(g, f)
        yield from _river_towns(g, f)


def _bonus_tiles(state: GameState) -> list[str]:
    return sorted(t for t, n in state.pool.items() if t.startswith("BON") and n)


def _empty_land(state: GameState) -> list[str]:
    board = state.setup.board
    return [h for h in board.land if h not in state.building]


def reachable_hexes(g: Game, f: FactionState) -> set[str]:
    """Land hexes ``f`` can reach now: adjacency, bridges, shipping, tunnel or carpet."""
    board = g.board
    out: set[str] = set()
    reach = shipping_range(g, f)
    tele = g.rules(f).spec.teleport
    tele_reach = 0
    if tele is not None and not f.passed:
        tele_reach = (f.carpet_range if tele.kind == "carpet" else tele.base_range) + 1
    for loc in f.locations:
        out.update(board.land_neighbours[loc])
        if reach:
            out.update(h for h, d in board.river_distance[loc].items() if d <= reach)
        if tele_reach:
            out.update(h for h, d in board.hex_distance[loc].items() if d <= tele_reach)
    for a, b, _ in g.s.bridges:
        if g.s.owner.get(a) == f.name:
            out.add(b)
        if g.s.owner.get(b) == f.name:
            out.add(a)
    rules = g.rules(f)
    out = {h for h in out if rules.may_reach(g.s, f, h)}
    if g.s.merchants is not None:
        out |= merchants().ship_neighbours(g, f)  # indirectly adjacent for every faction
    return out


def _builds(g: Game, f: FactionState, reach: bool) -> Iterator[str]:
    reachable = reachable_hexes(g, f) if reach else None
    rules = g.rules(f)
    allowed = rules.may_place_initial if g.s.round == 0 else rules.may_build_on
    for hex_id in _empty_land(g.s):
        if g.s.round == 0 and not rules.initial_hex_ok(g.s, hex_id):
            continue
        if allowed(f, g.s.terrain[hex_id]) and (reachable is None or hex_id in reachable):
            yield f"build {hex_id}"


def _transforms(g: Game, f: FactionState) -> Iterator[str]:
    reachable = reachable_hexes(g, f)
    target = home(g, f)
    built_on = g.rules(f).build_terrain(f)
    for hex_id in _empty_land(g.s):
        terrain = g.s.terrain[hex_id]
        if terrain not in CYCLE_INDEX or terrain == built_on or hex_id not in reachable:
            continue  # ice and volcano are never transformed again
        for goal in dict.fromkeys((built_on, target)):
            if goal == terrain:
                continue
            yield f"transform {hex_id} to {goal}"
            if f.allowed_sub.get("build") and not f.passed and goal == built_on:
                yield f"transform {hex_id} to {goal}. build {hex_id}"
        for colour in TERRAIN_CYCLE:
            if (
                colour not in (terrain, target)
                and abs(colour_difference(terrain, colour)) <= f.spade
            ):
                yield f"transform {hex_id} to {colour}"


def _dig_builds(
    g: Game,
    f: FactionState,
    prefix: str = "",
    free_spades: int = 0,
    targets: list[tuple[str, int]] | None = None,
) -> Iterator[str]:
    """A dwelling (and the transformation alone) on every hex ``f`` can dig to its home
    terrain, with the spades it must dig; ``targets``: ``_dig_targets(g, f)``, given when
    several calls of one listing share it."""
    rules = faction_rules(f.name)
    if rules.never_transforms:
        return
    if not rules.transforms_with_spades():
        if not prefix:  # spades of an action are no use to them
            yield from _volcano_builds(g, f)
        return
    spec = rules.spec.digging
    per_spade = spec.cost[min(f.dig, len(spec.cost) - 1)]
    built_on = rules.build_terrain(f)
    for hex_id, need in _dig_targets(g, f) if targets is None else targets:
        extra = max(need - free_spades - f.spade, 0)
        if any(g.available(f, res) < n * extra for res, n in per_spade.items()):
            continue
        dig = f"dig {extra}. " if extra else ""
        yield f"{prefix}{dig}build {hex_id}"
        yield f"{prefix}{dig}transform {hex_id} to {built_on}"


def _dig_targets(g: Game, f: FactionState) -> list[tuple[str, int]]:
    """The hexes ``f`` can reach and transform to its home terrain, each with the spades
    that takes (what every ``_dig_builds`` of a listing reads: computed once there)."""
    rules = faction_rules(f.name)
    if rules.never_transforms or not rules.transforms_with_spades():
        return []
    reachable = reachable_hexes(g, f)
    target = home(g, f)
    built_on = rules.build_terrain(f)
    targets = []
    for hex_id in _empty_land(g.s):
        terrain = g.s.terrain[hex_id]
        if terrain not in CYCLE_INDEX or terrain == built_on or hex_id not in reachable:
            continue
        targets.append((hex_id, rules.spades_to_build(abs(colour_difference(terrain, target)))))
    return targets


def _volcano_builds(g: Game, f: FactionState) -> Iterator[str]:
    rules = g.rules(f)
    reachable = reachable_hexes(g, f)
    for hex_id in _empty_land(g.s):
        terrain = g.s.terrain[hex_id]
        if terrain not in CYCLE_INDEX or hex_id not in reachable:
            continue
        dig = "" if f.volcano_tf else "dig 1. "
        for then in rules.transform_payments(g.s, f, terrain):
            suffix = f". {then}" if then else ""
            yield f"{dig}build {hex_id}{suffix}"
            yield f"{dig}transform {hex_id}{suffix}"


def _bridges(g: Game, f: FactionState) -> Iterator[str]:
    for a, b in g.board.bridge_pairs:
        if g.s.owner.get(a) == f.name or g.s.owner.get(b) == f.name:
            yield f"bridge {a}:{b}"


def _actions(g: Game, f: FactionState) -> Iterator[str]:
    s = g.s
    round6 = s.round == 6
    if round6:
        yield "pass"
    else:
        for tile in _bonus_tiles(s):
            yield f"pass {tile}"
    yield from _builds(g, f, reach=True)
    targets = _dig_targets(g, f)
    yield from _dig_builds(g, f, targets=targets)
    for hex_id in f.locations:
        kind = s.building[hex_id]
        for target, source in UPGRADE_FROM.items():
            if source == kind:
                yield f"upgrade {hex_id} to {target}"
    for track in CULTS:
        yield f"send p to {track}"
        yield f"send p to {track} for 1"
    yield "advance ship"
    yield "advance dig"
    retake = g.rules(f).may_retake_power_actions(f)
    for action in POWER_ACTIONS:
        if (action in s.blocked and not retake) or not g.rules(f).may_take_action(action):
            continue
        if action == "ACT1":
            for bridge in _bridges(g, f):
                yield f"action ACT1. {bridge}"
        elif action in ("ACT5", "ACT6"):
            yield f"action {action}"
            yield from _dig_builds(
                g,
                f,
                prefix=f"action {action}. ",
                free_spades=POWER_ACTIONS[action]["gain"]["SPADE"],
                targets=targets,
            )
        else:
            yield f"action {action}"
    yield from _special_actions(g, f)


def _special_actions(g: Game, f: FactionState) -> Iterator[str]:
    owned = []
    if f.bonus in ("BON1", "BON2"):
        owned.append(f.bonus)
    if "FAV6" in f.favors:
        owned.append("FAV6")
    owned += g.rules(f).special_actions(g.s, f)
    for action in owned:
        key = action if action.startswith("ACT") else f"{action}/{f.name}"
        if key not in g.s.blocked and g.rules(f).may_take_action(action):
            yield from _ACTION_ROWS.get(action, _plain_action)(g, f, action)


# How the rows of a special action are offered, by action (a faction's new action adds one).
ActionRows = Callable[[Game, FactionState, str], Iterator[str]]
_ACTION_ROWS: dict[str, ActionRows] = {}


def offers(*actions: str) -> Callable[[ActionRows], ActionRows]:
    def register(rows: ActionRows) -> ActionRows:
        for action in actions:
            _ACTION_ROWS[action] = rows
        return rows

    return register


def _plain_action(g: Game, f: FactionState, action: str) -> Iterator[str]:
    yield f"action {action}"


@offers("BON2", "FAV6")
def _cult_step(g: Game, f: FactionState, action: str) -> Iterator[str]:
    for track in CULTS:
        yield f"action {action}. +{track}"


@offers("ACTA")
def _two_cult_steps(g: Game, f: FactionState, action: str) -> Iterator[str]:
    for track in CULTS:
        yield f"action {action}. +2{track}"


@offers("BON1", "ACTG")
def _spade_action(g: Game, f: FactionState, action: str) -> Iterator[str]:
    yield f"action {action}"
    free = SPECIAL_ACTIONS[action]["gain"]["SPADE"]
    yield from _dig_builds(g, f, prefix=f"action {action}. ", free_spades=free)


@offers("ACTN")
def _sandstorm(g: Game, f: FactionState, action: str) -> Iterator[str]:
    target = home(g, f)
    for hex_id in _empty_land(g.s):
        terrain = g.s.terrain[hex_id]
        if (
            terrain in CYCLE_INDEX
            and terrain != target
            and any(hex_id in g.board.neighbours[loc] for loc in f.locations)
        ):
            yield f"action {action}. transform {hex_id} to {target}"
            yield f"action {action}. transform {hex_id} to {target}. build {hex_id}"


@offers("ACTW")
def _witches_ride(g: Game, f: FactionState, action: str) -> Iterator[str]:
    rules = g.rules(f)
    for hex_id in _empty_land(g.s):
        if rules.may_build_on(f, g.s.terrain[hex_id]):
            yield f"action {action}. build {hex_id}"


@offers("ACTS")
def _free_trading_house(g: Game, f: FactionState, action: str) -> Iterator[str]:
    for hex_id in f.locations:
        if g.s.building[hex_id] == "D":
            yield f"action {action}. upgrade {hex_id} to TP"


@offers("ACTE")
def _bridge_action(g: Game, f: FactionState, action: str) -> Iterator[str]:
    for bridge in _bridges(g, f):
        yield f"action {action}. {bridge}"


def _conversions(g: Game, f: FactionState) -> Iterator[str]:
    if f.p2 >= 2:
        yield "burn 1"
    if f.p2 >= 4:
        yield f"burn {f.p2 // 2}"
    if f.p3 >= 1:
        yield "convert 1PW to 1C"
    if f.p3 >= 3:
        yield "convert 3PW to 1W"
    if f.p3 >= 5:
        yield "convert 5PW to 1P"
    if f.p:
        yield "convert 1P to 1W"
    if f.w:
        yield "convert 1W to 1C"
    rates = g.rules(f).spec.exchange_rates
    if "VP" in rates and f.vp:
        yield "convert 1VP to 1C"
    if rates.get("C", {}).get("VP") == 2 and f.c >= 2:
        yield "convert 2C to 1VP"


def _river_towns(g: Game, f: FactionState) -> Iterator[str]:
    """Mermaids: river hexes between two of their buildings not yet in a town."""
    if not g.rules(f).river_towns:
        return
    for river in g.board.rivers:
        if river in g.s.river_towns:
            continue
        own = [
            h for h in g.board.neighbours[river] if g.s.owner.get(h) == f.name and h not in g.s.town
        ]
        if len(own) >= 2:
            yield f"connect {river}"
