"""Listing legal moves tries rows that share their first steps on one trial of those steps
(``legal.Trials``): the lists must be exactly those of trying every candidate row whole, in
the same order, and listing must leave the state as it was. Checked at the recorded game the
benchmark lists (rounds 3-4 of a 4-player league game) and, as a property, in random games of
every option family, Yucata's power sacrifice included (those games try every row whole).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from hypothesis import example
from hypothesis import strategies as st

from games.rules.core import RuleError
from games.rules.terra_mystica import apply, new_game
from games.rules.terra_mystica.data import YUCATA_SACRIFICE
from games.rules.terra_mystica.engine import resolve_actor
from games.rules.terra_mystica.legal import (
    Trials,
    accepts,
    candidate_rows,
    continuations,
    lacks_power,
    legal_commands,
    middle_of_row,
    step_class,
    tried_to_turn_end,
    unpaid_dwelling,
)
from games.rules.terra_mystica.notation import parse_row
from games.rules.terra_mystica.replay import replay_game
from games.rules.terra_mystica.setup import random_setup
from games.rules.terra_mystica.state import GameState
from games.rules.terra_mystica.views import waiting_for

from . import fuzz
from .conftest import corpus_game, fuzz_games, random_play


def one_by_one(state: GameState, actor: str) -> list[str]:
    """The legal rows by definition: every candidate tried whole on a copy of the state."""
    return [
        row
        for row in candidate_rows(state, actor)
        if not lacks_power(state, actor, row) and accepts(state, actor, row)
    ]


def continuations_one_by_one(state: GameState, actor: str, row: str) -> list[str]:
    middle = middle_of_row(state, actor, row)
    if middle is None or actor.startswith("player"):
        return []
    return [c for c in candidate_rows(middle, actor) if accepts(state, actor, f"{row}. {c}")]


def check_listing(state: GameState, rng: random.Random) -> int:
    """Every waiting actor's list (and a few rows' continuations) as by definition; returns
    how many rows were compared."""
    compared = 0
    for actor in sorted({d.actor for d in waiting_for(state)}):
        before = state.to_json()
        listed = legal_commands(state, actor)
        assert listed == one_by_one(state, actor), actor
        for row in rng.sample(listed, min(2, len(listed))):
            if "." not in row:
                got = continuations(state, actor, row)
                assert got == continuations_one_by_one(state, actor, row), (actor, row)
        assert state.to_json() == before, "listing changed the state"
        compared += len(listed)
    return compared


def test_the_benchmarks_decisions_list_as_by_definition():
    game = corpus_game("4pLeague_S1_D1L1_G3")
    moves = [r for r in game["rows"] if r["kind"] != "comment" and r["origin"] != "engine"]
    state = replay_game(
        dict(game, rows=game["rows"][: game["rows"].index(moves[100])]), check=False
    )
    current = state.state
    rng = random.Random(0)
    compared = 0
    for row in moves[100:200]:
        current = apply(current, row["faction"], row["player_command"])
        compared += check_listing(current, rng)
    assert compared > 2000


def _random_game(family: str, index: int, seed: int, sacrifice: bool) -> GameState:
    game = fuzz.make_game(family, index, seed)
    if not sacrifice:
        return game.state
    spec = game.spec
    players = [f"p{n}" for n in range(1, spec.players + 1)]
    options = (*spec.options, YUCATA_SACRIFICE)
    return new_game(random_setup(game.seed, spec.players, options, players, spec.map_id))


@fuzz_games(12, sacrifice=st.booleans())
def test_random_games_list_as_by_definition(family, index, seed, sacrifice):
    state = _random_game(family, index, seed, sacrifice)
    rng = random.Random(seed)
    moves = 0
    for moves, current in enumerate(random_play(state, rng)):
        if moves % 4 == 0:
            check_listing(current, rng)
    assert moves > 20


def check_unpaid_dwellings(state: GameState) -> int:
    """Every candidate row ending in a dwelling that ``unpaid_dwelling`` refuses without a
    trial is refused by the trial too; returns how many it refused."""
    refused = 0
    for actor in sorted({d.actor for d in waiting_for(state)}):
        for row in candidate_rows(state, actor):
            *first, last = row.rsplit(". ", 1)
            before = middle_of_row(state, actor, first[0]) if first else state
            if before is None or not unpaid_dwelling(before, actor, parse_row(last)[-1]):
                continue
            assert not accepts(state, actor, row), (actor, row)
            refused += 1
    return refused


def check_turn_ends(state: GameState) -> tuple[int, int]:
    """Every candidate row that ``tried_to_turn_end`` decides without the turn's end is
    decided as the whole trial decides it, and a listing's scratch state is set back whole
    after it (every faction as it was, the other factions included); returns how many rows
    it decided, and how many of those wrote a faction other than the actor's."""
    decided = others_written = 0
    for actor in sorted({d.actor for d in waiting_for(state)}):
        for row in candidate_rows(state, actor):
            if lacks_power(state, actor, row):
                continue
            trial = state.copy()
            try:
                parsed = parse_row(row)
                resolve_actor(trial, actor, parsed)
            except RuleError:
                continue
            verdict = tried_to_turn_end(trial, actor, parsed)
            if verdict is not None:
                assert verdict == accepts(state, actor, row), (actor, row)
                decided += 1
                others_written += _others(trial, actor) != _others(state, actor)
                assert _set_back(state, actor, row) in (None, state.to_json()), (actor, row)
    return decided, others_written


