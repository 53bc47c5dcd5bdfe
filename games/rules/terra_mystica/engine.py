"""The rules engine's entry points: start a game, apply a move, ask who must act.

``apply`` never half-applies: it works on a copy of the state and either returns the new
state or raises ``RuleError`` (the input state is untouched either way).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ..core import RuleError
from . import auction, commands, phases, turns
from .context import Game
from .data import (
    CULTS,
    MERCHANTS,
    YUCATA_SACRIFICE,
    bonus_tiles,
    favor_tiles,
    in_game,
    natural_key,
    scoring_tiles,
)
from .expansion import merchants
from .ledger import Ledger, LedgerRow
from .notation import Command, parse_row, parsed_row
from .setup import GameSetup, available_town_tiles
from .state import FactionState, GameState

SEAT_ACTOR = re.compile(r"^player(\d+)$")
# What a player without a faction may write during the auction.
AUCTION_VERBS = frozenset({"bid", "pass", "setup"})
# Commands after which the faction's row takes no command text (it left the game).
_LEAVING = ("drop", "resign")


def new_game(setup: GameSetup) -> GameState:
    state, _ = new_game_logged(setup)
    return state


def new_game_logged(setup: GameSetup) -> tuple[GameState, list[LedgerRow]]:
    state = GameState(setup=setup, phase=phases.first_phase(setup))
    board = setup.board
    state.terrain = {h: t for h, t in board.terrain.items() if t != "river"}
    options = set(setup.options)
    for tile, spec in bonus_tiles().items():
        if in_game(spec, options) and tile not in setup.removed_bonus_tiles:
            state.pool[tile] = 1
            state.bonus_coins[tile] = 0
    for tile, spec in favor_tiles().items():
        if in_game(spec, options):
            state.pool[tile] = spec["copies"]
    for tile, copies in available_town_tiles(options).items():
        state.pool[tile] = copies
    if MERCHANTS in options:
        state.merchants = merchants().new_state(setup)
    state.cult_spaces = {track: [None, None, None, None] for track in CULTS}
    g = Game(state)
    for option in setup.options:
        g.ledger.add_comment(f"option {option}")
    for i, tile in enumerate(setup.scoring_tiles, start=1):
        g.ledger.add_comment(f"Round {i} scoring: {tile}, {scoring_tiles()[tile].text}")
    for tile in setup.removed_bonus_tiles:
        g.ledger.add_comment(f"Removing tile {tile}")
    for i, name in enumerate(setup.players, start=1):
        g.ledger.add_comment(f"Player {i}: {name}")
    for tile in setup.final_scoring_tiles:
        g.ledger.add_comment(f"Added final scoring tile: {tile}")
    phases.what_next(g)
    return state, g.ledger.rows


def apply(state: GameState, actor: str, command: str) -> GameState:
    """Apply one row of commands (``"burn 3. action ACT6. build D6"``) by ``actor``."""
    new_state, _ = apply_logged(state, actor, command)
    return new_state


def apply_logged(
    state: GameState, actor: str, command: str, *, answer_offers_first: bool = True
) -> tuple[GameState, list[LedgerRow]]:
    parsed = parse_row(command, answer_offers_first=answer_offers_first)
    if not parsed:
        raise RuleError("empty move: type a command, e.g. 'build E5' or 'pass BON3'")
    new_state = state.copy()
    rows = apply_in_place(new_state, actor, parsed)
    return new_state, rows


def apply_in_place(
    state: GameState,
    actor: str,
    parsed: Sequence[Command],
    *,
    end_of_input: bool = True,
    game: Game | None = None,
) -> list[LedgerRow]:
    """Apply parsed commands to ``state`` itself (callers that own the state, e.g. replays).

    ``end_of_input=False`` leaves the turn open after the last command, as it is while a
    player is still composing the row (what may follow is asked of that state). ``game``:
    a ``Game`` of ``state`` kept by a caller that applies row after row (``replay_game``),
    instead of a new one and its ledger for every row; its ledger starts the row empty.
    """
    if game is None:
        g = Game(state, Ledger(state))
        ledger = g.ledger
    else:
        g = game
        ledger = g.ledger
        ledger.reset()
    # The common case: a faction named as the engine spells it. A ``setup`` in its row is
    # refused when it comes (commands.execute), not by a scan of the row before.
    faction = state.factions.get(actor)
    if faction is None:
        faction = resolve_actor(state, actor, parsed)
        if faction is None:
            # A player without a faction yet (the auction, the choice of faction): no row
            # of theirs to collect, no turn of theirs to end.
            player_seat = seat_actor(actor)
            for cmd in parsed:
                commands.execute(g, None, cmd, player_seat)
                phases.what_next(g)
            if ledger.collecting is not None:
                ledger.finish_row()
            return ledger.rows
    seat = faction.seat
    # The index of the command that ends the player's input (none while it stays open).
    last = len(parsed) - 1 if end_of_input else -1
    watch = commands.SacrificeWatch(faction) if YUCATA_SACRIFICE in g.options else None
    # Each command carried out here, the ledger's row and the turn's end written out: this
    # loop runs for every command of every game.
    p3 = 0
    for i, cmd in enumerate(parsed):
        if watch is not None:  # bowl III before the command
            p3 = faction.p3
        if ledger.collecting is not faction:
            ledger.begin_row(faction)
        commands.execute(g, faction, cmd, seat)
        if ledger.collecting is not None and not faction.dropped and cmd.verb not in _LEAVING:
            ledger.commands.append(cmd.text)
        # True when the command also ended the faction's input (its row closed and the turn
        # passed on here), which asking again at the end of the input would only repeat.
        advanced = ledger.force_finish
        if advanced:
            turns.maybe_advance_to_next_player(g, faction)
            ledger.finish_row()
        if watch is not None:
            watch.after(cmd, p3)
            if i == last:
                watch.end_of_row()
        if i == last and not advanced:
            # The player's input ends here: close the row and pass the turn on if the
            # action is complete, before the game moves to its next phase.
            turns.maybe_advance_to_next_player(g, faction)
        # phases.what_next(g): in the actions phase it moves the game on only once every
        # faction has passed or dropped out (``_in_play``), so a faction still in the round
        # answers it without reading the decision records.
        if state.phase != "play" or faction.passed or faction.dropped:
            phases.what_next(g)
    if ledger.collecting is not None:
        ledger.finish_row()
    return ledger.rows


def drop_faction(state: GameState, faction: str) -> GameState:
    """The admin's drop move: the faction leaves the game and takes no more turns."""
    new_state, _ = drop_faction_logged(state, faction)
    return new_state


