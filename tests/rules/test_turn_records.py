"""A move's frame and the decision records: the shortcuts answer as the full checks.

``engine.apply_in_place`` asks ``phases.what_next`` after a command of the actions phase only
when the acting faction has passed or dropped out (``_in_play`` moves the game on only once
every faction has): at every player row of six corpus games, the row applied by the engine
leaves the same state and writes the same rows as the row applied with ``what_next`` asked
after every command. The turn's end asks ``detect_incomplete_turn`` only when something is
owed or a request is open: with each entitlement owed (none asked for yet, as a row can leave
it in live play), it ends the turn as the turn's end that always asks
(tests/rules/test_turn_end.py). ``require_subaction`` keeps the caller's follow-up dict and
calls ``decline_all`` only when an offer is open; ``start_full_move`` keeps empty containers;
``pending_offers``, ``dismiss_action``, ``next_phase`` and the seat walk answer as the
comprehensions and scans they replace.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from games.rules.terra_mystica import commands, offers, phases, turns
from games.rules.terra_mystica.auction import has_auction
from games.rules.terra_mystica.context import Game
from games.rules.terra_mystica.data import YUCATA_SACRIFICE
from games.rules.terra_mystica.engine import apply_in_place, drop_faction_in_place, new_game
from games.rules.terra_mystica.ledger import LedgerRow
from games.rules.terra_mystica.notation import Command, parsed_row
from games.rules.terra_mystica.replay import DROP, PLAYER, SETUP, row_kinds, setup_from_record
from games.rules.terra_mystica.state import GameState

from .conftest import CORPUS_GAMES, corpus_game, state_after_line
from .test_fire_and_ice_auction import auction_game
from .test_turn_end import _assert_same, _both_ends

# Six games of the corpus, spread over its files (player counts, maps, a dropped faction).
GAMES = [p.stem for p in CORPUS_GAMES[5::10]]


def _row_asking_what_next_always(g: Game, actor: str, parsed: Sequence[Command]) -> list[LedgerRow]:
    """A faction's row as ``apply_in_place`` carries it out (no sacrifice watch), with
    ``phases.what_next`` asked after every command."""
    ledger, f = g.ledger, g.s.factions[actor]
    ledger.reset()
    for i, cmd in enumerate(parsed):
        if ledger.collecting is not f:
            ledger.begin_row(f)
        commands.execute(g, f, cmd, f.seat)
        if ledger.collecting is not None and not f.dropped and cmd.verb not in ("drop", "resign"):
            ledger.commands.append(cmd.text)
        ended_here = ledger.force_finish
        if ended_here:
            turns.maybe_advance_to_next_player(g, f)
            ledger.finish_row()
        elif i == len(parsed) - 1:
            turns.maybe_advance_to_next_player(g, f)
        phases.what_next(g)
    if ledger.collecting is not None:
        ledger.finish_row()
    return ledger.rows


def _rows(rows: list[LedgerRow]) -> list[dict]:
    return [r.to_json() for r in rows]


@pytest.mark.parametrize("name", GAMES)
def test_what_next_skipped_only_where_it_does_nothing(name: str) -> None:
    game = corpus_game(name)
    ours = new_game(setup_from_record(game))
    assert YUCATA_SACRIFICE not in ours.setup.options
    theirs = ours.copy()
    g_ours, g_theirs = Game(ours), Game(theirs)
    seats = {faction: i + 1 for i, faction in enumerate(game["factions"])}
    rows = game["rows"]
    rounds_ended = 0
    for row, kind in zip(rows, row_kinds(rows), strict=True):
        if kind == PLAYER:
            parsed = parsed_row(row["player_command"], False)
            round_before = theirs.round
            got = apply_in_place(ours, row["faction"], parsed, game=g_ours)
            expected = _row_asking_what_next_always(g_theirs, row["faction"], parsed)
            assert _rows(got) == _rows(expected), row["line"]
            assert ours.to_json() == theirs.to_json(), row["line"]
            rounds_ended += theirs.round != round_before
        elif kind == SETUP:
            parsed = parsed_row(f"setup {row['faction']}", True)
            for state, g in ((ours, g_ours), (theirs, g_theirs)):
                apply_in_place(state, f"player{seats[row['faction']]}", parsed, game=g)
        elif kind == DROP:
            for state, g in ((ours, g_ours), (theirs, g_theirs)):
                drop_faction_in_place(state, row["dropped_faction"], game=g)
    assert ours.finished and theirs.finished
    # Rounds ended by a player's row (the last pass), where the shortcut must not hold.
    assert rounds_ended >= 4


def _states() -> list[GameState]:
    """Real positions: a third, two thirds and the end of three corpus games."""
    states = []
    for path in CORPUS_GAMES[::20]:
        rows = corpus_game(path.stem)["rows"]
        for k in (len(rows) // 3, 2 * len(rows) // 3, len(rows) - 1):
            states.append(state_after_line(path.stem, rows[k]["line"]))
    return states


@pytest.fixture(scope="module")
def states() -> list[GameState]:
    return _states()


def _with_offers(state: GameState) -> GameState:
    """``state`` with a power offer to every faction from the next one (a second one for the
    first faction), among the state's own records."""
    state = state.copy()
    names = state.order
    for k, name in enumerate(names + names[:1]):
        source = names[(k + 1) % len(names)]
        state.action_required.append(
            {
                "type": "leech",
                "faction": name,
                "from_faction": source,
                "amount": 1 + k % 3,
                "actual": 1,
                "leech_id": 90 + k,
            }
        )
    return state