def _others(state: GameState, actor: str) -> dict:
    return {n: f.to_json() for n, f in state.factions.items() if n != actor}


def _set_back(state: GameState, actor: str, row: str) -> dict | None:
    """The scratch state a listing tried ``row`` on, as the listing sets it back before its
    next trial (None: the listing refused the row without a trial)."""
    trials = Trials(state, actor, [row])
    trials.accepts(row)
    return None if trials.whole is None else trials.whole.take(last=False).to_json()


def test_a_row_decided_before_its_turn_end_is_decided_as_with_it():
    """And the listing's scratch state is set back whole after it."""
    decided = others_written = 0
    for state in _benchmark_decisions():
        more, written = check_turn_ends(state)
        decided, others_written = decided + more, others_written + written
    assert decided > 2000, "too few rows decided here: the check proves little"
    assert others_written > 1000, "too few rows wrote another faction: the check proves little"


@fuzz_games(12)
@example(family="fire-and-ice", index=6, seed=162)
def test_random_games_decide_rows_before_their_turn_end_as_with_it(family, index, seed):
    _check_every_third_state(check_turn_ends, family, index, seed)


def _round_started_by_a_transformation() -> GameState:
    """A Fire & Ice game of the Swarmlings and the Engineers in round 4, where the
    Swarmlings have one income spade left to use (phase ``use-income-spades``)."""
    rng = random.Random(162)
    game = random_play(fuzz.make_game("fire-and-ice", 6, 162).state, rng)
    return next(state for moves, state in enumerate(game) if moves == 69)


def test_a_row_that_starts_the_actions_phase_sets_every_faction_back():
    """Using the last income spade ends the phase: every faction takes its income and the
    round's actions start, so the Swarmlings' transformation writes the Engineers too. It is
    decided before its turn's end like a row of the actions phase, and the listing's scratch
    state must then be set back whole, not only the Swarmlings (as it was once: the Engineers
    kept their income, their pass undone and their place in the turn order, for every later
    trial of the listing)."""
    state = _round_started_by_a_transformation()
    assert state.phase == "use-income-spades"
    row = "transform A5 to brown"
    trial = state.copy()
    parsed = parse_row(row)
    resolve_actor(trial, "swarmlings", parsed)
    assert tried_to_turn_end(trial, "swarmlings", parsed) is True
    engineers, before = trial.factions["engineers"], state.factions["engineers"]
    assert (engineers.c, engineers.passed) == (before.c + 4, False), "no income: not this case"
    assert row in legal_commands(state, "swarmlings")
    assert _set_back(state, "swarmlings", row) == state.to_json()


def _benchmark_moves() -> list[dict]:
    game = corpus_game("4pLeague_S1_D1L1_G3")
    moves = [r for r in game["rows"] if r["kind"] != "comment" and r["origin"] != "engine"]
    return moves[100:200]