def drop_faction_logged(state: GameState, faction: str) -> tuple[GameState, list[LedgerRow]]:
    new_state = state.copy()
    return new_state, drop_faction_in_place(new_state, faction)


def drop_faction_in_place(
    state: GameState, faction: str, *, game: Game | None = None
) -> list[LedgerRow]:
    """``drop_faction`` on ``state`` itself (callers that own the state, e.g. replays);
    ``game`` as for ``apply_in_place``."""
    if faction not in state.factions:
        raise RuleError(f"{faction} are not in this game")
    if game is None:
        g = Game(state)
    else:
        g = game
        g.ledger.reset()
    commands.drop_faction(g, g.faction(faction))
    phases.what_next(g)
    return g.ledger.rows


def play_inputs(state: GameState, inputs: Iterable[tuple[str, str, str]]) -> GameState:
    """Replay recorded inputs on ``state`` itself: ``("move", actor, row)`` as the player
    typed it, or ``("drop", faction, "")`` for the administrator's drop."""
    g = Game(state)  # one for all the inputs, not one per row
    for kind, actor, text in inputs:
        if kind == "drop":
            drop_faction_in_place(state, actor, game=g)
        else:
            apply_in_place(state, actor, parsed_row(text, False), game=g)
    return state


def resolve_actor(state: GameState, actor: str, parsed: Sequence[Command]) -> FactionState | None:
    chosen = state.factions.get(actor)
    if chosen is not None:  # the common case: a faction named as the engine spells it
        for c in parsed:
            if c.verb == "setup":
                raise RuleError(f"{actor} have already chosen their faction")
        return chosen
    actor = actor.lower().strip()
    m = SEAT_ACTOR.match(actor)
    if m:
        seat = int(m.group(1))
        for f in state.factions.values():
            if f.seat == seat:
                if any(c.verb == "setup" for c in parsed):
                    raise RuleError(f"{f.name} have already chosen their faction")
                return f
        if not 1 <= seat <= state.setup.player_count:
            raise RuleError(f"there is no {actor} in a {state.setup.player_count}-player game")
        if state.phase == auction.PHASE:
            if any(c.verb not in AUCTION_VERBS for c in parsed):
                raise RuleError(
                    f"{actor} has no faction yet: bid, pass or take the faction won "
                    "('bid <n>', 'pass', 'setup <faction> position <n>')"
                )
            return None
        if any(c.verb != "setup" for c in parsed):
            raise RuleError(f"{actor} must first choose a faction ('setup <faction>')")
        expected = len(state.factions) + 1
        if seat != expected or state.phase != "select-factions":
            raise RuleError(f"it is player{expected}'s turn to choose a faction, not {actor}'s")
        return None
    chosen = state.factions.get(actor)
    if chosen is None:
        raise RuleError(f"{actor} are not in this game")
    if any(c.verb == "setup" for c in parsed):
        raise RuleError(f"{actor} have already chosen their faction")
    return chosen


def seat_actor(actor: str) -> int | None:
    m = SEAT_ACTOR.match(actor.lower().strip())
    return int(m.group(1)) if m else None


# --- questions the platform asks ------------------------------------------------------------


def actor_for_seat(state: GameState, seat: int) -> str:
    for f in state.factions.values():
        if f.seat == seat:
            return f.name
    return f"player{seat}"


def seat_of(state: GameState, actor: str) -> int | None:
    m = SEAT_ACTOR.match(actor)
    if m:
        return int(m.group(1))
    f = state.factions.get(actor)
    return f.seat if f else None


def is_finished(state: GameState) -> bool:
    return state.finished


def tiles_left(state: GameState, prefix: str) -> list[str]:
    return sorted(
        (t for t, n in state.pool.items() if t.startswith(prefix) for _ in range(n)),
        key=natural_key,
    )
