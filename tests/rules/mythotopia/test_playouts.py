"""Property tests: random legal playouts of 2, 3 and 4 players to the end of the game, with the
invariants after every action and every listed legal command accepted at sampled states.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules import mythotopia
from games.rules.core import RuleError

from .playouts import check_invariants, random_step

# Fixed seeds: 204 whole games. Random play can stall, since no rule ends a game before four
# VP cards are empty: in the two-player game of seed 12 the leader can take no further token
# (no village, city or road left) and the other never catches up within 8000 actions; the
# two-player game of seed 59 stalls too (found when Merchant and Water Mill payments joined
# the candidates). Those seeds are left out; the seeds are fixed rather than drawn afresh.
STALLED = {(2, 12), (2, 59)}
SEEDS = [
    (players, seed) for players in (2, 3, 4) for seed in range(69) if (players, seed) not in STALLED
][:204]
EARLY_ACTIONS = 25
MAX_ACTIONS = 8000
LEGAL_CHECK_EVERY = 40


def playout(players: int, seed: int, options: tuple[str, ...] = ()) -> dict:
    rng = random.Random(seed)
    state = mythotopia.new_state(
        mythotopia.make_setup([f"p{i}" for i in range(players)], str(seed), list(options))
    )
    check_invariants(state)
    for step in range(MAX_ACTIONS):
        if state["finished"]:
            break
        if step % LEGAL_CHECK_EVERY == 0:
            seat = state["turn"]["seat"]
            legal = mythotopia.legal_commands(state, seat)
            # Only a pending choice (Philosopher, setup choices) keeps a player from passing.
            assert "pass" in legal or all(
                c.split()[0] in ("take", "citadel", "return") for c in legal
            )
            for command in legal:
                after, rows = mythotopia.apply(state, state["colours"][seat - 1], command)
                check_invariants(after)
                assert rows[0]["command"] == command
            for other in range(1, players + 1):
                if other != seat:
                    assert mythotopia.legal_commands(state, other) == []
        state, _ = random_step(state, rng)
        check_invariants(state)
    assert state["finished"], f"no end after {MAX_ACTIONS} actions"
    winner = state["winner"]
    assert all(
        mythotopia.vp(state, winner) > mythotopia.vp(state, s)
        for s in range(1, players + 1)
        if s != winner
    )
    assert sum(1 for tokens in state["vp_cards"].values() if not tokens) >= 4
    assert json.loads(json.dumps(state)) == state
    return state


def refused_after_the_end(state: dict) -> None:
    try:
        mythotopia.apply(state, state["colours"][0], "pass")
    except RuleError as exc:
        assert "over" in str(exc)
    else:
        raise AssertionError("a finished game accepted a command")


@pytest.mark.parametrize(("players", "seed"), SEEDS)
def test_random_playouts_end_with_the_invariants_kept(players, seed):
    refused_after_the_end(playout(players, seed))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_every_listed_command_is_accepted_early_in_any_game(players, seed):
    """Any seed: the first actions of a random game, every legal command tried at each."""
    rng = random.Random(seed)
    state = mythotopia.new_state(
        mythotopia.make_setup([f"p{i}" for i in range(players)], str(seed), [])
    )
    for _ in range(EARLY_ACTIONS):
        seat = state["turn"]["seat"]
        for command in mythotopia.legal_commands(state, seat):
            after, _ = mythotopia.apply(state, state["colours"][seat - 1], command)
            check_invariants(after)
        state, _ = random_step(state, rng)
        check_invariants(state)


def test_a_replay_of_the_same_commands_is_deterministic():
    rng = random.Random(5)
    state = mythotopia.new_state(mythotopia.make_setup(["a", "b", "c"], "replay", []))
    log = []
    for _ in range(150):
        actor = state["colours"][state["turn"]["seat"] - 1]
        state, command = random_step(state, rng)
        log.append((actor, command))
    again = mythotopia.new_state(mythotopia.make_setup(["a", "b", "c"], "replay", []))
    for actor, command in log:
        again, _ = mythotopia.apply(again, actor, command)
    assert again == state


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (3, 2), (4, 1), (4, 2)])
def test_random_playouts_with_the_start_choice_keep_the_invariants(players, seed):
    refused_after_the_end(playout(players, seed, ("start-choice",)))
