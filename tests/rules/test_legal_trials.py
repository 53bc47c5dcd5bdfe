"""Listing legal moves tries rows that share their first steps on one trial of those steps
(``legal.Trials``): the lists must be exactly those of trying every candidate row whole, in
the same order, and listing must leave the state as it was. Checked at the recorded game the
benchmark lists (rounds 3-4 of a 4-player league game) and, as a property, in random games of
every option family, Yucata's power sacrifice included (those games try every row whole).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from hypothesis import strategies as st

from games.rules.core import RuleError
from games.rules.terra_mystica import apply, new_game
from games.rules.terra_mystica.data import YUCATA_SACRIFICE
from games.rules.terra_mystica.engine import resolve_actor
from games.rules.terra_mystica.legal import (
    accepts,
    candidate_rows,
    continuations,
    lacks_power,
    legal_commands,
    middle_of_row,
    others_untouched,
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
    decided as the whole trial decides it, and leaves the other factions as they were where
    ``others_untouched`` says so; returns how many it decided, and how many of those it
    says left the others alone."""
    decided = untouched = 0
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
                if others_untouched(state, trial, actor, parsed):
                    assert _others(trial, actor) == _others(state, actor), (actor, row)
                    untouched += 1
    return decided, untouched


def _others(state: GameState, actor: str) -> dict:
    return {n: f.to_json() for n, f in state.factions.items() if n != actor}


def test_a_row_decided_before_its_turn_end_is_decided_as_with_it():
    """And where ``others_untouched`` says so, the other factions are as they were."""
    decided = untouched = 0
    for state in _benchmark_decisions():
        more, alone = check_turn_ends(state)
        decided, untouched = decided + more, untouched + alone
    assert decided > 2000, "too few rows decided here: the check proves little"
    assert untouched > 1000, "too few rows left the others alone: the check proves little"


@fuzz_games(12)
def test_random_games_decide_rows_before_their_turn_end_as_with_it(family, index, seed):
    for current in _every_third_state(family, index, seed):
        check_turn_ends(current)


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


def _every_third_state(family: str, index: int, seed: int) -> Iterator[GameState]:
    rng = random.Random(seed)
    for moves, current in enumerate(random_play(fuzz.make_game(family, index, seed).state, rng)):
        if moves % 3 == 0:
            yield current


def _benchmark_total(check: Callable[[GameState], int]) -> int:
    """``check`` at each of the benchmark's decisions, its counts summed."""
    return sum(check(state) for state in _benchmark_decisions())


def test_an_unpaid_dwelling_is_refused_by_its_trial_too():
    refused = _benchmark_total(check_unpaid_dwellings)
    assert refused > 100, "too few rows refused here: the check proves little"


@fuzz_games(12)
def test_random_games_refuse_unpaid_dwellings_as_their_trials_do(family, index, seed):
    for current in _every_third_state(family, index, seed):
        check_unpaid_dwellings(current)


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
    for current in _every_third_state(family, index, seed):
        check_step_classes(current)


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
