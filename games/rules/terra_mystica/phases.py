"""Moving the game from phase to phase: the phase table, what runs next, a new round.

A game goes through the auction (with the option), the choice of factions, the initial
dwellings and bonus tiles, then per round the income phase and the actions phase, and the
final scoring after round 6 (turns.py keeps whose turn it is within a phase).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from ..core import RuleError
from . import auction, income, scoring
from .data import CYCLE_INDEX
from .expansion import merchants
from .factions import LOADED_RULES
from .turns import blocking_count, factions_in_turn_order, require_action, start_full_move

if TYPE_CHECKING:
    from .context import Game
    from .setup import GameSetup


@dataclass(frozen=True, slots=True)
class Phase:
    """One row of the phase table: its name, whether a game has it, and its handler.

    The handler runs while the game is in the phase; it waits (returns) while decisions
    block, or moves the game on by naming the next phase (usually ``next_phase``).
    """

    name: str
    handler: Callable[[Game], None]
    applies: Callable[[GameSetup], bool] = lambda setup: True


def what_next(g: Game) -> None:
    """Run the phase handlers in table order; a handler that moves the game on hands over
    to the following rows in the same call."""
    s = g.s
    if s.phase == "play":  # the common case, and the table's last row
        # _in_play's first test written out: this runs after every command of the actions
        # phase, and a decision is nearly always open (the active player's action).
        for r in s.action_required:
            if not r.get("optional"):
                return
        _in_play(g)
        return
    for phase in PHASES:
        if s.phase == phase.name:
            phase.handler(g)


def first_phase(setup: GameSetup) -> str:
    return next(p.name for p in PHASES if p.applies(setup))


def next_phase(g: Game, name: str) -> str:
    """The phase after ``name`` in the table that this game has."""
    setup = g.s.setup
    for phase in PHASES[_POSITION[name] + 1 :]:
        if phase.applies(setup):
            return phase.name
    raise ValueError(f"no phase follows {name}")  # the table's last row moves on by name


def _in_auction(g: Game) -> None:
    if auction.in_auction(g):
        g.s.phase = next_phase(g, auction.PHASE)


def _in_select_factions(g: Game) -> None:
    s = g.s
    chosen = len(s.factions)
    # Decisions that come with taking a faction (a colour, a favor tile) come first.
    owed = [r for r in s.action_required if r.get("faction")]
    if owed:
        s.action_required = owed
        return
    if chosen == s.setup.player_count:
        # Volcano factions choose their start colour once every faction is taken.
        for f in s.factions_in_order():
            if f.color not in CYCLE_INDEX:
                for step in LOADED_RULES[f.name].late_setup_steps:
                    s.action_required.append({"type": step, "faction": f.name})
        if s.action_required and any(r.get("faction") for r in s.action_required):
            s.action_required = [r for r in s.action_required if r.get("faction")]
            return
    if chosen < s.setup.player_count:
        seat = chosen + 1
        s.action_required = [{"type": "faction", "seat": seat, "player_index": f"player{seat}"}]
        return
    s.action_required = []
    s.phase = next_phase(g, "select-factions")


def _in_initial_dwellings(g: Game) -> None:
    s = g.s
    if not s.setup_order:
        return
    name, kind = s.setup_order[0]
    if kind == "bonus":
        s.phase = next_phase(g, "initial-dwellings")
        return
    if kind == "dock":
        if not merchants().ask_for_dock(g, s.factions[name]):
            s.setup_order.pop(0)  # no dwelling beside a river: the dock is placed later
            _in_initial_dwellings(g)
        return
    f = s.factions[name]
    s.action_required = [{"type": "dwelling", "faction": name}]
    f.allowed_sub = {"build": 1}


def _in_initial_bonus(g: Game) -> None:
    s = g.s
    if s.setup_order:
        name = s.setup_order[0][0]
        s.action_required = [{"type": "bonus", "faction": name}]
        s.factions[name].allowed_sub = {"pass": 1}
        return
    s.action_required = []
    g.ledger.finish_row()
    s.phase = next_phase(g, "initial-bonus")


def _in_income(g: Game) -> None:
    s = g.s
    if blocking_count(g):
        return
    mask = 1 if s.income_state == "cult" else 14
    if not any(f.income_taken & mask for f in s.factions.values()):
        income.income_phase(g, s.income_state)
    s.phase = next_phase(g, "income")


def _in_use_income_spades(g: Game) -> None:
    if blocking_count(g):
        return
    g.s.phase = next_phase(g, "use-income-spades")


def _in_income_done(g: Game) -> None:
    s = g.s
    if s.income_state == "cult":
        s.income_state = "other"
        s.phase = "income"
        what_next(g)
    else:
        g.ledger.finish_row()
        s.phase = next_phase(g, "income-done")
        start_round(g)


def _in_play(g: Game) -> None:
    s = g.s
    # is_blocked written out: this runs after every command of the actions phase.
    for r in s.action_required:
        if not r.get("optional"):
            return
    for f in s.factions.values():
        if not (f.passed or f.dropped):
            return
    if s.round == 6:
        scoring.finish_game(g)
    else:
        s.phase = "income"
        s.income_state = "cult"
        what_next(g)


def start_round(g: Game) -> None:
    s = g.s
    s.round += 1
    s.turn = 1
    for f in s.factions_in_order():
        if not f.income_taken:
            raise RuleError(f"round {s.round} income not taken for {f.name}")
        f.income_taken = 0
        f.passed = False
    s.blocked = []
    for tile, n in s.pool.items():
        if tile.startswith("BON") and n:
            s.bonus_coins[tile] = s.bonus_coins.get(tile, 0) + 1
    g.ledger.turn(s.round, s.turn)
    order = factions_in_turn_order(g)
    for i, f in enumerate(order):
        f.order = i
    for f in order:
        if f.dropped:
            continue
        require_action(g, f, {"type": "full"})
        start_full_move(g, f)
        s.full_turn_played = False
        break


# The phases in the order a game goes through them. The income phase runs twice per round
# (cult rewards, then income: ``income-done`` loops back once) and ``play`` returns to
# ``income`` until round 6 is over; everything else moves to the next row.
PHASES: tuple[Phase, ...] = (
    Phase(auction.PHASE, _in_auction, applies=auction.has_auction),
    Phase("select-factions", _in_select_factions),
    Phase("initial-dwellings", _in_initial_dwellings),
    Phase("initial-bonus", _in_initial_bonus),
    Phase("income", _in_income),
    Phase("use-income-spades", _in_use_income_spades),
    Phase("income-done", _in_income_done),
    Phase("play", _in_play),
)
# Each phase's row in the table, by name (``next_phase``).
_POSITION: Final = {phase.name: i for i, phase in enumerate(PHASES)}