def test_pending_offers_as_the_comprehension(states: list[GameState]) -> None:
    found = 0
    for state in states:
        state = _with_offers(state)
        g = Game(state)
        for f in state.factions.values():
            expected = [
                r for r in state.action_required if r["type"] == "leech" and r["faction"] == f.name
            ]
            got = offers.pending_offers(g, f)
            assert got == expected and all(a is b for a, b in zip(got, expected, strict=True))
            found += len(got)
    assert found > len(states) * 3


def test_dismiss_action_as_the_comprehension(states: list[GameState]) -> None:
    dismissed = 0
    for state in states:
        state = _with_offers(state)
        state.action_required.append({"type": "favor", "faction": state.order[0], "amount": 1})
        kinds = {r["type"] for r in state.action_required} | {None}
        for f in state.factions.values():
            for kind in kinds:
                before = state.action_required[:]
                expected = [
                    r
                    for r in before
                    if not (r.get("faction") == f.name and (kind is None or r["type"] == kind))
                ]
                g = Game(state.copy())
                old = g.s.action_required
                turns.dismiss_action(g, g.s.factions[f.name], kind)
                assert g.s.action_required == expected
                if expected != before:
                    # A new list; the old one is left as it was.
                    assert g.s.action_required is not old and old == before
                    dismissed += 1
    assert dismissed > len(states) * 4


@pytest.mark.parametrize("auction", [False, True], ids=["plain", "auction"])
def test_next_phase_as_the_table_read_in_order(auction: bool, states: list[GameState]) -> None:
    state = auction_game(["nomads", "witches", "giants"]) if auction else states[0]
    assert has_auction(state.setup) is auction
    g = Game(state)
    names = [p.name for p in phases.PHASES]
    for name in names[:-1]:
        expected = next(
            p.name for p in phases.PHASES[names.index(name) + 1 :] if p.applies(state.setup)
        )
        assert phases.next_phase(g, name) == expected
    with pytest.raises(ValueError, match="no phase follows play"):
        phases.next_phase(g, "play")


def test_seat_walk_as_the_seats_read_in_order(states: list[GameState]) -> None:
    for state in states:
        g = Game(state)
        for f in state.factions.values():
            order = state.order
            i = order.index(f.name)
            nxt = turns.next_faction_in_turn(g, f)
            later = [order[(i + step) % len(order)] for step in range(1, len(order) + 1)]
            in_round = [n for n in later if not state.factions[n].passed]
            in_round = [n for n in in_round if not state.factions[n].dropped]
            assert (nxt.name if nxt else None) == (
                None if state.finished or not in_round else in_round[0]
            )
        # A faction not in the seat order (left out of a rewritten order): the walk starts
        # at the first seat.
        state = state.copy()
        state.finished = False
        for f in state.factions.values():
            f.passed = f.dropped = False
        left_out = state.order.pop()
        nxt = turns.next_faction_in_turn(Game(state), state.factions[left_out])
        assert nxt is not None and nxt.name == state.order[0]