def _benchmark_state() -> GameState:
    game = corpus_game("4pLeague_S1_D1L1_G3")
    first = _benchmark_moves()[0]
    return replay_game(
        dict(game, rows=game["rows"][: game["rows"].index(first)]), check=False
    ).state


def _benchmark_decisions() -> Iterator[GameState]:
    """The state after each of the benchmark's moves 100-200."""
    state = _benchmark_state()
    for row in _benchmark_moves():
        state = apply(state, row["faction"], row["player_command"])
        yield state


def _check_every_third_state(
    check: Callable[[GameState], object], family: str, index: int, seed: int
) -> None:
    """``check`` at every third state of a random game played from ``fuzz.make_game``."""
    rng = random.Random(seed)
    for moves, current in enumerate(random_play(fuzz.make_game(family, index, seed).state, rng)):
        if moves % 3 == 0:
            check(current)


def _benchmark_total(check: Callable[[GameState], int]) -> int:
    """``check`` at each of the benchmark's decisions, its counts summed."""
    return sum(check(state) for state in _benchmark_decisions())


def test_an_unpaid_dwelling_is_refused_by_its_trial_too():
    refused = _benchmark_total(check_unpaid_dwellings)
    assert refused > 100, "too few rows refused here: the check proves little"


@fuzz_games(12)
def test_random_games_refuse_unpaid_dwellings_as_their_trials_do(family, index, seed):
    _check_every_third_state(check_unpaid_dwellings, family, index, seed)


def check_step_classes(state: GameState) -> int:
    """Every candidate row whose last step ``step_class`` classes is decided by
    ``tried_to_turn_end`` as every other row of its class (and as its whole trial, where
    decided); returns how many rows a class's first trial decided for them."""
    shared = 0
    for actor in sorted({d.actor for d in waiting_for(state)}):
        verdicts: dict[tuple, bool | None] = {}
        for row in candidate_rows(state, actor):
            if lacks_power(state, actor, row):
                continue
            *first, last = row.rsplit(". ", 1)
            before = middle_of_row(state, actor, first[0]) if first else state
            if before is None:
                continue
            step = parse_row(last)[-1]
            kind = step_class(before, actor, ". ".join(first), step)
            if kind is None:
                continue
            verdict = tried_to_turn_end(before.copy(), actor, [step])
            if verdict is not None:
                assert verdict == accepts(state, actor, row), (actor, row)
            if kind in verdicts:
                assert verdicts[kind] == verdict, (actor, row, kind)
                shared += verdict is not None
            verdicts[kind] = verdict
    return shared


def test_a_transformation_or_dwelling_is_decided_as_the_others_of_its_class():
    shared = _benchmark_total(check_step_classes)
    assert shared > 600, "too few rows decided by another's trial: the check proves little"


@fuzz_games(12)
def test_random_games_decide_steps_of_one_class_alike(family, index, seed):
    _check_every_third_state(check_step_classes, family, index, seed)


_LISTING = """
import random, sys
from games.rules.terra_mystica import apply
from games.rules.terra_mystica.legal import legal_commands
from games.rules.terra_mystica.views import waiting_for
from tests.rules import fuzz
for index in range(int(sys.argv[1])):
    state = fuzz.make_game("base", index, 5).state
    rng = random.Random(index)
    while not state.finished:
        actor = sorted({d.actor for d in waiting_for(state)})[0]
        listed = legal_commands(state, actor)
        print(actor, listed)
        state = apply(state, actor, rng.choice(listed))
"""


def test_the_lists_are_in_the_same_order_in_every_process():
    """A bot's seeded choice, a player's list and a replay of a bot's game must not depend on
    the interpreter's hash seed (the order of a set): two processes, two seeds, one list."""
    import os
    import subprocess
    import sys

    outputs = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        run = subprocess.run(
            [sys.executable, "-c", _LISTING, "3"],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        outputs.append(run.stdout)
    assert "ACT1. bridge" in outputs[0], "no bridge row in these lists: the check proves nothing"
    assert outputs[0] == outputs[1]
