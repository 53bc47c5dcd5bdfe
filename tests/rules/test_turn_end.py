"""The turn's end written out answers as the functions it stands for, and the ledger's rows
keep their own commands and offers.

``turns.maybe_advance_to_next_player`` runs after every action: it asks
``detect_incomplete_turn`` only when something is owed or a request of the faction's is open,
and walks the seats and asks the next faction for its full action itself, without calling
``next_faction_in_turn`` and ``require_action``. At every player row of four corpus games (the
row's commands carried out, its input left open) the turn's end must leave the same state and
write the same rows as the turn's end through those functions (``detect_incomplete_turn``
asked every time), also when the next faction already has a full-action record
(tests/rules/test_turn_records.py: also with each entitlement owed). ``Ledger.begin_row`` keeps an empty
commands list and offers dict instead of making new ones: no row may share another's.
"""

from __future__ import annotations

import pytest

from games.rules.terra_mystica import turns
from games.rules.terra_mystica.context import Game
from games.rules.terra_mystica.engine import apply_in_place, drop_faction_in_place, new_game
from games.rules.terra_mystica.ledger import Ledger
from games.rules.terra_mystica.notation import parsed_row
from games.rules.terra_mystica.replay import DROP, PLAYER, SETUP, row_kinds, setup_from_record
from games.rules.terra_mystica.state import FactionState, GameState

from .conftest import CORPUS_GAMES, corpus_game, state_after_line

# Four games of the corpus, spread over its files (player counts, maps, a dropped faction).
GAMES = [p.stem for p in CORPUS_GAMES[::15]]


def _turn_end_through_functions(g: Game, f: FactionState) -> None:
    """The turn's end as it was written before, one function for each step."""
    incomplete = turns.detect_incomplete_turn(g, f)
    s = g.s
    if not s.round:
        return
    if not incomplete and s.active == f.name and not f.allowed_actions:
        turns.dismiss_action(g, f, "full")
        nxt = turns.next_faction_in_turn(g, f)
        if nxt is not None:
            turns.require_action(g, nxt, {"type": "full"})
            turns.start_full_move(g, nxt)
            if s.full_turn_played:
                s.full_turn_played = False
                s.turn += 1
            if f.order >= nxt.order:
                s.full_turn_played = True
            if s.turn != s.ledger_turn or s.round != s.ledger_round:
                g.ledger.turn(s.round, s.turn)
    if s.new_order:
        s.order = s.new_order
        s.new_order = []
    if g.ledger.collecting is not None:
        g.ledger.finish_row()


def _both_ends(state: GameState, name: str) -> tuple[GameState, Game, GameState, Game]:
    ours, theirs = state.copy(), state.copy()
    g_ours, g_theirs = Game(ours), Game(theirs)
    turns.maybe_advance_to_next_player(g_ours, g_ours.faction(name))
    _turn_end_through_functions(g_theirs, g_theirs.faction(name))
    return ours, g_ours, theirs, g_theirs


def _assert_same(ours: GameState, g_ours: Game, theirs: GameState, g_theirs: Game) -> None:
    assert ours.to_json() == theirs.to_json()
    assert [r.to_json() for r in g_ours.ledger.rows] == [r.to_json() for r in g_theirs.ledger.rows]


@pytest.mark.parametrize("name", GAMES)
def test_turn_end_written_out_as_the_functions(name: str) -> None:
    game = corpus_game(name)
    state = new_game(setup_from_record(game))
    g = Game(state)
    seats = {faction: i + 1 for i, faction in enumerate(game["factions"])}
    rows = game["rows"]
    passed_on = with_record = 0
    for row, kind in zip(rows, row_kinds(rows), strict=True):
        if kind == PLAYER:
            faction, parsed = row["faction"], parsed_row(row["player_command"], False)
            # The row's commands carried out, its input still open: the turn's end is next.
            open_row = state.copy()
            apply_in_place(open_row, faction, parsed, end_of_input=False)
            ours, g_ours, theirs, g_theirs = _both_ends(open_row, faction)
            _assert_same(ours, g_ours, theirs, g_theirs)
            if ours.active == open_row.active:
                apply_in_place(state, faction, parsed, game=g)
                continue
            passed_on += 1
            # The faction the turn passed to holding a full-action record already (asked
            # before): the record is kept as it is, not doubled.
            nxt = ours.active
            if passed_on % 4 == 0 and not any(
                r["type"] == "full" and r.get("faction") == nxt for r in open_row.action_required
            ):
                open_row.action_required.append({"type": "full", "faction": nxt, "asked": 1})
                ours, g_ours, theirs, g_theirs = _both_ends(open_row, faction)
                _assert_same(ours, g_ours, theirs, g_theirs)
                fulls = [
                    r
                    for r in ours.action_required
                    if r["type"] == "full" and r.get("faction") == nxt
                ]
                assert fulls == [{"type": "full", "faction": nxt, "asked": 1}]
                with_record += 1
            apply_in_place(state, faction, parsed, game=g)
        elif kind == SETUP:
            faction = row["faction"]
            apply_in_place(
                state, f"player{seats[faction]}", parsed_row(f"setup {faction}", True), game=g
            )
        elif kind == DROP:
            drop_faction_in_place(state, row["dropped_faction"], game=g)
    assert state.finished
    # The turn passed on at most player rows, and the record asked before was met.
    assert passed_on > 50
    assert with_record > 10


def _two_factions() -> tuple[Ledger, FactionState, FactionState]:
    name = CORPUS_GAMES[0].stem
    state = state_after_line(name, corpus_game(name)["rows"][-1]["line"])
    a, b = list(state.factions.values())[:2]
    return Ledger(state), a, b


def test_an_effect_row_inside_a_row_keeps_its_own_offers() -> None:
    ledger, a, b = _two_factions()
    ledger.begin_row(a)
    ledger.commands.append("build E5")
    ledger.add_effect_row(b, "cult effect", lambda: None)
    ledger.report_leech(b.name, 2)  # offered by a's row, after the effect row was written
    ledger.finish_row()
    effect_row, row = ledger.rows
    assert (effect_row.faction, effect_row.command, effect_row.leech) == (b.name, "cult effect", {})
    assert (row.faction, row.command, row.leech) == (a.name, "build E5", {b.name: 2})


def test_each_row_starts_without_the_last_rows_commands_and_offers() -> None:
    ledger, a, b = _two_factions()
    ledger.report_leech(b.name, 1)  # no row collecting: no row's offer
    ledger.begin_row(a)
    ledger.commands.append("upgrade E5 to TP")
    ledger.report_leech(b.name, 3)
    ledger.begin_row(b)  # closes a's row
    ledger.commands.append("leech 3 from " + a.name)
    ledger.finish_row()
    first, second = ledger.rows
    assert (first.command, first.leech) == ("upgrade E5 to TP", {b.name: 3})
    assert (second.command, second.leech) == ("leech 3 from " + a.name, {})
    assert first.leech is not second.leech