def _active_in_play() -> tuple[Game, str]:
    name = CORPUS_GAMES[0].stem
    rows = corpus_game(name)["rows"]
    state = state_after_line(name, rows[len(rows) // 2]["line"])
    assert state.phase == "play" and state.active
    return Game(state), state.active


def test_the_followup_becomes_the_factions_allowed_sub() -> None:
    g, active = _active_in_play()
    f = g.s.factions[active]
    f.allowed_actions, f.allowed_sub = 1, {}
    followup = {"transform": 1}
    turns.require_subaction(g, f, "build", followup)
    assert f.allowed_sub is followup and f.allowed_actions == 0
    second = {"build": 1}
    turns.require_subaction(g, f, "transform", second)
    assert f.allowed_sub is second


@pytest.mark.skipif(
    not turns.__file__.endswith(".py"), reason="the compiled module calls decline_all natively"
)
def test_an_action_calls_decline_all_only_with_an_offer_open(monkeypatch) -> None:
    g, active = _active_in_play()
    f = g.s.factions[active]
    g.s.action_required = [r for r in g.s.action_required if r["type"] != "leech"]
    calls: list[str] = []
    real = turns.decline_all

    def counted(g: Game, f) -> int:
        calls.append(f.name)
        return real(g, f)

    monkeypatch.setattr(turns, "decline_all", counted)
    f.allowed_actions, f.allowed_sub = 1, {}
    turns.require_subaction(g, f, "build", {})
    assert calls == []
    # With an offer open, taking the action declines it.
    other = next(n for n in g.s.order if n != active)
    g.s.factions[other].leech_not_rejected["77"] = 1
    offer = {
        "type": "leech",
        "faction": active,
        "from_faction": other,
        "amount": 2,
        "actual": 2,
        "leech_id": 77,
    }
    g.s.action_required.append(offer)
    f.allowed_actions, f.allowed_sub = 1, {}
    turns.require_subaction(g, f, "build", {})
    assert calls == [active] and offer not in g.s.action_required


def test_a_new_move_keeps_the_factions_empty_containers() -> None:
    g, active = _active_in_play()
    f = g.s.factions[active]
    empty_sub, empty_locations, empty_blocked = {}, [], []
    f.allowed_sub, f.allowed_build_locations, f.cult_blocked = (
        empty_sub,
        empty_locations,
        empty_blocked,
    )
    turns.start_full_move(g, f)
    assert f.allowed_sub is empty_sub
    assert f.allowed_build_locations is empty_locations and f.cult_blocked is empty_blocked
    # Ones that hold anything are replaced by new empty ones (the old ones left as they were).
    f.allowed_sub, f.allowed_build_locations, f.cult_blocked = {"build": 1}, ["E5"], ["FIRE"]
    old = (f.allowed_sub, f.allowed_build_locations, f.cult_blocked)
    turns.start_full_move(g, f)
    assert (f.allowed_sub, f.allowed_build_locations, f.cult_blocked) == ({}, [], [])
    assert old == ({"build": 1}, ["E5"], ["FIRE"])
    assert f.allowed_actions == 1 and g.s.active == active


# What the turn's end reads before it asks ``detect_incomplete_turn`` (besides the Merchants'
# state and the faction's open requests).
OWED_FIELDS = (
    "spade",
    "free_tf",
    "free_tp",
    "free_d",
    "cult_steps",
    "gain_favor",
    "gain_tw",
    "bridge",
    "cult_debt",
    "volcano_tf",
    "gain_p3_for_vp",
    "unlock_terrain",
    "convert_w_to_p",
)


@pytest.mark.parametrize("field", OWED_FIELDS)
def test_the_turns_end_asks_what_is_owed_for_every_entitlement(field: str) -> None:
    """The corpus's rows take what they are owed within the row: here the action ends
    with one thing owed and no request for it yet. The turn's end written out must ask
    ``detect_incomplete_turn``, as the turn's end through the functions does."""
    g, active = _active_in_play()
    state = g.s
    state.action_required = [r for r in state.action_required if r["type"] == "full"]
    f = state.factions[active]
    f.allowed_actions = 0
    setattr(f, field, 1)
    ours, g_ours, theirs, g_theirs = _both_ends(state, active)
    _assert_same(ours, g_ours, theirs, g_theirs)
    # Asked, the owed entitlement kept the turn or recorded a request.
    assert theirs.active == active or theirs.action_required != state.action_required
